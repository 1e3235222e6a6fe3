"""The core module called directly (tool_schema._canon): what it reads from the
component, the validator resource's handles, and the fallback to the component
API when it cannot call a component."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, List, cast

import pytest

import tool_schema as ts
from wasmtime.component import Record, ResourceType, Variant
from wasmtime.component import _types as wt

from tool_schema import _canon, _engine
from tool_schema._runtime import _CoreInstance

from support import EXAMPLES

SCHEMA = '{"type":"object","properties":{"n":{"type":"integer","maximum":3}}}'


def _component_bytes() -> bytes:
    return _engine.shipped_component().read_bytes()


def test_the_core_module_is_the_components_first_and_imports_only_its_resources() -> None:
    module = _canon.core_module(_component_bytes())
    assert module[:8] == b"\0asm\x01\x00\x00\x00"
    rt = ts.Runtime()
    assert rt._path == "core"
    assert rt._loaded.core is not None
    imports = sorted((i.module, i.name or "") for i in rt._loaded.core.imports)
    tools, validate = "[export]onellm:tool-schema/tools@0.2.0", "[export]onellm:tool-schema/validate@0.2.0"
    made = [(tools, "[resource-new]converted"), (tools, "[resource-new]tool"), (validate, "[resource-new]validator")]
    # The guest makes a handle of each of its resources; a `resource-drop` it
    # never calls is not imported (wasm-opt removes unused imports).
    dropped = [(m, n.replace("new", "drop")) for m, n in made]
    assert set(made) <= set(imports) <= set(made + dropped), imports


@pytest.mark.parametrize(
    "data",
    [b"", b"\0asm\x01\x00\x00\x00", b"\0asm\x0d\x00\x01\x00", b"\0asm\x0d\x00\x01\x00\x01\x80"],
    ids=["empty", "a core module", "no section", "a section past the end"],
)
def test_what_is_not_a_component_with_a_core_module_is_refused(data: bytes) -> None:
    with pytest.raises(_canon.Unsupported):
        _canon.core_module(data)


def _core(rt: ts.Runtime) -> _canon.CoreInstance:
    assert isinstance(rt._current, _CoreInstance)
    return rt._current.core


def _function(rt: ts.Runtime, interface: str, name: str) -> _canon.Function:
    f = rt._current.direct(interface, name)
    assert isinstance(f, _canon.Function)
    return f


def test_a_validator_is_a_handle_its_destructor_releases() -> None:
    rt = ts.Runtime()
    core = _core(rt)
    before = len(core.handles)
    v = rt.validator(SCHEMA)
    assert len(core.handles) == before + 1
    assert v.validate('{"n": 5}').errors[0].keyword == "maximum"
    v.close()
    assert len(core.handles) == before
    with pytest.raises(ValueError, match="closed"):
        v.validate('{"n": 1}')


def test_each_instance_keeps_its_own_handles() -> None:
    one, other = ts.Runtime(), ts.Runtime()
    a = [one.validator(SCHEMA) for _ in range(3)]
    b = [other.validator(SCHEMA) for _ in range(2)]
    assert len(_core(one).handles) == 3 and len(_core(other).handles) == 2
    for v in a + b:
        assert v.validate('{"n": 4}').errors[0].keyword == "maximum"
        v.close()
    assert _core(one).handles == {} and _core(other).handles == {}


def test_many_validators_made_and_closed_leave_no_handle_and_no_growth() -> None:
    rt = ts.Runtime()
    core = _core(rt)
    for _ in range(200):
        with rt.validator(SCHEMA) as v:
            v.validate('{"n": 1}')
    size = len(core.cx.view())
    for _ in range(2_000):
        with rt.validator(SCHEMA) as v:
            assert v.validate('{"n": 1}').ok
    assert core.handles == {}
    assert len(core.cx.view()) == size, "linear memory grew: the destructor did not free"


def test_a_handle_of_another_runtime_or_a_dropped_one_is_refused_before_the_call() -> None:
    one, other = ts.Runtime(), ts.Runtime()
    v = one.validator(SCHEMA)
    validate = _function(other, "validate", "[method]validator.validate")
    with pytest.raises(TypeError, match="of this instance"):
        validate.call(other.fuel, v._handle, "{}")
    handle = v._handle
    v.close()
    mine = _function(one, "validate", "[method]validator.validate")
    with pytest.raises(ValueError, match="has been dropped"):
        mine.call(one.fuel, handle, "{}")
    # Nothing was called: both instances answer, none was replaced.
    assert one.flatten_doc("x") == other.flatten_doc("x") == "x"
    assert one.info().instances == other.info().instances == 1


def test_tools_and_converted_schemas_are_handles_of_their_own_resource(get_docket: str) -> None:
    rt = ts.Runtime()
    core = _core(rt)
    weather = (EXAMPLES / "weather-tools.json").read_text()
    # list<own<tool>>: one handle per tool of the class.
    forecast, alert = rt.tools(weather)
    docket = rt.tool(get_docket)
    converted = docket.convert("openai")
    resources = sorted(resource.rsplit("#", 1)[1] for _, resource in core.handles.values())
    assert resources == ["converted", "tool", "tool", "tool"]
    # One resource's handle is refused where another's is borrowed, before
    # the call: a rep is an address in the guest.
    validate = _function(rt, "tools", "[method]tool.validate")
    with pytest.raises(TypeError, match="expected a .*#tool, not a .*#converted"):
        validate.call(rt.fuel, converted._handle, "{}")
    restore = _function(rt, "tools", "[method]converted.restore")
    with pytest.raises(TypeError, match="expected a .*#converted, not a .*#tool"):
        restore.call(rt.fuel, docket._handle, "{}")
    assert not converted.restore('{"caseId": null, "limit": null}').ok
    for resource in (forecast, alert, converted, docket):
        resource.close()
    assert core.handles == {}
    assert rt.info().instances == 1


def test_a_validator_made_before_a_trap_is_compiled_again_in_the_fresh_instance() -> None:
    rt = ts.Runtime(fuel=30_000_000)
    v = rt.validator(SCHEMA)
    many = {"type": "object", "properties": {f"p{i}": {"type": "string", "pattern": "^(a|b)*c$"} for i in range(3000)}}
    with pytest.raises(ts.TrapError) as caught:
        rt.downconvert(many, "openai")
    assert caught.value.out_of_fuel
    assert rt.info().instances == 2
    assert v.validate('{"n": 9}').errors[0].message == "Argument 'n' must be at most 3, not 9."
    assert v.compilations == 2


def test_u64_crosses_both_ways_at_its_edges() -> None:
    for budget in (0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1):
        rt = ts.Runtime(work_budget=budget)
        assert _function(rt, "work", "work-budget").call(rt.fuel) == budget


def test_without_a_core_module_the_runtime_calls_through_the_component(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(wasm: bytes) -> bytes:
        raise _canon.Unsupported("for the test")

    monkeypatch.setattr(_canon, "core_module", refuse)
    rt = ts.Runtime(cache_dir=tmp_path)
    assert rt._loaded.core is None and rt._path == "direct"
    assert json.loads(rt.downconvert(SCHEMA, "openai").schema)["additionalProperties"] is False
    with rt.validator(SCHEMA) as v:
        assert v.validate('{"n": 2}').bound_args == '{"n":2}'


def _flat_record(fields: List[Any]) -> Any:
    names = tuple(f"f{i}" for i in range(len(fields)))
    return _canon._Record(names, fields, lambda *values: list(values))


@pytest.mark.parametrize("k", [1, 3, 4, 5])
def test_a_record_of_strings_past_the_end_of_memory_is_an_error_not_a_short_string(k: int) -> None:
    import struct

    from wasmtime import WasmtimeError

    memory = bytearray(96)
    memory[64:69] = b"hello"
    row = _canon._flat_row(_flat_record([_canon._String() for _ in range(k)]))
    struct.pack_into("<" + "II" * k, memory, 0, *([64, 5] * k))
    assert row(memoryview(memory), 0, 96) == ["hello"] * k
    struct.pack_into("<II", memory, 8 * (k - 1), 92, 5)  # the last one runs past 96
    with pytest.raises(WasmtimeError, match="past the end"):
        row(memoryview(memory), 0, 96)


def test_a_record_of_strings_and_enums_is_read_at_its_fields_offsets() -> None:
    import struct

    from wasmtime import WasmtimeError

    # As list<change> has it: string, string, an enum (one byte, then three
    # of padding), string; 28 bytes.
    enum = _canon._Variant([("removed", None), ("relaxed", None), ("moved", None)], False, [], True)
    record = _flat_record([_canon._String(), _canon._String(), enum, _canon._String()])
    assert (record.offsets, record.size) == ([0, 8, 16, 20], 28)
    row = _canon._flat_row(record)
    memory = bytearray(128)
    memory[64:75] = b"/properties"
    memory[80:87] = b"keyword"
    memory[90:96] = b"detail"
    struct.pack_into("<IIIIB3xII", memory, 0, 64, 11, 80, 7, 2, 90, 6)
    assert row(memoryview(memory), 0, 128) == ["/properties", "keyword", "moved", "detail"]
    struct.pack_into("<B", memory, 16, 3)
    with pytest.raises(WasmtimeError, match="a discriminant of 3 where 3 cases were expected"):
        row(memoryview(memory), 0, 128)
    # A list of them reads each at its own address.
    struct.pack_into("<B", memory, 16, 1)
    lst = _canon._FlatRecords(record)
    struct.pack_into("<II", memory, 120, 0, 1)
    assert lst.load(cast(Any, None), memoryview(memory), 120) == [["/properties", "keyword", "relaxed", "detail"]]
    struct.pack_into("<II", memory, 120, 0, 5)  # five records of 28 bytes run past 128
    with pytest.raises(WasmtimeError, match="a list past the end"):
        lst.load(cast(Any, None), memoryview(memory), 120)


def _plain(value: Any) -> Any:
    """A lifted value as plain data, to compare two readings of it."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Variant):
        return ("variant", value.tag, _plain(value.payload))
    if isinstance(value, Record):
        return ("record", {k: _plain(v) for k, v in vars(value).items()})
    if isinstance(value, _canon.Handle):
        return ("handle", value._resource, value._handle)
    if isinstance(value, ts.Downconverted) and "_changes_json" in vars(value):
        # As downconvert-json gave it: the changes' and the report's texts
        # (empty when the call asked for none), unread.
        return ("Downconverted", {k: vars(value)[k] for k in ("schema", "_changes_json", "lossless", "_report_json")})
    if hasattr(value, "__dataclass_fields__"):
        return (type(value).__name__, {k: _plain(getattr(value, k)) for k in value.__dataclass_fields__})
    return value


