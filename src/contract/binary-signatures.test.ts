import { describe, expect, it } from 'vitest';
import { binaryFormatOf } from './binary-signatures';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('binaryFormatOf', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['GIF', bytes('GIF89a')],
    ['ELF', bytes([0x7f], 'ELF', [2, 1, 1])],
    ['Windows PE/MZ', bytes('MZ', [0x90, 0x00, 0x03, 0x00])],
    ['ZIP (also DOCX, XLSX, JAR)', bytes('PK', [3, 4, 0x14, 0])],
    ['gzip', bytes([0x1f, 0x8b, 8, 0])],
    ['PDF', bytes('%PDF-1.7\n')],
    ['MP4/MOV', bytes([0, 0, 0, 0x20], 'ftypisom')],
    ['MPEG program stream (VobSub .sub)', bytes([0, 0, 1, 0xba, 0x44])],
  ])('%s', (name, input) => {
    expect(binaryFormatOf(input)).toBe(name);
  });

  it.each([
    ['SRT', '1\n00:00:01,000 --> 00:00:02,000\nHi\n'],
    ['WebVTT', 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'],
    ['ASS', '[Script Info]\nTitle: x\n'],
    ['MicroDVD', '{1}{25}Hi\n'],
    ['SubViewer', '[INFORMATION]\n'],
    ['a text that starts with "MZ"', 'MZ is not a subtitle, but it is text\n'],
    ['UTF-8 with BOM', '\uFEFF1\n00:00:01,000 --> 00:00:02,000\nHi\n'],
  ])('%s is not a binary format', (_name, text) => {
    expect(binaryFormatOf(new TextEncoder().encode(text))).toBeNull();
  });

  it('UTF-16 text with either byte-order mark is not a binary format', () => {
    expect(binaryFormatOf(bytes([0xff, 0xfe], [0x31, 0, 0x0a, 0]))).toBeNull();
    expect(binaryFormatOf(bytes([0xfe, 0xff], [0, 0x31, 0, 0x0a]))).toBeNull();
    expect(binaryFormatOf(new Uint8Array(0))).toBeNull();
  });
});
