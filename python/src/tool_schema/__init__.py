"""tool-schema for Python: the tool-schema WebAssembly component, run by wasmtime.

Describe a tool from its descriptor or its C# source, check the arguments a model sends against
its input schema, turn the tool's outcome into the content the model receives,
and convert a schema for a provider's strict mode and the model's answer back —
with byte for byte the answers of every other host of the same ``.wasm``::

    import tool_schema
    tool = tool_schema.describe_tool(open("examples/get-docket.json").read())
    print(*tool_schema.validate_args(tool, '{"limit": 500}').errors, sep="\\n")

A :class:`Tool` (:func:`tool`) is compiled once and then validates, encodes
and converts for its whole life without compiling again::

    docket = tool_schema.tool(open("examples/get-docket.json").read())
    checked = docket.validate({"limit": 500})   # checked.ok is False

The functions here use one shared :class:`Runtime`, made on first use; make
your own :class:`Runtime` for other limits.
"""

from __future__ import annotations

import threading
from typing import Any, List, Mapping, Optional, Sequence, Union, overload

from ._engine import default_cache_dir
from ._model import (
    AlsoValidFor,
    ArgError,
    BudgetPlan,
    Change,
    Checked,
    ClosedError,
    Custom,
    DeadBranch,
    DescribedTool,
    DescribeError,
    Diagnostic,
    DiagnosticsError,
    Downconverted,
    DownconvertError,
    EncodeError,
    FormatMode,
    InvalidArguments,
    InvalidArgumentsError,
    JsonPart,
    Limits,
    Mode,
    Outcome,
    OverLimit,
    Part,
    Placement,
    Provider,
    ProviderInfo,
    Returned,
    ReturnedNothing,
    ReturnedParts,
    ReturnedToolResult,
    SchemaError,
    SourceDescriptor,
    SourceDiagnostic,
    SourceError,
    SourceTools,
    Target,
    TextError,
    TextPart,
    Threw,
    TimedOut,
    ToolBudget,
    ToolInfo,
    ToolResult,
    ToolSchemaError,
    TrapError,
    ValidationResult,
)
from ._runtime import (
    DEFAULT_DEADLINE,
    DEFAULT_FUEL,
    DEFAULT_MEMORY_LIMIT,
    DEFAULT_WORK_BUDGET,
    JsonInput,
    Runtime,
    RuntimeInfo,
    SchemaInput,
    SourceFiles,
    SourcePath,
    Validator,
)
from ._tools import Converted, Tool, ToolSource

__all__ = [
    "AlsoValidFor",
    "ArgError",
    "BudgetPlan",
    "Change",
    "Checked",
    "ClosedError",
    "Converted",
    "Custom",
    "DEFAULT_DEADLINE",
    "DEFAULT_FUEL",
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_WORK_BUDGET",
    "DeadBranch",
    "DescribeError",
    "DescribedTool",
    "Diagnostic",
    "DiagnosticsError",
    "Downconverted",
    "DownconvertError",
    "EncodeError",
    "FormatMode",
    "InvalidArguments",
    "InvalidArgumentsError",
    "JsonInput",
    "JsonPart",
    "Limits",
    "Mode",
    "Outcome",
    "OverLimit",
    "Part",
    "Placement",
    "Provider",
    "ProviderInfo",
    "Returned",
    "ReturnedNothing",
    "ReturnedParts",
    "ReturnedToolResult",
    "Runtime",
    "RuntimeInfo",
    "SchemaError",
    "SchemaInput",
    "SourceDescriptor",
    "SourceDiagnostic",
    "SourceError",
    "SourceFiles",
    "SourcePath",
    "SourceTools",
    "Target",
    "TextError",
    "TextPart",
    "Threw",
    "TimedOut",
    "Tool",
    "ToolBudget",
    "ToolInfo",
    "ToolResult",
    "ToolSchemaError",
    "ToolSource",
    "TrapError",
    "ValidationResult",
    "Validator",
    "budget",
    "budget_plan",
    "default_cache_dir",
    "default_limits",
    "describe_source",
    "describe_tool",
    "describe_tools",
    "describe_type",
    "downconvert",
    "encode_result",
    "flatten_doc",
    "provider_profile",
    "providers",
    "restore_args",
    "runtime",
    "schemas_compiled",
    "source_descriptor",
    "tool",
    "tool_name",
    "tools",
    "validate_args",
]

