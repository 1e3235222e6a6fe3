"""Tools compiled once (the WIT ``tools`` interface): :class:`Tool` and
:class:`Converted`, made by :meth:`Runtime.tool` and :meth:`Runtime.tools`.

A tool's input schema is compiled (and its return type resolved) when it is
made; then every call validates, encodes, converts and restores with nothing
compiled again. Each object holds a resource of the runtime's instance:
``close()`` (or ``with``) releases it at once, and one that is
garbage-collected is released at the runtime's next call (its
``weakref.finalize`` queues the release, since a finalizer may run in the
middle of another call).

A tool keeps what it was made from. After a trap the runtime replaces its
instance, and a tool (or a converted schema) made in the old one is made
again in the fresh one, transparently, the next time it is used
(:attr:`Tool.compilations` counts it).
"""

from __future__ import annotations

import json
import weakref
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Union

from wasmtime.component import Record

from ._jsontext import object_members
from ._model import (
    AlsoValidFor,
    Change,
    Checked,
    ClosedError,
    DeadBranch,
    DescribeError,
    DownconvertError,
    EncodeError,
    FormatMode,
    Limits,
    Outcome,
    SchemaError,
    Target,
    ToolInfo,
    ToolResult,
)
from ._runtime import (
    JsonInput,
    Runtime,
    _also_valid_for,
    _arg_error,
    _change,
    _dead_branch,
    _diagnostic,
    _json_text,
    _lower_outcome,
    _lower_target,
    _schema_text,
    _tool_info,
    _tool_result,
    _validate_options,
)

#: What a tool is made from: a method or class descriptor, or a tool described
#: by its schemas (a mapping with ``inputSchema``), as a mapping or its JSON
#: text.
ToolSource = Union[str, bytes, bytearray, Mapping[str, Any]]

_OPTIONS = ("formats", "anyValue", "limits")
_LIMITS = {
    "maxArgumentBytes": "max_argument_bytes",
    "maxArgumentDepth": "max_argument_depth",
    "maxSchemaBytes": "max_schema_bytes",
    "maxSchemaDepth": "max_schema_depth",
    "regexBacktrackLimit": "regex_backtrack_limit",
}


def limits_from_json(value: Mapping[str, Any]) -> Limits:
    """:class:`Limits` from their JSON form (``maxArgumentBytes``, …), every
    one given."""
    missing = [name for name in _LIMITS if name not in value]
    if missing:
        raise ValueError(f"limits need {', '.join(_LIMITS)}; missing: {', '.join(missing)}")
    return Limits(**{field: value[name] for name, field in _LIMITS.items()})


@dataclass(frozen=True)
class _FromDescriptor:
    """The tool at ``index`` of those a descriptor (JSON text) describes."""

    descriptor: str
    index: int = 0


@dataclass(frozen=True)
class _FromSchema:
    """A tool described by its schemas: ``from-schema``'s arguments."""

    name: str
    description: str
    input_schema: str
    output_schema: str | None
    options: Record | None


_Recipe = Union[_FromDescriptor, _FromSchema]


def _options(options: Any) -> Record | None:
    """``validate-options`` from a tool's ``options`` member: ``formats``
    (``"assert"``, the default, or ``"annotate"``), ``anyValue`` (default
    false) and ``limits`` (a :class:`Limits` or their JSON form; default the
    documented ones)."""
    if options is None:
        return None
    if not isinstance(options, Mapping):
        raise TypeError(f"a tool's options are a mapping, not {type(options).__name__}")
    unknown = [name for name in options if name not in _OPTIONS]
    if unknown:
        raise ValueError(f"unknown tool options {unknown}: the options are {', '.join(_OPTIONS)}")
    any_value = options.get("anyValue", False)
    if not isinstance(any_value, bool):
        raise TypeError(f"the option anyValue is a bool, not {type(any_value).__name__}")
    limits = options.get("limits")
    if limits is not None and not isinstance(limits, Limits):
        if not isinstance(limits, Mapping):
            raise TypeError(f"the option limits is a Limits or a mapping, not {type(limits).__name__}")
        limits = limits_from_json(limits)
    return _validate_options(options.get("formats", FormatMode.ASSERT), any_value, limits)


