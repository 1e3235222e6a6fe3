"""Writes the benchmark's data set into this folder (run from the repository root
after `make host`; the output is committed, so this is needed only to change it).

    python3 bench/data/make_data.py

- place-order.descriptor.json (hand-written, committed) -> place-order.schema.json:
  the input schema `host-demo describe-tool` writes for it, byte for byte.
- query.schema.json: a third-party schema with `$ref` and `anyOf`, copied verbatim
  from tests/real-tool-schemas/schemas/063-openai-python-query-pydantic-v2.json
  (openai/openai-python, Apache-2.0; see tests/real-tool-schemas/SOURCES.md).
- For each schema, argument texts of about 80 B, 1.5 KB and 64 KB, valid and
  invalid (two mistakes a model makes: one near the start, one near the end;
  the 80 B one has one). No invalid text depends on a `format` check, so every
  validator must give the same verdict whether or not it asserts formats.
- list-issues.openai-answer.json: an answer a model gives to the GitHub MCP
  server's list_issues schema (tests/real-tool-schemas/schemas/017-…) once it
  is converted for OpenAI's strict mode: every property present, the optional
  ones it does not use as null. Restored to the tool's arguments (a tool made
  once, converted once).
- manifest.json: the inputs, their schema, expected verdict and size; the
  schema downconverted, and where the real schemas converted in bulk are; the
  tool whose answers are restored, and the tool (examples/get-docket.json,
  returning a record) whose returned value is encoded.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
HOST_DEMO = ROOT / "target" / "host" / "host-demo"
QUERY_SOURCE = ROOT / "tests" / "real-tool-schemas" / "schemas" / "063-openai-python-query-pydantic-v2.json"
# The answer restored: to list_issues (GitHub MCP) converted for OpenAI, where
# null stands for an optional property the model leaves out.
RESTORE_ANSWER = {
    "owner": "octocat", "repo": "hello-world", "state": "OPEN", "labels": ["bug", "good first issue"],
    "orderBy": "UPDATED_AT", "direction": "DESC", "perPage": 30, "since": None, "after": None,
    "fields": ["number", "title", "state", "labels", "updated_at"],
    "field_filters": [{"field_name": "Priority", "value": "P1"}],
}

SIZES = {"80b": 80, "1.5kb": 1536, "64kb": 65536}
UUID = "2eb8aa08-aa98-11ea-b4aa-73b441d16380"


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def order_schema() -> str:
    out = subprocess.run(
        [str(HOST_DEMO), "describe-tool", str(HERE / "place-order.descriptor.json")],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    schema = compact(json.loads(out)["inputSchema"])
    assert schema in out, "the input schema is not written as describe wrote it"
    return schema


def order_line(rng: random.Random, i: int) -> dict:
    line: dict = {"sku": f"{rng.choice(['AB', 'KLM', 'QRST'])}-{rng.randint(1, 999999)}", "qty": rng.randint(1, 1000)}
    if i % 3 != 2:
        line["unitPrice"] = round(rng.uniform(0.01, 9999.0), 2)
    if i % 4 == 0:
        line["giftWrap"] = rng.random() < 0.5
    return line


def order_args(size: str, valid: bool) -> str:
    rng = random.Random(f"order-{size}")
    if size == "80b":
        args = {"customerId": UUID, "lines": [{"sku": "AB-12", "qty": 2 if valid else 0}]}
        return compact(args)
    args = {
        "customerId": UUID,
        "lines": [],
        "shipTo": {"street": "1 Infinite Loop", "city": "Cupertino", "postalCode": "95014", "country": "US"},
        "deliverBy": "2026-03-31",
        "priority": "High",
        "note": "Leave at the loading dock; ring twice.",
    }
    i = 0
    while len(compact(args)) < SIZES[size] - 40:
        args["lines"].append(order_line(rng, i))
        i += 1
    if not valid:
        args["lines"][1]["qty"] = 0                 # minimum
        args["lines"][-2]["sku"] = "ab_12"          # pattern
    return compact(args)


def condition(rng: random.Random, i: int) -> dict:
    columns = ["id", "status", "expected_delivery_date", "delivered_at", "shipped_at", "ordered_at", "canceled_at"]
    value: object
    kind = i % 3
    if kind == 0:
        value = rng.choice(["shipped", "pending", "2024-01-01", "canceled"])
    elif kind == 1:
        value = rng.randint(0, 10**6)
    else:
        value = {"column_name": rng.choice(columns)}
    return {"column": rng.choice(columns), "operator": rng.choice(["=", ">", "<", "<=", ">=", "!="]), "value": value}


def query_args(size: str, valid: bool) -> str:
    rng = random.Random(f"query-{size}")
    if size == "80b":
        args = {"name": None, "table_name": "orders", "columns": ["id"], "conditions": [],
                "order_by": "asc" if valid else "up"}
        return compact(args)
    args = {"name": "late orders", "table_name": "orders",
            "columns": ["id", "status", "expected_delivery_date", "delivered_at"], "conditions": [], "order_by": "desc"}
    i = 0
    while len(compact(args)) < SIZES[size] - 40:
        args["conditions"].append(condition(rng, i))
        i += 1
    if not valid:
        args["conditions"][1]["value"] = True        # anyOf: no branch
        args["conditions"][-2]["operator"] = "~"     # $ref -> enum
    return compact(args)


def main() -> None:
    (HERE / "place-order.schema.json").write_text(order_schema() + "\n", encoding="utf-8")
    shutil.copyfile(QUERY_SOURCE, HERE / "query.schema.json")
    inputs = []
    for schema, make in (("place-order", order_args), ("query", query_args)):
        for size in SIZES:
            for valid in (True, False):
                name = f"{schema}-{size}-{'valid' if valid else 'invalid'}"
                text = make(size, valid)
                (HERE / f"{name}.json").write_text(text + "\n", encoding="utf-8")
                inputs.append({"id": name, "schema": f"{schema}.schema.json", "args": f"{name}.json",
                               "valid": valid, "bytes": len(text.encode())})
    (HERE / "list-issues.openai-answer.json").write_text(compact(RESTORE_ANSWER) + "\n", encoding="utf-8")
    manifest = {
        "inputs": inputs,
        "describe": "place-order.descriptor.json",
        "downconvert": {"schema": "query.schema.json", "target": "openai"},
        # Every real tool schema, converted for OpenAI: our package against
        # the Python peers (bench/README.md), relative to this directory.
        "downconvert_real": {"schemas": "../../tests/real-tool-schemas/schemas", "target": "openai"},
        "empty": {"op": "flatten-doc", "arg": "x"},
        # A tool made once from its schema and converted once for OpenAI: the
        # answer restored to its arguments, natively and through wasmtime.
        "restore": {"schema": "../../tests/real-tool-schemas/schemas/017-github-mcp-list-issues.json",
                    "tool": "list_issues", "target": "openai", "answer": "list-issues.openai-answer.json"},
        # A tool made once from its descriptor, returning a record
        # (Task<Docket>): the value encoded by the tool against encode-result.
        "encode_record": {"descriptor": "../../examples/get-docket.json",
                          "returned": compact({"number": "1", "filed": "2024-01-02", "status": "Open"})},
    }
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    for i in inputs:
        print(f"{i['id']:<28} {i['bytes']:>6} bytes")


if __name__ == "__main__":
    main()
