"""Tools compiled once (tool_schema.tool, Tool, Converted): the acceptance
example, the forms a tool is made from, nothing compiled again over many calls,
argument errors with everything they carry, and lifetimes (close, garbage
collection, a trap replacing the instance)."""

from __future__ import annotations

import gc
import json
from typing import Any, Dict

import pytest

import tool_schema as ts
from tool_schema import _canon
from tool_schema._runtime import _CoreInstance

from support import EXAMPLES

CASE_ID = "2eb8aa08-aa98-11ea-b4aa-73b441d16380"
DOCKET = '{"number":"1","filed":"2024-01-02","status":"Open"}'
SMALL = {"name": "small", "inputSchema": '{"type":"object","properties":{"n":{"type":"integer","maximum":3}}}'}


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _core(rt: ts.Runtime) -> _canon.CoreInstance:
    assert isinstance(rt._current, _CoreInstance)
    return rt._current.core


# -- the acceptance example ------------------------------------------------------------


def test_invalid_arguments_are_a_value_with_every_error_and_its_params(get_docket: str) -> None:
    checked = ts.tool(json.loads(get_docket)).validate({"limit": 500})
    assert isinstance(checked, ts.Checked)
    assert checked.ok is False and not checked
    assert (checked.value, checked.text) == (None, None)
    (maximum,) = [e for e in checked.errors if e.keyword == "maximum"]
    assert maximum.params == {"kind": "bound", "limit": "100", "value": "500"}
    assert _compact(maximum.params) == '{"kind":"bound","limit":"100","value":"500"}'
    assert maximum.message == "Argument 'limit' must be at most 100, not 500."
    assert (maximum.path, maximum.location, maximum.schema_location) == ("limit", ("limit",), "/properties/limit/maximum")
    assert [e.keyword for e in checked.errors] == ["maximum", "required"]


def test_a_schema_that_is_not_json_schema_or_a_refused_descriptor_raises() -> None:
    with pytest.raises(ts.SchemaError) as caught:
        ts.tool({"name": "t", "inputSchema": {"type": 5}})
    assert isinstance(caught.value, ts.DiagnosticsError)
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [("OLS003", "inputSchema/type")]
    with pytest.raises(ts.DescribeError) as refused:
        ts.tool((EXAMPLES / "refused.json").read_text())
    assert [d.code for d in refused.value.diagnostics] == ["OLT002", "OLT002", "OLT006"]
    with pytest.raises(ts.DescribeError):
        ts.tool("not JSON")


# -- what a tool is made from ------------------------------------------------------------


def test_valid_arguments_are_bound_as_a_value_and_as_the_exact_text(get_docket: str) -> None:
    tool = ts.tool(get_docket)
    checked = tool.validate({"caseId": CASE_ID})
    assert checked.ok and checked.errors == []
    assert checked.text == f'{{"caseId":"{CASE_ID}","limit":10}}'
    assert checked.value == {"caseId": CASE_ID, "limit": 10}
    assert tool(f'{{"caseId":"{CASE_ID}","limit":2.0}}').text == f'{{"caseId":"{CASE_ID}","limit":2}}'
    big = ts.tool({"name": "big", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}})
    checked = big.validate('{"n": 18446744073709551617}')
    assert checked.text == '{"n":18446744073709551617}'
    assert checked.value == {"n": 18446744073709551617}


def test_info_is_what_describe_tool_gives(get_docket: str) -> None:
    info = ts.tool(get_docket).info
    described = ts.describe_tool(get_docket)
    assert isinstance(info, ts.ToolInfo) and not isinstance(info, ts.DescribedTool)
    assert info == ts.ToolInfo(**{f: getattr(described, f) for f in ts.ToolInfo.__dataclass_fields__})
    assert (info.input_schema, info.output_schema) == (described.input_schema, described.output_schema)
    assert info.input_schema_json.startswith('{"type":"object","properties":{"caseId":')


