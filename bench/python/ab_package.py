"""Two versions of the Python package timed against each other, in one
process (bench/README.md, "Downconverting the real schemas for OpenAI"): A is
a copy of the package renamed ``tool_schema_a`` under DIR (its imports are
relative, so it loads beside ``tool_schema`` from python/src, B), each over a
component of its own. In every round each converts the 89 real schemas for
OpenAI from fresh deep copies of their dictionaries (as `make bench` times
them), and openai-agents converts them too, the three in alternating order.
The answers are checked equal first. Printed: the medians, and B's speed as
a multiple of A's (and openai-agents' against each) with the tenth and
ninetieth percentiles of the rounds' ratios.

    mkdir -p DIR && cp -r python/src/tool_schema DIR/tool_schema_a   # A, before a change
    taskset -c 1 bench/.venv/bin/python bench/python/ab_package.py DIR A.wasm B.wasm [ROUNDS]
"""

from __future__ import annotations

import copy
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

ROOT = Path(__file__).resolve().parents[2]
if len(sys.argv) < 4:
    sys.exit(__doc__)
sys.path.insert(0, str(ROOT / "python" / "src"))
sys.path.insert(0, sys.argv[1])

import peers  # noqa: E402
import tool_schema  # noqa: E402
import tool_schema_a  # type: ignore[import-not-found]  # noqa: E402

rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 41
COPIES = 10
files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
dicts = [json.loads(f.read_text(encoding="utf-8")) for f in files]


def converter(module: Any, component: str) -> Callable[[List[Any]], None]:
    return peers.package(module.Runtime(component=component), module.DownconvertError)


def answer(module: Any, component: str, d: Any) -> Any:
    try:
        a = module.Runtime(component=component).downconvert(copy.deepcopy(d), "openai")
        return (a.schema, [(c.pointer, c.keyword, c.action, c.detail) for c in a.changes], a.lossless)
    except module.DownconvertError as e:
        return str(e)


def main() -> None:
    a_wasm, b_wasm = sys.argv[2], sys.argv[3]
    for d in dicts:
        assert answer(tool_schema_a, a_wasm, d) == answer(tool_schema, b_wasm, d), json.dumps(d)[:200]
    found: Dict[str, Callable[[List[Any]], None]] = {
        "A": converter(tool_schema_a, a_wasm),
        "B": converter(tool_schema, b_wasm),
    }
    agents = peers.converters().get("openai-agents")
    if agents is not None:
        found["openai-agents"] = agents
    times: Dict[str, List[float]] = {name: [] for name in found}
    order = list(found)
    for r in range(rounds):
        for name in order if r % 2 == 0 else order[::-1]:
            batches = [copy.deepcopy(dicts) for _ in range(COPIES)]
            gc.collect()
            start = time.perf_counter()
            for batch in batches:
                found[name](batch)
            times[name].append((time.perf_counter() - start) / COPIES)
    print(f"the {len(dicts)} schemas, medians of {rounds} rounds:")
    for name, t in times.items():
        print(f"  {name:14s} {statistics.median(t) * 1e3:.3f} ms")

    def ratio(num: str, den: str) -> str:
        r = sorted(n / d for n, d in zip(times[num], times[den]))
        return f"{statistics.median(r):.3f}× ({r[len(r) // 10]:.3f}–{r[-len(r) // 10 - 1]:.3f})"

    print(f"  B / A speed: {ratio('A', 'B')}")
    if "openai-agents" in times:
        print(f"  openai-agents / A: {ratio('openai-agents', 'A')}; openai-agents / B: {ratio('openai-agents', 'B')}")


if __name__ == "__main__":
    main()
