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
# The checkout is optional: `bench/x.sh -- options` measures this one.
if [ $# -gt 0 ] && [ "$1" != "--" ]; then CHECKOUT="$(cd "$1" && pwd)" || exit 2; shift; else CHECKOUT="$HERE"; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then OUT="$1"; shift; else OUT="$(mktemp -u /tmp/adk-harness-XXXXXX).json"; fi
[ "${1:-}" = "--" ] && shift
HARNESS="${HARNESS:-$HERE/../shared/bench}"
PORT="${PORT:-4710}"
PORT_BASE="${PORT_BASE:-3100}"
# shellcheck source=bench/start-ours.sh
source "$HERE/bench/start-ours.sh"
cd "$CHECKOUT"
start_ours "$PORT"
"$HARNESS/run.sh" --only limit --port-base "$PORT_BASE" --out "$OUT" "$@" \
  --target ours="http://127.0.0.1:$PORT/v1/pets?limit=20&status=available" \
  --post-target ours="http://127.0.0.1:$PORT/v1/pets" --header "Authorization: Bearer $KEY" --pid ours="$NPM_PID"
echo "server process $OURS $(grep VmHWM "/proc/$OURS/status" | tr -s '\t ' ' ')"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
stop_ours
