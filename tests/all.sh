#!/usr/bin/env bash
# Everything `npm test` runs after the prerequisites, side by side on the machine's cores, each part's output kept
# until the vitest projects have printed theirs: the checks (tests/checks.sh, mostly one thread each), the e2e
# project (one server, one browser, its files one at a time) in its own vitest process, and the other projects.
# One after the other, the checks and the e2e files would each leave a core idle for minutes.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
bash tests/checks.sh >"$logs/checks" 2>&1 &
checks_pid=$!
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json="$logs/e2e.json" \
  >"$logs/e2e" 2>&1 &
e2e_pid=$!
npx vitest run --project unit --project api-pglite --project api-postgres --project components \
  --project components-isolated --reporter=default --reporter=json --outputFile.json="$logs/rest.json"
rest=$?
wait "$e2e_pid"
e2e=$?
wait "$checks_pid"
checks=$?
cat "$logs/e2e" "$logs/checks"
echo "checks exit $checks; vitest: unit, API and components exit $rest; e2e exit $e2e"
node tests/summary.mjs "$logs/checks" "$logs/rest.json" "$logs/e2e.json"
[ "$checks" -eq 0 ] && [ "$rest" -eq 0 ] && [ "$e2e" -eq 0 ]