def test_every_result_written_out_reads_as_its_types_methods_read_it(get_docket: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each result read in memory is read again by the types' load methods,
    # and the two must agree: errors of every kind of params, a descriptor,
    # conversions with their changes, diagnostics.
    # A call through a trampoline reads its result in the function written
    # for the call; any other through the loader (Function._lift).
    seen: List[str] = []
    lift = _canon.Function._lift
    fast = _canon.Function._fast

    def check(self: _canon.Function, value: Any, raw: int) -> None:
        if self.load is not None:
            assert self.result is not None
            assert _plain(value) == _plain(self.result.load(self.cx, self.cx.view(), raw))
            seen.append(type(self.result).__name__)

    def both(self: _canon.Function, cx: _canon._Context, raw: int) -> Any:
        value = lift(self, cx, raw)
        check(self, value, raw)
        return value

    def both_fast(self: _canon.Function, core_results: List[str]) -> Any:
        call = fast(self, core_results)

        def checked(*args: Any) -> Any:
            value = call(*args)
            # The result's address, left in the argument area (freed at
            # the next call).
            check(self, value, self.cx.result() & 0xFFFFFFFF)
            return value

        return checked

    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "minimum": 1, "multipleOf": 2},
            "s": {"type": "string", "pattern": "^a", "format": "email", "maxLength": 3},
            "e": {"enum": ["x", "y"]},
            "c": {"const": 1},
            "a": {"type": "array", "uniqueItems": True, "maxItems": 1, "contains": {"type": "string"}},
            "o": {"oneOf": [{"type": "integer"}, {"type": "number"}]},
            "t": {"not": {"type": "null"}},
            "m": {"type": "object", "propertyNames": {"maxLength": 1}, "minProperties": 2},
        },
        "required": ["req"],
        "additionalProperties": False,
    }
    args = {"n": 0.5, "s": "bbbb", "e": "z", "c": 2, "a": [1, 1], "o": 1, "t": None, "m": {"long": 1}, "x": 1}
    monkeypatch.setattr(_canon.Function, "_lift", both)
    monkeypatch.setattr(_canon.Function, "_fast", both_fast)
    rt = ts.Runtime()
    checked = rt.validate_args(json.dumps(schema), json.dumps(args))
    assert {e.params["kind"] for e in checked.errors} >= {
        "bound", "const", "contains", "count", "enum", "format", "many-match", "not", "pattern",
        "property-name", "required", "type", "unexpected", "unique",
    }
    assert not rt.validate_args("{", "{}").ok
    assert not rt.validate_args("{}", "[1,").ok
    rt.describe_tool(get_docket)
    # Converted without the changes, then again with them when they are read.
    assert rt.downconvert(schema, "openai").changes
    assert rt.downconvert(schema, "bedrock-converse").also_valid_for.converted
    assert rt.downconvert({"type": "object", "properties": {"a": {"enum": []}}}, "openai").dead
    assert rt.providers()
    assert rt.budget_plan([schema] * 21, ["a"] * 21, "anthropic").tools
    with pytest.raises(ts.DownconvertError):
        rt.downconvert({"type": "object", "properties": {"x": {"$ref": "#/nowhere"}}}, "openai")
    with rt.tool(json.loads(get_docket)) as tool:
        tool.validate('{"limit": "x", "caseId": 1}')
        tool.encode(ts.Returned('{"number": "1", "filed": "2024-01-01", "status": "Open"}'))
        converted = tool.convert("openai")
        converted.restore('{"caseId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "limit": null}')
        assert converted.also_valid_for.converted and converted.dead == ()
    assert len(seen) >= 8


