# The figures of the differential check for fuzz/results.md: the summary the
# harness (tests/tests/differential.rs) prints from `differential summary:`
# to `unexplained:`, as a list, with each explained class a nested item.
#
#   awk -f fuzz/scripts/differential-figures.awk fuzz/logs/differential.log

/^differential summary:/ { on = 1; next }
on && /^  / {
    sub(/^  /, "")
    n = index($0, ":")
    print "  - `" substr($0, 1, n - 1) "`" substr($0, n)
    next
}
on { print "- " $0 }
/^unexplained:/ { on = 0 }
