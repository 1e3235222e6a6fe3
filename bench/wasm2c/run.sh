#!/usr/bin/env bash
# How fast the component's own WebAssembly runs under an optimising
# ahead-of-time compiler: its core module translated to C by wasm2c and
# compiled by GCC (-O2), against the native core and the component through
# wasmtime (Cranelift) on the same validations, in alternating turns pinned
# to one core. What it separates is the engine's code generation from the
# code the guest is compiled to (bench/README.md, "The component through
# wasmtime"). Not part of `make bench`: a diagnosis, run by hand (after
# `make bench` has installed what it needs):
#
#   bench/wasm2c/run.sh [ROUNDS] [SECONDS]      (default 5 rounds of 2 s each)
#
# Builds the component and the bench binary first (nothing when they are up
# to date, so that all three run the same core), and installs wabt (wasm2c)
# from the distribution's packages when it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
seconds=${2:-2}
make --no-print-directory component >/dev/null
cargo build -q --profile host -p bench
core=target/wasm32-unknown-unknown/release/tool_schema_guest.merged.wasm
bench=target/host/bench
if ! command -v wasm2c >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y wabt >/dev/null; else sudo apt-get install -y wabt >/dev/null; fi
fi
runtime=$(dirname "$(dpkg -L wabt 2>/dev/null | grep -m1 '/wasm2c/wasm-rt-impl.c$' || echo /usr/src/wasm2c/x)")
[ -e "$runtime/wasm-rt-impl.c" ] || { echo "wasm2c/run.sh: wasm2c's runtime (wasm-rt-impl.c) not found" >&2; exit 1; }
out=target/wasm2c
mkdir -p "$out"
# (`make component` writes the core module anew each time: it is compared by content.)
if [ ! -x "$out/driver" ] || ! cmp -s "$core" "$out/core.wasm" || [ bench/wasm2c/driver.c -nt "$out/driver" ]; then
  echo "wasm2c/run.sh: translating and compiling the core module (about a minute)…" >&2
  rm -f "$out/driver"
  cp "$core" "$out/core.wasm"
  wasm2c "$out/core.wasm" -o "$out/guest.c"
  python3 bench/wasm2c/names.py "$out/guest.h" > "$out/names.h"
  gcc -O2 -I"$out" -I"$runtime" bench/wasm2c/driver.c "$out/guest.c" "$runtime/wasm-rt-impl.c" -o "$out/driver" -lm
fi
pin=
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then pin="taskset -c 1"; fi
per_call() { sed -n 's/.* \([0-9.]*\) µs per call$/\1/p' | tail -1; }
for item in place-order query; do
  results=()
  for ((r = 0; r < rounds; r++)); do
    native=$($pin "$bench" --only core "$item-1.5kb-valid" "$seconds" 2>/dev/null | per_call)
    cranelift=$($pin "$bench" --only wasm "$item-1.5kb-valid" "$seconds" 2>/dev/null | per_call)
    aot=$($pin "$out/driver" "bench/data/$item.schema.json" "bench/data/$item-1.5kb-valid.json" "$seconds" | per_call)
    results+=("$native $cranelift $aot")
  done
  printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
item = sys.argv[1]
rows = [tuple(map(float, line.split())) for line in sys.stdin if line.strip()]
def show(label, values, unit):
    print(f"  {label:44s} {statistics.median(values):6.2f}{unit} ({min(values):.2f}–{max(values):.2f})")
print(f"{item}-1.5kb-valid, {len(rows)} rounds (medians, min–max):")
show("native core, µs a call", [n for n, _, _ in rows], "")
show("component through wasmtime (Cranelift), µs", [c for _, c, _ in rows], "")
show("the same wasm through wasm2c and gcc -O2, µs", [a for _, _, a in rows], "")
show("wasmtime / native core, throughput", [n / c for n, c, _ in rows], "×")
show("wasm2c + gcc / native core, throughput", [n / a for n, _, a in rows], "×")
' "$item"
done
