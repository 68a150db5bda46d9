/**
 * The player page's postMessage protocol (README, "Controlling the player from the embedding page"):
 * a page that embeds `/player/{slug}` in an iframe can drive playback and follow the playhead. Every
 * message is a plain object with `type: 'vp-player'`. The player answers only the window that sent it
 * a command, at that window's origin, so it never broadcasts the playhead to a page that did not ask.
 */

export const PLAYER_MESSAGE = 'vp-player';

/** A draft cue shown over the video: times in milliseconds, text with the WebVTT tags it carries. */
export interface DraftCue {
  start: number;
  end: number;
  text: string;
}

/** What the embedding page sends. Any command subscribes its sender to the events. */
export type PlayerCommand =
  | { type: typeof PLAYER_MESSAGE; command: 'listen' }
  | { type: typeof PLAYER_MESSAGE; command: 'play' }
  | { type: typeof PLAYER_MESSAGE; command: 'pause' }
  /** Seconds, as the video's currentTime. */
  | { type: typeof PLAYER_MESSAGE; command: 'seek'; time: number }
  /** Shows these cues instead of the page's own subtitle tracks (`[]` still hides them); `lang` labels the track. */
  | { type: typeof PLAYER_MESSAGE; command: 'cues'; cues: readonly DraftCue[]; lang?: string };

/** What the player sends back. Times are seconds. */
export type PlayerEvent =
  /** The video's metadata is known (sent again to each new listener). */
  | { type: typeof PLAYER_MESSAGE; event: 'ready'; duration: number }
  /** While playing (about four times a second), and on every pause, play and seek. */
  | { type: typeof PLAYER_MESSAGE; event: 'timeupdate'; time: number; paused: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

const isDraftCue = (value: unknown): value is DraftCue =>
  isRecord(value) && isTime(value.start) && isTime(value.end) && typeof value.text === 'string';

/** The command a message holds, or null for anything else (messages of other scripts on the page, malformed ones). */
export function readPlayerCommand(data: unknown): PlayerCommand | null {
  if (!isRecord(data) || data.type !== PLAYER_MESSAGE) return null;
  switch (data.command) {
    case 'listen':
    case 'play':
    case 'pause':
      return { type: PLAYER_MESSAGE, command: data.command };
    case 'seek':
      return isTime(data.time) ? { type: PLAYER_MESSAGE, command: 'seek', time: data.time } : null;
    case 'cues':
      return Array.isArray(data.cues) && data.cues.every(isDraftCue) && (data.lang === undefined || typeof data.lang === 'string')
        ? { type: PLAYER_MESSAGE, command: 'cues', cues: data.cues, ...(data.lang === undefined ? {} : { lang: data.lang }) }
        : null;
    default:
      return null;
  }
}

/** The event a message holds, or null. */
export function readPlayerEvent(data: unknown): PlayerEvent | null {
  if (!isRecord(data) || data.type !== PLAYER_MESSAGE) return null;
  if (data.event === 'ready' && isTime(data.duration)) return { type: PLAYER_MESSAGE, event: 'ready', duration: data.duration };
  if (data.event === 'timeupdate' && isTime(data.time) && typeof data.paused === 'boolean')
    return { type: PLAYER_MESSAGE, event: 'timeupdate', time: data.time, paused: data.paused };
  return null;
}
