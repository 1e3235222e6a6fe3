"""The package's public types: the WIT records, variants and enums as Python
dataclasses and enums, and the exceptions.

JSON crosses the boundary as text (the contract's keyword order and exact
numbers survive that way), so every JSON value here is a ``str`` unless a
field says it is parsed.
"""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, dataclass, field
from enum import Enum
from typing import Any, List, Literal, Mapping, Optional, Sequence, Tuple, Union


class Mode(str, Enum):
    """Which of the contract's two implementations to mirror (WIT ``mode``)."""

    #: The ``[Tool]`` source generator (the default).
    GENERATOR = "generator"
    #: ``Tool.Create(delegate)``: ``[Description]`` only, always camelCase.
    REFLECTION = "reflection"


class FormatMode(str, Enum):
    """How ``format`` and ``contentEncoding`` are treated (WIT ``format-mode``)."""

    #: The contract's choice (the default): formats are assertions.
    ASSERT = "assert"
    #: The specification's default: annotations only.
    ANNOTATE = "annotate"


class Provider(str, Enum):
    """A request surface built into the component, by its name (the WIT
    ``target`` case ``surface``), and the three names of the first release
    (the WIT cases without a payload), which are aliases of three surfaces.

    The component's own list is :func:`providers` (each surface's name and
    aliases, the request field it describes, the age of its rules): a
    surface's name or alias is a target as a ``str`` too, members or not.
    """

    #: OpenAI Chat Completions' strict function calling (``tools[].function.parameters``).
    OPENAI_CHAT = "openai-chat"
    #: OpenAI Responses API function tools (``tools[].parameters``).
    OPENAI_RESPONSES = "openai-responses"
    #: OpenAI structured outputs (``response_format`` and ``text.format`` of type ``json_schema``).
    OPENAI_STRUCTURED_OUTPUT = "openai-structured-output"
    #: Azure OpenAI chat completions' strict function tools and ``response_format``.
    AZURE_OPENAI = "azure-openai"
    #: Anthropic strict tool use (``tools[].input_schema``).
    ANTHROPIC_TOOLS = "anthropic-tools"
    #: Anthropic Messages API structured outputs (``output_config.format``).
    ANTHROPIC_OUTPUT = "anthropic-output"
    #: Amazon Bedrock Converse API strict tools (``toolSpec.inputSchema.json``).
    BEDROCK_CONVERSE = "bedrock-converse"
    #: Gemini API function declarations' ``parametersJsonSchema``.
    GEMINI_JSON = "gemini-json"
    #: Gemini API function declarations' ``parameters`` (its OpenAPI-subset ``Schema``).
    GEMINI_OPENAPI = "gemini-openapi"
    #: Vertex AI Gemini function declarations' ``parametersJsonSchema``.
    VERTEX = "vertex"
    #: Mistral chat completions' strict function tools and ``response_format``.
    MISTRAL = "mistral"
    #: Ollama ``/api/chat`` tools (``tools[].function.parameters``).
    OLLAMA = "ollama"
    #: llguidance's JSON Schema compiler (guided decoding in vLLM and SGLang).
    LLGUIDANCE = "llguidance"

    #: Anthropic strict tool use: the WIT case ``anthropic``, ``anthropic-tools``.
    ANTHROPIC = "anthropic"
    #: OpenAI strict function calling: the WIT case ``openai``, ``openai-chat``.
    OPENAI = "openai"
    #: Gemini function declarations: the WIT case ``gemini``, ``gemini-json``.
    GEMINI = "gemini"


@dataclass(frozen=True)
class Custom:
    """A provider profile of the host's own (the WIT ``target`` case ``custom``),
    in the form :func:`provider_profile` returns: JSON text, or a mapping that
    :func:`json.dumps` writes."""

    profile: Union[str, bytes, bytearray, Mapping[str, Any]]

    def __post_init__(self) -> None:
        if not isinstance(self.profile, (str, bytes, bytearray, Mapping)):
            raise TypeError(
                f"Custom(profile) takes the profile as JSON text or a mapping, not {type(self.profile).__name__}"
            )


#: What :func:`downconvert` converts for: a built-in surface by its name or
#: an alias (``"openai-responses"``, ``"openai"``, … as :func:`providers`
#: lists them, or a :class:`Provider` member), or a :class:`Custom` profile.
#: A name no surface has is refused by the component (``OLP001``).
Target = Union[Provider, str, Custom]