_default: Optional[Runtime] = None
_default_lock = threading.Lock()


def runtime() -> Runtime:
    """The shared runtime the functions below use, made on first use with the
    default limits (loading the compiled component from the cache, or compiling
    and caching it)."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Runtime()
    return _default


def describe_tool(descriptor: JsonInput) -> DescribedTool:
    """Describes the tool of a method descriptor (JSON text or a mapping).

    Raises :class:`DescribeError` with every diagnostic when the contract refuses it.
    """
    return runtime().describe_tool(descriptor)


def describe_tools(descriptor: JsonInput) -> List[DescribedTool]:
    """Describes every tool of a descriptor (a class's methods, or one method)."""
    return runtime().describe_tools(descriptor)


def describe_source(
    files: SourceFiles,
    *,
    mode: Union[Mode, str] = Mode.GENERATOR,
    naming: Optional[str] = None,
) -> SourceTools:
    """Describes every ``[Tool]`` method in C# source files (a mapping of path
    to text, or ``(path, text)`` pairs), as the ``[Tool]`` generator would.

    The answer has ``tools`` (always a list), the component's exact ``json``
    (the tool object for one tool, else an array) and ``warnings``. Raises
    :class:`SourceError`, a :class:`DescribeError` whose diagnostics are
    :class:`SourceDiagnostic` with file, line and column.
    """
    return runtime().describe_source(files, mode=mode, naming=naming)


def source_descriptor(
    files: SourceFiles,
    *,
    mode: Union[Mode, str] = Mode.GENERATOR,
    naming: Optional[str] = None,
) -> SourceDescriptor:
    """The descriptor C# source files describe to, as JSON text, with every
    problem of the source text as a warning; :class:`SourceError` only when
    there is nothing to write (no ``[Tool]`` method, a limit)."""
    return runtime().source_descriptor(files, mode=mode, naming=naming)


def describe_type(
    type_expr: str,
    *,
    types: Union[str, Mapping[str, Any], None] = None,
    naming: Optional[str] = None,
    mode: Union[Mode, str] = Mode.GENERATOR,
) -> str:
    """The schema of one C# type expression, as compact JSON text."""
    return runtime().describe_type(type_expr, types=types, naming=naming, mode=mode)


def tool_name(method: str) -> str:
    """The contract's default tool name for a method name."""
    return runtime().tool_name(method)


def flatten_doc(xml: str) -> str:
    """Doc-comment XML flattened to one line."""
    return runtime().flatten_doc(xml)


def validate_args(schema: SchemaInput, args: JsonInput) -> ValidationResult:
    """Checks arguments against a schema (or a :class:`ToolInfo`'s input
    schema) in one call, with the default options. For many calls to one
    tool, a :class:`Tool` or a :class:`Validator` compiles the schema once."""
    return runtime().validate_args(schema, args)


def default_limits() -> Limits:
    """The documented default limits of one validation."""
    return runtime().default_limits()


def encode_result(
    tool_name: str,
    return_type: str,
    outcome: Outcome,
    *,
    types: Union[str, Mapping[str, Any], None] = None,
    naming: Optional[str] = None,
    mode: Union[Mode, str] = Mode.GENERATOR,
    ends_loop: bool = False,
) -> ToolResult:
    """What the model receives for a tool's outcome; :class:`EncodeError` when
    the outcome does not fit the return type."""
    return runtime().encode_result(
        tool_name, return_type, outcome, types=types, naming=naming, mode=mode, ends_loop=ends_loop
    )


def downconvert(schema: SchemaInput, target: Target) -> Downconverted:
    """A schema converted for a provider's strict mode, with every change made.

    ``target`` is a built-in surface's name or alias (``"openai-chat"``,
    ``"openai"``, ``"bedrock-converse"``, … as :func:`providers` lists them;
    or a :class:`Provider`), or ``Custom(profile_json)``. A keyword the
    target does not take is removed and its meaning appended to the node's
    description; ``lossless`` says whether any constraint became only a
    hint; ``also_valid_for`` names the surfaces that take the given and the
    converted schema as they are, and ``dead`` what of the given schema no
    value satisfies (these and ``changes`` are made when first read, by one
    more conversion). Raises :class:`DownconvertError` when the schema or
    the target is refused (``OLP001`` for a name no surface has).
    """
    return runtime().downconvert(schema, target)


def restore_args(original_schema: SchemaInput, target: Target, args: JsonInput) -> ValidationResult:
    """The model's answer to the schema converted for ``target``, turned back
    into arguments for ``original_schema`` (pairs to a dictionary, JSON text to
    its value, null for an optional property to absent), then validated and
    bound as :func:`validate_args` does."""
    return runtime().restore_args(original_schema, target, args)


def provider_profile(name: Union[Provider, str]) -> str:
    """A built-in surface's profile as JSON text (the form :class:`Custom`
    takes), by its name or an alias; :class:`DownconvertError` (``OLP001``)
    for an unknown name."""
    return runtime().provider_profile(name)


def providers() -> List[ProviderInfo]:
    """Every built-in request surface, in the component's order: each a
    :class:`ProviderInfo` (``name``, ``aliases``, ``surface``,
    ``oldest_rule``, ``unchecked_rules``). Its names and aliases are the
    targets :func:`downconvert` takes as strings."""
    return runtime().providers()


def budget(schemas: Sequence[SchemaInput], target: Target) -> List[OverLimit]:
    """Every limit the provider documents that one request's tools are over.

    ``schemas`` is every tool's input schema (each JSON text, a mapping or a
    :class:`ToolInfo`); each is converted for ``target`` and the set is measured
    against the limits of the target's profile. An :class:`OverLimit` of one
    schema has its index in ``schemas`` as ``tool``; one of the request's tools
    together has ``tool`` None. An empty list when the set fits. Raises
    :class:`DownconvertError` when a schema cannot be converted (each
    diagnostic's path under ``tools[i]``) or the target is refused.
    """
    return runtime().budget(schemas, target)


@overload
def budget_plan(schemas: Sequence[SchemaInput], names: Optional[Sequence[str]], target: Target) -> BudgetPlan: ...


@overload
def budget_plan(schemas: Sequence[SchemaInput], names: Optional[Sequence[str]] = None, *, target: Target) -> BudgetPlan: ...


def budget_plan(
    schemas: Sequence[SchemaInput], names: Optional[Sequence[str]] = None, target: Optional[Target] = None
) -> BudgetPlan:
    """:func:`budget` per tool, with a plan: a :class:`BudgetPlan` whose
    ``tools`` say, for each schema in order, whether it is sent strict,
    non-strict (as given, with strict mode off) or left out of the request
    (:class:`Placement`), each with the limits it alone is over and why, so
    that the request is within every limit the surface documents (strict
    tools first come, first served); ``over`` is what :func:`budget`
    answers. ``names`` are the tools' names, one per schema (checked against
    the surface's rule for names), or None. ``target`` is required, the
    third argument or a keyword: ``budget_plan(schemas, target="anthropic")``.
    Raises :class:`DownconvertError` as :func:`budget` does.
    """
    if target is None:
        raise TypeError("budget_plan needs a target")
    return runtime().budget_plan(schemas, names, target)


def tool(source: ToolSource) -> Tool:
    """A :class:`Tool` compiled once, for its whole life: from a method
    descriptor, or from its schemas (a mapping, or its JSON text, with
    ``name``, ``inputSchema`` and optionally ``description``,
    ``outputSchema``, ``options``).

    ``tool.validate(args)`` answers invalid arguments with a :class:`Checked`
    whose ``ok`` is false, never an exception. A refused descriptor raises
    :class:`DescribeError`, an unusable schema :class:`SchemaError`; a class
    descriptor of several tools is a ``ValueError``: use :func:`tools`.
    """
    return runtime().tool(source)


def tools(source: ToolSource) -> List[Tool]:
    """Every tool a descriptor describes, each compiled once (one per tool
    method of a class descriptor)."""
    return runtime().tools(source)


def schemas_compiled() -> int:
    """How many schemas the shared runtime's instance has compiled: a
    :class:`Tool` compiles when it is made, not when it is called."""
    return runtime().schemas_compiled()
