"""tool_schema.openai_agents end to end: an Agent with our FunctionTool, run by
the SDK's Runner against the SDK's ScriptedModel (its Model interface, no
network), which records what each model call was sent."""

from __future__ import annotations

from typing import Any

import pytest

# The frameworks are installed on Python 3.11 and newer (python/requirements.txt).
pytest.importorskip("agents", reason="the agent frameworks need Python 3.11 or newer")

from agents import Agent, FunctionTool, RunConfig, Runner
from agents.result import RunResult
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tool_context import ToolContext

import tool_schema
from framework_support import (
    BAD_FORECAST,
    BAD_FORECAST_REFUSAL,
    CASE,
    FORECAST,
    Recorder,
    docket_descriptor,
    documented_output,
    run_example,
)
from tool_schema.openai_agents import function_tool

NO_TRACING = RunConfig(tracing_disabled=True)


def scripted(tool: str, *calls: Any) -> ScriptedModel:
    """Calls ``tool`` with each of ``calls`` in turn (JSON text as it is),
    then answers "done"."""
    steps: list[Any] = [[function_call(tool, args, call_id=f"call-{i}")] for i, args in enumerate(calls)]
    return ScriptedModel([*steps, [assistant_message("done")]])


def run(tool: FunctionTool, model: ScriptedModel) -> RunResult:
    result = Runner.run_sync(Agent(name="test", model=model, tools=[tool]), "go", run_config=NO_TRACING)
    model.assert_complete()
    return result


def read(model: ScriptedModel) -> list[str]:
    """Every tool output the model was sent, in order (the last call's input
    holds them all)."""
    last = model.last_call
    assert last is not None and isinstance(last.input, list)
    return [item["output"] for item in last.input if item.get("type") == "function_call_output"]


def test_the_tool_sends_the_schema_converted_for_openai_strict_mode() -> None:
    tool = tool_schema.tool(FORECAST)
    made = function_tool(tool, Recorder().forecast)
    converted = tool.convert("openai").schema
    assert (made.name, made.description) == ("forecast", "Gets the forecast for a city.")
    assert made.strict_json_schema is True
    assert made.params_json_schema == converted
    assert converted["required"] == ["city", "days", "units"]
    model = scripted("forecast", {"city": "Oslo", "days": 1, "units": None})
    run(made, model)
    first = model.first_call
    assert first is not None
    (sent,) = first.tools
    assert isinstance(sent, FunctionTool) and sent.params_json_schema == converted


def test_an_invalid_call_reaches_the_model_as_our_message_and_the_function_does_not_run() -> None:
    tool = tool_schema.tool(FORECAST)
    recorder = Recorder()
    model = scripted("forecast", {**BAD_FORECAST, "units": None})
    assert run(function_tool(tool, recorder.forecast), model).final_output == "done"
    assert read(model) == [BAD_FORECAST_REFUSAL]
    assert BAD_FORECAST_REFUSAL == "\n".join(e.message for e in tool.convert("openai").restore({**BAD_FORECAST, "units": None}).errors)
    assert recorder.calls == []


def test_arguments_that_are_not_json_are_answered_and_the_function_does_not_run() -> None:
    recorder = Recorder()
    model = scripted("forecast", '{"city": "Oslo", "days": 3')
    run(function_tool(FORECAST, recorder.forecast), model)
    assert read(model) == ["Argument '$' is not valid JSON: expected ',' or '}' after an object member at line 1, column 27."]
    assert recorder.calls == []


def test_null_for_an_absent_optional_is_restored_and_the_function_gets_the_bound_arguments() -> None:
    recorder = Recorder()
    model = scripted("forecast", '{"city": "Oslo", "days": 2.0, "units": null}')
    run(function_tool(FORECAST, recorder.forecast), model)
    assert recorder.calls == [{"city": "Oslo", "days": 2, "units": "metric"}]
    assert type(recorder.calls[0]["days"]) is int
    assert read(model) == ['{"city":"Oslo","days":2,"units":"metric"}']


def test_without_a_target_the_schema_is_sent_as_it_is_and_defaults_are_filled_in() -> None:
    recorder = Recorder()
    made = function_tool(FORECAST, recorder.forecast, target=None)
    assert made.strict_json_schema is False
    assert made.params_json_schema == FORECAST["inputSchema"]
    model = scripted("forecast", '{"city": "Oslo", "days": 2.0}')
    run(made, model)
    assert recorder.calls == [{"city": "Oslo", "days": 2, "units": "metric"}]
    assert type(recorder.calls[0]["days"]) is int


def test_the_function_failing_is_the_contracts_failure_result() -> None:
    async def failing(city: str, days: int, units: str) -> None:
        raise LookupError(f"no forecast for {city}")

    model = scripted("forecast", {"city": "Atlantis", "days": 1, "units": None})
    run(function_tool(FORECAST, failing), model)
    assert read(model) == ["Tool 'forecast' failed: LookupError: no forecast for Atlantis"]


def test_a_tool_that_requires_approval_runs_only_once_approved() -> None:
    recorder = Recorder()
    made = function_tool(docket_descriptor(requiresApproval=True), recorder.docket)
    assert made.needs_approval is True
    model = scripted("get_docket", {"caseId": CASE, "limit": None})
    agent = Agent(name="test", model=model, tools=[made])
    first = Runner.run_sync(agent, "go", run_config=NO_TRACING)
    assert [item.tool_name for item in first.interruptions] == ["get_docket"]
    assert recorder.calls == []
    state = first.to_state()
    state.approve(first.interruptions[0])
    second = Runner.run_sync(agent, state, run_config=NO_TRACING)
    assert second.final_output == "done"
    assert recorder.calls == [{"caseId": CASE, "limit": 10}]


def test_takes_ctx_passes_the_tool_context_first() -> None:
    seen: list[tuple[str, str]] = []

    def with_ctx(ctx: ToolContext[Any], city: str, days: int, units: str) -> str:
        seen.append((ctx.tool_name, ctx.tool_call_id))
        return city

    run(function_tool(FORECAST, with_ctx, takes_ctx=True), scripted("forecast", {"city": "Oslo", "days": 1, "units": None}))
    assert seen == [("forecast", "call-0")]


def test_a_function_that_cannot_take_the_tools_arguments_is_refused() -> None:
    with pytest.raises(TypeError, match=r"no parameter for the argument\(s\) 'units'"):
        function_tool(FORECAST, lambda city, days: None)
    with pytest.raises(TypeError, match="takes the context first"):
        function_tool(FORECAST, lambda *, city, days, units: None, takes_ctx=True)
    # A target the component cannot convert for (a profile that is not one)
    # is its DownconvertError, when the tool is made.
    with pytest.raises(tool_schema.DownconvertError, match="OLP003 at name: The provider profile needs a 'name'"):
        function_tool(FORECAST, lambda **kw: None, target=tool_schema.Custom('{"name": 5}'))


def test_the_decorator_makes_the_tool() -> None:
    @function_tool(FORECAST)
    def forecast(city: str, days: int, units: str) -> str:
        return f"{city}: {days} {units}"

    assert isinstance(forecast, FunctionTool)
    model = scripted("forecast", {"city": "Oslo", "days": 1, "units": "imperial"})
    run(forecast, model)
    assert read(model) == ["Oslo: 1 imperial"]


def test_the_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_example("openai_agents_tool.py", capsys)
    assert out == documented_output("openai_agents_tool.py")
    assert "the model reads:\nArgument 'limit' must be at most 100, not 500.\n" in out
    assert f"get_docket(caseId='{CASE}', limit=10)\n" in out
