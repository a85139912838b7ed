#!/usr/bin/env bash
# The shared harness's recipe (../shared/bench/README.md, "How Adoption Desk's speed targets are
# checked") against one checkout's `npm run serve`, with its defaults:
#   bench/shared-harness.sh [CHECKOUT] [OUT.json] [-- more run.sh options]
# An Enterprise key with huge figures on a fresh data dir, the server pinned to CPU 0 under npm,
# 200 pets created through POST /v1/pets, then run.sh --only limit with ours as the extra target.
# Prints run.sh's table, then the server process's own VmHWM (the target counts that process).
# HARNESS (default ../shared/bench), PORT (4710) and PORT_BASE (3100, the built-ins' ports) may be
# set, so that two checkouts or two people measuring at once do not collide.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHECKOUT="$(cd "${1:-$HERE}" && pwd)"; shift $(( $# > 0 ? 1 : 0 ))
OUT="${1:-$(mktemp -u /tmp/adk-harness-XXXXXX).json}"; shift $(( $# > 0 ? 1 : 0 ))
[ "${1:-}" = "--" ] && shift
HARNESS="${HARNESS:-$HERE/../shared/bench}"
PORT="${PORT:-4710}"
PORT_BASE="${PORT_BASE:-3100}"
DATA="$(mktemp -d /tmp/adk-harness-data.XXXXXX)"
cd "$CHECKOUT"
KEY=$(npm run --silent cli -- --data-dir "$DATA" keys create --plan enterprise --per-minute 100000000 --per-day 1000000000 | tail -1)
setsid taskset -c 0 npm run --silent serve -- --data-dir "$DATA" --port "$PORT" > "$DATA/serve.log" 2>&1 & NPM_PID=$!
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/v1/pets" && break; sleep 0.2; done
for _ in $(seq 1 200); do
  curl -s -o /dev/null -X POST -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    --data '{"name":"Rex","categoryId":1,"status":"available"}' "http://127.0.0.1:$PORT/v1/pets"
done
SERVER_PID=$(ps -o pid= --ppid "$NPM_PID" | tr -d ' ' | head -1)
"$HARNESS/run.sh" --only limit --port-base "$PORT_BASE" --out "$OUT" "$@" \
  --target ours="http://127.0.0.1:$PORT/v1/pets?limit=20&status=available" \
  --post-target ours="http://127.0.0.1:$PORT/v1/pets" --header "Authorization: Bearer $KEY" --pid ours="$NPM_PID"
echo "server process $SERVER_PID $(grep VmHWM "/proc/$SERVER_PID/status" | tr -s '\t ' ' ')"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
kill -TERM "$SERVER_PID" 2>/dev/null
wait "$NPM_PID" 2>/dev/null
rm -rf "$DATA"
