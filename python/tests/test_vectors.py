"""Every exported golden vector, through the package: the answer must equal the
Rust host's, every string in it character for character."""

from __future__ import annotations

import copy
import json
from typing import Any, Dict

import pytest

import tool_schema
from tool_schema.conformance import answer, check, compact

from support import load_vectors

CASES = load_vectors()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_vector(case: Dict[str, Any]) -> None:
    got = answer(tool_schema.runtime(), case)
    assert got == case["expect"]
    # Byte for byte, as compact JSON: member order and numbers too.
    assert compact(got) == compact(case["expect"])


def test_every_operation_has_vectors() -> None:
    ops = {c["op"] for c in CASES}
    assert {
        "describe-tool",
        "describe-type",
        "validate",
        "encode-result",
        "downconvert",
        "restore-args",
        "provider-profile",
        "describe-source",
        "source-descriptor",
        "tool",
    } <= ops


def test_the_tool_vectors_make_every_kind_of_call_and_both_kinds_of_tool() -> None:
    cases = [c for c in CASES if c["op"] == "tool"]
    assert {"schema", "descriptor"} <= {key for c in cases for key in c["input"]}
    calls = [call for c in cases for call in c["input"]["calls"]]
    assert {"validate", "convert", "encode"} <= {key for call in calls for key in call}
    assert {next(iter(c["expect"])) for c in cases} == {"ok", "err"}
    answers = [a for c in cases for a in c["expect"].get("ok", [])]
    assert any(a.get("invalid") for a in answers) and any("valid" in a for a in answers)
    assert any("converted" in a for a in answers) and any("restored" in a for a in answers)


def test_the_source_vectors_have_both_kinds_of_answer_warnings_and_several_files() -> None:
    for op in ("describe-source", "source-descriptor"):
        cases = [c for c in CASES if c["op"] == op]
        assert {next(iter(c["expect"])) for c in cases} == {"ok", "err"}, op
        assert any(c["expect"].get("ok", {}).get("warnings") for c in cases), op
    source = [c for c in CASES if c["op"] == "describe-source"]
    assert any(len(c["input"]["files"]) > 1 for c in source)
    assert any(c["input"]["options"]["mode"] == "reflection" for c in source)
    assert any("ok" in c["expect"] and c["expect"]["ok"]["json"].startswith("[") for c in source)


def test_the_new_operations_have_both_kinds_of_answer_and_every_target() -> None:
    for op in ("downconvert", "restore-args", "provider-profile"):
        answers = {next(iter(c["expect"])) for c in CASES if c["op"] == op}
        assert answers == {"ok", "err"}, op
    providers = {c["input"]["target"]["provider"] for c in CASES if c["op"] in ("downconvert", "restore-args")}
    assert {"anthropic", "openai", "gemini", "custom"} <= providers


def test_the_vectors_name_surfaces_and_report_what_each_conversion_reports() -> None:
    surfaces = {p.name for p in tool_schema.providers()}
    targets = {c["input"]["target"]["provider"] for c in CASES if c["op"] in ("downconvert", "restore-args")}
    # Each a surface's name or alias (the three of the first release are
    # aliases), and every surface by its own name.
    assert targets - {"custom"} <= surfaces | {"anthropic", "openai", "gemini"}
    assert surfaces <= targets
    answers = [c["expect"]["ok"] for c in CASES if c["op"] == "downconvert" and "ok" in c["expect"]]
    assert all(list(a) == ["schema", "changes", "lossless", "alsoValidFor", "dead"] for a in answers)
    assert all(list(a["alsoValidFor"]) == ["original", "converted"] for a in answers)
    converted = [
        a["converted"]
        for c in CASES
        if c["op"] == "tool"
        for a in c["expect"].get("ok", [])
        if "converted" in a
    ]
    assert converted and all(list(a) == ["schema", "changes", "lossless", "alsoValidFor", "dead"] for a in converted)
    # The profiles by every alias, and a name no surface has.
    named = {c["input"]["name"] for c in CASES if c["op"] == "provider-profile"}
    assert {"openai", "anthropic", "gemini", "nonesuch"} | surfaces <= named


def _first(op: str, has: str) -> Dict[str, Any]:
    return next(c for c in CASES if c["op"] == op and has in str(c["expect"]))