def _from_schema(source: Mapping[str, Any], exact: Mapping[str, str]) -> _FromSchema:
    """A tool described by its schemas, from its members; ``exact`` holds the
    schemas' texts when the source was JSON text (a ``str`` member value is
    JSON text too, as everywhere in the package)."""
    name = source.get("name")
    if not isinstance(name, str):
        raise TypeError(f"a tool described by its schemas needs a name (a str), not {type(name).__name__}")
    description = source.get("description")
    if description is None:
        description = ""
    elif not isinstance(description, str):
        raise TypeError(f"a tool's description is a str, not {type(description).__name__}")
    input_schema = exact.get("inputSchema") or _schema_text(source["inputSchema"], "inputSchema")
    output_schema = None
    if source.get("outputSchema") is not None:
        output_schema = exact.get("outputSchema") or _schema_text(source["outputSchema"], "outputSchema")
    return _FromSchema(name, description, input_schema, output_schema, _options(source.get("options")))


def _recipe(source: ToolSource) -> _Recipe:
    if isinstance(source, Mapping):
        if "inputSchema" in source:
            return _from_schema(source, {})
        return _FromDescriptor(_json_text(source, "descriptor"))
    if not isinstance(source, (str, bytes, bytearray)):
        raise TypeError(f"a tool is made from a descriptor or schemas, as a mapping or JSON text, not {type(source).__name__}")
    text = _json_text(source, "descriptor")
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        # Not JSON: the component says what is wrong with it, as a descriptor.
        parsed = None
    if isinstance(parsed, dict) and "inputSchema" in parsed:
        spans = object_members(text)
        exact = {k: text[a:b] for k, (a, b) in spans.items() if k in ("inputSchema", "outputSchema")}
        return _from_schema(parsed, exact)
    return _FromDescriptor(text)


def _make(rt: Runtime, recipe: _Recipe) -> list[Any]:
    """Makes the tools of a recipe in the current instance (the runtime's lock
    held): their handles. Raises on a refusal."""
    if isinstance(recipe, _FromSchema):
        answer = rt._call(
            "tools",
            "[static]tool.from-schema",
            recipe.name,
            recipe.description,
            recipe.input_schema,
            recipe.output_schema,
            recipe.options,
        )
        # A tool or a list: wasmtime-py gives this result untagged.
        if isinstance(answer, list):
            raise SchemaError([_diagnostic(d) for d in answer])
        return [answer]
    # Both cases are lists, so this result comes tagged.
    answer = rt._call("tools", "[static]tool.from-descriptor", recipe.descriptor)
    if answer.tag == "err":
        raise DescribeError([_diagnostic(d) for d in answer.payload])
    handles: list[Any] = answer.payload
    return handles


def _make_one(rt: Runtime, recipe: _Recipe) -> Any:
    """The handle of the recipe's one tool, made again (the others a class
    descriptor describes are released at once)."""
    handles = _make(rt, recipe)
    index = recipe.index if isinstance(recipe, _FromDescriptor) else 0
    for i, handle in enumerate(handles):
        if i != index:
            rt._drop(handle)
    return handles[index]


def _release(rt: Runtime, generation: int, handle: Any) -> None:
    """Releases a handle now, unless its instance has been replaced."""
    if generation == rt._current.generation:
        rt._drop(handle)


def _convert(rt: Runtime, tool: Any, target: Any) -> Any:
    answer = rt._call("tools", "[method]tool.convert", tool, target)
    # A converted schema or a list: untagged.
    if isinstance(answer, list):
        raise DownconvertError([_diagnostic(d) for d in answer])
    return answer


def _checked(answer: Any) -> Checked:
    # valid(string) or invalid(list): the cases differ in class, so untagged.
    if isinstance(answer, str):
        return Checked(True, text=answer)
    return Checked(False, errors=[_arg_error(e) for e in answer])


