"""What the tests of the framework adapters share: two tools (GetDocketAsync
from its descriptor, a forecast tool from a plain schema), the component's
exact refusals of a bad call to each, a function that records its calls, and
the runnable examples of docs/frameworks.md."""

from __future__ import annotations

import copy
import json
import re
import runpy
from typing import Any

import pytest

import tool_schema
from support import EXAMPLES, REPO

FRAMEWORK_EXAMPLES = EXAMPLES / "frameworks" / "python"
FRAMEWORKS_DOC = REPO / "docs" / "frameworks.md"

CASE = "2eb8aa08-aa98-11ea-b4aa-73b441d16380"
DOCKET = {"number": "24-cv-0042", "filed": "2024-03-01", "status": "Open"}

#: A tool described by a plain schema (as an MCP server, Pydantic or Zod writes
#: one): an integer with bounds, an optional argument with a default.
FORECAST: dict[str, Any] = {
    "name": "forecast",
    "description": "Gets the forecast for a city.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer", "minimum": 1, "maximum": 14},
            "units": {"enum": ["metric", "imperial"], "default": "metric"},
        },
        "required": ["city", "days"],
        "additionalProperties": False,
    },
}

#: A bad call to the forecast tool, and what the component answers it with.
BAD_FORECAST: dict[str, Any] = {"city": "Oslo", "days": 30, "extra": 1}
BAD_FORECAST_REFUSAL = (
    "Argument 'days' must be at most 14, not 30.\n"
    "Argument 'extra' is not a parameter of this tool (expected one of: city, days, units)."
)

#: A bad call to GetDocketAsync, and what the component answers it with.
BAD_DOCKET: dict[str, Any] = {"limit": 500}
BAD_DOCKET_REFUSAL = "Argument 'limit' must be at most 100, not 500.\nArgument 'caseId' is required."


def docket_descriptor(**tool: Any) -> dict[str, Any]:
    """The descriptor of GetDocketAsync, with ``tool`` settings changed
    (``requiresApproval``, ``timeoutSeconds``, …)."""
    descriptor: dict[str, Any] = json.loads((EXAMPLES / "get-docket.json").read_text(encoding="utf-8"))
    descriptor["tool"].update(tool)
    return descriptor


def forecast(**changes: Any) -> dict[str, Any]:
    """The forecast tool's source, with members changed."""
    source = copy.deepcopy(FORECAST)
    source.update(changes)
    return source


def messages(tool: tool_schema.Tool, args: Any) -> str:
    """The messages of the component's errors for ``args``, one per line (what
    the model should read)."""
    checked = tool.validate(args)
    assert not checked.ok
    return "\n".join(e.message for e in checked.errors)


class Recorder:
    """Functions that record how they were called."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def forecast(self, city: str, days: int, units: str) -> dict[str, Any]:
        self.calls.append({"city": city, "days": days, "units": units})
        return {"city": city, "days": days, "units": units}

    async def docket(self, caseId: str, limit: int) -> dict[str, str]:
        self.calls.append({"caseId": caseId, "limit": limit})
        return DOCKET


def run_example(name: str, capsys: pytest.CaptureFixture[str]) -> str:
    """Runs one example of docs/frameworks.md as a script and returns what it
    printed."""
    capsys.readouterr()
    runpy.run_path(str(FRAMEWORK_EXAMPLES / name), run_name="__main__")
    return capsys.readouterr().out


def documented_output(name: str) -> str:
    """What docs/frameworks.md shows the example printing: the console block
    that runs it."""
    doc = FRAMEWORKS_DOC.read_text(encoding="utf-8")
    command = f"$ python/.venv/bin/python examples/frameworks/python/{name}\n"
    for block in re.findall(r"```console\n(.*?)```", doc, re.S):
        if block.startswith(command):
            return str(block[len(command) :])
    raise AssertionError(f"docs/frameworks.md has no console block running {name}")
