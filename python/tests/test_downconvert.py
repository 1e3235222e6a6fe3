"""Down-conversion: a schema for each provider's strict mode, custom profiles,
refusals, and the model's answers restored for the original schema."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Dict, Optional

import pytest

import tool_schema as ts

CASE_ID = "2eb8aa08-aa98-11ea-b4aa-73b441d16380"
HINT = "(a constraint the schema sent to {} gave only as a hint)"


@pytest.fixture(scope="module")
def docket(get_docket: str) -> ts.DescribedTool:
    return ts.describe_tool(get_docket)


def _changes(d: ts.Downconverted) -> list[tuple[str, str, str]]:
    return [(c.pointer, c.keyword, c.action) for c in d.changes]


# -- the answer as a value ---------------------------------------------------------------


def test_changes_are_built_when_first_read_and_are_then_an_ordinary_list(docket: ts.DescribedTool) -> None:
    import copy
    import pickle

    d = ts.downconvert(docket.input_schema_json, "openai")
    # Nothing made yet: the conversion listed no changes, and lists them by
    # converting again when they are first read.
    assert "changes" not in vars(d) and vars(d)["_changes_json"] == "" and "_list_changes" in vars(d)
    # Another call in between does not change them.
    ts.downconvert('{"type":"object","properties":{"zz":{"type":"string","format":"uri"}}}', "openai")
    changes = d.changes
    assert type(changes) is list and all(type(c) is ts.Change for c in changes)
    assert changes[0].action == "removed"
    assert d.changes is changes and vars(d)["changes"] is changes
    # What listed them (the runtime, the schema's text) is let go.
    assert "_list_changes" not in vars(d) and "_changes_json" not in vars(d)
    again = ts.downconvert(docket.input_schema_json, "openai")
    assert again == d and again.changes == changes and repr(again) == repr(d)
    # Copies and pickles carry the three fields.
    for other in (pickle.loads(pickle.dumps(d)), copy.deepcopy(again), copy.copy(d)):
        assert other == d and type(other.changes) is list
    assert dataclasses.asdict(d)["changes"][0] == dataclasses.asdict(changes[0])
    assert dataclasses.replace(d, lossless=not d.lossless).changes == changes
    # A Downconverted made by hand is an ordinary dataclass.
    made = ts.Downconverted(schema="{}", changes=[], lossless=True)
    assert made.changes == [] and vars(made)["changes"] == []
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        getattr(d, "nope")


def test_the_changes_are_listed_by_one_more_conversion_when_first_read() -> None:
    from wasmtime.component import Variant

    rt = ts.Runtime()
    calls: list[tuple[str, bool]] = []
    call = rt._call

    def counted(interface: str, name: str, *args: object) -> object:
        if name == "downconvert-json":
            calls.append((name, bool(args[-1])))
        return call(interface, name, *args)

    rt._call = counted  # type: ignore[method-assign]
    schema = {"type": "object", "properties": {"a": {"type": "integer", "minimum": 1}, "b": {"type": "string"}}}
    d = rt.downconvert(schema, "openai")
    assert calls == [("downconvert-json", False)]
    listed = d.changes
    assert d.changes is listed
    assert calls == [("downconvert-json", False), ("downconvert-json", True)]
    # The list the records' export gives in the same call, the schema and
    # lossless as the first conversion gave them.
    records = call("downconvert", "downconvert", json.dumps(schema), Variant("openai"))
    assert listed and listed == records.changes
    assert (d.schema, d.lossless) == (records.schema, records.lossless)


def test_changes_in_any_other_form_than_the_components_are_an_error_when_read() -> None:
    from tool_schema import _runtime

    change = {"pointer": "/a", "keyword": "minimum", "action": "removed", "detail": "d"}
    good = _runtime._new_downconverted_json("{}", json.dumps([change, dict(change, pointer="")]), False)
    assert good.changes == [ts.Change("/a", "minimum", "removed", "d"), ts.Change("", "minimum", "removed", "d")]
    assert _runtime._new_downconverted_json("{}", "[]", True).changes == []
    for text in (
        "",
        "{",
        "{}",
        '"x"',
        "[1]",
        "[[]]",
        json.dumps([dict(change, action="shrunk")]),
        json.dumps([dict(change, pointer=1)]),
        json.dumps([dict(change, detail=None)]),
        json.dumps([{k: change[k] for k in ("keyword", "pointer", "action", "detail")}]),
        json.dumps([dict(change, extra="x")]),
        json.dumps([{k: v for k, v in change.items() if k != "detail"}]),
        "[" + json.dumps(change) + "," * 100 + "]",
    ):
        d = _runtime._new_downconverted_json("{}", text, True)
        assert d.schema == "{}" and d.lossless is True
        with pytest.raises(ts.ToolSchemaError, match="the component's changes are not a JSON list of changes"):
            d.changes


# -- each target ---------------------------------------------------------------------


def test_anthropic_moves_the_range_into_the_description_and_says_it_is_lossy(docket: ts.DescribedTool) -> None:
    d = ts.downconvert(docket.input_schema_json, "anthropic")
    assert isinstance(d, ts.Downconverted) and isinstance(d.schema, str)
    limit = json.loads(d.schema)["properties"]["limit"]
    assert limit == {"type": "integer", "description": "(minimum: 1, maximum: 100)", "default": 10}
    assert _changes(d) == [
        ("/properties/limit", "minimum", "removed"),
        ("/properties/limit", "maximum", "removed"),
    ]
    assert d.changes[0].detail == "anthropic rejects minimum; its meaning is a hint in the description"
    assert d.lossless is False


def test_openai_requires_every_property_and_widens_the_optional_one_with_null(docket: ts.DescribedTool) -> None:
    d = ts.downconvert(docket.input_schema_json, "openai")
    schema = json.loads(d.schema)
    assert schema["required"] == ["caseId", "limit"]
    assert schema["additionalProperties"] is False
    assert schema["properties"]["limit"]["type"] == ["integer", "null"]
    assert "default" not in schema["properties"]["limit"]
    assert ("", "required", "required") in _changes(d)
    assert d.lossless is True


def test_gemini_orders_the_properties_and_hints_the_uuid_format(docket: ts.DescribedTool) -> None:
    d = ts.downconvert(docket.input_schema_json, "gemini")
    schema = json.loads(d.schema)
    assert schema["propertyOrdering"] == ["caseId", "limit"]
    assert schema["properties"]["caseId"] == {"type": "string", "description": 'The case. (format: "uuid")'}
    assert ("", "propertyOrdering", "ordered") in _changes(d)
    assert d.lossless is False


def test_the_schema_is_the_components_text_and_every_input_form_gives_the_same(docket: ts.DescribedTool) -> None:
    d = ts.downconvert(docket.input_schema_json, "openai")
    # Compact, in the contract's keyword order: not a json.dumps round trip.
    assert d.schema.startswith('{"type":"object","properties":{"caseId":{"type":"string","format":"uuid",')
    assert ts.downconvert(docket, "openai") == d
    assert ts.downconvert(docket.input_schema, "openai") == d
    assert ts.downconvert(docket.input_schema_json.encode(), ts.Provider.OPENAI) == d
    assert ts.runtime().downconvert(docket, "openai") == d


def test_a_dictionary_becomes_pairs_and_is_restored_to_a_dictionary() -> None:
    schema = '{"type":"object","properties":{"tags":{"type":"object","additionalProperties":{"type":"integer"}}},"required":["tags"]}'
    d = ts.downconvert(schema, "openai")
    assert json.loads(d.schema)["properties"]["tags"]["type"] == "array"
    assert ("/properties/tags", "additionalProperties", "reshaped") in _changes(d)
    answer = '{"tags":[{"key":"a","value":1},{"key":"b","value":2}]}'
    assert ts.restore_args(schema, "openai", answer).bound_args == '{"tags":{"a":1,"b":2}}'


def test_records_are_frozen_dataclasses(docket: ts.DescribedTool) -> None:
    d = ts.downconvert(docket, "anthropic")
    assert isinstance(d.changes, list) and all(isinstance(c, ts.Change) for c in d.changes)
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.lossless = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.changes[0].action = "x"  # type: ignore[misc]


# -- profiles --------------------------------------------------------------------------


def _surface_of(name: str) -> str:
    """The surface's own name for a name or an alias."""
    return next(p.name for p in ts.providers() if name == p.name or name in p.aliases)


