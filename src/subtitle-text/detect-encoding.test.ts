import { describe, expect, it } from 'vitest';
import { decodeSubtitle, detectEncoding } from './detect-encoding';
import { encode, withPrefix } from './test-support/encode';
import { DIALOGUE, srtOf } from './test-support/samples';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

describe('the test encoder itself (hand-verified bytes)', () => {
  it.each([
    ['你好', 'gbk', [0xc4, 0xe3, 0xba, 0xc3]],
    ['こんにちは', 'shift_jis', [0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd]],
    ['中文', 'big5', [0xa4, 0xa4, 0xa4, 0xe5]],
    ['한국', 'euc-kr', [0xc7, 0xd1, 0xb1, 0xb9]],
    ['Привет', 'windows-1251', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]],
    ['ąś', 'windows-1250', [0xb9, 0x9c]],
  ])('%s in %s', (text, encoding, bytes) => {
    expect([...encode(text, encoding)]).toEqual(bytes);
  });
});

describe('detectEncoding: Unicode', () => {
  const text = srtOf(DIALOGUE.french);

  it('UTF-8 with a BOM', () => {
    expect(detectEncoding(withPrefix(UTF8_BOM, encode(text, 'utf-8')))).toEqual({ encoding: 'utf-8', bom: true, confidence: 'certain' });
  });

  it('UTF-8 without a BOM, and pure ASCII', () => {
    expect(detectEncoding(encode(text, 'utf-8'))).toEqual({ encoding: 'utf-8', bom: false, confidence: 'certain' });
    expect(detectEncoding(encode('1\n00:00:01,000 --> 00:00:02,000\nHi\n', 'utf-8')).encoding).toBe('utf-8');
  });

  it('UTF-8 with one damaged byte is still UTF-8, not a legacy code page', () => {
    const bytes = encode(srtOf(DIALOGUE.russian), 'utf-8');
    bytes[bytes.length - 5] = 0xff;
    expect(detectEncoding(bytes)).toMatchObject({ encoding: 'utf-8', confidence: 'likely' });
  });

  it('UTF-16 LE and BE with a BOM', () => {
    expect(detectEncoding(withPrefix([0xff, 0xfe], encode(text, 'utf-16le')))).toEqual({
      encoding: 'utf-16le',
      bom: true,
      confidence: 'certain',
    });
    expect(detectEncoding(withPrefix([0xfe, 0xff], encode(text, 'utf-16be')))).toEqual({
      encoding: 'utf-16be',
      bom: true,
      confidence: 'certain',
    });
  });

  it('UTF-16 LE and BE without a BOM, by the NUL bytes of ASCII characters', () => {
    expect(detectEncoding(encode(srtOf(DIALOGUE.russian), 'utf-16le'))).toEqual({ encoding: 'utf-16le', bom: false, confidence: 'likely' });
    expect(detectEncoding(encode(srtOf(DIALOGUE.chinese), 'utf-16be'))).toEqual({ encoding: 'utf-16be', bom: false, confidence: 'likely' });
  });
});

describe('detectEncoding: legacy code pages', () => {
  it.each([
    ['russian', 'windows-1251'],
    ['russian', 'koi8-r'],
    ['ukrainian', 'windows-1251'],
    ['polish', 'windows-1250'],
    ['czech', 'windows-1250'],
    ['romanian', 'windows-1250'], // jschardet#18: read as windows-1252 there
    ['hungarian', 'windows-1250'],
    ['polish', 'iso-8859-2'],
    ['french', 'windows-1252'],
    ['spanish', 'windows-1252'],
    ['greek', 'windows-1253'],
    ['turkish', 'windows-1254'],
    ['hebrew', 'windows-1255'],
    ['arabic', 'windows-1256'],
    ['japanese', 'shift_jis'],
    ['chinese', 'gbk'],
    ['traditional', 'big5'],
    ['korean', 'euc-kr'],
  ] as const)('%s in %s', (language, encoding) => {
    const text = srtOf(DIALOGUE[language]);
    expect(detectEncoding(encode(text, encoding))).toMatchObject({ encoding, bom: false });
    expect(decodeSubtitle(encode(text, encoding)).text).toBe(text);
  });

  it('German decodes identically in 1252 and 1250: the more common 1252 wins, the text is right', () => {
    const text = srtOf(DIALOGUE.german);
    expect(detectEncoding(encode(text, 'windows-1252')).encoding).toBe('windows-1252');
    expect(decodeSubtitle(encode(text, 'windows-1250')).text).toBe(text);
  });

  it('says "likely" for a clear winner and "guess" for a lone accented letter', () => {
    expect(detectEncoding(encode(srtOf(DIALOGUE.polish), 'windows-1250')).confidence).toBe('likely');
    expect(detectEncoding(encode(srtOf(['Café']), 'windows-1252'))).toMatchObject({ encoding: 'windows-1252', confidence: 'guess' });
  });

  it('reads a bounded sample of a 5 MB file and stays fast', () => {
    const big = encode(srtOf(DIALOGUE.czech, 25_000), 'windows-1250');
    expect(big.length).toBeGreaterThan(4_000_000);
    const started = performance.now();
    expect(detectEncoding(big).encoding).toBe('windows-1250');
    expect(performance.now() - started).toBeLessThan(5000); // ~0.1 s alone; generous for a loaded CI machine
  }, 30_000); // building the 5 MB test file is the slow part
});

describe('decodeSubtitle', () => {
  it('strips the BOM in every Unicode encoding', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nÉté\n';
    expect(decodeSubtitle(withPrefix(UTF8_BOM, encode(text, 'utf-8')))).toMatchObject({ text, encoding: 'utf-8', bom: true });
    expect(decodeSubtitle(withPrefix([0xff, 0xfe], encode(text, 'utf-16le')))).toMatchObject({ text, bom: true });
    expect(decodeSubtitle(withPrefix([0xfe, 0xff], encode(text, 'utf-16be')))).toMatchObject({ text, bom: true });
  });

  it('decodes with the encoding the user picked', () => {
    const bytes = encode('Nu ştiu', 'windows-1250');
    expect(decodeSubtitle(bytes, 'windows-1252').text).toBe('Nu ºtiu');
    expect(decodeSubtitle(bytes, 'windows-1250')).toMatchObject({ text: 'Nu ştiu', confidence: 'certain' });
  });
});

describe('decodeSubtitle: a named encoding', () => {
  it('takes any WHATWG label, and UTF-32', () => {
    const bytes = encode(srtOf(DIALOGUE.russian), 'windows-1251');
    expect(decodeSubtitle(bytes, 'CP1251')).toMatchObject({
      encoding: 'windows-1251',
      confidence: 'certain',
      text: srtOf(DIALOGUE.russian),
    });
    expect(decodeSubtitle(encode('Ωmega', 'utf-32be'), 'UTF-32BE').text).toBe('Ωmega');
  });

  it('composes windows-1258 Vietnamese (tones are combining marks there)', () => {
    const text = 'Tôi không biết phải nói gì.';
    const { text: decoded } = decodeSubtitle(encode(text, 'windows-1258'), 'windows-1258');
    expect(decoded).toBe(text.normalize('NFC'));
  });

  it('falls back to detection for an unknown label', () => {
    expect(decodeSubtitle(encode(srtOf(DIALOGUE.russian), 'windows-1251'), 'no-such-charset').encoding).toBe('windows-1251');
  });
});
