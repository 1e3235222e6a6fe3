"""Our tools in `Pydantic AI <https://ai.pydantic.dev>`_ (the extra
``onellm-tool-schema[pydantic-ai]``): a toolset whose tools send our schema and
whose arguments are checked by the component.

::

    from pydantic_ai import Agent
    from tool_schema.pydantic_ai import Toolset

    toolset = Toolset()

    @toolset.tool(tool_schema.tool(descriptor))
    def get_docket(caseId: str, limit: int) -> dict: ...

    agent = Agent(model, toolsets=[toolset])

The component is each tool's argument validator (restoring each call first,
for a schema converted with ``target=``): valid arguments reach the function
bound (defaults filled in);
invalid ones are a :class:`~pydantic_ai.ModelRetry` whose message is the
component's, which the model reads as the call's retried result. What the
function returns (or raises) is encoded by the component: a failure is a
:class:`~pydantic_ai.ToolFailed` with the contract's text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeVar

from pydantic_ai import ApprovalRequired, CallDeferred, ModelRetry, RunContext, ToolFailed
from pydantic_ai.exceptions import AgentRunError, UserError
from pydantic_ai.tools import ToolDefinition
from pydantic_ai.toolsets import AbstractToolset, ToolsetTool

from ._adapt import Adapted, ToolLike
from ._model import Target, ToolResult

__all__ = ["ArgumentsValidator", "Toolset"]

F = TypeVar("F", bound=Callable[..., Any])

#: What the function may raise for Pydantic AI to handle as its own: a retry,
#: a failure, a deferral, a request for approval, and the framework's errors.
_PASSTHROUGH: tuple[type[BaseException], ...] = (
    ModelRetry,
    ToolFailed,
    CallDeferred,
    ApprovalRequired,
    UserError,
    AgentRunError,
)


class ArgumentsValidator:
    """A tool's ``args_validator`` for Pydantic AI: the component checks the
    arguments (and restores them from a converted schema). Valid arguments
    come back bound; invalid ones raise :class:`~pydantic_ai.ModelRetry` with
    the component's message, one error per line."""

    def __init__(self, adapted: Adapted):
        self._adapted = adapted

    def _check(self, args: Any) -> dict[str, Any]:
        bound = self._adapted.bind(args)
        if isinstance(bound, ToolResult):
            raise ModelRetry(bound.text)
        return bound

    def validate_json(
        self,
        input: str | bytes | bytearray,
        *,
        allow_partial: bool | Literal["off", "on", "trailing-strings"] = False,
        **kwargs: Any,
    ) -> Any:
        return self._check(input)

    def validate_python(
        self, input: Any, *, allow_partial: bool | Literal["off", "on", "trailing-strings"] = False, **kwargs: Any
    ) -> Any:
        return self._check(input)


class Toolset(AbstractToolset[Any]):
    """Our tools as a Pydantic AI toolset (``Agent(..., toolsets=[toolset])``).

    Each tool is one of ours (a :class:`~tool_schema.Tool`, or the descriptor or
    schemas one is made from) with the function it runs. The model is sent the
    tool's input schema, or with ``target`` that schema converted for the
    provider's strict mode (``strict`` set); the component checks each call,
    and the function is called with the bound arguments as keywords (after the
    :class:`~pydantic_ai.RunContext` when ``takes_ctx``).

    ``target``, ``takes_ctx`` and ``max_retries`` given here are every tool's
    unless :meth:`add` gives its own; ``max_retries`` None is the agent's.
    """

    def __init__(
        self,
        tools: Iterable[tuple[ToolLike, Callable[..., Any]]] = (),
        *,
        target: Target | None = None,
        takes_ctx: bool = False,
        max_retries: int | None = None,
        id: str | None = None,
    ):
        self._target = target
        self._takes_ctx = takes_ctx
        self._max_retries = max_retries
        self._id = id
        self._tools: dict[str, tuple[Adapted, int | None]] = {}
        for tool, function in tools:
            self.add(tool, function)

    @property
    def id(self) -> str | None:
        return self._id

    def add(
        self,
        tool: ToolLike,
        function: Callable[..., Any],
        *,
        target: Target | None = None,
        takes_ctx: bool | None = None,
        max_retries: int | None = None,
    ) -> None:
        """Adds one of our tools with the function it runs. A tool whose name
        the toolset already has is a ``ValueError``."""
        adapted = Adapted(
            tool,
            function,
            target=self._target if target is None else target,
            takes_context=self._takes_ctx if takes_ctx is None else takes_ctx,
            framework="Pydantic AI",
        )
        if adapted.name in self._tools:
            raise ValueError(f"the toolset already has a tool named {adapted.name!r}")
        self._tools[adapted.name] = (adapted, self._max_retries if max_retries is None else max_retries)

    def tool(
        self,
        tool: ToolLike,
        *,
        target: Target | None = None,
        takes_ctx: bool | None = None,
        max_retries: int | None = None,
    ) -> Callable[[F], F]:
        """A decorator: ``@toolset.tool(our_tool)`` adds the function it
        decorates (and returns it unchanged)."""

        def decorate(function: F) -> F:
            self.add(tool, function, target=target, takes_ctx=takes_ctx, max_retries=max_retries)
            return function

        return decorate

    async def get_tools(self, ctx: RunContext[Any]) -> dict[str, ToolsetTool[Any]]:
        tools: dict[str, ToolsetTool[Any]] = {}
        for name, (adapted, max_retries) in self._tools.items():
            tools[name] = ToolsetTool(
                toolset=self,
                tool_def=ToolDefinition(
                    name=name,
                    parameters_json_schema=adapted.schema(),
                    description=adapted.description or None,
                    strict=True if adapted.converted is not None else None,
                ),
                max_retries=ctx.max_retries if max_retries is None else max_retries,
                args_validator=ArgumentsValidator(adapted),
            )
        return tools

    async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]) -> Any:
        """Runs the function with the arguments the component bound, and gives
        Pydantic AI what the component encoded: the text the model reads (JSON
        text for a JSON value; None for no content), or a
        :class:`~pydantic_ai.ToolFailed` for an error result. A tool whose
        descriptor has ``requiresApproval`` asks for approval
        (:class:`~pydantic_ai.ApprovalRequired`) until the call is approved."""
        adapted, _ = self._tools[name]
        if adapted.tool.info.requires_approval and not ctx.tool_call_approved:
            raise ApprovalRequired()
        result = await adapted.run(tool_args, ctx, passthrough=_PASSTHROUGH)
        if result.is_error:
            raise ToolFailed(result.text)
        return result.text if result.parts else None
