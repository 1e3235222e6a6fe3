"""tool_schema.pydantic_ai end to end: an Agent with our Toolset, its model a
Pydantic AI FunctionModel that makes scripted calls and records what it is
sent and what it reads back."""

from __future__ import annotations

import json
from typing import Any

import pytest

# The frameworks are installed on Python 3.11 and newer (python/requirements.txt).
pytest.importorskip("pydantic_ai", reason="the agent frameworks need Python 3.11 or newer")

from pydantic_ai import Agent, DeferredToolRequests, DeferredToolResults, RunContext
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import tool_schema
from framework_support import (
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
from tool_schema.pydantic_ai import Toolset


class Script:
    """A FunctionModel's function: each turn calls ``tool`` with the next
    arguments (JSON text as it is, else a dict), then answers "done"; records
    the tools it was sent and every tool result it read."""

    def __init__(self, tool: str, *calls: Any):
        self.tool = tool
        self.calls = calls
        self.sent: list[AgentInfo] = []
        self.read: list[ToolReturnPart] = []

    def __call__(self, history: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.sent.append(info)
        last = history[-1]
        if isinstance(last, ModelRequest):
            self.read.extend(p for p in last.parts if isinstance(p, ToolReturnPart))
        turn = len(self.sent) - 1
        if turn < len(self.calls):
            return ModelResponse(parts=[ToolCallPart(self.tool, self.calls[turn], tool_call_id=f"call-{turn}")])
        return ModelResponse(parts=[TextPart("done")])


def run(toolset: Toolset, script: Script) -> Any:
    return Agent(FunctionModel(script), toolsets=[toolset]).run_sync("go").output


def test_an_invalid_call_reaches_the_model_as_our_message_and_the_function_does_not_run() -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    script = Script("forecast", BAD_FORECAST)
    assert run(Toolset([(tool, recorder.forecast)]), script) == "done"
    assert recorder.calls == []
    (read,) = script.read
    assert read.outcome == "retried"
    assert read.content == BAD_FORECAST_REFUSAL == messages(tool, BAD_FORECAST)
    # What a provider without an error channel of its own is sent holds the same text.
    assert read.model_response_str(wrap_if_error=False) == BAD_FORECAST_REFUSAL
    assert json.loads(read.model_response_str()) == {"error": BAD_FORECAST_REFUSAL}


def test_a_valid_call_runs_the_function_with_the_bound_arguments() -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    # As the model writes it: 2.0 is a float until the component binds it.
    script = Script("forecast", '{"city": "Oslo", "days": 2.0}')
    assert run(Toolset([(tool, recorder.forecast)]), script) == "done"
    assert recorder.calls == [{"city": "Oslo", "days": 2, "units": "metric"}]
    assert type(recorder.calls[0]["days"]) is int
    (sent,) = script.sent[0].function_tools
    assert (sent.name, sent.description, sent.strict) == ("forecast", "Gets the forecast for a city.", None)
    assert sent.parameters_json_schema == FORECAST["inputSchema"]
    (read,) = script.read
    # The returned value as the component encoded it (compact JSON text).
    assert (read.outcome, read.content) == ("success", '{"city":"Oslo","days":2,"units":"metric"}')


def test_a_refused_call_then_a_valid_one_runs_once() -> None:
    docket = tool_schema.tool(docket_descriptor())
    recorder = Recorder()
    script = Script("get_docket", {"limit": 500}, {"caseId": CASE})
    assert run(Toolset([(docket, recorder.docket)]), script) == "done"
    assert recorder.calls == [{"caseId": CASE, "limit": 10}]
    assert [(r.outcome, r.content) for r in script.read] == [
        ("retried", BAD_DOCKET_REFUSAL),
        ("success", json.dumps(DOCKET, separators=(",", ":"))),
    ]


def test_a_converted_tool_sends_the_strict_schema_and_restores_null_for_an_absent_optional() -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    script = Script("forecast", {"city": "Oslo", "days": 3, "units": None})
    assert run(Toolset([(tool, recorder.forecast)], target="openai"), script) == "done"
    (sent,) = script.sent[0].function_tools
    assert sent.strict is True
    assert sent.parameters_json_schema == tool.convert("openai").schema
    assert sent.parameters_json_schema["required"] == ["city", "days", "units"]
    assert recorder.calls == [{"city": "Oslo", "days": 3, "units": "metric"}]


def test_a_converted_tool_refuses_what_the_original_schema_refuses() -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    script = Script("forecast", {"city": "Oslo", "days": 30, "units": None})
    run(Toolset([(tool, recorder.forecast)], target="openai"), script)
    assert recorder.calls == []
    assert [r.content for r in script.read] == ["Argument 'days' must be at most 14, not 30."]


def test_the_function_failing_is_the_contracts_failure_result() -> None:
    def failing(city: str, days: int, units: str) -> None:
        raise LookupError(f"no forecast for {city}")

    script = Script("forecast", {"city": "Atlantis", "days": 1})
    run(Toolset([(FORECAST, failing)]), script)
    (read,) = script.read
    assert (read.outcome, read.content) == ("failed", "Tool 'forecast' failed: LookupError: no forecast for Atlantis")


def test_a_returned_value_that_does_not_fit_the_output_schema_is_the_hosts_bug() -> None:
    async def wrong(caseId: str, limit: int) -> dict[str, str]:
        return {"number": "24-cv-0042"}

    with pytest.raises(tool_schema.EncodeError, match="'filed' is required"):
        run(Toolset([(docket_descriptor(), wrong)]), Script("get_docket", {"caseId": CASE}))


def test_a_tool_that_requires_approval_runs_only_once_approved() -> None:
    recorder = Recorder()
    script = Script("get_docket", {"caseId": CASE})
    agent = Agent(
        FunctionModel(script),
        toolsets=[Toolset([(docket_descriptor(requiresApproval=True), recorder.docket)])],
        output_type=[str, DeferredToolRequests],
    )
    first = agent.run_sync("go")
    assert isinstance(first.output, DeferredToolRequests)
    assert [call.tool_name for call in first.output.approvals] == ["get_docket"]
    assert recorder.calls == []
    approved = DeferredToolResults(approvals={first.output.approvals[0].tool_call_id: True})
    second = agent.run_sync(message_history=first.all_messages(), deferred_tool_results=approved)
    assert second.output == "done"
    assert recorder.calls == [{"caseId": CASE, "limit": 10}]


def test_takes_ctx_passes_the_run_context_first() -> None:
    seen: list[tuple[str | None, int]] = []

    def with_ctx(ctx: RunContext[Any], city: str, days: int, units: str) -> str:
        seen.append((ctx.tool_name, days))
        return f"{days} days in {city}"

    script = Script("forecast", {"city": "Oslo", "days": 4})
    run(Toolset([(FORECAST, with_ctx)], takes_ctx=True), script)
    assert seen == [("forecast", 4)]
    # A returned string is text, as it is.
    assert [r.content for r in script.read] == ["4 days in Oslo"]


def test_a_function_that_cannot_take_the_tools_arguments_is_refused_when_added() -> None:
    toolset = Toolset()
    with pytest.raises(TypeError, match=r"no parameter for the argument\(s\) 'days', 'units'"):
        toolset.add(FORECAST, lambda city: None)
    with pytest.raises(TypeError, match=r"parameter\(s\) 'when' that a valid call may leave without a value"):
        toolset.add(FORECAST, lambda city, days, units, when: None)
    with pytest.raises(TypeError, match="not a callable"):
        toolset.add(FORECAST, "forecast")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match='"type": "object"'):
        toolset.add(forecast(inputSchema={"type": "array"}), lambda *a: None)
    toolset.add(FORECAST, lambda **kwargs: None)
    with pytest.raises(ValueError, match="already has a tool named 'forecast'"):
        toolset.add(FORECAST, lambda **kwargs: None)
    with pytest.raises(tool_schema.SchemaError):
        toolset.add(forecast(name="other", inputSchema={"type": 5}), lambda **kwargs: None)


def test_the_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_example("pydantic_ai_tool.py", capsys)
    assert out == documented_output("pydantic_ai_tool.py")
    assert f"the model reads (retried):\n{BAD_DOCKET_REFUSAL}\n" in out
    assert f"get_docket(caseId='{CASE}', limit=10)\n" in out
    assert out.endswith("output: Docket 24-cv-0042 is Open.\n")
