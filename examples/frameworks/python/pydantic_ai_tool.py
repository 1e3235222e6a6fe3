"""GetDocketAsync (examples/get-docket.json) as a tool of a Pydantic AI agent.

The model is sent the schema the component wrote, and the component checks
every call before get_docket runs. A FunctionModel stands in for the model
(in use: Agent("openai:gpt-5", toolsets=[toolset]), or any other): it calls
the tool with arguments the component refuses, reads the refusal, calls again
without the limit, and answers with what the tool returned.

Run from the repository root: python/.venv/bin/python examples/frameworks/python/pydantic_ai_tool.py
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import tool_schema
from tool_schema.pydantic_ai import Toolset

descriptor = json.loads((Path(__file__).resolve().parents[2] / "get-docket.json").read_text(encoding="utf-8"))
toolset = Toolset()


@toolset.tool(tool_schema.tool(descriptor))
def get_docket(caseId: str, limit: int) -> dict[str, str]:
    print(f"get_docket(caseId={caseId!r}, limit={limit!r})")
    return {"number": "24-cv-0042", "filed": "2024-03-01", "status": "Open"}


def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    last = messages[-1].parts[-1]
    if not isinstance(last, ToolReturnPart):
        print("the model is sent:", json.dumps(info.function_tools[0].parameters_json_schema))
        return ModelResponse(parts=[ToolCallPart("get_docket", {"limit": 500}, tool_call_id="call-1")])
    print(f"the model reads ({last.outcome}):\n{last.content}")
    if last.outcome == "retried":
        args = {"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380"}
        return ModelResponse(parts=[ToolCallPart("get_docket", args, tool_call_id="call-2")])
    docket = json.loads(last.model_response_str())
    return ModelResponse(parts=[TextPart(f"Docket {docket['number']} is {docket['status']}.")])


agent = Agent(FunctionModel(model), toolsets=[toolset])
print("output:", agent.run_sync("Is the docket of case 2eb8aa08 open?").output)
