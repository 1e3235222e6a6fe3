"""Our tools on an `MCP <https://modelcontextprotocol.io>`_ server, with the
MCP Python SDK (the extra ``onellm-tool-schema[mcp]``).

::

    from tool_schema.mcp import Tools

    tools = Tools()

    @tools.tool(tool_schema.tool(descriptor))
    def get_docket(caseId: str, limit: int) -> dict: ...

    server = tools.server("dockets")        # an mcp.server.Server

``tools/list`` gives each tool's ``inputSchema`` (and ``outputSchema``) as the
component wrote them. Each ``tools/call`` is checked by the component before
the function runs: invalid arguments are answered with ``isError: true`` and
the component's messages, one per line; the function's outcome is encoded by
the component, a JSON value also as ``structuredContent`` where the tool lists
an output schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from mcp.server import Server, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import (
    INVALID_PARAMS,
    CallToolRequestParams,
    CallToolResult,
    ContentBlock,
    ListToolsResult,
    PaginatedRequestParams,
    TextContent,
)
from mcp_types import Tool as McpTool
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from ._adapt import Adapted, ToolLike
from ._model import JsonPart, Target, ToolResult

__all__ = ["Tools"]

F = TypeVar("F", bound=Callable[..., Any])


class Tools:
    """Our tools for an MCP server: the handlers of ``tools/list`` and
    ``tools/call`` (:meth:`list_tools`, :meth:`call_tool`), or a
    :class:`mcp.server.Server` with them (:meth:`server`).

    Each tool is one of ours (a :class:`~tool_schema.Tool`, or the descriptor
    or schemas one is made from) with the function it runs, called with the
    bound arguments as keywords. ``target`` lists every tool's input schema
    converted for that provider's strict mode (for clients that send it to
    that provider as it is), and restores each call from it.
    """

    def __init__(self, tools: Iterable[tuple[ToolLike, Callable[..., Any]]] = (), *, target: Target | None = None):
        self._target = target
        self._tools: dict[str, Adapted] = {}
        for tool, function in tools:
            self.add(tool, function)

    def add(self, tool: ToolLike, function: Callable[..., Any], *, target: Target | None = None) -> None:
        """Adds one of our tools with the function it runs. A name the server
        already has is a ``ValueError``."""
        adapted = Adapted(
            tool, function, target=self._target if target is None else target, framework="MCP"
        )
        if adapted.name in self._tools:
            raise ValueError(f"the server already has a tool named {adapted.name!r}")
        self._tools[adapted.name] = adapted

    def tool(self, tool: ToolLike, *, target: Target | None = None) -> Callable[[F], F]:
        """A decorator: ``@tools.tool(our_tool)`` adds the function it
        decorates (and returns it unchanged)."""

        def decorate(function: F) -> F:
            self.add(tool, function, target=target)
            return function

        return decorate

    def server(self, name: str, **options: Any) -> Server[Any]:
        """A low-level MCP server whose tools are these (``options`` are
        :class:`mcp.server.Server`'s: ``version``, ``instructions``, …)."""
        return Server(
            name,
            on_list_tools=self.list_tools,
            on_call_tool=self.call_tool,
            get_tool_input_schema=self.input_schema,
            **options,
        )

    def input_schema(self, name: str) -> Mapping[str, Any] | None:
        """The input schema the server lists for a tool, or None for a name it
        does not have."""
        adapted = self._tools.get(name)
        return None if adapted is None else adapted.schema()

    async def list_tools(self, ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None) -> ListToolsResult:
        """The ``tools/list`` handler: every tool, with the schemas the
        component wrote."""
        return ListToolsResult(
            tools=[
                McpTool(
                    name=adapted.name,
                    description=adapted.description or None,
                    input_schema=adapted.schema(),
                    output_schema=_output_schema(adapted, ctx.protocol_version),
                )
                for adapted in self._tools.values()
            ]
        )

    async def call_tool(self, ctx: ServerRequestContext[Any], params: CallToolRequestParams) -> CallToolResult:
        """The ``tools/call`` handler: the arguments checked by the component,
        then the function run with the bound arguments and its outcome encoded.
        A name the server does not have is a protocol error (``-32602``)."""
        adapted = self._tools.get(params.name)
        if adapted is None:
            raise MCPError(INVALID_PARAMS, f"Unknown tool: {params.name!r}")
        bound = adapted.bind({} if params.arguments is None else params.arguments)
        if isinstance(bound, ToolResult):
            return _call_result(bound, None)
        result = await adapted.run(bound, passthrough=(MCPError,))
        listed = _output_schema(adapted, ctx.protocol_version)
        return _call_result(result, listed if not result.is_error else None)


def _output_schema(adapted: Adapted, protocol_version: str) -> dict[str, Any] | None:
    """The output schema listed for a tool: the tool's, where the protocol
    takes it (an object schema; any schema from 2026-07-28 on)."""
    schema = adapted.tool.info.output_schema
    text = adapted.tool.info.output_schema_json
    if not isinstance(schema, dict) or text is None:
        return None
    if schema.get("type") == "object" or protocol_version in MODERN_PROTOCOL_VERSIONS:
        listed: dict[str, Any] = json.loads(text)
        return listed
    return None


def _call_result(result: ToolResult, output_schema: dict[str, Any] | None) -> CallToolResult:
    """An encoded result as MCP content: one text block per part (a JSON part
    as its JSON text), and, for a tool that lists an output schema, the
    returned value as ``structuredContent``: its one JSON part, or its one
    text part where the value is a string."""
    content: list[ContentBlock] = [
        TextContent(text=part.json if isinstance(part, JsonPart) else part.text) for part in result.parts
    ]
    if output_schema is not None and len(result.parts) == 1:
        part = result.parts[0]
        if isinstance(part, JsonPart):
            return CallToolResult(content=content, structured_content=part.value(), is_error=result.is_error)
        if output_schema.get("type") == "string":
            return CallToolResult(content=content, structured_content=part.text, is_error=result.is_error)
    return CallToolResult(content=content, is_error=result.is_error)
