#!/usr/bin/env bash
# Runs each fuzz target in turn for FUZZ_SECONDS, then replays everything it
# found under AddressSanitizer (memory errors and leaks), and writes the table
# of runs to FUZZ_RESULTS. `make fuzz` calls this; the variables are fuzz.mk's.
#
#   fuzz/scripts/run.sh describe validate encode downconvert
#
# Exit status 1 when any run or replay found a crash, a timeout, a leak or an
# out-of-memory; each one's input is in fuzz/artifacts/<target>/.

set -euo pipefail

: "${FUZZ_SECONDS:=300}"           # fuzzing time per target
: "${FUZZ_TIMEOUT:=10}"            # one input longer than this (s) is a hang
: "${FUZZ_RSS_MB:=1024}"           # memory past this (MB) is a failure
: "${FUZZ_MAX_LEN:=16384}"         # longest input libFuzzer makes (bytes)
: "${FUZZ_SANITIZER:=none}"        # sanitizer of the fuzzing runs
: "${FUZZ_REPLAY=address}"         # sanitizer of the replay; empty for none
: "${FUZZ_REPLAY_TIMEOUT:=300}"    # one input under ASan (s)
: "${FUZZ_REPLAY_RSS_MB:=4096}"    # ASan keeps freed memory in quarantine
: "${FUZZ_RESULTS:=fuzz/results.md}"
: "${CARGO:=cargo}"

root=$(cd "$(dirname "$0")/../.." && pwd)
fuzz="$root/fuzz"
cd "$root"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || { echo "usage: $0 TARGET..." >&2; exit 2; }

fuzz_cmd() { "$CARGO" +nightly fuzz "$@"; }
mkdir -p "$fuzz/logs"

# Build every target once per sanitizer, each in its own target directory so
# the two builds do not undo each other.
build() {
  local san=$1
  echo "== building the fuzz targets (sanitizer: $san)"
  fuzz_cmd build --fuzz-dir "$fuzz" --sanitizer "$san" --target-dir "$fuzz/target/$san" \
    2>&1 | tail -n 3
}
build "$FUZZ_SANITIZER"
[ -z "$FUZZ_REPLAY" ] || build "$FUZZ_REPLAY"

# The value of libFuzzer's `stat::NAME:` final line in a log.
fstat() { sed -n "s/^stat::$2: *//p" "$1" | tail -n 1; }
# "cov ft corp" of the last status line of a log.
coverage() {
  grep -E '^#[0-9]+.* cov: ' "$1" | tail -n 1 |
    sed -E 's/.* cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+)\/.*/\1 \2 \3/'
}
# What a run's log and exit status say happened.
outcome() {
  local log=$1 rc=$2 what
  if [ "$rc" -eq 0 ]; then echo "ok"; return; fi
  if grep -q 'ERROR: libFuzzer: timeout' "$log"; then what="timeout"
  elif grep -qE 'ERROR: (libFuzzer|LeakSanitizer): detected memory leaks|a leak has been found' "$log"; then what="leak"
  elif grep -qE 'ERROR: libFuzzer: (out-of-memory|malloc)' "$log"; then what="out of memory"
  elif grep -q "panicked at" "$log"; then what="panic"
  elif grep -q 'ERROR: AddressSanitizer' "$log"; then what="memory error"
  elif grep -q 'deadly signal' "$log"; then what="crash"
  else what="failed (exit $rc)"; fi
  local unit
  unit=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
  echo "**$what**${unit:+: \`${unit#"$root/"}\`}"
}

