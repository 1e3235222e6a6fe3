"""Measures the per-call cost of small calls through the Python package.

For each call: ROUNDS rounds of a fixed number of calls, after a warm-up; the
per-call time of each round is its time divided by its calls, and the median
over the rounds is reported with the fastest and slowest round. Nothing is
compared with a threshold: this prints what it measured.

    python python/scripts/bench.py [--rounds N]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path
from typing import Callable, List

import tool_schema

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "get-docket.json"
VALID = '{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": 5}'
INVALID = '{"limit": 500}'


def per_call_us(fn: Callable[[], object], calls: int, rounds: int) -> List[float]:
    for _ in range(max(1, calls // 10)):
        fn()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()

    start = time.perf_counter()
    rt = tool_schema.runtime()
    info = rt.info()
    first_call = time.perf_counter() - start
    tool = tool_schema.describe_tool(EXAMPLE.read_text(encoding="utf-8"))
    validator = tool_schema.Validator(tool)
    assert validator.validate(VALID).ok and not validator.validate(INVALID).ok

    print(f"Python {platform.python_version()}, wasmtime {info.wasmtime_version}, {platform.machine()}")
    print(f"component loaded from {info.origin} in {info.load_seconds * 1e3:.0f} ms (first call {first_call * 1e3:.0f} ms)")
    print(f"schema: the input schema of examples/get-docket.json ({len(tool.input_schema_json)} bytes)")
    print(f"median per call over {args.rounds} rounds (fastest round – slowest round):")
    benches = [
        ("Validator.validate, valid arguments", lambda: validator.validate(VALID), 2000),
        ("Validator.validate, two errors", lambda: validator.validate(INVALID), 2000),
        ("validate_args (compiles each call), valid", lambda: tool_schema.validate_args(tool, VALID), 40),
        ("flatten_doc('x') (the cost of a call)", lambda: tool_schema.flatten_doc("x"), 2000),
    ]
    for name, fn, calls in benches:
        times = per_call_us(fn, calls, args.rounds)
        median = statistics.median(times)
        print(f"  {name:<45} {median:9.1f} µs   ({min(times):.1f} – {max(times):.1f}, {calls} calls a round)")


if __name__ == "__main__":
    main()
