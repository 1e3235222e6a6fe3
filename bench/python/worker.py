"""The Python side of `make bench`: the package (python/src/tool_schema, over
wasmtime-py) and jsonschema-rs's Python binding, and, for converting every real
tool schema for OpenAI's strict mode, openai-agents' ensure_strict_json_schema
and pydantic-ai's OpenAIJsonSchemaTransformer, in this one long-running
process. bench/src/worker.rs drives it, one JSON object a line each way; every
loop is timed here, so the pipe is not measured.

    PYTHONPATH=python/src bench/.venv/bin/python bench/python/worker.py bench/data target/component/tool_schema.wasm

`--profile ITEM CONTENDER SECONDS [plain]` instead runs one contender on one
item for that long, under cProfile (printing the profile), or plainly (for
`perf record`; TOOL_SCHEMA_BENCH_PERFMAP=1 makes wasmtime name its compiled
code for perf). See bench/README.md, "Where the time goes".
"""

from __future__ import annotations

import copy
import gc
import json
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

now = time.perf_counter_ns

data_dir = Path(sys.argv[1])
component = Path(sys.argv[2])

t0 = now()
import tool_schema  # noqa: E402

if len(sys.argv) > 3 and sys.argv[3] == "--profile" and os.environ.get("TOOL_SCHEMA_BENCH_PERFMAP"):
    from tool_schema import _engine

    def _perfmap_engine(bounds: Any) -> Any:
        from wasmtime import Engine

        config = _engine._config(bounds)
        config.profiler = "perfmap"
        return Engine(config)

    _engine._new_engine = _perfmap_engine

rt = tool_schema.Runtime(component=component)
load_ns = now() - t0
origin = rt.info().origin


def read(name: str) -> str:
    return (data_dir / name).read_text(encoding="utf-8")


manifest = json.loads(read("manifest.json"))
schema_texts: Dict[str, str] = {}
inputs: Dict[str, Dict[str, Any]] = {}
for i in manifest["inputs"]:
    schema_texts.setdefault(i["schema"], read(i["schema"]))
    inputs[i["id"]] = {"schema": i["schema"], "args": read(i["args"]), "valid": i["valid"]}
descriptor = read(manifest["describe"])
down_schema = read(manifest["downconvert"]["schema"])
down_target = manifest["downconvert"]["target"]
empty_arg = manifest["empty"]["arg"]

# Every real tool schema, to convert for one target (OpenAI): the file names
# (sorted, as the driver has them), their texts and the parsed dictionaries.
real_dir = (data_dir / manifest["downconvert_real"]["schemas"]).resolve()
real_target = manifest["downconvert_real"]["target"]
real_files = sorted(real_dir.glob("*.json"), key=lambda p: p.name)
real_names = [p.name for p in real_files]
real_texts = [p.read_text(encoding="utf-8") for p in real_files]
real_dicts = [json.loads(t) for t in real_texts]
REAL = "downconvert-real"

first_id = next((k for k in inputs if k.endswith("1.5kb-valid")), next(iter(inputs)))
first = inputs[first_id]
t0 = now()
rt.validate_args(schema_texts[first["schema"]], first["args"])
first_call_ns = now() - t0

validators = {name: rt.validator(text) for name, text in schema_texts.items()}
# The same package with no per-call bound (no deadline, no fuel): what the
# deadline costs is the ratio of the two.
rt_unbounded = tool_schema.Runtime(component=component, deadline=None)
unbounded_validators = {name: rt_unbounded.validator(text) for name, text in schema_texts.items()}

notes: List[str] = []
try:
    import jsonschema_rs

    rs_validators: Optional[Dict[str, Any]] = {
        name: jsonschema_rs.Draft202012Validator(json.loads(text), validate_formats=True)
        for name, text in schema_texts.items()
    }
except ImportError as e:
    rs_validators = None
    notes.append(f"jsonschema-rs (Python) is not measured: it did not install or import ({e}).")


# The two strict-schema converters of the Python ecosystem, as peers of the
# package's downconvert for OpenAI. Each is given a fresh deep copy of every
# schema dictionary (made before the clock starts): both change what they are
# given, as a user's call would.
try:
    from agents.strict_schema import ensure_strict_json_schema
except Exception as e:  # noqa: BLE001 - any failure to import means not measured
    ensure_strict_json_schema = None
    notes.append(f"openai-agents is not measured: it did not install or import ({type(e).__name__}: {e}).")
try:
    from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer
except Exception as e:  # noqa: BLE001
    OpenAIJsonSchemaTransformer = None
    notes.append(f"pydantic-ai is not measured: it did not install or import ({type(e).__name__}: {e}).")


