import { describe, expect, it } from 'vitest';
import { formatStart, parseStart, playerParamsQuery, readPlayerParams } from './player-params';

describe('player URL parameters', () => {
  it('reads a start time written as seconds, a clock or units, and ignores anything else', () => {
    expect(parseStart('83')).toBe(83);
    expect(parseStart('83.5')).toBe(83.5);
    expect(parseStart('1:23')).toBe(83);
    expect(parseStart('1:02:03')).toBe(3723);
    expect(parseStart('1m23s')).toBe(83);
    expect(parseStart('1h2m')).toBe(3720);
    expect(parseStart('90s')).toBe(90);
    expect(parseStart(' 1M23S ')).toBe(83);
    for (const bad of ['', 'abc', '-5', '1:75', '1:60:00', '1m23', 'Infinity', '1e3', '99999', '11h', '1:2:3:4', 'm', 's'])
      expect(parseStart(bad), bad).toBeUndefined();
  });

  it('writes a start time the short way, and reads it back', () => {
    for (const [seconds, text] of [
      [5, '5s'],
      [83, '1m23s'],
      [83.5, '1m23.5s'],
      [3600, '1h'],
      [3723, '1h2m3s'],
      [120, '2m'],
    ] as const) {
      expect(formatStart(seconds)).toBe(text);
      expect(parseStart(text)).toBe(seconds);
    }
  });

  it('keeps what parses, drops what does not, and takes the first of a repeated name', () => {
    const query = new URLSearchParams('start=1:23&autoplay&muted=maybe&loop=true&controls=0&subtitles=PT-br&title=no&start=9');
    expect(readPlayerParams(query)).toEqual({ start: 83, autoplay: true, loop: true, controls: false, subtitles: 'pt-br', title: false });
    expect(readPlayerParams(new URLSearchParams('start=soon&subtitles=<script>&autoplay=2'))).toEqual({});
  });

  it('writes only what differs from the defaults, and autoplay without a repeated muted', () => {
    expect(playerParamsQuery({})).toBe('');
    expect(playerParamsQuery({ start: 0, controls: true, title: true, muted: false })).toBe('');
    const all = { start: 83, autoplay: true, muted: true, loop: true, controls: false, subtitles: 'vi', title: false };
    const query = playerParamsQuery(all);
    expect(query).toBe('start=1m23s&autoplay=1&loop=1&controls=0&subtitles=vi&title=0');
    expect(readPlayerParams(new URLSearchParams(query))).toEqual({ ...all, muted: undefined });
  });
});
