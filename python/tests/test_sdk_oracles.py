"""The vendors' own SDKs as oracles: for every request surface whose vendor
ships an SDK on PyPI, that SDK's own schema check or transform runs over the
schema we converted for the surface, for every real tool schema
(tests/real-tool-schemas/schemas), and must give our schema back unchanged
(compared as parsed JSON), refusing nothing.

Where an SDK does otherwise, the reason is in one of two tables below,
EXPECTED_BY_KEYWORD (a surface, a keyword and what the SDK did to it, on any
schema) and EXPECTED_BY_SCHEMA (a surface and one schema), each with its source.
The tables follow the vendor's documentation, not the SDK: an SDK that changes
what its API accepts is listed here; converter output that the SDK rightly
refuses is a bug of ours and fails. An entry that stops happening fails too, so
the tables stay true.

A schema the converter refuses for a surface (DownconvertError) is skipped for
that surface, and the refusals are counted and printed at the end.

Until the named surfaces land in tool_schema, the package takes only the names
"openai", "anthropic" and "gemini": TARGETS runs the three surfaces they name
(see there for switching to every surface). The pinned versions are in
requirements.txt and python/README.md ("The vendors' SDKs as oracles")."""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

import tool_schema as ts
from support import REPO

if sys.version_info < (3, 11):
    pytest.skip(
        "the vendors' SDKs are pinned for Python 3.11 or newer (python/requirements.txt)", allow_module_level=True
    )

# On 3.11 and newer every SDK is pinned: a missing one is an error, not a skip.
import anthropic  # noqa: E402
import botocore.serialize  # type: ignore[import-untyped]  # noqa: E402
import botocore.session  # type: ignore[import-untyped]  # noqa: E402
import botocore.validate  # type: ignore[import-untyped]  # noqa: E402
import llguidance  # noqa: E402
import ollama._types as ollama_types  # noqa: E402
import pydantic  # noqa: E402
from agents.exceptions import UserError as AgentsUserError  # noqa: E402
from agents.strict_schema import ensure_strict_json_schema as agents_ensure_strict  # noqa: E402
from google.genai import _common as genai_common  # noqa: E402
from google.genai import _transformers as genai_transformers  # noqa: E402
from google.genai import models as genai_models  # noqa: E402
from mistralai.client.models import Tool as MistralTool  # noqa: E402
from mistralai.client.utils import marshal_json as mistral_marshal_json  # noqa: E402
from mistralai.extra.utils._pydantic_helper import rec_strict_json_schema  # noqa: E402
from openai.lib._pydantic import _ensure_strict_json_schema as openai_ensure_strict  # noqa: E402

SCHEMAS_DIR = REPO / "tests" / "real-tool-schemas" / "schemas"
SCHEMA_FILES = sorted(SCHEMAS_DIR.glob("*.json"))

TOOL_NAME = "real_tool"
TOOL_DESCRIPTION = "A real tool's input schema."


def _function(**fields: Any) -> Dict[str, Any]:
    """A function tool's name and description with ``fields`` (each a copy: the
    SDKs' transforms change what they are given)."""
    return {"name": TOOL_NAME, "description": TOOL_DESCRIPTION, **copy.deepcopy(fields)}


