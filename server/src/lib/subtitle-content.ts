/**
 * Content checks and conversion for stored subtitles. Text formats have no magic bytes; what we can
 * say for sure is that a text file starts with no known binary signature and has no NUL bytes unless
 * it is UTF-16.
 */

import { binaryFormatOf } from '../../../src/contract/binary-signatures';

/** UTF-16 by BOM, or by the pattern of ASCII text in UTF-16 (every other byte NUL). */
export function looksLikeUtf16(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return true;
  }
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  // Mostly-ASCII UTF-16: one side of each pair is NUL, the other almost never.
  return (evenNul / pairs > 0.6 && oddNul / pairs < 0.05) || (oddNul / pairs > 0.6 && evenNul / pairs < 0.05);
}

/** Not a known binary format (image, archive, executable…), and no NUL bytes unless UTF-16. */
export function isPlausibleSubtitle(bytes: Uint8Array): boolean {
  if (binaryFormatOf(bytes) !== null) return false;
  return !bytes.includes(0) || looksLikeUtf16(bytes);
}

/** Decodes stored bytes as text: UTF-16 when it looks like it, else UTF-8 (BOM stripped). */
export function decodeSubtitle(bytes: Uint8Array): string {
  if (looksLikeUtf16(bytes)) {
    const bigEndian = bytes[0] === 0xfe || (bytes[0] === 0 && bytes[1] !== 0);
    return new TextDecoder(bigEndian ? 'utf-16be' : 'utf-16le').decode(bytes);
  }
  return new TextDecoder('utf-8').decode(bytes); // strips a UTF-8 BOM, replaces invalid bytes
}

/** WebVTT for the player: .vtt as is (signature ensured), .srt converted; null for other formats. */
export function toWebVtt(text: string, extension: string): string | null {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (extension === '.vtt') return /^WEBVTT/.test(body) ? body : `WEBVTT\n\n${body}`;
  if (extension === '.srt') {
    const cues = body
      .trim()
      .split(/\n{2,}/)
      .map((block) => {
        const lines = block.split('\n');
        if (lines[0] && /^\d+$/.test(lines[0].trim())) lines.shift();
        if (lines[0]) {
          lines[0] = lines[0].replace(/(\d{1,2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2');
        }
        return lines.join('\n');
      })
      .filter((cue) => cue.includes('-->'));
    return `WEBVTT\n\n${cues.join('\n\n')}\n`;
  }
  return null;
}
