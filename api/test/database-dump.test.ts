/**
 * The API tests start each file's embedded database from a dump of a
 * migrated, empty one (helpers/pglite-template.ts) instead of creating it: the
 * database they get must be the one a fresh start creates, with every table,
 * column, index, constraint and applied migration, and no rows but those
 * the migrations write.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/infrastructure/database/client';
import { emptyDatabaseDump } from './helpers/pglite-template';

/** What a database is made of, in a comparable form. */
async function shapeOf(handle: DatabaseHandle) {
  const rows = async (query: ReturnType<typeof sql>) => {
    const result = (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => JSON.stringify(row));
  };
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by 1, 2`),
    indexes: await rows(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`),
    constraints: await rows(
      sql`select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    extensions: await rows(sql`select extname from pg_extension order by 1`),
    migrations: await rows(sql`select hash from drizzle.__drizzle_migrations order by id`),
  };
}

describe('the empty database the API tests start from', () => {
  let fresh: DatabaseHandle;
  let fromDump: DatabaseHandle;
  before(async () => {
    fresh = await openDatabase({ kind: 'pglite-memory' });
    fromDump = await openDatabase({ kind: 'pglite-memory', from: await emptyDatabaseDump() });
  });
  after(async () => {
    await fresh?.close();
    await fromDump?.close();
  });

  it('is started from the dump, not created again', async () => {
    // initdb gives every new cluster its own identifier; a loaded dump keeps the dumped one.
    const identifier = async (handle: DatabaseHandle) =>
      String(((await handle.db.execute(sql`select system_identifier::text as id from pg_control_system()`)) as unknown as { rows: { id: string }[] }).rows[0]!.id);
    const again = await openDatabase({ kind: 'pglite-memory', from: await emptyDatabaseDump() });
    try {
      assert.equal(await identifier(again), await identifier(fromDump));
      assert.notEqual(await identifier(fresh), await identifier(fromDump));
    } finally {
      await again.close();
    }
  });

  it('is made exactly as a freshly created and migrated one', async () => {
    const expected = await shapeOf(fresh);
    assert.ok(expected.columns.length > 50 && expected.migrations.length > 0, 'the fresh database has its tables and migrations');
    assert.deepEqual(await shapeOf(fromDump), expected);
  });

  it('holds the rows the migrations write, and nothing else', async () => {
    const counts = async (handle: DatabaseHandle) => {
      const result = (await handle.db.execute(
        sql`select table_name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', table_schema, table_name), false, true, '')))[1]::text as n from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )) as unknown as { rows: { table_name: string; n: string }[] };
      return result.rows.map((row) => `${row.table_name}: ${row.n}`);
    };
    assert.deepEqual(await counts(fromDump), await counts(fresh));
  });
});