# -- what an SDK did to our schema -----------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One thing an SDK did to our converted schema: ``keyword`` at ``pointer``
    (a JSON pointer into our schema) was ``removed``, ``added`` or ``changed`` in
    what the SDK gives back or sends, or the SDK ``refused`` the schema there
    (``keyword`` is ``""`` when the SDK names no keyword)."""

    pointer: str
    keyword: str
    action: str
    detail: str

    def __str__(self) -> str:
        return f"{self.pointer or '(root)'}: {self.keyword or '(schema)'} {self.action}: {self.detail}"


#: Keywords whose value is a map of names to schemas, one schema, or a list of
#: schemas: the comparison walks into these, and only these, as schemas.
SCHEMA_MAPS = frozenset({"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"})
SCHEMA_ONE = frozenset(
    {
        "items",
        "additionalProperties",
        "additionalItems",
        "not",
        "contains",
        "propertyNames",
        "if",
        "then",
        "else",
        "unevaluatedProperties",
        "unevaluatedItems",
        "contentSchema",
    }
)
SCHEMA_LISTS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})


def json_equal(a: Any, b: Any) -> bool:
    """Equality of parsed JSON: ``true`` is not ``1``, ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 100 else text[:97] + "..."


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def differences(ours: Any, theirs: Any, pointer: str = "") -> List[Difference]:
    """Every keyword the SDK's schema ``theirs`` has otherwise than ``ours``, walking
    only through schema positions (a property named ``default`` is a property).
    A description an SDK appended removed keywords to is not listed itself: the
    removed keywords are (a description changed otherwise is)."""
    if not (isinstance(ours, dict) and isinstance(theirs, dict)):
        if json_equal(ours, theirs):
            return []
        return [Difference(pointer, "", "changed", f"{_short(ours)} became {_short(theirs)}")]
    found: List[Difference] = []
    removed: List[str] = []
    described: Optional[Difference] = None
    for key in [*ours, *(k for k in theirs if k not in ours)]:
        here = f"{pointer}/{_escape(key)}"
        if key not in theirs:
            removed.append(key)
            found.append(Difference(pointer, key, "removed", _short(ours[key])))
            continue
        if key not in ours:
            found.append(Difference(pointer, key, "added", _short(theirs[key])))
            if key == "description":
                described = found[-1]
            continue
        a, b = ours[key], theirs[key]
        if key in SCHEMA_MAPS and isinstance(a, dict) and isinstance(b, dict):
            gone = [n for n in a if n not in b]
            new = [n for n in b if n not in a]
            if gone:
                found.append(Difference(pointer, key, "removed", f"members {gone}"))
            if new:
                found.append(Difference(pointer, key, "added", f"members {new}"))
            for name in a:
                if name in b:
                    found += differences(a[name], b[name], f"{here}/{_escape(name)}")
        elif key in SCHEMA_ONE and isinstance(a, dict) and isinstance(b, dict):
            found += differences(a, b, here)
        elif key in SCHEMA_LISTS and isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for n, (x, y) in enumerate(zip(a, b)):
                found += differences(x, y, f"{here}/{n}")
        elif not json_equal(a, b):
            found.append(Difference(pointer, key, "changed", f"{_short(a)} became {_short(b)}"))
            if key == "description":
                described = found[-1]
    if described is not None and removed:
        before, after = str(ours.get("description", "")), str(theirs.get("description", ""))
        if after.startswith(before) and any(k in after[len(before) :] for k in removed):
            found.remove(described)
    return found


def refused(keyword: str, detail: str, pointer: str = "") -> List[Difference]:
    return [Difference(pointer, keyword, "refused", detail)]


def _pydantic_refusals(error: pydantic.ValidationError, prefix: Tuple[str, ...]) -> List[Difference]:
    """A pydantic model's refusal, one Difference per error, at the keyword it names."""
    found = []
    for e in error.errors():
        loc = [str(p) for p in e["loc"]]
        if tuple(loc[: len(prefix)]) == prefix:
            loc = loc[len(prefix) :]
        names = [p for p in loc if not p.isdigit()]
        keyword = names[-1] if names else ""
        pointer = "".join(f"/{_escape(p)}" for p in loc[:-1]) if loc else ""
        found.append(Difference(pointer, keyword, "refused", f"{e['type']}: {e['msg']}"))
    return found


def _sdk(name: str, found: List[Difference]) -> List[Difference]:
    """``found`` with the SDK that found each named in its detail."""
    return [Difference(d.pointer, d.keyword, d.action, f"{name}: {d.detail}") for d in found]


