"""The fuel (WebAssembly instructions, counted by wasmtime: deterministic) one
call of the component takes, as bench/README.md gives it for changes too small
to time: the mean over the 89 real schemas converted for OpenAI, each as its
file writes it and as compact text, after a first pass over them (which reads
the built-in profile and the meta-schemas once); and one validation of each
1.5 KB input of bench/data, valid and invalid, by a validator compiled once.

    bench/.venv/bin/python bench/python/fuel.py [COMPONENT]

COMPONENT defaults to target/component/tool_schema.wasm (`make component`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable, List

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "src"))

import tool_schema  # noqa: E402
from tool_schema import _runtime  # noqa: E402

FUEL = 10**12


def main() -> None:
    component = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "component" / "tool_schema.wasm")
    rt = tool_schema.Runtime(component=component, fuel=FUEL)
    target = _runtime._lower_target("openai")
    files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
    as_written = [f.read_text(encoding="utf-8") for f in files]
    compact = [json.dumps(json.loads(t), separators=(",", ":"), ensure_ascii=False) for t in as_written]

    def fuel(call: Callable[[], object]) -> int:
        # The runtime sets FUEL before each call; what is left after it says
        # what the call took.
        call()
        return FUEL - rt._current.store.get_fuel()

    def convert(text: str) -> Callable[[], object]:
        def call() -> object:
            try:
                return rt._call("downconvert", "downconvert-json", text, target, False)
            except tool_schema.DownconvertError:
                return None

        return call

    def mean_conversion(texts: List[str]) -> float:
        for t in texts:
            convert(t)()
        return sum(fuel(convert(t)) for t in texts) / len(texts)

    print(f"downconvert for openai, mean of {len(files)}: "
          f"as written {mean_conversion(as_written):,.0f}, compact {mean_conversion(compact):,.0f}")
    data = ROOT / "bench" / "data"
    for name in ("place-order", "query"):
        validator = rt.validator((data / f"{name}.schema.json").read_text(encoding="utf-8"))
        for kind in ("valid", "invalid"):
            args = (data / f"{name}-1.5kb-{kind}.json").read_text(encoding="utf-8")
            validator.validate(args)
            print(f"validate {name}-1.5kb-{kind}: {fuel(lambda: validator.validate(args)):,}")


if __name__ == "__main__":
    main()
