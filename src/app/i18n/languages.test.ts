import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/subtitles';
import { languageLabel, languageOptions } from './languages';

describe('languageLabel', () => {
  it('gives every code of the contract a native label, not the code itself (Node full ICU)', () => {
    const raw = LANGUAGE_CODES.filter((code) => languageLabel(code) === code);
    expect(raw).toEqual([]);
  });

  it.each([
    ['en', 'English'],
    ['fr', 'français'],
    ['ja', '日本語'],
    ['pt-br', 'português (Brasil)'],
    ['de', 'Deutsch'],
    ['ru', 'русский'],
  ])('%s → %s', (code, label) => {
    expect(languageLabel(code)).toBe(label);
  });

  it('names the regional variants in their own language', () => {
    expect(languageLabel('zh-tw')).toMatch(/^中文（(台灣|臺灣)）$/);
    expect(languageLabel('es-419')).toBe('español latinoamericano');
    expect(languageLabel('ar-eg')).toContain('مصر');
    expect(languageLabel('zh-cn')).not.toBe(languageLabel('zh-tw'));
  });

  it('shows a code outside the contract raw, even one Intl would dress up', () => {
    expect(languageLabel('xx-yy')).toBe('xx-yy');
    expect(languageLabel('')).toBe('');
    expect(languageLabel('EN')).toBe('EN');
  });
});

describe('languageOptions', () => {
  it('lists every code once, in contract order, memoised', () => {
    const options = languageOptions();
    expect(options.map((option) => option.code)).toEqual([...LANGUAGE_CODES]);
    expect(options[0]).toEqual({ code: 'en', label: 'English' });
    expect(languageOptions()).toBe(options);
  });
});
