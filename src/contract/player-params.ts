import { LANGUAGE_CODE, START_MAX_SECONDS, type PlayerParams } from './config';

/**
 * The parameters of a player URL (`/player/{slug}?start=1m23s&autoplay=1`), read the same way by the
 * server that renders the page and by the kit's embed builder that writes and re-reads snippets. A
 * value that does not parse is dropped, never an error: an embed someone pasted with a typo still plays.
 * Pure functions; what the parameters are is config.ts's playerParamsSchema (the embed defaults).
 */

export type { PlayerParams };

/** The parameter names, in the order a URL lists them. */
export const PLAYER_PARAM_NAMES = [
  'start',
  'autoplay',
  'muted',
  'loop',
  'controls',
  'subtitles',
  'title',
] as const satisfies readonly (keyof PlayerParams)[];

const CLOCK = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{1,2}(?:\.\d{1,3})?)$/;
const UNITS = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,5}(?:\.\d{1,3})?)s)?$/;
const SECONDS = /^\d{1,5}(?:\.\d{1,3})?$/;

/**
 * A start time as people write it: seconds (`83`, `83.5`), a clock (`1:23`, `1:02:03`) or units
 * (`1m23s`, `1h2m`, `90s`). Anything else, a negative time or one beyond ten hours is `undefined`.
 */
export function parseStart(value: string): number | undefined {
  const text = value.trim().toLowerCase();
  const seconds = SECONDS.test(text) ? Number(text) : (fromClock(text) ?? fromUnits(text));
  return seconds !== undefined && seconds <= START_MAX_SECONDS ? seconds : undefined;
}

function fromClock(text: string): number | undefined {
  const [, hours, minutes = '', secs = ''] = CLOCK.exec(text) ?? [];
  if (!secs || Number(secs) >= 60 || (hours !== undefined && Number(minutes) >= 60)) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs);
}

function fromUnits(text: string): number | undefined {
  const [whole, hours, minutes, secs] = UNITS.exec(text) ?? [];
  if (!whole) return undefined; // the pattern also matches an empty text
  return Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(secs ?? 0);
}

/** `83.5` → `1m23.5s`: the form a snippet shows (shorter than seconds past a minute, and unambiguous). */
export function formatStart(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = Math.round((seconds % 60) * 1000) / 1000;
  return `${hours ? `${hours}h` : ''}${minutes ? `${minutes}m` : ''}${secs || (!hours && !minutes) ? `${secs}s` : ''}`;
}

/** `1`, `true`, `yes` or an empty value (`?loop`) is on; `0`, `false`, `no` is off; anything else is not said. */
function parseSwitch(value: string): boolean | undefined {
  const text = value.trim().toLowerCase();
  if (text === '' || text === '1' || text === 'true' || text === 'yes') return true;
  if (text === '0' || text === 'false' || text === 'no') return false;
  return undefined;
}

/** The parameters a query string asks for; the first of a repeated name counts. */
export function readPlayerParams(query: URLSearchParams): PlayerParams {
  const params: PlayerParams = {};
  const start = query.get('start');
  if (start !== null) params.start = parseStart(start);
  for (const name of ['autoplay', 'muted', 'loop', 'controls', 'title'] as const) {
    const value = query.get(name);
    if (value !== null) params[name] = parseSwitch(value);
  }
  const subtitles = query.get('subtitles')?.trim();
  if (subtitles && LANGUAGE_CODE.test(subtitles)) params.subtitles = subtitles.toLowerCase();
  for (const name of PLAYER_PARAM_NAMES) if (params[name] === undefined) delete params[name];
  return params;
}

/**
 * The query string (without `?`) that asks for `params`, naming only what differs from the player's
 * defaults, in a fixed order: `start=1m23s&autoplay=1&loop=1&controls=0`. `autoplay` already means
 * muted, so `muted` is not repeated beside it.
 */
export function playerParamsQuery(params: PlayerParams): string {
  const parts: string[] = [];
  if (params.start) parts.push(`start=${formatStart(params.start)}`);
  if (params.autoplay) parts.push('autoplay=1');
  if (params.muted && !params.autoplay) parts.push('muted=1');
  if (params.loop) parts.push('loop=1');
  if (params.controls === false) parts.push('controls=0');
  if (params.subtitles) parts.push(`subtitles=${encodeURIComponent(params.subtitles.toLowerCase())}`);
  if (params.title === false) parts.push('title=0');
  return parts.join('&');
}