# -- the SDKs' own checks --------------------------------------------------------------

#: A check: our converted schema, parsed and as the converter's text, to every
#: Difference the SDK makes of it.
Check = Callable[[Dict[str, Any], str], List[Difference]]



def openai_checks(schema: Dict[str, Any], text: str) -> List[Difference]:
    """openai-python's strict-schema transform (what ``pydantic_function_tool``,
    ``to_strict_json_schema`` and ``response_format=`` apply), and openai-agents'
    (what its function tools and MCP tools apply): each must give ours back."""
    found: List[Difference] = []
    theirs = copy.deepcopy(schema)
    try:
        found += _sdk("openai-python", differences(schema, openai_ensure_strict(theirs, path=(), root=theirs)))
    except (TypeError, ValueError, AssertionError, KeyError) as e:
        found += _sdk("openai-python", refused("", f"{type(e).__name__}: {e}"))
    try:
        found += _sdk("openai-agents", differences(schema, agents_ensure_strict(copy.deepcopy(schema))))
    except (AgentsUserError, TypeError, ValueError, AssertionError, KeyError) as e:
        found += _sdk("openai-agents", refused("", f"{type(e).__name__}: {e}"))
    return found


_UNREACHABLE = re.compile(r"Expected code to be unreachable, but got: (.*)")


def anthropic_transform(schema: Dict[str, Any], text: str) -> List[Difference]:
    """anthropic-sdk-python's strict transform, ``anthropic.transform_schema``
    (what ``messages.parse`` and ``output_format=`` apply to a type's schema,
    exported for a schema of one's own; AnthropicBedrock and AnthropicVertex
    are the same SDK)."""
    try:
        theirs = anthropic.transform_schema(copy.deepcopy(schema))
    except AssertionError as e:
        unreachable = _UNREACHABLE.match(str(e))
        if unreachable and unreachable.group(1).startswith("["):
            return _sdk("anthropic", refused("type", f"a type array {unreachable.group(1)}: AssertionError"))
        return _sdk("anthropic", refused("", f"AssertionError: {e}"))
    except (ValueError, TypeError, KeyError) as e:
        return _sdk("anthropic", refused("", f"{type(e).__name__}: {e}"))
    return _sdk("anthropic", differences(schema, theirs))


@functools.lru_cache(maxsize=1)
def _bedrock_converse() -> Tuple[Any, Any]:
    """botocore's Converse operation from the bedrock-runtime model in botocore's
    own data (no network), and the serializer a client would use for it."""
    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    operation = model.operation_model("Converse")
    return operation, botocore.serialize.create_serializer(model.metadata["protocol"], include_validation=True)


def botocore_converse(schema: Dict[str, Any], text: str) -> List[Difference]:
    """A real Converse request with our schema as the tool's ``inputSchema.json``,
    validated by botocore's ParamValidator against the service model and
    serialized as a client sends it: the schema in the body must be ours."""
    operation, serializer = _bedrock_converse()
    params = {
        "modelId": "anthropic.claude-sonnet-4-5-20250929-v1:0",
        "messages": [{"role": "user", "content": [{"text": "Call the tool."}]}],
        "toolConfig": {
            "tools": [
                {
                    "toolSpec": {
                        "name": TOOL_NAME,
                        "description": TOOL_DESCRIPTION,
                        "inputSchema": {"json": copy.deepcopy(schema)},
                        "strict": True,
                    }
                }
            ]
        },
    }
    report = botocore.validate.ParamValidator().validate(params, operation.input_shape)
    if report.has_errors():
        return _sdk("botocore", refused("", report.generate_report()))
    request = serializer.serialize_to_request(params, operation)
    sent = json.loads(request["body"])["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"]["json"]
    return _sdk("botocore", differences(schema, sent))


def bedrock_checks(schema: Dict[str, Any], text: str) -> List[Difference]:
    return botocore_converse(schema, text) + anthropic_transform(schema, text)


