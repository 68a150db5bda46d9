import { describe, expect, it } from 'vitest';
import { buildCorpus } from './test-support/corpus';
import { evaluate } from './test-support/evaluate';

/**
 * The corpus targets as tests: every generated file (25 languages; their legacy code pages and
 * UTF-8/16/32 with and without a BOM; SRT, VTT, ASS, SSA, MicroDVD, SubViewer; one cue and twelve).
 * `npm run bench -- subtitles` prints the same figures with the libraries compared.
 */
const corpus = buildCorpus();
const legacy = corpus.filter((entry) => entry.legacy);
const unicode = corpus.filter((entry) => !entry.legacy);

describe('the subtitle corpus', () => {
  it('with the encoding named, every file reads right with the right cues and timings', () => {
    const wrong = corpus
      .map((entry) => ({ id: entry.id, ...evaluate(entry, entry.encoding) }))
      .filter((r) => !r.readsRight || !r.timingsRight);
    expect(wrong).toEqual([]);
  });

  it('without a hint, every Unicode file (UTF-8/16/32, BOM or not) reads right', () => {
    const wrong = unicode.map((entry) => ({ id: entry.id, ...evaluate(entry) })).filter((r) => !r.readsRight || !r.timingsRight);
    expect(wrong).toEqual([]);
  });

  it("with the track's language as the only hint, every legacy-encoded file reads right", () => {
    const wrong = legacy
      .map((entry) => ({ id: entry.id, ...evaluate(entry, undefined, true) }))
      .filter((r) => !r.readsRight || !r.timingsRight)
      .map((r) => `${r.id} → ${r.encoding}`);
    expect(wrong).toEqual([]);
  });

  it('without a hint, at least 90 % of legacy-encoded files read right', () => {
    const results = legacy.map((entry) => ({ id: entry.id, ...evaluate(entry) }));
    const right = results.filter((r) => r.readsRight && r.timingsRight).length;
    expect(
      right / results.length,
      results
        .filter((r) => !r.readsRight)
        .map((r) => `${r.id} → ${r.encoding}`)
        .join('\n'),
    ).toBeGreaterThanOrEqual(0.9);
  });
});
