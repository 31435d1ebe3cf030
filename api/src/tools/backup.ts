/**
 * Backup and restore of the database and the stored files.
 *
 *   node --import tsx api/src/tools/backup.ts backup  --out DIR
 *   node --import tsx api/src/tools/backup.ts restore --from DIR
 *
 * The database is dumped table by table as JSON lines (in pages, never whole in
 * memory), all from one consistent snapshot, and restored in foreign-key order into an empty, migrated database,
 * so a backup of the embedded PGlite restores into PostgreSQL and back. Files
 * are copied with their SHA-256; restore checks every row count and checksum
 * against the backup's manifest and fails loudly on any difference.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../infrastructure/database/client';
import { safeError } from '../infrastructure/log-safety';
import * as schema from '../infrastructure/database/schema';
import { storageFor, type Storage } from '../infrastructure/storage';

const PAGE = 1000;

export interface BackupManifest {
  format: 1;
  createdAt: string;
  tables: Record<string, number>;
  files: Record<string, string>;
}

/** Every table of the schema, parents before children. */
export function tablesInDependencyOrder(): PgTable[] {
  // Counters are derived by triggers as the applications are restored.
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTableClass)).filter((table) => !schema.DERIVED_TABLES.includes(getTableConfig(table).name));
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: PgTable[] = [];
  const visiting = new Set<string>();
  const visit = (table: PgTable) => {
    const name = getTableConfig(table).name;
    if (ordered.includes(table) || visiting.has(name)) return;
    visiting.add(name);
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = byName.get(getTableConfig(fk.reference().foreignTable).name);
      if (parent && parent !== table) visit(parent);
    }
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * One consistent snapshot: every table is read inside a single REPEATABLE READ
 * READ ONLY transaction (PostgreSQL and PGlite alike), so rows written while the
 * backup runs are either wholly in it or wholly absent: no file without its
 * application, no payment without its application. Stored files never change
 * once written; those the snapshot refers to are copied after it, and one
 * deleted meanwhile fails the backup loudly.
 */
export async function backup(db: Database, storage: Storage, outDir: string): Promise<BackupManifest> {
  mkdirSync(path.join(outDir, 'tables'), { recursive: true });
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), tables: {}, files: {} };
  const files = await db.transaction(
    async (tx) => {
      for (const table of tablesInDependencyOrder()) {
        const { name, columns } = getTableConfig(table);
        const order = columns.some((c) => c.name === 'id') ? 'id' : columns[0]!.name;
        const out = createWriteStream(path.join(outDir, 'tables', `${name}.jsonl`));
        let count = 0;
        for (let offset = 0; ; offset += PAGE) {
          const rows = rowsOf(await tx.execute(sql.raw(`select row_to_json(t)::text as row from ${quote(name)} t order by ${quote(order)} limit ${PAGE} offset ${offset}`)));
          for (const { row } of rows) out.write(`${row}\n`);
          count += rows.length;
          if (rows.length < PAGE) break;
        }
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        manifest.tables[name] = count;
      }
      return rowsOf(await tx.execute(sql`select storage_key, sha256 from application_files order by id`)) as { storage_key: string; sha256: string }[];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const { storage_key: key, sha256 } of files) {
    const target = path.join(outDir, 'files', ...key.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    const source = await storage.get(key);
    source.on('data', (chunk: Buffer) => hash.update(chunk));
    await pipeline(source, createWriteStream(target));
    const digest = hash.digest('hex');
    if (digest !== sha256) throw new Error(`Stored file ${key} does not match its recorded checksum`);
    manifest.files[key] = digest;
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(db: Database, storage: Storage, fromDir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(readFileSync(path.join(fromDir, 'manifest.json'), 'utf8')) as BackupManifest;
  for (const table of tablesInDependencyOrder()) {
    const { name } = getTableConfig(table);
    const existing = rowsOf(await db.execute(sql.raw(`select count(*)::int as n from ${quote(name)}`)))[0]!.n as number;
    if (existing > 0) throw new Error(`Restore needs an empty database, but ${name} has ${existing} rows`);
  }
  for (const table of tablesInDependencyOrder()) {
    const { name, columns } = getTableConfig(table);
    const file = path.join(fromDir, 'tables', `${name}.jsonl`);
    if (!existsSync(file)) continue;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await db.execute(sql`insert into ${sql.raw(quote(name))} select * from json_populate_recordset(null::${sql.raw(quote(name))}, ${`[${batch.join(',')}]`}::json)`);
      batch = [];
    };
    for await (const line of createInterface({ input: createReadStream(file) })) {
      if (!line) continue;
      batch.push(line);
      if (batch.length >= PAGE) await flush();
    }
    await flush();
    // Serial ids continue after the restored rows.
    if (columns.some((c) => c.name === 'id' && c.columnType === 'PgSerial')) {
      await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${name}', 'id'), coalesce((select max(id) from ${quote(name)}), 0) + 1, false)`));
    }
  }
  for (const [key, sha256] of Object.entries(manifest.files)) {
    const stored = await storage.put(key, createReadStream(path.join(fromDir, 'files', ...key.split('/'))));
    if (stored.sha256 !== sha256) throw new Error(`Restored file ${key} does not match the backup's checksum`);
  }
  await verify(db, manifest);
  return manifest;
}

/** Row counts of the restored database against the manifest. */
export async function verify(db: Database, manifest: BackupManifest): Promise<void> {
  for (const [name, expected] of Object.entries(manifest.tables)) {
    const actual = rowsOf(await db.execute(sql.raw(`select count(*)::int as n from ${quote(name)}`)))[0]!.n as number;
    if (actual !== expected) throw new Error(`Table ${name}: ${actual} rows restored, ${expected} in the backup`);
  }
}

async function main() {
  const [command, flag, dir] = process.argv.slice(2);
  if (!((command === 'backup' && flag === '--out') || (command === 'restore' && flag === '--from')) || !dir) {
    console.error('usage: backup.ts backup --out DIR | restore --from DIR   (database and storage from the usual environment)');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const storage = storageFor(config.storage);
    const manifest = command === 'backup' ? await backup(database.db, storage, path.resolve(dir)) : await restore(database.db, storage, path.resolve(dir));
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(`${command} done: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${Object.keys(manifest.files).length} files (${path.resolve(dir)})`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error) => {
    // A failed restore INSERT carries the row's values (hashes, NRC numbers) in its message.
    console.error(`Failed: ${safeError(error).message}`);
    process.exit(1);
  });
}
