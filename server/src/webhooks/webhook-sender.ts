import type { ClaimedDelivery, RetryPolicy, SettledAttempt } from '../db/webhook-delivery';
import type { WebhooksRepository } from '../db/webhooks-repository';
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
  /** Attempts waiting for the commit being written, and that commit: whoever comes meanwhile joins the next. */
  #waiting: { attempt: SettledAttempt; done: () => void; failed: (err: unknown) => void }[] = [];
  #committing = false;
  /** When the outbox was last copied (performance.now()), and the timer of the next copy while sending. */
  #copiedAt = 0;
  #copyDue: Promise<void> | null = null;

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
    await this.#copy();
    // A read first: claiming is an UPDATE, which an idle poll need not run (decision D61).
    if (!(await this.#o.repository.hasDue(this.#o.now()))) return;
    await this.#sendDue();
  }

  /** Copies the outbox's new events into deliveries, a page at a time, to the end of the log. */
  async #copy(): Promise<void> {
    this.#copiedAt = performance.now();
    while (!this.#stop.signal.aborted) {
      if ((await this.#o.outbox.copy(this.#o.now(), COPY_PAGE)) < COPY_PAGE) break;
    }
  }

  /**
   * Claims and sends due deliveries until none is left, up to `concurrency` at once: a claim takes as
   * many as there is room for in one statement, and settled attempts are written together (#settle), so
   * the writes grow with the batches, not with the deliveries (one claim and one commit each held a busy
   * node to a few hundred a second). The outbox is copied every pollMs meanwhile: a node that is always
   * sending would otherwise leave new events in the log until it ran out of deliveries.
   */
  async #sendDue(): Promise<void> {
    const { repository, now, timeoutMs, concurrency, pollMs } = this.#o;
    const sending = new Set<Promise<void>>();
    while (!this.#stop.signal.aborted) {
      if (performance.now() - this.#copiedAt >= pollMs) await this.#copy();
      const room = concurrency - sending.size;
      const claimed = room > 0 ? await repository.claim(now(), timeoutMs + LEASE_MARGIN_MS, room) : [];
      for (const delivery of claimed) {
        const sent: Promise<void> = this.#send(delivery).finally(() => sending.delete(sent));
        sending.add(sent);
      }
      if (!sending.size) return;
      // Room again, or the next copy due (what was claimed may be all there is for now: the next claim may
      // find the next of a file's chain, or a copied event).
      await Promise.race([...sending, this.#nextCopy()]);
    }
    await Promise.all(sending);
  }

  /** Resolves when the next copy is due; one timer however often it is asked for. */
  #nextCopy(): Promise<void> {
    this.#copyDue ??= new Promise<void>((resolve) => {
      const wait = Math.max(0, this.#o.pollMs - (performance.now() - this.#copiedAt));
      setTimeout(() => {
        this.#copyDue = null;
        resolve();
      }, wait).unref();
    });
    return this.#copyDue;
  }

  async #send(delivery: ClaimedDelivery): Promise<void> {
    // The timestamp is the wall clock's: receivers compare it with theirs (Standard Webhooks' tolerance).
    const headers = webhookHeaders(delivery.secret, delivery.event_id, Math.floor(Date.now() / 1000), delivery.payload);
    const result = await postWebhook(delivery.url, delivery.payload, headers, this.#o.policy, this.#o.timeoutMs, this.#stop.signal);
    if (this.#stop.signal.aborted) return;
    // Unsettled, the delivery's lease runs out and it goes again under the same Webhook-Id: said, not thrown.
    await this.#settle({ delivery, result, now: this.#o.now() }).catch(this.#o.onError);
  }

  #settle(attempt: SettledAttempt): Promise<void> {
    return new Promise((done, failed) => {
      this.#waiting.push({ attempt, done, failed });
      if (!this.#committing) void this.#commitWaiting();
    });
  }

  async #commitWaiting(): Promise<void> {
    this.#committing = true;
    while (this.#waiting.length) {
      const batch = this.#waiting.splice(0);
      try {
        await this.#o.repository.settle(
          batch.map((w) => w.attempt),
          this.#o.retry,
        );
        for (const w of batch) w.done();
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    }
    this.#committing = false;
  }
}