def test_provider_profile_gives_each_built_in_profile_as_text() -> None:
    for provider in ts.Provider:
        text = ts.provider_profile(provider.value)
        # An alias answers with its surface's profile, which names itself.
        assert json.loads(text)["name"] == _surface_of(provider.value)
        assert ts.provider_profile(provider) == text
        assert ts.runtime().provider_profile(provider.value) == text


def test_an_unknown_provider_name_is_one_diagnostic() -> None:
    with pytest.raises(ts.DownconvertError) as caught:
        ts.provider_profile("nope")
    e = caught.value
    assert isinstance(e, ts.DiagnosticsError) and isinstance(e, ts.ToolSchemaError) and isinstance(e, ValueError)
    known = ", ".join(p.name for p in ts.providers())
    assert e.diagnostics == (ts.Diagnostic("OLP001", f"'nope' is not a known provider (known: {known}).", "target"),)
    assert str(e) == f"OLP001 at target: 'nope' is not a known provider (known: {known})."
    with pytest.raises(TypeError, match="a provider name is a str, not int"):
        ts.provider_profile(1)  # type: ignore[arg-type]


def test_a_built_in_profile_as_a_custom_target_converts_as_the_provider_does(docket: ts.DescribedTool) -> None:
    for provider in ts.Provider:
        # The profile names its surface (an alias's changes name the alias).
        custom = ts.Custom(ts.provider_profile(provider))
        assert ts.downconvert(docket, custom) == ts.downconvert(docket, _surface_of(provider.value))


