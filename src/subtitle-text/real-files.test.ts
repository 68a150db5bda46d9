import { describe, expect, it } from 'vitest';
import { checkSubtitleBytes } from './check-subtitle';
import { toPlainText } from './cue-markup';
import { detectedFor, loadRealFiles, readsAs } from './test-support/real-files';

/**
 * Real legacy-encoded files from other projects' test suites (fixtures/real/README.md says whose),
 * judged against GNU iconv's reading of them. `npm run bench -- subtitles` prints the same figures
 * per encoding.
 */
const REAL = loadRealFiles();
const bySubtitleEdit = (name: string) => REAL.find((real) => real.file === `subtitleedit/${name}`)!;

/**
 * Files detection still reads wrong with no hint: 88 bytes of "简体中文" repeated read as EUC-JP
 * ("酒悶嶄猟", kanji as plausible as the hanzi to letter-set models). The track's language settles it.
 */
const KNOWN_NO_HINT_MISSES = ['uchardet/zh-gb18030.txt'];

describe('real legacy-encoded files of other projects', () => {
  it('the corpus: at least 30 files in at least 10 encodings', () => {
    expect(REAL.length).toBeGreaterThanOrEqual(30);
    expect(new Set(REAL.map((real) => real.encoding)).size).toBeGreaterThanOrEqual(10);
  });

  it.each(REAL.map((real) => [real.file, real] as const))('%s, its encoding named, reads as iconv reads it', (_, real) => {
    expect(readsAs(real, real.encoding)).toBe(true);
  });

  it.each(REAL.map((real) => [real.file, real] as const))(
    "%s, the track's language the only hint, is checked and reads right",
    (_, real) => {
      const encoding = detectedFor(real, true);
      expect(encoding !== null && readsAs(real, encoding), `read as ${encoding}`).toBe(true);
    },
  );

  it('with no hint at all, every file but the known misses reads right (≥ 90 %)', () => {
    const wrong = REAL.filter((real) => {
      const encoding = detectedFor(real, false);
      return encoding === null || !readsAs(real, encoding);
    }).map((real) => `${real.file} → ${detectedFor(real, false)}`);
    expect(wrong.filter((line) => !KNOWN_NO_HINT_MISSES.some((file) => line.startsWith(`${file} `)))).toEqual([]);
    expect(1 - wrong.length / REAL.length).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    {
      name: 'auto_detect_windows-1250.srt',
      encoding: 'windows-1250',
      cues: 1132,
      lines: { 1: 'Đino!', 2: 'Đino, dođavola.\nDolazi ovamo!', 3: 'Neće da izađe odatle.' },
    },
    {
      name: 'auto_detect_windows-1251.srt',
      encoding: 'windows-1251',
      cues: 595,
      lines: { 1: 'Г О Р Ш Т А К   3\nИз зоре времена долазимо,', 2: 'Г О Р Ш Т А К   3\nкрећући се тихо међу вама' },
    },
  ])("SubtitleEdit's $name reads right with no hint: $encoding, every cue", ({ name, encoding, cues, lines }) => {
    const check = checkSubtitleBytes(bySubtitleEdit(name).bytes, name);
    expect(check.ok && check.encoding).toBe(encoding);
    if (!check.ok) return;
    expect(check.cueCount).toBe(cues);
    expect(check.problems).toEqual([]);
    for (const [index, text] of Object.entries(lines)) expect(toPlainText(check.cues[Number(index)]!.text)).toBe(text);
    // Nothing a code page lacks, and no invisible C1 control where a letter or a quote should be.
    expect(check.cues.some((cue) => /[\u0080-\u009f\ufffd]/.test(cue.text))).toBe(false);
  });
});
