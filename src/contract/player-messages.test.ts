import { describe, expect, it } from 'vitest';
import { readPlayerCommand, readPlayerEvent } from './player-messages';

describe('the player’s postMessage protocol', () => {
  it('reads the commands and nothing else', () => {
    expect(readPlayerCommand({ type: 'vp-player', command: 'seek', time: 12.5 })).toEqual({
      type: 'vp-player',
      command: 'seek',
      time: 12.5,
    });
    expect(readPlayerCommand({ type: 'vp-player', command: 'cues', cues: [{ start: 0, end: 1000, text: 'Hi' }], lang: 'en' })).toEqual({
      type: 'vp-player',
      command: 'cues',
      cues: [{ start: 0, end: 1000, text: 'Hi' }],
      lang: 'en',
    });
    for (const junk of [
      null,
      'play',
      { command: 'play' },
      { type: 'vp-player', command: 'seek', time: -1 },
      { type: 'vp-player', command: 'seek', time: Number.NaN },
      { type: 'vp-player', command: 'cues', cues: [{ start: 0, text: 'no end' }] },
      { type: 'vp-player', command: 'eval', code: 'alert(1)' },
    ])
      expect(readPlayerCommand(junk)).toBeNull();
  });

  it('reads the events', () => {
    expect(readPlayerEvent({ type: 'vp-player', event: 'timeupdate', time: 3, paused: false })).toEqual({
      type: 'vp-player',
      event: 'timeupdate',
      time: 3,
      paused: false,
    });
    expect(readPlayerEvent({ type: 'vp-player', event: 'ready', duration: 10 })).toEqual({
      type: 'vp-player',
      event: 'ready',
      duration: 10,
    });
    expect(readPlayerEvent({ type: 'vp-player', event: 'timeupdate', time: '3' })).toBeNull();
  });
});
