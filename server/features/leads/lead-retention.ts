import type { FastifyBaseLogger } from 'fastify';
import type { LeadRepository } from './lead.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes leads older than LEADS_RETENTION_DAYS (issue 12). It runs inside every server
 * instance, shortly after start and then every hour, on an unref'd timer, so it never keeps
 * a process alive. Several instances may run it at once: it is one `delete … where created < ?`,
 * which deletes each old lead once and otherwise finds nothing.
 */
export function createLeadRetention(deps: { leads: LeadRepository; retentionDays: number; log: FastifyBaseLogger; intervalMs?: number }) {
  const { leads, retentionDays, log } = deps;
  const intervalMs = deps.intervalMs ?? 60 * 60 * 1000;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  /** Deletes what is older than the retention period at `now`; answers how many. */
  async function runOnce(now = Date.now()): Promise<number> {
    const deleted = await leads.deleteOlderThan(now - retentionDays * DAY_MS);
    if (deleted > 0) log.info({ deleted, retentionDays }, 'deleted leads past their retention period');
    return deleted;
  }
  const tick = () => {
    running = runOnce().catch((error: unknown) => log.error({ err: error }, 'could not delete old leads; trying again later'));
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      // A minute after start, so a rolling restart of many instances does not run it all at once.
      first = setTimeout(tick, Math.min(60_000, intervalMs)).unref();
      timer = setInterval(tick, intervalMs).unref();
    },
    /** Stops the timer and waits for a run in progress (the database closes next). */
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type LeadRetention = ReturnType<typeof createLeadRetention>;
