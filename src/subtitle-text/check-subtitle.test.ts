import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINARY_REASON, checkSubtitleBytes, checkSubtitleFile, EMPTY_REASON, VOBSUB_REASON, type SubtitleCheckPassed } from './index';
import { encode, withPrefix } from './test-support/encode';
import { DIALOGUE, srtOf } from './test-support/samples';

const passed = (result: ReturnType<typeof checkSubtitleBytes>): SubtitleCheckPassed => {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
};

describe('checkSubtitleBytes: accepted files', () => {
  it('reports format, encoding, cue count and a preview of three cues', () => {
    const result = passed(checkSubtitleBytes(withPrefix([0xef, 0xbb, 0xbf], encode(srtOf(DIALOGUE.french), 'utf-8')), 'film.srt'));
    expect(result).toMatchObject({ format: 'srt', encoding: 'utf-8', bom: true, cueCount: 4, problems: [] });
    expect(result.firstProblem).toBeUndefined();
    expect(result.preview).toEqual([
      { start: 1000, end: 2500, text: DIALOGUE.french[0] },
      { start: 3000, end: 4500, text: DIALOGUE.french[1] },
      { start: 5000, end: 6500, text: DIALOGUE.french[2] },
    ]);
  });

  it('reads legacy and UTF-16 files in every format', () => {
    const vtt = `WEBVTT\n\n00:01.000 --> 00:02.000\n${DIALOGUE.russian[0]}\n`;
    expect(passed(checkSubtitleBytes(encode(vtt, 'windows-1251'), 'a.vtt'))).toMatchObject({
      format: 'vtt',
      encoding: 'windows-1251',
      cueCount: 1,
    });
    const ass = `[Script Info]\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${DIALOGUE.greek[2]}\n`;
    const assResult = passed(checkSubtitleBytes(encode(ass, 'windows-1253'), 'a.ASS'));
    expect(assResult).toMatchObject({ format: 'ass', encoding: 'windows-1253', cueCount: 1 });
    expect(assResult.preview[0]?.text).toBe(DIALOGUE.greek[2]);
    const sub = DIALOGUE.japanese.map((line, i) => `{${i * 50}}{${i * 50 + 40}}${line}`).join('\r\n');
    expect(passed(checkSubtitleBytes(encode(sub, 'shift_jis'), 'a.sub'))).toMatchObject({
      format: 'microdvd',
      encoding: 'shift_jis',
      cueCount: 4,
    });
    const utf16 = withPrefix([0xff, 0xfe], encode(srtOf(DIALOGUE.arabic), 'utf-16le'));
    expect(passed(checkSubtitleBytes(utf16.buffer as ArrayBuffer, 'a.srt'))).toMatchObject({ encoding: 'utf-16le', cueCount: 4 });
    expect(passed(checkSubtitleBytes(encode(srtOf(DIALOGUE.romanian), 'windows-1250'), 'ro.srt')).preview[0]?.text).toBe(
      'Nu ştiu ce să fac.',
    );
  });

  it('gives the first problem with its line number', () => {
    const result = passed(checkSubtitleBytes(encode('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\nhello\n', 'utf-8'), 'x.srt'));
    expect(result.cueCount).toBe(1);
    expect(result.firstProblem).toEqual({
      line: 6,
      message: 'Line 6: expected a time line like "00:00:01,000 --> 00:00:02,000", found "hello"',
    });
  });

  it('turns cue markup into plain text: no tags, no script', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script><b onclick="x()">Bold</b> <font color="red">red</font> {\\an8}&lt;3 &amp; a < b\n';
    const [cue] = passed(checkSubtitleBytes(encode(srt, 'utf-8'), 'x.srt')).preview;
    expect(cue?.text).toBe('alert(1)Bold red <3 & a < b');
    expect(cue?.text).not.toMatch(/<script|<b|<font/);
  });

  it('lets the user override the encoding', () => {
    const bytes = encode(srtOf(['Zażółć']), 'windows-1250');
    expect(passed(checkSubtitleBytes(bytes, 'a.srt', { encoding: 'windows-1252' })).preview[0]?.text).toBe('Za¿ó³æ');
  });

  it('checks a 5 MB file quickly', () => {
    const bytes = encode(srtOf(DIALOGUE.polish, 28_000), 'windows-1250');
    expect(bytes.length).toBeGreaterThan(4_500_000);
    const started = performance.now();
    expect(passed(checkSubtitleBytes(bytes, 'big.srt')).cueCount).toBe(112_000);
    expect(performance.now() - started).toBeLessThan(8000); // well under 1 s alone; generous for a loaded CI machine
  }, 30_000); // building the 5 MB test file is the slow part

  it('reads a Blob', async () => {
    const result = await checkSubtitleFile(new Blob(['WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n']), 'a.vtt');
    expect(result).toMatchObject({ ok: true, cueCount: 1 });
  });
});

