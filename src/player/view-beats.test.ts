import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEAT_EVERY_MS, SESSION_ID, type ViewBeat } from '../contract/view-beats';
import { sendViewBeats } from './view-beats';

/**
 * The player page's view beats (issue 41), on fake timers: a stub video (events, `currentTime`,
 * `paused`, `seeking`) and a captured `navigator.sendBeacon`. Playing is what a browser does: a
 * 'timeupdate' every 250 ms while the clock and the playhead move on.
 */

const TICK_MS = 250;

/** A stand-in for the page's <video>: the fields and events view-beats.ts reads. */
class StubVideo extends EventTarget {
  currentTime = 0;
  paused = true;
  seeking = false;
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
  play() {
    this.paused = false;
    this.fire('playing');
  }
  /** Plays `seconds` of video in 'timeupdate' ticks; the beat timer runs meanwhile. */
  advance(seconds: number) {
    for (let i = 0; i < (seconds * 1000) / TICK_MS; i++) {
      vi.advanceTimersByTime(TICK_MS);
      this.currentTime += TICK_MS / 1000;
      this.fire('timeupdate');
    }
  }
  pause() {
    this.paused = true;
    this.fire('pause');
  }
  /** A jump of the playhead: the browser's 'seeking', a 'timeupdate' at the new place, then 'seeked'. */
  seek(to: number, takesMs = 400) {
    this.seeking = true;
    this.fire('seeking');
    vi.advanceTimersByTime(takesMs);
    this.currentTime = to;
    this.fire('timeupdate');
    this.seeking = false;
    this.fire('seeked');
  }
}

describe("the player page's view beats", () => {
  let beacons: { url: string; beat: Promise<ViewBeat> }[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'] });
    beacons = [];
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: Blob) => {
        beacons.push({ url, beat: body.text().then((text) => JSON.parse(text) as ViewBeat) });
        return true;
      },
    });
  });
  afterEach(() => {
    // The test's page goes away: its 'pagehide' beat leaves the next test's window listeners nothing to send.
    window.dispatchEvent(new Event('pagehide'));
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const start = () => {
    const video = new StubVideo();
    sendViewBeats(video as unknown as HTMLVideoElement, '/api/beats', 'watched-clip');
    return video;
  };
  const sent = () => Promise.all(beacons.map((b) => b.beat));

  it('beats every 10 s while playing, with the seconds played and elapsed since the previous beat', async () => {
    const video = start();
    video.play();
    video.advance(25);
    expect(beacons.map((b) => b.url)).toEqual(['/api/beats', '/api/beats']);
    const [first, second] = await sent();
    expect(first).toMatchObject({ file: 'watched-clip', ended: false, host: '', elapsed: BEAT_EVERY_MS / 1000 });
    // The timer's beat at 10 s comes just before that moment's 'timeupdate': 9.75 s counted, the rest next time.
    expect(first).toMatchObject({ played: 9.75, position: 9.75 });
    expect(second).toMatchObject({ elapsed: 10, played: 10, position: 19.75 });
  });

  it('beats on pause with what was played since, and then stays quiet while paused', async () => {
    const video = start();
    video.play();
    video.advance(4);
    video.pause();
    vi.advanceTimersByTime(60_000);
    const beats = await sent();
    expect(beats).toHaveLength(1);
    expect(beats[0]).toMatchObject({ played: 4, position: 4, ended: false, elapsed: 4 });
  });

  it('counts the seconds played once across a seek: the jump adds nothing, forwards or back', async () => {
    const video = start();
    video.play();
    video.advance(4);
    video.seek(50);
    video.advance(2);
    video.seek(1, 2000);
    video.advance(1);
    video.pause();
    const [beat] = await sent();
    // 4 s, 2 s and 1 s played; neither the jumps nor the time the seeks took count.
    expect(beat).toMatchObject({ played: 7, position: 2 });
  });

  it('beats at the end with ended, and on page hide with what is not yet sent', async () => {
    const video = start();
    video.play();
    video.advance(2);
    window.dispatchEvent(new Event('pagehide'));
    video.advance(1);
    video.paused = true;
    video.fire('ended');
    const [hidden, ended] = await sent();
    expect(hidden).toMatchObject({ played: 2, position: 2, ended: false });
    expect(ended).toMatchObject({ played: 1, position: 3, ended: true });
  });

  it('sends nothing for a page where nothing played', () => {
    const video = start();
    vi.advanceTimersByTime(30_000);
    window.dispatchEvent(new Event('pagehide'));
    video.play();
    video.pause();
    expect(beacons).toEqual([]);
  });

  it('gives each page load its own random session id, and stores nothing in the browser', async () => {
    const loads = [start(), start()];
    for (const video of loads) {
      video.play();
      video.advance(1);
      video.pause();
    }
    const [a, b] = await sent();
    expect(a!.session).toMatch(SESSION_ID);
    expect(b!.session).toMatch(SESSION_ID);
    expect(a!.session).not.toBe(b!.session);
    expect([localStorage.length, sessionStorage.length, document.cookie]).toEqual([0, 0, '']);
  });
});
