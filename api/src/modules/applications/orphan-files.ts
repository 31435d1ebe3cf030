/**
 * Removes uploaded files that no application refers to.
 *
 * A submission that fails after its files were stored deletes them, except
 * when the database cannot say whether the application was saved (a
 * connection lost during the commit): then the files are kept, because
 * deleting a saved applicant's documents would lose them for good. This
 * sweep settles those cases later: a file is deleted only when it is old
 * enough that no submission can still be in flight (a day by default) and
 * the database, asked at that moment, has no row referring to it.
 *
 * First, resumable uploads (the uploads module) that were never finished,
 * or finished but taken by no application, by that cutoff go with their bytes.
 *
 * The same sweep deletes partial uploads ('.part' files, staged copies)
 * that a killed process left behind, once they are as old as that cutoff.
 *
 * Several instances may sweep at once: each decision is re-checked against
 * the database and deleting twice is harmless, so no lock is needed.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { storageKeysInUse } from './queries';
import { runPeriodically } from '../../infrastructure/jobs/periodic';
import { storageFor, type ListedObject } from '../../infrastructure/storage';
import { sweepStaleUploads } from '../uploads';

const UPLOADS_PREFIX = 'applications/';
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  examined: number;
  deleted: number;
  /** Partial uploads (.part files, staged copies) of a process killed mid-upload. */
  partialDeleted: number;
  /** Resumable uploads never finished, or finished and never submitted, by the cutoff. */
  resumableDeleted: number;
}

export async function sweepOrphanFiles(ctx: Pick<AppContext, 'db' | 'config'>, log: FastifyBaseLogger, options: { olderThanMs?: number; now?: Date } = {}): Promise<SweepResult> {
  const storage = storageFor(ctx.config.storage);
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? DAY_MS);
  const resumableDeleted = await sweepStaleUploads(ctx, log, new Date(cutoff));
  let examined = 0;
  let deleted = 0;
  let batch: ListedObject[] = [];
  const settle = async () => {
    const old = batch.filter((object) => object.lastModified.getTime() <= cutoff);
    batch = [];
    if (old.length === 0) return;
    const inUse = new Set(
      await storageKeysInUse(
        ctx.db,
        old.map((object) => object.key),
      ),
    );
    for (const { key } of old) {
      if (inUse.has(key)) continue;
      await storage.delete(key);
      deleted += 1;
      log.info({ key }, 'deleted an uploaded file no application refers to');
    }
  };
  for await (const object of storage.list(UPLOADS_PREFIX)) {
    examined += 1;
    batch.push(object);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  // Older than the cutoff, no upload can still be writing it (an upload times out long before a day).
  const partialDeleted = await storage.sweepPartial(new Date(cutoff + 1));
  if (partialDeleted > 0) log.info({ partialDeleted }, 'deleted partial uploads left by an interrupted process');
  return { examined, deleted, partialDeleted, resumableDeleted };
}

/** Sweeps every ORPHAN_FILE_SWEEP_HOURS, and stops with the app. */
export function startOrphanFileSweep(app: FastifyInstance, ctx: AppContext): void {
  runPeriodically(app, {
    everyMs: ctx.config.uploads.orphanSweepHours * 60 * 60 * 1000,
    run: () => sweepOrphanFiles(ctx, app.log),
    report: (result) => {
      if (result.deleted > 0) app.log.info(result, 'orphaned uploads swept');
    },
    failure: 'orphaned upload sweep failed',
  });
}
