#!/usr/bin/env bash
# Which of its two states a server started as `npm run serve` does ends up in (docs/performance.md,
# "Two states of one server"): a CPU profile of the list GET under wrk, then the profile's samples
# per 1,000 answers in Node's process.nextTick, in the garbage collector, in writev and in all.
#   bench/tick-state.sh [CHECKOUT] [-- NODE_FLAGS…]   (default flags: the serve script's)
# Before a list GET left its unread request stream alone (10 ticks an answer, now 3), nextTick near 1
# per 1,000 answers was the fast state and 15–25 the slow one; both read lower now
# (docs/performance.md, "Fewer ticks per answer"). PORT (4712) may be set.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The checkout is optional: `bench/x.sh -- options` measures this one.
if [ $# -gt 0 ] && [ "$1" != "--" ]; then CHECKOUT="$(cd "$1" && pwd)" || exit 2; shift; else CHECKOUT="$HERE"; fi
[ "${1:-}" = "--" ] && shift
FLAGS=("$@")
# The serve script's Node flags, as package.json has them.
[ ${#FLAGS[@]} -eq 0 ] && read -r -a FLAGS <<< "$(sed -n 's/.*"serve": "MALLOC_ARENA_MAX=1 exec node \(.*\) scripts\/launch.cjs serve".*/\1/p' "$CHECKOUT/package.json")"
PORT="${PORT:-4712}"
PROFILES="$(mktemp -d /tmp/adk-tick-prof.XXXXXX)"
# shellcheck source=bench/start-ours.sh
source "$HERE/bench/start-ours.sh"
cd "$CHECKOUT"
ours_data
# Not through npm: Node refuses --cpu-prof in NODE_OPTIONS.
MALLOC_ARENA_MAX=1 taskset -c 0 node_modules/.bin/node --cpu-prof --cpu-prof-dir="$PROFILES" --cpu-prof-interval=100 "${FLAGS[@]}" \
  scripts/launch.cjs serve --data-dir "$DATA" --port "$PORT" > "$DATA/serve.log" 2>&1 & SERVER_PID=$!
seed_ours "$PORT"
ANSWERS=$(taskset -c 1 wrk -t1 -c32 -d10s -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/v1/pets?limit=20&status=available" \
  | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')
kill -TERM "$SERVER_PID"; wait "$SERVER_PID"
node_modules/.bin/node -e '
const [file, answers] = [process.argv[1], Number(process.argv[2])];
const profile = JSON.parse(require("fs").readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
// The last 11 s: the load, not the start and the creations before it.
let at = profile.startTime;
const counts = {};
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  if (at >= profile.endTime - 11e6) counts[nodes.get(id)] = (counts[nodes.get(id)] ?? 0) + 1;
});
const per = (n) => ((1000 * (n ?? 0)) / answers).toFixed(1);
const busy = Object.entries(counts).reduce((sum, [name, n]) => (name === "(idle)" ? sum : sum + n), 0);
console.log(`${answers} answers; samples per 1,000: nextTick ${per(counts.nextTick)}, garbage collector ${per(counts["(garbage collector)"])}, writev ${per(counts.writev)}, all ${per(busy)}`);
' "$(ls "$PROFILES"/*.cpuprofile)" "$ANSWERS"
rm -rf "$DATA" "$PROFILES"