def _genai_sent_declaration(declaration: Dict[str, Any], vertex: bool) -> Dict[str, Any]:
    """The function declaration as google-genai puts it in a generate_content
    request: the tools through ``t_tools`` and ``t_tool``, then the SDK's
    ``_Tool_to_mldev`` (Gemini API) or ``_Tool_to_vertex``, then
    ``convert_to_dict`` (models.py, the config's ``tools``)."""
    tools = genai_transformers.t_tools(None, [{"function_declarations": [declaration]}])  # type: ignore[arg-type]
    to_request = genai_models._Tool_to_vertex if vertex else genai_models._Tool_to_mldev
    # The client is only read for a Python function given as a tool: none here.
    requested = [to_request(genai_transformers.t_tool(None, tool)) for tool in tools]  # type: ignore[arg-type]
    sent = genai_common.convert_to_dict(requested)
    (tool,) = sent
    (function,) = tool["functionDeclarations"]
    assert isinstance(function, dict)
    return function


def genai_json_schema(vertex: bool) -> Check:
    def check(schema: Dict[str, Any], text: str) -> List[Difference]:
        """google-genai's FunctionDeclaration with ``parameters_json_schema``
        (``Any``: the SDK checks nothing inside it) as the SDK sends it."""
        declaration = _function(parameters_json_schema=schema)
        try:
            sent = _genai_sent_declaration(declaration, vertex)
        except pydantic.ValidationError as e:
            return _sdk("google-genai", _pydantic_refusals(e, ("function_declarations", "0", "parameters_json_schema")))
        return _sdk("google-genai", differences(schema, sent["parameters_json_schema"]))

    return check


def _lower_types(node: Any) -> Any:
    """The schema with each ``type`` written in lower case, walking schema positions."""
    if not isinstance(node, dict):
        return node
    out: Dict[str, Any] = {}
    for key, value in node.items():
        if key == "type" and isinstance(value, str):
            out[key] = value.lower()
        elif key in SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {n: _lower_types(v) for n, v in value.items()}
        elif key in SCHEMA_ONE:
            out[key] = _lower_types(value)
        elif key in SCHEMA_LISTS and isinstance(value, list):
            out[key] = [_lower_types(v) for v in value]
        else:
            out[key] = value
    return out


def genai_openapi_schema(schema: Dict[str, Any], text: str) -> List[Difference]:
    """google-genai's ``types.Schema`` (a pydantic model, extra fields forbidden)
    as the FunctionDeclaration's ``parameters``, through the same path as a
    request. The SDK writes the fields it keeps in snake_case and ``type`` in
    upper case (``Type.OBJECT``), which the API reads as the same: compared
    by their camelCase aliases, with ``type`` in lower case."""
    declaration = _function(parameters=schema)
    try:
        tools = genai_transformers.t_tools(None, [{"function_declarations": [declaration]}])  # type: ignore[arg-type]
        _genai_sent_declaration(declaration, vertex=False)
    except pydantic.ValidationError as e:
        return _sdk("google-genai", _pydantic_refusals(e, ("function_declarations", "0", "parameters")))
    except AttributeError as e:
        # Type._missing_ (_common.py) calls value.upper() on whatever it is given.
        keyword = "type" if "upper" in str(e) else ""
        return _sdk("google-genai", refused(keyword, f"AttributeError: {e}"))
    (tool,) = tools
    assert tool.function_declarations is not None and tool.function_declarations[0].parameters is not None
    kept = tool.function_declarations[0].parameters.model_dump(by_alias=True, exclude_none=True, mode="json")
    return _sdk("google-genai", differences(_lower_types(schema), _lower_types(kept)))


