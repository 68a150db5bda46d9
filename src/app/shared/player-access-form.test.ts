import { describe, expect, it } from 'vitest';
import { OPEN_ACCESS, playerAccessProblem, type PlayerAccess } from '../../contract/player-access';
import { accessChanged, accessOf, parseSites, sitesProblem, toAccessForm, type AccessForm } from './player-access-form';
import { ACCESS_TEXTS } from './player-access-texts';

const SITES: PlayerAccess = { embed: 'sites', sites: ['school.example', '*.school.example'], signed: true, allow_no_referrer: false };
const form = (changes: Partial<AccessForm> = {}): AccessForm => ({ ...toAccessForm(SITES, null), ...changes });

/** The card's English message of a problem, filled as the card fills it. */
const english = (problem: NonNullable<ReturnType<typeof sitesProblem>>): string =>
  Object.entries(problem).reduce((text, [name, value]) => text.replace(`{${name}}`, String(value)), ACCESS_TEXTS.en[problem.key] as string);

describe('the editor\'s "Where it may play"', () => {
  it("shows the file's own setting, else follows the account's default (saved as null)", () => {
    expect(form()).toEqual({
      useDefault: false,
      embed: 'sites',
      sites: 'school.example\n*.school.example',
      signed: true,
      allowNoReferrer: false,
    });
    expect(accessOf(form())).toEqual(SITES);
    const following = toAccessForm(null, { ...OPEN_ACCESS, signed: true });
    expect(following).toMatchObject({ useDefault: true, embed: 'anywhere', signed: true });
    expect(accessOf(following)).toBeNull();
    expect(toAccessForm(undefined, undefined)).toMatchObject({ useDefault: true, embed: 'anywhere', signed: false, allowNoReferrer: true });
  });

  it('reads the list as typed: lines, commas or spaces, lower case, each host once', () => {
    expect(parseSites(' School.Example,\n\n*.cdn.example  school.example\r\nb.example ')).toEqual([
      'school.example',
      '*.cdn.example',
      'b.example',
    ]);
  });

  it("refuses what the server refuses, in the contract's words", () => {
    const cases: AccessForm[] = [
      form({ sites: Array.from({ length: 51 }, (_, i) => `s${i}.example`).join('\n') }),
      form({ sites: 'https://school.example/page' }),
      form({ sites: 'good.example, bad_host.example' }),
      form({ sites: '' }),
      form({ embed: 'anywhere', sites: 'a..example' }),
    ];
    for (const typed of cases) {
      const problem = sitesProblem(typed);
      expect(problem, typed.sites).not.toBeNull();
      expect(english(problem!)).toBe(playerAccessProblem(accessOf(typed)!));
    }
    for (const fine of [form(), form({ embed: 'nowhere', sites: '' }), form({ useDefault: true, sites: 'not a host' })]) {
      expect(sitesProblem(fine)).toBeNull();
      const access = accessOf(fine);
      if (access) expect(playerAccessProblem(access)).toBeNull();
    }
  });

  it('is changed only when it would save something else', () => {
    expect(accessChanged(form({ sites: 'School.example\n*.school.example\nschool.example' }), form())).toBe(false);
    expect(accessChanged(form({ signed: false }), form())).toBe(true);
    expect(accessChanged(form({ useDefault: true }), form())).toBe(true);
  });
});