describe('checkSubtitleBytes: refused files', () => {
  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]],
    ['ZIP', [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0]],
    ['MP4', [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]],
  ])('%s', (_name, bytes) => {
    expect(checkSubtitleBytes(Uint8Array.from(bytes), 'x.srt')).toEqual({ ok: false, reason: BINARY_REASON });
  });

  it('a VobSub .sub, with a message that says it is made of images', () => {
    const result = checkSubtitleBytes(Uint8Array.from([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1]), 'movie.sub');
    expect(result).toEqual({ ok: false, reason: VOBSUB_REASON });
    expect(VOBSUB_REASON).toMatch(/VobSub.*images, not text/);
  });

  it('random binary', () => {
    const bytes = new Uint8Array(4096);
    let seed = 42;
    for (let i = 0; i < bytes.length; i++) bytes[i] = (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >> 16;
    expect(checkSubtitleBytes(bytes, 'x.srt')).toEqual({ ok: false, reason: BINARY_REASON });
  });

  it('an empty file, or only a BOM', () => {
    expect(checkSubtitleBytes(new Uint8Array(0), 'x.srt')).toEqual({ ok: false, reason: EMPTY_REASON });
    expect(checkSubtitleBytes(Uint8Array.from([0xef, 0xbb, 0xbf, 0x0a]), 'x.vtt')).toEqual({ ok: false, reason: 'This file is empty.' });
  });

  it('prose, naming the extension', () => {
    const prose = encode('Dear diary,\n\nToday I renamed a text file.\nIt did not become a subtitle.\n', 'utf-8');
    expect(checkSubtitleBytes(prose, 'notes.srt')).toEqual({
      ok: false,
      reason: 'No subtitles were found in this file. Is it really a .srt file?',
    });
    expect(checkSubtitleBytes(prose, 'notes.SUB')).toEqual({
      ok: false,
      reason: 'No subtitles were found in this file. Is it really a .sub file?',
    });
    expect(checkSubtitleBytes(prose, 'notes')).toEqual({
      ok: false,
      reason: 'No subtitles were found in this file. Is it really a subtitle file?',
    });
  });
});

describe('checkSubtitleBytes: any bytes', () => {
  it('never throws: ok with a count, or a reason', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom('a.srt', 'a.vtt', 'a.ass', 'a.ssa', 'a.sub', 'a.txt'),
        (bytes, name) => {
          const result = checkSubtitleBytes(bytes, name);
          if (result.ok) expect(result.cueCount).toBeGreaterThan(0);
          else expect(result.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on text that looks almost like a subtitle', () => {
    const piece = fc.constantFrom(
      '1',
      '\n',
      '\r\n',
      '00:00:01,000',
      ' --> ',
      '00:02.000',
      'WEBVTT',
      '{1}{25}',
      '|',
      'Dialogue: ',
      ',',
      '[Events]',
      'Format: Start, End, Text',
      '<i>',
      '{\\b1}',
      'é',
      'ж',
      '字',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.constantFrom('a.srt', 'a.vtt', 'a.ass', 'a.sub'), (pieces, name) => {
        const result = checkSubtitleBytes(new TextEncoder().encode(pieces.join('')), name);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});

describe('checkSubtitleBytes: what players tolerate is a warning, not a refusal', () => {
  it('a NUL character inside cue text', () => {
    const result = passed(checkSubtitleBytes(encode('1\n00:00:01,000 --> 00:00:02,000\nA\0B\n', 'utf-8'), 'x.srt'));
    expect(result.cueCount).toBe(1);
    expect(result.firstProblem).toEqual({
      line: 2,
      message: 'Line 2: a NUL character in the cue text; players show a replacement mark for it',
    });
  });

  it('UTF-32 with and without a BOM', () => {
    const srt = srtOf(DIALOGUE.greek);
    expect(passed(checkSubtitleBytes(withPrefix([0xff, 0xfe, 0, 0], encode(srt, 'utf-32le')), 'a.srt'))).toMatchObject({
      encoding: 'utf-32le',
      bom: true,
      cueCount: 4,
    });
    const be = passed(checkSubtitleBytes(encode(srt, 'utf-32be'), 'a.srt'));
    expect(be).toMatchObject({ encoding: 'utf-32be', bom: false, cueCount: 4 });
    expect(be.preview[0]?.text).toBe(DIALOGUE.greek[0]);
  });
});

describe('checkSubtitleBytes: a file named for another format', () => {
  it('an SRT saved as .vtt is read as SRT, with a warning', () => {
    const result = passed(checkSubtitleBytes(encode(srtOf(DIALOGUE.german), 'utf-8'), 'film.vtt'));
    expect(result).toMatchObject({ format: 'srt', cueCount: 4 });
    expect(result.firstProblem?.message).toBe('Line 1: this is a SubRip file named .vtt; it is read as SubRip');
  });
});
