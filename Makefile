# The two commands of the README: `make run` and `make test`. Both install what they need.
PY := .venv/bin/python

.PHONY: run test lint format stubs bench

.venv/.installed: pyproject.toml scripts/bootstrap.sh
	bash scripts/bootstrap.sh

run: .venv/.installed
	$(PY) -m devstack

test: .venv/.installed
	bash scripts/test.sh

lint: .venv/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: .venv/.installed
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

stubs: .venv/.installed
	$(PY) proto/generate.py

bench: .venv/.installed
	$(PY) bench/move_roundtrip.py