@dataclass(frozen=True)
class ProviderInfo:
    """A built-in request surface (:func:`providers`; WIT ``provider-info``)."""

    #: Its name, which a target takes (``"openai-chat"``).
    name: str
    #: Other names a target takes for it (``("openai",)``).
    aliases: Tuple[str, ...]
    #: The request field it describes, for a person.
    surface: str
    #: The date of its rule read longest ago (``YYYY-MM-DD``).
    oldest_rule: str
    #: How many of its rules could not be checked at the vendor
    #: (:func:`provider_profile` marks each ``"checked": false``).
    unchecked_rules: int


def _new_provider_info(name: str, aliases: List[str], surface: str, oldest_rule: str, unchecked_rules: int) -> ProviderInfo:
    return ProviderInfo(name, tuple(aliases), surface, oldest_rule, unchecked_rules)


@dataclass(frozen=True)
class AlsoValidFor:
    """The built-in surfaces (by name, in the order of :func:`providers`)
    that take a schema as it is (WIT ``also-valid-for``)."""

    #: Those that take the schema given.
    original: Tuple[str, ...] = ()
    #: Those that take the converted schema.
    converted: Tuple[str, ...] = ()


def _new_also_valid_for(original: List[str], converted: List[str]) -> AlsoValidFor:
    return AlsoValidFor(tuple(original), tuple(converted))


@dataclass(frozen=True)
class DeadBranch:
    """A part of the given schema that no finite value satisfies (an empty
    ``enum``, ``not: {}``, contradictory bounds, a required recursion): a
    fault of the schema, never a loss of the conversion (WIT ``dead-branch``)."""

    #: The node, as a JSON pointer into the given schema.
    pointer: str
    #: Why no value satisfies it, for a person.
    reason: str


@dataclass(frozen=True)
class Diagnostic:
    """One problem with an input (a descriptor, a schema, a returned value)."""

    #: ``OLT001``…, ``OLD001``…, ``OLC001``…, ``OLS001``…, ``OLE001``…, ``OLP001``…
    code: str
    #: One sentence for a person.
    message: str
    #: Where in the input (``parameters[1].type``; ``$`` for all of it).
    path: str

    def __str__(self) -> str:
        return f"{self.code} at {self.path}: {self.message}"


@dataclass(frozen=True, kw_only=True)
class SourceDiagnostic(Diagnostic):
    """A problem at its place in C# source (WIT ``source-diagnostic``):
    a :class:`Diagnostic` with the file, line and column.

    ``code`` is ``OLT…`` or ``OLD…`` as :func:`describe_tool` gives it, or
    ``OLC001``–``OLC005`` for the source text itself; ``path`` is where in the
    descriptor the source describes to (``$`` for the source text). ``file``,
    ``line`` and ``column`` are keyword-only.
    """

    #: The file's path as given; empty for a problem with the options.
    file: str
    #: 1-based, as Roslyn prints it; 0 for a problem with the options.
    line: int
    #: 1-based, in UTF-16 code units (as Roslyn counts), not code points: a
    #: character outside the Basic Multilingual Plane before it counts 2.
    #: 0 for a problem with the options.
    column: int

    def __str__(self) -> str:
        if not self.file:
            return super().__str__()
        return f"{self.file}({self.line},{self.column}): {self.code} at {self.path}: {self.message}"

    def msbuild(self, severity: Literal["error", "warning"] = "error") -> str:
        """The diagnostic as MSBuild prints one: ``File.cs(12,5): error OLT002:
        message``, or ``error OLT011: message`` when it has no file."""
        if severity not in ("error", "warning"):
            raise ValueError(f"severity must be 'error' or 'warning', not {severity!r}")
        if not self.file:
            return f"{severity} {self.code}: {self.message}"
        return f"{self.file}({self.line},{self.column}): {severity} {self.code}: {self.message}"


