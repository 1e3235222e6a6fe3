# The JavaScript package (js/) and the browser playground (playground/).
# Included by the top-level Makefile, which defines `component`, `vectors`,
# COMPONENT and VECTORS. Node 20 and npm are expected; everything else is
# installed here, pinned by the committed package-lock.json files.

JS_DEPS := js/node_modules/.package-lock.json
PLAYGROUND_DEPS := playground/node_modules/.package-lock.json
PLAYGROUND_PORT ?= 8765
CHROMIUM := /usr/bin/chromium
# --expose-gc: the lifetime tests collect garbage to see what it frees.
NODE_TEST := node --expose-gc --test --test-reporter=$(CURDIR)/js/scripts/test-reporter.mjs
# playwright-core never downloads a browser; this says so to anything that might.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: js js-test js-vectors playground playground-build browser-test chromium js-clean

# `npm ci` only when the lockfile is newer than the last install.
$(JS_DEPS): js/package.json js/package-lock.json
	cd js && npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

$(PLAYGROUND_DEPS): playground/package.json playground/package-lock.json
	cd playground && npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

js: component $(JS_DEPS) ## Build the npm package: pinned tools (npm ci), then jco transpiles the component into js/gen/
	cd js && node scripts/build.mjs ../$(COMPONENT) gen

js-test: js vectors ## Run the package's node tests: every golden vector, the wrapper, the bindings, types, README example
	cd js && $(NODE_TEST) test/*.test.mjs

js-vectors: js vectors ## Run every golden vector through the package (prints N passed, N failed)
	node js/scripts/run-vectors.mjs $(VECTORS)

playground-build: js ## Build the static playground into playground/dist/ (works offline)
	node playground/build.mjs

playground: playground-build ## Build the playground and serve it on 127.0.0.1 (PLAYGROUND_PORT, default 8765)
	@echo "Open http://127.0.0.1:$(PLAYGROUND_PORT)/ in a browser"
	node playground/serve.mjs --port $(PLAYGROUND_PORT)

chromium: ## Install Debian's Chromium for the browser test (nothing to do when /usr/bin/chromium exists)
	@if [ -x $(CHROMIUM) ]; then \
	  echo "$(CHROMIUM) is installed"; \
	else \
	  sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  echo "Installing Debian's chromium with apt-get"; \
	  { $$sudo apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends chromium fonts-liberation; } || \
	    { echo "error: Chromium could not be installed (apt-get install -y chromium failed); the browser test needs $(CHROMIUM)" >&2; exit 1; }; \
	  [ -x $(CHROMIUM) ] || { echo "error: apt-get installed chromium but $(CHROMIUM) is missing" >&2; exit 1; }; \
	fi

browser-test: playground-build chromium $(PLAYGROUND_DEPS) ## Drive the playground in Chromium (playwright-core); screenshots in target/browser/
	cd playground && $(NODE_TEST) test/*.test.mjs

js-clean: ## Remove the package's and the playground's installed tools and generated files
	rm -rf js/node_modules js/gen playground/node_modules playground/dist target/browser
