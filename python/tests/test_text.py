"""Texts the component cannot take, and the work budget: a ``str`` with a
lone surrogate or ``bytes`` that are not UTF-8 is a :class:`TextError` (a
``ToolSchemaError`` and a ``ValueError``) raised before the component is
called, naming the argument; a call past the work budget is one error at
``$``. Either way the next call works, on the same instance."""

from __future__ import annotations

import time
from typing import Any, Callable, List, Tuple

import pytest

import tool_schema as ts

from support import EXAMPLES

SMALL_SCHEMA = '{"type":"object","properties":{"n":{"type":"integer","maximum":3}}}'
ITEMS = '{"type":"object","properties":{"a":{"items":{"type":"integer"}}}}'
MANY = '{"a":[' + ",".join(["1"] * 10_000) + "]}"


@pytest.fixture(params=["direct", "generic"])
def rt(request: pytest.FixtureRequest) -> ts.Runtime:
    """A runtime whose calls go through the direct path or wasmtime-py's own."""
    runtime = ts.Runtime()
    runtime._direct_calls = request.param == "direct"
    return runtime


def test_a_lone_surrogate_is_a_text_error_naming_the_argument(rt: ts.Runtime) -> None:
    started = time.perf_counter()
    with pytest.raises(ts.TextError) as caught:
        rt.validate_args('{"type":"object"}', '{"n":"\ud800"}')
    took = time.perf_counter() - started
    e = caught.value
    assert isinstance(e, ts.ToolSchemaError) and isinstance(e, ValueError)
    assert not isinstance(e, UnicodeError), "not the codec's bare error"
    assert (e.argument, e.index) == ("args", 6)
    assert str(e) == (
        "args is not well-formed Unicode: the lone surrogate \\ud800 at index 6 cannot be written as UTF-8, "
        "the component's text"
    )
    assert took < 1, f"refused in {took:.3f} s, more than a second (a bound, not a benchmark)"
    assert rt.validate_args(SMALL_SCHEMA, '{"n":1}').ok
    assert rt.info().instances == 1, "refused before the component was called: no trap"


def test_the_module_function_of_the_acceptance_line() -> None:
    with pytest.raises(ts.TextError):
        ts.validate_args('{"type":"object"}', '{"n":"\ud800"}')
    assert ts.validate_args('{"type":"object"}', '{"n":"\U0001f600"}').ok


def test_bytes_that_are_not_utf8_are_a_text_error(rt: ts.Runtime) -> None:
    with pytest.raises(ts.TextError) as caught:
        rt.validate_args(b'{"type":"object"}', b'{"n":"\xff"}')
    assert (caught.value.argument, caught.value.index) == ("args", 6)
    assert str(caught.value) == "args is not UTF-8: the byte 0xff at 6 (invalid start byte)"
    with pytest.raises(ts.TextError) as caught:
        rt.describe_tool(bytearray(b'{"method":"\xc3("}'))
    assert (caught.value.argument, caught.value.index) == ("descriptor", 11)
    assert rt.validate_args(b'{"type":"object"}', '{"n":"é"}'.encode()).ok


def _calls(rt: ts.Runtime) -> List[Tuple[str, Callable[[], Any]]]:
    lone = "x\udc00"
    return [
        ("schema", lambda: rt.validate_args({"type": "object", "title": lone}, "{}")),
        ("descriptor", lambda: rt.describe_tool({"method": lone})),
        ("type_expr", lambda: rt.describe_type(f"List<{lone}>")),
        ("context", lambda: rt.describe_type("int", naming=lone)),
        ("context", lambda: rt.describe_type("int", types={lone: {"kind": "enum", "members": ["A"]}})),
        ("method", lambda: rt.tool_name(lone)),
        ("xml", lambda: rt.flatten_doc(lone)),
        ("files", lambda: rt.describe_source({"T.cs": lone})),
        ("files", lambda: rt.source_descriptor([(lone, "class T {}")])),
        ("outcome", lambda: rt.encode_result("x", "string", ts.Returned(f'"{lone}"'))),
        ("outcome", lambda: rt.encode_result("x", "Part", ts.ReturnedParts([ts.TextPart(lone)]))),
        ("tool_name", lambda: rt.encode_result(lone, "int", ts.Returned("1"))),
        ("schema", lambda: rt.downconvert(f'{{"title":"{lone}"}}', "openai")),
        ("target", lambda: rt.downconvert("{}", ts.Custom(lone))),
        ("args", lambda: rt.restore_args("{}", "openai", {"a": lone})),
        ("name", lambda: rt.provider_profile(lone)),
        ("schema", lambda: rt.validator(lone)),
        ("args", lambda: rt.validator('{"type":"object"}').validate(lone)),
    ]