def test_a_result_written_out_refuses_what_the_canonical_abi_refuses() -> None:
    import struct

    from wasmtime import WasmtimeError

    enum = _canon._Variant([("a", None), ("b", None)], False, [], True)
    variant = _canon._Variant([("text", _canon._String()), ("none", None)], True, [], False)
    record = _flat_record([_canon._String(), enum, _canon._List(variant)])
    load = _canon._loader(record)
    memory = bytearray(128)
    memory[100:104] = b"text"
    # string (100, 4); enum 1; list of two variants at 64: text "text", none.
    struct.pack_into("<IIB3xII", memory, 0, 100, 4, 1, 64, 2)
    struct.pack_into("<B3xII", memory, 64, 0, 100, 2)
    struct.pack_into("<B3xII", memory, 76, 1, 0, 0)
    read = load(cast(Any, None), memoryview(memory), 0)
    assert _plain(read) == _plain(record.load(cast(Any, None), memoryview(memory), 0))
    assert read[:2] == ["text", "b"] and [(v.tag, v.payload) for v in read[2]] == [("text", "te"), ("none", None)]
    for offset, fmt, value, error in [
        (4, "<I", 125, "a string past the end"),
        (8, "<B", 2, "a discriminant of 2 where 2 cases were expected"),
        (16, "<I", 10, "a list past the end"),
        (64, "<B", 7, "a discriminant of 7 where 2 cases were expected"),
    ]:
        bad = bytearray(memory)
        struct.pack_into(fmt, bad, offset, value)
        with pytest.raises(WasmtimeError, match=error):
            load(cast(Any, None), memoryview(bad), 0)
        with pytest.raises(WasmtimeError, match=error):
            record.load(cast(Any, None), memoryview(bad), 0)


