import { MIN_VIEW_SECONDS } from '../../../src/contract/view-beats';

/**
 * How beats become roll-ups (decision D54), as pure functions: each playback session's running state
 * (the seconds it played, the furthest 10 % bucket it reached, whether it is a view) and what a batch
 * of beats adds to the per file per day rows. A session belongs to the UTC day of its first beat.
 */

/** Buckets of the completion histogram: the furthest tenth of the video each view reached. */
export const BUCKETS = 10;

export interface BeatRow {
  beat_id: number;
  file_id: number;
  session_id: string;
  at: number;
  position: number;
  played: number;
  duration: number | null;
  ended: number;
  host: string;
  country: string;
}

export interface SessionRow {
  file_id: number;
  session_id: string;
  day: string;
  last_at: number;
  played: number;
  bucket: number;
  counted: number;
  host: string;
  country: string;
}

/** What a batch adds to one file's day (`reached` may take one from a bucket a view moved out of). */
export interface DayDelta {
  file_id: number;
  day: string;
  views: number;
  watch_seconds: number;
  sessions: number;
  reached: number[];
}

/** Views added to one file's day for one site or country. */
export interface TopDelta {
  file_id: number;
  day: string;
  name: string;
  views: number;
}

export interface RollUp {
  sessions: SessionRow[];
  days: DayDelta[];
  sites: TopDelta[];
  countries: TopDelta[];
}

/** `2026-06-01`: the UTC day of a time in ms. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

export const sessionKey = (fileId: number, sessionId: string): string => `${fileId} ${sessionId}`;

/** The tenth of the video a beat is in; the end is the last. */
function bucketOf(beat: BeatRow): number {
  if (beat.ended) return BUCKETS - 1;
  if (!beat.duration || beat.duration <= 0) return 0;
  return Math.max(0, Math.min(BUCKETS - 1, Math.floor((beat.position / beat.duration) * BUCKETS)));
}

function addTop(tops: Map<string, TopDelta>, fileId: number, day: string, name: string): void {
  if (!name) return;
  const key = `${fileId} ${day} ${name}`;
  const top = tops.get(key) ?? { file_id: fileId, day, name, views: 0 };
  top.views++;
  tops.set(key, top);
}

/** Merges `beats` (in the order they came) into the sessions `known` had, and says what the roll-ups gain. */
export function rollUp(beats: readonly BeatRow[], known: ReadonlyMap<string, SessionRow>): RollUp {
  const bySession = new Map<string, BeatRow[]>();
  for (const beat of beats) {
    const key = sessionKey(beat.file_id, beat.session_id);
    bySession.set(key, [...(bySession.get(key) ?? []), beat]);
  }
  const sessions: SessionRow[] = [];
  const days = new Map<string, DayDelta>();
  const sites = new Map<string, TopDelta>();
  const countries = new Map<string, TopDelta>();
  for (const [key, sessionBeats] of bySession) {
    const first = sessionBeats[0]!;
    const before = known.get(key);
    const session: SessionRow = before
      ? { ...before }
      : {
          file_id: first.file_id,
          session_id: first.session_id,
          day: dayOf(first.at),
          last_at: first.at,
          played: 0,
          bucket: 0,
          counted: 0,
          host: first.host,
          country: first.country,
        };
    let ended = false;
    let played = 0;
    for (const beat of sessionBeats) {
      played += beat.played;
      session.last_at = Math.max(session.last_at, beat.at);
      session.bucket = Math.max(session.bucket, bucketOf(beat));
      ended ||= beat.ended === 1;
    }
    session.played += played;
    if (session.played >= MIN_VIEW_SECONDS || ended) session.counted = 1;
    const dayKey = sessionKey(session.file_id, session.day);
    const day = days.get(dayKey) ?? {
      file_id: session.file_id,
      day: session.day,
      views: 0,
      watch_seconds: 0,
      sessions: 0,
      reached: Array<number>(BUCKETS).fill(0),
    };
    day.watch_seconds += played;
    if (!before) day.sessions++;
    if (session.counted) {
      if (before?.counted) day.reached[before.bucket]!--;
      else {
        day.views++;
        addTop(sites, session.file_id, session.day, session.host);
        addTop(countries, session.file_id, session.day, session.country);
      }
      day.reached[session.bucket]!++;
    }
    days.set(dayKey, day);
    sessions.push(session);
  }
  return { sessions, days: [...days.values()], sites: [...sites.values()], countries: [...countries.values()] };
}

/** The share of views that reached each tenth of the video (1 at the start), from the completion histogram. */
export function retentionCurve(reached: readonly number[]): number[] {
  const views = reached.reduce((a, b) => a + b, 0);
  let remaining = views;
  return reached.map((n) => {
    const share = views ? remaining / views : 0;
    remaining -= n;
    return Math.round(share * 1000) / 1000;
  });
}
