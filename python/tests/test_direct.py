"""The direct calls: every function the package calls through the core module
(tool_schema._canon, the default) or through the component with its types read
once (tool_schema._direct) gives what wasmtime-py's generic Func.__call__
gives, value for value, and the golden vectors pass every way."""

from __future__ import annotations

import dataclasses

import json
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest
from wasmtime.component import Record, Variant

import tool_schema as ts
from tool_schema import _canon, _direct, _runtime
from tool_schema.conformance import check

from support import load_vectors

REAL_SCHEMAS = Path(__file__).resolve().parents[2] / "tests" / "real-tool-schemas" / "schemas"
TEXTS = [p.read_text(encoding="utf-8") for p in sorted(REAL_SCHEMAS.glob("*.json"))]

#: A schema and arguments that fail most keywords at once (their params cases).
PARAMS_SCHEMA = json.dumps(
    {
        "type": "object",
        "properties": {
            "t": {"type": ["integer", "null"]},
            "c": {"const": [1]},
            "e": {"enum": ["x", 1]},
            "b": {"maximum": 3},
            "n": {"maxLength": 2},
            "p": {"pattern": "^a"},
            "f": {"format": "date"},
            "u": {"type": "array", "uniqueItems": True, "contains": {"type": "string"}, "prefixItems": [{}], "items": False},
            "o": {"not": {"type": "integer"}},
            "m": {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
            "l": {"type": "array", "items": {"type": "object", "properties": {"q": {"type": "integer"}}}},
        },
        "required": ["z"],
        "dependentRequired": {"t": ["y"]},
        "additionalProperties": False,
    }
)
PARAMS_ARGS = '{"t":"s","c":2,"e":"q","b":9,"n":"abc","p":"b","f":"x","u":[1,1],"o":1,"m":1,"l":[{"q":1},{"q":"x"}],"w":0}'


@pytest.fixture(scope="module", params=["core", "direct"])
def both(request: pytest.FixtureRequest) -> Iterator[Dict[str, ts.Runtime]]:
    """A runtime calling one direct way ("direct" in the dict, whichever it
    is) and one calling through wasmtime-py's generic calls."""
    direct = ts.Runtime()
    direct._use(request.param)
    generic = ts.Runtime()
    generic._direct_calls = False
    yield {"direct": direct, "generic": generic}


def _raw(rt: ts.Runtime, interface: str, name: str, *args: Any) -> Any:
    return rt._call(interface, name, *args)


#: The package's classes the direct calls build records as (``_RECORDS``).
_PACKAGE_RECORDS = (
    ts.Change,
    ts.Downconverted,
    ts.SourceDiagnostic,
    ts.SourceDescriptor,
    ts.OverLimit,
    ts.AlsoValidFor,
    ts.DeadBranch,
    ts.ProviderInfo,
    ts.ToolBudget,
    ts.BudgetPlan,
)


def _plain(value: Any) -> Any:
    """A value as data, whichever classes hold it: records (the package's own
    or wasmtime-py's) as dicts of their fields, variants as (tag, payload)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Variant):
        return ("variant", value.tag, _plain(value.payload))
    # An arg-error: the package builds it as it lifts it; wasmtime-py's
    # record becomes the same ArgError as the package would make of it.
    if isinstance(value, Record) and hasattr(value, "schema-location"):
        value = _runtime._arg_error(value)
    if isinstance(value, ts.ArgError):
        return ("arg-error", _plain(vars(value)))
    if isinstance(value, _PACKAGE_RECORDS):
        # Their fields (a Downconverted's changes and report are built when
        # first read; a Placement is its case's name).
        return {f.name.replace("_", "-"): _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Record):
        return {k.replace("_", "-"): _plain(v) for k, v in vars(value).items()}
    return value


def test_the_module_is_available_with_the_pinned_wasmtime() -> None:
    assert _direct.available


def test_every_function_is_called_directly_through_the_core_module_and_all_but_the_resources_through_the_component(
    both: Dict[str, ts.Runtime],
) -> None:
    rt = both["direct"]
    direct = {key for key in rt._indexes if rt._current.direct(*key) is not None}
    if rt._path == "core":
        assert direct == set(rt._indexes)
        assert all(isinstance(rt._current.direct(*key), _canon.Function) for key in rt._indexes)
    else:
        assert rt._path == "direct"
        # What takes or gives a resource goes through wasmtime-py's generic calls.
        resources = {key for key in rt._indexes if key[0] == "tools" and key[1] != "schemas-compiled"}
        assert len(resources) == 12
        assert set(rt._indexes) - direct == resources | {
            ("validate", "[static]validator.compile"),
            ("validate", "[method]validator.validate"),
        }


def _as_downconverted(answer: Any) -> Any:
    """A conversion as the package's class, whichever export and call gave
    it (diagnostics as they came)."""
    if isinstance(answer, (list, ts.Downconverted)):
        return answer
    fields = vars(answer)
    if "changes-json" in fields:
        return _runtime._new_downconverted_json(
            fields["schema"], fields["changes-json"], fields["lossless"], fields["report-json"]
        )
    return ts.Downconverted(
        fields["schema"],
        [_runtime._change(c) for c in fields["changes"]],
        fields["lossless"],
        _runtime._also_valid_for(fields["also-valid-for"]),
        tuple(_runtime._dead_branch(d) for d in fields["dead"]),
    )


def _json_fields(answer: Any) -> Any:
    """A downconvert-json answer's schema, changes' text, lossless and
    report's text, made directly (the package's class) or generically (a
    Record); diagnostics as they came."""
    if isinstance(answer, list):
        return _plain(answer)
    fields = vars(answer)
    if isinstance(answer, ts.Downconverted):
        return (fields["schema"], fields["_changes_json"], fields["lossless"], fields["_report_json"])
    return (fields["schema"], fields["changes-json"], fields["lossless"], fields["report-json"])


@pytest.mark.parametrize("target", ["anthropic", "openai", "gemini", "openai-responses", "gemini-openapi", "mistral"])
def test_downconvert_of_every_real_schema_gives_what_the_generic_call_gives(
    both: Dict[str, ts.Runtime], target: str
) -> None:
    lowered = _runtime._lower_target(target)
    assert lowered.tag == (target if target in ("anthropic", "openai", "gemini") else "surface")
    for text in TEXTS:
        direct = _raw(both["direct"], "downconvert", "downconvert", text, lowered)
        generic = _raw(both["generic"], "downconvert", "downconvert", text, lowered)
        assert _plain(direct) == _plain(generic)
        if not isinstance(direct, list):
            # The package's own classes, made directly.
            assert isinstance(direct, ts.Downconverted) and isinstance(generic, Record)
            assert all(isinstance(c, ts.Change) for c in direct.changes)
            assert type(direct.also_valid_for) is ts.AlsoValidFor and type(direct.also_valid_for.original) is tuple
            assert type(direct.dead) is tuple and all(type(d) is ts.DeadBranch for d in direct.dead)
        # downconvert-json: the same answer, its changes as one JSON text,
        # directly and generically.
        for rt in both.values():
            as_json = _raw(rt, "downconvert", "downconvert-json", text, lowered, True)
            listed = _json_fields(as_json)
            if not isinstance(as_json, list) and rt is both["direct"]:
                assert isinstance(as_json, ts.Downconverted) and "changes" not in vars(as_json)
                assert "dead" not in vars(as_json) and vars(as_json)["_report_json"].startswith('{"alsoValidFor":')
            assert _plain(_as_downconverted(as_json)) == _plain(_as_downconverted(generic))
            # Asked for no changes: the same schema and lossless, and no
            # changes' or report's text (or the same diagnostics).
            unlisted = _json_fields(_raw(rt, "downconvert", "downconvert-json", text, lowered, False))
            assert unlisted == (listed if isinstance(as_json, list) else (listed[0], "", listed[2], ""))
        # And through the API, equal objects.
        try:
            d = both["direct"].downconvert(text, target)
        except ts.DownconvertError as e:
            with pytest.raises(ts.DownconvertError) as g:
                both["generic"].downconvert(text, target)
            assert g.value.diagnostics == e.diagnostics
        else:
            assert both["generic"].downconvert(text, target) == d
            assert (d.also_valid_for, d.dead) == (direct.also_valid_for, direct.dead)


def test_a_custom_target_and_its_refusals_cross_as_in_the_generic_call(both: Dict[str, ts.Runtime]) -> None:
    profile = both["direct"].provider_profile("openai")
    bad = json.dumps({"name": "x", "keywords": {"minimum": {"support": "sometimes"}}, "reshape": {}})
    for target in (Variant("custom", profile), Variant("custom", bad)):
        for text in TEXTS[:10]:
            args = (text, target)
            assert _plain(_raw(both["direct"], "downconvert", "downconvert", *args)) == _plain(
                _raw(both["generic"], "downconvert", "downconvert", *args)
            )


def test_every_kind_of_argument_and_answer_crosses_as_in_the_generic_call(both: Dict[str, ts.Runtime]) -> None:
    def record(**fields: Any) -> Record:
        r = Record()
        for name, value in fields.items():
            setattr(r, name.replace("_", "-"), value)
        return r

    tool_result = record(parts=[Variant("text", "é"), Variant("json", "[1]")], is_error=True, typed_result=None)
    context = record(types=None, naming="Web", mode="reflection")
    schema = '{"type":"object","properties":{"a":{"type":"integer","default":2,"description":"ü 😀"}}}'
    tool_cs = "public partial class T\n{\n    /// <summary>é 😀</summary>\n    [Tool] public int Add(int a) { return \"a; }\n}\n"
    files = [record(path="Ünï/T.cs", text=tool_cs), record(path="U.cs", text="public class U { [Tool] int X(ref int y) => 0; }")]
    small = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}'
    nested = small
    for _ in range(10):
        nested = f'{{"type":"object","properties":{{"a":{nested}}},"required":["a"],"additionalProperties":false}}'
    generator = record(mode="generator", naming=None)
    reflection = record(mode="reflection", naming="None")
    calls: List[Any] = [
        ("describe", "flatten-doc", "<summary>A <c>b</c> — é 😀</summary>"),
        ("describe", "flatten-doc", ""),
        ("describe", "tool-name", "GetDocketAsync"),
        ("describe", "tool-name", "Ünïcode"),
        ("describe", "describe-type", "List<int>", context),
        ("describe", "describe-type", "Queue<int>", context),
        ("describe", "describe-tool", "{}"),
        ("describe", "describe-source", files[:1], generator),
        ("describe", "describe-source", files[:1], reflection),
        ("describe", "describe-source", files, generator),
        ("describe", "describe-source", [], generator),
        ("describe", "source-descriptor", files[:1], generator),
        ("describe", "source-descriptor", files, reflection),
        ("describe", "source-descriptor", [], generator),
        ("validate", "validate-args", schema, '{"a":"x"}'),
        ("validate", "validate-args", schema, "{}"),
        # An argument error of every kind of params, with locations of both kinds of step.
        ("validate", "validate-args", PARAMS_SCHEMA, PARAMS_ARGS),
        ("validate", "validate-args", '{"type":"object","propertyNames":{"maxLength":3}}', '{"long name":1}'),
        ("validate", "validate-args", '{"type":"object","properties":{"a":false}}', '{"a":1}'),
        ("validate", "validate-args", '{"type":"object"}', '{"a":'),
        ("validate", "validate-args", '{"type":5}', "{}"),
        ("validate", "validate-args", '{"type":"object"}', '{"a":' + "[" * 200 + "]" * 200 + "}"),
        ("validate", "default-limits"),
        ("encode", "encode-result", "t", "int", context, Variant("returned", "3"), False),
        ("encode", "encode-result", "t", "void", context, Variant("returned-nothing"), True),
        ("encode", "encode-result", "t", "int", context, Variant("timed-out", 7), False),
        ("encode", "encode-result", "t", "int", context, Variant("invalid-arguments", ["Argument 'a' …", "é"]), False),
        ("encode", "encode-result", "t", "ToolResult", context, Variant("returned-tool-result", tool_result), False),
        ("encode", "encode-result", "t", "int", context, Variant("returned", "\"x\""), False),
        ("downconvert", "restore-args", schema, Variant("openai"), '{"a":null}'),
        ("downconvert", "restore-args", schema, Variant("openai"), '{"a":"x"}'),
        ("downconvert", "downconvert-json", schema, Variant("anthropic"), True),
        ("downconvert", "downconvert-json", schema, Variant("anthropic"), False),
        ("downconvert", "downconvert-json", '{"type":"object","properties":{"a\\"\\n":{"minimum":1}}}', Variant("gemini"), True),
        ("downconvert", "downconvert-json", "{", Variant("openai"), True),
        ("downconvert", "downconvert-json", "{", Variant("openai"), False),
        ("downconvert", "downconvert-json", schema, Variant("surface", "bedrock-converse"), True),
        ("downconvert", "downconvert-json", '{"type":"object","properties":{"a":{"enum":[]}}}', Variant("surface", "openai"), True),
        ("downconvert", "downconvert-json", schema, Variant("surface", "nonesuch"), True),
        ("downconvert", "downconvert", '{"type":"object","properties":{"a":{"not":{}}}}', Variant("surface", "vertex")),
        ("downconvert", "provider-profile", "gemini"),
        ("downconvert", "provider-profile", "gemini-openapi"),
        ("downconvert", "provider-profile", "nonesuch"),
        ("downconvert", "providers"),
        ("downconvert", "budget", [small] * 21, Variant("anthropic")),
        ("downconvert", "budget", [small, nested], Variant("openai")),
        ("downconvert", "budget", [], Variant("gemini")),
        ("downconvert", "budget", [small, '{"$ref":"#/nope"}', "{"], Variant("openai")),
        ("downconvert", "budget", [small], Variant("custom", "{}")),
        ("downconvert", "budget-plan", [small] * 21, [], Variant("surface", "anthropic-tools")),
        ("downconvert", "budget-plan", [small, nested], ["a", "b c"], Variant("openai")),
        ("downconvert", "budget-plan", [small, small], ["a"], Variant("openai")),
        ("downconvert", "budget-plan", [small, "{"], [], Variant("gemini")),
        ("downconvert", "budget-plan", [], [], Variant("surface", "nonesuch")),
    ]
    for interface, name, *args in calls:
        direct = _raw(both["direct"], interface, name, *args)
        generic = _raw(both["generic"], interface, name, *args)
        if name == "downconvert-json":
            # Asked for the changes, or for none (their text left empty).
            read = _as_downconverted if args[-1] else _json_fields
            direct, generic = read(direct), read(generic)
        assert _plain(direct) == _plain(generic), (name, args)
        if name in ("describe-source", "source-descriptor"):
            # The package's own classes, made directly.
            found = direct if isinstance(direct, list) else direct.warnings
            assert isinstance(direct, (list, ts.SourceDescriptor)) and isinstance(generic, (list, Record))
            assert all(isinstance(d, ts.SourceDiagnostic) for d in found)
        if name == "budget" and direct.tag == "ok":
            assert isinstance(generic, Variant) and generic.tag == "ok"
            assert all(isinstance(o, ts.OverLimit) for o in direct.payload or [])
            assert all(isinstance(o, Record) for o in generic.payload or [])
        if name == "budget-plan" and not isinstance(direct, list):
            assert isinstance(direct, ts.BudgetPlan) and isinstance(generic, Record)
            assert all(type(t) is ts.ToolBudget and type(t.placement) is ts.Placement for t in direct.tools)
            assert _runtime._budget_plan(generic) == direct
        if name == "providers":
            assert all(type(p) is ts.ProviderInfo for p in direct)
            assert [_runtime._provider_info(p) for p in generic] == direct


def test_wrong_arguments_are_refused_before_the_call_as_wasmtime_py_refuses_them(both: Dict[str, ts.Runtime]) -> None:
    rt = both["direct"]
    f = rt._current.direct("describe", "flatten-doc")
    assert f is not None
    with pytest.raises(TypeError, match="expected string type"):
        f.call(rt.fuel, 1)
    with pytest.raises(TypeError, match="wrong number of parameters"):
        f.call(rt.fuel)
    with pytest.raises(UnicodeEncodeError):
        f.call(rt.fuel, "\ud800")
    d = rt._current.direct("downconvert", "downconvert")
    assert d is not None
    with pytest.raises(TypeError, match="expected Variant type"):
        d.call(rt.fuel, "{}", "openai")
    with pytest.raises(ValueError, match="not valid for this variant"):
        d.call(rt.fuel, "{}", Variant("mistral"))
    # Nothing was left half-called: the next call answers.
    assert rt.flatten_doc("x") == "x"
    assert rt.info().instances == 1


def test_a_trap_in_a_direct_call_replaces_the_instance_and_the_next_call_works() -> None:
    rt = ts.Runtime(fuel=30_000_000)
    assert rt._current.direct("downconvert", "downconvert") is not None
    many = {"type": "object", "properties": {f"p{i}": json.loads(TEXTS[4]) for i in range(300)}}
    with pytest.raises(ts.TrapError) as caught:
        rt.downconvert(many, "openai")
    assert caught.value.out_of_fuel
    assert rt.info().instances == 2
    assert rt.downconvert('{"type":"object"}', "openai").schema.startswith('{"type":"object"')


def test_every_golden_vector_also_passes_through_the_generic_calls(both: Dict[str, ts.Runtime]) -> None:
    failed = [c["id"] for c in load_vectors() if check(both["generic"], c) is not None]
    assert failed == []