def test_an_edited_openai_profile_is_a_target_of_its_own(docket: ts.DescribedTool) -> None:
    profile: Dict[str, Any] = json.loads(ts.provider_profile("openai"))
    profile["name"] = "my-openai"
    profile["keywords"]["maximum"]["support"] = "rejected"
    target = ts.Custom(json.dumps(profile))

    d = ts.downconvert(docket, target)
    limit = json.loads(d.schema)["properties"]["limit"]
    assert "maximum" not in limit and limit["minimum"] == 1
    assert limit["description"] == "(maximum: 100, default: 10)"
    assert d.changes[0] == ts.Change(
        "/properties/limit", "maximum", "removed", "my-openai rejects maximum; its meaning is a hint in the description"
    )
    assert d.lossless is False
    # The profile as a mapping is the same target.
    assert ts.downconvert(docket, ts.Custom(profile)) == d

    refused = ts.restore_args(docket, target, f'{{"caseId": "{CASE_ID}", "limit": 500}}')
    assert [e.message for e in refused.errors] == [
        f"Argument 'limit' must be at most 100, not 500 {HINT.format('my-openai')}."
    ]


def test_a_profile_the_component_cannot_read_is_refused_with_every_diagnostic(docket: ts.DescribedTool) -> None:
    with pytest.raises(ts.DownconvertError) as caught:
        ts.downconvert(docket, ts.Custom("{}"))
    codes = {d.code for d in caught.value.diagnostics}
    assert codes == {"OLP003"}
    assert [d.path for d in caught.value.diagnostics][:2] == ["name", "keywords"]


# -- refusals --------------------------------------------------------------------------


def test_an_unusable_schema_is_refused_with_its_diagnostics() -> None:
    with pytest.raises(ts.DownconvertError) as caught:
        ts.downconvert('{"type": 5}', "openai")
    (d,) = caught.value.diagnostics
    assert (d.code, d.path) == ("OLS003", "/type")
    with pytest.raises(ts.DownconvertError, match=r"^OLS001 at \$: The schema is not accepted as JSON"):
        ts.downconvert("nope", "gemini")