def test_an_import_that_fails_is_a_trap_that_says_why_and_leaves_nothing_behind() -> None:
    import ctypes

    from wasmtime import _func

    rt = ts.Runtime()
    core = _core(rt)
    # The resource import cannot find the instance that calls it.
    context = ctypes.cast(core.store._context(), ctypes.c_void_p).value
    assert context is not None
    del _canon._LIVE[context]
    with pytest.raises(ts.TrapError) as caught:
        rt.validator(SCHEMA)
    assert "does not know" in str(caught.value.reason)
    assert _func.LAST_EXCEPTION is None
    assert rt.info().instances == 2
    with rt.validator(SCHEMA) as v:
        assert v.validate('{"n": 2}').ok


def test_the_types_are_checked_once_when_loaded_and_every_export_passes() -> None:
    rt = ts.Runtime()
    types = rt._loaded.types
    assert types is not None
    _canon.check(types)  # the shipped component: nothing refused
    validate = types["onellm:tool-schema/validate@0.2.0"]
    validator = validate["validator"]
    assert isinstance(validator, ResourceType)
    # What this module cannot move is refused at load, not at a call.
    with pytest.raises(_canon.Unsupported, match="owned resource"):
        _canon.check_function(types, "f", [wt.OwnType(validator)], None)
    with pytest.raises(_canon.Unsupported, match="F64"):
        _canon.check_function(types, "f", [], wt.F64())
    # A borrow passed in and an own returned are what the validator's functions do.
    _canon.check_function(types, "f", [wt.BorrowType(validator)], wt.OwnType(validator))