def test_a_tool_from_schemas_is_a_mapping_or_its_text_and_text_keeps_the_numbers_as_written() -> None:
    text = (
        '{"name":"measure","title":"ignored, as MCP tools have it","inputSchema":{"type":"object",'
        '"properties":{"x":{"type":"number","maximum":0.10}}},"outputSchema":{"type":"integer"},"annotations":{}}'
    )
    from_text = ts.tool(text)
    (e,) = from_text.validate({"x": 0.5}).errors
    assert e.params == {"kind": "bound", "limit": "0.10", "value": "0.5"}
    info = from_text.info
    assert (info.name, info.description, info.output_schema, info.output_schema_json) == (
        "measure",
        "",
        {"type": "integer"},
        '{"type":"integer"}',
    )
    assert (info.ends_loop, info.requires_approval, info.parallel_safe, info.timeout_seconds) == (False, False, False, 0)
    assert ts.tool(text.encode()).info == info
    # From a mapping, the schema is written by json.dumps (0.10 becomes 0.1),
    # unless it is given as text.
    mapping = json.loads(text)
    assert ts.tool(mapping).validate({"x": 0.5}).errors[0].params["limit"] == "0.1"
    mapping["inputSchema"] = '{"type":"object","properties":{"x":{"maximum":0.10}}}'
    mapping["description"] = "Measures."
    made = ts.tool(mapping)
    assert made.validate({"x": 0.5}).errors[0].params["limit"] == "0.10"
    assert made.info.description == "Measures."
    # The output schema checks returned values.
    assert from_text.encode(ts.Returned("3")).parts == (ts.JsonPart("3"),)
    with pytest.raises(ts.EncodeError):
        from_text.encode(ts.Returned('"three"'))


def test_a_tool_from_schemas_takes_validation_options() -> None:
    dates = {"type": "object", "properties": {"d": {"type": "string", "format": "date"}}}
    assert not ts.tool({"name": "d", "inputSchema": dates}).validate({"d": "2024-02-30"}).ok
    annotate = ts.tool({"name": "d", "inputSchema": dates, "options": {"formats": "annotate"}})
    assert annotate.validate({"d": "2024-02-30"}).ok
    limits = {
        "maxArgumentBytes": 16,
        "maxArgumentDepth": 128,
        "maxSchemaBytes": 4 << 20,
        "maxSchemaDepth": 512,
        "regexBacktrackLimit": 1000,
    }
    for given in (limits, ts.Limits(16, 128, 4 << 20, 512, 1000)):
        small = ts.tool({"name": "v", "inputSchema": {"type": "integer"}, "options": {"anyValue": True, "limits": given}})
        assert small.validate(5).text == "5"
        (e,) = small.validate("1" * 20).errors
        assert e.params == {"kind": "limit", "what": "bytes", "limit": 16, "count": 0}


