/**
 * The API tests open one new in-memory database per test file (each file is
 * its own process). Creating a database cluster is most of the seconds that
 * takes; a migrated, empty cluster dumped once and loaded by every later
 * file takes about one. The dump is kept in the temporary folder, named by
 * what it is made of (the migrations and the PGlite version), so a changed
 * migration or an upgraded PGlite makes a new one; older dumps are removed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ROOT } from '../../src/config';
import { dumpPgliteDataDir } from '../../src/infrastructure/database/client';

const PREFIX = 'portal-pglite-empty-';

/** The installed PGlite's version (its package does not export its package.json). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(path.join(API_ROOT, 'package.json')).resolve('@electric-sql/pglite'));
  while (path.basename(dir) !== 'pglite' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function templateName(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const migrations = path.join(API_ROOT, 'drizzle');
  const files = readdirSync(migrations, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrations, file)).update(readFileSync(file));
  return `${PREFIX}${hash.digest('hex').slice(0, 16)}.tar`;
}

/** The dump to start an empty in-memory test database from, made on first use. */
export async function emptyDatabaseDump(): Promise<Blob> {
  const file = path.join(tmpdir(), templateName());
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet (or made by another version): make it now.
  }
  const dump = await dumpPgliteDataDir();
  for (const name of readdirSync(tmpdir())) if (name.startsWith(PREFIX) && name.endsWith('.tar')) rmSync(path.join(tmpdir(), name), { force: true });
  // Written aside and renamed: a file running beside this one never reads half a dump.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
