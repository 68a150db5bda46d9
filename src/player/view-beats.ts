/**
 * The player page's view beats (src/contract/view-beats.ts): every BEAT_EVERY_MS while playing, and on
 * pause, end and page hide, `navigator.sendBeacon` posts the seconds played since the previous beat.
 * The session id is random per page load and lives only in this page: no cookie, no storage. Seconds
 * played are wall-clock time between 'timeupdate' events while the video plays, so a seek adds nothing.
 */
import { BEAT_EVERY_MS, type ViewBeat } from '../contract/view-beats';

/** A gap between two 'timeupdate' events longer than this is a stall or a hidden tab, not playing time. */
const MAX_TICK_SECONDS = 1;

const randomSessionId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The embedding page's host (the page's Referer), '' when the player was opened directly. */
function embeddingHost(): string {
  try {
    return document.referrer ? new URL(document.referrer).host : '';
  } catch {
    return '';
  }
}

/** Starts sending beats to `endpoint` for the file `slug`. */
export function sendViewBeats(video: HTMLVideoElement, endpoint: string, slug: string): void {
  const session = randomSessionId();
  const host = embeddingHost();
  let played = 0;
  let lastBeatAt = performance.now();
  let lastTick: number | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const beat = (ended = false) => {
    const now = performance.now();
    const body: ViewBeat = {
      file: slug,
      session,
      position: Number.isFinite(video.currentTime) ? video.currentTime : 0,
      played: Math.round(played * 1000) / 1000,
      elapsed: Math.round(now - lastBeatAt) / 1000,
      ended,
      host,
    };
    if (!played && !ended) return; // nothing new to say
    played = 0;
    lastBeatAt = now;
    navigator.sendBeacon(endpoint, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  };

  video.addEventListener('timeupdate', () => {
    const now = performance.now();
    if (lastTick !== null && !video.paused && !video.seeking) played += Math.min((now - lastTick) / 1000, MAX_TICK_SECONDS);
    lastTick = video.paused ? null : now;
  });
  video.addEventListener('playing', () => {
    lastTick = performance.now();
    timer ??= setInterval(() => beat(), BEAT_EVERY_MS);
  });
  const stop = (ended: boolean) => {
    lastTick = null;
    clearInterval(timer);
    timer = undefined;
    beat(ended);
  };
  video.addEventListener('seeking', () => (lastTick = null));
  video.addEventListener('pause', () => stop(false));
  video.addEventListener('ended', () => stop(true));
  window.addEventListener('pagehide', () => beat());
}
