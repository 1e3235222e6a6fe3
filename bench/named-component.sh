#!/usr/bin/env bash
# The component with its function names, for the profilers (bench/profile.sh,
# bench/epoch_cost.py): the same build as `make component`, but unstripped,
# under target/bench-profile/ (its own target directory, so that the release
# build of `make component` is left as it is). Run from the repository root:
#
#   bench/named-component.sh        writes target/bench-profile/tool_schema.wasm
set -eu
OUT=target/bench-profile
mkdir -p "$OUT"
CARGO_PROFILE_RELEASE_STRIP=false cargo build -q -p tool-schema-guest --target wasm32-unknown-unknown --release \
  --target-dir "$OUT"
guest/fold.sh "$OUT/wasm32-unknown-unknown/release/tool_schema_guest.wasm" "$OUT/tool_schema_guest.merged.wasm" -g
wasm-tools component new "$OUT/tool_schema_guest.merged.wasm" -o "$OUT/tool_schema.wasm"
echo "$OUT/tool_schema.wasm: the component with its names"
