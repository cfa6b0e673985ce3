#!/usr/bin/env bash
# The whole test suite: lint (ruff; mypy; ESLint and tsc over the web client), then pytest over unit,
# rules, playouts, store, services, and finally the browser tests in their own run (Playwright's
# sync API keeps an event loop running in its thread, which must not meet the asyncio tests in
# the same process).
# Starts PostgreSQL and Redis when they are installed but down (the store tests need them).
# The playouts run the counts of tests/budget.py; `make soak` runs the full ones. Prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
WORKERS="${GAMEROOM_TEST_WORKERS:-2}"
started=$(date +%s)

bash scripts/ensure-services.sh

$PY -m ruff check .
# The files and strictness are in pyproject.toml ([tool.mypy]): the rule kit, the games, svc-ai.
$PY -m mypy
bash scripts/jscheck.sh
# Exit code 5 is "nothing selected" (e.g. `make test` narrowed to unit tests): not a failure.
# The slowest tests of each run are listed: where the 40-minute budget goes.
run_pytest() {
  local rc=0
  $PY -m pytest -n "$WORKERS" -p no:cacheprovider --durations=15 "$@" || rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || exit "$rc"
}
run_pytest -m "not e2e" "$@"
run_pytest -m e2e "$@"
elapsed=$(($(date +%s) - started))
printf 'make test took %dm%02ds on %s workers\n' $((elapsed / 60)) $((elapsed % 60)) "$WORKERS"
