"""What the deadline's epoch checks add to one `validate` call of the Python
package, counted rather than timed (bench/README.md, "What a per-call bound
costs"). Run from the repository root after `make bench` (bench/.venv, and
target/host/validate-loop); needs valgrind:

    bench/.venv/bin/python bench/epoch_cost.py [ITEM] [COMPONENT]

COMPONENT is the component to count, with its function names; without it,
bench/named-component.sh builds one from the tree as it is
(target/bench-profile/tool_schema.wasm).

ITEM is place-order (the default) or query: bench/data/ITEM.schema.json and
ITEM-1.5kb-valid.json. Or ITEM is `real`: the package's `downconvert` of the
89 real schemas (tests/real-tool-schemas/schemas, each as its dictionary) for
openai, one after the other, each conversion a call (178 and then 1,068
conversions, two and twelve rounds of the 89: the difference is ten rounds);
the native core is not counted for it. For the package with its deadline and with
`Runtime(deadline=None)`, callgrind counts a Python process that makes 200 and
then one making 1,200 `validate` calls on one validator; the difference over
1,000 is one call, and only the component's compiled code is counted (found
through wasmtime's perf map). Printed: the instructions of a call with and
without the checks, by function; then the checks run in a call, by function
and by place. A check is the compiled code's compare of the engine's epoch
with the store's deadline, at each function entry and loop head, whose branch
goes to `wasmtime_builtin_new_epoch`; the places are found by disassembling
the compiled core module (`objdump`) in a cache directory of the run's own.
Deterministic: the same build gives the same counts. For scale, when
target/host/validate-loop is built (`make bench` builds it), the native core's
instructions for the same call, counted the same way, and by function.
"""

from __future__ import annotations

import bisect
import collections
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
CALLS = (200, 1200)
#: The real schemas converted for openai instead of a validation.
REAL = "real"
REAL_DIR = ROOT / "tests" / "real-tool-schemas" / "schemas"
REAL_SCHEMAS = 89


def calls_of(item: str) -> Tuple[int, int]:
    """The calls of the two counted processes: whole rounds of the real
    schemas for `real`."""
    return (2 * REAL_SCHEMAS, 12 * REAL_SCHEMAS) if item == REAL else CALLS


def child(component: str, mode: str, item: str, calls: int, cache: str) -> None:
    """The measured process: `calls` validations, the engine naming its code."""
    sys.path.insert(0, str(ROOT / "python" / "src"))
    import tool_schema
    from tool_schema import _engine
    from wasmtime import Engine

    def named_engine(bounds: _engine.Bounds) -> Engine:
        config = _engine._config(bounds)
        config.profiler = "perfmap"
        return Engine(config)

    _engine._new_engine = named_engine
    data = ROOT / "bench" / "data"
    if mode == "deadline":
        rt = tool_schema.Runtime(component=component, cache_dir=cache)
    else:
        rt = tool_schema.Runtime(component=component, cache_dir=cache, deadline=None)
    if item == REAL:
        import json

        schemas = [json.loads(p.read_text()) for p in sorted(REAL_DIR.glob("*.json"))]
        for k in range(calls):
            try:
                rt.downconvert(schemas[k % len(schemas)], "openai")
            except tool_schema.DownconvertError:
                pass
        return
    validator = rt.validator((data / f"{item}.schema.json").read_text())
    args = (data / f"{item}-1.5kb-valid.json").read_text()
    for _ in range(calls):
        validator.validate(args)


def counts(out: Path, calls: Optional[Dict[Tuple[int, int], int]] = None) -> Dict[int, int]:
    """Instructions by address, from a callgrind file written with
    --dump-instr=yes (the cost lines after a `calls=` line are a call's
    inclusive cost, not the caller's own, and are left out). With `calls`,
    each call is counted into it too: (the calling instruction's address,
    the called address) -> calls."""
    by_addr: Dict[int, int] = collections.defaultdict(int)
    addr = 0
    call: Optional[Tuple[int, str]] = None
    fields = 1
    for line in out.read_text().splitlines():
        if line.startswith("positions:"):
            fields = len(line.split()) - 1
            continue
        if line.startswith("calls="):
            count, target = line[len("calls=") :].split()[:2]
            call = (int(count), target)
            continue
        m = re.match(r"^(0x[0-9a-f]+|[+-]\d+|\*)\s", line)
        if not m:
            continue
        token = m.group(1)
        if token.startswith("0x"):
            addr = int(token, 16)
        elif token[0] in "+-":
            addr += int(token)
        if call is not None:
            count, target = call
            call = None
            if calls is not None and target.startswith("0x"):
                calls[(addr, int(target, 16))] = calls.get((addr, int(target, 16)), 0) + count
            continue
        parts = line.split()
        if len(parts) > fields:
            by_addr[addr] += int(parts[fields])
    return by_addr


