"""Where a conversion's instructions go through the Python package, with its
deadline (the epoch checks the package's default `Runtime` compiles in) or
without: per conversion of the 89 real schemas for OpenAI (compact texts, the
mean over them), by function of the component's compiled code, with the calls
made to each function and the epoch checks run in it (bench/README.md,
"Downconverting the real schemas for OpenAI"). Counted, not timed: the same
build gives the same counts. Run from the repository root after `make bench`
(bench/.venv); needs valgrind:

    bench/.venv/bin/python bench/conversion_calls.py [--no-deadline] [--callers NAME] [COMPONENT]

COMPONENT is the component to count, with its function names; without it,
bench/named-component.sh builds one from the tree as it is
(target/bench-profile/tool_schema.wasm). callgrind counts a Python process
that converts the 89 twice and one that converts them seven times; the
difference over five rounds is 89 conversions, and only the component's
compiled code is counted (found through wasmtime's perf map, as
bench/epoch_cost.py does). A function's calls are the times its first
instruction ran; its checks, the times the branch of one of its epoch checks
did (`epoch_cost.Module.checks`). `--callers NAME`: also the functions that
call the functions whose names hold NAME, and how often (from callgrind's
call records).
"""

from __future__ import annotations

import collections
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import epoch_cost

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = (2, 7)


def named_runtime(component: str, cache: str, deadline: Optional[float]) -> Any:
    """The package's `Runtime` for `component`, its engine naming the compiled
    code through wasmtime's perf map (/tmp/perf-PID.map), its compiled form
    cached in `cache`."""
    sys.path.insert(0, str(ROOT / "python" / "src"))
    import tool_schema
    from tool_schema import _engine
    from wasmtime import Engine

    def named_engine(bounds: _engine.Bounds) -> Engine:
        config = _engine._config(bounds)
        config.profiler = "perfmap"
        return Engine(config)

    _engine._new_engine = named_engine  # type: ignore[attr-defined]
    return tool_schema.Runtime(component=component, cache_dir=cache, deadline=deadline)


def child(component: str, deadline: bool, rounds: int, cache: str) -> None:
    """The measured process: `rounds` conversions of the 89, the engine
    naming its code."""
    rt = named_runtime(component, cache, 1.0 if deadline else None)
    import json

    import tool_schema
    from tool_schema import _runtime

    target = _runtime._lower_target("openai")
    files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
    texts = [json.dumps(json.loads(f.read_text(encoding="utf-8")), separators=(",", ":")) for f in files]
    for _ in range(rounds):
        for text in texts:
            try:
                rt._call("downconvert", "downconvert-json", text, target, False)
            except tool_schema.DownconvertError:
                pass


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        child(args[1], args[2] == "deadline", int(args[3]), args[4])
        return
    deadline = "--no-deadline" not in args
    args = [a for a in args if a != "--no-deadline"]
    callers_of = None
    if "--callers" in args:
        i = args.index("--callers")
        callers_of = args[i + 1]
        del args[i : i + 2]
    if args:
        component = args[0]
    else:
        subprocess.run([str(ROOT / "bench" / "named-component.sh")], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        component = str(ROOT / "target" / "bench-profile" / "tool_schema.wasm")
    runs = []
    with tempfile.TemporaryDirectory() as cache:
        for rounds in ROUNDS:
            out = Path(cache) / f"callgrind.{rounds}"
            mode = "deadline" if deadline else "none"
            command = [sys.executable, __file__, "--child", component, mode, str(rounds), cache]
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={out}", "--log-file=/dev/null"]
                + command,
                check=True,
            )
            pid = int(re.search(r"^pid:\s*(\d+)", out.read_text(), re.M).group(1))  # type: ignore[union-attr]
            sites: Dict[Tuple[int, int], int] = {}
            runs.append((epoch_cost.counts(out, sites), Path(f"/tmp/perf-{pid}.map"), sites))
        (cwasm,) = Path(cache).glob("tool_schema-py-core-*.cwasm")
        module = epoch_cost.Module(cwasm)
    checks = set(module.checks)
    n = (ROUNDS[1] - ROUNDS[0]) * 89
    instructions: Dict[str, float] = collections.defaultdict(float)
    calls: Dict[str, float] = collections.defaultdict(float)
    checked: Dict[str, float] = collections.defaultdict(float)
    callers: Dict[str, float] = collections.defaultdict(float)
    for sign, (by_addr, perfmap, sites) in zip((-1, 1), runs):
        base = epoch_cost.load_base(perfmap, module)
        for addr, count in by_addr.items():
            offset = addr - base
            i = module.function(offset) if 0 <= offset < module.ends[-1] else -1
            if i < 0:
                continue
            name = module.names[i]
            instructions[name] += sign * count / n
            if offset == module.starts[i]:
                calls[name] += sign * count / n
            if offset in checks:
                checked[name] += sign * count / n
        if callers_of is not None:
            for (site, target), count in sites.items():
                s, t = site - base, target - base
                si = module.function(s) if 0 <= s < module.ends[-1] else -1
                ti = module.function(t) if 0 <= t < module.ends[-1] else -1
                if si >= 0 and ti >= 0 and callers_of in module.names[ti]:
                    callers[module.names[si]] += sign * count / n
    print(
        f"a conversion, {'with' if deadline else 'without'} the deadline: "
        f"{sum(instructions.values()):,.0f} instructions, {sum(calls.values()):,.0f} calls, "
        f"{sum(checked.values()):,.0f} epoch checks"
    )
    rows: List[str] = sorted(instructions, key=lambda k: -instructions[k])[:40]
    print(f"{'instructions':>12} {'calls':>7} {'checks':>7}  function")
    for name in rows:
        print(f"{instructions[name]:12,.0f} {calls[name]:7,.1f} {checked[name]:7,.1f}  {name[:110]}")
    if callers_of is not None:
        print(f"\ncalls of {callers_of}, by caller:")
        for name, count in sorted(callers.items(), key=lambda kv: -kv[1])[:20]:
            print(f"{count:8,.1f}  {name[:110]}")


if __name__ == "__main__":
    main()