def make_tools(rt: Runtime, source: ToolSource) -> list[Tool]:
    """Every tool ``source`` describes, made in ``rt`` (:meth:`Runtime.tools`)."""
    recipe = _recipe(source)
    with rt._lock:
        rt._drain_drops()
        handles = _make(rt, recipe)
        if isinstance(recipe, _FromDescriptor):
            return [Tool(rt, replace(recipe, index=i), h) for i, h in enumerate(handles)]
        return [Tool(rt, recipe, h) for h in handles]


class _Resource(ABC):
    """A handle of the runtime's current instance, released by :meth:`close`
    or, once garbage-collected, at the runtime's next call."""

    def __init__(self, runtime: Runtime, handle: Any):
        self._runtime = runtime
        self._closed = False
        self._hold(handle)

    def _hold(self, handle: Any) -> None:
        rt = self._runtime
        self._handle = handle
        self._generation = rt._current.generation
        self._finalizer = weakref.finalize(self, rt._pending_drops.append, (self._generation, handle))
        self._finalizer.atexit = False

    def _live(self) -> Any:
        """The handle in the current instance, made again if it was replaced
        (the runtime's lock held)."""
        if self._closed:
            raise ClosedError(self._closed_message())
        rt = self._runtime
        rt._drain_drops()
        if self._generation != rt._current.generation:
            handle = self._remake()
            self._finalizer.detach()
            self._hold(handle)
        return self._handle

    @abstractmethod
    def _remake(self) -> Any:
        """Makes it again in the current instance: its new handle."""

    @abstractmethod
    def _closed_message(self) -> str:
        """What a use after close() is told."""

    def close(self) -> None:
        """Releases it in the component now. Closing twice is harmless."""
        rt = self._runtime
        with rt._lock:
            if self._closed:
                return
            self._closed = True
            self._finalizer.detach()
            _release(rt, self._generation, self._handle)
            self._handle = None

    @property
    def closed(self) -> bool:
        return self._closed


class Tool(_Resource):
    """A tool compiled once (the WIT ``tool`` resource): made by
    :func:`tool_schema.tool` or :meth:`Runtime.tool`, never directly.

    Its input schema is compiled when it is made (a descriptor's return type
    at its first returned value), and nothing is compiled again: every call
    is validated (:meth:`validate`), every outcome encoded (:meth:`encode`),
    and the schema converted for a provider (:meth:`convert`).

    Close it (or use it as a context manager) to release it in the component
    at once; a tool that is garbage-collected is released at its runtime's
    next call. After a trap the tool is made again from what it was made from,
    transparently, the next time it is used (``compilations`` says how many
    times it has been made).
    """

    #: What describes it to a model, and how it is run.
    info: ToolInfo
    #: How many times it has been made: 1, plus one for each instance that
    #: replaced one it was made in (after a trap).
    compilations: int

    def __init__(self, runtime: Runtime, recipe: _Recipe, handle: Any):
        # The runtime's lock is held (make_tools).
        super().__init__(runtime, handle)
        self._recipe = recipe
        self.compilations = 1
        self.info = _tool_info(runtime._call("tools", "[method]tool.info", handle))

    def _remake(self) -> Any:
        handle = _make_one(self._runtime, self._recipe)
        self.compilations += 1
        return handle

    def _closed_message(self) -> str:
        return f"the tool {self.info.name!r} is closed: make it again to use it"

    def validate(self, args: JsonInput) -> Checked:
        """Checks the model's arguments (JSON text or a value) and binds them.
        Invalid arguments are an answer (``ok`` false, with every error), not
        an exception."""
        text = _json_text(args, "args")
        rt = self._runtime
        with rt._lock:
            answer = rt._call("tools", "[method]tool.validate", self._live(), text)
        return _checked(answer)

    __call__ = validate

    def encode(self, outcome: Outcome) -> ToolResult:
        """What the model receives for the outcome of one call, for this
        tool's return type (a tool described by its schemas: any value,
        checked against its output schema, a string as text). A value that
        does not fit is the host's bug: :class:`EncodeError`."""
        lowered = _lower_outcome(outcome)
        rt = self._runtime
        with rt._lock:
            answer = rt._call("tools", "[method]tool.encode", self._live(), lowered)
        # A tool result or a list: untagged.
        if isinstance(answer, list):
            raise EncodeError([_diagnostic(d) for d in answer])
        return _tool_result(answer)

    def convert(self, target: Target) -> Converted:
        """The input schema converted for a provider's strict mode (a
        :class:`Converted`, ready to restore the model's answers). Raises
        :class:`DownconvertError` as :func:`downconvert` does."""
        lowered = _lower_target(target)
        rt = self._runtime
        with rt._lock:
            return Converted(self, target, lowered, _convert(rt, self._live(), lowered))

    def __enter__(self) -> Tool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Tool {self.info.name!r} {'closed' if self._closed else 'open'}>"