@pytest.mark.parametrize(
    ("source", "error", "match"),
    [
        ({"inputSchema": {}}, TypeError, "needs a name"),
        ({"name": 1, "inputSchema": {}}, TypeError, "needs a name"),
        ({"name": "t", "description": 2, "inputSchema": {}}, TypeError, "description is a str"),
        ({"name": "t", "inputSchema": {}, "options": {"strict": True}}, ValueError, "unknown tool options"),
        ({"name": "t", "inputSchema": {}, "options": {"formats": "loose"}}, ValueError, "loose"),
        ({"name": "t", "inputSchema": {}, "options": {"anyValue": 1}}, TypeError, "anyValue is a bool"),
        ({"name": "t", "inputSchema": {}, "options": {"limits": {"maxArgumentBytes": 1}}}, ValueError, "missing"),
        ({"name": "t", "inputSchema": {}, "options": []}, TypeError, "options are a mapping"),
        (42, TypeError, "not int"),
    ],
)
def test_a_malformed_source_is_refused_before_the_component_is_called(source: Any, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        ts.tool(source)


def test_a_class_descriptor_gives_every_tool_and_tool_points_to_tools() -> None:
    weather = (EXAMPLES / "weather-tools.json").read_text()
    assert [t.info.name for t in ts.tools(weather)] == ["get_forecast", "send_alert"]
    assert [t.info.name for t in ts.tools(SMALL)] == ["small"]
    rt = ts.Runtime()
    with pytest.raises(ValueError, match=r"a class of 2 tools; use tools\(\) for it"):
        rt.tool(weather)
    assert _core(rt).handles == {}, "the tools made were released"


# -- encode and convert ----------------------------------------------------------------------


def test_encode_gives_what_encode_result_gives_for_the_return_type(get_docket: str) -> None:
    tool = ts.tool(get_docket)
    types = json.loads(get_docket)["types"]
    assert tool.encode(ts.Returned(DOCKET)) == ts.encode_result("get_docket", "Task<Docket>", ts.Returned(DOCKET), types=types)
    with pytest.raises(ts.EncodeError) as caught:
        tool.encode(ts.Returned('{"number":1}'))
    assert {d.code for d in caught.value.diagnostics} == {"OLE003"}
    # Invalid arguments as the errors validation gave, or their messages.
    errors = tool.validate({"limit": 500}).errors
    by_errors = tool.encode(ts.InvalidArguments(errors))
    assert by_errors == tool.encode(ts.InvalidArguments([e.message for e in errors]))
    assert by_errors.is_error and by_errors.text == "\n".join(e.message for e in errors)


def test_convert_gives_the_schema_for_a_provider_and_restores_its_answers(get_docket: str) -> None:
    tool = ts.tool(get_docket)
    described = ts.describe_tool(get_docket)
    for target in ("anthropic", "openai", ts.Provider.GEMINI, ts.Custom(ts.provider_profile("openai"))):
        expected = ts.downconvert(described, target)
        with tool.convert(target) as converted:
            assert converted.target == target
            assert converted.schema_text == expected.schema and converted.schema == json.loads(expected.schema)
            assert (converted.changes, converted.lossless) == (expected.changes, expected.lossless)
            for answer in (f'{{"caseId": "{CASE_ID}", "limit": 500}}', f'{{"caseId": "{CASE_ID}", "limit": null}}', "[]"):
                restored = converted.restore(answer)
                one_shot = ts.restore_args(described, target, answer)
                assert (restored.text, tuple(restored.errors)) == (one_shot.bound_args, one_shot.errors)
        assert converted.closed
    with pytest.raises(ts.ClosedError, match="is closed: convert the tool again$"):
        converted.restore("{}")
    with pytest.raises(ts.DownconvertError) as caught:
        tool.convert(ts.Custom("{}"))
    assert {d.code for d in caught.value.diagnostics} == {"OLP003"}
    with pytest.raises(ValueError, match="target must be"):
        tool.convert("")
    with pytest.raises(ts.DownconvertError) as caught:
        tool.convert("nonesuch")
    assert [d.code for d in caught.value.diagnostics] == ["OLP001"]


# -- argument errors carry everything ------------------------------------------------------------


@pytest.mark.parametrize(
    ("schema", "args", "location", "schema_location", "params"),
    [
        (
            {"type": "array", "items": {"type": "object", "properties": {"q": {"type": "integer"}}}},
            '[{"q":1},{"q":"x"}]',
            (1, "q"),
            "/items/properties/q/type",
            '{"kind":"type","expected":["integer"],"value":{"type":"string","text":"\\"x\\""}}',
        ),
        (
            {"type": "object", "properties": {"a": False}},
            '{"a":1}',
            ("a",),
            "/properties/a",
            '{"kind":"unexpected","allowed":null}',
        ),
        (False, "1", (), "", '{"kind":"false-schema"}'),
        ({"not": {"type": "integer"}}, "1", (), "/not", '{"kind":"not","schema":"{\\"type\\":\\"integer\\"}"}'),
        ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, "1", (), "/oneOf", '{"kind":"many-match","branches":[0,1]}'),
        ({"prefixItems": [{}], "items": False}, "[1,2]", (1,), "/items", '{"kind":"extra-item","limit":1}'),
        ({}, "[" * 200 + "]" * 200, (), "", '{"kind":"limit","what":"depth","limit":128,"count":0}'),
        (
            {"type": "object"},
            '{"a":',
            (),
            "",
            '{"kind":"json","reason":"unexpected end of text, expected a value at line 1, column 6"}',
        ),
    ],
    ids=["type", "unexpected", "false-schema", "not", "many-match", "extra-item", "limit", "json"],
)
def test_an_error_carries_its_location_schema_location_and_params_as_the_cores_json(
    schema: Any, args: str, location: tuple[str | int, ...], schema_location: str, params: str
) -> None:
    tool = ts.tool({"name": "t", "inputSchema": schema, "options": {"anyValue": True}})
    e = tool.validate(args).errors[0]
    assert (e.location, e.schema_location, _compact(e.params)) == (location, schema_location, params)
    # The same error through the validator and the one-shot export.
    assert ts.Validator(schema, any_value=True).validate(args).errors[0] == e


