"""The hottest functions of one call, natively and through wasmtime, side by
side: each one's share of the time of a call, and the machine code each
compiler made of it (instructions, how many of them read or write the stack
frame, the frame's size, calls). bench/profile.sh runs it after recording
both profiles; bench/README.md ("The component through wasmtime") reads it.

    python3 bench/codecompare.py OUT ITEM [TOP]

OUT is bench/profile.sh's directory (target/bench-profile). It reads there:
perf-core-ITEM.data and perf-wasm-ITEM.data (perf record of `bench --only`),
only-core.out and only-wasm.out (the time of a call), component-none.cwasm
(the compiled component, written by the bench when TOOL_SCHEMA_BENCH_CWASM
names OUT; the `wasm` contender's engine has no per-call bound) and
tool_schema_guest.merged.wasm (the guest's module with its names, for the
full name of each wasm function). The native code is read from the bench
binary, target/host/bench.

A wasm function is matched with the native function of the same Rust path
(the mangled name's hash aside). LLVM inlines differently in the two builds,
so a row compares what each compiler kept in that function; the total row
compares the calls as a whole.
"""

from __future__ import annotations

import collections
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

BENCH = Path("target/host/bench")
HASH = re.compile(r"::h[0-9a-f]{16}$")


def run(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def per_call_us(out: Path) -> float:
    m = re.search(r"([0-9.]+) µs per call", out.read_text(encoding="utf-8"))
    if m is None:
        raise SystemExit(f"codecompare: no time per call in {out}")
    return float(m.group(1))


def samples(data: Path) -> collections.Counter:
    """Samples by function name (the leaf of each sample only)."""
    text = run("perf", "script", "-i", str(data), "-F", "ip,sym", "--hide-call-graph")
    names = (line.strip().partition(" ")[2] for line in text.splitlines())
    return collections.Counter(n for n in names if n)


def demangle(names: List[str]) -> List[str]:
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True).stdout
    return [HASH.sub("", n) for n in out.splitlines()]


def wasm_names(module: Path) -> Dict[int, str]:
    """Function index to Rust path, from the named module's name section."""
    found: List[Tuple[int, str]] = []
    for line in run("wasm-tools", "print", str(module)).splitlines():
        m = re.match(r'\s*\(func \$"?(.*?)"? \(;(\d+);\)', line)
        if m:
            found.append((int(m.group(2)), m.group(1)))
    paths = demangle([n for _, n in found])
    return {i: p for (i, _), p in zip(found, paths)}


class Code:
    """The machine code of one function, as objdump disassembles it."""

    def __init__(self, listing: str):
        self.lines = [l.split(":", 1)[1].strip() for l in listing.splitlines() if re.match(r"\s+[0-9a-f]+:", l)]

    @property
    def instructions(self) -> int:
        return len(self.lines)

    @property
    def stack(self) -> int:
        """Instructions with a memory operand in the stack frame (spills,
        reloads, locals kept in memory)."""
        return sum(1 for l in self.lines if re.search(r"\(%rsp\)|\(%rsp,", l))

    @property
    def calls(self) -> int:
        return sum(1 for l in self.lines if l.startswith("call"))

    @property
    def frame(self) -> int:
        for l in self.lines[:24]:
            m = re.match(r"sub\s+\$0x([0-9a-f]+),%rsp", l)
            if m:
                return int(m.group(1), 16)
        return 0


def disassemble(binary: Path, start: int, size: int) -> Code:
    return Code(
        run("objdump", "-d", "--no-show-raw-insn", f"--start-address={start:#x}", f"--stop-address={start + size:#x}", str(binary))
    )


def symbols(binary: Path, demangled: bool) -> List[Tuple[int, int, str]]:
    """(address, size, name) of each function symbol with a size."""
    args = ["nm", "-S", "--defined-only"] + (["-C"] if demangled else []) + [str(binary)]
    out = []
    for line in run(*args).splitlines():
        parts = line.split(" ", 3)
        if len(parts) == 4 and parts[2].lower() == "t":
            out.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return out


