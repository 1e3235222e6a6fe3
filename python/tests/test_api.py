"""The Pythonic API: functions, dataclasses, exceptions, the Validator class."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import threading
from typing import Any, Dict, List

import pytest

import tool_schema as ts
from tool_schema import _model
from tool_schema._jsontext import array_elements, object_members
from tool_schema._runtime import _json_text

from support import EXAMPLES, REPO

CASE_ID = "2eb8aa08-aa98-11ea-b4aa-73b441d16380"


# -- the README's three lines ------------------------------------------------------


def test_three_lines_validate_the_example_and_print_both_errors() -> None:
    program = "\n".join(
        [
            "import tool_schema",
            'tool = tool_schema.describe_tool(open("examples/get-docket.json").read())',
            "print(*tool_schema.validate_args(tool, '{\"limit\": 500}').errors, sep=\"\\n\")",
        ]
    )
    out = subprocess.run(
        [sys.executable, "-c", program], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    assert out == "Argument 'limit' must be at most 100, not 500.\nArgument 'caseId' is required.\n"


# -- describe ------------------------------------------------------------------------


def test_describe_tool_gives_a_tool_with_the_exact_texts(get_docket: str) -> None:
    tool = ts.describe_tool(get_docket)
    assert (tool.name, tool.description) == ("get_docket", "Looks up a court docket.")
    assert (tool.ends_loop, tool.requires_approval, tool.parallel_safe, tool.timeout_seconds) == (
        False,
        False,
        True,
        0,
    )
    assert tool.input_schema["required"] == ["caseId"]
    assert tool.output_schema is not None and tool.output_schema["properties"]["status"]["enum"] == [
        "Open",
        "Sealed",
        "Closed",
    ]
    # The exact texts are slices of the component's answer, in the contract's order.
    assert tool.json.startswith('{"name":"get_docket","description":"Looks up a court docket.","inputSchema":{')
    assert tool.input_schema_json.startswith('{"type":"object","properties":{"caseId":')
    assert '"inputSchema":' + tool.input_schema_json + ',"outputSchema":' + str(tool.output_schema_json) in tool.json
    assert json.loads(tool.input_schema_json) == tool.input_schema


def test_describe_tool_takes_a_mapping_as_well_as_text(get_docket: str) -> None:
    assert ts.describe_tool(json.loads(get_docket)) == ts.describe_tool(get_docket)
    assert ts.describe_tool(get_docket.encode()) == ts.describe_tool(get_docket)


def test_describe_tools_gives_each_tool_of_a_class() -> None:
    text = (EXAMPLES / "weather-tools.json").read_text()
    tools = ts.describe_tools(text)
    assert [t.name for t in tools] == ["get_forecast", "send_alert"]
    assert all(t.json.startswith('{"name":') and t.json.endswith("}") for t in tools)
    with pytest.raises(ValueError, match="class of 2 tools; use describe_tools"):
        ts.describe_tool(text)
    assert [t.name for t in ts.describe_tools((EXAMPLES / "get-docket.json").read_text())] == ["get_docket"]


def test_a_refused_descriptor_raises_describe_error_with_every_diagnostic() -> None:
    with pytest.raises(ts.DescribeError) as caught:
        ts.describe_tool((EXAMPLES / "refused.json").read_text())
    e = caught.value
    assert isinstance(e, ValueError) and isinstance(e, ts.DiagnosticsError) and isinstance(e, ts.ToolSchemaError)
    assert [(d.code, d.path) for d in e.diagnostics] == [
        ("OLT002", "parameters[0].type"),
        ("OLT002", "parameters[1].modifier"),
        ("OLT006", "types.Node.parameters[1].type"),
    ]
    assert all(isinstance(d, ts.Diagnostic) for d in e.diagnostics)
    assert str(e).splitlines()[0] == (
        "OLT002 at parameters[0].type: 'Queue<int>' has no schema: "
        "this collection type is not one the contract supports."
    )


def test_describe_type_with_and_without_declared_types() -> None:
    assert ts.describe_type("Dictionary<string, List<int>>") == (
        '{"type":"object","additionalProperties":{"type":"array","items":'
        '{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}'
    )
    types = {"Item": {"kind": "record", "parameters": [{"name": "Sku", "type": "string"}]}}
    camel = ts.describe_type("Item", types=types)
    assert '"sku"' in camel
    assert ts.describe_type("Item", types=json.dumps(types)) == camel
    assert '"Sku"' in ts.describe_type("Item", types=types, naming="None")
    assert ts.describe_type("Item", types=types, mode=ts.Mode.REFLECTION) == ts.describe_type(
        "Item", types=types, mode="reflection"
    )
    with pytest.raises(ts.DescribeError) as caught:
        ts.describe_type("Item")
    assert caught.value.diagnostics[0].code == "OLD004"
    with pytest.raises(ValueError):
        ts.describe_type("int", mode="neither")


def test_tool_name_and_its_refusal() -> None:
    assert ts.tool_name("GetDocketAsync") == "get_docket"
    assert ts.tool_name("HTTPRequest") == "http_request"
    with pytest.raises(ts.DescribeError) as caught:
        ts.tool_name("")
    (d,) = caught.value.diagnostics
    assert (d.code, d.path) == ("OLT008", "$")


def test_flatten_doc() -> None:
    assert ts.flatten_doc('Looks up a <see cref="Docket"/>,\n   <paramref name="p"/>.') == "Looks up a Docket, p."


# -- validate ------------------------------------------------------------------------


def test_validate_args_binds_valid_arguments(get_docket: str) -> None:
    tool = ts.describe_tool(get_docket)
    result = ts.validate_args(tool, {"caseId": CASE_ID})
    assert result.ok and bool(result) and result.errors == ()
    assert result.bound_args == '{"caseId":"' + CASE_ID + '","limit":10}'
    assert result.arguments() == {"caseId": CASE_ID, "limit": 10}


def test_validate_args_reports_every_error_in_argument_order(get_docket: str) -> None:
    tool = ts.describe_tool(get_docket)
    result = ts.validate_args(tool, '{"limit": 500, "court": "9th"}')
    assert not result and result.bound_args is None
    assert [(e.path, e.keyword) for e in result.errors] == [
        ("limit", "maximum"),
        ("court", "additionalProperties"),
        ("caseId", "required"),
    ]
    assert str(result.errors[0]) == "Argument 'limit' must be at most 100, not 500."
    with pytest.raises(ts.InvalidArgumentsError) as caught:
        result.arguments()
    assert caught.value.errors == result.errors
    assert str(caught.value).splitlines()[-1] == "Argument 'caseId' is required."


def test_arguments_are_text_bytes_or_python_values() -> None:
    schema = '{"type":"object","properties":{"n":{"type":"integer"}}}'
    # Text is passed as written: the integral 2.0 in an integer slot is bound as 2.
    assert ts.validate_args(schema, '{"n": 2.0}').bound_args == '{"n":2}'
    assert ts.validate_args(schema, b'{"n": 2.0}').bound_args == '{"n":2}'
    assert ts.validate_args(schema, {"n": 2.0}).bound_args == '{"n":2}'
    assert ts.validate_args(json.loads(schema), {"n": 3}).bound_args == '{"n":3}'
    bad = ts.validate_args(schema, '{"n": 1')
    assert [e.keyword for e in bad.errors] == ["json"]
    with pytest.raises(ValueError):
        ts.validate_args(schema, {"n": float("nan")})


def test_an_unusable_schema_is_one_schema_error_in_validate_args_and_schema_error_in_validator() -> None:
    remote = '{"$ref": "http://example.com/s"}'
    (e,) = ts.validate_args(remote, "{}").errors
    assert (e.path, e.keyword) == ("$", "schema") and "OLS004" in e.message
    with pytest.raises(ts.SchemaError) as caught:
        ts.Validator(remote)
    assert [d.code for d in caught.value.diagnostics] == ["OLS004"]
    assert isinstance(caught.value, ValueError)


def test_default_limits_are_the_documented_ones() -> None:
    assert ts.default_limits() == ts.Limits(
        max_argument_bytes=10 * 1024 * 1024,
        max_argument_depth=128,
        max_schema_bytes=4 * 1024 * 1024,
        max_schema_depth=512,
        regex_backtrack_limit=1_000_000,
    )


def test_validator_validates_many_and_closes(get_docket: str) -> None:
    tool = ts.describe_tool(get_docket)
    with ts.Validator(tool) as v:
        assert v.validate({"caseId": CASE_ID, "limit": 5}).bound_args == '{"caseId":"' + CASE_ID + '","limit":5}'
        assert [e.keyword for e in v.validate('{"limit": 0}').errors] == ["minimum", "required"]
        assert v("{}").errors[0].message == "Argument 'caseId' is required."
        assert not v.closed
    assert v.closed
    with pytest.raises(ValueError, match="closed"):
        v.validate("{}")
    v.close()  # closing twice is harmless


def test_validator_options() -> None:
    schema = '{"type":"object","properties":{"d":{"type":"string","format":"date"}}}'
    assert [e.keyword for e in ts.Validator(schema).validate('{"d": "2024-02-30"}').errors] == ["format"]
    assert ts.Validator(schema, formats="annotate").validate('{"d": "2024-02-30"}').ok
    assert ts.Validator(schema, formats=ts.FormatMode.ANNOTATE).validate('{"d": "2024-02-30"}').ok

    assert [e.keyword for e in ts.Validator('{"type":"integer"}').validate("5").errors] == ["type"]
    assert ts.Validator('{"type":"integer"}', any_value=True).validate("5").bound_args == "5"

    small = dataclasses.replace(ts.default_limits(), max_argument_bytes=16)
    (e,) = ts.Validator("{}", limits=small).validate('{"a": "0123456789abcdef"}').errors
    assert (e.path, e.keyword) == ("$", "limit")
    assert e.message == "Argument '$' is longer than the limit of 16 bytes."


def test_a_garbage_collected_validator_is_freed_at_the_next_call() -> None:
    rt = ts.Runtime()
    v = rt.validator('{"type":"object"}')
    del v
    assert len(rt._pending_drops) == 1
    assert rt.validate_args("{}", "{}").ok
    assert rt._pending_drops == []


# -- encode --------------------------------------------------------------------------


def test_encode_a_thrown_exception_and_a_returned_value() -> None:
    threw = ts.encode_result("x", "int", ts.Threw("InvalidOperationException", "message"))
    assert threw == ts.ToolResult((ts.TextPart("Tool 'x' failed: InvalidOperationException: message"),), True, None)
    assert threw.text == "Tool 'x' failed: InvalidOperationException: message"
    value = ts.encode_result("x", "ulong", ts.Returned("18446744073709551615"))
    assert value.parts == (ts.JsonPart("18446744073709551615"),) and not value.is_error
    part = value.parts[0]
    assert isinstance(part, ts.JsonPart) and part.value() == 18446744073709551615


def test_encode_every_kind_of_outcome() -> None:
    assert ts.encode_result("x", "void", ts.ReturnedNothing()) == ts.ToolResult((), False, None)
    assert ts.encode_result("x", "string", ts.Returned('"a\\nb"')).parts == (ts.TextPart("a\nb"),)
    assert ts.encode_result("x", "List<Part>", ts.ReturnedParts([ts.TextPart("hi"), ts.JsonPart("[1, 2]")])).parts == (
        ts.TextPart("hi"),
        ts.JsonPart("[1,2]"),
    )
    passed = ts.ToolResult((ts.TextPart("t"),), True, None)
    assert ts.encode_result("x", "ToolResult", ts.ReturnedToolResult(passed)) == passed
    assert ts.encode_result("x", "int", ts.TimedOut(5)).text == "Tool 'x' timed out after 5 s."
    errors = ts.validate_args('{"type":"object","required":["a","b"]}', "{}").errors
    invalid = ts.encode_result("x", "int", ts.InvalidArguments(errors))
    assert invalid.is_error and invalid.text == "Argument 'a' is required.\nArgument 'b' is required."
    try:
        raise KeyError("nope")
    except KeyError as e:
        assert ts.encode_result("x", "int", ts.Threw.from_exception(e)).text == "Tool 'x' failed: KeyError: 'nope'"


def test_encode_a_typed_result_for_a_tool_that_ends_the_loop(get_docket: str) -> None:
    types = json.loads(get_docket)["types"]
    docket = '{"number":"1","filed":"2024-01-02","status":"Open"}'
    r = ts.encode_result("get_docket", "Task<Docket>", ts.Returned(docket), types=types, ends_loop=True)
    assert r.typed_result == docket and r.parts == (ts.JsonPart(docket),)
    with pytest.raises(ts.EncodeError) as caught:
        ts.encode_result("get_docket", "Task<Docket>", ts.Returned('{"number":"1"}'), types=types, ends_loop=True)
    assert {d.code for d in caught.value.diagnostics} == {"OLE003"}


def test_a_value_that_does_not_fit_the_return_type_is_the_hosts_bug() -> None:
    with pytest.raises(ts.EncodeError) as caught:
        ts.encode_result("x", "int", ts.Returned('"abc"'))
    (d,) = caught.value.diagnostics
    assert (d.code, d.path) == ("OLE003", "outcome.value")
    with pytest.raises(TypeError):
        ts.encode_result("x", "int", "not an outcome")  # type: ignore[arg-type]


# -- dataclasses -----------------------------------------------------------------------


def test_records_are_frozen_dataclasses() -> None:
    classes = (ts.Diagnostic, ts.ArgError, ts.Limits, ts.ToolResult, ts.TextPart, ts.JsonPart, ts.ToolInfo)
    for cls in classes + (ts.DescribedTool,):
        assert dataclasses.is_dataclass(cls)
    assert issubclass(ts.DescribedTool, ts.ToolInfo)
    e = ts.ArgError("a", "type", "Argument 'a' must be an integer, not a string.")
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.path = "b"  # type: ignore[misc]
    assert {e, ts.ArgError("a", "type", e.message)} == {e}
    # An error the component gives has every field, and hashes too.
    (given,) = ts.validate_args('{"type":"object","properties":{"a":{"type":"integer"}}}', '{"a":"x"}').errors
    assert (given.location, given.schema_location) == (("a",), "/properties/a/type")
    assert given.params == {"kind": "type", "expected": ["integer"], "value": {"type": "string", "text": '"x"'}}
    assert {given, dataclasses.replace(given)} == {given} and given != e


def test_a_checked_answer_is_immutable_and_parses_its_value_when_first_read() -> None:
    tool = ts.tool({"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}})
    checked = tool.validate('{"n": 2.0, "big": 123456789012345678901234567890}')
    assert checked._value is _model._UNPARSED, "parsed before it was asked for"
    assert checked.text == '{"n":2,"big":123456789012345678901234567890}'
    assert checked.value == {"n": 2, "big": 123456789012345678901234567890}
    assert checked.value is checked.value
    assert checked == ts.Checked(True, {"n": 2, "big": 123456789012345678901234567890}, checked.text)
    assert checked != ts.Checked(True, {"n": 3}, checked.text) and bool(checked)
    assert repr(checked).startswith("Checked(ok=True, value={'n': 2, 'big': 1234")
    with pytest.raises(dataclasses.FrozenInstanceError):
        checked.ok = False
    with pytest.raises(TypeError):
        hash(checked)
    invalid = tool.validate('{"n": "x"}')
    assert (invalid.ok, invalid.value, invalid.text, [e.keyword for e in invalid.errors]) == (False, None, None, ["type"])


# -- the span scanner under Tool -----------------------------------------------------


def test_spans_skip_strings_with_brackets_and_escaped_quotes() -> None:
    text = '{"a":"x\\"}]","b" : [1,{"c":"]"}] ,"d":-1.5e3,"e":null}'
    spans = object_members(text)
    assert {k: text[a:b] for k, (a, b) in spans.items()} == {
        "a": '"x\\"}]"',
        "b": '[1,{"c":"]"}]',
        "d": "-1.5e3",
        "e": "null",
    }
    text = '[ {"a":"["} , "]", 1e400 ]'
    assert [text[a:b] for a, b in array_elements(text)] == ['{"a":"["}', '"]"', "1e400"]


def test_a_dictionary_is_written_as_json_dumps_writes_it() -> None:
    values: List[Any] = [
        {"a": [1, 2.5, None, True, False, "é\n\u2028", {"b": {}}], "": []},
        [],
        {"x": 1e300, "y": -0.0, "z": 10**30},
    ]
    for v in values:
        assert _json_text(v) == json.dumps(v, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    circular: Dict[str, Any] = {}
    circular["self"] = circular
    for refused in (circular, {"n": float("nan")}, {"s": {1, 2}}):
        with pytest.raises((ValueError, TypeError)):
            _json_text(refused)
    # A refusal leaves nothing behind for the next value, and each thread
    # writes with an encoder of its own.
    shared: List[Any] = [1]
    assert _json_text({"a": shared, "b": shared}) == '{"a":[1],"b":[1]}'
    written: List[str] = []
    threads = [threading.Thread(target=lambda: written.append(_json_text({"a": shared, "b": [shared]}))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert written == ['{"a":[1],"b":[[1]]}'] * 4


def test_a_refused_dictionary_raises_what_json_dumps_raises_under_any_recursion_limit() -> None:
    circular: Dict[str, Any] = {"list": []}
    circular["list"].append(circular)
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]

    def dumps_error(value: Any) -> Any:
        with pytest.raises((ValueError, TypeError, RecursionError)) as expected:
            json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return expected.value

    limit = sys.getrecursionlimit()
    try:
        # Python's default, written first without the circularity check; and
        # a limit raised past _UNCHECKED_DEPTH, written with it only.
        for raised in (1000, 20_000):
            sys.setrecursionlimit(raised)
            for refused in (circular, {"n": float("nan")}, {"s": {1, 2}}, {"é": [float("inf")]}):
                expected = dumps_error(refused)
                with pytest.raises(type(expected)) as got:
                    _json_text(refused)
                assert str(got.value) == str(expected), raised
            # Nested past the default limit: refused as json.dumps refuses it.
            if raised == 1000:
                with pytest.raises(RecursionError):
                    _json_text(deep)
            # Each path writes what json.dumps writes, and is used again.
            samples: List[Any] = [{"a": [1, {"b": "é\u2028"}]}, [[[]]], {"x": 10**30}]
            for value in samples:
                assert _json_text(value) == json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    finally:
        sys.setrecursionlimit(limit)