def py_real(schemas: List[Any]) -> int:
    """The package's downconvert of every schema, each given as the dictionary
    (the package writes it with json.dumps); a refusal is an answer."""
    ok = 0
    for schema in schemas:
        try:
            rt.downconvert(schema, real_target)
            ok += 1
        except tool_schema.DownconvertError:
            pass
    return ok


def agents_real(schemas: List[Any]) -> int:
    ok = 0
    for schema in schemas:
        try:
            ensure_strict_json_schema(schema)
            ok += 1
        except Exception:  # noqa: BLE001 - a refusal, counted in the time
            pass
    return ok


def pydantic_ai_real(schemas: List[Any]) -> int:
    ok = 0
    for schema in schemas:
        try:
            OpenAIJsonSchemaTransformer(schema, strict=True).walk()
            ok += 1
        except Exception:  # noqa: BLE001 - a refusal, counted in the time
            pass
    return ok


def py_real_answer() -> str:
    """The package's answer on the real schemas, from their *texts*: the
    driver compares it byte for byte with the native core's, which reads the
    same texts. (The timed calls pass the dictionaries.)"""
    lines = []
    for name, text, value in zip(real_names, real_texts, real_dicts):
        from_text = from_dict = None
        try:
            from_text = f"{name}\t{rt.downconvert(text, real_target).schema}"
        except tool_schema.DownconvertError as e:
            from_text = f"{name}\trefused\t{','.join(d.code for d in e.diagnostics)}"
        try:
            rt.downconvert(value, real_target)
            from_dict = "ok"
        except tool_schema.DownconvertError:
            from_dict = "refused"
        if ("\trefused\t" in from_text) != (from_dict == "refused"):
            raise RuntimeError(f"{name}: the package refuses the text or the dictionary, not both")
        lines.append(from_text)
    return "\n".join(lines)


def peer_raises(f: Callable[[Any], Any]) -> Dict[str, str]:
    """The schemas a peer raises on (each given a fresh copy): name -> exception type."""
    raised = {}
    for name, value in zip(real_names, real_dicts):
        try:
            f(copy.deepcopy(value))
        except Exception as e:  # noqa: BLE001
            raised[name] = type(e).__name__
    return raised


def describe_raises(what: str, raised: Dict[str, str]) -> str:
    if not raised:
        return f"{what} converts all {len(real_names)} real schemas without raising."
    kinds: Dict[str, int] = {}
    for k in raised.values():
        kinds[k] = kinds.get(k, 0) + 1
    return (
        f"{what} raises on {len(raised)} of the {len(real_names)} real schemas "
        f"({', '.join(f'{k} ×{n}' for k, n in sorted(kinds.items()))}: {', '.join(sorted(raised))}); "
        "each is measured as a conversion, up to the raise."
    )


def errors_text(result: Any) -> str:
    return "\n".join(f"{e.path}\t{e.keyword}\t{e.message}" for e in result.errors)


def py_call(item: str) -> bool:
    i = inputs.get(item)
    if i is not None:
        return validators[i["schema"]].validate(i["args"]).ok
    if item == "describe-tool":
        return bool(rt.describe_tool(descriptor).json)
    if item == "downconvert":
        return bool(rt.downconvert(down_schema, down_target).schema)
    if item == "empty":
        return bool(rt.flatten_doc(empty_arg))
    if item == REAL:
        return py_real(copy.deepcopy(real_dicts)) >= 0
    raise KeyError(item)


def py_check(item: str) -> Dict[str, Any]:
    i = inputs.get(item)
    if i is not None:
        r = validators[i["schema"]].validate(i["args"])
        return {"verdict": r.ok, "answer": f"ok\n{r.bound_args}" if r.ok else f"errors\n{errors_text(r)}"}
    if item == "describe-tool":
        return {"verdict": True, "answer": rt.describe_tool(descriptor).json}
    if item == "downconvert":
        return {"verdict": True, "answer": rt.downconvert(down_schema, down_target).schema}
    if item == "empty":
        return {"verdict": True, "answer": rt.flatten_doc(empty_arg)}
    if item == REAL:
        return {"verdict": True, "answer": py_real_answer()}
    raise KeyError(item)


def py_unbounded_call(item: str) -> bool:
    i = inputs[item]
    return unbounded_validators[i["schema"]].validate(i["args"]).ok


def py_unbounded_check(item: str) -> Dict[str, Any]:
    i = inputs[item]
    r = unbounded_validators[i["schema"]].validate(i["args"])
    return {"verdict": r.ok, "answer": f"ok\n{r.bound_args}" if r.ok else f"errors\n{errors_text(r)}"}