def mistral_checks(schema: Dict[str, Any], text: str) -> List[Difference]:
    """mistralai's ``Tool`` model (``Function.parameters`` is ``Dict[str, Any]``)
    serialized by the SDK's ``marshal_json`` as a request body is, and its
    strict-schema helper ``rec_strict_json_schema`` (what
    ``response_format_from_pydantic_model`` applies)."""
    found: List[Difference] = []
    tool = {
        "type": "function",
        "function": _function(parameters=schema, strict=True),
    }
    try:
        validated = MistralTool.model_validate(tool)
    except pydantic.ValidationError as e:
        found += _sdk("mistralai Tool", _pydantic_refusals(e, ("function", "parameters")))
    else:
        sent = json.loads(mistral_marshal_json(validated, MistralTool))  # type: ignore[no-untyped-call]
        found += _sdk("mistralai Tool", differences(schema, sent["function"]["parameters"]))
    try:
        strict = rec_strict_json_schema(copy.deepcopy(schema))
    except ValueError as e:
        found += _sdk("mistralai rec_strict_json_schema", refused("", str(e)))
    else:
        found += _sdk("mistralai rec_strict_json_schema", differences(schema, strict))
    return found


def ollama_tool(schema: Dict[str, Any], text: str) -> List[Difference]:
    """ollama-python's ``Tool`` model, as ``Client.chat`` sends it:
    ``_copy_tools`` validates the tool, and the ``ChatRequest`` is written with
    ``model_dump(exclude_none=True)``."""
    tool = {"type": "function", "function": _function(parameters=schema)}
    try:
        request = ollama_types.ChatRequest(model="m", messages=[], tools=[ollama_types.Tool.model_validate(tool)])
    except pydantic.ValidationError as e:
        return _sdk("ollama", _pydantic_refusals(e, ("function", "parameters")))
    sent = request.model_dump(exclude_none=True)["tools"][0]["function"].get("parameters", {})
    return _sdk("ollama", differences(schema, sent))


_UNIMPLEMENTED = re.compile(r'Unimplemented keys: \["([^"]+)"')


def llguidance_compile(schema: Dict[str, Any], text: str) -> List[Difference]:
    """llguidance's JSON-schema compiler (what vLLM and SGLang constrain with):
    ``llguidance.grammar_from("json_schema", text)`` on our text as the
    converter wrote it, then ``LLMatcher.validate_grammar_with_warnings``; an
    error is a refusal (a warning is not)."""
    try:
        grammar = llguidance.grammar_from("json_schema", text)
    except ValueError as e:
        return _sdk("llguidance", refused("", str(e)))
    is_error, messages = llguidance.LLMatcher.validate_grammar_with_warnings(grammar)
    if is_error:
        unimplemented = _UNIMPLEMENTED.search(messages[0])
        return _sdk("llguidance", refused(unimplemented.group(1) if unimplemented else "", messages[0]))
    return []


#: Every request surface whose vendor ships an SDK on PyPI, and the check of
#: that SDK run over our conversion for it.
SURFACES: Dict[str, Check] = {
    "openai-chat": openai_checks,
    "openai-responses": openai_checks,
    "openai-structured-output": openai_checks,
    "azure-openai": openai_checks,
    "anthropic-tools": anthropic_transform,
    "anthropic-output": anthropic_transform,
    "bedrock-converse": bedrock_checks,
    "gemini-openapi": genai_openapi_schema,
    "gemini-json": genai_json_schema(vertex=False),
    "vertex": genai_json_schema(vertex=True),
    "mistral": mistral_checks,
    "ollama": ollama_tool,
    "llguidance": llguidance_compile,
}

#: The name each surface that runs is converted by. Until the named surfaces
#: land in tool_schema, the package takes only "openai", "anthropic" and
#: "gemini" (the aliases of openai-chat, anthropic-tools and gemini-json), so
#: only those three surfaces run. To run every surface, make this
#: ``{surface: surface for surface in SURFACES}``; TOOL_SCHEMA_SDK_ORACLES=all
#: does the same for one run without the edit. A surface whose name the package
#: does not take then fails (test_the_package_takes_the_surface_name says so).
TARGETS: Dict[str, str] = {"openai-chat": "openai", "anthropic-tools": "anthropic", "gemini-json": "gemini"}
if os.environ.get("TOOL_SCHEMA_SDK_ORACLES") == "all":
    TARGETS = {surface: surface for surface in SURFACES}


