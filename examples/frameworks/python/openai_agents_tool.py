"""GetDocketAsync (examples/get-docket.json) as a tool of an OpenAI Agents SDK agent.

The model is sent the tool's schema converted by the component for OpenAI's
strict mode (every property required; null for an optional one left out), and
the component restores and checks each answer before get_docket runs. The
SDK's ScriptedModel stands in for the model (in use: Agent(model="gpt-5", ...)):
it calls the tool with arguments the component refuses, then with the limit
null, and answers with what the tool returned.

Run from the repository root: python/.venv/bin/python examples/frameworks/python/openai_agents_tool.py
"""

from __future__ import annotations

import json
from pathlib import Path

from typing import Any

from agents import Agent, RunConfig, Runner
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message, function_call

import tool_schema
from tool_schema.openai_agents import function_tool

descriptor = json.loads((Path(__file__).resolve().parents[2] / "get-docket.json").read_text(encoding="utf-8"))


@function_tool(tool_schema.tool(descriptor))
def get_docket(caseId: str, limit: int) -> dict[str, str]:
    print(f"get_docket(caseId={caseId!r}, limit={limit!r})")
    return {"number": "24-cv-0042", "filed": "2024-03-01", "status": "Open"}


def reading(*output: Any) -> ModelStep:
    """A model step that prints the tool output the model reads, then answers with ``output``."""

    def respond(call: ModelCall) -> list[Any]:
        outputs = [item for item in call.input if item.get("type") == "function_call_output"]
        print(f"the model reads:\n{outputs[-1]['output']}")
        return list(output)

    return ModelStep.respond(respond)


print("the model is sent (strict):", json.dumps(get_docket.params_json_schema))
case = "2eb8aa08-aa98-11ea-b4aa-73b441d16380"
model = ScriptedModel(
    [
        [function_call("get_docket", {"caseId": case, "limit": 500}, call_id="call-1")],
        reading(function_call("get_docket", {"caseId": case, "limit": None}, call_id="call-2")),
        reading(assistant_message("Docket 24-cv-0042 is Open.")),
    ]
)
agent = Agent(name="clerk", model=model, tools=[get_docket])
result = Runner.run_sync(agent, "Is the docket of case 2eb8aa08 open?", run_config=RunConfig(tracing_disabled=True))
print("output:", result.final_output)