rows=()
replays=()
failed=0
total_start=$(date +%s)
for t in "${targets[@]}"; do
  corpus="$fuzz/corpus/$t"
  artifacts="$fuzz/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  log="$fuzz/logs/$t.log"
  echo "== fuzzing $t for ${FUZZ_SECONDS} s (log: ${log#"$root/"})"
  start=$(date +%s)
  set +e
  fuzz_cmd run "$t" --fuzz-dir "$fuzz" --sanitizer "$FUZZ_SANITIZER" --target-dir "$fuzz/target/$FUZZ_SANITIZER" \
    "$corpus" "$fuzz/seeds/$t" -- \
    -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
    -max_len="$FUZZ_MAX_LEN" -dict="$fuzz/json-schema.dict" -artifact_prefix="$artifacts/" \
    -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  secs=$(( $(date +%s) - start ))
  read -r cov ft units <<<"$(coverage "$log")" || true
  result=$(outcome "$log" "$rc")
  [ "$rc" -eq 0 ] || failed=1
  execs=$(fstat "$log" number_of_executed_units)
  rate=$(fstat "$log" average_exec_per_sec)
  rows+=("| \`$t\` | ${secs} | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | ${units:-?} | $(fstat "$log" new_units_added) | $(fstat "$log" slowest_unit_time_sec) | $(fstat "$log" peak_rss_mb) | $result |")
  echo "   $result: ${execs:-?} runs, ${rate:-?}/s, cov ${cov:-?}, ft ${ft:-?}, ${secs} s"

  if [ -n "$FUZZ_REPLAY" ]; then
    rlog="$fuzz/logs/$t.replay.log"
    n=$(find "$corpus" "$fuzz/seeds/$t" -type f | wc -l)
    echo "== replaying $n inputs of $t under $FUZZ_REPLAY (log: ${rlog#"$root/"})"
    start=$(date +%s)
    set +e
    fuzz_cmd run "$t" --fuzz-dir "$fuzz" --sanitizer "$FUZZ_REPLAY" --target-dir "$fuzz/target/$FUZZ_REPLAY" \
      "$corpus" "$fuzz/seeds/$t" -- \
      -runs=0 -detect_leaks=1 -timeout="$FUZZ_REPLAY_TIMEOUT" -rss_limit_mb="$FUZZ_REPLAY_RSS_MB" \
      -max_len="$FUZZ_MAX_LEN" -artifact_prefix="$artifacts/" -print_final_stats=1 >"$rlog" 2>&1
    rc=$?
    set -e
    secs=$(( $(date +%s) - start ))
    result=$(outcome "$rlog" "$rc")
    [ "$rc" -eq 0 ] || failed=1
    replays+=("| \`$t\` | $n | ${secs} | $(fstat "$rlog" peak_rss_mb) | $result |")
    echo "   $result: $n inputs, ${secs} s"
  fi
done
total=$(( $(date +%s) - total_start ))

mkdir -p "$(dirname "$FUZZ_RESULTS")"
{
  echo "# Fuzzing results"
  echo
  cores=$(nproc)
  echo "Written by \`make fuzz\` (fuzz/scripts/run.sh) on $(date -u '+%Y-%m-%d %H:%M UTC'); $cores core$([ "$cores" = 1 ] || echo s)"
  echo "available to it, targets one after another. $(rustc +nightly --version), $("$CARGO" fuzz --version)."
  echo
  echo "Each target ran ${FUZZ_SECONDS} s (\`-max_total_time\`) built with sanitizer \`$FUZZ_SANITIZER\`, release"
  echo "with debug assertions (integer overflow panics), from its seeds (\`fuzz/seeds/\`) and its"
  echo "working corpus (\`fuzz/corpus/\`), with the dictionary \`fuzz/json-schema.dict\`. An input"
  echo "that runs longer than ${FUZZ_TIMEOUT} s (\`-timeout\`) is a hang; more than ${FUZZ_RSS_MB} MB of"
  echo "memory (\`-rss_limit_mb\`) is a leak or a blow-up; inputs are at most ${FUZZ_MAX_LEN} bytes."
  echo
  echo "| target | time (s) | execs | exec/s | coverage (edges) | features | corpus | new units | slowest input (s) | peak RSS (MB) | outcome |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  if [ -n "$FUZZ_REPLAY" ]; then
    echo
    echo "Then every input of each target (its seeds and the whole working corpus) ran once more"
    echo "built with sanitizer \`$FUZZ_REPLAY\`, with \`-detect_leaks=1\`: an invalid memory access in"
    echo "any dependency's unsafe code, or memory left allocated after an input, is a failure."
    echo
    echo "| target | inputs | time (s) | peak RSS (MB) | outcome |"
    echo "|---|---|---|---|---|"
    printf '%s\n' "${replays[@]}"
  fi
  echo
  echo "Total: ${total} s. Logs: \`fuzz/logs/\` (not committed)."
} >"$FUZZ_RESULTS"
echo "== ${FUZZ_RESULTS}: $( [ $failed -eq 0 ] && echo "no failures" || echo "FAILURES" ) (${total} s)"
exit $failed
