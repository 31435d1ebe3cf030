/**
 * The orphaned-upload sweep, on the local folder and on an S3-compatible
 * bucket: a file no application refers to is deleted once it is old enough
 * that no submission can still be writing it; the files of applications,
 * and young files, are never touched.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { sweepOrphanFiles } from '../src/modules/applications/orphan-files';
import { storageFor } from '../src/infrastructure/storage';
import { submitOk } from './fixtures/applications';
import { startS3Server, type LocalS3 } from './helpers/s3-server';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createFullWorld } from './helpers/world-full';

const HOUR = 60 * 60 * 1000;

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storageFor(t.config.storage).list('applications/')) keys.push(object.key);
  return keys.sort();
}

async function referencedKeys(t: TestApp): Promise<string[]> {
  return rows<{ storage_key: string }>(await t.ctx.db.execute(sql`select storage_key from application_files order by storage_key`)).map((r) => r.storage_key);
}

/** Every file under a folder, as full paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function sweepsAnOrphanOnlyWhenOld(name: string, start: () => Promise<{ t: TestApp; stop: () => Promise<void> }>) {
  describe(`orphaned uploads: ${name}`, () => {
    const started = start();
    after(async () => (await started).stop());

    it('deletes an old unreferenced file, keeps the application files and young files', async () => {
      const { t } = await started;
      const w = await createFullWorld(t);
      await submitOk(t, w.userA.token, [w.programA1.id]);
      const referenced = await referencedKeys(t);
      assert.ok(referenced.length >= 4, 'the applications have their files');
      // What a submission whose commit could not be confirmed leaves behind.
      const storage = storageFor(t.config.storage);
      const month = new Date().toISOString().slice(0, 7).replace('-', '');
      const orphan = `applications/${month}/${randomUUID()}`;
      await storage.put(orphan, Readable.from([Buffer.from('%PDF-1.4 kept after a lost commit')]));
      assert.deepEqual(await storedKeys(t), [...referenced, orphan].sort());

      // Young: a submission could still be writing it.
      const young = await sweepOrphanFiles(t.ctx, t.app.log);
      assert.deepEqual(young, { examined: referenced.length + 1, deleted: 0, partialDeleted: 0, resumableDeleted: 0 });
      assert.deepEqual(await storedKeys(t), [...referenced, orphan].sort());

      // A day later: the orphan goes, every application's files stay.
      const later = await sweepOrphanFiles(t.ctx, t.app.log, { now: new Date(Date.now() + 25 * HOUR) });
      assert.deepEqual(later, { examined: referenced.length + 1, deleted: 1, partialDeleted: 0, resumableDeleted: 0 });
      assert.deepEqual(await storedKeys(t), referenced);
      for (const key of referenced) await assert.doesNotReject(storage.get(key));
    });

    it('deletes the partial file of an upload a killed process never finished, once it is a day old', async () => {
      const { t } = await started;
      const storage = storageFor(t.config.storage);
      const before = new Set(filesUnder(t.dataDir));
      // An upload whose body stops arriving: what a process killed mid-upload leaves is exactly this partial file.
      const body = new PassThrough();
      body.write(Buffer.from('%PDF-1.4 the first half of an NRC scan'));
      const month = new Date().toISOString().slice(0, 7).replace('-', '');
      const pending = storage.put(`applications/${month}/${randomUUID()}`, body).catch((error: unknown) => error);
      let partial: string[] = [];
      // Wait (at most 5 s) for the write to start: on S3 the bucket is checked first.
      for (let i = 0; i < 250 && partial.length === 0; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
        partial = filesUnder(t.dataDir).filter((file) => !before.has(file) && file.endsWith('.part'));
      }
      assert.equal(partial.length, 1, 'the upload left a partial file');

      // Young: the upload may still be running.
      assert.equal((await sweepOrphanFiles(t.ctx, t.app.log)).partialDeleted, 0);
      assert.ok(existsSync(partial[0]!));
      // A day later it cannot be: it goes, and nothing else does.
      const keys = await storedKeys(t);
      const later = await sweepOrphanFiles(t.ctx, t.app.log, { now: new Date(Date.now() + 25 * HOUR) });
      assert.equal(later.partialDeleted, 1);
      assert.ok(!existsSync(partial[0]!), 'the partial file is gone');
      assert.deepEqual(await storedKeys(t), keys);

      body.destroy(new Error('the process was killed'));
      await pending;
    });
  });
}

sweepsAnOrphanOnlyWhenOld('local folder', async () => {
  const t = await startTestApp();
  return { t, stop: () => t.close() };
});

sweepsAnOrphanOnlyWhenOld('S3-compatible bucket', async () => {
  let s3: LocalS3 | undefined = await startS3Server();
  const t = await startTestApp({
    S3_ENDPOINT: s3.settings.endpoint,
    S3_BUCKET: `portal-sweep-${randomUUID().slice(0, 8)}`,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  });
  return {
    t,
    stop: async () => {
      await t.close();
      await s3?.stop();
      s3 = undefined;
    },
  };
});
