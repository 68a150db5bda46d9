import { describe, expect, it } from 'vitest';
import { OPEN_ACCESS, SITE_REFUSAL_REASONS, type PlayerAccess } from '../../contract/player-access';
import { EMBED_TEXTS } from './embed-builder-texts';
import { ownHostsOf, testSite } from './site-tester';

const SITES: PlayerAccess = { embed: 'sites', sites: ['school.example', '*.lessons.example'], signed: false, allow_no_referrer: true };
const OWN = ownHostsOf('https://play.example/player/', 'http://localhost:8560/admin');

describe("the embed builder's tester", () => {
  it('answers for a pasted page URL or host name, as the server would', () => {
    expect(testSite(SITES, OWN, 'https://School.example/course/1?x=1')).toEqual({ kind: 'plays', host: 'school.example', signed: false });
    expect(testSite(SITES, OWN, 'a.lessons.example')).toEqual({ kind: 'plays', host: 'a.lessons.example', signed: false });
    expect(testSite(SITES, OWN, 'https://elsewhere.example/')).toEqual({
      kind: 'refused',
      host: 'elsewhere.example',
      refusal: 'not_listed',
    });
    // *.lessons.example names its subdomains, not itself (as on the server).
    expect(testSite(SITES, OWN, 'lessons.example')).toMatchObject({ kind: 'refused', refusal: 'not_listed' });
    expect(testSite({ ...SITES, embed: 'nowhere' }, OWN, 'school.example')).toMatchObject({ kind: 'refused', refusal: 'no_embedding' });
    expect(testSite({ ...OPEN_ACCESS, signed: true }, OWN, 'any.example')).toEqual({ kind: 'plays', host: 'any.example', signed: true });
  });

  it("always plays on the service's own pages, and says when the text names no page", () => {
    expect(testSite({ ...SITES, embed: 'nowhere' }, OWN, 'https://play.example/x')).toEqual({ kind: 'own', host: 'play.example' });
    expect(testSite(SITES, OWN, 'localhost')).toEqual({ kind: 'own', host: 'localhost' });
    for (const text of ['', '   ', 'https://', 'not a host']) expect(testSite(SITES, OWN, text).kind, text).toBe('invalid');
  });

  it("gives the contract's reasons, word for word in English", () => {
    for (const [refusal, reason] of Object.entries(SITE_REFUSAL_REASONS))
      expect(EMBED_TEXTS.en[`because_${refusal}` as keyof typeof EMBED_TEXTS.en]).toBe(reason);
  });
});