# -- the disagreements we expect, each with its source ----------------------------------

_ANTHROPIC_TRANSFORM = "anthropic-sdk-python 2.17.0 lib/_parse/_transform.py"
_ANTHROPIC_DOCS = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs"
_ANTHROPIC_PROFILE = "core/src/downconvert/profiles/anthropic-tools.json"

#: What anthropic's transform_schema does to a schema the Anthropic API takes as
#: it is, for each Anthropic surface it is applied on.
_ANTHROPIC: Dict[Tuple[str, str], str] = {
    ("type", "refused"): (
        f"{_ANTHROPIC_TRANSFORM}:253 raises AssertionError (assert_never) on a type array, which the API takes "
        "(the strict tool use limits count 'parameters that use anyOf or type arrays'): issues #1764, #1876; "
        "PR #1877 (open)"
    ),
    ("type", "removed"): (
        f"{_ANTHROPIC_TRANSFORM}:193-195 drops 'type' beside an 'enum' or 'const' (their values say the type); "
        f"the API takes both together ({_ANTHROPIC_DOCS})"
    ),
    ("default", "removed"): (
        f"{_ANTHROPIC_TRANSFORM}:255-264 moves every keyword it does not handle, 'default' among them, into the "
        f"description; {_ANTHROPIC_PROFILE} has 'default' accepted (tool-schemas.md, What each provider rejects; "
        f"{_ANTHROPIC_DOCS})"
    ),
    ("pattern", "removed"): (
        f"{_ANTHROPIC_TRANSFORM}:255-264 moves every 'pattern' into the description; the API takes simple regular "
        f"expressions, no back-references or look-around ({_ANTHROPIC_DOCS}; 'limited', regex 'simple', in "
        f"{_ANTHROPIC_PROFILE})"
    ),
    ("properties", "added"): (
        f"{_ANTHROPIC_TRANSFORM}:220-225 writes 'properties': {{}} into an object that declares none: the same "
        "schema in meaning, which the API takes without it"
    ),
}

#: (surface, keyword, action) -> why the surface's SDK does that to the
#: keyword although the vendor's documentation accepts our schema. Applies to
#: every schema; each entry must happen on at least one schema.
EXPECTED_BY_KEYWORD: Dict[Tuple[str, str, str], str] = {
    (surface, keyword, action): reason
    for surface in ("anthropic-tools", "anthropic-output", "bedrock-converse")
    for (keyword, action), reason in _ANTHROPIC.items()
}

#: (surface, schema file's stem) -> why the surface's SDK does not take that
#: schema unchanged although the vendor's documentation does. Each entry must
#: happen.
EXPECTED_BY_SCHEMA: Dict[Tuple[str, str], str] = {}


def _expected(surface: str, schema: str, d: Difference) -> Optional[str]:
    return EXPECTED_BY_SCHEMA.get((surface, schema)) or EXPECTED_BY_KEYWORD.get((surface, d.keyword, d.action))