def rs_call(item: str) -> bool:
    i = inputs[item]
    assert rs_validators is not None
    try:
        value = json.loads(i["args"])
    except ValueError:
        return False
    # Every error, as the other contenders collect them.
    return not list(rs_validators[i["schema"]].iter_errors(value))


contenders: Dict[str, Dict[str, Any]] = {
    "py": {
        "label": f"component, Python package (wasmtime-py): Validator, {rt.deadline:g} s deadline per call",
        "groups": ["validate", "ops", "empty", "real"],
        "ours": True,
        "call": py_call,
        "check": py_check,
        "real": py_real,
    },
    "py-unbounded": {
        "label": "component, Python package: Validator, no per-call bound (Runtime(deadline=None))",
        "groups": ["validate"],
        "ours": True,
        "call": py_unbounded_call,
        "check": py_unbounded_check,
    },
}
if rs_validators is not None:
    contenders["jsonschema-rs-py"] = {
        "label": f"jsonschema-rs {metadata.version('jsonschema-rs')} (Python)",
        "groups": ["validate"],
        "ours": False,
        "call": rs_call,
        "check": lambda item: {"verdict": rs_call(item), "answer": None},
    }


if ensure_strict_json_schema is not None:
    contenders["openai-agents-py"] = {
        "label": f"openai-agents {metadata.version('openai-agents')}: agents.strict_schema.ensure_strict_json_schema (Python)",
        "groups": ["real"],
        "ours": False,
        "real": agents_real,
        "call": lambda item: agents_real(copy.deepcopy(real_dicts)) >= 0,
        "check": lambda item: {"verdict": True, "answer": None},
    }
    notes.append(describe_raises(
        f"openai-agents {metadata.version('openai-agents')} `ensure_strict_json_schema`", peer_raises(ensure_strict_json_schema)
    ))
if OpenAIJsonSchemaTransformer is not None:
    contenders["pydantic-ai-py"] = {
        "label": f"pydantic-ai-slim {metadata.version('pydantic-ai-slim')}: "
        "pydantic_ai.profiles.openai.OpenAIJsonSchemaTransformer(strict=True).walk() (Python)",
        "groups": ["real"],
        "ours": False,
        "real": pydantic_ai_real,
        "call": lambda item: pydantic_ai_real(copy.deepcopy(real_dicts)) >= 0,
        "check": lambda item: {"verdict": True, "answer": None},
    }
    notes.append(describe_raises(
        f"pydantic-ai-slim {metadata.version('pydantic-ai-slim')} `OpenAIJsonSchemaTransformer(strict=True).walk()`",
        peer_raises(lambda s: OpenAIJsonSchemaTransformer(s, strict=True).walk()),
    ))


def _our_refusals() -> str:
    refused = []
    for name, value in zip(real_names, real_dicts):
        try:
            rt.downconvert(value, real_target)
        except tool_schema.DownconvertError as e:
            refused.append(f"{name} ({','.join(d.code for d in e.diagnostics)})")
    if not refused:
        return f"Our package's downconvert converts all {len(real_names)} real schemas for {real_target}."
    return (
        f"Our package's downconvert refuses {len(refused)} of the {len(real_names)} real schemas for "
        f"{real_target} ({', '.join(refused)}); each refusal is measured as a conversion."
    )