@dataclass(frozen=True)
class ArgError:
    """One thing wrong with a tool's arguments (WIT ``arg-error``).

    Every error the component gives has all six fields; ``location``,
    ``schema_location`` and ``params`` have defaults so that an error can be
    written by hand with the first three (for :class:`InvalidArguments`).
    """

    #: The argument as a caller reads it: ``items[2].qty``, ``$``.
    path: str
    #: The schema keyword that failed, or ``json``, ``limit``, ``schema``.
    keyword: str
    #: A sentence starting ``Argument '<path>' `` that a model can act on.
    message: str
    #: Where, step by step: member names (``str``) and array indices
    #: (``int``); empty for the arguments as a whole.
    location: tuple[str | int, ...] = ()
    #: The keyword that failed, as a JSON pointer into the schema
    #: (``/properties/limit/maximum``); empty for the texts themselves.
    schema_location: str = ""
    #: What the keyword wanted and what came, as the core writes it
    #: (``Params::to_value``): ``{"kind": "bound", "limit": "100",
    #: "value": "500"}``, ``kind`` the WIT case's name and then the case's
    #: fields in its order; a value shown is ``{"type": …, "text": … or None}``
    #: and an absent option is None. ``json.dumps(params, separators=(",",
    #: ":"), ensure_ascii=False)`` is the core's JSON text, byte for byte.
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Limits:
    """What one validation may read (WIT ``limits``); see :func:`default_limits`."""

    max_argument_bytes: int
    max_argument_depth: int
    max_schema_bytes: int
    max_schema_depth: int
    #: Most backtracking steps one ``pattern`` match may take.
    regex_backtrack_limit: int


@dataclass(frozen=True)
class TextPart:
    """A piece of content as text the model reads."""

    text: str


@dataclass(frozen=True)
class JsonPart:
    """A piece of content that is a JSON value (``json`` is JSON text)."""

    json: str

    def value(self) -> Any:
        """The JSON value, parsed with :func:`json.loads`."""
        return json.loads(self.json)


#: One piece of content (WIT ``part``).
Part = Union[TextPart, JsonPart]


@dataclass(frozen=True)
class ToolResult:
    """What the model receives for one tool call (WIT ``tool-result``)."""

    parts: Tuple[Part, ...] = ()
    is_error: bool = False
    #: For a tool with ``EndsLoop``: the returned value as JSON text.
    typed_result: Optional[str] = None

    @property
    def text(self) -> str:
        """The text parts, one per line (JSON parts as their JSON text)."""
        return "\n".join(p.text if isinstance(p, TextPart) else p.json for p in self.parts)


# What happened when the tool ran (WIT ``outcome``): one class per case.


@dataclass(frozen=True)
class Returned:
    """The tool returned a value, given as JSON text (a ``string`` as a JSON string)."""

    json: str


@dataclass(frozen=True)
class ReturnedNothing:
    """The tool returned nothing (``void``, ``Task``, ``ValueTask``)."""


@dataclass(frozen=True)
class ReturnedParts:
    """The tool returned content parts."""

    parts: Sequence[Part]


@dataclass(frozen=True)
class ReturnedToolResult:
    """The tool returned a ``ToolResult``, passed through."""

    result: ToolResult


@dataclass(frozen=True)
class Threw:
    """The tool threw: the exception's type name and message."""

    type_name: str
    message: str

    @classmethod
    def from_exception(cls, exc: BaseException) -> "Threw":
        """The outcome for a Python exception: its class name and ``str(exc)``."""
        return cls(type(exc).__name__, str(exc))


@dataclass(frozen=True)
class TimedOut:
    """The tool ran past its timeout, in seconds."""

    seconds: int


@dataclass(frozen=True)
class InvalidArguments:
    """The tool's arguments were refused by validation before it ran: the
    errors validation gave (:class:`ArgError`, whose ``message`` is what the
    model reads), or their messages."""

    errors: Sequence[ArgError | str]


Outcome = Union[Returned, ReturnedNothing, ReturnedParts, ReturnedToolResult, Threw, TimedOut, InvalidArguments]


@dataclass(frozen=True)
class ToolInfo:
    """What describes a tool to a model, and how it is run (WIT ``tool-info``):
    :attr:`Tool.info`, and the base of what :func:`describe_tool` gives.

    ``input_schema_json`` and ``output_schema_json`` are the component's exact
    texts, which is what validation should be given; the parsed values are
    for reading (they hold numbers as :func:`json.loads` reads them).
    """

    name: str
    description: str
    input_schema: Any = field(compare=False, repr=False)
    output_schema: Any | None = field(compare=False, repr=False)
    #: Its returned value ends the agent's loop.
    ends_loop: bool
    requires_approval: bool
    parallel_safe: bool
    #: 0: no timeout of its own.
    timeout_seconds: int
    input_schema_json: str = field(repr=False)
    output_schema_json: str | None = field(repr=False)