# -- the conversions and what each SDK says of them ------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One schema through one surface: the converter's refusal, or what the SDK
    did (every difference, and those no table entry explains)."""

    refusal: Optional[str]
    found: Tuple[Difference, ...] = ()
    unexpected: Tuple[Difference, ...] = ()


class SurfaceNameRefused(Exception):
    pass


@functools.lru_cache(maxsize=None)
def outcome(surface: str, stem: str) -> Outcome:
    target = TARGETS[surface]
    text = (SCHEMAS_DIR / f"{stem}.json").read_text(encoding="utf-8")
    try:
        converted = ts.downconvert(text, target)
    except ts.DownconvertError as e:
        if any(d.code == "OLP001" for d in e.diagnostics):
            raise SurfaceNameRefused(f"{e}") from e
        return Outcome(refusal="; ".join(f"{d.code} at {d.path}" for d in e.diagnostics))
    except ValueError as e:
        raise SurfaceNameRefused(f"{e}") from e
    ours = json.loads(converted.schema)
    found = SURFACES[surface](ours, converted.schema)
    unexpected = tuple(d for d in found if _expected(surface, stem, d) is None)
    return Outcome(refusal=None, found=tuple(found), unexpected=unexpected)


def _outcome_or_fail(surface: str, stem: str) -> Outcome:
    try:
        return outcome(surface, stem)
    except SurfaceNameRefused as e:
        refusal = str(e)
    pytest.fail(
        f"tool_schema.downconvert does not take the surface name {TARGETS[surface]!r} yet ({refusal}); "
        "TARGETS in this file names the surfaces that run",
        pytrace=False,
    )


def _cases() -> Iterator[Any]:
    for surface in TARGETS:
        for path in SCHEMA_FILES:
            yield pytest.param(surface, path.stem, id=f"{surface}-{path.stem}")


@pytest.mark.parametrize(("surface", "schema"), list(_cases()))
def test_the_vendors_sdk_takes_our_schema_unchanged(surface: str, schema: str) -> None:
    result = _outcome_or_fail(surface, schema)
    if result.refusal is not None:
        pytest.skip(f"the converter refuses {schema} for {surface}: {result.refusal}")
    assert not result.unexpected, (
        f"the SDK of {surface} does otherwise with our conversion of {schema}, and no table entry says why "
        "(our bug, or a disagreement to list with its source):\n" + "\n".join(f"  {d}" for d in result.unexpected)
    )
    if (surface, schema) in EXPECTED_BY_SCHEMA:
        assert result.found, (
            f"EXPECTED_BY_SCHEMA lists {surface}, {schema}, but the SDK now takes it unchanged: remove the entry"
        )


def _keyword_entries() -> Iterator[Any]:
    for surface, keyword, action in EXPECTED_BY_KEYWORD:
        if surface in TARGETS:
            yield pytest.param(surface, keyword, action, id=f"{surface}-{keyword}-{action}")


@pytest.mark.parametrize(("surface", "keyword", "action"), list(_keyword_entries()))
def test_each_expected_disagreement_still_happens(surface: str, keyword: str, action: str) -> None:
    seen = [
        path.stem
        for path in SCHEMA_FILES
        if any((d.keyword, d.action) == (keyword, action) for d in _outcome_or_fail(surface, path.stem).found)
    ]
    assert seen, (
        f"EXPECTED_BY_KEYWORD lists {surface}: {keyword} {action}, but no real schema shows it any more: "
        "remove the entry"
    )


@pytest.mark.parametrize("surface", list(TARGETS))
def test_the_package_takes_the_surface_name(surface: str) -> None:
    try:
        ts.downconvert('{"type":"object","properties":{"a":{"type":"string"}}}', TARGETS[surface])
        return
    except (ValueError, ts.DownconvertError) as e:
        refusal = f"{type(e).__name__}: {e}"
    pytest.fail(
        f"tool_schema.downconvert does not take the surface name {TARGETS[surface]!r} yet: {refusal}", pytrace=False
    )


#: A tool schema every surface's SDK takes as it is (closed, every property
#: required, one type each), but ollama's: its Tool model has no
#: additionalProperties (ollama/_types.py, Tool.Function.Parameters).
PLAIN: Dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "The city."}, "days": {"type": "integer"}},
    "required": ["city", "days"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("surface", list(SURFACES))
def test_each_surfaces_sdk_check_runs_with_the_pinned_sdk(surface: str) -> None:
    # Every check runs today, whether or not its surface's name has landed.
    found = [(d.pointer, d.keyword, d.action) for d in SURFACES[surface](copy.deepcopy(PLAIN), json.dumps(PLAIN))]
    assert found == ([("", "additionalProperties", "removed")] if surface == "ollama" else [])


def test_the_comparison_walks_schema_positions_and_compares_parsed_json() -> None:
    ours = {"type": "object", "properties": {"default": {"type": "string", "description": "d", "pattern": "^a$"}}}
    moved = {"type": "object", "properties": {"default": {"type": "string", "description": "d\n\n{pattern: ^a$}"}}}
    # A property named "default" is a property; the description the pattern
    # went into is not a difference of its own.
    assert [(d.pointer, d.keyword, d.action) for d in differences(ours, moved)] == [
        ("/properties/default", "pattern", "removed")
    ]
    assert differences({"minimum": 1}, {"minimum": 1.0}) == []
    assert [d.action for d in differences({"enum": [1]}, {"enum": [True]})] == ["changed"]
    assert [(d.keyword, d.action) for d in differences({"$defs": {"a": {}}}, {"$defs": {}, "x": 1})] == [
        ("$defs", "removed"),
        ("x", "added"),
    ]


def test_the_tables_name_known_surfaces_and_schemas() -> None:
    stems = {p.stem for p in SCHEMA_FILES}
    assert len(stems) == 89
    assert set(TARGETS) <= set(SURFACES)
    for surface, _keyword, action in EXPECTED_BY_KEYWORD:
        assert surface in SURFACES and action in {"removed", "added", "changed", "refused"}
    for surface, stem in EXPECTED_BY_SCHEMA:
        assert surface in SURFACES and stem in stems


# -- the summary -----------------------------------------------------------------------


@pytest.fixture(scope="module", autouse=True)
def _print_summary(request: pytest.FixtureRequest) -> Iterator[None]:
    """After the module, one line per surface that ran: how many schemas its SDK
    took unchanged, how many only with the listed disagreements (and which),
    how many the converter refused (and which)."""
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    # Written past pytest's capture, which would keep a teardown's output.
    with capture.global_and_fixture_disabled():
        reporter.write("\n")
        reporter.section("SDK oracles", sep="-")
        for line in _summary():
            reporter.write_line(line)


def _summary() -> Iterator[str]:
    for surface in TARGETS:
        results: Dict[str, Outcome] = {}
        for path in SCHEMA_FILES:
            try:
                results[path.stem] = outcome(surface, path.stem)
            except SurfaceNameRefused:
                break
        if len(results) < len(SCHEMA_FILES):
            yield f"{surface}: the package does not take {TARGETS[surface]!r} yet"
            continue
        refusals = sorted(s for s, r in results.items() if r.refusal is not None)
        unchanged = [s for s, r in results.items() if r.refusal is None and not r.found]
        listed = Counter(
            kind
            for r in results.values()
            if r.refusal is None and not r.unexpected
            for kind in {(d.keyword, d.action) for d in r.found}
        )
        disagreeing = [s for s, r in results.items() if r.refusal is None and r.found and not r.unexpected]
        failing = [s for s, r in results.items() if r.refusal is None and r.unexpected]
        line = (
            f"{surface} (as {TARGETS[surface]!r}): {len(unchanged)} taken unchanged, "
            f"{len(disagreeing)} with listed disagreements"
        )
        if listed:
            line += " (" + ", ".join(f"{k or '(schema)'} {a} in {n}" for (k, a), n in sorted(listed.items())) + ")"
        if failing:
            line += f", {len(failing)} UNEXPECTED ({', '.join(s[:3] for s in failing)})"
        line += f", {len(refusals)} refused by the converter"
        if refusals:
            line += f" ({', '.join(f'{s[:3]} {results[s].refusal}' for s in refusals)})"
        yield line
