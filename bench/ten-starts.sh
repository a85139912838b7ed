#!/usr/bin/env bash
# The speed targets by the judge's procedure (../shared/bench/README.md, "How Adoption Desk's speed
# targets are checked"), over several fresh starts of one checkout's `npm run serve`:
#   bench/ten-starts.sh [CHECKOUT] [-- more run.sh options]
# Each start: a fresh data dir, an Enterprise key with huge figures, the server pinned to CPU 0 under
# npm, 200 pets created through POST /v1/pets, then RUNS (3) runs of run.sh --only limit against that
# one start; its ratios are the best `limit` CPU µs/req over the runs ÷ the median of ours, for GET
# and for POST, and its VmHWM the server process's own after the last run. One line per start, then
# a summary: how many starts met GET ≥ 0.5×, POST ≥ 0.5× and VmHWM ≤ 100 MB together.
# STARTS (10), RUNS (3), PORT (4720), PORT_BASE (3120) and HARNESS (../shared/bench) may be set.
# TICK_STATE=1 also runs bench/tick-state.sh after each start (a start of its own: a profiler
# cannot join a running server), so that the table says which state such a start ends up in.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The checkout is optional: `bench/x.sh -- options` measures this one.
if [ $# -gt 0 ] && [ "$1" != "--" ]; then CHECKOUT="$(cd "$1" && pwd)" || exit 2; shift; else CHECKOUT="$HERE"; fi
[ "${1:-}" = "--" ] && shift
HARNESS="${HARNESS:-$HERE/../shared/bench}"
STARTS="${STARTS:-10}"
RUNS="${RUNS:-3}"
PORT="${PORT:-4720}"
PORT_BASE="${PORT_BASE:-3120}"
RESULTS="$(mktemp -d /tmp/adk-ten-starts.XXXXXX)"
# shellcheck source=bench/start-ours.sh
source "$HERE/bench/start-ours.sh"
cd "$CHECKOUT"
echo "| start | GET bare best / ours median µs | GET ratio | POST bare best / ours median µs | POST ratio | VmHWM MB | load | ticks |"
echo "|--:|--:|--:|--:|--:|--:|--:|---|"
for start in $(seq 1 "$STARTS"); do
  start_ours "$PORT"
  for run in $(seq 1 "$RUNS"); do
    "$HARNESS/run.sh" --only limit --port-base "$PORT_BASE" --out "$RESULTS/start-$start-run-$run.json" "$@" \
      --target ours="http://127.0.0.1:$PORT/v1/pets?limit=20&status=available" \
      --post-target ours="http://127.0.0.1:$PORT/v1/pets" --header "Authorization: Bearer $KEY" --pid ours="$NPM_PID" \
      > "$RESULTS/start-$start-run-$run.txt" 2>&1
  done
  HWM=$(sed -n 's/^VmHWM:[^0-9]*\([0-9]*\) kB/\1/p' "/proc/$OURS/status")
  stop_ours
  TICKS=""
  if [ "${TICK_STATE:-0}" = 1 ]; then
    TICKS=$(PORT=$((PORT + 1)) "$HERE/bench/tick-state.sh" "$CHECKOUT" 2>/dev/null | sed -n 's/.*nextTick \([0-9.]*\),.*/nextTick \1 per 1,000/p')
  fi
  node -e '
    const fs = require("fs");
    const [dir, start, hwm, ticks] = process.argv.slice(1);
    const rows = fs.readdirSync(dir).filter((f) => f.startsWith(`start-${start}-run-`) && f.endsWith(".json"))
      .flatMap((f) => JSON.parse(fs.readFileSync(`${dir}/${f}`, "utf8")).results);
    const cpu = (name, method) => rows.filter((r) => r.name === name && r.method === method).map((r) => r.server_cpu_us_per_req).sort((a, b) => a - b);
    const median = (v) => (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2);
    const line = { start: Number(start), hwm: Number(hwm) / 1024 };
    const cells = [];
    for (const method of ["GET", "POST"]) {
      const bare = cpu("limit", method)[0];
      const ours = median(cpu("ours", method));
      line[method] = bare / ours;
      cells.push(`${bare?.toFixed(1)} / ${ours?.toFixed(1)}`, `${(bare / ours).toFixed(3)}×`);
    }
    const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    console.log(`| ${start} | ${cells.join(" | ")} | ${line.hwm.toFixed(1)} | ${load} | ${ticks || "-"} |`);
    fs.appendFileSync(`${dir}/lines.jsonl`, JSON.stringify(line) + "\n");
  ' "$RESULTS" "$start" "${HWM:-0}" "$TICKS"
done
node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const met = lines.filter((l) => l.GET >= 0.5 && l.POST >= 0.5 && l.hwm <= 100).length;
  const range = (k) => `${Math.min(...lines.map((l) => l[k])).toFixed(3)}–${Math.max(...lines.map((l) => l[k])).toFixed(3)}`;
  console.log(`\n${met} of ${lines.length} starts met GET ≥ 0.5×, POST ≥ 0.5× and VmHWM ≤ 100 MB; GET ${range("GET")}×, POST ${range("POST")}×, VmHWM ${range("hwm")} MB`);
' "$RESULTS/lines.jsonl"
echo "run.sh tables and JSON: $RESULTS"
