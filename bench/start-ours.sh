#!/usr/bin/env bash
# Ours started and seeded the way the bench scripts measure it, for a script to source and then
# call from the checkout it measures (the npm scripts run there):
#   source "$HERE/bench/start-ours.sh"; start_ours PORT [CPU]; …; stop_ours
# start_ours: a fresh data dir, an Enterprise key with huge figures, `npm run serve` on PORT under
# setsid, pinned to CPU (0), its output in $DATA/serve.log, then 200 pets created through
# POST /v1/pets once GET /v1/pets answers. Sets DATA, KEY, NPM_PID (npm, what run.sh's --pid
# takes) and OURS (the server process itself, npm's child: its VmHWM is the one the target counts;
# empty if npm has no child). stop_ours: SIGTERM to OURS, waits for npm, removes DATA.
# Its two parts, for a server started otherwise (bench/tick-state.sh runs node itself): ours_data
# sets DATA and KEY, seed_ours PORT waits for GET /v1/pets and creates the 200 pets.
ours_data() {
  DATA="$(mktemp -d /tmp/adk-ours-data.XXXXXX)"
  KEY=$(npm run --silent cli -- --data-dir "$DATA" keys create --plan enterprise --per-minute 100000000 --per-day 1000000000 | tail -1)
}
seed_ours() { # PORT
  for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$1/v1/pets" && break; sleep 0.2; done
  for _ in $(seq 1 200); do
    curl -s -o /dev/null -X POST -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
      --data '{"name":"Rex","categoryId":1,"status":"available"}' "http://127.0.0.1:$1/v1/pets"
  done
}
start_ours() { # PORT [CPU]
  ours_data
  setsid taskset -c "${2:-0}" npm run --silent serve -- --data-dir "$DATA" --port "$1" > "$DATA/serve.log" 2>&1 & NPM_PID=$!
  seed_ours "$1"
  OURS=$(ps -o pid= --ppid "$NPM_PID" | tr -d ' ' | head -1)
}
stop_ours() {
  kill -TERM "$OURS" 2>/dev/null
  wait "$NPM_PID" 2>/dev/null
  rm -rf "$DATA"
}
