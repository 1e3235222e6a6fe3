"""The sandbox: the compiled-component cache, fuel and memory limits, recovery
after a trap, calls from several threads, and what the wheel ships."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tool_schema as ts
from tool_schema import _engine

from support import PYTHON_DIR

SMALL_SCHEMA = '{"type":"object","properties":{"n":{"type":"integer","maximum":3}}}'


def _string_args(megabytes: int) -> str:
    return '{"s":"' + "x" * (megabytes << 20) + '"}'


# -- the cache ----------------------------------------------------------------------


def _info_in_new_process(cache_dir: Path) -> Dict[str, Any]:
    env = dict(os.environ, TOOL_SCHEMA_CACHE_DIR=str(cache_dir))
    out = subprocess.run(
        [sys.executable, "-m", "tool_schema"], env=env, capture_output=True, text=True, check=True
    ).stdout
    info: Dict[str, Any] = json.loads(out)
    return info


def test_the_first_process_compiles_and_the_second_loads_from_the_cache(tmp_path: Path) -> None:
    first = _info_in_new_process(tmp_path)
    assert first["origin"] == "compiled"
    cache_file = Path(first["cacheFile"])
    assert cache_file.parent == tmp_path and cache_file.is_file()
    assert cache_file.name.startswith("tool_schema-py-") and cache_file.suffix == ".cwasm"
    written = cache_file.stat().st_mtime_ns

    second = _info_in_new_process(tmp_path)
    assert second["origin"] == "cache"
    assert second["cacheFile"] == first["cacheFile"]
    assert cache_file.stat().st_mtime_ns == written  # read, not rewritten
    # The component, its core module (tool_schema._canon) and the core
    # module's trampolines, no temporary files left.
    core_file = cache_file.with_name(cache_file.name.replace("tool_schema-py-", "tool_schema-py-core-"))
    trampolines = cache_file.with_name(cache_file.name.replace("tool_schema-py-", "tool_schema-py-trampolines-"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([cache_file.name, core_file.name, trampolines.name])
    # Damaged trampolines are compiled again and written over.
    trampolines.write_bytes(b"not trampolines")
    assert _info_in_new_process(tmp_path)["origin"] == "cache"
    assert trampolines.stat().st_size > 1000

    # A damaged cache file is compiled over, not trusted.
    cache_file.write_bytes(b"not a compiled component")
    third = _info_in_new_process(tmp_path)
    assert third["origin"] == "compiled"
    assert _info_in_new_process(tmp_path)["origin"] == "cache"
    # So is a damaged or missing core module (tool_schema._canon), with the component read from the cache.
    core_file.write_bytes(b"not a compiled module")
    assert _info_in_new_process(tmp_path)["origin"] == "compiled"
    assert core_file.stat().st_size > 1000
    core_file.unlink()
    assert _info_in_new_process(tmp_path)["origin"] == "compiled"
    assert core_file.is_file()
    assert _info_in_new_process(tmp_path)["origin"] == "cache"


def test_the_cache_key_covers_the_component_and_the_engine() -> None:
    wasm = _engine.shipped_component().read_bytes()
    key = _engine.cache_key(wasm)
    assert key == _engine.cache_key(wasm)
    assert key != _engine.cache_key(wasm + b"\0")
    assert _engine.wasmtime_version() == "50.0.1"


def test_the_cache_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TOOL_SCHEMA_CACHE_DIR", str(tmp_path / "explicit"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert ts.default_cache_dir() == tmp_path / "explicit"
    monkeypatch.setenv("TOOL_SCHEMA_CACHE_DIR", "")
    assert ts.default_cache_dir() == tmp_path / "xdg" / "tool-schema"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert ts.default_cache_dir() == tmp_path / "home" / ".cache" / "tool-schema"


def test_runtime_info_says_how_the_component_was_loaded() -> None:
    info = ts.runtime().info()
    assert info.origin in ("cache", "compiled")
    assert info.component == _engine.shipped_component()
    assert len(info.component_sha256) == 64
    assert (info.deadline, info.fuel, info.memory_limit) == (ts.DEFAULT_DEADLINE, None, ts.DEFAULT_MEMORY_LIMIT)
    assert (ts.DEFAULT_DEADLINE, ts.DEFAULT_FUEL, ts.DEFAULT_MEMORY_LIMIT) == (10.0, 50_000_000_000, 512 * 1024 * 1024)
    fueled = ts.Runtime(fuel=1_000_000_000, deadline=None).info()
    assert (fueled.deadline, fueled.fuel) == (None, 1_000_000_000)


def test_each_way_of_bounding_a_call_has_an_engine_and_a_cache_file_of_its_own() -> None:
    bounds = [_engine.Bounds(fuel=f, epoch=e) for f in (False, True) for e in (False, True)]
    assert len({b.settings() for b in bounds}) == 4
    engines = [_engine.engine_for(b) for b in bounds]
    assert len({id(e) for e in engines}) == 4 and _engine.engine_for(bounds[0]) is engines[0]
    wasm = _engine.shipped_component().read_bytes()
    assert len({_engine.cache_key(wasm, b) for b in bounds}) == 4
    # Every one of them answers the same.
    answers = {
        repr(ts.Runtime(deadline=d, fuel=f).validate_args(SMALL_SCHEMA, '{"n": 9}'))
        for d in (None, 1.0)
        for f in (None, 10**9)
    }
    assert len(answers) == 1


# -- fuel, memory and recovery after a trap ----------------------------------------------


def _slow_args(objects: int) -> str:
    """Arguments that take about a quarter of a microsecond per object to check
    against :data:`SLOW_SCHEMA` (a pattern applied to each)."""
    return json.dumps({"items": [{"a": "xyxyxyxyxyxy"}] * objects})


SLOW_SCHEMA = json.dumps(
    {
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": {"type": "object", "properties": {"a": {"pattern": "^(x|y)+z?$"}}}}
        },
    }
)


def test_a_call_past_its_deadline_is_stopped_and_the_next_call_works() -> None:
    rt = ts.Runtime(deadline=0.02)
    validator = rt.validator(SLOW_SCHEMA)
    assert validator.validate(_slow_args(10)).ok
    slow = _slow_args(400_000)  # 9 MB, about a tenth of a second of work
    unbounded = ts.Runtime(deadline=None).validator(SLOW_SCHEMA)
    started = time.monotonic()
    assert unbounded.validate(slow).ok  # without a deadline the call runs to its end
    to_the_end = time.monotonic() - started
    started = time.monotonic()
    with pytest.raises(ts.TrapError) as caught:
        validator.validate(slow)
    stopped_after = time.monotonic() - started
    assert caught.value.timed_out and not caught.value.out_of_fuel
    assert str(caught.value) == "the call ran past its deadline (0.02 s) and was stopped; a fresh instance replaces it"
    assert stopped_after < to_the_end / 2, "stopped near its deadline, not at the end of the work"
    assert rt.info().instances == 2
    assert validator.validate(_slow_args(10)).ok and validator.compilations == 2
    # Many short calls in a row are never stopped, however long they take together.
    started = time.monotonic()
    while time.monotonic() - started < 0.2:
        assert validator.validate(_slow_args(100)).ok
    assert rt.info().instances == 2


def test_the_epoch_ticks_once_every_tenth_of_the_deadline_at_most() -> None:
    # The deadline is checked once every tenth of it: a finer tick only wakes
    # the ticker thread (and takes the interpreter's lock) more often.
    assert [_engine.epoch_tick(d) for d in (10.0, 5.0, 1.0, 0.5, 0.1, 0.02)] == [1.0, 0.1, 0.1, 0.01, 0.01, 0.01]
    default, short = ts.Runtime(), ts.Runtime(deadline=0.02)
    assert (default._deadline_ticks, short._deadline_ticks) == (10, 2)
    tickers = {t.name for t in threading.enumerate() if t.name.startswith("tool-schema epoch")}
    assert {"tool-schema epoch 1s", "tool-schema epoch 0.01s"} <= tickers
    # Each tick interval has its engine; the compiled code, and its cache file, are the same.
    assert default._loaded.engine is not short._loaded.engine
    assert default.info().cache_file == short.info().cache_file


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_forked_child_keeps_its_deadline() -> None:
    # The epoch advances on a thread, which a forked child does not inherit:
    # it is started again there, or no call of the child would ever stop.
    rt = ts.Runtime(deadline=0.02)
    validator = rt.validator(SLOW_SCHEMA)
    slow = _slow_args(400_000)
    pid = os.fork()
    if pid == 0:  # the child: exit 0 only when the call was stopped by its deadline
        code = 1
        try:
            validator.validate(slow)
        except ts.TrapError as e:
            code = 0 if e.timed_out else 2
        finally:
            os._exit(code)
    # Without its deadline the child would run the whole call (a tenth of a
    # second); give it ten times that before calling it stuck.
    waited = time.monotonic()
    while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() - waited < 1.0:
        time.sleep(0.005)
    if done[0] == 0:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child's call was not stopped by its deadline")
    assert os.waitstatus_to_exitcode(done[1]) == 0


@pytest.mark.parametrize(
    "kwargs",
    [{"deadline": 0}, {"deadline": -1.0}, {"deadline": float("inf")}, {"deadline": "1"}, {"fuel": 0}, {"fuel": 1.5}, {"fuel": True}],
)
def test_a_bound_that_is_not_positive_is_refused(kwargs: Dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        ts.Runtime(**kwargs)


def test_running_out_of_fuel_traps_and_the_next_call_works() -> None:
    # 2e7 units: enough to compile a small schema (under 1e7) and validate small
    # arguments, not to read 8 MB of arguments (over 5e7).
    rt = ts.Runtime(fuel=20_000_000)
    validator = rt.validator(SMALL_SCHEMA)
    assert validator.validate('{"n": 2}').bound_args == '{"n":2}'
    assert (rt.info().instances, validator.compilations) == (1, 1)

    with pytest.raises(ts.TrapError) as caught:
        validator.validate(_string_args(8))
    assert caught.value.out_of_fuel
    assert "fuel" in caught.value.reason
    assert str(caught.value) == (
        "the call used up its fuel (20,000,000 units) and was stopped; a fresh instance replaces it"
    )
    assert isinstance(caught.value, RuntimeError) and isinstance(caught.value, ts.ToolSchemaError)
    assert rt.info().instances == 2

    # The validator made before the trap keeps its schema and options: it is
    # compiled again in the fresh instance, transparently.
    assert [e.keyword for e in validator.validate('{"n": 5}').errors] == ["maximum"]
    assert validator.compilations == 2
    assert rt.validate_args(SMALL_SCHEMA, '{"n": 1}').ok
    assert rt.describe_type("int?") == '{"type":["integer","null"],"minimum":-2147483648,"maximum":2147483647}'

    # The input was never the problem: the default budget reads it.
    assert ts.validate_args(SMALL_SCHEMA, _string_args(8)).ok


def test_a_trap_in_validate_args_replaces_the_instance_too() -> None:
    rt = ts.Runtime(fuel=20_000_000)
    with pytest.raises(ts.TrapError):
        rt.validate_args(SMALL_SCHEMA, _string_args(8))
    with pytest.raises(ts.TrapError):
        rt.validate_args(SMALL_SCHEMA, _string_args(8))
    assert rt.info().instances == 3
    assert rt.validate_args(SMALL_SCHEMA, '{"n": 1}').bound_args == '{"n":1}'


def test_growing_past_the_memory_limit_traps_and_the_next_call_works() -> None:
    rt = ts.Runtime(memory_limit=24 << 20)
    validator = rt.validator(SMALL_SCHEMA)
    with pytest.raises(ts.TrapError) as caught:
        validator.validate(_string_args(8))
    assert not caught.value.out_of_fuel
    assert "unreachable" in caught.value.reason
    assert "the memory limit of 25,165,824 bytes" in str(caught.value)
    assert rt.generation == 2
    assert validator.validate('{"n": 3}').ok and validator.compilations == 2
    # The default limit (512 MiB) holds the same input.
    assert ts.Validator(SMALL_SCHEMA).validate(_string_args(8)).ok


def test_a_memory_limit_below_what_the_component_starts_with_is_refused() -> None:
    with pytest.raises(ts.ToolSchemaError, match="cannot be instantiated"):
        ts.Runtime(memory_limit=1 << 20)
    with pytest.raises(ValueError):
        ts.Runtime(fuel=0)


def test_a_validator_closed_before_a_trap_stays_closed() -> None:
    rt = ts.Runtime(fuel=20_000_000)
    v = rt.validator(SMALL_SCHEMA)
    v.close()
    with pytest.raises(ts.TrapError):
        rt.validate_args(SMALL_SCHEMA, _string_args(8))
    with pytest.raises(ValueError, match="closed"):
        v.validate("{}")


def test_the_limits_inside_the_component_answer_without_a_trap() -> None:
    # Past the argument limit (10 MiB) the answer is an error, not a trap.
    rt = ts.Runtime()
    (e,) = rt.validate_args(SMALL_SCHEMA, _string_args(11)).errors
    assert (e.path, e.keyword) == ("$", "limit")
    nested = '{"a":' + "[" * 100_000 + "]" * 100_000 + "}"
    (e,) = rt.validate_args(SMALL_SCHEMA, nested).errors
    assert e.message == "Argument '$' nests arrays and objects deeper than the limit of 128."
    assert rt.info().instances == 1


@pytest.mark.parametrize(
    ("schema", "args", "path", "keyword"),
    [
        ("[" * 1_000_000 + "]" * 1_000_000, "{}", "$", "schema"),
        # Patterns without look-around or back-references run in linear time: a plain mismatch.
        ('{"type":"object","properties":{"s":{"pattern":"(a|aa)*c"}}}', '{"s":"' + "a" * 10_000 + '"}', "s", "pattern"),
        ('{"type":"object"}', '{"a":"' + "x" * (100 << 20) + '"}', "$", "limit"),
    ],
    ids=["schema-of-1000000-nested-arrays", "pattern-(a|aa)*c-against-10000-a", "argument-text-of-100-MB"],
)
def test_hostile_inputs_are_error_results_and_the_next_call_works(
    schema: str, args: str, path: str, keyword: str
) -> None:
    rt = ts.Runtime()
    errors = rt.validate_args(schema, args).errors
    assert errors and (errors[0].path, errors[0].keyword) == (path, keyword)
    assert rt.validate_args(SMALL_SCHEMA, "{}").ok
    assert rt.info().instances == 1, "answered without a trap"


# -- threads ---------------------------------------------------------------------------


def test_calls_from_several_threads_are_serialized() -> None:
    rt = ts.Runtime()
    validator = rt.validator(SMALL_SCHEMA)
    answers: List[str] = []
    lock = threading.Lock()

    def work(n: int) -> None:
        for i in range(40):
            value = (n + i) % 6
            r = validator.validate({"n": value}) if i % 2 else rt.validate_args(SMALL_SCHEMA, {"n": value})
            got = r.bound_args if r.ok else r.errors[0].keyword
            expected = '{"n":%d}' % value if value <= 3 else "maximum"
            with lock:
                answers.append("ok" if got == expected else f"{value}: {got}")

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == ["ok"] * 160


# -- the wheel -------------------------------------------------------------------------


def test_the_wheel_ships_the_component_and_py_typed(tmp_path: Path) -> None:
    # Built from a copy, so that setuptools' build directory stays out of the tree.
    project = tmp_path / "project"
    shutil.copytree(
        PYTHON_DIR,
        project,
        ignore=shutil.ignore_patterns(".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path),
            str(project),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("onellm_tool_schema-0.2.0-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        assert {"tool_schema/__init__.py", "tool_schema/py.typed", "tool_schema/tool_schema.wasm"} <= names
        assert z.read("tool_schema/tool_schema.wasm") == _engine.shipped_component().read_bytes()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Name: onellm-tool-schema" in metadata
    assert "Requires-Dist: wasmtime<51,>=50" in metadata
    # The framework adapters' extras, and the adapters themselves.
    for extra in ("pydantic-ai", "mcp", "openai-agents"):
        assert f"Provides-Extra: {extra}" in metadata
    assert {"tool_schema/pydantic_ai.py", "tool_schema/mcp.py", "tool_schema/openai_agents.py"} <= names
