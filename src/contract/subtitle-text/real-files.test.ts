import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSubtitleBytes } from './check-subtitle';
import { toPlainText } from './cue-markup';

/** Real subtitle files from another project's test suite (fixtures/README.md says whose). */
const REAL = path.join(import.meta.dirname, 'fixtures', 'real');
const read = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(REAL, name)));

const FILES = [
  {
    name: 'subtitleedit-auto_detect_windows-1250.srt',
    encoding: 'windows-1250',
    cues: 1132,
    lines: { 1: 'Đino!', 2: 'Đino, dođavola.\nDolazi ovamo!', 3: 'Neće da izađe odatle.' },
  },
  {
    name: 'subtitleedit-auto_detect_windows-1251.srt',
    encoding: 'windows-1251',
    cues: 595,
    lines: { 1: 'Г О Р Ш Т А К   3\nИз зоре времена долазимо,', 2: 'Г О Р Ш Т А К   3\nкрећући се тихо међу вама' },
  },
];

describe('real subtitle files of other projects', () => {
  it.each(FILES)('$name reads right with no hint: $encoding, every cue', ({ name, encoding, cues, lines }) => {
    const check = checkSubtitleBytes(read(name), name);
    expect(check.ok && check.encoding).toBe(encoding);
    if (!check.ok) return;
    expect(check.cueCount).toBe(cues);
    expect(check.problems).toEqual([]);
    for (const [index, text] of Object.entries(lines)) expect(toPlainText(check.cues[Number(index)]!.text)).toBe(text);
    // Nothing a code page lacks, and no invisible C1 control where a letter or a quote should be.
    expect(check.cues.some((cue) => /[\u0080-\u009f\ufffd]/.test(cue.text))).toBe(false);
  });
});
