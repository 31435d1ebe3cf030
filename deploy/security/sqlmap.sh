#!/usr/bin/env bash
# sqlmap against the running portal: builds the API if needed, starts it on a
# free port with a temporary data folder and the demo data (embedded database,
# or SQLMAP_DATABASE_URL when set), signs in as the demo SUPERUSER, and runs
# `sqlmap --batch --level=2 --risk=1` with the bearer header against the GET
# endpoints that take parameters. Exits 1 if sqlmap reports any injectable
# parameter (or cannot run), 0 otherwise; prints a one-line summary at the end.
#
#   deploy/security/sqlmap.sh            # all endpoints
#   SQLMAP_EXTRA="--technique=BEU" deploy/security/sqlmap.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SQLMAP="${SQLMAP:-$(command -v sqlmap || echo /usr/bin/sqlmap)}"
[ -x "$SQLMAP" ] || { echo "sqlmap not found (apt-get install sqlmap)" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/portal-sqlmap.XXXXXX")"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ ! -f "$ROOT/api/dist/server.mjs" ] || [ -n "$(find "$ROOT/api/src" "$ROOT/shared-api/src" -newer "$ROOT/api/dist/server.mjs" -name '*.ts' -print -quit)" ]; then
  echo "building the API..."
  (cd "$ROOT" && npm run build -w api >"$WORK/build.log" 2>&1) || { cat "$WORK/build.log" >&2; exit 1; }
fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
BASE="http://127.0.0.1:$PORT"

(
  cd "$ROOT"
  env -u DATABASE_URL \
    ${SQLMAP_DATABASE_URL:+DATABASE_URL="$SQLMAP_DATABASE_URL"} \
    NODE_ENV=production PORT="$PORT" HOST=127.0.0.1 PORTAL_DATA_DIR="$WORK/data" \
    PORTAL_DEMO_DATA=true LENCO_SANDBOX=true LOG_LEVEL=warn SHUTDOWN_GRACE_MS=0 \
    node api/dist/server.mjs >"$WORK/server.log" 2>&1
) &
SERVER_PID=$!

for _ in $(seq 1 600); do
  if curl -fsS -o /dev/null "$BASE/api/ready" 2>/dev/null; then break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "the server did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }
  sleep 0.2
done
curl -fsS -o /dev/null "$BASE/api/ready" || { echo "the server is not ready" >&2; exit 1; }

read -r SU_EMAIL SU_PASSWORD < <(node -e '
  const l = require(process.argv[1]).logins.find((x) => x.role === "SUPERUSER");
  console.log(l.email, l.password);' "$ROOT/deploy/demo-logins.json")
TOKEN="$(curl -fsS -H 'content-type: application/json' \
  -d "{\"email\":\"$SU_EMAIL\",\"password\":\"$SU_PASSWORD\"}" "$BASE/api/auth/login" |
  node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>console.log(JSON.parse(s).token))')"
[ -n "$TOKEN" ] && [ "$TOKEN" != "undefined" ] || { echo "could not sign in as the demo SUPERUSER" >&2; exit 1; }

ENDPOINTS=(
  "/api/applications?search=Lusaka&status=PENDING&page=1&size=20&sort=newest"
  "/api/applications/export.csv?search=Lusaka&status=PENDING"
  "/api/programs?search=Computer&page=1&size=20"
  "/api/users?search=demo&role=USER&page=1&size=20"
  "/api/users/students?search=demo&page=1&size=20"
  "/api/audit?page=1&size=20"
  "/api/courses?programId=1"
  "/api/universities/1*"
)

injectable=0
clean=0
failed=0
for endpoint in "${ENDPOINTS[@]}"; do
  log="$WORK/sqlmap-$clean-$injectable-$failed.log"
  # The bearer must really open the endpoint, or sqlmap would only ever see 401s.
  code="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$BASE${endpoint//\*/}")"
  if [ "$code" != 200 ]; then echo "  $endpoint answers $code with the SUPERUSER token: not a valid target" >&2; failed=$((failed + 1)); continue; fi
  echo "sqlmap: $endpoint"
  # shellcheck disable=SC2086
  if ! "$SQLMAP" -u "$BASE$endpoint" --batch --level=2 --risk=1 --dbms=PostgreSQL \
      -H "Authorization: Bearer $TOKEN" --flush-session --disable-coloring --threads=4 \
      --output-dir="$WORK/sqlmap-out" ${SQLMAP_EXTRA:-} >"$log" 2>&1; then
    echo "  sqlmap failed to run:" >&2; tail -n 20 "$log" >&2; failed=$((failed + 1)); continue
  fi
  if grep -Eqi "identified the following injection point|is vulnerable|appears to be '.*' injectable|parameter '.*' is '.*' injectable" "$log"; then
    echo "  INJECTABLE:"; grep -Ei "injectable|injection point|Parameter:|Type:|Payload:" "$log" | sed 's/^/    /'
    injectable=$((injectable + 1))
  elif grep -Eqi "do not appear to be injectable|does not seem to be injectable" "$log"; then
    echo "  nothing injectable ($(grep -ci 'testing' "$log") tests)"
    clean=$((clean + 1))
  else
    echo "  inconclusive:" >&2; tail -n 15 "$log" >&2; failed=$((failed + 1))
  fi
done

echo "sqlmap summary: ${#ENDPOINTS[@]} endpoints, $clean clean, $injectable injectable, $failed inconclusive (level 2, risk 1, bearer SUPERUSER)"
[ "$injectable" -eq 0 ] && [ "$failed" -eq 0 ]
