#!/usr/bin/env bash
# The checks before the tests (types, lint, format, the MT5 agent's Python tests), side by side: each is mostly one
# thread. Each one's output is printed whole, in order, and any failure fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."

checks=(typecheck lint format:check test:agent)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pids=()
for i in "${!checks[@]}"; do
  npm run --silent "${checks[$i]}" >"$dir/$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!checks[@]}"; do
  if wait "${pids[$i]}"; then status=ok; else status=FAILED; failed=1; fi
  echo "== npm run ${checks[$i]}: $status"
  cat "$dir/$i.log"
done
exit "$failed"
