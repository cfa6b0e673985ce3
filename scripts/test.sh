#!/usr/bin/env bash
# The whole test suite: lint, then pytest over unit, service, store and browser tests.
# Starts PostgreSQL and Redis when they are installed but down (the store tests need them).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python

bash scripts/ensure-services.sh

$PY -m ruff check .
$PY -m pytest -n "${GAMEROOM_TEST_WORKERS:-2}" -p no:cacheprovider "$@"
