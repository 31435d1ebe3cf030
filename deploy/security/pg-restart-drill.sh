#!/usr/bin/env bash
# PostgreSQL restart drill (issue 9, faults): starts the built portal against a
# fresh database on the local PostgreSQL cluster, fires a load of concurrent
# application submissions (multipart, four files each), restarts the cluster
# with `pg_ctlcluster VERSION NAME restart` in the middle of it, and then checks:
#   - every 201 answer's application is in the database with its four files,
#     and its stored files exist;
#   - no application is half-written (missing choices, history or files), and
#     there is no stored file without its row;
#   - every failed request got a JSON message (no stack trace);
#   - the server reconnected by itself: /api/ready is 200 and new submissions succeed.
# Disruptive for everything using that cluster: run it on a machine of your own.
#
#   deploy/security/pg-restart-drill.sh
#   DRILL_PG_URL=postgres://postgres@127.0.0.1:5432/postgres DRILL_REQUESTS=120 deploy/security/pg-restart-drill.sh
#   DRILL_NO_RESTART=1 deploy/security/pg-restart-drill.sh   # everything but the restart
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PG_URL="${DRILL_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
REQUESTS="${DRILL_REQUESTS:-80}"
read -r PG_VERSION PG_CLUSTER < <(pg_lsclusters --no-header | awk '$4 == "online" { print $1, $2; exit }')
[ -n "${PG_VERSION:-}" ] || { echo "no online PostgreSQL cluster (pg_lsclusters)" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/portal-pgdrill.XXXXXX")"
DB="portal_drill_$(date +%s)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; fi
  psql "$PG_URL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ ! -f "$ROOT/api/dist/server.mjs" ] || [ -n "$(find "$ROOT/api/src" "$ROOT/shared-api/src" -newer "$ROOT/api/dist/server.mjs" -name '*.ts' -print -quit)" ]; then
  (cd "$ROOT" && npm run build -w api >"$WORK/build.log" 2>&1) || { cat "$WORK/build.log" >&2; exit 1; }
fi

psql "$PG_URL" -qc "create database $DB" >/dev/null
DB_URL="${PG_URL%/*}/$DB"
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
BASE="http://127.0.0.1:$PORT"
SU_EMAIL="drill-root@example.test"
SU_PASSWORD="Drill-Restart-$RANDOM-Pass"

(
  cd "$ROOT"
  NODE_ENV=production DATABASE_URL="$DB_URL" JWT_SECRET="drill-secret-$(head -c 24 /dev/urandom | base64)" \
    PORT="$PORT" HOST=127.0.0.1 PORTAL_DATA_DIR="$WORK/data" PORTAL_DEMO_DATA=false LENCO_SANDBOX=true \
    PORTAL_SUPERUSER_EMAIL="$SU_EMAIL" PORTAL_SUPERUSER_PASSWORD="$SU_PASSWORD" LOG_LEVEL=warn SHUTDOWN_GRACE_MS=0 \
    node api/dist/server.mjs >"$WORK/server.log" 2>&1
) &
SERVER_PID=$!
for _ in $(seq 1 300); do curl -fsS -o /dev/null "$BASE/api/ready" 2>/dev/null && break; sleep 0.2; done
curl -fsS -o /dev/null "$BASE/api/ready" || { echo "server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }

cat >"$WORK/load.mts" <<TS
import { multipartBody, sampleDocuments, applicationJson } from '$ROOT/api/test/fixtures/applications.ts';
const base = '$BASE';
async function json(method: string, url: string, body: unknown, token?: string, okStatus = 0) {
  const res = await fetch(base + url, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) }, body: JSON.stringify(body) });
  const data = await res.json() as Record<string, any>;
  if (res.status >= 300 && res.status !== okStatus) throw new Error(url + ' ' + res.status + ' ' + JSON.stringify(data));
  return data;
}
const mode = process.argv[2] ?? 'load';
const su = (await json('POST', '/api/auth/login', { email: '$SU_EMAIL', password: '$SU_PASSWORD' })).token;
const uni = await json('POST', '/api/universities', { name: 'Drill University ' + mode }, su);
const program = await json('POST', '/api/programs', { name: 'Drill Program', description: 'D', duration: 4, universityId: uni.id }, su);
await json('POST', '/api/auth/register', { firstName: 'Drill', lastName: 'Applicant', email: 'drill@example.test', phone: '+260971000009', password: 'Unusual-Pass-9183', consent: true }, undefined, 409);
const token = (await json('POST', '/api/auth/login', { email: 'drill@example.test', password: 'Unusual-Pass-9183' })).token;
const total = mode === 'after' ? 3 : Number('$REQUESTS');
const results: Array<{ status: number; id?: number; message?: string; bad?: string }> = [];
async function one(i: number) {
  const { payload, headers } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([program.id], { fullName: 'Drill ' + mode + ' ' + i })) }, ...sampleDocuments()]);
  try {
    const res = await fetch(base + '/api/applications', { method: 'POST', headers: { ...headers, authorization: 'Bearer ' + token }, body: payload });
    const text = await res.text();
    let body: any = {};
    try { body = JSON.parse(text); } catch { results.push({ status: res.status, bad: 'not JSON: ' + text.slice(0, 80) }); return; }
    if (/at \S+\.(ts|js|mjs):\d+/.test(text)) results.push({ status: res.status, bad: 'stack trace' });
    else if (res.status === 201) results.push({ status: 201, id: body.id });
    else results.push({ status: res.status, message: body.message, bad: typeof body.message === 'string' ? undefined : 'no message' });
  } catch (error) {
    results.push({ status: 0, message: String(error) });
  }
}
const running: Promise<void>[] = [];
for (let i = 0; i < total; i += 1) {
  running.push(one(i));
  if (running.length % 8 === 0) await new Promise((r) => setTimeout(r, 150));
}
await Promise.all(running);
console.log(JSON.stringify(results));
TS

