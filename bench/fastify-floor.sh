#!/usr/bin/env bash
# How much of ours' CPU per list GET is Fastify's own (docs/performance.md, "Fastify's own floor"):
# the bare `limit` server, a Fastify server with one route and ours' head (bench/fastify-floor-server.mjs)
# and ours (`npm run serve`, 200 pets, an Enterprise key), all three on CPU 0 at once and measured in
# turn, ROUNDS (8) times: 2 s of wrk -t1 -c32 on CPU 1 to warm, then 5 s measured, server user and
# system time from /proc/PID/stat. The host drifts between rounds; compare within a round.
#   bench/fastify-floor.sh [CHECKOUT]
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHECKOUT="$(cd "${1:-$HERE}" && pwd)"
ROUNDS="${ROUNDS:-8}"
cd "$CHECKOUT"
# shellcheck source=bench/start-ours.sh
source "$HERE/bench/start-ours.sh"
# The other two first: they come up while ours starts and is seeded (the bare one is not polled).
PORT=4772 setsid taskset -c 0 node_modules/.bin/node "$HERE/../shared/bench/servers/limit.js" > /dev/null 2>&1 & BARE=$!
PORT=4773 setsid taskset -c 0 node_modules/.bin/node --max-semi-space-size=1 "$HERE/bench/fastify-floor-server.mjs" > /dev/null 2>&1 & FLOOR=$!
start_ours 4771
[ -z "$OURS" ] && OURS=$NPM_PID
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:4773/v1/pets" && break; sleep 0.2; done
measure() { # name pid port
  local url="http://127.0.0.1:$3/v1/pets?limit=20&status=available" u0 s0 u1 s1 out n
  taskset -c 1 wrk -t1 -c32 -H "Authorization: Bearer $KEY" -d2s "$url" > /dev/null
  read -r u0 s0 < <(awk '{print $14, $15}' "/proc/$2/stat")
  out=$(taskset -c 1 wrk -t1 -c32 -H "Authorization: Bearer $KEY" -d5s "$url")
  read -r u1 s1 < <(awk '{print $14, $15}' "/proc/$2/stat")
  n=$(echo "$out" | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')
  awk -v u=$((u1 - u0)) -v s=$((s1 - s0)) -v n="$n" -v name="$1" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "| %s | %.1f | %.1f | %.1f |", name, u * 1e6 / hz / n, s * 1e6 / hz / n, (u + s) * 1e6 / hz / n }'
}
echo "| round | server | user µs/GET | system µs/GET | total |"
echo "|--:|---|--:|--:|--:|"
for round in $(seq 1 "$ROUNDS"); do
  for server in "bare $BARE 4772" "fastify $FLOOR 4773" "ours $OURS 4771"; do
    # shellcheck disable=SC2086
    echo "| $round $(measure $server)"
  done
done
grep VmHWM "/proc/$OURS/status"
kill "$BARE" "$FLOOR"; stop_ours; wait 2>/dev/null
