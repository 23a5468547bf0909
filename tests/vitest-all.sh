#!/usr/bin/env bash
# Every vitest project. Vitest runs a project whose files go one at a time (e2e: one server, one browser) after all
# the others, with a core idle for its two minutes; here it runs beside them in its own vitest process, its output
# kept until the others have printed theirs.
set -uo pipefail
cd "$(dirname "$0")/.."

e2e_log=$(mktemp)
trap 'rm -f "$e2e_log"' EXIT
npx vitest run --project e2e >"$e2e_log" 2>&1 &
e2e_pid=$!
npx vitest run --project unit --project api-pglite --project api-postgres --project components
rest=$?
wait "$e2e_pid"
e2e=$?
cat "$e2e_log"
echo "vitest: unit, API and components exit $rest; e2e exit $e2e"
[ "$rest" -eq 0 ] && [ "$e2e" -eq 0 ]
