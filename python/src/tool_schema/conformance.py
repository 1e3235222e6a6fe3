"""Runs the exported golden vectors through this package and compares its
answers with the Rust host's, byte for byte.

``make vectors`` writes ``target/conformance/vectors.json`` (its format is
documented in ``tests/src/bin/export-vectors.rs``): each case gives its inputs
and the expected answer, with every JSON input and answer as text. This module
asks the package the same question and writes its answer in the same shape,
and the two must be equal as compact JSON text (``json.dumps`` with
``separators=(",", ":")`` and ``ensure_ascii=False``): every string in them
(schemas, bound arguments, messages), every number and every member's place.

    python -m tool_schema.conformance target/conformance/vectors.json

prints each difference, then ``N passed, N failed`` on a line by itself, and
exits 1 on any failure.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from ._model import (
    AlsoValidFor,
    ArgError,
    Change,
    Checked,
    Custom,
    DeadBranch,
    Diagnostic,
    Downconverted,
    DiagnosticsError,
    InvalidArguments,
    JsonPart,
    Outcome,
    Part,
    Returned,
    ReturnedNothing,
    ReturnedParts,
    ReturnedToolResult,
    SourceDiagnostic,
    SourceError,
    Target,
    TextPart,
    Threw,
    TimedOut,
    ToolResult,
    ValidationResult,
)
from ._runtime import Runtime, Validator
from ._tools import Tool, limits_from_json

Answer = Dict[str, Any]


def load_cases(path: "str | Path") -> List[Dict[str, Any]]:
    """The cases of a vectors file."""
    with open(path, encoding="utf-8") as f:
        cases: List[Dict[str, Any]] = json.load(f)["cases"]
    return cases


def _diags(ds: Sequence[Diagnostic]) -> List[Dict[str, str]]:
    return [{"code": d.code, "message": d.message, "path": d.path} for d in ds]


def _source_diags(ds: Sequence[SourceDiagnostic]) -> List[Dict[str, Any]]:
    return [
        {"code": d.code, "message": d.message, "file": d.file, "line": d.line, "column": d.column, "path": d.path}
        for d in ds
    ]


def _errors(es: Sequence[ArgError]) -> List[Dict[str, str]]:
    return [{"path": e.path, "keyword": e.keyword, "message": e.message} for e in es]


def _validation(r: ValidationResult) -> Answer:
    return {"ok": r.bound_args} if r.bound_args is not None else {"err": _errors(r.errors)}


def _refused(f: Callable[[], Any], ok: Callable[[Any], Any]) -> Answer:
    try:
        value = f()
    except DiagnosticsError as e:
        return {"err": _diags(e.diagnostics)}
    return {"ok": ok(value)}


def _part_in(p: Dict[str, str]) -> Part:
    return TextPart(p["text"]) if "text" in p else JsonPart(p["json"])


def _part_out(p: Part) -> Dict[str, str]:
    return {"text": p.text} if isinstance(p, TextPart) else {"json": p.json}


def _tool_result_in(r: Dict[str, Any]) -> ToolResult:
    return ToolResult(tuple(_part_in(p) for p in r["parts"]), r["isError"], r["typedResult"])


def _tool_result_out(r: ToolResult) -> Dict[str, Any]:
    return {"parts": [_part_out(p) for p in r.parts], "isError": r.is_error, "typedResult": r.typed_result}


def _outcome(o: Dict[str, Any]) -> Outcome:
    ((kind, value),) = o.items()
    if kind == "returned":
        return Returned(value)
    if kind == "returnedNothing":
        return ReturnedNothing()
    if kind == "returnedParts":
        return ReturnedParts([_part_in(p) for p in value])
    if kind == "returnedToolResult":
        return ReturnedToolResult(_tool_result_in(value))
    if kind == "threw":
        return Threw(value["typeName"], value["message"])
    if kind == "timedOut":
        return TimedOut(value)
    if kind == "invalidArguments":
        return InvalidArguments(list(value))
    raise ValueError(f"unknown outcome {kind!r}")


def _target(t: Dict[str, str]) -> Target:
    # {"provider": NAME}, a built-in surface's name or alias (the three of the
    # first release are the WIT cases of those names, any other the case
    # surface), or {"provider": "custom", "profile": TEXT}.
    return Custom(t["profile"]) if t["provider"] == "custom" else t["provider"]


def _converted_out(
    schema: str, changes: Sequence[Change], lossless: bool, also_valid_for: AlsoValidFor, dead: Sequence[DeadBranch]
) -> Dict[str, Any]:
    return {
        "schema": schema,
        "changes": [
            {"pointer": c.pointer, "keyword": c.keyword, "action": c.action, "detail": c.detail} for c in changes
        ],
        "lossless": lossless,
        "alsoValidFor": {"original": list(also_valid_for.original), "converted": list(also_valid_for.converted)},
        "dead": [{"pointer": d.pointer, "reason": d.reason} for d in dead],
    }


def _downconverted_out(d: Downconverted) -> Dict[str, Any]:
    return _converted_out(d.schema, d.changes, d.lossless, d.also_valid_for, d.dead)


def _full_errors(es: Sequence[ArgError]) -> List[Dict[str, Any]]:
    return [
        {
            "path": e.path,
            "keyword": e.keyword,
            "message": e.message,
            "location": list(e.location),
            "schemaLocation": e.schema_location,
            "params": e.params,
        }
        for e in es
    ]


def _checked(r: Checked) -> Answer:
    return {"valid": r.text} if r.ok else {"invalid": _full_errors(r.errors)}


def _tool_call(tool: Tool, call: Dict[str, Any]) -> Answer:
    if "validate" in call:
        return _checked(tool.validate(call["validate"]))
    if "convert" in call:
        try:
            converted = tool.convert(_target(call["convert"]))
        except DiagnosticsError as e:
            return {"err": _diags(e.diagnostics)}
        with converted:
            return {
                "converted": _converted_out(
                    converted.schema_text, converted.changes, converted.lossless, converted.also_valid_for, converted.dead
                ),
                "restored": _checked(converted.restore(call["restore"])),
            }
    if "encode" in call:
        return _refused(lambda: tool.encode(_outcome(call["encode"])), _tool_result_out)
    raise ValueError(f"unknown tool call {sorted(call)}")


def _tool(rt: Runtime, i: Dict[str, Any]) -> Answer:
    """A tool made from a schema (``from-schema("t", "", schema)``) or a
    descriptor (its first tool), then each call in order."""
    try:
        if "schema" in i:
            tool = rt.tool({"name": "t", "inputSchema": i["schema"]})
        else:
            first, *others = rt.tools(i["descriptor"])
            for other in others:
                other.close()
            tool = first
    except DiagnosticsError as e:
        return {"err": _diags(e.diagnostics)}
    with tool:
        return {"ok": [_tool_call(tool, call) for call in i["calls"]]}


def _describe_tool(rt: Runtime, descriptor: str) -> Answer:
    def run() -> str:
        tools = rt.describe_tools(descriptor)
        # A class descriptor's answer is an array (each Tool holds the exact
        # text of its element), a method descriptor's the one tool.
        if "containingType" not in json.loads(descriptor):
            (tool,) = tools
            return tool.json
        return "[" + ",".join(t.json for t in tools) + "]"

    return _refused(run, lambda text: text)


def _source(rt: Runtime, op: str, i: Dict[str, Any]) -> Answer:
    files = [(f["path"], f["text"]) for f in i["files"]]
    mode, naming = i["options"]["mode"], i["options"]["naming"]
    try:
        if op == "describe-source":
            found = rt.describe_source(files, mode=mode, naming=naming)
            # Written again from the tools (each holds the exact text of its
            # element), so that their texts are checked too.
            if found.json.lstrip().startswith("["):
                text = "[" + ",".join(t.json for t in found.tools) + "]"
            else:
                (tool,) = found.tools
                text = tool.json
            warnings = found.warnings
        else:
            descriptor = rt.source_descriptor(files, mode=mode, naming=naming)
            text, warnings = descriptor.json, descriptor.warnings
    except SourceError as e:
        return {"err": _source_diags(e.diagnostics)}
    return {"ok": {"json": text, "warnings": _source_diags(warnings)}}


def _validate(rt: Runtime, i: Dict[str, Any], expect: Dict[str, Any]) -> Answer:
    options = i["options"]
    try:
        validator: Optional[Validator] = Validator(
            i["schema"],
            formats=options["formats"],
            any_value=options["anyValue"],
            limits=limits_from_json(options["limits"]),
            runtime=rt,
        )
    except DiagnosticsError as e:
        validator = None
        compile_answer: Answer = {"err": _diags(e.diagnostics)}
    else:
        compile_answer = {"ok": True}
    validate_answer: Optional[Answer] = None
    if validator is not None:
        with validator:
            validate_answer = _validation(validator.validate(i["args"]))
    one_shot: Optional[Answer] = None
    if expect.get("validateArgs") is not None:
        one_shot = _validation(rt.validate_args(i["schema"], i["args"]))
    return {"compile": compile_answer, "validate": validate_answer, "validateArgs": one_shot}


def answer(rt: Runtime, case: Dict[str, Any]) -> Any:
    """The package's answer to one case, in the vectors' shape."""
    op, i = case["op"], case["input"]
    if op == "describe-tool":
        return _describe_tool(rt, i["descriptor"])
    if op in ("describe-source", "source-descriptor"):
        return _source(rt, op, i)
    if op == "describe-type":
        return _refused(
            lambda: rt.describe_type(i["typeExpr"], types=i["types"], naming=i["naming"], mode=i["mode"]),
            lambda text: text,
        )
    if op == "validate":
        return _validate(rt, i, case["expect"])
    if op == "encode-result":
        c = i["context"]
        return _refused(
            lambda: rt.encode_result(
                i["toolName"],
                i["returnType"],
                _outcome(i["outcome"]),
                types=c["types"],
                naming=c["naming"],
                mode=c["mode"],
                ends_loop=i["endsLoop"],
            ),
            _tool_result_out,
        )
    if op == "downconvert":
        return _refused(lambda: rt.downconvert(i["schema"], _target(i["target"])), _downconverted_out)
    if op == "restore-args":
        return _validation(rt.restore_args(i["originalSchema"], _target(i["target"]), i["args"]))
    if op == "provider-profile":
        return _refused(lambda: rt.provider_profile(i["name"]), lambda text: text)
    if op == "tool":
        return _tool(rt, i)
    raise NotImplementedError(f"the Python package does not support the operation {op!r} yet")


def compact(value: Any) -> str:
    """An answer as compact JSON text, the form answers are compared in."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def check(rt: Runtime, case: Dict[str, Any]) -> Optional[str]:
    """None when the package answers the case as the Rust host did (the same
    compact JSON text), else where the answers first differ."""
    try:
        got = answer(rt, case)
    except Exception as e:  # noqa: BLE001 - any failure is a difference to report
        return f"{type(e).__name__}: {e}"
    expected = case["expect"]
    if compact(got) == compact(expected):
        return None
    if got == expected:
        return f"answer has its members in another order:\n    expected: {_short(expected)}\n    got:      {_short(got)}"
    return _difference(expected, got, "answer")


