"""What the framework adapters share (:mod:`tool_schema.pydantic_ai`,
:mod:`tool_schema.mcp`, :mod:`tool_schema.openai_agents`): one of our tools
with the function it runs.

An :class:`Adapted` tool gives a framework the schema it sends (the tool's
input schema, or that schema converted for a provider's strict mode), checks
each call with the component (``Tool.validate``, or ``Converted.restore`` for a
converted schema), runs the function with the bound arguments, and encodes
what happened with the component (``Tool.encode``): invalid arguments, a
returned value, an exception, a timeout. Each adapter only moves these answers
into its framework's own forms; none of them validates, converts or encodes.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
from collections.abc import Callable, Mapping
from typing import Any, Union

import anyio
import anyio.to_thread

from ._model import (
    InvalidArguments,
    JsonPart,
    Outcome,
    Returned,
    ReturnedNothing,
    ReturnedParts,
    ReturnedToolResult,
    Target,
    TextError,
    TextPart,
    Threw,
    TimedOut,
    ToolResult,
)
from ._tools import Converted, Tool, ToolSource

#: What an adapter takes: one of our :class:`Tool`\\ s, or what one is made from
#: (a method descriptor, or a tool described by its schemas), made with the
#: shared runtime.
ToolLike = Union[Tool, ToolSource]

_OUTCOMES = (Returned, ReturnedNothing, ReturnedParts, ReturnedToolResult, Threw, TimedOut, InvalidArguments)


def as_tool(tool: ToolLike) -> Tool:
    """``tool`` itself, or the :class:`Tool` made from it with the shared
    runtime (:func:`tool_schema.tool`)."""
    if isinstance(tool, Tool):
        return tool
    from . import tool as make_tool

    return make_tool(tool)


def _jsonable(value: Any) -> Any:
    """What :func:`json.dumps` writes for a value it does not know: a Pydantic
    model's JSON form, a dataclass's fields."""
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, type):
        return dump(mode="json", by_alias=True)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    raise TypeError(
        f"a tool's function returned a value of type {type(value).__name__!r}, which has no JSON form: return a JSON value "
        "(dict, list, str, int, float, bool, None), a dataclass, a Pydantic model, a ToolResult or an outcome"
    )


def json_text(value: Any) -> str:
    """A value the function returned as JSON text (``NaN`` and infinities are
    not JSON, and are refused)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_jsonable)


