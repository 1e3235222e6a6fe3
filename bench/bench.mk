# `make bench` (bench/README.md), included by the top-level Makefile, which
# defines `component`, CARGO, HOST_PROFILE and COMPONENT; `js` comes from
# js/js.mk. Not part of `make test`, and nothing in it is a threshold.
#
# It installs what it needs once (skipped when present): ajv from the
# committed bench/package-lock.json into bench/node_modules, and
# bench/requirements.txt into bench/.venv (wasmtime-py, jsonschema-rs,
# openai-agents, pydantic-ai-slim). The Python package itself is imported from
# python/src. It builds the plain serde_json floor, bench/floor, a workspace of
# its own (so that no feature of this workspace unifies into its serde_json),
# into target/bench-floor.

BENCH_PYTHON ?= python3
BENCH_VENV := bench/.venv
BENCH_PY := $(BENCH_VENV)/bin/python
BENCH_PIP := $(BENCH_PY) -m pip --disable-pip-version-check --quiet
BENCH_PY_STAMP := $(BENCH_VENV)/.installed
BENCH_NODE_STAMP := bench/node_modules/.package-lock.json
BENCH_BIN := target/$(HOST_PROFILE)/bench
BENCH_FLOOR := target/bench-floor/release/bench-floor
# The core every contender runs on (the workers inherit it); empty for none.
BENCH_CPU ?= 1
# More arguments for the driver, e.g. BENCH_ARGS='--rounds 11'.
BENCH_ARGS ?=

.PHONY: bench bench-deps bench-clean soak

$(BENCH_NODE_STAMP): bench/package.json bench/package-lock.json
	cd bench && npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

# The peers (jsonschema-rs, openai-agents, pydantic-ai-slim) are not needs: if
# they do not all install at once, each line is installed on its own, one that
# fails is left out, and the results say it was not measured. wasmtime-py is a
# need: without it the Python package cannot run.
$(BENCH_PY_STAMP): bench/requirements.txt
	@test -x $(BENCH_PY) || $(BENCH_PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_PIP) install -r bench/requirements.txt || { \
	  echo "bench: bench/requirements.txt did not install at once; installing it line by line" >&2; \
	  grep -E '^[A-Za-z0-9]' bench/requirements.txt | while read -r req; do \
	    $(BENCH_PIP) install "$$req" || echo "bench: $$req did not install; measuring without it" >&2; \
	  done; }
	@$(BENCH_PY) -c 'import wasmtime' || { echo "bench: wasmtime-py did not install into $(BENCH_VENV)" >&2; exit 1; }
	@touch $@

bench-deps: $(BENCH_NODE_STAMP) $(BENCH_PY_STAMP)

bench: component js bench-deps ## Measure every host against the native core and the best validators, as ratios in one run (bench/results.md)
	$(CARGO) build --profile $(HOST_PROFILE) -p bench
	cd bench/floor && $(CARGO) build --release --locked --target-dir ../../target/bench-floor
	@pin=; if [ -n "$(BENCH_CPU)" ] && command -v taskset >/dev/null 2>&1 && taskset -c $(BENCH_CPU) true 2>/dev/null; then \
	  pin="taskset -c $(BENCH_CPU)"; else echo "bench: not pinned to a core (taskset or CPU $(BENCH_CPU) missing)" >&2; fi; \
	  echo "$$pin $(BENCH_BIN) --floor $(BENCH_FLOOR) $(BENCH_ARGS)"; \
	  $$pin $(BENCH_BIN) --floor $(BENCH_FLOOR) $(BENCH_ARGS)

soak: component js python ## Memory over time in each host: 1,000,000 validations of one tool, 100,000 tools dropped unreleased (bench/soak.md)
	$(CARGO) build --profile $(HOST_PROFILE) -p bench --bin soak
	@{ target/$(HOST_PROFILE)/soak && node bench/soak/soak.mjs && SOAK_V8_DEFAULTS=1 SOAK_VALIDATE=0 node bench/soak/soak.mjs && $(PY) bench/soak/soak.py; } | python3 bench/soak/report.py

bench-clean: ## Remove bench/.venv and bench/node_modules (the results stay)
	rm -rf $(BENCH_VENV) bench/node_modules
