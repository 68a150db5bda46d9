import type { ViewBeat } from '../../../src/contract/view-beats';

export const PLAYED_MORE_THAN_ELAPSED = 'The beat says more seconds were played than elapsed';
export const POSITION_PAST_END = 'The beat’s position is past the end of the video';

/** Seconds of network jitter allowed between the client's clock and this node's. */
const SLACK_SECONDS = 2;
/** Sessions whose last beat this node remembers (the oldest are forgotten first). */
const REMEMBERED = 100_000;

/**
 * Refuses beats no player can send (decision D54): more seconds played than elapsed, by the client's
 * word and, when this node saw the session's previous beat, by its own clock; a position past the
 * video's end. Returns the reason, or null for a beat that may be counted.
 */
export class BeatCheck {
  readonly #lastBeatAt = new Map<string, number>();

  problem(beat: ViewBeat, fileId: number, duration: number | null, now: number): string | null {
    if (beat.played > beat.elapsed + 0.5) return PLAYED_MORE_THAN_ELAPSED;
    if (duration !== null && beat.position > duration + 1) return POSITION_PAST_END;
    const key = `${fileId} ${beat.session}`;
    const last = this.#lastBeatAt.get(key);
    if (last !== undefined && beat.played > (now - last) / 1000 + SLACK_SECONDS) return PLAYED_MORE_THAN_ELAPSED;
    this.#lastBeatAt.delete(key);
    this.#lastBeatAt.set(key, now);
    if (this.#lastBeatAt.size > REMEMBERED) this.#lastBeatAt.delete(this.#lastBeatAt.keys().next().value!);
    return null;
  }
}
