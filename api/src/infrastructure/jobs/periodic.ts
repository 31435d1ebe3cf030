/**
 * A background job of the app: runs `run` every `everyMs` (never two rounds at
 * once), logs a failed round instead of crashing, does not keep the process
 * alive, and on close stops the timer and waits for the round in progress.
 */
import type { FastifyInstance } from 'fastify';

export interface PeriodicJob<T> {
  everyMs: number;
  run: () => Promise<T>;
  /** Logs a finished round (for example only when it did something). */
  report?: (result: T) => void;
  /** What the warning says when a round fails. */
  failure: string;
  /** Extra clean-up after the last round has finished. */
  onClose?: () => Promise<void>;
}

export function runPeriodically<T>(app: FastifyInstance, job: PeriodicJob<T>): void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .then((result) => job.report?.(result))
      .catch((error: unknown) => app.log.warn({ err: error }, job.failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await job.onClose?.();
  });
}
