#!/usr/bin/env bash
# Where the time of one call goes, in each host, measured with a profiler
# (bench/README.md, "Where the time goes"). Run from the repository root after
# `make bench` (which builds the driver and installs bench/.venv):
#
#   bench/profile.sh [ITEM] [SECONDS]      ITEM: an input id from bench/data/manifest.json,
#                                          or empty (flatten-doc("x")); default place-order-1.5kb-valid
#
# It builds a copy of the component that keeps its function names (the
# release profile strips them) under target/bench-profile/, then:
#   - the core natively and the component through wasmtime: `perf record`
#     (wasmtime names its compiled code through /tmp/perf-PID.map), then the
#     hottest functions' time and machine code side by side
#     (bench/codecompare.py: instructions, stack-frame traffic, calls);
#   - the jco package in Node: `node --cpu-prof`, summarised by
#     bench/node/cpuprofile-summary.mjs;
#   - the Python package: cProfile, and `perf record` for the split between
#     the interpreter, ctypes, libwasmtime and the compiled wasm.
# Each report is written to target/bench-profile/ and its head printed.
set -eu   # no pipefail: `perf report | head` ends perf early, by design

ITEM=${1:-place-order-1.5kb-valid}
SECONDS_=${2:-8}
OUT=target/bench-profile
BENCH=target/host/bench
PY=bench/.venv/bin/python
mkdir -p "$OUT"
command -v perf >/dev/null || { echo "profile.sh: perf is not installed (apt-get install linux-perf)" >&2; exit 1; }
[ -x "$BENCH" ] || { echo "profile.sh: run make bench first ($BENCH is missing)" >&2; exit 1; }

# The component with its names: the same build as `make component`, unstripped.
bench/named-component.sh >/dev/null
# The jco package over it, in a copy of js/.
rm -rf "$OUT/js" && mkdir -p "$OUT/js" && cp -r js/src js/package.json "$OUT/js/"
(cd js && node scripts/build.mjs "../$OUT/tool_schema.wasm" "../$OUT/js/gen" >/dev/null)

# perf over `bench --only CONTENDER ITEM`, from when its loop starts.
perf_only() {
  local contender=$1 data=$OUT/perf-$1-$ITEM.data log=$OUT/only-$1.log
  rm -f "$log"
  TOOL_SCHEMA_BENCH_PERFMAP=1 TOOL_SCHEMA_BENCH_CWASM="$OUT" taskset -c 1 "$BENCH" --only "$contender" "$ITEM" $((SECONDS_ + 3)) \
    --component "$OUT/tool_schema.wasm" >"$OUT/only-$1.out" 2>"$log" &
  local pid=$!
  until grep -q looping "$log" 2>/dev/null; do sleep 0.3; kill -0 $pid 2>/dev/null || { cat "$log"; return 1; }; done
  perf record -q -F 999 -g -p $pid -o "$data" -- sleep "$SECONDS_" 2>/dev/null
  wait $pid || true
  # Names from the last load only (bench/perfmap.py says why).
  [ -f "/tmp/perf-$pid.map" ] && python3 bench/perfmap.py "/tmp/perf-$pid.map"
  {
    cat "$OUT/only-$1.out"
    echo "== by object (the component's compiled code is [JIT] / perf-PID.map)"
    perf report -i "$data" --no-children --sort dso --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -8
    echo "== by function (self time)"
    perf report -i "$data" --no-children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -25
  } >"$OUT/perf-$1-$ITEM.txt"
  echo "--- $contender: $OUT/perf-$1-$ITEM.txt"; head -40 "$OUT/perf-$1-$ITEM.txt" | cut -c1-170
}

if [ "$ITEM" != empty ]; then perf_only core; fi
perf_only wasm

# The hottest functions' time and machine code, natively and through wasmtime.
if [ "$ITEM" != empty ]; then
  echo "--- the same functions' machine code: $OUT/code-$ITEM.txt"
  if python3 bench/codecompare.py "$OUT" "$ITEM" >"$OUT/code-$ITEM.txt"; then
    cut -c1-190 "$OUT/code-$ITEM.txt"
  else
    echo "(bench/codecompare.py failed: the profiles above stand)"
  fi
fi

echo "--- jco (Node): $OUT/cpuprof-jco-$ITEM.txt"
rm -rf "$OUT/cpuprof" && mkdir -p "$OUT/cpuprof"
TOOL_SCHEMA_BENCH_JS="$PWD/$OUT/js/src/index.js" taskset -c 1 node --cpu-prof --cpu-prof-dir="$OUT/cpuprof" \
  bench/node/worker.mjs bench/data --profile "$ITEM" jco "$SECONDS_" >"$OUT/cpuprof-jco-$ITEM.txt"
node bench/node/cpuprofile-summary.mjs "$OUT/cpuprof" 20 >>"$OUT/cpuprof-jco-$ITEM.txt"
head -40 "$OUT/cpuprof-jco-$ITEM.txt" | cut -c1-170

echo "--- Python package: $OUT/python-$ITEM.txt"
{
  PYTHONPATH=python/src taskset -c 1 "$PY" bench/python/worker.py bench/data "$OUT/tool_schema.wasm" \
    --profile "$ITEM" py "$SECONDS_"
  echo "== by object (perf; the compiled wasm is the .cwasm file)"
  PYTHONPATH=python/src TOOL_SCHEMA_BENCH_PERFMAP=1 taskset -c 1 perf record -q -F 999 -o "$OUT/perf-py-$ITEM.data" \
    "$PY" bench/python/worker.py bench/data "$OUT/tool_schema.wasm" --profile "$ITEM" py "$SECONDS_" plain 2>/dev/null
  perf report -i "$OUT/perf-py-$ITEM.data" --no-children --sort dso --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' | head -8
} >"$OUT/python-$ITEM.txt"
head -45 "$OUT/python-$ITEM.txt" | cut -c1-170
