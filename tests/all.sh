#!/usr/bin/env bash
# Everything `npm test` runs after the prerequisites, side by side on the machine's cores, each part's output kept
# until the vitest projects have printed theirs: the checks (tests/checks.sh, mostly one thread each), the e2e
# project (one server, one browser, its files one at a time) in its own vitest process, and the other projects.
# One after the other, the checks and the e2e files would each leave a core idle for minutes.
# Each part's wall and CPU time is printed before the summary (issue 35 measures the suite by them); with
# TEST_REPORT_DIR set, the vitest JSON reports (each file's time) and the logs stay there.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ -n "${TEST_REPORT_DIR:-}" ]; then
  logs=$TEST_REPORT_DIR
  mkdir -p "$logs"
else
  logs=$(mktemp -d)
  trap 'rm -rf "$logs"' EXIT
fi
# bash's `time` of a subshell: its wall time and the CPU of everything it waited for (not of Chromium's processes,
# which leave their parent: the e2e part's CPU is the test process's and the servers').
TIMEFORMAT='wall %R s, CPU %U s user + %S s system'
exec 3>&2
{ time bash tests/checks.sh >"$logs/checks" 2>&1; } 2>"$logs/checks.time" &
checks_pid=$!
{ time npx vitest run --project e2e --reporter=default --reporter=json \
  --outputFile.json="$logs/e2e.json" >"$logs/e2e" 2>&1; } 2>"$logs/e2e.time" &
e2e_pid=$!
# A subshell of its own: the main shell reaps the other parts as they end, and would count their CPU here.
(time npx vitest run --project unit --project api-pglite --project api-postgres --project components \
  --project components-isolated --reporter=default --reporter=json --outputFile.json="$logs/rest.json" 2>&3) \
  2>"$logs/rest.time"
rest=$?
wait "$e2e_pid"
e2e=$?
wait "$checks_pid"
checks=$?
cat "$logs/e2e" "$logs/checks"
echo "checks exit $checks; vitest: unit, API and components exit $rest; e2e exit $e2e"
echo "time: checks $(cat "$logs/checks.time"); e2e $(cat "$logs/e2e.time");" \
  "unit, API and components $(cat "$logs/rest.time")"
node tests/summary.mjs "$logs/checks" "$logs/rest.json" "$logs/e2e.json"
[ "$checks" -eq 0 ] && [ "$rest" -eq 0 ] && [ "$e2e" -eq 0 ]
