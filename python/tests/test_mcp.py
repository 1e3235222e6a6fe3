"""tool_schema.mcp end to end: our Tools on an MCP server, called by the MCP
SDK's Client connected in-process, both ways the SDK connects one: "auto"
(protocol 2026-07-28, requests dispatched directly) and "legacy" (the
initialize handshake, JSON-RPC over in-memory streams)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

# The frameworks are installed on Python 3.11 and newer (python/requirements.txt).
pytest.importorskip("mcp", reason="the agent frameworks need Python 3.11 or newer")

import anyio
from mcp import Client, MCPError
from mcp.types import TextContent
from mcp_types import INVALID_PARAMS

import tool_schema
from framework_support import (
    BAD_DOCKET,
    BAD_DOCKET_REFUSAL,
    BAD_FORECAST,
    BAD_FORECAST_REFUSAL,
    CASE,
    DOCKET,
    FORECAST,
    Recorder,
    docket_descriptor,
    documented_output,
    forecast,
    messages,
    run_example,
)
from tool_schema.mcp import Tools

MODES = ["auto", "legacy"]
T = TypeVar("T")


def with_client(tools: Tools, mode: str, body: Callable[[Client], Awaitable[T]]) -> T:
    """Runs ``body`` with a client connected to a server of ``tools``."""

    async def main() -> T:
        async with Client(tools.server("test"), mode=mode) as client:
            return await body(client)

    return anyio.run(main)


def texts(result: Any) -> list[str]:
    return [block.text for block in result.content if isinstance(block, TextContent)]


@pytest.mark.parametrize("mode", MODES)
def test_tools_list_gives_the_schemas_the_component_wrote(mode: str) -> None:
    docket = tool_schema.tool(docket_descriptor())
    weather = tool_schema.tool(FORECAST)
    recorder = Recorder()
    tools = Tools(((docket, recorder.docket), (weather, recorder.forecast)))
    listed = with_client(tools, mode, lambda c: c.list_tools())
    assert [t.name for t in listed.tools] == ["get_docket", "forecast"]
    got_docket, got_forecast = listed.tools
    assert got_docket.description == "Looks up a court docket."
    assert got_docket.input_schema == docket.info.input_schema
    assert got_docket.output_schema == docket.info.output_schema
    assert got_forecast.input_schema == FORECAST["inputSchema"]
    assert got_forecast.output_schema is None


@pytest.mark.parametrize("mode", MODES)
def test_an_invalid_call_is_an_error_result_with_our_message_and_the_function_does_not_run(mode: str) -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    result = with_client(Tools(((tool, recorder.forecast),)), mode, lambda c: c.call_tool("forecast", BAD_FORECAST))
    assert result.is_error is True
    assert texts(result) == [BAD_FORECAST_REFUSAL]
    assert BAD_FORECAST_REFUSAL == messages(tool, BAD_FORECAST)
    assert result.structured_content is None
    assert recorder.calls == []


@pytest.mark.parametrize("mode", MODES)
def test_a_valid_call_runs_the_function_with_the_bound_arguments(mode: str) -> None:
    recorder = Recorder()
    result = with_client(
        Tools(((FORECAST, recorder.forecast),)), mode, lambda c: c.call_tool("forecast", {"city": "Oslo", "days": 2.0})
    )
    assert recorder.calls == [{"city": "Oslo", "days": 2, "units": "metric"}]
    assert type(recorder.calls[0]["days"]) is int
    assert result.is_error is False
    assert texts(result) == ['{"city":"Oslo","days":2,"units":"metric"}']
    # No output schema listed: no structured content.
    assert result.structured_content is None


@pytest.mark.parametrize("mode", MODES)
def test_a_structured_result_is_encoded_by_the_component_and_passes_the_clients_check(mode: str) -> None:
    recorder = Recorder()
    tools = Tools(((docket_descriptor(), recorder.docket),))

    async def calls(client: Client) -> list[Any]:
        return [await client.call_tool("get_docket", args) for args in (BAD_DOCKET, {"caseId": CASE})]

    refused, answered = with_client(tools, mode, calls)
    assert (refused.is_error, texts(refused)) == (True, [BAD_DOCKET_REFUSAL])
    assert recorder.calls == [{"caseId": CASE, "limit": 10}]
    assert answered.is_error is False
    assert texts(answered) == ['{"number":"24-cv-0042","filed":"2024-03-01","status":"Open"}']
    assert answered.structured_content == DOCKET


def test_an_output_schema_that_is_not_an_object_is_listed_from_2026_07_28_on() -> None:
    counter = forecast(name="count", inputSchema={"type": "object"}, outputSchema={"type": "integer"})
    greeter = forecast(name="greet", inputSchema={"type": "object"}, outputSchema={"type": "string"})
    tools = Tools(((counter, lambda: 42), (greeter, lambda: "hello")))

    async def body(client: Client) -> tuple[list[Any], list[Any]]:
        listed = [t.output_schema for t in (await client.list_tools()).tools]
        return listed, [await client.call_tool(name, {}) for name in ("count", "greet")]

    modern_schemas, (count, greet) = with_client(tools, "auto", body)
    assert modern_schemas == [{"type": "integer"}, {"type": "string"}]
    assert (texts(count), count.structured_content) == (["42"], 42)
    assert (texts(greet), greet.structured_content) == (["hello"], "hello")
    # Through 2025-11-25 an output schema is an object schema: none is listed.
    legacy_schemas, (count, greet) = with_client(tools, "legacy", body)
    assert legacy_schemas == [None, None]
    assert (texts(count), count.structured_content) == (["42"], None)
    assert (texts(greet), greet.structured_content) == (["hello"], None)


def test_a_converted_tool_lists_the_strict_schema_and_restores_null_for_an_absent_optional() -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    tools = Tools(((tool, recorder.forecast),), target="openai")

    async def body(client: Client) -> tuple[Any, Any]:
        listed = await client.list_tools()
        return listed.tools[0].input_schema, await client.call_tool("forecast", {"city": "Oslo", "days": 3, "units": None})

    schema, result = with_client(tools, "auto", body)
    assert schema == tool.convert("openai").schema
    assert recorder.calls == [{"city": "Oslo", "days": 3, "units": "metric"}]
    assert result.is_error is False


def test_the_function_failing_is_an_error_result() -> None:
    def failing(city: str, days: int, units: str) -> None:
        raise LookupError(f"no forecast for {city}")

    result = with_client(
        Tools(((FORECAST, failing),)), "auto", lambda c: c.call_tool("forecast", {"city": "Atlantis", "days": 1})
    )
    assert (result.is_error, texts(result)) == (True, ["Tool 'forecast' failed: LookupError: no forecast for Atlantis"])


def test_the_descriptors_timeout_is_the_contracts_timeout_result() -> None:
    ran: list[str] = []

    async def slow(caseId: str, limit: int) -> dict[str, str]:
        await anyio.sleep(30)
        ran.append(caseId)
        return DOCKET

    tools = Tools(((docket_descriptor(timeoutSeconds=1), slow),))
    started = time.monotonic()
    result = with_client(tools, "auto", lambda c: c.call_tool("get_docket", {"caseId": CASE}))
    assert time.monotonic() - started < 10
    assert (result.is_error, texts(result)) == (True, ["Tool 'get_docket' timed out after 1 s."])
    assert ran == []


@pytest.mark.parametrize("mode", MODES)
def test_an_unknown_tool_is_a_protocol_error(mode: str) -> None:
    async def body(client: Client) -> MCPError:
        with pytest.raises(MCPError) as raised:
            await client.call_tool("nowcast", {})
        return raised.value

    error = with_client(Tools(((FORECAST, Recorder().forecast),)), mode, body)
    assert (error.code, error.message) == (INVALID_PARAMS, "Unknown tool: 'nowcast'")


def test_the_handlers_go_on_a_server_of_ones_own() -> None:
    from mcp.server import Server

    recorder = Recorder()
    tools = Tools(((FORECAST, recorder.forecast),))
    server: Server[Any] = Server("own", version="1.0", on_list_tools=tools.list_tools, on_call_tool=tools.call_tool)

    async def main() -> Any:
        async with Client(server) as client:
            return await client.call_tool("forecast", {"city": "Oslo", "days": 1})

    result = anyio.run(main)
    assert texts(result) == ['{"city":"Oslo","days":1,"units":"metric"}']
    assert tools.input_schema("forecast") == FORECAST["inputSchema"]
    assert tools.input_schema("nowcast") is None


def test_the_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_example("mcp_server.py", capsys)
    assert out == documented_output("mcp_server.py")
    assert f'tools/call {{"limit": 500}} -> isError true:\n{BAD_DOCKET_REFUSAL}\n' in out
    assert f"get_docket(caseId='{CASE}', limit=2)\n" in out