def _parse_back_ns() -> float:
    """What turning our answers (JSON text) into dictionaries, as the peers
    answer, would add: json.loads of all of them, median of 21, at start-up."""
    texts = [rt.downconvert(v, real_target).schema for v in real_dicts if _converts(v)]
    times = []
    for _ in range(21):
        t = now()
        for x in texts:
            json.loads(x)
        times.append(now() - t)
    return sorted(times)[len(times) // 2]


def _converts(value: Any) -> bool:
    try:
        rt.downconvert(value, real_target)
        return True
    except tool_schema.DownconvertError:
        return False


notes.append(_our_refusals())
notes.append(
    "Our package takes each real schema as the dictionary and answers JSON text; the peers answer a dictionary. "
    f"Parsing our answers back with json.loads would add {_parse_back_ns() / 1e6:.2f} ms for all of them "
    "(median of 21, measured once at start-up, outside the rounds)."
)


def run(contender: str, item: str, iters: int) -> int:
    if item == REAL:
        # A fresh deep copy of every schema for each call, made before the
        # clock starts; then a collection, so that no contender pays for
        # another's garbage.
        f_real: Callable[[List[Any]], int] = contenders[contender]["real"]
        copies = [copy.deepcopy(real_dicts) for _ in range(iters)]
        gc.collect()
        start = now()
        for k in range(iters):
            f_real(copies[k])
        return now() - start
    f: Callable[[str], bool] = contenders[contender]["call"]
    ok = 0
    start = now()
    for _ in range(iters):
        if f(item):
            ok += 1
    return now() - start


def startup() -> List[Dict[str, Any]]:
    """Runtime() again (its compiled form is read from the cache file and
    deserialized, then instantiated), and the first and second call on it."""
    rows: Dict[str, List[int]] = {"runtime": [], "first": [], "second": [], "first_empty": [], "fresh": []}
    schema = schema_texts[first["schema"]]
    # Instantiation alone, as after a trap: the package's private _fresh()
    # (a new Store, Linker.instantiate); skipped if the package has no such thing.
    fresh_instance = getattr(rt, "_fresh", None)
    if fresh_instance is not None:
        for _ in range(50):
            t = now()
            made = fresh_instance()
            rows["fresh"].append(now() - t)
            # Released after the clock stops, as the Rust and Node hosts'
            # instances are.
            del made
    for _ in range(10):
        t = now()
        fresh = tool_schema.Runtime(component=component)
        rows["runtime"].append(now() - t)
        t = now()
        fresh.validate_args(schema, first["args"])
        rows["first"].append(now() - t)
        t = now()
        fresh.validate_args(schema, first["args"])
        rows["second"].append(now() - t)
        other = tool_schema.Runtime(component=component)
        t = now()
        other.flatten_doc("x")
        rows["first_empty"].append(now() - t)
    out = [
        {"what": "load precompiled + instantiate: Runtime() again (reads and deserializes the cached file)", "ns": rows["runtime"]},
        {"what": 'first call on a fresh instance: flatten_doc("x")', "ns": rows["first_empty"]},
        {"what": f"first call on a fresh instance: validate_args, {first_id}", "ns": rows["first"]},
        {"what": f"second call, same instance: validate_args, {first_id}", "ns": rows["second"]},
    ]
    if rows["fresh"]:
        out.insert(0, {"what": "instantiate (the package's Runtime._fresh(): a new Store and the component's core module instantiated from its InstancePre, or the component through Linker.instantiate where the core module cannot be called directly)", "ns": rows["fresh"]})
    return out


def profile(item: str, contender: str, seconds: float, plain: bool) -> None:
    import cProfile
    import pstats

    f = contenders[contender]["call"]
    end = time.monotonic() + seconds
    calls = 0
    prof = cProfile.Profile()
    start = now()
    if not plain:
        prof.enable()
    while time.monotonic() < end:
        for _ in range(100):
            f(item)
        calls += 100
    if not plain:
        prof.disable()
    print(f"{calls} calls of {contender} on {item}, {(now() - start) / calls / 1e3:.1f} µs a call")
    if not plain:
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def send(v: Any) -> None:
    sys.stdout.write(json.dumps(v) + "\n")
    sys.stdout.flush()


def main() -> None:
    if len(sys.argv) > 3 and sys.argv[3] == "--profile":
        profile(sys.argv[4], sys.argv[5], float(sys.argv[6]), sys.argv[7:8] == ["plain"])
        return
    versions = {
        "Python": platform.python_version(),
        "wasmtime-py": metadata.version("wasmtime"),
    }
    if rs_validators is not None:
        versions["jsonschema-rs (Python)"] = metadata.version("jsonschema-rs")
    for dist, present in (("openai-agents", ensure_strict_json_schema), ("pydantic-ai-slim", OpenAIJsonSchemaTransformer)):
        if present is not None:
            versions[f"{dist} (Python)"] = metadata.version(dist)
    send({
        "contenders": [
            {"id": k, "label": c["label"], "host": "python", "groups": c["groups"], "ours": c["ours"]}
            for k, c in contenders.items()
        ],
        "notes": notes,
        "versions": versions,
        "startup": [
            {
                "what": "import + Runtime(): "
                + ("the compiled form read from the cache" if origin == "cache" else "compiled now (no cached compiled form)")
                + ", first instance (once per process)",
                "ns": [load_ns],
            },
            {"what": f"first call after Runtime(): validate_args, {first_id}", "ns": [first_call_ns]},
        ],
    })
    for line in sys.stdin:
        req: Dict[str, Any] = {}
        try:
            req = json.loads(line)
            op = req["op"]
            if op == "quit":
                break
            if op == "check":
                send(contenders[req["contender"]]["check"](req["item"]))
            elif op == "run":
                send({"ns": run(req["contender"], req["item"], int(req["iters"]))})
            elif op == "startup":
                send({"rows": startup()})
            else:
                send({"error": f"unknown op {op}"})
        except Exception as e:  # noqa: BLE001 - reported to the driver
            send({"error": f"{req.get('op')} {req.get('contender', '')} {req.get('item', '')}: {type(e).__name__}: {e}"})


if __name__ == "__main__":
    main()