class Module:
    """The compiled core module: its functions and its checks, by offset."""

    def __init__(self, cwasm: Path):
        self.starts: List[int] = []
        self.ends: List[int] = []
        self.names: List[str] = []
        listing = subprocess.run(["nm", "-S", "--defined-only", str(cwasm)], capture_output=True, text=True, check=True)
        rows = []
        for line in listing.stdout.splitlines():
            parts = line.split(" ", 3)
            if len(parts) == 4 and parts[3].startswith("wasm["):
                rows.append((int(parts[0], 16), int(parts[1], 16), re.sub(r"^wasm\[\d+\]::function\[\d+\]::", "", parts[3])))
        rows.sort()
        for start, size, name in rows:
            self.starts.append(start)
            self.ends.append(start + size)
            self.names.append(name)
        self.checks = self._checks(cwasm)

    def function(self, offset: int) -> int:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i if i >= 0 and offset < self.ends[i] else -1

    @staticmethod
    def _checks(cwasm: Path) -> List[int]:
        """The offsets of the branches to an epoch check's slow path."""
        dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(cwasm)], capture_output=True, text=True, check=True)
        code: List[Tuple[int, str]] = []
        for line in dis.stdout.splitlines():
            m = re.match(r"\s+([0-9a-f]+):\s+(.*)", line)
            if m:
                code.append((int(m.group(1), 16), m.group(2)))
        at = {a: i for i, (a, _) in enumerate(code)}
        found = []
        for a, text in code:
            m = re.match(r"jae\s+([0-9a-f]+)", text)
            j = at.get(int(m.group(1), 16)) if m else None
            if j is None:
                continue
            # The slow path reloads the deadline, compares again and calls
            # the builtin: its first call or jump is that call.
            ends = [t for _, t in code[j : j + 8] if t.startswith(("call", "jmp", "ud2"))]
            if ends and "new_epoch" in ends[0]:
                found.append(a)
        return found


def measure(component: str, mode: str, item: str) -> Tuple[Dict[int, float], Module]:
    """Instructions per call by offset in the compiled module, and it."""
    runs = []
    low, high = calls_of(item)
    with tempfile.TemporaryDirectory() as cache:
        for calls in (low, high):
            out = Path(cache) / f"callgrind.{calls}"
            command = [sys.executable, __file__, "--child", component, mode, item, str(calls), cache]
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={out}", "--log-file=/dev/null"]
                + command,
                check=True,
            )
            pid = int(re.search(r"^pid:\s*(\d+)", out.read_text(), re.M).group(1))  # type: ignore[union-attr]
            runs.append((counts(out), Path(f"/tmp/perf-{pid}.map")))
        (cwasm,) = Path(cache).glob("tool_schema-py-core-*.cwasm")
        module = Module(cwasm)
    per_call: Dict[int, float] = collections.defaultdict(float)
    for sign, (by_addr, perfmap) in zip((-1, 1), runs):
        base = load_base(perfmap, module)
        for addr, count in by_addr.items():
            offset = addr - base
            if 0 <= offset < module.ends[-1]:
                per_call[offset] += sign * count / (high - low)
    return per_call, module


def native(item: str) -> Dict[str, float]:
    """The native core's instructions per validate call, by function:
    `validate-loop` under callgrind, 1,200 calls against 200."""
    by_function: Dict[str, float] = collections.defaultdict(float)
    with tempfile.TemporaryDirectory() as directory:
        for sign, calls in zip((-1, 1), CALLS):
            out = Path(directory) / f"callgrind.{calls}"
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--log-file=/dev/null"]
                + [str(ROOT / "target" / "host" / "validate-loop"), item, str(calls)],
                check=True,
                cwd=ROOT,
            )
            report = subprocess.run(
                ["callgrind_annotate", "--inclusive=no", "--threshold=100", str(out)], capture_output=True, text=True, check=True
            )
            for line in report.stdout.splitlines():
                # "COUNT (PERCENT)  FILE:FUNCTION [OBJECT]": the file ends at
                # the first single colon.
                m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(?:[^:\s]|::)*?[^:]:(?!:)(.*?)\s*(\[.*\])?$", line)
                if m:
                    name = re.sub(r"::h[0-9a-f]{16}$", "", re.sub(r"'\d+$", "", m.group(2)))
                    by_function[name] += sign * int(m.group(1).replace(",", "")) / (CALLS[1] - CALLS[0])
    return by_function


