"""The built-in request surfaces (``providers()``, a target by any surface's
name or alias), what a conversion reports beside its changes
(``also_valid_for``, ``dead``: made when first read, by the one conversion
that lists the changes too) and the budget's plan (``budget_plan``)."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from typing import Any, Dict, List, Optional, Tuple

import pytest

import tool_schema as ts
from tool_schema import _runtime

#: A small schema every surface converts: a string, an optional integer
#: with a range, an enum.
SMALL: Dict[str, Any] = {
    "type": "object",
    "properties": {
        "q": {"type": "string", "description": "What to look for."},
        "n": {"type": "integer", "minimum": 1, "maximum": 50},
        "sort": {"enum": ["new", "old"]},
    },
    "required": ["q"],
}

#: A schema OpenAI's strict mode takes as it is: every property required,
#: the object closed.
STRICT = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}'


def _counted(rt: ts.Runtime) -> List[Tuple[str, Tuple[Any, ...]]]:
    """Every call ``rt`` makes from now on, by name with its arguments."""
    calls: List[Tuple[str, Tuple[Any, ...]]] = []
    call = rt._call

    def counted(interface: str, name: str, *args: Any) -> Any:
        calls.append((name, args))
        return call(interface, name, *args)

    rt._call = counted  # type: ignore[method-assign]
    return calls


# -- providers() ------------------------------------------------------------------------


def test_providers_lists_every_built_in_surface_as_frozen_records() -> None:
    found = ts.providers()
    names = [p.name for p in found]
    assert names == [
        "openai-chat",
        "openai-responses",
        "openai-structured-output",
        "azure-openai",
        "anthropic-tools",
        "anthropic-output",
        "bedrock-converse",
        "gemini-json",
        "gemini-openapi",
        "vertex",
        "mistral",
        "ollama",
        "llguidance",
    ]
    by_name = {p.name: p for p in found}
    assert by_name["openai-chat"].aliases == ("openai",)
    assert by_name["anthropic-tools"].aliases == ("anthropic",)
    assert by_name["gemini-json"].aliases == ("gemini",)
    for p in found:
        assert type(p) is ts.ProviderInfo and type(p.aliases) is tuple
        assert p.surface and isinstance(p.surface, str)
        assert len(p.oldest_rule) == 10 and p.oldest_rule[4] == p.oldest_rule[7] == "-"
        assert isinstance(p.unchecked_rules, int) and p.unchecked_rules >= 0
        # The profile counts the same rules unchecked.
        assert ts.provider_profile(p.name).count('"checked": false') == p.unchecked_rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        found[0].name = "x"  # type: ignore[misc]
    assert ts.runtime().providers() == found
    assert ts.Runtime().providers() == found


def test_the_provider_enum_has_every_surface_and_alias_the_component_lists() -> None:
    listed = {n for p in ts.providers() for n in (p.name, *p.aliases)}
    assert {p.value for p in ts.Provider} == listed
    assert (ts.Provider.OPENAI, ts.Provider.ANTHROPIC, ts.Provider.GEMINI) == ("openai", "anthropic", "gemini")


def test_a_component_without_providers_or_budget_plan_loads_and_refuses_only_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    component = ts.runtime()._loaded.component
    real = component.get_export_index
    missing = {"providers", "budget-plan", "[method]converted.also-valid-for", "[method]converted.dead"}

    def get_export_index(name: str, instance: Optional[Any] = None) -> Any:
        return None if name in missing else real(name, instance)

    monkeypatch.setattr(component, "get_export_index", get_export_index)
    rt = ts.Runtime()
    for call, name in (
        (lambda: rt.providers(), "providers"),
        (lambda: rt.budget_plan([STRICT], target="openai"), "budget-plan"),
    ):
        with pytest.raises(ts.ToolSchemaError) as caught:
            call()
        assert not isinstance(caught.value, ts.DownconvertError)
        assert str(caught.value) == (
            f"this build of the component has no {name} in onellm:tool-schema/downconvert@0.2.0: "
            "it was built before the operation was added"
        )
    with rt.tool({"name": "t", "inputSchema": STRICT}) as tool, tool.convert("openai") as converted:
        assert converted.lossless
        with pytest.raises(ts.ToolSchemaError, match="has no \\[method\\]converted.also-valid-for in"):
            converted.also_valid_for
    assert rt.downconvert(STRICT, "openai").lossless


# -- every surface as a target -----------------------------------------------------------


def _every_name() -> List[str]:
    return [n for p in ts.providers() for n in (p.name, *p.aliases)]


def test_every_name_and_alias_converts_a_small_schema_and_restores_an_answer() -> None:
    for name in _every_name():
        d = ts.downconvert(SMALL, name)
        schema = json.loads(d.schema)
        assert isinstance(schema, dict), name
        assert isinstance(d.changes, list) and isinstance(d.lossless, bool)
        assert isinstance(d.also_valid_for, ts.AlsoValidFor) and d.dead == ()
        # What every surface converted it to, it takes as it is.
        provider = next(p.name for p in ts.providers() if name in (p.name, *p.aliases))
        assert provider in d.also_valid_for.converted, name
        assert ts.restore_args(SMALL, name, '{"q": "x"}').errors == (), name


def test_every_provider_member_is_a_target() -> None:
    for provider in ts.Provider:
        assert ts.downconvert(SMALL, provider) == ts.downconvert(SMALL, provider.value)


def test_an_alias_gives_its_surfaces_schema() -> None:
    for p in ts.providers():
        surface = ts.downconvert(SMALL, p.name)
        for alias in p.aliases:
            by_alias = ts.downconvert(SMALL, alias)
            assert by_alias.schema == surface.schema
            assert (by_alias.lossless, by_alias.also_valid_for, by_alias.dead) == (
                surface.lossless,
                surface.also_valid_for,
                surface.dead,
            )
            # The same changes, named for the name given.
            assert [(c.pointer, c.keyword, c.action) for c in by_alias.changes] == [
                (c.pointer, c.keyword, c.action) for c in surface.changes
            ]


def test_a_surfaces_answer_is_the_components_for_its_case() -> None:
    from wasmtime.component import Variant

    rt = ts.runtime()
    for name in ("openai-responses", "bedrock-converse", "openai"):
        direct = rt._call("downconvert", "downconvert", json.dumps(SMALL), Variant("surface", name))
        assert ts.downconvert(SMALL, name) == direct


# -- also_valid_for and dead ---------------------------------------------------------------


def test_also_valid_for_lists_openai_chat_for_a_schema_that_already_fits_it() -> None:
    d = ts.downconvert(STRICT, "anthropic-tools")
    assert "openai-chat" in d.also_valid_for.original
    assert "openai-chat" in d.also_valid_for.converted
    order = [p.name for p in ts.providers()]
    for names in (d.also_valid_for.original, d.also_valid_for.converted):
        assert type(names) is tuple and list(names) == [n for n in order if n in names]
    # One that does not fit it as given (an optional property, an open object).
    loose = ts.downconvert('{"type":"object","properties":{"a":{"type":"string"}}}', "openai")
    assert "openai-chat" not in loose.also_valid_for.original
    assert "openai-chat" in loose.also_valid_for.converted


def test_dead_reports_a_property_whose_enum_lists_no_value() -> None:
    d = ts.downconvert({"type": "object", "properties": {"a": {"enum": []}, "b": {"type": "string"}}}, "openai")
    (branch,) = d.dead
    assert type(branch) is ts.DeadBranch
    assert branch.pointer == "/properties/a"
    assert "enum" in branch.reason
    assert ts.downconvert(STRICT, "openai").dead == ()


def test_the_report_is_made_by_the_one_extra_conversion_that_lists_the_changes() -> None:
    rt = ts.Runtime()
    calls = _counted(rt)
    schema = {"type": "object", "properties": {"a": {"enum": []}, "n": {"type": "integer", "minimum": 1}}}
    d = rt.downconvert(schema, "openai")
    assert [(n, a[-1]) for n, a in calls] == [("downconvert-json", False)]
    # Nothing of the report is made yet.
    assert "also_valid_for" not in vars(d) and "dead" not in vars(d) and vars(d)["_report_json"] == ""
    also = d.also_valid_for
    assert [(n, a[-1]) for n, a in calls] == [("downconvert-json", False), ("downconvert-json", True)]
    # The same call filled the changes' text; reading them and dead calls nothing more.
    assert vars(d)["_changes_json"] and "_list_changes" not in vars(d)
    changes = d.changes
    dead = d.dead
    assert len(calls) == 2
    assert d.also_valid_for is also and d.changes is changes and d.dead is dead
    assert changes and dead and also.converted
    # The texts are let go once built.
    assert not {"_changes_json", "_report_json", "_list_changes"} & set(vars(d))
    # What the records' export gives in one call.
    records = rt._call("downconvert", "downconvert", json.dumps(schema), _runtime._lower_target("openai"))
    assert (changes, also, dead) == (records.changes, records.also_valid_for, records.dead)


@pytest.mark.parametrize("first", ["changes", "dead"])
def test_reading_the_changes_or_dead_first_fills_the_rest_in_the_same_call(first: str) -> None:
    rt = ts.Runtime()
    calls = _counted(rt)
    d = rt.downconvert({"type": "object", "properties": {"a": {"not": {}}}}, "anthropic")
    getattr(d, first)
    assert len(calls) == 2
    d.changes, d.also_valid_for, d.dead
    assert len(calls) == 2


def test_the_first_call_costs_what_it_did_one_call_without_the_texts() -> None:
    rt = ts.Runtime()
    calls = _counted(rt)
    d = rt.downconvert(SMALL, "openai-responses")
    assert d.schema and isinstance(d.lossless, bool)
    assert [(n, a[-1]) for n, a in calls] == [("downconvert-json", False)]
    assert vars(d)["_changes_json"] == vars(d)["_report_json"] == ""


def test_the_answer_with_its_report_is_an_ordinary_value() -> None:
    d = ts.downconvert({"type": "object", "properties": {"a": {"enum": []}}}, "openai")
    again = ts.downconvert({"type": "object", "properties": {"a": {"enum": []}}}, "openai")
    assert again == d and repr(again) == repr(d)
    for other in (pickle.loads(pickle.dumps(d)), copy.deepcopy(again), copy.copy(d)):
        assert other == d and other.dead == d.dead and other.also_valid_for == d.also_valid_for
    as_dict = dataclasses.asdict(d)
    assert as_dict["dead"] == ({"pointer": "/properties/a", "reason": d.dead[0].reason},)
    assert set(as_dict["also_valid_for"]) == {"original", "converted"}
    assert dataclasses.replace(d, lossless=not d.lossless).dead == d.dead
    # Made by hand, the report defaults to none.
    made = ts.Downconverted(schema="{}", changes=[], lossless=True)
    assert made.also_valid_for == ts.AlsoValidFor((), ()) and made.dead == ()
    assert ts.Downconverted("{}", [], True, ts.AlsoValidFor(("x",)), (ts.DeadBranch("", "r"),)).dead[0].reason == "r"
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.dead = ()  # type: ignore[misc]


def test_a_report_in_any_other_form_than_the_components_is_an_error_when_read() -> None:
    good = '{"alsoValidFor":{"original":["a"],"converted":[]},"dead":[{"pointer":"/x","reason":"r"}]}'
    d = _runtime._new_downconverted_json("{}", "[]", True, good)
    assert d.also_valid_for == ts.AlsoValidFor(("a",), ()) and d.dead == (ts.DeadBranch("/x", "r"),)
    for text in (
        "",
        "{",
        "[]",
        '{"alsoValidFor":{"original":[],"converted":[]}}',
        '{"dead":[],"alsoValidFor":{"original":[],"converted":[]}}',
        '{"alsoValidFor":{"original":[1],"converted":[]},"dead":[]}',
        '{"alsoValidFor":{"original":[],"converted":[]},"dead":{}}',
        '{"alsoValidFor":{"converted":[],"original":[]},"dead":[]}',
        '{"alsoValidFor":{"original":[],"converted":[]},"dead":[{"pointer":"/x"}]}',
        '{"alsoValidFor":{"original":[],"converted":[]},"dead":[{"pointer":"/x","reason":null}]}',
        '{"alsoValidFor":{"original":[],"converted":[]},"dead":[],"more":1}',
    ):
        bad = _runtime._new_downconverted_json("{}", "[]", True, text)
        assert bad.changes == []
        with pytest.raises(ts.ToolSchemaError, match="the component's report is not a JSON report of a conversion"):
            bad.dead
        with pytest.raises(ts.ToolSchemaError, match="the component's report is not a JSON report of a conversion"):
            bad.also_valid_for


def test_a_component_built_before_the_report_converts_and_says_so_when_it_is_read() -> None:
    # Its downconvert-json record has three fields (no report-json).
    d = _runtime._new_downconverted_json("{}", "[]", True)
    assert d.changes == [] and d.lossless
    with pytest.raises(ts.ToolSchemaError, match="this build of the component reports no also-valid-for"):
        d.also_valid_for
    with pytest.raises(ts.ToolSchemaError, match="this build of the component reports no also-valid-for"):
        d.dead


@pytest.mark.parametrize("path", ["core", "direct", "generic"])
def test_every_call_path_and_the_records_fallback_give_the_same_report(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    schema = {"type": "object", "properties": {"a": {"enum": []}, "b": {"type": "integer", "minimum": 2}}}
    expected = ts.downconvert(schema, "openai")
    expected.changes  # made
    for records in (dict(_runtime._RECORDS), {k: v for k, v in _runtime._RECORDS.items() if "changes-json" not in k}):
        # Without the package's class for downconvert-json's record, the
        # direct calls lift a plain Record, which the runtime converts as
        # it converts the generic calls' answers.
        monkeypatch.setattr(_runtime, "_RECORDS", records)
        rt = ts.Runtime()
        rt._use(path)
        d = rt.downconvert(schema, "openai")
        assert type(d) is ts.Downconverted
        assert (d.schema, d.changes, d.lossless, d.also_valid_for, d.dead) == (
            expected.schema,
            expected.changes,
            expected.lossless,
            expected.also_valid_for,
            expected.dead,
        )


# -- a tool's converted schema ---------------------------------------------------------------


def test_a_converted_tool_reports_what_downconvert_reports_asked_once() -> None:
    schema = {"type": "object", "properties": {"a": {"enum": []}, "b": {"type": "string"}}, "required": ["b"]}
    rt = ts.Runtime()
    calls = _counted(rt)
    with rt.tool({"name": "t", "inputSchema": schema}) as tool:
        for target in ("openai", "anthropic-tools", "gemini-openapi", ts.Provider.BEDROCK_CONVERSE):
            expected = ts.downconvert(schema, target)
            with tool.convert(target) as converted:
                calls.clear()
                also, dead = converted.also_valid_for, converted.dead
                assert (also, dead) == (expected.also_valid_for, expected.dead)
                assert type(also) is ts.AlsoValidFor and type(also.original) is tuple and type(dead) is tuple
                assert dead and all(type(d) is ts.DeadBranch for d in dead)
                assert converted.also_valid_for is also and converted.dead is dead
                assert [n for n, _ in calls] == ["[method]converted.also-valid-for", "[method]converted.dead"]
        converted = tool.convert("openai")
        converted.close()
        with pytest.raises(ts.ClosedError):
            converted.dead


def test_a_converted_tool_reports_through_the_generic_calls_too() -> None:
    rt = ts.Runtime()
    rt._direct_calls = False
    schema = {"type": "object", "properties": {"a": {"enum": []}}}
    with rt.tool({"name": "t", "inputSchema": schema}) as tool, tool.convert("vertex") as converted:
        expected = ts.downconvert(schema, "vertex")
        assert (converted.also_valid_for, converted.dead) == (expected.also_valid_for, expected.dead)


def test_a_converted_tool_after_a_trap_reports_from_its_fresh_instance() -> None:
    rt = ts.Runtime(fuel=30_000_000)
    schema = {"type": "object", "properties": {"a": {"enum": []}}}
    with rt.tool({"name": "t", "inputSchema": schema}) as tool, tool.convert("openai") as converted:
        with pytest.raises(ts.TrapError):
            rt.downconvert({"type": "object", "properties": {f"p{i}": SMALL for i in range(3000)}}, "openai")
        assert converted.dead == ts.downconvert(schema, "openai").dead


# -- budget_plan ----------------------------------------------------------------------------


def _schema(i: int) -> Dict[str, Any]:
    """Tool i's schema: a required string, and by turns none, one or two
    optional parameters and a union."""
    properties: Dict[str, Any] = {"q": {"type": "string"}}
    for k in range(i % 3):
        properties[f"o{k}"] = {"type": "integer"}
    if i % 4 == 0:
        properties["u"] = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    return {"type": "object", "properties": properties, "required": ["q"] + (["u"] if i % 4 == 0 else [])}


def test_budget_plan_for_30_tools_on_anthropic_keeps_the_strict_ones_within_every_limit() -> None:
    schemas = [_schema(i) for i in range(30)]
    plan = ts.budget_plan(schemas, target="anthropic-tools")
    assert type(plan) is ts.BudgetPlan and type(plan.tools) is tuple and type(plan.over) is tuple
    assert [t.tool for t in plan.tools] == list(range(30))
    assert all(type(t) is ts.ToolBudget and type(t.placement) is ts.Placement and t.reason for t in plan.tools)
    # Every tool strict would be over the request's limits: what budget says.
    assert list(plan.over) == ts.budget(schemas, "anthropic-tools")
    assert {o.limit for o in plan.over} >= {"tools"}
    strict = plan.placed("strict")
    assert 0 < len(strict) <= 20
    assert plan.placed(ts.Placement.NON_STRICT) == tuple(i for i in range(30) if i not in strict)
    assert plan.placed("left-out") == ()
    # The strict tools alone are within every limit of the request.
    limits = json.loads(ts.provider_profile("anthropic-tools"))["limits"]
    assert ts.budget([schemas[i] for i in strict], "anthropic-tools") == []
    optional = sum(len(schemas[i]["properties"]) - len(schemas[i]["required"]) for i in strict)
    unions = sum("u" in schemas[i]["properties"] for i in strict)
    assert len(strict) <= limits["tools"]["value"]
    assert optional <= limits["optionalParameters"]["value"]
    assert unions <= limits["unions"]["value"]
    # First come, first served: the first tools are strict.
    assert strict[0] == 0
    assert ts.runtime().budget_plan(schemas, None, "anthropic") == ts.budget_plan(schemas, target="anthropic")


def test_budget_plan_checks_names_and_leaves_out_a_tool_whose_name_the_surface_refuses() -> None:
    plan = ts.budget_plan([STRICT, STRICT], ["ok_name", "not a name"], "openai")
    first, second = plan.tools
    assert first.placement is ts.Placement.STRICT and first.over == ()
    assert second.placement is ts.Placement.LEFT_OUT
    (over,) = second.over
    assert (over.limit, over.tool) == ("toolNames", 1)
    assert plan.over == ()


def test_budget_plan_refuses_what_budget_refuses() -> None:
    with pytest.raises(ts.DownconvertError) as caught:
        ts.budget_plan([STRICT, '{"type":"object","properties":{"a":{"$ref":"#/nope"}}}'], target="anthropic")
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [("OLS004", "tools[1]")]
    # One name per schema, or none: the component's to say.
    with pytest.raises(ts.DownconvertError) as caught:
        ts.budget_plan([STRICT, STRICT], ["a"], "openai")
    assert [(d.code, d.path) for d in caught.value.diagnostics] == [("OLP003", "names")]


@pytest.mark.parametrize("names", ["ab", b"ab", 3, {"a": 1}])
def test_budget_plan_takes_a_sequence_of_names_or_none(names: Any) -> None:
    with pytest.raises(TypeError, match="names must be a sequence of str"):
        ts.budget_plan([STRICT], names, "openai")
    with pytest.raises(TypeError, match=r"names\[1\] is int"):
        ts.budget_plan([STRICT, STRICT], ["a", 1], "openai")  # type: ignore[list-item]
    with pytest.raises(TypeError, match="budget_plan needs a target"):
        ts.budget_plan([STRICT])  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="budget_plan needs a target"):
        ts.runtime().budget_plan([STRICT])  # type: ignore[call-overload]


def test_a_plan_within_every_limit_sends_every_tool_strict() -> None:
    plan = ts.budget_plan([STRICT] * 3, ("a", "b", "c"), ts.Provider.OPENAI_RESPONSES)
    assert plan.placed("strict") == (0, 1, 2) and plan.over == ()
    assert ts.budget_plan([], target="gemini") == ts.BudgetPlan((), ())
    with pytest.raises(ValueError, match="is not a valid Placement"):
        plan.placed("sometimes")