def test_the_comparison_sees_a_one_character_difference() -> None:
    # The check above must not pass vacuously: change one character of an
    # expected answer of each operation and it must be reported.
    rt = tool_schema.runtime()
    mutated = copy.deepcopy(_first("describe-tool", "'ok'"))
    mutated["expect"]["ok"] = mutated["expect"]["ok"].replace('"type"', '"typE"', 1)
    problem = check(rt, mutated)
    assert problem is not None and problem.startswith("answer.ok differs at character ")

    mutated = copy.deepcopy(next(c for c in CASES if c["op"] == "validate" and "ok" in (c["expect"]["validate"] or {})))
    mutated["expect"]["validate"]["ok"] += " "
    assert check(rt, mutated) is not None

    mutated = copy.deepcopy(_first("encode-result", "'err'"))
    mutated["expect"]["err"][0]["message"] = mutated["expect"]["err"][0]["message"][:-1]
    assert check(rt, mutated) is not None

    mutated = copy.deepcopy(_first("downconvert", "'lossless'"))
    mutated["expect"]["ok"]["changes"].append(
        {"pointer": "", "keyword": "type", "action": "removed", "detail": "not made"}
    )
    assert check(rt, mutated) is not None
    mutated = copy.deepcopy(_first("downconvert", "'lossless'"))
    mutated["expect"]["ok"]["alsoValidFor"]["converted"].append("nonesuch")
    problem = check(rt, mutated)
    assert problem is not None and problem.startswith("answer.ok.alsoValidFor.converted")
    mutated = copy.deepcopy(_first("downconvert", "'lossless'"))
    mutated["expect"]["ok"]["dead"].append({"pointer": "", "reason": "not made"})
    assert check(rt, mutated) is not None
    mutated = copy.deepcopy(_first("downconvert", "'lossless'"))
    mutated["expect"]["ok"]["lossless"] = not mutated["expect"]["ok"]["lossless"]
    assert check(rt, mutated) == "answer.ok.lossless differs:\n    expected: {}\n    got:      {}".format(
        *(json.dumps(v) for v in (mutated["expect"]["ok"]["lossless"], not mutated["expect"]["ok"]["lossless"]))
    )

    mutated = copy.deepcopy(_first("restore-args", "'ok'"))
    mutated["expect"]["ok"] = mutated["expect"]["ok"][:-1]
    assert check(rt, mutated) is not None

    mutated = copy.deepcopy(_first("provider-profile", "'err'"))
    assert check(rt, mutated) is None
    mutated["input"]["name"] = "openai"
    assert check(rt, mutated) is not None

    mutated = copy.deepcopy(_first("describe-source", "'err'"))
    assert check(rt, mutated) is None
    mutated["expect"]["err"][0]["column"] += 1
    problem = check(rt, mutated)
    assert problem is not None and problem.startswith("answer.err[0].column differs")
    mutated = copy.deepcopy(next(c for c in CASES if c["op"] == "describe-source" and "ok" in c["expect"]))
    mutated["expect"]["ok"]["json"] = mutated["expect"]["ok"]["json"].replace('"name"', '"namE"', 1)
    assert check(rt, mutated) is not None
    warned = (c for c in CASES if c["op"] == "source-descriptor" and c["expect"].get("ok", {}).get("warnings"))
    mutated = copy.deepcopy(next(warned))
    assert check(rt, mutated) is None
    mutated["expect"]["ok"]["warnings"][0]["file"] += "x"
    assert check(rt, mutated) is not None
    mutated["expect"]["ok"]["warnings"] = []
    assert check(rt, mutated) is not None

    mutated = copy.deepcopy(_first("describe-type", "'ok'"))
    assert check(rt, mutated) is None
    mutated["input"]["typeExpr"] = "long"
    assert check(rt, mutated) is not None


def test_the_comparison_sees_a_difference_in_a_tool_answer_and_in_member_order() -> None:
    rt = tool_schema.runtime()
    case = next(
        c
        for c in CASES
        if c["op"] == "tool" and any(a.get("invalid") for a in c["expect"].get("ok", []))
    )
    assert check(rt, case) is None
    invalid = next(a for a in case["expect"]["ok"] if a.get("invalid"))["invalid"]
    for edit in ("params", "location", "schemaLocation"):
        mutated = copy.deepcopy(case)
        error = next(a for a in mutated["expect"]["ok"] if a.get("invalid"))["invalid"][0]
        if edit == "params":
            error["params"]["kind"] += "x"
        elif edit == "location":
            error["location"].append(0)
        else:
            error["schemaLocation"] += "/x"
        assert check(rt, mutated) is not None, edit
    # The same members in another order are a difference too.
    mutated = copy.deepcopy(case)
    error = next(a for a in mutated["expect"]["ok"] if a.get("invalid"))["invalid"][0]
    error["params"] = dict(reversed(list(invalid[0]["params"].items())))
    problem = check(rt, mutated)
    assert problem is not None and problem.startswith("answer has its members in another order")


def test_an_operation_the_package_lacks_is_a_failure_not_a_pass() -> None:
    case = {"id": "x", "op": "not-an-operation", "input": {}, "expect": {"ok": ""}}
    problem = check(tool_schema.runtime(), case)
    assert problem is not None and "does not support the operation 'not-an-operation'" in problem
