#!/bin/bash
# CPU time per uncached product page, two builds side by side (ADR 064). On a shared machine the servers'
# requests/s follow the share of a core the scheduler gives them; the CPU time each spends per request
# (utime + stime from /proc/{pid}/stat over a round, divided by the requests wrk counted) moves far less.
#
# Usage: bench/cpu-per-request.sh BASE_TREE CURRENT_TREE [ROUNDS=4] [SECONDS=15]
#   Both trees built (`npm run build` / `npx react-router build`), each with its node_modules.
#   Env: DATABASE_URL (a seeded bench catalogue, e.g. postgres://postgres@127.0.0.1:5432/postavka_bench),
#   DATA_DIR (the catalogue's files, default CURRENT_TREE/.data/bench/postgres-files), PORT_BASE (default
#   3404; the current build gets PORT_BASE + 1). Servers as bench/http-compare.ts starts them (production,
#   page cache off), pinned to core 0, wrk (1 thread × 32 connections) on core 1, over 1,000 published
#   products; each page opened once and a 5 s warm-up per server, then alternating rounds. MAX_IN_FLIGHT=0 as
#   http-compare sets it (no load shedding); the non-2xx column counts answers that were not pages.
set -euo pipefail
BASE_TREE=$(realpath "$1"); CURRENT_TREE=$(realpath "$2"); ROUNDS=${3:-4}; D=${4:-15}
: "${DATABASE_URL:?DATABASE_URL of the bench catalogue}"
DATA_DIR=${DATA_DIR:-$CURRENT_TREE/.data/bench/postgres-files}
PORT_BASE=${PORT_BASE:-3404}
WORK=$(mktemp -d)
psql "$DATABASE_URL" -Atc "select p.id from products p tablesample system (5) repeatable (7)
  where p.status = 'published' and p.company_id not in (select id from companies where status <> 'published')
  order by md5(p.id::text) limit 1000" > "$WORK/ids.txt"
cat > "$WORK/product.lua" <<LUA
local ids = {}
for line in io.lines("$WORK/ids.txt") do ids[#ids + 1] = line end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/ru/product/" .. ids[(n % #ids) + 1])
end
LUA
start() { # tree port → pid
  (cd "$1" && NODE_ENV=production OUTBOX=true HOST=127.0.0.1 PORT=$2 DATABASE_URL=$DATABASE_URL DATA_DIR=$DATA_DIR \
    MIGRATE_ON_START=false PAGE_CACHE_TTL_S=0 MAX_IN_FLIGHT=0 LOG_LEVEL=warn exec taskset -c 0 ./node_modules/.bin/node server.ts \
    > "$WORK/server-$2.log" 2>&1) &
  echo $!
}
B=$(start "$BASE_TREE" "$PORT_BASE"); C=$(start "$CURRENT_TREE" $((PORT_BASE + 1)))
trap 'kill $B $C 2>/dev/null; rm -rf "$WORK"' EXIT
for port in "$PORT_BASE" $((PORT_BASE + 1)); do
  for _ in $(seq 180); do curl -sf -o /dev/null "http://127.0.0.1:$port/readyz" && break; sleep 1; done
  while read -r id; do curl -s -o /dev/null "http://127.0.0.1:$port/ru/product/$id"; done < "$WORK/ids.txt"
  taskset -c 1 wrk -t1 -c32 -d5s -s "$WORK/product.lua" "http://127.0.0.1:$port" > /dev/null
done
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
tick=$(getconf CLK_TCK)
echo "| round | build | load (1 min) | requests | non-2xx | req/s | p99 | CPU ms / request |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for r in $(seq "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="base current"; else order="current base"; fi
  for side in $order; do
    if [ "$side" = base ]; then pid=$B; port=$PORT_BASE; else pid=$C; port=$((PORT_BASE + 1)); fi
    c0=$(cpu "$pid"); load=$(cut -d' ' -f1 /proc/loadavg)
    out=$(taskset -c 1 wrk -t1 -c32 -d"${D}s" --latency -s "$WORK/product.lua" "http://127.0.0.1:$port")
    c1=$(cpu "$pid")
    n=$(echo "$out" | awk '/requests in/{print $1}')
    rps=$(echo "$out" | awk '/Requests\/sec/{print $2}')
    p99=$(echo "$out" | awk '$1=="99%"{print $2}')
    bad=$(echo "$out" | awk '/Non-2xx/{print $NF}'); bad=${bad:-0}
    echo "| $r | $side | $load | $n | $bad | $rps | $p99 | $(echo "scale=2; ($c1 - $c0) * 1000 / $tick / $n" | bc) |"
  done
done