def test_a_schema_the_target_cannot_take_is_refused() -> None:
    recursive = (
        '{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}},'
        '"type":"object","properties":{"head":{"$ref":"#/$defs/n"}}}'
    )
    with pytest.raises(ts.DownconvertError) as caught:
        ts.downconvert(recursive, "anthropic")
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [("OLP002", "$")]
    assert "anthropic takes no recursive schema" in caught.value.diagnostics[0].message
    assert ts.downconvert(recursive, "openai").lossless


# -- budget ----------------------------------------------------------------------------

#: The smallest strict tool's input schema.
SMALL = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}'


def _nested(depth: int) -> str:
    """A schema of objects nested ``depth`` deep, a string innermost."""
    schema = '{"type":"string"}'
    for _ in range(depth):
        schema = f'{{"type":"object","properties":{{"a":{schema}}},"required":["a"],"additionalProperties":false}}'
    return schema


def test_budget_of_21_strict_tools_for_anthropic_is_one_over_the_request_limit() -> None:
    (over,) = ts.budget([SMALL] * 21, "anthropic")
    assert isinstance(over, ts.OverLimit)
    assert (over.limit, over.scope, over.allowed, over.measured, over.tool) == ("tools", "request", 20, 21, None)
    assert over.message.startswith(
        "anthropic takes at most 20 strict tools in one request; this request has 21, 1 over. Source: "
    )
    assert str(over) == over.message
    with pytest.raises(dataclasses.FrozenInstanceError):
        over.measured = 20  # type: ignore[misc]
    assert ts.budget([SMALL] * 20, "anthropic") == []
    assert ts.budget([], ts.Provider.OPENAI) == []


def test_a_per_schema_limit_names_the_tool_by_its_index_in_the_schemas() -> None:
    over = ts.budget([_nested(11)], "openai")
    assert [(o.limit, o.scope, o.allowed, o.measured, o.tool) for o in over] == [("nesting", "schema", 10, 11, 0)]
    assert over[0].message.startswith("openai takes at most 10 levels of object nesting in one schema; tool 0 has 11")
    assert ts.budget([_nested(10)], "openai") == []
    # Any form of schema, any form of target, the runtime's method: the same answer.
    profile = ts.Custom(ts.provider_profile("openai"))
    assert [o.tool for o in ts.budget([json.loads(SMALL), _nested(11).encode()], profile)] == [1]
    assert ts.runtime().budget((_nested(11),), ts.Provider.OPENAI) == over
    # downconvert refuses the same schema alone.
    with pytest.raises(ts.DownconvertError) as caught:
        ts.downconvert(_nested(11), "openai")
    assert [d.code for d in caught.value.diagnostics] == ["OLP005"]


def test_budget_refuses_a_schema_it_cannot_convert_with_its_path_under_the_tool() -> None:
    with pytest.raises(ts.DownconvertError) as caught:
        ts.budget([SMALL, '{"type":"object","properties":{"a":{"$ref":"#/nope"}}}'], "anthropic")
    (d,) = caught.value.diagnostics
    assert (d.code, d.path) == ("OLS004", "tools[1]")
    assert isinstance(d, ts.Diagnostic)
    with pytest.raises(ts.DownconvertError) as caught:
        ts.budget([SMALL], ts.Custom("{}"))
    assert {d.code for d in caught.value.diagnostics} == {"OLP003"}


@pytest.mark.parametrize("schemas", [SMALL, SMALL.encode(), json.loads(SMALL), None, 3])
def test_budget_takes_a_sequence_of_schemas_and_nothing_else(schemas: Any) -> None:
    with pytest.raises(TypeError, match=r"^schemas must be a sequence of schemas \(JSON text, mappings or ToolInfos\), not "):
        _NoCall().budget(schemas, "openai")


def test_a_schema_of_another_type_in_the_sequence_is_a_type_error_before_the_call() -> None:
    with pytest.raises(TypeError, match=r"; schemas\[1\] is not a schema but int$"):
        _NoCall().budget([SMALL, 1], "openai")  # type: ignore[list-item]
    with pytest.raises(ValueError, match="target must be"):
        _NoCall().budget([SMALL], "")


# -- restore ---------------------------------------------------------------------------