@dataclass(frozen=True)
class DescribedTool(ToolInfo):
    """A tool described by :func:`describe_tool`: the contract's tool object,
    with ``json``, the component's answer byte for byte (``input_schema_json``
    and ``output_schema_json`` are slices of it)."""

    json: str = field(repr=False)


#: A :class:`Checked` whose value is not parsed yet.
_UNPARSED: Any = object()


class Checked:
    """The model's arguments checked by a :class:`Tool` (WIT ``checked``):
    bound, or every error. Invalid arguments are an answer, not an exception.

    True in a boolean context when the arguments are valid. Immutable, and
    equal to another with the same fields.
    """

    __slots__ = ("ok", "text", "errors", "_value")

    #: The arguments are valid.
    ok: bool
    #: The bound arguments as the component wrote them, or None when invalid.
    text: str | None
    #: Every error, in the order of the arguments; empty when valid.
    errors: list[ArgError]
    _value: Any

    def __init__(
        self, ok: bool, value: Any = _UNPARSED, text: str | None = None, errors: Optional[List[ArgError]] = None
    ):
        for name, v in (("ok", ok), ("text", text), ("errors", [] if errors is None else errors), ("_value", value)):
            object.__setattr__(self, name, v)

    @property
    def value(self) -> Any:
        """The bound arguments parsed (integers exact), or None when invalid:
        parsed from :attr:`text` when first read, so a caller that passes the
        text on pays nothing for it."""
        value = self._value
        if value is _UNPARSED:
            value = None if self.text is None else json.loads(self.text)
            object.__setattr__(self, "_value", value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Checked):
            return NotImplemented
        return (self.ok, self.value, self.text, self.errors) == (other.ok, other.value, other.text, other.errors)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Checked(ok={self.ok!r}, value={self.value!r}, text={self.text!r}, errors={self.errors!r})"

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class ValidationResult:
    """The answer to one validation: bound arguments, or every error.

    True in a boolean context when the arguments are valid.
    """

    #: The arguments the tool receives (JSON text), or ``None`` when invalid.
    bound_args: Optional[str]
    #: Every error, in the order of the arguments; empty when valid.
    errors: Tuple[ArgError, ...] = ()

    @property
    def ok(self) -> bool:
        return self.bound_args is not None

    def __bool__(self) -> bool:
        return self.ok

    def arguments(self) -> Any:
        """The bound arguments, parsed; raises :class:`InvalidArgumentsError` when invalid."""
        if self.bound_args is None:
            raise InvalidArgumentsError(self.errors)
        return json.loads(self.bound_args)


@dataclass(frozen=True)
class Change:
    """One change :func:`downconvert` made for the target (WIT ``change``)."""

    #: The node, as a JSON pointer into the converted schema (``""`` for the root).
    pointer: str
    #: The keyword changed.
    keyword: str
    #: ``removed``, ``relaxed``, ``unenforced``, ``dropped``, ``closed``,
    #: ``required``, ``widened``, ``reshaped``, ``merged``, ``inlined``,
    #: ``typed``, ``ordered``, ``moved``.
    action: str
    #: What was done and why, for a person.
    detail: str


def _new_change(pointer: str, keyword: str, action: str, detail: str) -> Change:
    # Change(...) without its frozen __init__'s object.__setattr__ per field:
    # the same object, made in a third of the time (a conversion has dozens).
    c: Change = object.__new__(Change)
    fields = c.__dict__
    fields["pointer"] = pointer
    fields["keyword"] = keyword
    fields["action"] = action
    fields["detail"] = detail
    return c


#: The names of WIT ``change-action``.
_ACTIONS = frozenset(
    ("removed", "relaxed", "unenforced", "dropped", "closed", "required", "widened")
    + ("reshaped", "merged", "inlined", "typed", "ordered", "moved")
)
_CHANGE_FIELDS = ("pointer", "keyword", "action", "detail")

try:
    from orjson import loads as _loads
except ImportError:  # pragma: no cover - orjson is a dependency
    _loads = json.loads  # type: ignore[assignment]  # orjson takes bytes too


