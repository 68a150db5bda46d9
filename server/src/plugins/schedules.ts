import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ScheduleSweep } from '../schedules/schedule-sweep';

export interface ScheduleSettings {
  /** How often each node looks for due schedules, in ms (VP_SCHEDULE_POLL_MS, default 1000). */
  pollMs?: number | undefined;
  /** Schedules run in one transaction (VP_SCHEDULE_BATCH, default 500). */
  batch?: number | undefined;
}

/**
 * Files' schedules (activate_at, deactivate_at; decision D56): every node sweeps the due ones, from its
 * start to its close; `app.runDueSchedules()` runs the ones due now at once.
 */
async function schedules(app: FastifyInstance, settings: ScheduleSettings): Promise<void> {
  const sweep = new ScheduleSweep({
    files: app.files,
    activity: app.activity,
    clock: app.clock,
    pollMs: settings.pollMs ?? 1000,
    batch: settings.batch ?? 500,
    pacing: app.db.jobPacing,
    onError: (err) => app.log.warn({ err }, 'running due schedules failed'),
  });
  app.decorate('runDueSchedules', () => sweep.sweep());
  app.addHook('onReady', async () => sweep.start());
  app.addHook('onClose', () => sweep.stop());
}

export default fp(schedules, { name: 'schedules', dependencies: ['database', 'activity'] });
