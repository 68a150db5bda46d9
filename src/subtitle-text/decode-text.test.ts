import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalEncoding, decodeText } from './decode-text';
import { decodeSubtitle } from './detect-encoding';

const CODE_PAGES = path.join(import.meta.dirname, 'fixtures', 'code-pages');
/** Every single-byte code page of the fixtures (written by Python's codecs, see fixtures/README.md). */
const codePages = fs
  .readdirSync(CODE_PAGES)
  .filter((name) => name.endsWith('.srt') && !name.endsWith('.utf8.srt'))
  .map((name) => name.slice(0, -'.srt'.length));

describe('decodeText', () => {
  it('has a fixture for every single-byte code page the kit offers', () => {
    expect(codePages).toEqual(
      expect.arrayContaining([
        'windows-1250',
        'windows-1251',
        'windows-1252',
        'windows-1253',
        'windows-1254',
        'windows-1255',
        'windows-1256',
        'windows-1257',
        'windows-1258',
        'windows-874',
        'iso-8859-2',
        'iso-8859-7',
        'koi8-r',
        'koi8-u',
      ]),
    );
  });

  it.each(codePages)('decodes every byte 0x80–0xFF that %s defines as an independent encoder wrote it', (encoding) => {
    // Copied into this realm's Uint8Array: the test environment (jsdom) has its own.
    const bytes = new Uint8Array(fs.readFileSync(path.join(CODE_PAGES, `${encoding}.srt`)));
    const expected = fs.readFileSync(path.join(CODE_PAGES, `${encoding}.utf8.srt`), 'utf8');
    expect(canonicalEncoding(encoding)).toBe(encoding);
    expect(decodeText(bytes, encoding)).toBe(expected);
  });

  it('reads the typographic punctuation of windows-1252 (0x80–0x9F), not C1 controls', () => {
    // "C’est l’œuvre de ma sœur… – 5 €" as a French Windows editor saves it.
    const line = Uint8Array.from([
      0x43, 0x92, 0x65, 0x73, 0x74, 0x20, 0x6c, 0x92, 0x9c, 0x75, 0x76, 0x72, 0x65, 0x20, 0x64, 0x65, 0x20, 0x6d, 0x61, 0x20, 0x73, 0x9c,
      0x75, 0x72, 0x85, 0x20, 0x96, 0x20, 0x35, 0x20, 0x80,
    ]);
    expect(decodeText(line, 'windows-1252')).toBe('C’est l’œuvre de ma sœur… – 5 €');
    expect(decodeSubtitle(line, 'windows-1252').text).toBe('C’est l’œuvre de ma sœur… – 5 €');
    // Labels that WHATWG maps to windows-1252 read the same way.
    expect(decodeSubtitle(line, 'latin1').text).toBe('C’est l’œuvre de ma sœur… – 5 €');
  });

  it('resolves labels by the WHATWG table, whatever the runtime supports', () => {
    expect(canonicalEncoding(' CP1251 ')).toBe('windows-1251');
    expect(canonicalEncoding('iso-8859-1')).toBe('windows-1252');
    expect(canonicalEncoding('ISO-8859-16')).toBe('iso-8859-16'); // Node 20's TextDecoder refuses it
    expect(canonicalEncoding('UTF-32')).toBe('utf-32le');
    expect(canonicalEncoding('sjis')).toBe('shift_jis');
    expect(canonicalEncoding('iso-2022-kr')).toBeNull();
    expect(canonicalEncoding('x-user-defined')).toBeNull();
    expect(canonicalEncoding('klingon')).toBeNull();
  });

  it('turns a byte a code page leaves undefined into U+FFFD and keeps a BOM for the caller to strip', () => {
    expect(decodeText(Uint8Array.of(0x41, 0xd9), 'windows-1255')).toBe('A\uFFFD');
    expect(decodeText(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41), 'utf-8')).toBe('\uFEFFA');
  });
});