def _changes_of_json(text: str) -> List[Change]:
    """The changes of a conversion from the component's JSON text of them
    (WIT ``downconverted-json``): an array of objects with exactly the four
    fields of ``change``, each a string, the action one of its names.
    Anything else is a :class:`ToolSchemaError` saying so (the component
    writes no other)."""
    try:
        items = _loads(text)
        if type(items) is not list:
            raise ValueError
        changes = []
        for item in items:
            if type(item) is not dict or tuple(item) != _CHANGE_FIELDS:
                raise ValueError
            pointer, keyword, action, detail = item.values()
            if not (type(pointer) is type(keyword) is type(action) is type(detail) is str) or action not in _ACTIONS:
                raise ValueError
            changes.append(_new_change(pointer, keyword, action, detail))
        return changes
    except ValueError:
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise ToolSchemaError(f"the component's changes are not a JSON list of changes: {shown!r}") from None


def _names_of(value: Any) -> Tuple[str, ...]:
    if type(value) is not list or not all(type(v) is str for v in value):
        raise ValueError
    return tuple(value)


_REPORT_FIELDS = ("alsoValidFor", "dead")
_ALSO_VALID_FOR_FIELDS = ("original", "converted")
_DEAD_FIELDS = ("pointer", "reason")


def _report_of_json(text: str) -> Tuple[AlsoValidFor, Tuple[DeadBranch, ...]]:
    """What a conversion reports beside its changes, from the component's
    JSON text of it (WIT ``downconverted-json``'s ``report-json``):
    ``{"alsoValidFor":{"original":[…],"converted":[…]},"dead":[{"pointer","reason"}…]}``,
    exactly those members, each name and text a string. Anything else is a
    :class:`ToolSchemaError` saying so (the component writes no other)."""
    try:
        report = _loads(text)
        if type(report) is not dict or tuple(report) != _REPORT_FIELDS:
            raise ValueError
        also, dead = report.values()
        if type(also) is not dict or tuple(also) != _ALSO_VALID_FOR_FIELDS or type(dead) is not list:
            raise ValueError
        branches = []
        for item in dead:
            if type(item) is not dict or tuple(item) != _DEAD_FIELDS:
                raise ValueError
            pointer, reason = item.values()
            if not (type(pointer) is type(reason) is str):
                raise ValueError
            branches.append(DeadBranch(pointer, reason))
        return AlsoValidFor(_names_of(also["original"]), _names_of(also["converted"])), tuple(branches)
    except ValueError:
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise ToolSchemaError(f"the component's report is not a JSON report of a conversion: {shown!r}") from None


#: The fields of a :class:`Downconverted` read from the component that are
#: made when first read, and the text each is made from.
_LAZY_FIELDS = {"changes": "_changes_json", "also_valid_for": "_report_json", "dead": "_report_json"}


@dataclass(frozen=True)
class Downconverted:
    """A schema converted for a provider's strict mode (WIT ``downconverted``)."""

    #: The schema for the target: the component's JSON text, byte for byte.
    schema: str
    #: Every change, in the order the component made them.
    changes: List[Change]
    #: True when no constraint became only a hint (text in a description).
    lossless: bool
    #: The built-in surfaces that take the given schema, and the converted
    #: one, as they are.
    also_valid_for: AlsoValidFor = field(default_factory=AlsoValidFor)
    #: What of the given schema no finite value satisfies.
    dead: Tuple[DeadBranch, ...] = field(default_factory=tuple)

    # An answer read from the component keeps its changes and its report as
    # the JSON texts the component wrote them in (WIT ``downconvert-json``:
    # one string each, copied at the call), and builds the objects when
    # ``changes``, ``also_valid_for`` or ``dead`` is first read.
    # Runtime.downconvert asks for no texts (they are empty) and leaves what
    # converts the schema again with them (``_list_changes``: the runtime,
    # the schema's text, the target): a caller that only sends the schema
    # never pays for them, and the one conversion again gives both texts.
    # Once built they are ordinary values. (The two defaults are factories,
    # so that the class has no attribute of their names to find before
    # this method.)

    def __getattr__(self, name: str) -> Any:
        source = _LAZY_FIELDS.get(name)
        if source is not None:
            fields = self.__dict__
            text = fields.get(source)
            if text == "":
                pending = fields.get("_list_changes")
                if pending is not None:
                    # Neither text asked for yet: one conversion gives both.
                    runtime, schema_text, target = pending
                    changes_json, report_json = runtime._converted_json(schema_text, target)
                    if "changes" not in fields:
                        fields["_changes_json"] = changes_json
                    if "dead" not in fields:
                        fields["_report_json"] = report_json
                    fields.pop("_list_changes", None)
                if name in fields:  # built meanwhile, by another thread
                    return fields[name]
                text = fields.get(source, text)
            if text is not None:
                if source == "_changes_json":
                    fields["changes"] = _changes_of_json(text)
                else:
                    fields["also_valid_for"], fields["dead"] = _report_of_json(text)
                fields.pop(source, None)
                return fields[name]
            if source in fields:
                # None: the record of a component built before the report.
                raise ToolSchemaError(
                    "this build of the component reports no also-valid-for or dead branches: "
                    "it was built before they were added"
                )
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __reduce__(self) -> Any:
        # Copied and pickled as its five fields (never the texts behind them).
        return (Downconverted, (self.schema, self.changes, self.lossless, self.also_valid_for, self.dead))


