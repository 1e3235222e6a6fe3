# The closing lines of `make test`: the counts of each runner's own summary
# lines, per language, then all together as `N passed, N failed`. Exits 1
# when anything failed or nothing ran.
#
#   awk -f tests/summary.awk target/test.log target/js-test.log target/python-test.log \
#       target/conformance.log

# cargo test (libtest and the libtest-mimic harnesses)
FILENAME ~ /\/test\.log$/ && /^test result:/ { rust_p += $4; rust_f += $6 }
# node --test with js/scripts/test-reporter.mjs, once per run
FILENAME ~ /js-test\.log$/ && /^[0-9]+ passed, [0-9]+ failed/ { js_p += $1; js_f += $3 }
# pytest's last line: "==== 596 passed, 2 failed, 1 skipped in 16.58s ===="
FILENAME ~ /python-test\.log$/ && /^=+ .* in [0-9.]+s/ {
    for (i = 2; i < NF; i++) {
        if ($(i + 1) ~ /^passed/) py_p += $i
        if ($(i + 1) ~ /^(failed|errors?)/) py_f += $i
        if ($(i + 1) ~ /^skipped/) py_s += $i
    }
}
# make conformance: one line per runner (Rust and wasmtime, Node, Python)
FILENAME ~ /conformance\.log$/ && /^[0-9]+ passed, [0-9]+ failed/ { cc_p += $1; cc_f += $3; cc_runs++ }
END {
    printf "\nRust, native and through wasmtime: %d passed, %d failed\n", rust_p, rust_f
    printf "JavaScript, node and Chromium:     %d passed, %d failed\n", js_p, js_f
    printf "Python, through wasmtime-py:       %d passed, %d failed%s\n", py_p, py_f, (py_s ? sprintf(", %d skipped", py_s) : "")
    printf "Cross-host vectors, %d runners:     %d passed, %d failed\n", cc_runs, cc_p, cc_f
    p = rust_p + js_p + py_p + cc_p
    f = rust_f + js_f + py_f + cc_f
    printf "\nevery test together:\n%d passed, %d failed\n", p, f
    exit (f > 0 || rust_p == 0 || js_p == 0 || py_p == 0 || cc_runs != 3)
}
