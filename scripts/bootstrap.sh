#!/usr/bin/env bash
# Installs what the platform and its tests need on a fresh Debian machine: Debian's chromium
# (browser tests), stockfish (chess CPU) and gnubg (backgammon CPU), then a virtualenv with the
# project. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/games/stockfish ] || need_apt+=(stockfish)
[ -x /usr/games/gnubg ] || need_apt+=(gnubg)
command -v npm >/dev/null || need_apt+=(npm)  # the web client's build and check tools (package.json)
command -v kubectl >/dev/null || need_apt+=(kubernetes-client)
command -v promtool >/dev/null || need_apt+=(prometheus)  # promtool checks deploy/prometheus and the dashboard
if [ ${#need_apt[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "installing Debian packages: ${need_apt[*]}"
  $sudo_cmd apt-get update -qq
  # Without recommends: gnubg would pull in a desktop's worth of packages it does not need
  # headless (about 30 s instead of minutes).
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null || \
    echo "warning: could not install ${need_apt[*]}; browser, chess-engine, backgammon-engine or manifest tests will fail" >&2
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
# The web client's build and check tools, pinned in package-lock.json (again only when the lock
# file changed): esbuild bundles the client's modules when the gateway starts
# (gateway/client_bundle.py); ESLint and TypeScript check it (scripts/jscheck.sh, `make lint` and
# `make test`). `make run` works without them: the gateway then serves the modules unbundled.
if ! command -v npm >/dev/null; then
  echo "warning: npm not found; make lint and make test will fail, the web client is served unbundled" >&2
elif [ ! -f node_modules/.installed ] || [ package-lock.json -nt node_modules/.installed ]; then
  if npm ci --silent --no-audit --no-fund; then
    touch node_modules/.installed
  else
    echo "warning: npm ci failed; make lint and make test will fail, the web client is served unbundled" >&2
  fi
fi
touch .venv/.installed
