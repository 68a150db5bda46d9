import { describe, expect, it } from 'vitest';
import { englishCatalogue } from './messages';
import { FILES_TEXTS } from '../app/files/texts';
import { resolveLanguage } from '../app/i18n/load';
import { ENGLISH, translator, type I18n, type Message } from '../app/i18n/texts';
import vi from '../app/i18n/locale-vi';

const placeholders = (message: Message) =>
  new Set(
    (typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])),
  );

describe('the catalogues', () => {
  const english = englishCatalogue();

  it('Vietnamese has every English key, and no other', () => {
    const missing = Object.keys(english).filter((key) => !(key in vi.catalogue));
    const unknown = Object.keys(vi.catalogue).filter((key) => !(key in english));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('fills the same placeholders in both languages', () => {
    const differing = Object.entries(english)
      .filter(([key, message]) => {
        const translated = vi.catalogue[key];
        return !translated || [...placeholders(message)].sort().join() !== [...placeholders(translated)].sort().join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('keeps no English text in the Vietnamese catalogue, beyond names and codes', () => {
    const words = (message: string) => message.replace(/\{\w+\}|VP Admin/g, '');
    const same = Object.entries(english)
      .filter(([key, message]) => typeof message === 'string' && message === vi.catalogue[key] && /[a-z]{3}/.test(words(message)))
      .map(([key]) => key);
    // 'Slug' is the field's name in both languages; 'https://' is the scheme the URL field expects.
    expect(same.sort()).toEqual(['activity.fieldSlug', 'addVideo.slugLabel', 'addVideo.urlPlaceholder', 'editor.slug']);
  });

  it('carries the DataGrid and MUI texts of viVN', () => {
    expect(vi.grid).toMatchObject({ noRowsLabel: 'Không có dữ liệu' });
    expect(JSON.stringify(vi.theme)).toContain('Đóng');
  });
});

describe('translator', () => {
  const inVietnamese: I18n = { language: 'vi', locale: 'vi-VN', messages: vi.catalogue, grid: vi.grid };

  it("picks plural forms with Intl.PluralRules and writes numbers the locale's way", () => {
    expect(translator(FILES_TEXTS, ENGLISH).t('filesActivated', { count: 1 })).toBe('1 file activated');
    expect(translator(FILES_TEXTS, ENGLISH).t('filesActivated', { count: 1200 })).toBe('1,200 files activated');
    expect(translator(FILES_TEXTS, inVietnamese).t('filesActivated', { count: 1200 })).toBe('đã kích hoạt 1.200 tệp');
  });

  it("lets the host's messages replace any key, the rest staying in the language", () => {
    const i18n: I18n = { ...inVietnamese, messages: { ...vi.catalogue, 'files.empty': 'Chưa có gì.' } };
    const { t } = translator(FILES_TEXTS, i18n);
    expect([t('empty'), t('filters')]).toEqual(['Chưa có gì.', 'Bộ lọc']);
  });

  it('falls back to English for a key a catalogue lacks', () => {
    expect(translator(FILES_TEXTS, { ...ENGLISH, language: 'vi', messages: {} }).t('filters')).toBe('Filters');
  });
});

describe('resolveLanguage', () => {
  it('takes the catalogue by the language, Intl by the whole tag', () => {
    expect(resolveLanguage('vi-VN', false)).toEqual({ language: 'vi', locale: 'vi-VN' });
    expect(resolveLanguage('VI', false)).toEqual({ language: 'vi', locale: 'vi' });
    expect(resolveLanguage('en-GB', false)).toEqual({ language: 'en', locale: 'en-GB' });
  });

  it('shows English, dates included, for a language without a catalogue, unless the host brings texts', () => {
    expect(resolveLanguage('fr', false)).toEqual({ language: 'en', locale: 'en' });
    expect(resolveLanguage('fr', true)).toEqual({ language: 'en', locale: 'fr' });
    expect(resolveLanguage('not a tag!', false)).toEqual({ language: 'en', locale: 'en' });
    expect(resolveLanguage(undefined, false)).toEqual({ language: 'en', locale: 'en' });
  });
});
