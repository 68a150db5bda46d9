/**
 * Cookieless view analytics (issue 41, decision D54): what the player page sends to `POST /api/beats`
 * and the rules both sides share. A *view* is one page load of the player that played at least
 * MIN_VIEW_SECONDS or reached the end; *watch time* is the seconds actually played (a seek adds
 * nothing). There is no cookie and no stored identifier: a second page load is a new view.
 */

/** Seconds a session must play (or reach the end) to count as a view. */
export const MIN_VIEW_SECONDS = 3;

/** A beat every this often while playing, and one on pause, end and page hide. */
export const BEAT_EVERY_MS = 10_000;

/**
 * The query parameter the kit adds to the player URLs it embeds (the editor's preview, the embed
 * builder's, the cue editor's): such a page sends no beat, so the operator's own playback never counts.
 */
export const KIT_PREVIEW_PARAM = 'vp_kit';

/** A random per-page-load session id: 32 hex digits (128 bits). */
export const SESSION_ID = /^[0-9a-f]{32}$/;

/** The body of one beat. */
export interface ViewBeat {
  /** The file's slug (the player URL's). */
  file: string;
  /** This page load's random id. */
  session: string;
  /** The playhead, in seconds. */
  position: number;
  /** Seconds played since the previous beat (or the page load): wall-clock time while playing, never a seek's jump. */
  played: number;
  /** Seconds since the previous beat (or the page load). */
  elapsed: number;
  /** Playback reached the end. */
  ended: boolean;
  /** The host of the page that embeds the player (its Referer), '' when opened directly. */
  host: string;
}
