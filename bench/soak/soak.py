"""Memory soak test for the Python host (python/, wasmtime-py).

`make soak` runs it as `python/.venv/bin/python bench/soak/soak.py` from the
repository root after `make python`. It prints two JSON lines on stdout
(progress goes to stderr):
  loop "validate": one tool from examples/get-docket.json, validate() called
    1,000,000 times with JSON text, valid and invalid alternately;
  loop "tools": 100,000 tools made from a small schema, each used once and
    dropped without close(), left to the garbage collector.
Each line gives the process's RSS (VmRSS) and the component instance's linear
memory (as python/tests/test_tools.py reads it) "before" (after a warm-up: the
first 100,000 calls / 10,000 tools) and "after" (at the end), and the loop's
wall time. Both loops use the same instance.
Counts can be lowered for a quick run: SOAK_VALIDATE=N SOAK_TOOLS=N.
"""

import gc
import json
import os
import sys
import time

import tool_schema
from tool_schema._runtime import _CoreInstance

VALIDATE = int(os.environ.get("SOAK_VALIDATE", 1_000_000))
TOOLS = int(os.environ.get("SOAK_TOOLS", 100_000))
VALID = '{"caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","limit":5}'
INVALID = '{"limit": 500}'
SCHEMA = {"type": "object", "properties": {"q": {"type": "string", "maxLength": 100}}, "required": ["q"]}


def fail(message):
    print(f"soak: {message}", file=sys.stderr)
    sys.exit(1)


def rss():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024  # reported in kB
    fail("no VmRSS in /proc/self/status")


rt = tool_schema.Runtime()


def figures():
    current = rt._current  # the instance, as the tests' _core(rt) reaches it
    if not isinstance(current, _CoreInstance):
        fail(f"unexpected instance type {type(current).__name__}")
    return rss(), len(current.core.cx.view())


def report(loop, count, before, started):
    seconds = time.perf_counter() - started
    after = figures()
    line = {"host": "python", "loop": loop, "count": count, "rssBefore": before[0], "rssAfter": after[0],
            "memoryBefore": before[1], "memoryAfter": after[1], "seconds": round(seconds, 3)}
    print(json.dumps(line, separators=(",", ":")), flush=True)


# Loop 1: one tool, validate() many times.
with open("examples/get-docket.json", encoding="utf-8") as f:
    tool = rt.tool(json.load(f))
warm = min(100_000, VALIDATE)
before = figures()
started = time.perf_counter()
for i in range(VALIDATE):
    valid = i % 2 == 0
    r = tool.validate(VALID if valid else INVALID)
    if r.ok is not valid or (r.text != VALID if valid else len(r.errors) != 2):
        fail(f"validate call {i}: unexpected answer ok={r.ok} text={r.text} errors={[str(e) for e in r.errors]}")
    if i + 1 == warm:
        before = figures()
    if (i + 1) % 100_000 == 0:
        print(f"validate: {i + 1}", file=sys.stderr, flush=True)
report("validate", VALIDATE, before, started)
tool.close()
del tool, r

# Loop 2: many tools, each dropped for the garbage collector.
warm = min(10_000, TOOLS)
before = figures()
started = time.perf_counter()
for i in range(TOOLS):
    r = rt.tool({"name": "t", "inputSchema": SCHEMA}).validate(f'{{"q":"{i}"}}')
    if not r.ok or r.text != f'{{"q":"{i}"}}':
        fail(f"tool {i}: unexpected answer ok={r.ok} text={r.text} errors={[str(e) for e in r.errors]}")
    if i + 1 == warm:
        before = figures()
    if (i + 1) % 10_000 == 0:
        print(f"tools: {i + 1}", file=sys.stderr, flush=True)
del r
gc.collect()
rt.schemas_compiled()  # one more call, so releases queued for the next call happen
report("tools", TOOLS, before, started)
print(f"tools: {len(rt._current.core.handles)} handles left, {rt.info().instances} instances", file=sys.stderr)
