import type { RetryPolicy, WebhooksRepository, ClaimedDelivery } from '../db/webhooks-repository';
import type { WebhookOutbox } from '../db/webhook-outbox';
import type { UrlPolicy } from '../lib/url-policy';
import { webhookHeaders } from '../lib/webhook-signature';
import { postWebhook } from './post-webhook';

/** Events one copy of the outbox takes. */
const COPY_PAGE = 500;
/** A claimed delivery stays this node's this much longer than its timeout: a node that died lets it go after. */
const LEASE_MARGIN_MS = 30_000;

export interface WebhookSenderOptions {
  outbox: WebhookOutbox;
  repository: WebhooksRepository;
  /** The app's clock (ms): due times, leases and the log's times. */
  now: () => number;
  policy: Pick<UrlPolicy, 'allowHosts'>;
  retry: RetryPolicy;
  timeoutMs: number;
  /** How often the outbox and the due deliveries are looked at. */
  pollMs: number;
  /** Deliveries this node sends at once. */
  concurrency: number;
  onError: (err: unknown) => void;
}

/**
 * A node's part of the webhooks (decision D58): every pollMs it copies new events of the log into
 * deliveries (WebhookOutbox) and sends the due ones, `concurrency` at a time; each sent delivery is
 * settled (delivered, retried later, failed) in the repository. Any number of nodes run one.
 */
export class WebhookSender {
  readonly #o: WebhookSenderOptions;
  readonly #stop = new AbortController();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(options: WebhookSenderOptions) {
    this.#o = options;
  }

  start(): void {
    this.#schedule(0);
  }

  /** Stops looking; a delivery being sent is abandoned unsettled (its lease runs out and any node sends it again). */
  async stop(): Promise<void> {
    this.#stop.abort();
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(ms: number): void {
    if (this.#stop.signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#tick()
        .catch(this.#o.onError)
        .finally(() => this.#schedule(this.#o.pollMs));
    }, ms);
  }

  async #tick(): Promise<void> {
    const { outbox, repository } = this.#o;
    while (!this.#stop.signal.aborted) {
      if ((await outbox.copy(this.#o.now(), COPY_PAGE)) < COPY_PAGE) break;
    }
    // A read first: claiming is an UPDATE, which an idle poll need not run (decision D61).
    if (!(await repository.hasDue(this.#o.now()))) return;
    await Promise.all(Array.from({ length: this.#o.concurrency }, () => this.#sendDue()));
  }

  /** Claims and sends due deliveries until none is left. */
  async #sendDue(): Promise<void> {
    const { repository, now, timeoutMs } = this.#o;
    while (!this.#stop.signal.aborted) {
      const delivery = await repository.claim(now(), timeoutMs + LEASE_MARGIN_MS);
      if (!delivery) return;
      await this.#send(delivery);
    }
  }

  async #send(delivery: ClaimedDelivery): Promise<void> {
    // The timestamp is the wall clock's: receivers compare it with theirs (Standard Webhooks' tolerance).
    const headers = webhookHeaders(delivery.secret, delivery.event_id, Math.floor(Date.now() / 1000), delivery.payload);
    const result = await postWebhook(delivery.url, delivery.payload, headers, this.#o.policy, this.#o.timeoutMs, this.#stop.signal);
    if (this.#stop.signal.aborted) return;
    await this.#o.repository.settle(delivery, result, this.#o.now(), this.#o.retry);
  }
}
