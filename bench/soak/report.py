#!/usr/bin/env python3
"""`make soak`'s report: reads the hosts' JSON lines (bench/soak/soak.rs,
soak.mjs, soak.py) on stdin and writes bench/soak.md, a table of each loop's
resident set size and linear memory after its warm-up and at its end, with ⚠
where either grew by more than 10%; the same section replaces the one in
bench/results.md (`make bench` copies bench/soak.md in too). Prints the table;
exits 1 when a figure grew by more than 10%.
"""
import json
import re
import sys
from pathlib import Path

LIMIT = 0.10
BEGIN, END = "<!-- soak: written by make soak -->", "<!-- end of soak -->"
root = Path(__file__).resolve().parents[2]
rows = [json.loads(line) for line in sys.stdin if line.strip()]


def mib(n: int) -> str:
    return f"{n / (1 << 20):.1f} MiB"


def growth(before: int, after: int) -> tuple[str, bool]:
    g = (after - before) / before if before else 0.0
    return f"{g:+.1%}", g <= LIMIT


over = []
lines = [
    BEGIN,
    "## Memory over time (make soak)",
    "",
    "Each host: one tool validated 1,000,000 times (valid and invalid arguments in turn), then 100,000 tools made "
    "and dropped with no explicit release (the garbage collector, or Rust's `Drop`, releases them). \"Before\" is "
    "after a warm-up (the first 100,000 calls, the first 10,000 tools), \"after\" at the end, after a forced "
    "collection. ⚠ where either grew by more than 10%.",
    "",
    "| host | loop | count | process RSS before → after | growth | linear memory before → after | growth | seconds |",
    "|---|---|---|---|---|---|---|---|",
]
# Node run again with V8's own young-generation sizing (bench/soak/soak.mjs):
# for the record, below the table, not a figure of it.
record = [r for r in rows if r.get("v8Defaults")]
rows = [r for r in rows if not r.get("v8Defaults")]
for r in rows:
    rss, rss_ok = growth(r["rssBefore"], r["rssAfter"])
    mem, mem_ok = growth(r["memoryBefore"], r["memoryAfter"])
    if not (rss_ok and mem_ok):
        over.append(f'{r["host"]} {r["loop"]}')
    lines.append(
        f'| {r["host"]} | {r["loop"]} | {r["count"]:,} | {mib(r["rssBefore"])} → {mib(r["rssAfter"])} | '
        f'{rss}{"" if rss_ok else " ⚠"} | {mib(r["memoryBefore"])} → {mib(r["memoryAfter"])} | '
        f'{mem}{"" if mem_ok else " ⚠"} | {r["seconds"]:.1f} |'
    )
semi = next((r["semiSpaceMiB"] for r in rows if r.get("semiSpaceMiB")), None)
if semi:
    lines += [
        "",
        f"Node runs with V8's young generation fixed at {semi} MiB a semi-space (`--min-semi-space-size={semi} "
        f"--max-semi-space-size={semi}`), the ceiling V8 grows it to by itself: V8 doubles it whenever the bytes surviving "
        "its young collections since the last doubling add up to its size, and the tools loop's resources survive "
        "until a collection has seen their owners go, so with V8's defaults the loop takes it from a smaller size to "
        "that ceiling once, which the RSS counts.",
    ]
for r in record:
    rss, _ = growth(r["rssBefore"], r["rssAfter"])
    lines.append(
        f'With V8\'s defaults, the same {r["loop"]} loop ({r["count"]:,}): RSS {mib(r["rssBefore"])} → '
        f'{mib(r["rssAfter"])} ({rss}), linear memory {mib(r["memoryBefore"])} → {mib(r["memoryAfter"])}, '
        f'the new space {mib(r.get("newSpaceBefore", 0))} → {mib(r.get("newSpaceAfter", 0))}.'
    )
lines += ["", END]
section = "\n".join(lines) + "\n"
(root / "bench/soak.md").write_text(section)
results = root / "bench/results.md"
if results.exists():
    text = results.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END) + "\n?", re.S)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    results.write_text(text)
print(section)
if over:
    print(f"soak: grew by more than 10%: {', '.join(over)}", file=sys.stderr)
    sys.exit(1)
