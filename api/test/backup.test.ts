/**
 * A backup restored into an empty database and an empty store gives back the
 * same rows and the same files, from PGlite into PostgreSQL and into PGlite.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { applicationFiles, applications, programs, subscribers } from '../src/db/schema';
import { LocalFolderStorage } from '../src/services/storage';
import { backup, restore, tablesInDependencyOrder } from '../src/tools/backup';
import { applicationRow, createUser, createWorld } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
async function counts(handle: DatabaseHandle) {
  const out: Record<string, number> = {};
  for (const name of ['universities', 'users', 'programs', 'applications', 'application_files', 'subscribers']) {
    out[name] = rowsOf(await handle.db.execute(sql.raw(`select count(*)::int as n from "${name}"`)))[0]!.n as number;
  }
  return out;
}

describe('backup and restore', () => {
  let t: TestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  const sourceFiles = new LocalFolderStorage(path.join(work, 'source-files'));
  const fileData = [randomBytes(200_000), Buffer.from('%PDF-1.4 small document')];

  before(async () => {
    t = await startTestApp();
    const world = await createWorld(t);
    const applicant = await createUser(t, 'USER');
    const [program] = await t.ctx.db.insert(programs).values({ universityId: world.uniA.id, name: 'Computer Science', description: 'Software', durationYears: 4 }).returning();
    const [application] = await t.ctx.db
      .insert(applications)
      .values(applicationRow(applicant.id, world.uniA.id, { fullName: 'Mwila Phiri', email: 'mwila@example.test', dateOfBirth: '2005-01-01', institutionAttended: 'Kabulonga', approvedProgramId: program!.id }))
      .returning();
    for (const [i, data] of fileData.entries()) {
      const key = `applications/${application!.id}/doc-${i}`;
      const stored = await sourceFiles.put(key, Readable.from([data]));
      await t.ctx.db.insert(applicationFiles).values({
        applicationId: application!.id,
        documentType: i === 0 ? 'NRC_FRONT' : 'CERTIFICATE',
        fileName: `doc-${i}`,
        storageKey: key,
        contentType: i === 0 ? 'image/png' : 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
      });
    }
    await t.ctx.db.insert(subscribers).values({ name: 'Chanda', email: 'chanda@example.test' });
  });
  after(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('orders tables so every parent comes before its children', () => {
    const names = tablesInDependencyOrder().map((table) => (table as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')]);
    assert.ok(names.indexOf('universities') < names.indexOf('programs'));
    assert.ok(names.indexOf('users') < names.indexOf('applications'));
    assert.ok(names.indexOf('applications') < names.indexOf('application_files'));
  });

  it('restores the same rows and files into an empty PGlite and store', async () => {
    const dir = path.join(work, 'backup-1');
    const manifest = await backup(t.ctx.db, sourceFiles, dir);
    assert.equal(Object.keys(manifest.files).length, 2);

    const target = await openDatabase({ kind: 'pglite-memory' });
    const targetFiles = new LocalFolderStorage(path.join(work, 'restored-files'));
    try {
      await restore(target.db, targetFiles, dir);
      assert.deepEqual(await counts(target), await counts(t.ctx.database));
      for (const [i, data] of fileData.entries()) {
        const [row] = rowsOf(await target.db.execute(sql`select storage_key from application_files where file_name = ${`doc-${i}`}`));
        const hash = createHash('sha256');
        for await (const chunk of await targetFiles.get(row!.storage_key as string)) hash.update(chunk as Buffer);
        assert.equal(hash.digest('hex'), createHash('sha256').update(data).digest('hex'));
      }
      // Ids continue after the restored ones.
      const [next] = await target.db.insert(subscribers).values({ name: 'New', email: 'new@example.test' }).returning();
      assert.ok(next!.id > 1);
    } finally {
      await target.close();
    }
  });

  it('restores into an empty PostgreSQL database', async () => {
    const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `portal_restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const target = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const dir = path.join(work, 'backup-2');
      await backup(t.ctx.db, sourceFiles, dir);
      await restore(target.db, new LocalFolderStorage(path.join(work, 'restored-files-pg')), dir);
      assert.deepEqual(await counts(target), await counts(t.ctx.database));
    } finally {
      await target.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('refuses to restore over existing data', async () => {
    const dir = path.join(work, 'backup-3');
    await backup(t.ctx.db, sourceFiles, dir);
    await assert.rejects(restore(t.ctx.db, sourceFiles, dir), /needs an empty database/);
  });
});
