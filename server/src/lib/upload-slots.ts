/**
 * A cap on the uploads one account has in flight on this server process: each upload holds a socket,
 * a temp file and up to 5 MB of disk until it ends, so one account cannot tie up the server's
 * descriptors and disk by opening hundreds at once.
 */
export class UploadSlots {
  readonly #max: number;
  readonly #inFlight = new Map<number, number>();

  constructor(maxPerAccount: number) {
    this.#max = maxPerAccount;
  }

  /** A release function when the account has a free slot, or null when it has `max` in flight. */
  take(accountId: number): (() => void) | null {
    const used = this.#inFlight.get(accountId) ?? 0;
    if (used >= this.#max) return null;
    this.#inFlight.set(accountId, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(accountId) ?? 1) - 1;
      if (left > 0) this.#inFlight.set(accountId, left);
      else this.#inFlight.delete(accountId);
    };
  }
}
