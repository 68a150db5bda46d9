import { timingSafeEqual } from 'node:crypto';
import type { WorkerTokensRepository } from '../db/worker-tokens-repository';
import type { Clock } from '../lib/clock';
import { hashApiKey } from '../lib/tokens';

/** A token's last use is written at most this often (per token, on each node, and across nodes). */
export const LAST_USE_EVERY_MS = 60_000;

/** Who a pipeline API call comes from: the shared VP_PIPELINE_TOKEN (null), or a worker token's name. */
export type PipelineCaller = { worker: string | null };

/**
 * The credentials of the pipeline API: the shared VP_PIPELINE_TOKEN and the named worker tokens. A
 * worker token is looked up (by its SHA-256) at every call, so one revoked on any node or by the CLI is
 * refused at its next call on every node; its last use is written at most once a minute, not per call.
 */
export class PipelineCredentials {
  readonly #sharedHash: Buffer | null;
  readonly #tokens: WorkerTokensRepository;
  readonly #clock: Clock;
  /** When this node last wrote each token's use. */
  readonly #lastWritten = new Map<string, number>();

  constructor(sharedToken: string, tokens: WorkerTokensRepository, clock: Clock) {
    this.#sharedHash = sharedToken ? hashApiKey(sharedToken) : null;
    this.#tokens = tokens;
    this.#clock = clock;
  }

  /** The caller of a token given in x-pipeline-token; null when it is no live token. */
  async caller(given: string): Promise<PipelineCaller | null> {
    const hash = hashApiKey(given);
    if (this.#sharedHash && timingSafeEqual(hash, this.#sharedHash)) return { worker: null };
    const name = await this.#tokens.liveName(hash);
    if (name === undefined) return null;
    const now = this.#clock();
    if (now - (this.#lastWritten.get(name) ?? -Infinity) >= LAST_USE_EVERY_MS) {
      this.#lastWritten.set(name, now);
      await this.#tokens.used(name, now, LAST_USE_EVERY_MS);
    }
    return { worker: name };
  }
}