def test_restore_turns_null_for_an_optional_property_into_its_default(docket: ts.DescribedTool) -> None:
    result = ts.restore_args(docket, "openai", f'{{"caseId": "{CASE_ID}", "limit": null}}')
    assert isinstance(result, ts.ValidationResult) and result
    assert result.bound_args == f'{{"caseId":"{CASE_ID}","limit":10}}'
    assert result.arguments() == {"caseId": CASE_ID, "limit": 10}
    # Arguments as a Python value, and through the runtime, give the same.
    assert ts.restore_args(docket.input_schema_json, "openai", {"caseId": CASE_ID, "limit": None}) == result
    assert ts.runtime().restore_args(docket, ts.Provider.OPENAI, {"caseId": CASE_ID, "limit": None}) == result


def test_a_constraint_given_only_as_a_hint_says_so_in_its_error(docket: ts.DescribedTool) -> None:
    args = f'{{"caseId": "{CASE_ID}", "limit": 500}}'
    result = ts.restore_args(docket, "anthropic", args)
    assert not result and result.bound_args is None
    assert result.errors == (
        ts.ArgError(
            "limit",
            "maximum",
            f"Argument 'limit' must be at most 100, not 500 {HINT.format('anthropic')}.",
            ("limit",),
            "/properties/limit/maximum",
            {"kind": "bound", "limit": "100", "value": "500"},
        ),
    )
    with pytest.raises(ts.InvalidArgumentsError):
        result.arguments()
    # OpenAI kept the maximum in the schema: the error is validate_args's own.
    assert ts.restore_args(docket, "openai", args).errors == ts.validate_args(docket, args).errors


def test_restore_answers_invalid_arguments_and_an_unusable_schema_rather_than_raising(docket: ts.DescribedTool) -> None:
    errors = ts.restore_args(docket, "openai", "not json").errors
    assert [(e.path, e.keyword) for e in errors] == [("$", "json")]
    errors = ts.restore_args('{"type": 5}', "openai", "{}").errors
    assert [(e.path, e.keyword) for e in errors] == [("$", "schema")]


# -- targets ---------------------------------------------------------------------------


class _NoCall(ts.Runtime):
    def _call(self, interface: str, name: str, *args: Any) -> Any:
        raise AssertionError(f"{name} reached the component")


def test_an_empty_target_is_a_value_error_before_the_call() -> None:
    rt = _NoCall()
    message = r"target must be a surface's name or alias \(a str or a Provider\) or Custom\(profile_json\), not ''"
    with pytest.raises(ValueError, match=message):
        rt.downconvert("{}", "")
    with pytest.raises(ValueError, match=message):
        rt.restore_args("{}", "", "{}")
    with pytest.raises(ValueError, match=message):
        rt.budget([], "")


@pytest.mark.parametrize("target", ["OpenAI", "custom", " anthropic", "nonesuch", "surface"])
def test_a_name_no_surface_has_is_refused_by_the_component_with_olp001(target: str) -> None:
    known = ", ".join(p.name for p in ts.providers())
    expected = ts.Diagnostic("OLP001", f"{target!r} is not a known provider (known: {known}).", "target")
    with pytest.raises(ts.DownconvertError) as caught:
        ts.downconvert("{}", target)
    assert caught.value.diagnostics == (expected,)
    with pytest.raises(ts.DownconvertError) as caught:
        ts.budget(["{}"], target)
    assert [d.code for d in caught.value.diagnostics] == ["OLP001"]
    with pytest.raises(ts.DownconvertError) as caught:
        ts.budget_plan(["{}"], target=target)
    assert [d.code for d in caught.value.diagnostics] == ["OLP001"]
    # restore_args answers it as an unusable schema, one error at $.
    (error,) = ts.restore_args("{}", target, "{}").errors
    assert (error.keyword, error.params["code"]) == ("schema", "OLP001")


@pytest.mark.parametrize("target", [None, 42, b"openai", {"custom": "{}"}, ["openai"], ts.Custom])
def test_a_target_of_another_type_is_a_type_error_before_the_call(target: Any) -> None:
    rt = _NoCall()
    message = r"target must be a surface's name or alias \(a str or a Provider\) or Custom\(profile_json\), not "
    with pytest.raises(TypeError, match=message):
        rt.downconvert("{}", target)
    with pytest.raises(TypeError, match="target must be"):
        rt.restore_args("{}", target, "{}")