def test_an_unusable_schema_in_validate_args_is_an_error_with_the_diagnostic_as_params() -> None:
    (e,) = ts.validate_args('{"type":5}', "{}").errors
    assert (e.keyword, e.location, e.schema_location) == ("schema", (), "")
    assert list(e.params) == ["kind", "code", "message", "path"]
    assert (e.params["kind"], e.params["code"], e.params["path"]) == ("schema", "OLS003", "/type")


# -- compiled once ------------------------------------------------------------------------------


def test_a_tool_made_once_validates_encodes_converts_and_restores_10000_times_compiling_nothing(
    get_docket: str,
) -> None:
    rt = ts.Runtime()
    before = rt.schemas_compiled()
    tool = rt.tool(get_docket)
    assert rt.schemas_compiled() == before + 1, "the input schema compiles when the tool is made"
    returned = ts.Returned(DOCKET)
    tool.encode(returned)  # the return type's schema compiles at the first value
    compiled = rt.schemas_compiled()
    valid = f'{{"caseId":"{CASE_ID}","limit":5}}'
    answer = f'{{"caseId":"{CASE_ID}","limit":null}}'
    for _ in range(10_000):
        assert tool.validate(valid).ok
        assert not tool.encode(returned).is_error
        with tool.convert("openai") as converted:
            assert converted.restore(answer).text == f'{{"caseId":"{CASE_ID}","limit":10}}'
    assert rt.schemas_compiled() == compiled
    assert ts.validate_args(tool.info, valid).ok and rt.validate_args(tool.info, valid).ok
    assert rt.schemas_compiled() == compiled + 1, "the count sees a compilation"
    assert ts.schemas_compiled() >= 0


# -- lifetimes ----------------------------------------------------------------------------------


def test_100000_tools_dropped_without_close_leave_memory_and_the_handle_table_bounded() -> None:
    rt = ts.Runtime()
    core = _core(rt)
    for _ in range(1_000):  # the allocator's high-water mark for one tool at a time
        rt.tool(SMALL).convert("openai")
    gc.collect()
    memory = len(core.cx.view())
    most = 0
    for i in range(100_000):
        tool = rt.tool(SMALL)
        if i % 10 == 0:
            tool.convert("anthropic")
        most = max(most, len(core.handles))
    del tool
    gc.collect()
    assert rt.schemas_compiled() > 0  # a call: the queued releases run
    assert core.handles == {} and rt._pending_drops == []
    assert most <= 3, "each tool was released at the next call"
    assert len(core.cx.view()) == memory, "the instance's linear memory grew"
    assert rt.info().instances == 1