echo "load: $REQUESTS submissions; restarting PostgreSQL $PG_VERSION/$PG_CLUSTER in the middle"
(cd "$ROOT/api" && node --import tsx "$WORK/load.mts" load >"$WORK/load.json" 2>"$WORK/load.err") &
LOAD_PID=$!
sleep "${DRILL_RESTART_AFTER:-2}"
if [ "${DRILL_NO_RESTART:-0}" = 1 ]; then
  echo "DRILL_NO_RESTART=1: the load runs without the restart (checks the drill itself)"
else
  pg_ctlcluster "$PG_VERSION" "$PG_CLUSTER" restart
fi
wait "$LOAD_PID" || { cat "$WORK/load.err" >&2; exit 1; }

for _ in $(seq 1 150); do curl -fsS -o /dev/null "$BASE/api/ready" 2>/dev/null && break; sleep 0.2; done
(cd "$ROOT/api" && node --import tsx "$WORK/load.mts" after >"$WORK/after.json" 2>"$WORK/after.err") || { cat "$WORK/after.err" >&2; exit 1; }

node - "$WORK/load.json" "$WORK/after.json" "$DB_URL" "$WORK/data/files" <<'JS'
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const [load, after, dbUrl, filesDir] = process.argv.slice(2);
const results = JSON.parse(fs.readFileSync(load, 'utf8'));
const again = JSON.parse(fs.readFileSync(after, 'utf8'));
const psql = (q) => execFileSync('psql', [dbUrl, '-Atc', q], { encoding: 'utf8' }).trim();
const problems = [];
const created = results.filter((r) => r.status === 201).map((r) => r.id);
const failed = results.filter((r) => r.status !== 201);
for (const r of results) if (r.bad) problems.push(`answer ${r.status}: ${r.bad}`);
for (const r of results) if (r.status === 0) problems.push(`no answer at all: ${r.message}`);
for (const id of created) {
  const n = Number(psql(`select count(*) from application_files where application_id = ${id}`));
  if (n !== 4) problems.push(`application ${id} answered 201 but has ${n} files`);
}
const half = psql(`select count(*) from applications a where (select count(*) from application_files f where f.application_id = a.id) <> 4
  or not exists (select 1 from application_choices c where c.application_id = a.id)
  or not exists (select 1 from application_history h where h.application_id = a.id)`);
if (half !== '0') problems.push(`${half} half-written applications`);
const rows = Number(psql('select count(*) from application_files'));
const walk = (d) => (fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [e.name])) : []);
const stored = walk(filesDir).length;
if (stored !== rows) problems.push(`${stored} stored files for ${rows} file rows`);
if (again.some((r) => r.status !== 201)) problems.push(`after the restart: ${JSON.stringify(again.filter((r) => r.status !== 201))}`);
const byStatus = {};
for (const r of failed) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
console.log(`pg restart drill: ${results.length} submissions, ${created.length} accepted (all whole), ${failed.length} refused ${JSON.stringify(byStatus)}; after restart ${again.filter((r) => r.status === 201).length}/${again.length} accepted; ${problems.length ? 'FAILED' : 'OK'}`);
for (const p of problems) console.log(`  - ${p}`);
process.exit(problems.length ? 1 : 0);
JS
