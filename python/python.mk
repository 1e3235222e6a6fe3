# The Python package (python/), included by the top-level Makefile, which
# defines `component`, `vectors`, COMPONENT and VECTORS.
#
# `make python` makes python/.venv from python/requirements.txt (once, and again
# when the requirements or pyproject.toml change), installs the package into it
# (editable) and copies the component in beside the package's code.

PYTHON ?= python3
PY_DIR := python
PY_VENV := $(PY_DIR)/.venv
PY := $(PY_VENV)/bin/python
PY_WASM := $(PY_DIR)/src/tool_schema/tool_schema.wasm
PY_STAMP := $(PY_VENV)/.installed
PIP := $(PY) -m pip --disable-pip-version-check --quiet

.PHONY: python python-test python-vectors python-lint bench-python python-clean

python: component $(PY_STAMP) ## Set up python/.venv with the Python package and the component
	@cp $(COMPONENT) $(PY_WASM)
	@echo "$(PY_WASM): copied from $(COMPONENT); python/.venv is ready"

$(PY_STAMP): $(PY_DIR)/requirements.txt $(PY_DIR)/pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' || \
	  { echo "error: the Python package needs Python 3.10 or newer ($(PYTHON) is older)" >&2; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(PY_VENV)
	$(PIP) install -r $(PY_DIR)/requirements.txt
	$(PIP) install --no-deps --no-build-isolation --editable $(PY_DIR)
	@touch $@

python-test: python vectors ## Run the Python package's tests: every golden vector, the API, cache, traps
	cd $(PY_DIR) && TOOL_SCHEMA_VECTORS=$(abspath $(VECTORS)) .venv/bin/python -m pytest

python-vectors: python vectors ## Run every golden vector through the Python package
	$(PY) $(PY_DIR)/scripts/run_vectors.py $(VECTORS)

python-lint: python ## Type-check the Python package and its tests (mypy --strict)
	cd $(PY_DIR) && .venv/bin/python -m mypy

bench-python: python ## Measure the per-call cost of small validate calls through the Python package
	$(PY) $(PY_DIR)/scripts/bench.py

python-clean: ## Remove python/.venv, the copied component and Python build output
	rm -rf $(PY_VENV) $(PY_WASM) $(PY_DIR)/build $(PY_DIR)/dist $(PY_DIR)/src/*.egg-info
	find $(PY_DIR) -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -rf $(PY_DIR)/.pytest_cache $(PY_DIR)/.mypy_cache
