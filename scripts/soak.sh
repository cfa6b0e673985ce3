#!/usr/bin/env bash
# The conformance suite's playouts and the games' own hidden-information suites at their full
# counts: 2,000 seeded games per title and seat count, every contract check at every step and
# every view scanned (GAMEROOM_SOAK=1, tests/budget.py). `GAMES="chess last-card"` (game ids or
# their test folders' names) narrows it to those titles; further arguments go to pytest.
# Prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
WORKERS="${GAMEROOM_TEST_WORKERS:-2}"

suites() {
  find "$1" -maxdepth 1 -name 'test_*hidden*.py' | sort
}

files=()
select=()
if [ -z "${GAMES:-}" ]; then
  mapfile -t files < <(for folder in tests/games/*/; do suites "$folder"; done)
else
  only=""
  for game in $GAMES; do
    folder="tests/games/${game//_/-}"
    id="${folder#tests/games/}"
    folder="tests/games/${id//-/_}"
    [ -d "$folder" ] || { echo "soak: no test folder $folder for game '$game'" >&2; exit 2; }
    # The conformance suite's items of this game: their ids start "[<game id>-".
    only="${only:+$only or }[$id-"
    found=$(suites "$folder")
    [ -z "$found" ] || mapfile -t -O "${#files[@]}" files <<<"$found"
  done
  select=(-k "$only")
fi

started=$(date +%s)
rc=0
# One soak item can run for many minutes; the timeout only catches a game that never ends.
GAMEROOM_SOAK=1 $PY -m pytest -n "$WORKERS" -p no:cacheprovider --timeout=3600 "${select[@]}" \
  tests/conformance/test_playouts.py "$@" || rc=$?
if [ "${#files[@]}" -gt 0 ]; then
  GAMEROOM_SOAK=1 $PY -m pytest -n "$WORKERS" -p no:cacheprovider --timeout=3600 "${files[@]}" "$@" || rc=$?
fi
elapsed=$(($(date +%s) - started))
printf 'soak: %s (the conformance playouts and %d files) took %dm%02ds on %s workers, exit %d\n' \
  "${GAMES:-every title}" "${#files[@]}" $((elapsed / 60)) $((elapsed % 60)) "$WORKERS" "$rc"
exit "$rc"