class Converted(_Resource):
    """A tool's input schema converted for one provider, and the way back
    (the WIT ``converted`` resource): made by :meth:`Tool.convert`.

    It keeps its tool alive, and is released as a tool is (``close()``,
    ``with``, or garbage collection). After a trap it is converted again,
    transparently, when :meth:`restore` is next called.

    ``also_valid_for`` and ``dead`` are asked of the component when first
    read, and kept.
    """

    #: The target it was converted for, as given.
    target: Target
    #: The schema for the provider, parsed, and as the component wrote it.
    schema: Any
    schema_text: str
    #: Every change made, in the order the component made them.
    changes: list[Change]
    #: True when no constraint became only a hint (text in a description).
    lossless: bool

    def __init__(self, tool: Tool, target: Target, lowered: Any, handle: Any):
        # The runtime's lock is held (Tool.convert).
        rt = tool._runtime
        super().__init__(rt, handle)
        self._tool = tool
        self._lowered = lowered
        self.target = target
        self.schema_text = rt._call("tools", "[method]converted.schema", handle)
        self.schema = json.loads(self.schema_text)
        changes = rt._call("tools", "[method]converted.changes", handle)
        self.changes = [c if isinstance(c, Change) else _change(c) for c in changes]
        self.lossless = rt._call("tools", "[method]converted.lossless", handle)
        self._also_valid_for: AlsoValidFor | None = None
        self._dead: tuple[DeadBranch, ...] | None = None

    @property
    def also_valid_for(self) -> AlsoValidFor:
        """The built-in surfaces (by name, in the order of
        :func:`tool_schema.providers`) that take the tool's input schema, and
        the converted one, as they are: asked when first read, then kept."""
        found = self._also_valid_for
        if found is None:
            rt = self._runtime
            with rt._lock:
                answer = rt._call("tools", "[method]converted.also-valid-for", self._live())
            found = self._also_valid_for = _also_valid_for(answer)
        return found

    @property
    def dead(self) -> tuple[DeadBranch, ...]:
        """What of the tool's input schema no finite value satisfies (an
        empty ``enum``, ``not: {}``, contradictory bounds, a required
        recursion), each a :class:`DeadBranch`: asked when first read, then
        kept."""
        found = self._dead
        if found is None:
            rt = self._runtime
            with rt._lock:
                answer = rt._call("tools", "[method]converted.dead", self._live())
            found = self._dead = tuple(_dead_branch(d) for d in answer)
        return found

    def _remake(self) -> Any:
        rt, tool = self._runtime, self._tool
        if not tool.closed:
            return _convert(rt, tool._live(), self._lowered)
        # Its tool was closed: made again only for this conversion.
        source = _make_one(rt, tool._recipe)
        generation = rt._current.generation
        try:
            return _convert(rt, source, self._lowered)
        finally:
            _release(rt, generation, source)

    def _closed_message(self) -> str:
        return f"the schema of {self._tool.info.name!r} converted for {self.target!r} is closed: convert the tool again"

    def restore(self, args: JsonInput) -> Checked:
        """The model's answer to the converted schema (JSON text or a value),
        turned back into the tool's bound arguments and checked, as
        :meth:`Tool.validate` checks them (nothing is compiled)."""
        text = _json_text(args, "args")
        rt = self._runtime
        with rt._lock:
            answer = rt._call("tools", "[method]converted.restore", self._live(), text)
        return _checked(answer)

    def __enter__(self) -> Converted:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "open"
        return f"<Converted {self._tool.info.name!r} for {self.target!r} {state}>"
