/** Why a new stream is refused: its key, or its client address, has as many open as allowed. */
export type StreamRefusal = 'key' | 'address';

/** An open event stream, as the registry knows it. */
export interface OpenStream {
  /** The hash of the API key it was opened with. */
  keyHash: Buffer;
  /** The client's address (after VP_TRUST_PROXY). */
  address: string;
  /** Its key has ended: the stream tells its client so and closes. */
  endSession(): void;
}

export interface StreamRegistryOptions {
  maxPerKey: number;
  maxPerAddress: number;
  /** How often the keys of the open streams are checked: a session also ends by time, or on another node. */
  checkMs: number;
  /** The keys, of those given, whose session has ended. */
  endedKeys(keyHashes: Buffer[]): Promise<Buffer[]>;
  onError(err: unknown): void;
}

/**
 * The open event streams of this node, by key and by client address: each stream holds a socket
 * for as long as its client stays, so each key and each address may hold only so many (a new one
 * past the cap is refused; the open ones are never cut for it). A stream lives only as long as its
 * key: the keys are checked every `checkMs`, and at once when `check` is called (sessions ended).
 */
export class EventStreamRegistry {
  readonly #options: StreamRegistryOptions;
  readonly #byKey = new Map<string, Set<OpenStream>>();
  readonly #byAddress = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | null = null;
  #again = false;
  #closed = false;

  constructor(options: StreamRegistryOptions) {
    this.#options = options;
  }

  /** A release function (call it when the stream closes), or why the stream may not open. */
  admit(stream: OpenStream): StreamRefusal | (() => void) {
    const key = stream.keyHash.toString('hex');
    let ofKey = this.#byKey.get(key);
    if ((ofKey?.size ?? 0) >= this.#options.maxPerKey) return 'key';
    const ofAddress = this.#byAddress.get(stream.address) ?? 0;
    if (ofAddress >= this.#options.maxPerAddress) return 'address';
    if (!ofKey) this.#byKey.set(key, (ofKey = new Set()));
    ofKey.add(stream);
    this.#byAddress.set(stream.address, ofAddress + 1);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.check(), this.#options.checkMs);
      this.#timer.unref();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      ofKey.delete(stream);
      if (!ofKey.size && this.#byKey.get(key) === ofKey) this.#byKey.delete(key);
      const left = (this.#byAddress.get(stream.address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(stream.address, left);
      else this.#byAddress.delete(stream.address);
      if (!this.#byKey.size) this.#stopTimer();
    };
  }

  /** Checks the keys of the open streams now; a check in flight is followed by one more. */
  check(): void {
    if (this.#closed) return;
    if (this.#checking) {
      this.#again = true;
      return;
    }
    this.#checking = this.#endStreamsOfEndedKeys()
      .catch((err: unknown) => this.#options.onError(err))
      .finally(() => {
        this.#checking = null;
        if (this.#again) {
          this.#again = false;
          this.check();
        }
      });
  }

  /** Stops checking (the server is closing: the hub ends the streams). */
  close(): void {
    this.#closed = true;
    this.#stopTimer();
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #endStreamsOfEndedKeys(): Promise<void> {
    const keys = [...this.#byKey.values()].map((streams) => streams.values().next().value!.keyHash);
    if (!keys.length) return;
    for (const keyHash of await this.#options.endedKeys(keys)) {
      for (const stream of [...(this.#byKey.get(keyHash.toString('hex')) ?? [])]) stream.endSession();
    }
  }
}
