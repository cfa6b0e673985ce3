#!/usr/bin/env bash
# The web client's checks: ESLint (eslint.config.mjs) and TypeScript over the JSDoc types
# (jsconfig.json, no output). Run by `make lint` and scripts/test.sh; needs the pinned npm
# packages in node_modules/ (scripts/bootstrap.sh installs them with `npm ci`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/eslint ] || [ ! -x node_modules/.bin/tsc ]; then
  echo "node_modules/ lacks eslint or tsc: run 'npm ci' (scripts/bootstrap.sh does)" >&2
  exit 1
fi
# Both run, so one look shows every finding; either failing fails the check.
rc=0
node_modules/.bin/eslint --max-warnings 0 gateway/web || rc=1
node_modules/.bin/tsc -p jsconfig.json || rc=1
exit "$rc"
