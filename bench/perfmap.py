"""Rewrites a perf map (/tmp/perf-PID.map) so that each address keeps only
the entry written last.

wasmtime appends an entry for every function each time it loads compiled
code, and a process that loads the component more than once (one engine per
bound, the precompiled form loaded again) gets later code at addresses an
earlier load had freed. perf then names a sample after whichever entry it
finds first, often a function of a discarded load: a profile of a
down-conversion named validation and C# parsing functions. The entries of the
last load are the code that ran, so they win.

    python3 bench/perfmap.py /tmp/perf-PID.map
"""

from __future__ import annotations

import bisect
import sys
from typing import List, Tuple


def latest(lines: List[str]) -> List[Tuple[int, int, str]]:
    """The entries of ``lines`` (``START SIZE NAME``, hexadecimal) that no
    later entry overlaps, by address."""
    kept: List[Tuple[int, int, str]] = []
    starts: List[int] = []  # of the kept ranges, sorted, with their ends
    ends: List[int] = []
    for line in reversed(lines):
        parts = line.split(" ", 2)
        if len(parts) != 3:
            continue
        start, size, name = int(parts[0], 16), int(parts[1], 16), parts[2]
        end = start + max(size, 1)
        i = bisect.bisect_right(starts, start)
        if i > 0 and ends[i - 1] > start:
            continue  # inside a later entry's range
        if i < len(starts) and starts[i] < end:
            continue  # a later entry starts inside this one
        starts.insert(i, start)
        ends.insert(i, end)
        kept.append((start, size, name))
    return sorted(kept)


def main() -> None:
    path = sys.argv[1]
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    kept = latest(lines)
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(f"{start:x} {size:x} {name}\n" for start, size, name in kept)
    print(f"perfmap: {path}: {len(lines)} entries, {len(kept)} kept (the last load's)", file=sys.stderr)


if __name__ == "__main__":
    main()