def test_the_legacy_names_keep_their_cases_and_every_other_name_is_a_surface() -> None:
    from wasmtime.component import Variant

    from tool_schema import _runtime

    for name in ("anthropic", "openai", "gemini"):
        lowered = _runtime._lower_target(name)
        assert (lowered.tag, lowered.payload) == (name, None)
        assert _runtime._lower_target(ts.Provider(name)) is lowered
    for provider in ts.Provider:
        if provider.value not in ("anthropic", "openai", "gemini"):
            lowered = _runtime._lower_target(provider)
            assert (lowered.tag, lowered.payload) == ("surface", provider.value)
            assert type(lowered.payload) is str
            # Lowered once: the same Variant for the member and its string.
            assert _runtime._lower_target(provider.value) is lowered
    # A name not seen before is lowered once too, and kept.
    made = _runtime._lower_target("made-up-surface-name")
    assert isinstance(made, Variant) and (made.tag, made.payload) == ("surface", "made-up-surface-name")
    assert _runtime._lower_target("made-up-surface-name") is made


def test_names_past_the_cache_are_lowered_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    from tool_schema import _runtime

    monkeypatch.setattr(_runtime, "_TARGETS", dict(_runtime._TARGETS))
    monkeypatch.setattr(_runtime, "_TARGET_CACHE", len(_runtime._TARGETS))
    first = _runtime._lower_target("never-kept")
    assert "never-kept" not in _runtime._TARGETS
    second = _runtime._lower_target("never-kept")
    assert first is not second and (second.tag, second.payload) == ("surface", "never-kept")


def test_a_str_of_another_class_crosses_as_its_text() -> None:
    from enum import Enum

    from tool_schema import _runtime

    class Mine(str, Enum):
        RESPONSES = "openai-responses-mine"

    class Text(str):
        pass

    for target in (Mine.RESPONSES, Text("openai-responses-text")):
        lowered = _runtime._lower_target(target)
        assert lowered.tag == "surface" and type(lowered.payload) is str
    assert _runtime._lower_target(Mine.RESPONSES).payload == "openai-responses-mine"
    assert ts.downconvert("{}", Text("openai-responses")) == ts.downconvert("{}", "openai-responses")


def test_a_custom_profile_must_be_text_or_a_mapping() -> None:
    with pytest.raises(TypeError, match="Custom\\(profile\\) takes the profile as JSON text or a mapping, not int"):
        ts.Custom(42)  # type: ignore[arg-type]
    assert ts.Custom(b"{}").profile == b"{}"


def test_a_component_without_the_interface_refuses_only_its_operations(docket: ts.DescribedTool) -> None:
    rt = ts.Runtime()
    for key in [k for k in rt._indexes if k[0] == "downconvert"]:
        del rt._indexes[key]
    with pytest.raises(ts.ToolSchemaError, match="does not export onellm:tool-schema/downconvert@0.2.0"):
        rt.downconvert(docket, "openai")
    assert rt.validate_args(docket, {"caseId": CASE_ID})


def test_a_component_without_budget_loads_and_refuses_only_it(monkeypatch: pytest.MonkeyPatch, docket: ts.DescribedTool) -> None:
    component = ts.runtime()._loaded.component
    real = component.get_export_index

    def get_export_index(name: str, instance: Optional[Any] = None) -> Any:
        return None if name == "budget" else real(name, instance)

    monkeypatch.setattr(component, "get_export_index", get_export_index)
    rt = ts.Runtime()
    with pytest.raises(ts.ToolSchemaError) as caught:
        rt.budget([docket], "openai")
    assert not isinstance(caught.value, ts.DownconvertError)
    assert str(caught.value) == (
        "this build of the component has no budget in onellm:tool-schema/downconvert@0.2.0: "
        "it was built before the operation was added"
    )
    assert rt.downconvert(docket, "openai").lossless
