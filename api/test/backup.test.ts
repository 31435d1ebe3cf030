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
import { openDatabase, type DatabaseHandle } from '../src/infrastructure/database/client';
import { applicationFiles, applications, payments, programs, subscribers } from '../src/infrastructure/database/schema';
import { LocalFolderStorage } from '../src/infrastructure/storage';
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
      .values(
        applicationRow(applicant.id, world.uniA.id, {
          fullName: 'Mwila Phiri',
          email: 'mwila@example.test',
          dateOfBirth: '2005-01-01',
          institutionAttended: 'Kabulonga',
          approvedProgramId: program!.id,
        }),
      )
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

/** An empty, migrated database of the same kind as the test app's: the runbook's step 2. */
async function emptyDatabaseLike(t: TestApp): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (t.databaseKind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    return { handle, drop: () => handle.close() };
  }
  const baseUrl = process.env.DATABASE_URL!;
  const name = `portal_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('a backup taken while applications, files and payments are written', () => {
  let t: TestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-live-'));
  const files = new LocalFolderStorage(path.join(work, 'files'));
  const SEEDED = 2500;
  let userId: number;
  let universityId: number;

  /** What the portal writes for one submission (an application and its two documents, in one transaction), then its fee. */
  async function submitAndPay(n: number) {
    const stored = await Promise.all([0, 1].map((i) => files.put(`live/${n}/doc-${i}`, Readable.from([Buffer.from(`document ${i} of submission ${n}`)]))));
    const application = await t.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values(applicationRow(userId, universityId, { fullName: `Concurrent ${n}` }))
        .returning();
      await tx.insert(applicationFiles).values(
        stored.map((file, i) => ({
          applicationId: row!.id,
          documentType: i === 0 ? ('NRC_FRONT' as const) : ('CERTIFICATE' as const),
          fileName: `doc-${i}`,
          storageKey: `live/${n}/doc-${i}`,
          contentType: 'application/pdf',
          size: file.size,
          sha256: file.sha256,
        })),
      );
      return row!;
    });
    await t.ctx.db.insert(payments).values({ applicationId: application.id, userId, reference: `live-${n}-${randomBytes(4).toString('hex')}`, amount: '150.75', currency: 'ZMW' });
  }

  before(async () => {
    t = await startTestApp();
    const world = await createWorld(t);
    userId = world.userA.id;
    universityId = world.uniA.id;
    // Enough rows for the dump to take several pages per table.
    for (let from = 0; from < SEEDED; from += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => applicationRow(userId, universityId, { fullName: `Seeded ${from + i}` }));
      const inserted = await t.ctx.db.insert(applications).values(rows).returning({ id: applications.id });
      await t.ctx.db.insert(payments).values(inserted.map(({ id }) => ({ applicationId: id, userId, reference: `seed-${id}`, amount: '150.75', currency: 'ZMW' })));
    }
  });
  after(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores one consistent moment: no application without its files, no payment without its application', async () => {
    let writing = true;
    let written = 0;
    let writtenDuringBackup = 0;
    let backupRunning = false;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        await submitAndPay(n);
        written += 1;
        if (backupRunning) writtenDuringBackup += 1;
      }
    })();
    // Step 1 of the runbook: back up the live database and its store.
    while (written < 3) await new Promise((resolve) => setImmediate(resolve));
    const dir = path.join(work, 'backup');
    backupRunning = true;
    const manifest = await backup(t.ctx.db, files, dir);
    backupRunning = false;
    writing = false;
    await writer;
    assert.ok(writtenDuringBackup > 0, 'submissions were written while the backup ran');

    // Steps 2 and 3: an empty database and store, restore (which checks every count and checksum).
    const target = await emptyDatabaseLike(t);
    try {
      await restore(target.handle.db, new LocalFolderStorage(path.join(work, 'restored')), dir);
      const count = async (query: ReturnType<typeof sql>) => rowsOf(await target.handle.db.execute(query))[0]!.n as number;
      const live = await count(sql`select count(*)::int as n from applications where full_name like 'Concurrent %'`);
      assert.ok(live >= 3, `the submissions made before the backup are in it (${live})`);
      assert.equal(await count(sql`select count(*)::int as n from applications where full_name like 'Seeded %'`), SEEDED);
      assert.equal(
        await count(sql`select count(*)::int as n from applications a where a.full_name like 'Concurrent %' and (select count(*) from application_files f where f.application_id = a.id) <> 2`),
        0,
        'every restored submission has both its documents',
      );
      assert.equal(
        await count(sql`select count(*)::int as n from application_files f where not exists (select 1 from applications a where a.id = f.application_id)`),
        0,
        'no document without its application',
      );
      assert.equal(await count(sql`select count(*)::int as n from payments p where not exists (select 1 from applications a where a.id = p.application_id)`), 0, 'no payment without its application');
      assert.equal(manifest.tables.application_files, live * 2);
      assert.equal(Object.keys(manifest.files).length, live * 2, 'every document of the snapshot is in the backup');
    } finally {
      await target.drop();
    }
  });
});
