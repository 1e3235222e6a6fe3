"""Where the Python package's time goes when it converts the 89 real schemas
for OpenAI (bench/README.md, "Downconverting the real schemas"): the same
loop from dictionaries (as make bench times it), from texts, the runtime's
call alone, and 89 calls converting ``{}`` (the fixed cost of a call), each
round interleaved with openai-agents and pydantic-ai on fresh deep copies.

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


if __name__ == "__main__":
    main()