def test_sizes_alignments_and_flat_forms_are_the_canonical_abis() -> None:
    # CanonicalABI.md: fields at their alignment, the record padded to its
    # own; a variant's payload after its discriminant, at the cases' widest
    # alignment; flat forms joined case by case (i32 with i64 is i64).
    u8, u32, u64, text = _canon._Int("U8", 1, False), _canon._Int("U32", 4, False), _canon._Int("U64", 8, True), _canon._String()
    r = _canon._Record(("a", "b", "c"), [u8, u32, u64], tuple)
    assert (r.offsets, r.size, r.align, r.flat) == ([0, 4, 8], 16, 8, ["i32", "i32", "i64"])
    r2 = _canon._Record(("a", "b"), [u64, u8], tuple)
    assert (r2.offsets, r2.size, r2.align) == ([0, 8], 16, 8)

    v = _canon._Variant([("ok", text), ("err", _canon._List(r))], True, [None, None], False)
    assert (v.disc_size, v.payload_offset, v.size, v.align) == (1, 4, 12, 4)
    assert v.flat == ["i32", "i32", "i32"]
    w = _canon._Variant([("a", u32), ("b", u64), ("c", None)], True, [None, None, None], False)
    assert (w.payload_offset, w.size, w.align, w.flat) == (8, 16, 8, ["i32", "i64"])
    e = _canon._Variant([(str(i), None) for i in range(300)], False, [], True)
    assert (e.disc_size, e.size, e.align, e.flat) == (2, 2, 2, ["i32"])


def test_a_tagged_variant_lowers_to_its_discriminant_then_its_payload_padded_with_zeros() -> None:
    # A case without a payload is its discriminant and a zero for each of
    # the widest case's flat values, whatever payload the Variant carries;
    # a case with one, its discriminant and the payload's flat values.
    u32, u64 = _canon._Int("U32", 4, False), _canon._Int("U64", 8, True)
    w = _canon._Variant([("a", u32), ("b", u64), ("c", None)], True, [None, None, None], False)
    for value, flat in ((Variant("c"), [2, 0]), (Variant("c", 7), [2, 0]), (Variant("a", 5), [0, 5]), (Variant("b", 2**40), [1, 2**40])):
        out: List[int] = [9]
        w.lower(cast(Any, None), value, out)
        assert out == [9, *flat]
    with pytest.raises(ValueError):
        w.lower(cast(Any, None), Variant("d"), [])
    with pytest.raises(TypeError):
        w.lower(cast(Any, None), "c", [])


def test_an_answer_the_canonical_abi_refuses_is_a_trap_and_the_next_call_works(monkeypatch: pytest.MonkeyPatch) -> None:
    rt = ts.Runtime()
    flatten = _function(rt, "describe", "flatten-doc")
    assert isinstance(flatten.result, _canon._String)

    # The answer's (address, length) pointed at a byte that is not UTF-8,
    # as the result's reader, written into the call, reads it.
    assert flatten.fast is not None
    memory = bytes(flatten.cx.view())
    at = memory.index(b"\xff")
    monkeypatch.setitem(flatten.fast.__globals__, "PAIR", lambda mv, ptr: (at, 1))
    with pytest.raises(ts.TrapError) as caught:
        rt.flatten_doc("x")
    assert "canonical ABI refuses" in caught.value.reason
    monkeypatch.undo()
    assert rt.flatten_doc("x") == "x"
    assert rt.info().instances == 2


# -- trampolines: one crossing per call ------------------------------------------------


