"""GetDocketAsync (examples/get-docket.json) as a tool of an MCP server.

tools/list gives the schemas the component wrote; every tools/call is checked
by the component before get_docket runs, and what it returns is encoded by
the component. The client here is the MCP SDK's, connected in-process; in
use, serve the same server over stdio (server.run with the streams of
mcp.server.stdio.stdio_server()) or HTTP (server.streamable_http_app()).

Run from the repository root: python/.venv/bin/python examples/frameworks/python/mcp_server.py
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from mcp import Client
from mcp.types import TextContent

import tool_schema
from tool_schema.mcp import Tools

descriptor = json.loads((Path(__file__).resolve().parents[2] / "get-docket.json").read_text(encoding="utf-8"))
tools = Tools()


@tools.tool(tool_schema.tool(descriptor))
async def get_docket(caseId: str, limit: int) -> dict[str, str]:
    print(f"get_docket(caseId={caseId!r}, limit={limit!r})")
    return {"number": "24-cv-0042", "filed": "2024-03-01", "status": "Open"}


server = tools.server("dockets")


async def main() -> None:
    async with Client(server) as client:
        (listed,) = (await client.list_tools()).tools
        print("tools/list:", listed.name, json.dumps(listed.input_schema))
        print("outputSchema:", json.dumps(listed.output_schema))
        for arguments in ({"limit": 500}, {"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": 2.0}):
            result = await client.call_tool("get_docket", arguments)
            text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
            print(f"tools/call {json.dumps(arguments)} -> isError {str(result.is_error).lower()}:\n{text}")
            if result.structured_content is not None:
                print("structuredContent:", json.dumps(result.structured_content))


anyio.run(main)
