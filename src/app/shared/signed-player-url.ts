import { OPEN_ACCESS, type PlayerAccess } from '../../contract/player-access';

/**
 * The kit's own players of a signed file (the editor's preview, the cue editor) need a signed link
 * like any other page (decision D53): the kit mints a short one and adds it to the URL it frames.
 */

/** What governs a file: its own `player_access`, else its account's default, else anywhere. */
export const effectiveAccess = (own: PlayerAccess | null | undefined, accountDefault: PlayerAccess | null | undefined): PlayerAccess =>
  own ?? accountDefault ?? OPEN_ACCESS;

/** How long a link the kit mints for its own preview opens the player: a page opened in time plays on (its grant). */
export const PREVIEW_TOKEN_SECONDS = 3600;

/** A token this close to its expiry is minted again before a new page load (the page may take a while to open). */
const EXPIRY_MARGIN_MS = 60_000;

/** Whether a token expiring at `expiresAt` (ms) still opens a page loaded now. */
export const tokenUsable = (expiresAt: number, now: number): boolean => expiresAt - EXPIRY_MARGIN_MS > now;

/** The player URL with `?token=` (after its other parameters). */
export const withToken = (url: string, token: string): string => `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
