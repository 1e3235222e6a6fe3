"""Where the Python package's time goes when it converts the 89 real schemas
for OpenAI (bench/README.md, "Downconverting the real schemas"): the same
loop from dictionaries (as make bench times it), from texts, the runtime's
call alone, and 89 calls converting ``{}`` (the fixed cost of a call), each
round interleaved with openai-agents and pydantic-ai on fresh deep copies.
Then the runtime's call once more, with the time spent inside the crossing
into WebAssembly summed apart: the rest of a call is the package's own
Python (writing the arguments, reading the answer).

    taskset -c 1 bench/.venv/bin/python bench/python/downconvert_split.py [ROUNDS]
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

import tool_schema  # noqa: E402
from tool_schema import _runtime  # noqa: E402

rt = tool_schema.Runtime(component=ROOT / "target" / "component" / "tool_schema.wasm")
files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
dicts = [json.loads(f.read_text(encoding="utf-8")) for f in files]
texts = [json.dumps(d) for d in dicts]
target = _runtime._lower_target("openai")


def ours(schemas: List[Any]) -> None:
    for s in schemas:
        try:
            rt.downconvert(s, "openai")
        except tool_schema.DownconvertError:
            pass


def contenders() -> Dict[str, Callable[[List[Any]], None]]:
    out: Dict[str, Callable[[List[Any]], None]] = {
        "package, dictionaries": ours,
        "package, texts": lambda _: ours(texts),
        "the runtime's call alone, texts": lambda _: [rt._call("downconvert", "downconvert", t, target) for t in texts],
        "89 calls converting {}": lambda _: [rt._call("downconvert", "downconvert", "{}", target) for _ in texts],
    }
    try:
        from agents.strict_schema import ensure_strict_json_schema

        def agents(schemas: List[Any]) -> None:
            for s in schemas:
                try:
                    ensure_strict_json_schema(s)
                except Exception:  # noqa: BLE001 - a refusal, counted
                    pass

        out["openai-agents"] = agents
    except ImportError:
        pass
    try:
        from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer

        def pydantic_ai(schemas: List[Any]) -> None:
            for s in schemas:
                try:
                    OpenAIJsonSchemaTransformer(s, strict=True).walk()
                except Exception:  # noqa: BLE001
                    pass

        out["pydantic-ai"] = pydantic_ai
    except ImportError:
        pass
    return out


def crossing_split(rounds: int) -> None:
    """The runtime's call over the 89 texts, and the part of it inside the
    crossing (the conversion, in the component), timed by wrapping the
    crossing the call's written Python makes (``_canon.Function._fast``)."""
    rt._call("downconvert", "downconvert", "{}", target)
    caller = rt._current.callers[("downconvert", "downconvert")]
    env = getattr(caller, "__globals__", {})
    invoke = env.get("invoke")
    if invoke is None:
        print("(the call has no written fast path here: no crossing split)")
        return
    inside = [0.0]
    clock = time.perf_counter

    def timed(*args: Any) -> Any:
        start = clock()
        try:
            return invoke(*args)
        finally:
            inside[0] += clock() - start

    env["invoke"] = timed
    try:
        calls: List[float] = []
        crossings: List[float] = []
        for _ in range(rounds):
            inside[0] = 0.0
            gc.collect()
            start = clock()
            for t in texts:
                rt._call("downconvert", "downconvert", t, target)
            calls.append(clock() - start)
            crossings.append(inside[0])
    finally:
        env["invoke"] = invoke
    call, crossing = statistics.median(calls), statistics.median(crossings)
    print(f"{'the call again, all of it':34s} {call * 1e3:6.2f} ms (median of {rounds})")
    print(f"{'  inside the crossing':34s} {crossing * 1e3:6.2f} ms, {crossing / len(texts) * 1e6:.1f} µs a call")
    rest = (call - crossing) / len(texts) * 1e6
    print(f"{'  the package around it':34s} {(call - crossing) * 1e3:6.2f} ms, {rest:.1f} µs a call")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    cs = contenders()
    times: Dict[str, List[float]] = {k: [] for k in cs}
    for _ in range(rounds):
        for name, f in cs.items():
            fresh = copy.deepcopy(dicts)
            gc.collect()
            start = time.perf_counter()
            f(fresh)
            times[name].append(time.perf_counter() - start)
    for name, ts in times.items():
        print(f"{name:34s} {statistics.median(ts) * 1e3:6.2f} ms (median of {rounds})")
    crossing_split(rounds)


if __name__ == "__main__":
    main()