def main() -> None:
    out, item = Path(sys.argv[1]), sys.argv[2]
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    cwasm = out / "component-none.cwasm"
    for needed in (cwasm, out / "tool_schema_guest.merged.wasm", out / f"perf-core-{item}.data", out / f"perf-wasm-{item}.data"):
        if not needed.exists():
            raise SystemExit(f"codecompare: {needed} is missing (run bench/profile.sh)")
    us_native, us_wasm = per_call_us(out / "only-core.out"), per_call_us(out / "only-wasm.out")
    native, wasm = samples(out / f"perf-core-{item}.data"), samples(out / f"perf-wasm-{item}.data")
    n_total, w_total = sum(native.values()), sum(wasm.values())
    paths = wasm_names(out / "tool_schema_guest.merged.wasm")

    # The wasm functions by their index, with the samples of each.
    by_index: Dict[int, int] = collections.Counter()
    for name, n in wasm.items():
        m = re.match(r"wasm\[0\]::function\[(\d+)\]", name)
        if m:
            by_index[int(m.group(1))] += n
    in_wasm = sum(by_index.values())
    compiled = {}
    for addr, size, name in symbols(cwasm, demangled=False):
        m = re.match(r"wasm\[0\]::function\[(\d+)\]", name)
        if m:
            compiled[int(m.group(1))] = (addr, size)
    native_syms: Dict[str, Tuple[int, int]] = {}
    for addr, size, name in symbols(BENCH, demangled=True):
        native_syms.setdefault(name, (addr, size))

    rows = []
    totals = collections.Counter()
    for index, n in sorted(by_index.items(), key=lambda kv: -kv[1])[:top]:
        path = paths.get(index, f"function[{index}]")
        w_code = disassemble(cwasm, *compiled[index]) if index in compiled else None
        native_n = native.get(path, 0)
        n_code: Optional[Code] = disassemble(BENCH, *native_syms[path]) if path in native_syms else None
        w_us, n_us = n / w_total * us_wasm, native_n / n_total * us_native
        rows.append((path, n_us, w_us, n_code, w_code))

    def stats(c: Optional[Code]) -> str:
        if c is None:
            return "(inlined)"
        share = c.stack / c.instructions if c.instructions else 0
        return f"{c.instructions:5d} {c.stack:4d} ({share:4.0%}) {c.frame:5d} {c.calls:3d}"

    print(f"{item}: a call takes {us_native:.2f} µs natively, {us_wasm:.2f} µs through wasmtime ({us_wasm / us_native:.2f}×);")
    print(f"{in_wasm / w_total:.0%} of the samples through wasmtime are the compiled component.")
    print("Per function: its time in a call (µs, from its share of the samples), and its machine code:")
    print("instructions, those that touch the stack frame (share), frame bytes, calls.")
    print(f"{'function':58s} {'native µs':>9s} {'wasm µs':>8s} {'ratio':>6s}   {'native code':27s} {'wasm code':27s}")
    for path, n_us, w_us, n_code, w_code in rows:
        ratio = f"{w_us / n_us:5.2f}×" if n_us > 0 else "   — "
        short = path if len(path) <= 58 else "…" + path[-57:]
        print(f"{short:58s} {n_us:9.3f} {w_us:8.3f} {ratio:>6s}   {stats(n_code):27s} {stats(w_code):27s}")
        for side, c in (("native", n_code), ("wasm", w_code)):
            if c is not None:
                totals[side + " instructions"] += c.instructions
                totals[side + " stack"] += c.stack
    if totals["native instructions"] and totals["wasm instructions"]:
        print(
            f"These functions' code: {totals['wasm instructions'] / totals['native instructions']:.2f}× the instructions through wasmtime, "
            f"{totals['wasm stack'] / max(1, totals['native stack']):.2f}× those that touch the stack frame "
            f"({totals['native stack'] / totals['native instructions']:.0%} of native instructions, "
            f"{totals['wasm stack'] / totals['wasm instructions']:.0%} of wasm's)."
        )


if __name__ == "__main__":
    main()