def _crossings(monkeypatch: pytest.MonkeyPatch, cx: _canon._Context, *through: _canon.Function) -> List[int]:
    """Counts the calls into WebAssembly made through ``cx`` (each is one
    ctypes call), and through the trampolines of the functions ``through``;
    the list holds each called function's address, in order."""
    made: List[int] = []
    invoke = cx._invoke

    def counted(func: int, address: int, count: int) -> None:
        made.append(func)
        invoke(func, address, count)

    def counted_raw(context: Any, func: Any, address: Any, count: Any, trap: Any) -> Any:
        # A trampoline's call passes ctypes values, made once.
        made.append(func.value)
        return _canon._call_values(context, func, address, count, trap)

    monkeypatch.setattr(cx, "_invoke", counted)
    for f in through:
        assert f.fast is not None
        monkeypatch.setitem(f.fast.__globals__, "invoke", counted_raw)
    return made


@pytest.mark.parametrize(
    ("interface", "name"),
    [
        ("describe", "flatten-doc"),
        ("describe", "describe-tool"),
        ("validate", "[method]validator.validate"),
        ("validate", "validate-args"),
        ("tools", "[method]tool.validate"),
        ("tools", "[method]converted.restore"),
        ("tools", "[static]tool.from-descriptor"),
    ],
)
def test_the_functions_that_take_text_are_called_through_a_trampoline(interface: str, name: str) -> None:
    assert _function(ts.Runtime(), interface, name).trampoline is not None


def test_a_call_through_its_trampoline_is_one_crossing_and_longer_text_three(
    monkeypatch: pytest.MonkeyPatch, get_docket: str
) -> None:
    rt = ts.Runtime()
    tool = rt.tool({"name": "note", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}})
    validate = _function(rt, "tools", "[method]tool.validate")
    assert tool.validate('{"q": ""}').ok  # the staging area is allocated
    made = _crossings(monkeypatch, _core(rt).cx, validate)
    for _ in range(3):
        assert tool.validate('{"q": "c"}').text == '{"q":"c"}'
    assert made == [validate.trampoline] * 3
    # Text past the staging area: cabi_realloc, the function, its cabi_post
    # (after the trampoline's last result is freed), with the same answer.
    long = "c" * (_canon.STAGING + 1)
    del made[:]
    assert tool.validate(json.dumps({"q": long})).value == {"q": long}
    assert made == [validate.post, _core(rt).cx.realloc, validate.func, validate.post]
    assert [e.keyword for e in tool.validate('{"q": 5}').errors] == ["type"]


def test_results_left_by_trampolines_are_freed_whatever_is_called_next(get_docket: str) -> None:
    # The guest's exports share one return area: a result left to free is
    # freed before another function's call overwrites it. Calls of several
    # functions in turn answer right, and leave linear memory as it was.
    rt = ts.Runtime()
    tool = rt.tool(get_docket)
    validator = rt.validator(SCHEMA)
    converted = tool.convert("openai")
    calls = [
        lambda: tool.validate('{"caseId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"}').text == '{"caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","limit":10}',
        lambda: rt.flatten_doc("<summary>a <c>b</c></summary>") == "a b",
        lambda: tool.info.name == "get_docket",
        lambda: [e.keyword for e in validator.validate('{"n": 9}').errors] == ["maximum"],
        lambda: converted.restore('{"caseId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "limit": null}').text == '{"caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","limit":10}',
        lambda: rt.validate_args(SCHEMA, '{"n": 1}').bound_args == '{"n":1}',
        lambda: rt.schemas_compiled() > 0,
    ]
    for i in range(70):
        assert calls[i % len(calls)]()
    size = len(_core(rt).cx.view())
    for i in range(7_000):
        assert calls[(i * 3) % len(calls)](), i
    assert len(_core(rt).cx.view()) == size, "linear memory grew: a result was not freed"
    assert rt.info().instances == 1


def test_memory_grown_during_a_trampolines_call_is_seen_by_the_next_read() -> None:
    # Tools made and kept grow linear memory inside from-descriptor's
    # trampoline; the host reads every answer from the memory as it is then.
    rt = ts.Runtime()
    cx = _core(rt).cx
    descriptor = json.loads((EXAMPLES / "get-docket.json").read_text())
    kept = []
    sizes = set()
    for i in range(600):
        descriptor["method"] = f"Tool{i}"
        kept.append(rt.tool(descriptor))
        assert len(cx.view()) == _canon._mem_size(cx.context, cx.memory)
        sizes.add(len(cx.view()))
    assert len(sizes) > 1, "memory did not grow: the test proves nothing"
    assert [t.info.name for t in kept[::100]] == [f"tool{i}" for i in range(0, 600, 100)]
