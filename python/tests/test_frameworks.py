"""What the framework adapters share (tool_schema._adapt): the outcome each
kind of returned value is, encoded by the component, and the package itself
importing no framework."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import Any

import pytest

# The frameworks are installed on Python 3.11 and newer (python/requirements.txt).
pytest.importorskip("anyio", reason="the agent frameworks need Python 3.11 or newer")

import anyio
from pydantic import BaseModel

import tool_schema
from framework_support import FORECAST, Recorder, docket_descriptor, forecast
from tool_schema._adapt import Adapted


def adapted(source: Any, function: Any = None) -> Adapted:
    return Adapted(source, function or (lambda **kwargs: None), framework="test")


def encoded(source: Any, returned: Any) -> tool_schema.ToolResult:
    """What the model reads when the function returns ``returned``."""
    a = adapted(source, lambda **kwargs: returned)

    async def main() -> tool_schema.ToolResult:
        return await a.run({})

    return anyio.run(main)


OPEN: dict[str, Any] = forecast(inputSchema={"type": "object"})


@dataclasses.dataclass
class Point:
    x: int
    y: int


class Reading(BaseModel):
    celsius: float
    station: str


def test_the_package_imports_no_framework() -> None:
    code = "import sys, tool_schema; print(sorted(m for m in ('pydantic_ai', 'mcp', 'agents', 'anyio') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out == "[]\n"


@pytest.mark.parametrize(
    ("returned", "parts"),
    [
        ({"a": [1, 2.5, None]}, [tool_schema.JsonPart('{"a":[1,2.5,null]}')]),
        ("plain text", [tool_schema.TextPart("plain text")]),
        (18446744073709551616, [tool_schema.JsonPart("18446744073709551616")]),
        (Point(1, 2), [tool_schema.JsonPart('{"x":1,"y":2}')]),
        (Reading(celsius=21.5, station="Blindern"), [tool_schema.JsonPart('{"celsius":21.5,"station":"Blindern"}')]),
        # An outcome as it is: JSON text keeps its numbers as written.
        (tool_schema.Returned("1.50e300"), [tool_schema.JsonPart("1.50e300")]),
        ([tool_schema.TextPart("a"), tool_schema.JsonPart("[1]")], [tool_schema.TextPart("a"), tool_schema.JsonPart("[1]")]),
        (None, []),
    ],
)
def test_a_returned_value_is_encoded_by_the_component(returned: Any, parts: list[tool_schema.Part]) -> None:
    assert encoded(OPEN, returned) == tool_schema.ToolResult(tuple(parts), False)


def test_a_tool_result_is_passed_through() -> None:
    result = tool_schema.ToolResult((tool_schema.TextPart("not today"),), is_error=True)
    assert encoded(OPEN, result) == result


def test_none_is_null_for_a_tool_that_declares_its_output() -> None:
    counter = forecast(inputSchema={"type": "object"}, outputSchema={"type": ["integer", "null"]})
    assert encoded(counter, None).parts == (tool_schema.JsonPart("null"),)


def test_a_value_that_is_not_json_is_the_hosts_bug() -> None:
    with pytest.raises(TypeError, match="a tool's function returned a value of type 'object', which has no JSON form"):
        encoded(OPEN, object())
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        encoded(OPEN, float("nan"))
    with pytest.raises(tool_schema.EncodeError, match="OLE003"):
        encoded(forecast(inputSchema={"type": "object"}, outputSchema={"type": "integer"}), "many")


def test_arguments_the_component_cannot_be_given_are_refused_as_invalid_arguments() -> None:
    refused = adapted(FORECAST, Recorder().forecast).bind('{"city": "\ud800", "days": 1}')
    assert isinstance(refused, tool_schema.ToolResult) and refused.is_error
    assert refused.text.startswith("args is not well-formed Unicode: the lone surrogate \\ud800 at index 10")


def test_a_tool_made_elsewhere_is_used_as_it_is() -> None:
    tool = tool_schema.tool(docket_descriptor())
    assert adapted(tool, Recorder().docket).tool is tool
    made = adapted(docket_descriptor(), Recorder().docket)
    assert made.tool is not tool and made.tool.info == tool.info
