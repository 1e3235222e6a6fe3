"""Where the Python package's time goes when it converts the 89 real schemas
for OpenAI (bench/README.md, "Downconverting the real schemas"): the same
loop from dictionaries (as make bench times it), the same without a per-call
bound (``Runtime(deadline=None)``: the deadline's epoch checks left out of the
compiled code), from texts, the runtime's call alone, and 89 calls converting
``{}`` (the fixed cost of a call), each round interleaved with openai-agents
and pydantic-ai on fresh deep copies.
Then the runtime's call (``downconvert-json``, as the package makes it) once
more, with the time spent inside the crossing into WebAssembly and making the
answer each summed apart: the rest of a call is the package's own Python
around them (writing the arguments, reading the schema's and the changes'
texts, the call's bookkeeping).

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

import peers  # noqa: E402
import tool_schema  # noqa: E402
from tool_schema import _runtime  # noqa: E402

rt = tool_schema.Runtime(component=ROOT / "target" / "component" / "tool_schema.wasm")
unbounded = tool_schema.Runtime(component=ROOT / "target" / "component" / "tool_schema.wasm", deadline=None)
files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
dicts = [json.loads(f.read_text(encoding="utf-8")) for f in files]
texts = [json.dumps(d) for d in dicts]
target = _runtime._lower_target("openai")


ours = peers.package(rt, tool_schema.DownconvertError)


def contenders() -> Dict[str, Callable[[List[Any]], None]]:
    out: Dict[str, Callable[[List[Any]], None]] = {
        "package, dictionaries": ours,
        "package, dictionaries, no deadline": peers.package(unbounded, tool_schema.DownconvertError),
        "package, texts": lambda _: ours(texts),
        "the runtime's call alone, texts": lambda _: [rt._call("downconvert", "downconvert-json", t, target, False) for t in texts],
        "89 calls converting {}": lambda _: [rt._call("downconvert", "downconvert-json", "{}", target, False) for _ in texts],
    }
    out.update(peers.converters())
    return out


def crossing_split(rounds: int) -> None:
    """The runtime's call over the 89 texts, and the parts of it timed apart
    by wrapping what the call's written Python calls (``_canon.Function._fast``):
    the crossing (the conversion, in the component) and the making of the
    answer (``build…``); the rest of a call is the package's own Python
    around them. Each wrapper's own cost (timed on a call that does nothing) is
    taken off its part."""
    rt._call("downconvert", "downconvert-json", "{}", target, False)
    caller = rt._current.callers[("downconvert", "downconvert-json")]
    env = getattr(caller, "__globals__", {})
    if env.get("invoke") is None:
        print("(the call has no written fast path here: no crossing split)")
        return
    parts = {"inside the crossing": "invoke"}
    parts.update({"making the answer": k for k in env if k.startswith("build")})
    spent = {part: 0.0 for part in parts}
    clock = time.perf_counter

    def timed(part: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            start = clock()
            try:
                return f(*args)
            finally:
                spent[part] += clock() - start

        return call

    originals = {name: env[name] for name in parts.values()}
    nothing = timed("inside the crossing", lambda: None)
    try:
        for part, name in parts.items():
            env[name] = timed(part, originals[name])
        calls: List[float] = []
        split: Dict[str, List[float]] = {part: [] for part in parts}
        wrapper: List[float] = []
        for _ in range(rounds):
            for part in spent:
                spent[part] = 0.0
            gc.collect()
            start = clock()
            for t in texts:
                rt._call("downconvert", "downconvert-json", t, target, False)
            calls.append(clock() - start)
            for part in parts:
                split[part].append(spent[part])
            spent["inside the crossing"] = 0.0
            for _ in texts:
                nothing()
            wrapper.append(spent["inside the crossing"])
    finally:
        env.update(originals)
    overhead = statistics.median(wrapper)
    call = statistics.median(calls)
    print(f"{'the call again, all of it':34s} {call * 1e3:6.2f} ms (median of {rounds})")
    rest = call
    for part in parts:
        took = statistics.median(split[part]) - overhead
        rest -= took + overhead
        print(f"{'  ' + part:34s} {took * 1e3:6.2f} ms, {took / len(texts) * 1e6:.1f} µs a call")
    print(f"{'  the package around them':34s} {rest * 1e3:6.2f} ms, {rest / len(texts) * 1e6:.1f} µs a call")


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
