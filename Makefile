# `make` alone lists the targets. `make demo` and `make test` work on a fresh
# machine: they install what they need (idempotently) and then run.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
WASM_TARGET := wasm32-unknown-unknown
WASM_TOOLS_VERSION := 1.263.0
# Native builds (host, tests) share one profile so wasmtime is compiled once.
HOST_PROFILE := host
CORE_WASM := target/$(WASM_TARGET)/release/tool_schema_guest.wasm
COMPONENT := target/component/tool_schema.wasm
HOST_DEMO := target/$(HOST_PROFILE)/host-demo
VECTORS := target/conformance/vectors.json
# The core module with its byte-identical functions folded (guest/fold.sh).
MERGED_WASM := target/$(WASM_TARGET)/release/tool_schema_guest.merged.wasm
# The component carries the source paths of its panic locations. Those of
# crates from the registry name the machine's cargo home, and, where rustup's
# rust-src component is installed, those of the standard library name the
# toolchain's directory instead of /rustc/COMMIT/...: both are named here as on
# any machine, so that the component is the same bytes wherever it is built.
# (Appended to .cargo/config.toml's flags: cargo joins the arrays.)
GUEST_REMAP = --config 'target.$(WASM_TARGET).rustflags=["--remap-path-prefix=$(or $(CARGO_HOME),$(HOME)/.cargo)/registry/src=/cargo/registry/src", "--remap-path-prefix=$(shell rustc --print sysroot)/lib/rustlib/src/rust=/rustc/$(shell rustc -vV | sed -n "s/^commit-hash: //p")"]'

.PHONY: help deps component check-component readme-wit host demo test vectors conformance lint bless clean

# The host packages keep their own targets beside their code.
include js/js.mk
include python/python.mk
include fuzz/fuzz.mk
include bench/bench.mk

help: ## List the targets
	@echo "tool-schema: the tool-schema contract as a zero-import WebAssembly component"
	@echo
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

deps: ## Install the wasm target and wasm-tools if they are missing
	@rustup target list --installed | grep -qx '$(WASM_TARGET)' || rustup target add $(WASM_TARGET)
	@command -v wasm-tools >/dev/null 2>&1 || \
	  $(CARGO) install wasm-tools --version $(WASM_TOOLS_VERSION) --locked \
	    --no-default-features --features component,print,validate

component: deps $(JS_DEPS) ## Build the component (target/component/tool_schema.wasm)
	$(CARGO) build -p tool-schema-guest --target $(WASM_TARGET) --release $(GUEST_REMAP)
	@mkdir -p $(dir $(COMPONENT))
	guest/fold.sh $(CORE_WASM) $(MERGED_WASM)
	wasm-tools component new $(MERGED_WASM) -o $(COMPONENT)
	@$(MAKE) --no-print-directory check-component

check-component: ## Validate the component and check that it imports nothing
	wasm-tools validate $(COMPONENT)
	@if wasm-tools component wit $(COMPONENT) | grep -E '^\s*import\b'; then \
	  echo "error: the component has imports; it must have none" >&2; exit 1; fi
	@python3 guest/wit-listing.py $(COMPONENT) | diff -u <(sed -n '/^```wit$$/,/^```$$/p' README.md | sed '1d;$$d') - >&2 || \
	  { echo "error: README.md lists another interface than the component has (make readme-wit rewrites it)" >&2; exit 1; }
	@echo "$(COMPONENT): $$(stat -c %s $(COMPONENT)) bytes, valid, no imports, as README.md lists it"

readme-wit: ## Rewrite README.md's interface listing from the built component
	@python3 guest/wit-listing.py $(COMPONENT) > target/readme-wit.txt
	@python3 -c 'import re,sys; p="README.md"; s=open(p).read(); w=open("target/readme-wit.txt").read(); open(p,"w").write(re.sub(r"(?ms)^```wit\n.*?^```\n", lambda m: "```wit\n"+w+"```\n", s, count=1))'
	@echo "README.md: the interface listing rewritten from $(COMPONENT)"

host: ## Build the wasmtime host CLI (target/host/host-demo)
	$(CARGO) build --profile $(HOST_PROFILE) -p host-demo

demo: component host ## Build everything and run the tour
	$(HOST_DEMO) demo

test: component ## Build everything and run every test: Rust, JavaScript (node, Chromium), Python
	@mkdir -p target
	$(CARGO) test --profile $(HOST_PROFILE) --workspace --exclude tool-schema-guest --exclude bench 2>&1 | tee target/test.log
	$(MAKE) --no-print-directory js-test browser-test 2>&1 | tee target/js-test.log
	$(MAKE) --no-print-directory python-test 2>&1 | tee target/python-test.log
	$(MAKE) --no-print-directory conformance 2>&1 | tee target/conformance.log
	@awk -f tests/summary.awk target/test.log target/js-test.log target/python-test.log target/conformance.log

vectors: ## Export every golden vector with its answer, for the other hosts
	$(CARGO) run -q --profile $(HOST_PROFILE) -p conformance --bin export-vectors -- $(VECTORS)

conformance: component vectors js python ## One vector set through native Rust, wasmtime, jco in Node and Python; fails on any difference
	@echo "native Rust and the component in wasmtime:"
	@$(CARGO) run -q --profile $(HOST_PROFILE) -p conformance --bin run-vectors -- $(VECTORS)
	@echo "the component through jco, in Node:"
	@node js/scripts/run-vectors.mjs $(VECTORS)
	@echo "the component through wasmtime-py:"
	@$(PY) python/scripts/run_vectors.py $(VECTORS)

bless: component ## Rewrite the golden files from the native core's output
	BLESS=1 $(CARGO) test --profile $(HOST_PROFILE) -p conformance

lint: deps ## rustfmt check and clippy -D warnings (native and wasm)
	$(CARGO) fmt --all --check
	$(CARGO) clippy --profile $(HOST_PROFILE) --workspace --all-targets --exclude tool-schema-guest -- -D warnings
	$(CARGO) clippy -p tool-schema-guest --target $(WASM_TARGET) --release -- -D warnings

clean: ## Remove build output
	$(CARGO) clean