class Adapted:
    """One of our tools with the function it runs. The function is checked
    against the tool's input schema when it is adapted: it takes every
    declared argument by name (or ``**kwargs``), and each parameter a valid
    call can leave without a value has a default.

    ``target`` converts the schema the framework sends for a provider's strict
    mode (a built-in surface's name or alias, ``"openai"``,
    ``"openai-responses"``, …, a :class:`Provider` or :class:`Custom`); each
    call is then restored from the converted form before it is checked. ``takes_context`` passes the framework's context for the
    call as the function's first argument.
    """

    tool: Tool
    converted: Converted | None
    function: Callable[..., Any]
    takes_context: bool

    def __init__(
        self,
        tool: ToolLike,
        function: Callable[..., Any],
        *,
        target: Target | None = None,
        takes_context: bool = False,
        framework: str,
    ):
        self.tool = as_tool(tool)
        name = self.tool.info.name
        if not callable(function):
            raise TypeError(f"the function of the tool {name!r} is a {type(function).__name__}, not a callable")
        schema = self.tool.info.input_schema
        if not isinstance(schema, dict) or schema.get("type") != "object":
            declared = schema.get("type") if isinstance(schema, dict) else schema
            raise ValueError(
                f"{framework} takes a tool's arguments as a JSON object (an input schema with \"type\": \"object\"); "
                f"the input schema of {name!r} has type {json.dumps(declared)}"
            )
        _check_signature(function, name, schema, takes_context)
        self.function = function
        self.takes_context = takes_context
        self.converted = None if target is None else self.tool.convert(target)

    @property
    def name(self) -> str:
        return self.tool.info.name

    @property
    def description(self) -> str:
        return self.tool.info.description

    @property
    def schema_text(self) -> str:
        """The schema the framework sends, as the component wrote it."""
        return self.tool.info.input_schema_json if self.converted is None else self.converted.schema_text

    def schema(self) -> dict[str, Any]:
        """The schema the framework sends, parsed anew (a framework may change
        the copy it is given)."""
        parsed: dict[str, Any] = json.loads(self.schema_text)
        return parsed

    def bind(self, args: Any) -> dict[str, Any] | ToolResult:
        """The model's arguments (JSON text or a value) checked by the
        component: the bound arguments (defaults filled in, integral numbers in
        integer slots as integers), or the error result the model reads."""
        try:
            checked = self.tool.validate(args) if self.converted is None else self.converted.restore(args)
        except TextError as e:
            # Text the component cannot hold is refused before it is called;
            # the model reads why, as for any invalid arguments.
            return self.tool.encode(InvalidArguments([str(e)]))
        if not checked.ok:
            return self.tool.encode(InvalidArguments(checked.errors))
        bound = checked.value
        if not isinstance(bound, dict):  # an object schema binds an object
            raise TypeError(f"the component bound the arguments of {self.name!r} to a {type(bound).__name__}")
        return bound

    async def run(
        self,
        bound: Mapping[str, Any],
        context: Any = None,
        *,
        passthrough: tuple[type[BaseException], ...] = (),
    ) -> ToolResult:
        """Runs the function with the bound arguments and encodes what happened
        for the model: its returned value (checked against the output schema;
        an :class:`EncodeError` when it does not fit, the host's bug), an
        exception it raised (``Tool 'x' failed: …``, an error result), or the
        tool's timeout (``timeoutSeconds`` of its descriptor) passing.

        Exceptions of the ``passthrough`` classes (a framework's own signals,
        such as a request to retry) are raised as they are. A sync function runs
        in a worker thread."""
        leading = (context,) if self.takes_context else ()
        call = functools.partial(self.function, *leading, **bound)
        timeout = self.tool.info.timeout_seconds
        finished = False
        value: Any = None
        try:
            with anyio.move_on_after(timeout if timeout > 0 else None):
                if inspect.iscoroutinefunction(self.function):
                    value = await call()
                else:
                    value = await anyio.to_thread.run_sync(call, abandon_on_cancel=True)
                    if inspect.isawaitable(value):
                        value = await value
                finished = True
        except passthrough:
            raise
        except Exception as e:
            return self.tool.encode(Threw.from_exception(e))
        if not finished:
            return self.tool.encode(TimedOut(timeout))
        return self.tool.encode(self.outcome(value))

    def outcome(self, value: Any) -> Outcome:
        """The outcome a returned value is: an outcome or a :class:`ToolResult`
        as it is, a list of parts as parts, ``None`` as nothing for a tool that
        declares no output (else as ``null``), anything else as its JSON."""
        if isinstance(value, _OUTCOMES):
            return value
        if isinstance(value, ToolResult):
            return ReturnedToolResult(value)
        if isinstance(value, (list, tuple)) and value and all(isinstance(p, (TextPart, JsonPart)) for p in value):
            return ReturnedParts(list(value))
        if value is None and self.tool.info.output_schema is None:
            return ReturnedNothing()
        return Returned(json_text(value))


def _check_signature(function: Callable[..., Any], name: str, schema: dict[str, Any], takes_context: bool) -> None:
    """Refuses a function that cannot take every call of the tool by name: one
    without a parameter for a declared argument (and no ``**kwargs``), or with
    a parameter that a valid call may leave without a value (one the tool does
    not declare, or an optional argument with no default in the schema) and
    no default of its own."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return  # a callable without a signature: nothing to check before the call
    params = list(signature.parameters.values())
    if takes_context:
        if params and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD):
            params = params[1:]
        elif not any(p.kind is p.VAR_POSITIONAL for p in params):
            raise TypeError(
                f"the function of the tool {name!r} takes the context first, but has no positional parameter for it"
            )
    properties = schema.get("properties")
    declared = properties if isinstance(properties, dict) else {}
    required = set(schema.get("required") or ())
    by_name = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    if not any(p.kind is p.VAR_KEYWORD for p in params):
        missing = [arg for arg in declared if arg not in by_name]
        if missing:
            raise TypeError(
                f"the function of the tool {name!r} has no parameter for the argument(s) "
                f"{', '.join(map(repr, missing))}: add one for each (or **kwargs)"
            )
    always_bound = required | {arg for arg, s in declared.items() if isinstance(s, dict) and "default" in s}
    unfilled = [
        p.name
        for p in params
        if p.default is p.empty
        and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        and (p.kind is p.POSITIONAL_ONLY or p.name not in always_bound)
    ]
    if unfilled:
        raise TypeError(
            f"the function of the tool {name!r} has parameter(s) {', '.join(map(repr, unfilled))} that a valid "
            "call may leave without a value (not an argument the tool requires or gives a default): "
            "give each a default"
        )