def _new_downconverted(
    schema: str, changes: List[Change], lossless: bool, also_valid_for: Any, dead: List[DeadBranch]
) -> Downconverted:
    """A ``downconverted`` record as the direct calls lift it (its
    ``also-valid-for`` and dead branches built by their own factories)."""
    return Downconverted(schema, changes, lossless, also_valid_for, tuple(dead))


class Placement(str, Enum):
    """How one tool is sent in a :class:`BudgetPlan` (WIT ``placement``)."""

    #: Converted, with strict mode on.
    STRICT = "strict"
    #: As given, with strict mode off: the tool alone is over a limit strict
    #: mode has, or the strict tools before it use it up.
    NON_STRICT = "non-strict"
    #: Not in this request: past a limit every tool counts against
    #: (``declarations``), or a name the surface refuses.
    LEFT_OUT = "left-out"


@dataclass(frozen=True)
class OverLimit:
    """A limit the provider documents that a request's tools are over
    (:func:`budget`; WIT ``over-limit``)."""

    #: What is counted: ``tools``, ``optionalParameters``, ``unions``,
    #: ``properties``, ``nesting``, ``enumValues``, ``stringLength``,
    #: ``enumStringLength``.
    limit: str
    #: ``schema`` (one tool's converted schema) or ``request`` (all the tools together).
    scope: str
    #: The most the provider allows.
    allowed: int
    #: How many there are.
    measured: int
    #: For a per-schema limit, the tool: its index in the schemas given;
    #: ``None`` for a limit of the request.
    tool: Optional[int]
    #: The limit, the count and the provider's source, for a person.
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ToolBudget:
    """One tool of a request, and how the plan sends it (WIT ``tool-budget``)."""

    #: Its index in the schemas given.
    tool: int
    placement: Placement
    #: The limits this tool alone is over: its own schema's, a request's
    #: limit it passes by itself, its name's rule (``toolNames``).
    over: Tuple[OverLimit, ...]
    #: Why it is placed so, for a person.
    reason: str


def _new_tool_budget(tool: int, placement: str, over: List[OverLimit], reason: str) -> ToolBudget:
    return ToolBudget(tool, Placement(placement), tuple(over), reason)


@dataclass(frozen=True)
class BudgetPlan:
    """A request's tools against a surface's limits (:func:`budget_plan`;
    WIT ``budget-plan``)."""

    #: Every tool, in the order given.
    tools: Tuple[ToolBudget, ...]
    #: The limits the request is over with every tool strict (what
    #: :func:`budget` answers).
    over: Tuple[OverLimit, ...]

    def placed(self, placement: Union[Placement, str]) -> Tuple[int, ...]:
        """The indexes of the tools placed so, in order."""
        wanted = Placement(placement)
        return tuple(t.tool for t in self.tools if t.placement is wanted)


def _new_budget_plan(tools: List[ToolBudget], over: List[OverLimit]) -> BudgetPlan:
    return BudgetPlan(tuple(tools), tuple(over))