def test_garbage_collected_tools_and_converted_schemas_are_released_at_the_next_call(get_docket: str) -> None:
    rt = ts.Runtime()
    core = _core(rt)
    tool = rt.tool(get_docket)
    converted = tool.convert("openai")
    assert len(core.handles) == 2
    del tool
    gc.collect()
    assert rt._pending_drops == [], "a converted schema keeps its tool alive"
    assert converted.restore(f'{{"caseId":"{CASE_ID}","limit":null}}').ok
    del converted
    gc.collect()
    assert len(rt._pending_drops) == 2
    rt.flatten_doc("x")
    assert core.handles == {} and rt._pending_drops == []


def test_a_closed_tool_used_again_raises_a_clear_error(get_docket: str) -> None:
    rt = ts.Runtime()
    with rt.tool(get_docket) as tool:
        assert tool.validate({"caseId": CASE_ID}).ok and not tool.closed
    assert tool.closed and _core(rt).handles == {}
    for use in (lambda: tool.validate("{}"), lambda: tool.encode(ts.ReturnedNothing()), lambda: tool.convert("openai")):
        with pytest.raises(ts.ClosedError, match="^the tool 'get_docket' is closed: make it again to use it$"):
            use()
    assert isinstance(ts.ClosedError("x"), ValueError) and isinstance(ts.ClosedError("x"), ts.ToolSchemaError)
    tool.close()  # closing twice is harmless
    assert tool.info.name == "get_docket" and repr(tool) == "<Tool 'get_docket' closed>"


def test_a_tool_made_before_a_trap_is_made_again_transparently_in_the_fresh_instance(get_docket: str) -> None:
    rt = ts.Runtime(fuel=30_000_000)
    tool = rt.tool(get_docket)
    converted = tool.convert("anthropic")
    orphan = rt.tool(get_docket)
    orphaned = orphan.convert("openai")
    orphan.close()  # its converted schema outlives it
    invalid = tool.validate({"limit": 500})
    answer = f'{{"caseId":"{CASE_ID}","limit":500}}'
    hinted, nulled = converted.restore(answer), orphaned.restore(f'{{"caseId":"{CASE_ID}","limit":null}}')
    with pytest.raises(ts.TrapError) as caught:
        tool.validate('{"s":"' + "x" * (8 << 20) + '"}')
    assert caught.value.out_of_fuel and rt.info().instances == 2
    assert rt.schemas_compiled() == 0, "a fresh instance"
    # Each is made again from what it was made from, when next used.
    assert tool.validate({"limit": 500}) == invalid
    assert tool.compilations == 2 and rt.schemas_compiled() == 1
    assert converted.restore(answer) == hinted
    assert orphaned.restore(f'{{"caseId":"{CASE_ID}","limit":null}}') == nulled
    assert orphaned.schema_text == ts.downconvert(tool.info, "openai").schema
    # The closed tool was made only for the conversion: the tool and the two
    # converted schemas hold handles.
    assert sorted(r.rsplit("#", 1)[1] for _, r in _core(rt).handles.values()) == ["converted", "converted", "tool"]
    assert rt.info().instances == 2
    for resource in (tool, converted, orphaned):
        resource.close()
    assert _core(rt).handles == {}


def test_every_call_path_gives_the_same_answers(get_docket: str) -> None:
    answers: Dict[str, Any] = {}
    for path in ("core", "direct", "generic"):
        rt = ts.Runtime()
        rt._use(path)
        with rt.tool(get_docket) as tool, tool.convert("anthropic") as converted:
            answers[path] = (
                tool.info,
                tool.validate({"limit": 500, "x": [1]}),
                tool.validate({"caseId": CASE_ID}),
                tool.encode(ts.Returned(DOCKET)),
                (converted.schema_text, converted.changes, converted.lossless),
                converted.restore(f'{{"caseId":"{CASE_ID}","limit":500}}'),
            )
        made = rt.tools((EXAMPLES / "weather-tools.json").read_text())
        answers[path] += tuple(t.info for t in made) + (rt.schemas_compiled(),)
        for t in made:
            t.close()
    assert answers["core"] == answers["direct"] == answers["generic"]