def load_base(perfmap: Path, module: Module) -> int:
    """Where the module's code was loaded last: its first function's entry
    in the perf map, written last (an engine may load the code more than
    once; bench/perfmap.py)."""
    first = module.names[0]
    size = module.ends[0] - module.starts[0]
    base = None
    for line in perfmap.read_text().splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and int(parts[1], 16) == size and parts[2].endswith(first):
            base = int(parts[0], 16) - module.starts[0]
    if base is None:
        raise SystemExit(f"epoch_cost: {first} is not in {perfmap}")
    # The names as the perf map spells them (demangled, whole).
    for line in perfmap.read_text().splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and not parts[2].startswith("wasm["):
            i = module.function(int(parts[0], 16) - base)
            if i >= 0 and module.starts[i] == int(parts[0], 16) - base:
                module.names[i] = re.sub(r"::h[0-9a-f]{16}$", "", parts[2])
    return base


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        component, mode, item, calls, cache = sys.argv[2:7]
        child(component, mode, item, int(calls), cache)
        return
    item = sys.argv[1] if len(sys.argv) > 1 else "place-order"
    component = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / "target" / "bench-profile" / "tool_schema.wasm")
    for tool in ("valgrind", "callgrind_annotate", "objdump", "nm"):
        if shutil.which(tool) is None:
            raise SystemExit(f"epoch_cost: {tool} is not installed (apt-get install valgrind binutils)")
    if len(sys.argv) <= 2:
        # The component with its names, as the tree is now.
        subprocess.run([str(ROOT / "bench" / "named-component.sh")], cwd=ROOT, check=True)
    if not Path(component).is_file():
        raise SystemExit(f"epoch_cost: {component} is missing")
    if item == REAL:
        if len(list(REAL_DIR.glob("*.json"))) != REAL_SCHEMAS:
            raise SystemExit(f"epoch_cost: {REAL_DIR} does not hold the {REAL_SCHEMAS} real schemas")
    elif not (ROOT / "bench" / "data" / f"{item}-1.5kb-valid.json").is_file():
        raise SystemExit(f"epoch_cost: no input {item!r}: bench/data has place-order and query, or `real`")
    by_function: Dict[str, Dict[str, float]] = {}
    checks: Dict[str, Dict[str, float]] = {}
    for mode in ("deadline", "none"):
        per_call, module = measure(component, mode, item)
        functions: Dict[str, float] = collections.defaultdict(float)
        for offset, count in per_call.items():
            i = module.function(offset)
            functions[module.names[i] if i >= 0 else "?"] += count
        by_function[mode] = functions
        if mode == "deadline":
            places: Dict[str, float] = collections.defaultdict(float)
            for offset in module.checks:
                runs = per_call.get(offset, 0.0)
                if runs >= 0.5:
                    i = module.function(offset)
                    places[f"{module.names[i]} +{offset - module.starts[i]:#x}"] = runs
            checks["places"] = places
    d, n = by_function["deadline"], by_function["none"]
    low, high = calls_of(item)
    call = "conversion of a real schema for openai" if item == REAL else "validate call"
    print(f"{item}: the component's instructions per {call} (callgrind, {high} - {low} calls)")
    print(f"  with the deadline {sum(d.values()):,.0f}, without {sum(n.values()):,.0f}")
    print("  by function: without, with, the checks' share")
    for name in sorted(set(d) | set(n), key=lambda k: -(d.get(k, 0) - n.get(k, 0)))[:12]:
        print(f"  {n.get(name, 0):9,.0f} {d.get(name, 0):9,.0f} {d.get(name, 0) - n.get(name, 0):+8,.0f}  {name[:90]}")
    loop = ROOT / "target" / "host" / "validate-loop"
    if loop.exists() and item != REAL:
        core = native(item)
        print(f"  the native core (target/host/validate-loop): {sum(core.values()):,.0f}; by function, native and without checks:")
        for name, count in sorted(core.items(), key=lambda x: -x[1])[:6]:
            print(f"  {count:9,.0f} {n.get(name, 0):9,.0f}  {name[:90]}")
    places = checks["places"]
    print(f"  checks run per call: {sum(places.values()):,.0f}, by function:")
    by_fn: Dict[str, float] = collections.defaultdict(float)
    for place, count in places.items():
        by_fn[place.rsplit(" +", 1)[0]] += count
    for name, count in sorted(by_fn.items(), key=lambda x: -x[1])[:8]:
        print(f"  {count:9,.1f}  {name[:90]}")
    print("  the places run most:")
    for place, count in sorted(places.items(), key=lambda x: -x[1])[:12]:
        print(f"  {count:9,.1f}  {place[-100:]}")


if __name__ == "__main__":
    main()
