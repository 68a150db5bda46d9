import { describe, expect, it } from 'vitest';
import { SUBTITLE_MAX_BYTES } from '../../../contract/subtitles';
import { SUBTITLE_TEXTS } from '../texts';
import { UPLOAD_MESSAGES, validateSubtitleEdit, validateUpload } from './upload-validation';

const file = (name: string, size = 100): { name: string; size: number } => ({ name, size });

describe('validateUpload', () => {
  it('accepts a subtitle file with a language', () => {
    expect(validateUpload({ file: file('movie.srt'), language: 'en' })).toBeNull();
  });

  it.each(['a.srt', 'a.vtt', 'a.ass', 'a.ssa', 'a.sub', 'A.SRT', 'b.Vtt', 'my.film.en.srt'])('accepts %s', (name) => {
    expect(validateUpload({ file: file(name), language: 'fr' })).toBeNull();
  });

  it.each(['x.srt.exe', 'noext', 'movie.txt', '.srt', 'srt', 'a.srt ', 'a.mp4'])('refuses %s', (name) => {
    expect(validateUpload({ file: file(name), language: 'fr' })).toBe(UPLOAD_MESSAGES.badExtension);
  });

  it('passes exactly 5,242,880 bytes and refuses one byte more', () => {
    expect(validateUpload({ file: file('a.srt', SUBTITLE_MAX_BYTES), language: 'en' })).toBeNull();
    expect(validateUpload({ file: file('a.srt', 5_242_881), language: 'en' })).toBe('tooLarge');
  });

  it('reports the first failure: file, extension, size, then language', () => {
    expect(validateUpload({ file: null, language: '' })).toBe('noFile');
    expect(validateUpload({ file: file('a.mp4', 9e9), language: '' })).toBe('badExtension');
    expect(validateUpload({ file: file('a.srt', 9e9), language: '' })).toBe('tooLarge');
    expect(validateUpload({ file: file('a.srt'), language: '' })).toBe('noLanguage');
    expect(validateUpload({ file: file('a.srt'), language: '  ' })).toBe('noLanguage');
  });
});

describe('validateSubtitleEdit', () => {
  it('requires a language, spots no change, allows a change', () => {
    const now = { lang: 'en', charset: 'windows-1251' };
    expect(validateSubtitleEdit(now, { ...now, lang: '' })).toBe('noLanguage');
    expect(validateSubtitleEdit(now, now)).toBe('no-change');
    expect(validateSubtitleEdit(now, { ...now, lang: 'fr' })).toBeNull();
    expect(validateSubtitleEdit(now, { ...now, charset: 'koi8-r' })).toBeNull();
  });
});

describe('the rules in English', () => {
  it('say the texts of docs/spec.md §5', () => {
    expect(Object.values(UPLOAD_MESSAGES).map((rule) => SUBTITLE_TEXTS.en[rule])).toEqual([
      'Please select a subtitle file',
      'Please select a valid subtitle file (.srt, .vtt, .ass, .ssa, .sub)',
      'File size must be less than 5MB',
      'Please select a language',
    ]);
  });
});
