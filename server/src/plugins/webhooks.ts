import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebhookOutbox } from '../db/webhook-outbox';
import { WebhooksRepository } from '../db/webhooks-repository';
import { WebhookSender } from '../webhooks/webhook-sender';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** VP_WEBHOOK_BACKOFF's default: about 24 h of retries in all. */
export const DEFAULT_WEBHOOK_BACKOFF_MS = [5, 300, 1800, 7200, 18_000, 36_000, 21_600].map((s) => s * 1000);

export interface WebhookSettings {
  /** The wait before each retry (VP_WEBHOOK_BACKOFF). */
  backoffMs?: number[];
  /** One delivery's POST may take this long (VP_WEBHOOK_TIMEOUT_SECONDS, default 10 s). */
  timeoutMs?: number;
  /** An endpoint failing this long is paused (VP_WEBHOOK_PAUSE_DAYS, default 3 days). */
  pauseAfterMs?: number;
  /** Hosts deliveries may reach although they resolve to loopback or private addresses (VP_WEBHOOK_ALLOW_HOSTS). */
  allowHosts?: string[];
  /** How often the outbox and the due deliveries are looked at (default 250 ms). */
  pollMs?: number;
  /** Deliveries this node sends at once (VP_WEBHOOK_CONCURRENCY, default 64: decision D69). */
  concurrency?: number;
  /** Days an ended delivery stays in the log (VP_WEBHOOK_LOG_DAYS, default 30). */
  logDays?: number;
  /** Endpoints one account may have (VP_MAX_WEBHOOKS, default 20). */
  maxPerAccount?: number;
  /** false: this node sends nothing (other nodes do); the routes still work. */
  send?: boolean;
}

export interface WebhooksPluginOptions {
  settings: WebhookSettings;
}

/**
 * Webhooks (`app.webhooks`, /api/webhooks; decision D58): every node runs a sender that copies the
 * file event log into deliveries and sends them (webhook-sender.ts), and prunes ended deliveries hourly.
 */
async function webhooks(app: FastifyInstance, options: WebhooksPluginOptions): Promise<void> {
  const s = options.settings;
  const repository = new WebhooksRepository(app.db);
  app.decorate('webhooks', repository);
  app.decorate('webhookSettings', {
    allowHosts: (s.allowHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
    timeoutMs: s.timeoutMs ?? 10_000,
    maxPerAccount: s.maxPerAccount ?? 20,
  });
  const sender =
    s.send === false
      ? null
      : new WebhookSender({
          outbox: new WebhookOutbox(app.db),
          repository,
          now: () => app.clock(),
          policy: { allowHosts: app.webhookSettings.allowHosts },
          retry: { backoffMs: s.backoffMs ?? DEFAULT_WEBHOOK_BACKOFF_MS, pauseAfterMs: s.pauseAfterMs ?? 3 * DAY_MS },
          timeoutMs: app.webhookSettings.timeoutMs,
          pollMs: s.pollMs ?? 250,
          concurrency: s.concurrency ?? 64,
          onError: (err) => app.log.error({ err }, 'webhook sender'),
        });
  const prune = () => {
    repository
      .prune(app.clock() - (s.logDays ?? 30) * DAY_MS)
      .catch((err: unknown) => app.log.warn({ err }, 'pruning webhook deliveries failed'));
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  if (sender) {
    app.addHook('onReady', async () => sender.start());
    app.addHook('preClose', async () => sender.stop());
  }
}

export default fp(webhooks, { name: 'webhooks', dependencies: ['database'] });
