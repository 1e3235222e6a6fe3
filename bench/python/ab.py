"""Two builds of the component timed against each other through the Python
package, in one process (bench/README.md, "Downconverting the real schemas
for OpenAI"): a runtime for each, and in every round each converts the 89
real schemas for OpenAI (compact texts, the runtime's call) and validates
the two 1.5 KB valid arguments 100 times, the two taking turns first. Printed
for each: the median over the rounds of B's speed as a multiple of A's, with
the tenth and ninetieth percentiles. A build against itself gives 1.00×
within about 2%; a build whose code is laid out otherwise, about ±3%.

    taskset -c 1 bench/.venv/bin/python bench/python/ab.py A.wasm B.wasm [ROUNDS]
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "src"))

import tool_schema  # noqa: E402
from tool_schema import _runtime  # noqa: E402


def main() -> None:
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    builds = sys.argv[1:3]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 31
    runtimes = [tool_schema.Runtime(component=b) for b in builds]
    target = _runtime._lower_target("openai")
    files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
    texts = [json.dumps(json.loads(f.read_text(encoding="utf-8")), separators=(",", ":")) for f in files]
    data = ROOT / "bench" / "data"
    inputs = [
        ((data / f"{n}.schema.json").read_text(encoding="utf-8"), (data / f"{n}-1.5kb-valid.json").read_text(encoding="utf-8"))
        for n in ("place-order", "query")
    ]
    validators: List[List[Tuple[Any, str]]] = [[(rt.validator(s), a) for s, a in inputs] for rt in runtimes]

    def convert(i: int) -> None:
        call = runtimes[i]._call
        for t in texts:
            try:
                call("downconvert", "downconvert-json", t, target, False)
            except tool_schema.DownconvertError:
                pass

    def validate(i: int) -> None:
        for _ in range(100):
            for v, a in validators[i]:
                v.validate(a)

    work: Dict[str, Callable[[int], None]] = {"downconvert the 89": convert, "validate the two 1.5 KB": validate}
    ratios: Dict[str, List[float]] = {k: [] for k in work}
    for r in range(rounds):
        for name, f in work.items():
            took = [0.0, 0.0]
            for i in (0, 1) if r % 2 == 0 else (1, 0):
                gc.collect()
                start = time.perf_counter()
                f(i)
                took[i] = time.perf_counter() - start
            ratios[name].append(took[0] / took[1])
    print(f"B = {builds[1]} against A = {builds[0]}, {rounds} rounds:")
    for name, v in ratios.items():
        v.sort()
        tenth = len(v) // 10
        print(f"  {name}: B/A speed {statistics.median(v):.3f}× ({v[tenth]:.3f}–{v[-tenth - 1]:.3f})")


if __name__ == "__main__":
    main()
