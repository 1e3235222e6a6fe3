"""The 89 real schemas converted for OpenAI in two orders that convert every
schema as often (bench/README.md, "Downconverting the real schemas for
OpenAI"):

- in turn: rounds of the 89, each schema once a round, as `make bench`
  converts them (and as an application converts a tool's schema: once, among
  other work);
- repeated: each schema many times in a row, so that from its second
  conversion on the processor has just done the same work.

For the package from dictionaries (as `make bench` times it), the runtime's
call alone from compact texts, and openai-agents, each on fresh deep copies
made before the clock starts. Alternations of the two orders; medians of the
time for the 89 and of the two orders' ratio. target/host/downconvert-loop
measures the same natively.

    taskset -c 1 bench/.venv/bin/python bench/python/warm_cold.py [TURNS] [COMPONENT]
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
sys.path.insert(0, str(ROOT / "python" / "src"))

import peers  # noqa: E402
import tool_schema  # noqa: E402
from tool_schema import _runtime  # noqa: E402

#: Conversions of each schema in one order of one turn.
REPEATS = 40

turns = int(sys.argv[1]) if len(sys.argv) > 1 else 7
component = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "target" / "component" / "tool_schema.wasm"
rt = tool_schema.Runtime(component=component)
files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
dicts = [json.loads(f.read_text(encoding="utf-8")) for f in files]
texts = [json.dumps(d, separators=(",", ":"), ensure_ascii=False) for d in dicts]
target = _runtime._lower_target("openai")


package = peers.package(rt, tool_schema.DownconvertError)


def call_alone(schemas: List[Any]) -> None:
    for t in schemas:
        rt._call("downconvert", "downconvert-json", t, target, False)


def contenders() -> Dict[str, Callable[[List[Any]], None]]:
    out: Dict[str, Callable[[List[Any]], None]] = {
        "package, dictionaries": package,
        "the runtime's call alone, texts": call_alone,
    }
    agents = peers.converters().get("openai-agents")
    if agents is None:
        print("(openai-agents is not installed: run make bench first)")
    else:
        out["openai-agents"] = agents
    return out


def timed(f: Callable[[List[Any]], None], batches: List[List[Any]]) -> float:
    """Seconds for the 89, each batch given to ``f`` in order."""
    gc.collect()
    start = time.perf_counter()
    for batch in batches:
        f(batch)
    return (time.perf_counter() - start) / REPEATS


def main() -> None:
    found = contenders()
    times: Dict[str, Dict[str, List[float]]] = {name: {"in turn": [], "repeated": []} for name in found}
    for _ in range(turns):
        for name, f in found.items():
            source = texts if name.endswith("texts") else dicts
            # In turn: REPEATS rounds of the 89. Repeated: REPEATS copies of
            # one schema, then of the next.
            rounds = [copy.deepcopy(source) for _ in range(REPEATS)]
            times[name]["in turn"].append(timed(f, rounds))
            runs = [[copy.deepcopy(s) for _ in range(REPEATS)] for s in source]
            times[name]["repeated"].append(timed(f, runs))
    print(f"the {len(files)} schemas, {REPEATS} conversions of each per order, medians of {turns} turns:")
    for name, t in times.items():
        turn, again = statistics.median(t["in turn"]), statistics.median(t["repeated"])
        ratios = sorted(a / b for a, b in zip(t["in turn"], t["repeated"]))
        print(
            f"  {name:34s} in turn {turn * 1e3:5.2f} ms, repeated {again * 1e3:5.2f} ms: "
            f"{statistics.median(ratios):.2f}× ({ratios[0]:.2f}–{ratios[-1]:.2f}×)"
        )
    if "openai-agents" in times:
        agents = times["openai-agents"]
        for order in ("in turn", "repeated"):
            ours = statistics.median(times["package, dictionaries"][order])
            print(f"  openai-agents / package, {order}: {statistics.median(agents[order]) / ours:.2f}×")


if __name__ == "__main__":
    main()