@dataclass(frozen=True)
class SourceDescriptor:
    """The descriptor C# source describes to (:func:`source_descriptor`; WIT
    ``from-source``)."""

    #: The component's JSON text, byte for byte: one descriptor for the one
    #: class holding tools (a method descriptor naming its class when it holds
    #: one tool), else an array of them, one per class.
    json: str
    #: Problems of the source text, in the order of their places: the
    #: descriptor was written regardless.
    warnings: List[SourceDiagnostic]


@dataclass(frozen=True)
class SourceTools:
    """The tools C# source describes to (:func:`describe_source`)."""

    #: Every tool, in the order of the files and their declarations (a list
    #: of one for one tool).
    tools: List[DescribedTool]
    #: The component's JSON text, byte for byte: the tool object when the
    #: files hold one ``[Tool]`` method, else an array of every tool.
    json: str = field(repr=False)
    #: Problems in code the tools do not depend on (a syntax error in a method
    #: body, in a type no tool uses), in the order of their places.
    warnings: List[SourceDiagnostic]


class ToolSchemaError(Exception):
    """The base of every error this package raises."""


class DiagnosticsError(ToolSchemaError, ValueError):
    """An input was refused; ``diagnostics`` lists every problem found."""

    diagnostics: Tuple[Diagnostic, ...]

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class DescribeError(DiagnosticsError):
    """A descriptor, type expression or method name has no schema."""


class SourceError(DescribeError):
    """C# source has no tools: every diagnostic, each a :class:`SourceDiagnostic`
    at its place in the files (the warnings too), in the order of their places."""

    diagnostics: Tuple[SourceDiagnostic, ...]

    def __init__(self, diagnostics: Sequence[SourceDiagnostic]):
        super().__init__(diagnostics)


class SchemaError(DiagnosticsError):
    """A schema cannot be used for validation (``OLS001``–``OLS005``)."""


class EncodeError(DiagnosticsError):
    """An outcome does not fit the tool's return type: the host's bug (``OLE001``–``OLE003``;
    ``OLE004`` past a limit)."""


class DownconvertError(DiagnosticsError):
    """:func:`downconvert`, :func:`budget`, :func:`budget_plan` or
    :func:`provider_profile` refused: an unusable schema (``OLS001``…) or one
    the target cannot take (``OLP002``, ``OLP004``, or over a limit the
    provider documents for one schema, ``OLP005``), or an unknown surface or
    an invalid profile (``OLP001``, ``OLP003``). From :func:`budget` and
    :func:`budget_plan`, a schema's diagnostics have paths under ``tools[i]``."""


class InvalidArgumentsError(ToolSchemaError, ValueError):
    """Arguments were refused; ``errors`` lists every error, in argument order."""

    errors: Tuple[ArgError, ...]

    def __init__(self, errors: Sequence[ArgError]):
        self.errors = tuple(errors)
        super().__init__("\n".join(e.message for e in self.errors))


class ClosedError(ToolSchemaError, ValueError):
    """A :class:`Tool`, :class:`Converted` or :class:`Validator` used after
    :meth:`close`: make it again."""


class TextError(ToolSchemaError, ValueError):
    """A text the component cannot take, refused before it is called: a
    ``str`` with a lone surrogate (``"\\ud800"``, which UTF-8, the component's
    text, cannot hold), or ``bytes`` that are not UTF-8. ``argument`` names
    the argument (``args``, ``schema``, ``descriptor``, …) and ``index`` is
    where in it the first such character (of a ``str``) or byte is."""

    #: The argument, by the name of its parameter.
    argument: str
    #: The index of the first lone surrogate (or the first byte that is not UTF-8).
    index: int

    def __init__(self, argument: str, index: int, message: str):
        self.argument = argument
        self.index = index
        super().__init__(message)


class TrapError(ToolSchemaError, RuntimeError):
    """The component trapped: it ran past its deadline, ran out of fuel, or
    stopped (a panic, or an allocation past the memory limit). The instance
    has already been replaced by a fresh one, so the next call works.
    """

    #: True when the call used up its fuel.
    out_of_fuel: bool
    #: wasmtime's reason, without the backtrace.
    reason: str
    #: True when the call ran past the runtime's deadline.
    timed_out: bool

    def __init__(self, message: str, *, out_of_fuel: bool, reason: str, timed_out: bool = False):
        self.out_of_fuel = out_of_fuel
        self.reason = reason
        self.timed_out = timed_out
        super().__init__(message)