def test_every_text_is_checked_wherever_it_goes(rt: ts.Runtime) -> None:
    for argument, call in _calls(rt):
        with pytest.raises(ts.TextError) as caught:
            call()
        assert caught.value.argument == argument, (argument, str(caught.value))
    assert rt.tool_name("GetDocketAsync") == "get_docket"
    assert rt.info().instances == 1


# -- the work budget ---------------------------------------------------------------


def test_the_work_budget_is_a_runtime_limit() -> None:
    assert ts.DEFAULT_WORK_BUDGET == 20_000_000
    assert ts.Runtime().work_budget == ts.DEFAULT_WORK_BUDGET
    for bad, error in [(-1, ValueError), (1 << 64, ValueError), ("lots", TypeError), (True, TypeError)]:
        with pytest.raises(error):
            ts.Runtime(work_budget=bad)  # type: ignore[arg-type]


def test_past_the_work_budget_a_call_is_one_error_at_the_root_and_the_next_works() -> None:
    rt = ts.Runtime(work_budget=20)
    assert rt.info().work_budget == 20
    with pytest.raises(ts.DescribeError) as caught:
        rt.describe_tool((EXAMPLES / "get-docket.json").read_text())
    ((code, path, message),) = [(d.code, d.path, d.message) for d in caught.value.diagnostics]
    assert (code, path) == ("OLD007", "$")
    assert "more than the work budget of 20 steps" in message
    (e,) = rt.validate_args(ITEMS, MANY).errors
    assert (e.path, e.keyword, e.message) == (
        "$",
        "limit",
        "Argument '$' could not be checked: checking it against the schema takes more than 20 steps.",
    )
    assert rt.describe_type("int") == '{"type":"integer","minimum":-2147483648,"maximum":2147483647}'
    assert ts.Runtime().validate_args(ITEMS, MANY).ok
    assert rt.info().instances == 1


def test_the_fresh_instance_after_a_trap_has_the_budget_too() -> None:
    rt = ts.Runtime(work_budget=1_000, fuel=20_000_000)
    with pytest.raises(ts.TrapError):
        rt.validate_args(SMALL_SCHEMA, '{"s":"' + "x" * (8 << 20) + '"}')
    assert rt.info().instances == 2
    (e,) = rt.validate_args(ITEMS, MANY).errors
    assert e.message.endswith("takes more than 1000 steps.")


def test_a_mapping_is_written_as_json_dumps_writes_it_without_ascii_escapes() -> None:
    import json
    import threading
    from pathlib import Path

    from tool_schema import _runtime

    def dumps(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, allow_nan=False, separators=(",", ":"))

    root = Path(__file__).resolve().parents[2] / "tests" / "real-tool-schemas" / "schemas"
    values: List[Any] = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(root.glob("*.json"))]
    values += [
        {"a": "é", "b": ["x", "日本", "\U0001f600"]},  # outside ASCII: written as themselves
        {"tab": "a\tb", "nul": "\x00", "del": "\x7f", "c1": "\x85"},  # control characters
        {"path": "C:\\users\\u", "u": "\\u0041"},  # a backslash before a u is not an escape
        {"n": [1, -0.5, 1e300, True, None, {}, []], "": ""},
    ]
    for v in values:
        assert _runtime._write_json(v) == dumps(v), v
    # A value it refuses leaves it ready for the next, on this thread and another.
    loop: Any = {}
    loop["self"] = loop
    with pytest.raises(ValueError):
        _runtime._write_json(loop)
    with pytest.raises(ValueError):
        _runtime._write_json({"x": float("nan")})
    assert _runtime._write_json({"a": ["é", 1]}) == '{"a":["é",1]}'
    other: List[str] = []
    t = threading.Thread(target=lambda: other.append(_runtime._write_json({"b": "\\u"})))
    t.start()
    t.join()
    assert other == ['{"b":"\\\\u"}']
    # A lone surrogate is still a TextError naming the argument, as before.
    with pytest.raises(ts.TextError, match="schema"):
        ts.downconvert({"type": "object", "description": "\ud800"}, "openai")


