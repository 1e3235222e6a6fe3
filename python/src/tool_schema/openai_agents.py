"""Our tools in the `OpenAI Agents SDK <https://openai.github.io/openai-agents-python/>`_
(the extra ``onellm-tool-schema[openai-agents]``): a
:class:`~agents.FunctionTool` whose strict schema is ours, converted for
OpenAI by the component, and whose calls the component restores and checks.

::

    from agents import Agent
    from tool_schema.openai_agents import function_tool

    @function_tool(tool_schema.tool(descriptor))
    def get_docket(caseId: str, limit: int) -> dict: ...

    agent = Agent(name="clerk", tools=[get_docket])

The model answers the converted schema (every property required, ``null``
for an absent optional one); the component turns each answer back into the
tool's arguments and checks them. Valid arguments reach the function bound
(defaults filled in); invalid ones are answered, without running it, with the
component's messages as the call's output. What the function returns (or
raises) is encoded by the component.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from agents import FunctionTool
from agents.tool_context import ToolContext

from ._adapt import Adapted, ToolLike
from ._model import Provider, Target, ToolResult

__all__ = ["function_tool"]


class _Invoker:
    """The tool's ``on_invoke_tool``: the arguments the model wrote (JSON
    text) restored and checked by the component, the function run with them,
    and its outcome encoded; the model reads the result's text."""

    def __init__(self, adapted: Adapted):
        self.adapted = adapted

    async def __call__(self, ctx: ToolContext[Any], arguments: str) -> str:
        bound = self.adapted.bind(arguments)
        if isinstance(bound, ToolResult):
            return bound.text
        result = await self.adapted.run(bound, ctx)
        return result.text


@overload
def function_tool(
    tool: ToolLike,
    function: Callable[..., Any],
    *,
    target: Target | None = Provider.OPENAI,
    takes_ctx: bool = False,
) -> FunctionTool: ...


@overload
def function_tool(
    tool: ToolLike,
    function: None = None,
    *,
    target: Target | None = Provider.OPENAI,
    takes_ctx: bool = False,
) -> Callable[[Callable[..., Any]], FunctionTool]: ...


def function_tool(
    tool: ToolLike,
    function: Callable[..., Any] | None = None,
    *,
    target: Target | None = Provider.OPENAI,
    takes_ctx: bool = False,
) -> FunctionTool | Callable[[Callable[..., Any]], FunctionTool]:
    """A :class:`~agents.FunctionTool` for one of our tools (a
    :class:`~tool_schema.Tool`, or the descriptor or schemas one is made
    from) and the function it runs; without ``function``, a decorator that
    makes one.

    The model is sent the tool's input schema converted by the component for
    ``target`` (OpenAI's strict mode by default, ``strict_json_schema`` set),
    and each answer is restored from it before it is checked; with ``target``
    None, the input schema as it is, not strict. The function is called with
    the bound arguments as keywords (after the :class:`~agents.ToolContext`
    when ``takes_ctx``). A tool whose descriptor has ``requiresApproval``
    needs approval (``needs_approval``) before it runs.
    """

    def make(function: Callable[..., Any]) -> FunctionTool:
        adapted = Adapted(tool, function, target=target, takes_context=takes_ctx, framework="the OpenAI Agents SDK")
        info = adapted.tool.info
        made = FunctionTool(
            name=info.name,
            description=info.description,
            params_json_schema=adapted.schema(),
            on_invoke_tool=_Invoker(adapted),
            strict_json_schema=adapted.converted is not None,
            needs_approval=info.requires_approval,
        )
        return made

    if function is None:
        return make
    return make(function)
