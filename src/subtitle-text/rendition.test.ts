import { describe, expect, it } from 'vitest';
import { checkSubtitleBytes } from './check-subtitle';
import { renditionOf } from './rendition';
import { buildCorpus } from './test-support/corpus';
import { CORPUS_LANGUAGES } from './test-support/corpus-languages';
import { encode } from './test-support/encode';
import { loadRealFiles } from './test-support/real-files';
import { srtOf } from './test-support/samples';
import { toWebVttBytes } from './to-webvtt';

/** The general path: the check's cues, then the rendition of them. renditionOf must give exactly this. */
function viaCheck(bytes: Uint8Array, fileName: string, language?: string) {
  const check = checkSubtitleBytes(bytes, fileName, { language });
  return check.ok ? { ok: true, content: Buffer.from(toWebVttBytes(check.cues)), encoding: check.encoding } : check;
}
function fast(bytes: Uint8Array, fileName: string, language?: string) {
  const rendition = renditionOf(bytes, fileName, { language });
  return rendition.ok ? { ...rendition, content: Buffer.from(rendition.content) } : rendition;
}
const differences = (files: { id: string; bytes: Uint8Array; language?: string }[], names: string[]) =>
  files.flatMap(({ id, bytes, language }) =>
    names
      .filter((name) => JSON.stringify(fast(bytes, name, language)) !== JSON.stringify(viaCheck(bytes, name, language)))
      .map((name) => `${id} as ${name}`),
  );

describe("renditionOf: the .srt written as it is read is byte for byte the rendition of the check's cues", () => {
  const names = ['a.srt', 'a.vtt', 'a.ass', 'a.sub', 'a'];

  it('over the whole generated corpus (every format, encoding and language), named as every format', () => {
    const corpus = buildCorpus().map((entry) => ({ id: entry.id, bytes: entry.bytes, language: entry.languageCode }));
    expect(differences(corpus, names)).toEqual([]);
  });

  it("over the real files of other projects' test suites", () => {
    const real = loadRealFiles().map((file) => ({ id: file.file, bytes: file.upload.bytes }));
    expect(differences(real, names)).toEqual([]);
  });

  it('over SRT files that are not tidy: markup, no cue numbers, bad blocks, missing blank lines, old Mac line ends, a BOM, NULs, no cue at all', () => {
    const files = [
      '1\r\n00:00:01,000 --> 00:00:02,000\r\n{\\an8}<I>Hi</I> <font color="red">a</font> & b < c\r\n--{\\an8}>\r\n\r\n2\r\n00:00:03.5 --> 00:00:04,25 X1:1\r\nB\r\n',
      '\uFEFF00:00:01,000 --> 00:00:02,000\rA\r\r00:00:09,000 --> 00:00:08,000\rB\0C\r2\r00:00:10,000 --> 00:00:11,000\rD',
      '1\nhello\nworld\n\n2\n00:61:00,000 --> 00:62:00,000\nC\n\n3\n100:00:00,000 --> 100:00:01,000\n\u00a0\n',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nan SRT named .srt that is WebVTT\n',
      'Once upon a time there was a file.\n\nIt was not a subtitle.',
    ].map((text, i) => ({ id: `untidy ${i}`, bytes: encode(text, 'utf-8') }));
    expect(differences(files, names)).toEqual([]);
  });

  it('over a 1 MB Russian file in windows-1251 and in UTF-8', () => {
    const text = srtOf(CORPUS_LANGUAGES.find((language) => language.name === 'Russian')!.lines, 4000);
    const files = ['windows-1251', 'utf-8'].map((encoding) => ({ id: encoding, bytes: encode(text, encoding) }));
    expect(files[0]!.bytes.length).toBeGreaterThan(1_000_000);
    expect(differences(files, ['big.srt'])).toEqual([]);
  });
});
