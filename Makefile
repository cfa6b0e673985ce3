# The two commands of the README: `make run` and `make test`. Both install what they need.
# `make run LAN=1` opens the web client to the local network (phones at home); `make stop`
# stops the platform this folder started (its pid in var/devstack.pid).
# `make soak` plays the full playout counts (GAMES="chess reversi" narrows it to some titles).
# `make images` builds every image (buildah, no daemon), starts the platform from them, plays and
# benchmarks it, and stops it again; outside `make test` (root, minutes, gigabytes).
PY := .venv/bin/python

.PHONY: run stop test soak lint format stubs bench images

.venv/.installed: pyproject.toml package-lock.json scripts/bootstrap.sh
	bash scripts/bootstrap.sh

run: .venv/.installed
	GAMEROOM_LAN=$(LAN) $(PY) -m devstack

stop:
	$(PY) -m devstack stop

test: .venv/.installed
	bash scripts/test.sh

soak: .venv/.installed
	GAMES="$(GAMES)" bash scripts/soak.sh

lint: .venv/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	bash scripts/jscheck.sh

format: .venv/.installed
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

stubs: .venv/.installed
	$(PY) proto/generate.py

bench: .venv/.installed
	$(PY) bench/move_roundtrip.py

# The build is niced: it copies gigabytes and shares the machine with everything else.
images: .venv/.installed
	nice -n 10 bash scripts/images.sh
	$(PY) deploy/images/run.py