def test_a_mapping_is_written_by_orjson_to_the_text_json_dumps_writes() -> None:
    import dataclasses
    import datetime
    import enum
    import json
    import random
    import struct
    import uuid
    from collections import namedtuple

    from tool_schema import _runtime

    # orjson is a dependency: the writer in use is the one built on it.
    assert _runtime._write_json is not _runtime._plain_write_json

    def dumps(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, allow_nan=False, separators=(",", ":"))

    def same(v: Any) -> None:
        assert _runtime._write_json(v) == dumps(v), v

    def refused_alike(v: Any) -> None:
        with pytest.raises((ValueError, TypeError, RecursionError)) as expected:
            dumps(v)
        with pytest.raises(type(expected.value)) as got:
            _runtime._write_json(v)
        assert str(got.value) == str(expected.value)

    # Floats: where orjson's form is Python's, and where it is not (below
    # 1e-4: 0.00001 for 1e-05, 1e-7 for 1e-07), at every power of ten and on
    # random bit patterns.
    floats = [m * 10.0**e for e in range(-320, 309) for m in (1.0, 1.5, 9.999999999999999)]
    rng = random.Random(13)
    bits = (struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0] for _ in range(20_000))
    floats += bits
    for f in (f for f in floats if f == f and abs(f) != float("inf")):
        same(f)
        same({"x": [f, -f]})
    # null as a value wherever it may stand, and texts that only look like
    # what is written again.
    for v in (None, [None], [1, None], {"a": None}, {"a": [None, {"b": None}]}):
        same(v)
    same({"null": "null", "t": ["null", ":null", ",null", "[null"], "f": "0.00001 1e-7 date-time e-5"})
    # A form written again found past texts that only look like one: the
    # matches of a search are followed to the one that counts.
    for f in (1e-7, -3e-5, 0.00001, 2.5e-6):
        same({"a": "date-time x-e y-1", "b": ["nullable", "null"], "f": f})
        same([-1, "re-", "-e-", f])
    # What orjson refuses or hands back: integers past 64 bits, keys that are
    # not strings, subclasses of built-in types, deep nesting, tuples.
    same({"big": 2**64, "small": -(2**63) - 1, "huge": 10**40})
    same({1: "a", 2.5: "b", True: "c", None: "d"})

    class S(str):
        pass

    class I(int):
        pass

    class F(float):
        pass

    class D(dict):  # type: ignore[type-arg]
        pass

    class L(list):  # type: ignore[type-arg]
        pass

    class Colour(enum.IntEnum):
        RED = 1

    class Name(str, enum.Enum):
        A = "a"

    Point = namedtuple("Point", "x y")
    same({S("k"): [S("v"), I(3), F(0.5), D(a=1), L([1, 2]), Colour.RED, Name.A, (1, "t"), Point(1, 2)]})
    deep: Any = "x"
    for _ in range(600):
        deep = [deep]
    same(deep)
    # What json.dumps refuses is refused alike: NaN and the infinities
    # (which orjson would write as null), anything not JSON, circular values.
    circular: Any = {}
    circular["self"] = circular

    @dataclasses.dataclass
    class Row:
        a: int

    class NotANumber(enum.Enum):
        N = float("nan")

    deep_nan: Any = [None, float("nan")]
    for _ in range(200):
        deep_nan = [deep_nan, None]
    for refused in (
        float("nan"),
        {"x": [1, float("inf")]},
        {"x": -float("inf")},
        # Beside a null, which orjson would write for them too.
        {"a": None, "x": [float("nan")]},
        # After strings holding "null" (each match of the search followed).
        {"t": "null", "u": ["nullable", "a null"], "x": float("nan")},
        ["null", float("-inf")],
        [float("nan"), 1],
        [None, (1, {"f": F(float("inf"))})],
        {"e": NotANumber.N, "n": None},
        deep_nan,
        {"d": datetime.datetime(2026, 1, 1)},
        {"r": Row(1)},
        {"s": {1, 2}},
        {"b": b"bytes"},
        circular,
    ):
        refused_alike(refused)

    # orjson writes a UUID and a plain Enum member by value, which json.dumps
    # refuses: the one place the two writers differ (python/README.md).
    class Plain(enum.Enum):
        ONE = "one"

    u = uuid.UUID(int=1)
    assert _runtime._write_json({"id": u, "e": Plain.ONE}) == '{"id":"%s","e":"one"}' % u
