# Fuzzing (fuzz/): cargo-fuzz targets, a workspace of their own, run with the
# nightly toolchain. Included by the top-level Makefile, which defines CARGO
# and `vectors`. fuzz/README.md describes the targets and their inputs.
#
#   make fuzz                     every target 300 s, then an ASan replay, then the
#                                 differential check over DIFFERENTIAL_SEEDS; fuzz/results.md
#   make fuzz-differential        the differential check alone (it replaces its
#                                 section of fuzz/results.md)
#   make fuzz FUZZ_SECONDS=60     a shorter run (still written to fuzz/results.md)
#   make fuzz-smoke               every target 10 s, no replay; fuzz/target/smoke-results.md

CARGO_FUZZ_VERSION := 0.13.2
FUZZ_TARGETS := describe validate encode downconvert source cli
# Seconds of fuzzing per target.
FUZZ_SECONDS ?= 300
# One input running longer than this many seconds is a hang (an input makes
# about ten calls: 1 s a call).
FUZZ_TIMEOUT ?= 10
# Resident memory past this many MB is a failure: a leak or a blow-up.
FUZZ_RSS_MB ?= 1024
# Longest input libFuzzer makes, in bytes (the largest seed is about 11 KB).
FUZZ_MAX_LEN ?= 16384
# The fuzzing build has no sanitizer (the core is safe Rust; AddressSanitizer
# costs 10x the executions); everything found is then replayed under
# FUZZ_REPLAY (empty: no replay) with leak detection.
FUZZ_SANITIZER ?= none
FUZZ_REPLAY ?= address
FUZZ_RESULTS ?= fuzz/results.md
# Seeds of the longer differential check `make fuzz` ends with (each seed is a
# schema with 6 instances, each pair answered natively, through the component,
# by boon and by jsonschema; `make test` runs 2,000): 1,020,000 pairs.
DIFFERENTIAL_SEEDS ?= 170000

.PHONY: fuzz fuzz-smoke fuzz-deps fuzz-seeds fuzz-differential

fuzz-deps: ## Install the nightly toolchain and cargo-fuzz if they are missing
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@command -v cargo-fuzz >/dev/null 2>&1 || \
	  $(CARGO) install cargo-fuzz --version $(CARGO_FUZZ_VERSION) --locked

fuzz: fuzz-deps ## Fuzz each target FUZZ_SECONDS s (300), replay its finds under ASan, then the long differential check; fuzz/results.md
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) FUZZ_RSS_MB=$(FUZZ_RSS_MB) \
	  FUZZ_MAX_LEN=$(FUZZ_MAX_LEN) FUZZ_SANITIZER=$(FUZZ_SANITIZER) FUZZ_REPLAY=$(FUZZ_REPLAY) \
	  FUZZ_RESULTS=$(FUZZ_RESULTS) CARGO=$(CARGO) fuzz/scripts/run.sh $(FUZZ_TARGETS)
	@$(MAKE) --no-print-directory fuzz-differential

fuzz-differential: ## Differential check over DIFFERENTIAL_SEEDS seeds (170000: 1,020,000 pairs; native, component, boon, jsonschema); fuzz/results.md
	@mkdir -p fuzz/logs
	@echo "== differential check: $(DIFFERENTIAL_SEEDS) seeds (log: fuzz/logs/differential.log)"
	@start=$$(date +%s); rc=0; \
	DIFFERENTIAL_SEEDS=$(DIFFERENTIAL_SEEDS) $(CARGO) test -q --profile $(HOST_PROFILE) -p conformance --test differential \
	  >fuzz/logs/differential.log 2>&1 || rc=$$?; secs=$$(( $$(date +%s) - start )); \
	summary=$$(grep -E '^test result:' fuzz/logs/differential.log | tail -n 1 || true); \
	figures=$$(awk -f fuzz/scripts/differential-figures.awk fuzz/logs/differential.log); \
	if [ -f $(FUZZ_RESULTS) ]; then \
	  awk '/^## Differential check$$/ { skip = 1 } skip && /^## / && !/^## Differential check$$/ { skip = 0 } !skip' \
	    $(FUZZ_RESULTS) >$(FUZZ_RESULTS).tmp && mv $(FUZZ_RESULTS).tmp $(FUZZ_RESULTS); \
	  sed -i -e :a -e '/^\n*$$/{$$d;N;ba' -e '}' $(FUZZ_RESULTS); fi; \
	{ echo; echo "## Differential check"; echo; \
	  echo "\`DIFFERENTIAL_SEEDS=$(DIFFERENTIAL_SEEDS)\`: $$(( $(DIFFERENTIAL_SEEDS) * 6 )) generated (schema, instance) pairs, each answered by"; \
	  echo "our core natively and through the component (always the same answer text) and by boon"; \
	  echo "and jsonschema (our verdict against theirs: a difference in no explained class fails;"; \
	  echo "tests/tests/differential.rs), on $$(date -u '+%Y-%m-%d %H:%M') UTC, in $$secs s (build included)."; echo; \
	  echo "- $${summary:-no summary: see fuzz/logs/differential.log}"; \
	  echo "$${figures:-- no figures: see fuzz/logs/differential.log}"; } >>$(FUZZ_RESULTS); \
	echo "   $$summary ($$secs s)"; exit $$rc

fuzz-smoke: fuzz-deps ## Fuzz each target 10 s, no replay (a smoke check; fuzz/target/smoke-results.md)
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=10 FUZZ_REPLAY= FUZZ_RESULTS=fuzz/target/smoke-results.md

fuzz-seeds: vectors fuzz-deps ## Rebuild the committed seed corpora (fuzz/seeds/) from the vectors, examples, real schemas
	python3 fuzz/scripts/build-seeds.py --minimize