def _difference(expected: Any, got: Any, where: str) -> str:
    if isinstance(expected, dict) and isinstance(got, dict) and expected.keys() == got.keys():
        for key in expected:
            if expected[key] != got[key]:
                return _difference(expected[key], got[key], f"{where}.{key}")
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for n, (e, g) in enumerate(zip(expected, got)):
            if e != g:
                return _difference(e, g, f"{where}[{n}]")
    if isinstance(expected, str) and isinstance(got, str):
        at = next((n for n, (e, g) in enumerate(zip(expected, got)) if e != g), min(len(expected), len(got)))
        start = max(0, at - 40)
        return (
            f"{where} differs at character {at} (lengths {len(expected)} and {len(got)}):\n"
            f"    expected: …{expected[start : at + 80]!r}\n"
            f"    got:      …{got[start : at + 80]!r}"
        )
    return f"{where} differs:\n    expected: {_short(expected)}\n    got:      {_short(got)}"


def _short(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print(f"usage: {Path(sys.argv[0]).name} VECTORS.json", file=sys.stderr)
        return 2
    try:
        cases = load_cases(args[0])
    except (OSError, ValueError, KeyError) as e:
        print(f"error: cannot read the vectors {args[0]}: {e} (`make vectors` writes them)", file=sys.stderr)
        return 2
    rt = Runtime()
    passed = failed = 0
    for case in cases:
        problem = check(rt, case)
        if problem is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {case['id']}\n  {problem}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
