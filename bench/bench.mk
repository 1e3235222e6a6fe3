# `make bench` (bench/README.md), included by the top-level Makefile, which
# defines `component`, CARGO, HOST_PROFILE and COMPONENT; `js` comes from
# js/js.mk. Not part of `make test`, and nothing in it is a threshold.
#
# It installs what it needs once (skipped when present): ajv from the
# committed bench/package-lock.json into bench/node_modules, and
# bench/requirements.txt into bench/.venv (wasmtime-py, jsonschema-rs). The
# Python package itself is imported from python/src.

BENCH_PYTHON ?= python3
BENCH_VENV := bench/.venv
BENCH_PY := $(BENCH_VENV)/bin/python
BENCH_PIP := $(BENCH_PY) -m pip --disable-pip-version-check --quiet
BENCH_PY_STAMP := $(BENCH_VENV)/.installed
BENCH_NODE_STAMP := bench/node_modules/.package-lock.json
BENCH_BIN := target/$(HOST_PROFILE)/bench
# The core every contender runs on (the workers inherit it); empty for none.
BENCH_CPU ?= 1
# More arguments for the driver, e.g. BENCH_ARGS='--rounds 11'.
BENCH_ARGS ?=

.PHONY: bench bench-deps bench-clean

$(BENCH_NODE_STAMP): bench/package.json bench/package-lock.json
	cd bench && npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

# jsonschema-rs is a peer, not a need: if it does not install, the rest is
# installed, and the results say it was not measured.
$(BENCH_PY_STAMP): bench/requirements.txt
	@test -x $(BENCH_PY) || $(BENCH_PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_PIP) install -r bench/requirements.txt || { \
	  echo "bench: jsonschema-rs did not install; measuring without it" >&2; \
	  grep -v '^jsonschema-rs' bench/requirements.txt > $(BENCH_VENV)/requirements-without-peer.txt; \
	  $(BENCH_PIP) install -r $(BENCH_VENV)/requirements-without-peer.txt; }
	@touch $@

bench-deps: $(BENCH_NODE_STAMP) $(BENCH_PY_STAMP)

bench: component js bench-deps ## Measure every host against the native core and the best validators, as ratios in one run (bench/results.md)
	$(CARGO) build --profile $(HOST_PROFILE) -p bench
	@pin=; if [ -n "$(BENCH_CPU)" ] && command -v taskset >/dev/null 2>&1 && taskset -c $(BENCH_CPU) true 2>/dev/null; then \
	  pin="taskset -c $(BENCH_CPU)"; else echo "bench: not pinned to a core (taskset or CPU $(BENCH_CPU) missing)" >&2; fi; \
	  echo "$$pin $(BENCH_BIN) $(BENCH_ARGS)"; \
	  $$pin $(BENCH_BIN) $(BENCH_ARGS)

bench-clean: ## Remove bench/.venv and bench/node_modules (the results stay)
	rm -rf $(BENCH_VENV) bench/node_modules
