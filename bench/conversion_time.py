"""Where the Python package's time goes when it converts the 89 real schemas
for OpenAI from dictionaries, as `make bench` times it (the default `Runtime`,
with its deadline; each round on fresh deep copies): sampled by `perf`, which
records only while the loop runs (perf's control fifo), the component's
compiled code named through wasmtime's perf map (bench/README.md,
"Downconverting the real schemas for OpenAI"). Printed: the share of the time
in each object (the component's code is its `.cwasm`), then the functions
above half a percent. Run from the repository root after `make bench`
(bench/.venv); needs perf:

    taskset -c 1 bench/.venv/bin/python bench/conversion_time.py [--repeated] [ROUNDS] [COMPONENT]

ROUNDS defaults to 300. COMPONENT is the component to profile, with its
function names; without it, bench/named-component.sh builds one from the
tree as it is (target/bench-profile/tool_schema.wasm). `--repeated`: each
schema converted ROUNDS times in a row instead of ROUNDS rounds of the 89,
so that the processor has just done the same work before each conversion
(bench/python/warm_cold.py times the two orders).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(component: str, rounds: int, repeated: bool, cache: str, control: str, ack: str) -> None:
    """The measured process: the fresh copies made first, then perf told to
    record for the loop alone."""
    sys.path.insert(0, str(ROOT / "python" / "src"))
    import copy
    import json

    from conversion_calls import named_runtime

    # With the package's default deadline, as make bench times it.
    from tool_schema import DEFAULT_DEADLINE, DownconvertError

    rt = named_runtime(component, cache, DEFAULT_DEADLINE)
    files = sorted((ROOT / "tests" / "real-tool-schemas" / "schemas").glob("*.json"))
    dicts = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    for d in dicts:  # compiled, instantiated and read once before recording
        try:
            rt.downconvert(d, "openai")
        except DownconvertError:
            pass
    if repeated:
        fresh = [[copy.deepcopy(d) for _ in range(rounds)] for d in dicts]
    else:
        fresh = [copy.deepcopy(dicts) for _ in range(rounds)]
    ctl, ok = os.open(control, os.O_WRONLY), os.open(ack, os.O_RDONLY)
    os.write(ctl, b"enable\n")
    os.read(ok, 16)
    start = time.perf_counter()
    for schemas in fresh:
        for d in schemas:
            try:
                rt.downconvert(d, "openai")
            except DownconvertError:
                pass
    took = time.perf_counter() - start
    os.write(ctl, b"disable\n")
    os.read(ok, 16)
    print(f"pid {os.getpid()}")
    order = f"each of the {len(dicts)} {rounds} times in a row" if repeated else f"{rounds} rounds of {len(dicts)}"
    print(f"{took / rounds / len(dicts) * 1e6:.1f} µs a schema under perf ({order})")


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        child(args[1], int(args[2]), args[3] == "repeated", args[4], args[5], args[6])
        return
    repeated = args[:1] == ["--repeated"]
    if repeated:
        args = args[1:]
    rounds = int(args[0]) if args else 300
    if len(args) > 1:
        component = args[1]
    else:
        subprocess.run([str(ROOT / "bench" / "named-component.sh")], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        component = str(ROOT / "target" / "bench-profile" / "tool_schema.wasm")
    with tempfile.TemporaryDirectory() as tmp:
        control, ack, data = (str(Path(tmp) / n) for n in ("control", "ack", "perf.data"))
        os.mkfifo(control)
        os.mkfifo(ack)
        order = "repeated" if repeated else "in-turn"
        child_command = [sys.executable, __file__, "--child", component, str(rounds), order, tmp, control, ack]
        record = subprocess.run(
            ["perf", "record", "-q", "-F", "20000", "-D", "-1", "--control", f"fifo:{control},{ack}", "-o", data, "--"]
            + child_command,
            check=True,
            capture_output=True,
            text=True,
        )
        pid_line, took = record.stdout.strip().splitlines()[-2:]
        print(took)
        # Names from the last load only (bench/perfmap.py says why).
        perfmap = Path(f"/tmp/perf-{pid_line.split()[1]}.map")
        subprocess.run([sys.executable, str(ROOT / "bench" / "perfmap.py"), str(perfmap)], check=True)

        def report(sort: str) -> str:
            return subprocess.run(
                ["perf", "report", "-i", data, "--no-children", "--sort", sort, "--stdio", "-g", "none", "-q"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout

        print("== by object (the component's compiled code is [JIT], or its .cwasm when loaded from a cache)")
        for line in report("dso").splitlines():
            if line.strip() and float(line.split("%")[0]) >= 0.1:
                print(line.rstrip())
        print("== by function (above 0.5%)")
        for line in report("dso,sym").splitlines():
            if line.strip() and float(line.split("%")[0]) >= 0.5:
                print(line.rstrip()[:160])
        perfmap.unlink()


if __name__ == "__main__":
    main()
