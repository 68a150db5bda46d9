import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editableVtt, savableVtt, sanitizeEditedCueText } from './edit-text';

const CORPUS = path.join(import.meta.dirname, 'fixtures', 'vttjs');
const FILES = fs
  .readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.vtt'))
  .sort();

describe('the cue editor’s text', () => {
  it.each([
    ['plain text', 'plain text'],
    ['<i>kept</i> <b.loud>kept</b> <u>kept</u>', '<i>kept</i> <b.loud>kept</b> <u>kept</u>'],
    ['<v Bob>Hi</v> <c.yellow>there</c> <00:01.000>now', 'Hi there now'],
    ['<script>alert(1)</script>', 'alert(1)'],
    ['a < b & c', 'a &lt; b &amp; c'],
    ['&amp; &lt; &#233;', '&amp; &lt; &#233;'],
    ['<c></c>\nsecond line', 'second line'],
    ['--<c>>', '--&gt;'],
  ])('cleans %j to %j', (text, cleaned) => {
    expect(sanitizeEditedCueText(text)).toBe(cleaned);
  });

  it('names the line of a block a player would skip, and refuses text without WEBVTT', () => {
    expect(savableVtt('WEBVTT\n\nNOTE a\nb\n\n1\n00:01.000 --> 00:0x.000\ntext\n')).toEqual({
      ok: false,
      problem: 'Line 7: "00:01.000 --> 00:0x.000" is not a cue timing (start --> end, as 00:01:02.500)',
    });
    expect(savableVtt('1\n00:01.000 --> 00:02.000\nHi\n')).toMatchObject({ ok: false, problem: expect.stringMatching(/^Line 1: /) });
    expect(savableVtt('\uFEFFWEBVTT\n\n00:02.000 --> 00:01.000\nend before start is kept\n')).toEqual({
      ok: true,
      text: 'WEBVTT\n\n00:02.000 --> 00:01.000\nend before start is kept\n',
      cleaned: 0,
    });
  });

  it.each(FILES)('%s: its editable text saves as the same text', (name) => {
    const opened = editableVtt(new TextDecoder().decode(fs.readFileSync(path.join(CORPUS, name))));
    const saved = savableVtt(opened.text);
    if (saved.ok) expect(saved).toEqual({ ok: true, text: opened.text, cleaned: 0 });
    else expect(saved.problem).toMatch(/^Line \d+: /);
  });
});
