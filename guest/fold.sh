#!/usr/bin/env bash
# Folds the byte-identical functions of the guest's core module into one and
# runs binaryen's -O1 over it:
#   guest/fold.sh IN.wasm OUT.wasm [wasm-opt options, e.g. -g to keep names]
# Monomorphised generics leave many such functions that neither LLVM
# (function merging is off for wasm) nor wasm-ld (no ICF) merge. -O1 then
# takes 5 KB off the gzipped component (bench/README.md, "What was measured")
# and leaves the time of a call as it was. binaryen's wasm-opt is pinned by
# js/package-lock.json (the js package's tools). The features are those rustc
# enables for wasm32-unknown-unknown by default: the stripped module does not
# name them.
set -euo pipefail
cd "$(dirname "$0")/.."
in=$1 out=$2
shift 2
exec js/node_modules/.bin/wasm-opt --duplicate-function-elimination -O1 \
  --enable-bulk-memory --enable-bulk-memory-opt --enable-multivalue --enable-mutable-globals \
  --enable-nontrapping-float-to-int --enable-reference-types --enable-sign-ext \
  "$@" "$in" -o "$out"
