"""One instance of the component, its store and its safety limits, and the
operations as Python methods.

A :class:`Runtime` owns one wasmtime store and one instance of the component.
Every call gets a fresh fuel budget, and the store caps linear memory, so no
input can make a call run or grow without bound. If a call traps anyway (out of
fuel, or the component stops), the instance is poisoned: the runtime drops it
and makes a fresh one before raising :class:`TrapError`, so the next call
works. Calls are serialized by a lock (a store is not thread-safe).
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import threading
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union, cast, overload

from wasmtime import Store, WasmtimeError
from wasmtime.component import ExportIndex, Func, Instance, Linker, Record, ResourceAny, Variant

from . import _canon, _direct, _engine
from ._jsontext import array_elements, object_members
from ._model import (
    AlsoValidFor,
    ArgError,
    BudgetPlan,
    Change,
    ClosedError,
    Custom,
    DeadBranch,
    DescribedTool,
    DescribeError,
    Diagnostic,
    Downconverted,
    DownconvertError,
    EncodeError,
    FormatMode,
    InvalidArguments,
    JsonPart,
    Limits,
    Mode,
    Outcome,
    OverLimit,
    Part,
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
    TextError,
    TextPart,
    Threw,
    Target,
    TimedOut,
    ToolBudget,
    ToolInfo,
    ToolResult,
    ToolSchemaError,
    TrapError,
    ValidationResult,
    _new_also_valid_for,
    _new_budget_plan,
    _new_change,
    _new_downconverted,
    _new_provider_info,
    _new_tool_budget,
)

if TYPE_CHECKING:
    from ._tools import Tool, ToolSource

#: The longest one call may run, in seconds, before it is stopped (a
#: :class:`TrapError`), as in the Rust host. The component's own limits
#: answer every input well within it.
DEFAULT_DEADLINE = 10.0

#: Fuel for one call, for a runtime bounded by fuel (``Runtime(fuel=…)``):
#: wasmtime takes about one unit per WebAssembly instruction. The largest
#: inputs the default limits let through stay well below it (10 MB of
#: arguments, 290,000 objects checked against a pattern, take about 6e9), and
#: a call that used it all would have run for seconds.
DEFAULT_FUEL = 50_000_000_000

#: The most linear memory the instance may grow to, as in the Rust host.
DEFAULT_MEMORY_LIMIT = 512 * 1024 * 1024

#: The steps each call may take inside the component (the component's own
#: default): past it a call is refused with one error at ``$`` rather than
#: running until its fuel is spent. A step is about one keyword applied to one
#: value, or one member or type described; no input the other limits let
#: through comes near it.
DEFAULT_WORK_BUDGET = 20_000_000

_PACKAGE = "onellm:tool-schema/{}@0.2.0"

#: Interfaces added after the first release: a component without them loads,
#: and only their operations are refused.
_OPTIONAL_INTERFACES = frozenset({"downconvert", "work"})

#: Functions added to an interface after the first release: a component
#: without them loads, and only they are refused.
_OPTIONAL_FUNCTIONS = frozenset(
    {
        ("describe", "describe-source"),
        ("describe", "source-descriptor"),
        ("downconvert", "budget"),
        ("downconvert", "providers"),
        ("downconvert", "budget-plan"),
        ("tools", "[method]converted.also-valid-for"),
        ("tools", "[method]converted.dead"),
    }
)

#: A JSON value given as text (``str``, or UTF-8 ``bytes``), or a Python value
#: that :func:`json.dumps` writes.
JsonInput = Union[str, bytes, bytearray, Mapping[str, Any], Sequence[Any], int, float, bool, None]

#: A schema: JSON text, a Python mapping, or a tool's :class:`ToolInfo` (a
#: :class:`DescribedTool`, or a :class:`Tool`'s ``info``): its input schema.
SchemaInput = Union[str, bytes, bytearray, Mapping[str, Any], bool, ToolInfo]

#: A C# source file's path: a ``str``, or an :class:`os.PathLike` whose
#: :func:`os.fspath` is one. Diagnostics name the file by this text.
SourcePath = Union[str, os.PathLike[str]]

#: C# source files: a mapping of path to text, or a sequence of
#: ``(path, text)`` pairs, in the order the tools are to come in.
SourceFiles = Union[Mapping[str, str], Mapping[os.PathLike[str], str], Sequence[Tuple[SourcePath, str]]]

@dataclass(frozen=True)
class RuntimeInfo:
    """How a :class:`Runtime` got its component, and its limits."""

    #: ``"cache"`` when this process deserialized the compiled component from
    #: the cache directory, ``"compiled"`` when it compiled it.
    origin: str
    #: The cache file read or written (None when caching is off).
    cache_file: Optional[Path]
    #: The ``.wasm`` it runs, and its SHA-256.
    component: Path
    component_sha256: str
    wasmtime_version: str
    #: Seconds the process spent compiling or deserializing.
    load_seconds: float
    #: The fuel each call gets, or None.
    fuel: Optional[int]
    memory_limit: int
    #: Instances made so far: 1, plus one after each trap.
    instances: int
    #: The steps each call may take inside the component.
    work_budget: int = DEFAULT_WORK_BUDGET
    #: The longest one call may run, in seconds, or None.
    deadline: Optional[float] = DEFAULT_DEADLINE


#: The highest recursion limit under which a dictionary is first written
#: without the circularity check (see :func:`_json_writer`).
_UNCHECKED_DEPTH = 4000


def _json_writer() -> Callable[[Any], str]:
    """``json.dumps(value, ensure_ascii=False, allow_nan=False,
    separators=(",", ":"))``, with its encoders made once per thread: json.dumps
    makes a JSONEncoder, and it a C encoder, on every call.

    The text is written first by the C encoder for ASCII, which is faster,
    and gives the same text for a value whose strings are all ASCII; where
    that text has a ``\\u`` escape (a character outside ASCII, a control
    character, or a backslash before a ``u``) it is written again as
    ``ensure_ascii=False`` writes it, so the answer is always that one.

    While the recursion limit is at most :data:`_UNCHECKED_DEPTH` (Python's
    default is 1000), the value is written first by encoders without the
    circularity check (a fifth of the writing): they keep no state, so all
    threads share them, and a circular value runs into the recursion limit,
    well within the C stack. A value they refuse (circular, not JSON, NaN,
    too deep) is written again with the check, which raises what json.dumps
    raises for it. Past that limit, only the checked encoders are used."""
    encoder = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return encoder.encode

    def c_encoder(strings: Callable[[str], str], markers: Optional[Dict[int, Any]]) -> Callable[[Any, int], Any]:
        # With markers (the containers being written, for the circularity
        # check), the encoder is one thread's; without, anyone's.
        return cast(
            Callable[[Any, int], Any],
            make(
                markers,
                encoder.default,
                strings,
                None,
                encoder.key_separator,
                encoder.item_separator,
                encoder.sort_keys,
                encoder.skipkeys,
                encoder.allow_nan,
            ),
        )

    ascii_strings = json.encoder.encode_basestring_ascii
    strings = json.encoder.encode_basestring
    try:
        unchecked_ascii = c_encoder(ascii_strings, None)
        unchecked = c_encoder(strings, None)
        # Each writes what the plain encoder writes (the ASCII ones, for ASCII text).
        unicode_sample = {"a": [1, 2.5, None, True, "é\n"], "b": {}}
        ascii_sample = {"a": [1, 2.5, None, True, "x\n\u0001"], "b": {}}
        checks = (
            (unchecked, unicode_sample),
            (unchecked, ascii_sample),
            (unchecked_ascii, ascii_sample),
            (c_encoder(strings, {}), unicode_sample),
            (c_encoder(ascii_strings, {}), ascii_sample),
        )
        if any("".join(e(sample, 0)) != encoder.encode(sample) for e, sample in checks):
            return encoder.encode
    except Exception:  # noqa: BLE001 - another Python's C encoder: the plain one
        return encoder.encode
    local = threading.local()
    recursion_limit = sys.getrecursionlimit

    def text_of(encode_ascii: Callable[[Any, int], Any], encode: Callable[[Any, int], Any], value: Any) -> str:
        text = "".join(encode_ascii(value, 0))
        return "".join(encode(value, 0)) if "\\u" in text else text

    def write(value: Any) -> str:
        if recursion_limit() <= _UNCHECKED_DEPTH:
            try:
                return text_of(unchecked_ascii, unchecked, value)
            except (ValueError, TypeError, RecursionError):
                pass  # written again below, for the error json.dumps gives
        try:
            encode_ascii, encode, markers = local.encoders
        except AttributeError:
            markers = {}
            encode_ascii, encode = c_encoder(ascii_strings, markers), c_encoder(strings, markers)
            local.encoders = (encode_ascii, encode, markers)
        try:
            return text_of(encode_ascii, encode, value)
        except BaseException:
            # A value it refused (circular, not JSON, NaN) leaves the objects
            # it was inside in the markers.
            markers.clear()
            raise

    return write


def _orjson_writer(plain: Callable[[Any], str]) -> Callable[[Any], str]:
    """``plain`` (:func:`_json_writer`'s), made faster by orjson where orjson
    is installed (a dependency of the package), giving the same text: orjson
    writes a dictionary compact and without ASCII escapes as ``plain`` does,
    and every text it might write differently is written again by ``plain``.
    The 89 real schemas, each a fresh copy: 4.5 µs a schema against 9.5 µs
    (the same dictionaries written again: 2.9 µs against 7.7 µs, of which
    orjson's own writing is 0.5 µs; the scans of its text, and the walk of
    the six with a ``null``, are the rest). Written again:

    - anything orjson refuses: an integer past 64 bits, a key not a ``str``,
      a lone surrogate, nesting past its depth, a circular value;
    - anything it hands to ``default`` (which refuses it): a subclass of a
      built-in type, a dataclass, a datetime, anything not JSON;
    - a value holding a float NaN or infinity (orjson writes them as
      ``null``, which ``plain`` refuses as json.dumps does): looked for only
      when the text has a ``null`` as a value (:func:`_has_not_finite`);
    - a float orjson writes in another form: below 1e-4 it writes
      ``0.00001`` or ``1e-7`` where Python writes ``1e-05`` and ``1e-07``.

    orjson also writes a ``uuid.UUID`` and an ``enum.Enum`` member that is
    not a ``str`` or ``int`` (as their values), both of which json.dumps
    refuses; they are written so here too."""
    try:
        import orjson
    except ImportError:
        return plain
    import re

    dumps = orjson.dumps
    options = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS
    short_exponent = re.compile(r"e-[0-9](?![0-9])").search
    not_finite = _has_not_finite

    def refuse(value: Any) -> Any:
        raise TypeError

    def after(written: str, what: str, before: str) -> bool:
        # Whether ``what`` is in ``written`` right after one of the
        # characters of ``before``: each match found by one search from the
        # last (most texts hold few), its character before it compared.
        find = written.find
        i = find(what, 1)
        while i > 0:
            if written[i - 1] in before:
                return True
            i = find(what, i + len(what))
        return False

    def write(value: Any) -> str:
        try:
            text = dumps(value, refuse, options)
        except Exception:  # noqa: BLE001 - whatever it refuses, plain writes or refuses as json.dumps does
            return plain(value)
        # Each test a scan of the text (of the str: a fifth faster than of
        # the bytes), the rarer ones after the common. A scan for one
        # character is a memchr, one for a longer text a loop of the
        # interpreter's search, at about a third of the speed: each longer
        # search is made only where a character it needs is in the text
        # ("0.0000" needs a ".", in 43 of the 89 real schemas; "e-" a "-",
        # in 28), and a search that would be made again for each character
        # before a match follows the matches of one search instead.
        written = text.decode()
        if (
            ("." in written and "0.0000" in written)
            or ("-" in written and after(written, "-", "e") and short_exponent(written) is not None)
            or ("null" in written and (written == "null" or after(written, "null", ":,[")) and not_finite(value))
        ):
            return plain(value)
        return written

    return write


def _has_not_finite(value: Any) -> bool:
    """Whether a value orjson has written holds a float NaN or infinity
    (written as ``null``; json.dumps refuses it). What orjson wrote is made
    of dictionaries, lists and tuples of its own types (a subclass of them
    was handed to ``default`` and refused), strings, integers, floats (and
    their subclasses), booleans, ``None``, UUIDs and Enum members, written
    as their values. Without recursion: orjson writes 254 levels, more than
    a lowered recursion limit may allow. About 0.4 of the time json.dumps
    takes to write the same value (7.5 µs against 19.2 µs, bench/data's
    1.5 KB place-order arguments with a ``null`` added)."""
    stack = [value]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        v = pop()
        t = type(v)
        # The commonest first: strings, then containers.
        if t is str:
            pass
        elif t is dict:
            extend(v.values())
        elif t is list or t is tuple:
            extend(v)
        elif t is int or t is bool or v is None:
            pass
        elif isinstance(v, float):
            if not math.isfinite(v):
                return True
        elif isinstance(v, Enum):
            push(v.value)
    return False


#: json.dumps' text, written by the standard library alone.
_plain_write_json = _json_writer()
_write_json = _orjson_writer(_plain_write_json)


def _json_text(value: Any, argument: str = "the JSON text") -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError as e:
            raise TextError(
                argument, e.start, f"{argument} is not UTF-8: the byte {e.object[e.start]:#04x} at {e.start} ({e.reason})"
            ) from None
    return _write_json(value)


def _schema_text(schema: SchemaInput, argument: str = "schema") -> str:
    if type(schema) is dict:
        # The common case, without the checks that tell the others apart.
        return _write_json(schema)
    if isinstance(schema, ToolInfo):
        return schema.input_schema_json
    return _json_text(schema, argument)


def _types_text(types: Union[str, Mapping[str, Any], None]) -> Optional[str]:
    return None if types is None else _json_text(types, "types")


def _holds(value: Any, text: str) -> bool:
    """Whether ``text`` is ``value`` or a string somewhere inside it (a record,
    a variant, a list)."""
    if isinstance(value, str):
        return value is text
    if isinstance(value, (list, tuple)):
        return any(_holds(v, text) for v in value)
    if isinstance(value, Variant):
        return _holds(value.payload, text)
    if isinstance(value, Record):
        return any(_holds(v, text) for v in vars(value).values())
    return False


def _not_unicode(error: UnicodeEncodeError, names: Sequence[str], args: Sequence[Any]) -> TextError:
    """The TextError for a ``str`` the component's UTF-8 cannot hold, naming
    the parameter it was passed in."""
    text = error.object
    argument = next((n for n, a in zip(names, args) if _holds(a, text)), "a text")
    unit = ord(text[error.start])
    return TextError(
        argument,
        error.start,
        f"{argument} is not well-formed Unicode: the lone surrogate \\u{unit:04x} at index {error.start} "
        "cannot be written as UTF-8, the component's text",
    )


# wasmtime-py gives record fields their WIT names, hyphens included, so they are
# set and read with setattr and getattr.


def _record(**fields: Any) -> Record:
    r = Record()
    for name, value in fields.items():
        setattr(r, name.replace("_", "-"), value)
    return r


def _field(r: Record, name: str) -> Any:
    return getattr(r, name)


def _diagnostic(r: Record) -> Diagnostic:
    return Diagnostic(_field(r, "code"), _field(r, "message"), _field(r, "path"))


def _source_diagnostic(r: Any) -> SourceDiagnostic:
    if isinstance(r, SourceDiagnostic):
        return r
    return SourceDiagnostic(
        _field(r, "code"),
        _field(r, "message"),
        _field(r, "path"),
        file=_field(r, "file"),
        line=_field(r, "line"),
        column=_field(r, "column"),
    )


def _new_source_diagnostic(code: str, message: str, file: str, line: int, column: int, path: str) -> SourceDiagnostic:
    return SourceDiagnostic(code, message, path, file=file, line=line, column=column)


def _from_source(r: Any) -> SourceDescriptor:
    if isinstance(r, SourceDescriptor):
        return r
    return SourceDescriptor(_field(r, "json"), [_source_diagnostic(w) for w in _field(r, "warnings")])


_FILES = "files must be a mapping of path to text or a sequence of (path, text) pairs"


def _source_path(path: Any) -> str:
    if isinstance(path, str):
        return path
    if isinstance(path, os.PathLike):
        text = os.fspath(path)
        if isinstance(text, str):
            return text
    raise TypeError(f"a source file's path must be a str or an os.PathLike of one, not {type(path).__name__}")


def _lower_source_files(files: SourceFiles) -> List[Record]:
    if isinstance(files, Mapping):
        pairs: List[Tuple[Any, Any]] = list(files.items())
    elif isinstance(files, (str, bytes, bytearray)) or not isinstance(files, Sequence):
        raise TypeError(f"{_FILES}, not {type(files).__name__}")
    else:
        pairs = []
        for n, item in enumerate(files):
            if isinstance(item, (str, bytes, bytearray)) or not isinstance(item, Sequence) or len(item) != 2:
                raise TypeError(f"{_FILES}; files[{n}] is not a (path, text) pair but {type(item).__name__}")
            pairs.append((item[0], item[1]))
    lowered = []
    for path, text in pairs:
        name = _source_path(path)
        if not isinstance(text, str):
            raise TypeError(f"the text of the source file {name!r} must be a str, not {type(text).__name__}")
        lowered.append(_record(path=name, text=text))
    return lowered


def _source_options(mode: Union[Mode, str], naming: Optional[str]) -> Record:
    if naming is not None and not isinstance(naming, str):
        raise TypeError(f"naming must be a str or None, not {type(naming).__name__}")
    return _record(mode=Mode(mode).value, naming=naming)


#: The fields of each ``arg-params`` case whose payload is a record, in
#: their WIT order (the order of the core's JSON, ``Params::to_value``).
_PARAMS_RECORDS: Dict[str, Tuple[str, ...]] = {
    "type": ("expected", "value"),
    "const": ("expected", "value"),
    "enum": ("allowed", "more", "value"),
    "bound": ("limit", "value"),
    "count": ("limit", "count"),
    "pattern": ("pattern", "value"),
    "format": ("format", "value"),
    "required": ("name", "given"),
    "unique": ("first", "second"),
    "contains": ("schema", "limit"),
    "property-name": ("name", "keyword", "reason"),
    "backtracking": ("pattern", "at", "steps"),
    "limit": ("what", "limit", "count"),
    "schema": ("code", "message", "path"),
}

#: The field the core names the payload of each other case with one.
#: (``false-schema`` and ``no-match`` have none: ``{"kind"}`` only.)
_PARAMS_PAYLOADS: Dict[str, str] = {
    "unexpected": "allowed",
    "not": "schema",
    "extra-item": "limit",
    "many-match": "branches",
    "json": "reason",
    "conversion": "reason",
}


def _params_field(value: Any) -> Any:
    # A value shown (WIT ``shown``) is the only record inside a case's record.
    if isinstance(value, Record):
        return {"type": _field(value, "type"), "text": _field(value, "text")}
    return value


def _params(v: Variant) -> Dict[str, Any]:
    """An ``arg-params`` value as the core's JSON object: ``kind``, then the
    case's fields."""
    params: Dict[str, Any] = {"kind": v.tag}
    names = _PARAMS_RECORDS.get(v.tag)
    if names is not None:
        payload = cast(Record, v.payload)
        for name in names:
            params[name] = _params_field(_field(payload, name))
    elif v.tag in _PARAMS_PAYLOADS:
        params[_PARAMS_PAYLOADS[v.tag]] = v.payload
    return params


def _new_arg_error(
    path: str, keyword: str, message: str, location: List[Union[str, int]], schema_location: str, params: Variant
) -> ArgError:
    # ArgError(...) without its frozen __init__'s object.__setattr__ per
    # field, as _new_change: the same object, read straight from the result.
    e: ArgError = object.__new__(ArgError)
    fields = e.__dict__
    fields["path"] = path
    fields["keyword"] = keyword
    fields["message"] = message
    fields["location"] = tuple(location)
    fields["schema_location"] = schema_location
    fields["params"] = _params(params)
    return e


def _arg_error(r: Union[ArgError, Record]) -> ArgError:
    if isinstance(r, ArgError):
        return r
    return ArgError(
        _field(r, "path"),
        _field(r, "keyword"),
        _field(r, "message"),
        tuple(_field(r, "location")),
        _field(r, "schema-location"),
        _params(_field(r, "params")),
    )


def _part(v: Variant) -> Part:
    payload = str(v.payload)
    return TextPart(payload) if v.tag == "text" else JsonPart(payload)


def _lower_part(p: Part) -> Variant:
    if isinstance(p, TextPart):
        return Variant("text", p.text)
    if isinstance(p, JsonPart):
        return Variant("json", p.json)
    raise TypeError(f"a part is a TextPart or a JsonPart, not {type(p).__name__}")


def _lower_tool_result(r: ToolResult) -> Record:
    return _record(parts=[_lower_part(p) for p in r.parts], is_error=r.is_error, typed_result=r.typed_result)


def _lower_outcome(o: Outcome) -> Variant:
    if isinstance(o, Returned):
        return Variant("returned", o.json)
    if isinstance(o, ReturnedNothing):
        return Variant("returned-nothing")
    if isinstance(o, ReturnedParts):
        return Variant("returned-parts", [_lower_part(p) for p in o.parts])
    if isinstance(o, ReturnedToolResult):
        return Variant("returned-tool-result", _lower_tool_result(o.result))
    if isinstance(o, Threw):
        return Variant("threw", _record(type_name=o.type_name, message=o.message))
    if isinstance(o, TimedOut):
        return Variant("timed-out", o.seconds)
    if isinstance(o, InvalidArguments):
        return Variant("invalid-arguments", [e if isinstance(e, str) else e.message for e in o.errors])
    raise TypeError(f"not an outcome: {type(o).__name__}")


#: The WIT ``target`` cases without a payload: the names of the first
#: release, each an alias of a surface (``openai`` of ``openai-chat``).
_LEGACY_TARGETS = ("anthropic", "openai", "gemini")

#: Targets lowered once, by name (a Provider is equal to its value, and
#: hashes as it): the legacy names as their own cases, every other
#: Provider's as ``surface``, and each other name given as ``surface`` when
#: first lowered (:func:`_surface_target`), up to :data:`_TARGET_CACHE` of them.
_TARGETS: Dict[str, Variant] = {
    p.value: Variant(p.value) if p.value in _LEGACY_TARGETS else Variant("surface", p.value) for p in Provider
}

#: How many targets :data:`_TARGETS` holds at most: past it a name is
#: lowered at each call (a caller that makes up names cannot grow it).
_TARGET_CACHE = 256

_TARGET_FORMS = "a surface's name or alias (a str or a Provider) or Custom(profile_json)"


def _surface_target(name: str) -> Variant:
    """The ``surface`` case for a name not lowered before (the component
    answers ``OLP001`` for one no surface has)."""
    if not name:
        raise ValueError(f"target must be {_TARGET_FORMS}, not ''")
    if type(name) is not str:
        # A str of another class (an Enum of the caller's): its text.
        name = name.value if isinstance(name, Enum) and isinstance(name.value, str) else str.__str__(name)
        if not name:
            raise ValueError(f"target must be {_TARGET_FORMS}, not ''")
    lowered = Variant("surface", name)
    if len(_TARGETS) < _TARGET_CACHE:
        _TARGETS[name] = lowered
    return lowered


def _lower_target(target: Target) -> Variant:
    # The WIT variant has cases without a payload beside ones with a string,
    # so wasmtime-py takes it tagged: Variant("openai"), Variant("surface",
    # name), Variant("custom", text). The common case first: a name lowered
    # before (a Provider is a str).
    if isinstance(target, str):
        lowered = _TARGETS.get(target)
        if lowered is not None:
            return lowered
        return _surface_target(target)
    if isinstance(target, Custom):
        return Variant("custom", _json_text(target.profile, "the custom profile"))
    raise TypeError(f"target must be {_TARGET_FORMS}, not {type(target).__name__}")


_SCHEMAS = "schemas must be a sequence of schemas (JSON text, mappings or ToolInfos)"


def _lower_schemas(schemas: Sequence[SchemaInput]) -> List[str]:
    # A str is a sequence too (of one-character schemas): refused, as a
    # mapping (one schema) and anything else that is not a sequence are.
    if isinstance(schemas, (str, bytes, bytearray)) or not isinstance(schemas, Sequence):
        raise TypeError(f"{_SCHEMAS}, not {type(schemas).__name__}")
    lowered = []
    for n, schema in enumerate(schemas):
        if not isinstance(schema, (str, bytes, bytearray, Mapping, bool, ToolInfo)):
            raise TypeError(f"{_SCHEMAS}; schemas[{n}] is not a schema but {type(schema).__name__}")
        lowered.append(_schema_text(schema))
    return lowered


def _lower_names(names: Optional[Sequence[str]]) -> List[str]:
    # How many there are is the component's to check (``OLP003`` at ``names``).
    if names is None:
        return []
    if isinstance(names, (str, bytes, bytearray)) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of str (one per schema) or None, not {type(names).__name__}")
    lowered = list(names)
    for n, name in enumerate(lowered):
        if not isinstance(name, str):
            raise TypeError(f"names must be a sequence of str; names[{n}] is {type(name).__name__}")
    return lowered


def _over_limit(r: Any) -> OverLimit:
    if isinstance(r, OverLimit):
        return r
    return OverLimit(
        _field(r, "limit"),
        _field(r, "scope"),
        _field(r, "allowed"),
        _field(r, "measured"),
        _field(r, "tool"),
        _field(r, "message"),
    )


def _change(r: Record) -> Change:
    return Change(_field(r, "pointer"), _field(r, "keyword"), _field(r, "action"), _field(r, "detail"))


def _downconverted_json(answer: Any) -> Downconverted:
    """A ``downconverted-json`` as the package's class, whichever call read
    it (the direct calls build it so; the generic ones give a Record)."""
    if isinstance(answer, Downconverted):
        return answer
    return _new_downconverted_json(
        _field(answer, "schema"),
        _field(answer, "changes-json"),
        _field(answer, "lossless"),
        getattr(answer, "report-json", None),
    )


def _new_downconverted_json(
    schema: str, changes_json: str, lossless: bool, report_json: Optional[str] = None
) -> Downconverted:
    # The changes and the report stay the component's JSON texts until
    # Downconverted.changes (or also_valid_for, dead) is first read (empty
    # texts when the call asked for none; no report, None, from a component
    # built before it).
    d: Downconverted = object.__new__(Downconverted)
    fields = d.__dict__
    fields["schema"] = schema
    fields["_changes_json"] = changes_json
    fields["lossless"] = lossless
    fields["_report_json"] = report_json
    return d


def _also_valid_for(r: Any) -> AlsoValidFor:
    if isinstance(r, AlsoValidFor):
        return r
    return AlsoValidFor(tuple(_field(r, "original")), tuple(_field(r, "converted")))


def _dead_branch(r: Any) -> DeadBranch:
    if isinstance(r, DeadBranch):
        return r
    return DeadBranch(_field(r, "pointer"), _field(r, "reason"))


def _provider_info(r: Any) -> ProviderInfo:
    if isinstance(r, ProviderInfo):
        return r
    return _new_provider_info(
        _field(r, "name"), _field(r, "aliases"), _field(r, "surface"), _field(r, "oldest-rule"), _field(r, "unchecked-rules")
    )


def _tool_budget(r: Any) -> ToolBudget:
    if isinstance(r, ToolBudget):
        return r
    return _new_tool_budget(
        _field(r, "tool"), _field(r, "placement"), [_over_limit(o) for o in _field(r, "over")], _field(r, "reason")
    )


def _budget_plan(r: Any) -> BudgetPlan:
    if isinstance(r, BudgetPlan):
        return r
    return _new_budget_plan([_tool_budget(t) for t in _field(r, "tools")], [_over_limit(o) for o in _field(r, "over")])


#: Records the direct calls build as the package's own classes, by their WIT
#: field names (what the generic calls give as Record is converted instead).
_RECORDS: Dict[Tuple[str, ...], Callable[..., Any]] = {
    ("pointer", "keyword", "action", "detail"): _new_change,
    ("path", "keyword", "message", "location", "schema-location", "params"): _new_arg_error,
    ("schema", "changes", "lossless", "also-valid-for", "dead"): _new_downconverted,
    ("schema", "changes-json", "lossless", "report-json"): _new_downconverted_json,
    ("original", "converted"): _new_also_valid_for,
    ("pointer", "reason"): DeadBranch,
    ("name", "aliases", "surface", "oldest-rule", "unchecked-rules"): _new_provider_info,
    ("tool", "placement", "over", "reason"): _new_tool_budget,
    ("tools", "over"): _new_budget_plan,
    ("code", "message", "file", "line", "column", "path"): _new_source_diagnostic,
    ("json", "warnings"): SourceDescriptor,
    ("limit", "scope", "allowed", "measured", "tool", "message"): OverLimit,
    # A component built before the report: its downconvert-json's record
    # without it (the report of its answers is refused when read).
    ("schema", "changes-json", "lossless"): _new_downconverted_json,
}


def _context(types: Union[str, Mapping[str, Any], None], naming: Optional[str], mode: Union[Mode, str]) -> Record:
    return _record(types=_types_text(types), naming=naming, mode=Mode(mode).value)


def _lower_limits(limits: Limits) -> Record:
    return _record(
        max_argument_bytes=limits.max_argument_bytes,
        max_argument_depth=limits.max_argument_depth,
        max_schema_bytes=limits.max_schema_bytes,
        max_schema_depth=limits.max_schema_depth,
        regex_backtrack_limit=limits.regex_backtrack_limit,
    )


def _tool(text: str) -> DescribedTool:
    spans = object_members(text)
    data = json.loads(text)

    def exact(name: str) -> Optional[str]:
        span = spans.get(name)
        return None if span is None else text[span[0] : span[1]]

    input_json = exact("inputSchema")
    if input_json is None:
        raise ToolSchemaError("the component's tool has no inputSchema")
    return DescribedTool(
        name=data["name"],
        description=data["description"],
        input_schema=data["inputSchema"],
        output_schema=data.get("outputSchema"),
        ends_loop=data["endsLoop"],
        requires_approval=data["requiresApproval"],
        parallel_safe=data["parallelSafe"],
        timeout_seconds=data["timeoutSeconds"],
        json=text,
        input_schema_json=input_json,
        output_schema_json=exact("outputSchema"),
    )


def _tools(text: str) -> List[DescribedTool]:
    """The tools of an answer: an array's elements, or the one tool."""
    if text.lstrip().startswith("["):
        return [_tool(text[a:b]) for a, b in array_elements(text)]
    return [_tool(text)]


def _tool_info(r: Record) -> ToolInfo:
    """A ``tool-info`` record, its schemas parsed beside their texts."""
    input_json: str = _field(r, "input-schema")
    output_json: Optional[str] = _field(r, "output-schema")
    return ToolInfo(
        name=_field(r, "name"),
        description=_field(r, "description"),
        input_schema=json.loads(input_json),
        output_schema=None if output_json is None else json.loads(output_json),
        ends_loop=_field(r, "ends-loop"),
        requires_approval=_field(r, "requires-approval"),
        parallel_safe=_field(r, "parallel-safe"),
        timeout_seconds=_field(r, "timeout-seconds"),
        input_schema_json=input_json,
        output_schema_json=output_json,
    )


def _tool_result(r: Record) -> ToolResult:
    return ToolResult(
        parts=tuple(_part(p) for p in _field(r, "parts")),
        is_error=_field(r, "is-error"),
        typed_result=_field(r, "typed-result"),
    )


def _validate_options(formats: Union[FormatMode, str], any_value: bool, limits: Optional[Limits]) -> Record:
    return _record(
        formats=FormatMode(formats).value,
        any_value=any_value,
        limits=None if limits is None else _lower_limits(limits),
    )


def _trap_reason(error: WasmtimeError) -> str:
    # wasmtime's message is a backtrace, then "Caused by:" and the reason.
    text = str(error)
    lines = [line.strip() for line in text.split("Caused by:")[-1].splitlines() if line.strip()]
    return lines[-1] if lines else text.strip()


def _missing(indexes: Mapping[Tuple[str, str], Any], interface: str, name: str) -> ToolSchemaError:
    """The error for a function this build of the component does not have."""
    if any(exported == interface for exported, _ in indexes):
        return ToolSchemaError(
            f"this build of the component has no {name} in {_PACKAGE.format(interface)}: "
            "it was built before the operation was added"
        )
    return ToolSchemaError(
        f"this build of the component does not export {_PACKAGE.format(interface)}, so it has no {name}"
    )


class _Instance:
    """A store and the component instantiated in it, with its functions looked up once."""

    def __init__(self, runtime: "Runtime", generation: int):
        loaded = runtime._loaded
        self.generation = generation
        self.store = Store(loaded.engine)
        self.store.set_limits(memory_size=runtime.memory_limit)
        # Instantiation runs the component's initializers, which take fuel too.
        runtime._bound(self.store)
        # The component imports nothing, so an empty linker instantiates it; an
        # import would make this fail, which is what we want.
        self.instance: Instance = Linker(loaded.engine).instantiate(self.store, loaded.component)
        self._indexes = runtime._indexes
        self._funcs: Dict[Tuple[str, str], Func] = {}
        self._direct: Dict[Tuple[str, str], Optional[_direct.Function]] = {}
        #: How each export is called (:meth:`Runtime._caller`), once found.
        self.callers: Dict[Tuple[str, str], Callable[..., Any]] = {}
        if runtime.work_budget != DEFAULT_WORK_BUDGET:
            # Every instance, the fresh one after a trap included.
            set_budget = self.func("work", "set-work-budget")
            runtime._bound(self.store)
            set_budget(self.store, runtime.work_budget)
            set_budget.post_return(self.store)

    def func(self, interface: str, name: str) -> Func:
        key = (interface, name)
        f = self._funcs.get(key)
        if f is None:
            index = self._indexes.get(key)
            if index is None:
                raise _missing(self._indexes, interface, name)
            found = self.instance.get_func(self.store, index)
            if found is None:
                raise ToolSchemaError(f"the component has no function {name} in {interface}")
            f = self._funcs[key] = found
        return f

    def direct(self, interface: str, name: str) -> Optional[_direct.Function]:
        """The function called directly (its types read once), or None when it
        takes or gives what only wasmtime-py's generic calls convert."""
        key = (interface, name)
        try:
            return self._direct[key]
        except KeyError:
            d = self._direct[key] = _direct.compile(self.store, self.func(interface, name), _RECORDS)
            return d

    def param_names(self, interface: str, name: str) -> List[str]:
        return [n for n, _ in self.func(interface, name).type(self.store).params]


class _CoreInstance:
    """The component's core module instantiated in a store of its own and
    every function called through :mod:`tool_schema._canon`: the calls
    wasmtime-py's component API would make, without its conversions."""

    def __init__(self, runtime: "Runtime", generation: int):
        loaded = runtime._loaded
        assert loaded.core is not None and loaded.types is not None
        self.generation = generation
        self.store = Store(loaded.engine)
        self.store.set_limits(memory_size=runtime.memory_limit)
        if runtime.fuel is not None:
            self.store.set_fuel(runtime.fuel)
        self.core = _canon.CoreInstance(loaded.engine, loaded.core, self.store, loaded.types, runtime._deadline_ticks)
        self._indexes = runtime._indexes
        self._functions: Dict[Tuple[str, str], _canon.Function] = {}
        #: How each export is called (:meth:`Runtime._caller`), once found.
        self.callers: Dict[Tuple[str, str], Callable[..., Any]] = {}
        if runtime.work_budget != DEFAULT_WORK_BUDGET:
            # Every instance, the fresh one after a trap included.
            self.direct("work", "set-work-budget").call(runtime.fuel, runtime.work_budget)

    def direct(self, interface: str, name: str) -> _canon.Function:
        key = (interface, name)
        try:
            return self._functions[key]
        except KeyError:
            if key not in self._indexes:
                raise _missing(self._indexes, interface, name) from None
            f = self._functions[key] = self.core.function(_PACKAGE.format(interface), name, _RECORDS)
            return f

    def param_names(self, interface: str, name: str) -> List[str]:
        return [n for n, _ in self.core.types[_PACKAGE.format(interface)][name].params]


class Runtime:
    """The component, loaded once, in a sandbox with a deadline per call and a
    memory limit.

    The module-level functions use a default runtime (:func:`tool_schema.runtime`);
    make your own for other limits or another ``.wasm``::

        rt = Runtime(deadline=0.5, memory_limit=64 << 20)
        rt.validate_args(schema, args)

    A runtime may be used from several threads: its calls are serialized by
    a lock (one instance runs one call at a time). Threads that should run
    calls side by side each make a runtime of their own; runtimes share the
    compiled component.
    """

    def __init__(
        self,
        *,
        deadline: Optional[float] = DEFAULT_DEADLINE,
        fuel: Optional[int] = None,
        memory_limit: int = DEFAULT_MEMORY_LIMIT,
        work_budget: int = DEFAULT_WORK_BUDGET,
        component: Union[str, "Path", None] = None,
        cache: bool = True,
        cache_dir: Union[str, "Path", None] = None,
    ):
        """
        :param deadline: the longest one call may run, in seconds (to within
            a tenth, and 10 ms); a call that runs past it is stopped and raises
            :class:`TrapError` (``timed_out``). None: no deadline.
        :param fuel: the fuel each call gets (about one unit per WebAssembly
            instruction): a bound that stops a call at the same point on every
            machine, at a cost to every call (see the README); a call that uses
            it all raises :class:`TrapError` (``out_of_fuel``). None: no fuel.
        :param memory_limit: the most linear memory the instance may have, in bytes.
        :param work_budget: the steps each call may take inside the component;
            past them the call is refused with one error at ``$`` (a
            :class:`DiagnosticsError`, or arguments refused with ``limit``).
        :param component: another ``.wasm`` to run instead of the shipped one.
        :param cache: keep the compiled component in the cache directory.
        :param cache_dir: the cache directory (default: :func:`default_cache_dir`).
        """
        if deadline is not None and not (isinstance(deadline, (int, float)) and 0 < deadline < float("inf")):
            raise ValueError(f"deadline must be a positive number of seconds or None, not {deadline!r}")
        if fuel is not None and (isinstance(fuel, bool) or not isinstance(fuel, int) or fuel <= 0):
            raise ValueError(f"fuel must be a positive int or None, not {fuel!r}")
        if memory_limit <= 0:
            raise ValueError("memory_limit must be positive")
        if isinstance(work_budget, bool) or not isinstance(work_budget, int):
            raise TypeError(f"work_budget must be an int, not {type(work_budget).__name__}")
        if not 0 <= work_budget < 1 << 64:
            raise ValueError(f"work_budget must be from 0 to 2**64 - 1, not {work_budget}")
        self._fuel = fuel
        self._deadline = None if deadline is None else float(deadline)
        tick = _engine.epoch_tick(self._deadline) if self._deadline is not None else _engine.EPOCH_TICK
        #: The deadline in epoch ticks (of ``tick`` seconds), or None.
        self._deadline_ticks = None if self._deadline is None else max(1, math.ceil(self._deadline / tick))
        self._memory_limit = memory_limit
        self._work_budget = work_budget
        #: How calls are made: "core" (the core module through _canon),
        #: "direct" (the component through _direct where it can call the
        #: function) or "generic" (wasmtime-py's Func.__call__, which the
        #: tests compare with). Set through _direct_calls or _use().
        self._path = "core"
        path = Path(component) if component is not None else _engine.shipped_component()
        directory = (Path(cache_dir) if cache_dir is not None else _engine.default_cache_dir()) if cache else None
        bounds = _engine.Bounds(fuel=fuel is not None, epoch=deadline is not None, tick=tick)
        self._loaded = _engine.load(path, directory, bounds)
        self._indexes = self._export_indexes()
        # Re-entrant: code that holds it across several calls (a validator
        # compiled again, a tool's conversion read) makes each through _call.
        self._lock = threading.RLock()
        self._pending_drops: List[Tuple[int, Any]] = []
        self._instances = 0
        self._generation = 0
        if self._loaded.core is None:
            self._path = "direct"
        try:
            try:
                self._current = self._fresh()
            except _canon.Unsupported:
                # A module _canon cannot instantiate: the component API.
                self._path = "direct"
                self._instances = 0
                self._current = self._fresh()
        except WasmtimeError as e:
            raise ToolSchemaError(f"the component cannot be instantiated: {_trap_reason(e)}") from None

    @property
    def _direct_calls(self) -> bool:
        return self._path != "generic"

    @_direct_calls.setter
    def _direct_calls(self, direct: bool) -> None:
        self._use(("core" if self._loaded.core is not None else "direct") if direct else "generic")

    def _use(self, path: str) -> None:
        """Makes every call go one way from now on (a new instance, without
        counting it as one made after a trap)."""
        if path not in ("core", "direct", "generic") or (path == "core" and self._loaded.core is None):
            raise ValueError(f"no call path {path!r} here")
        with self._lock:
            if path != self._path:
                self._path = path
                self._pending_drops.clear()
                self._current = self._instance()

    def _export_indexes(self) -> Dict[Tuple[str, str], ExportIndex]:
        component = self._loaded.component
        names = {
            "describe": [
                "describe-tool",
                "describe-source",
                "source-descriptor",
                "describe-type",
                "tool-name",
                "flatten-doc",
            ],
            "validate": [
                "[static]validator.compile",
                "[method]validator.validate",
                "validate-args",
                "default-limits",
            ],
            "encode": ["encode-result"],
            "downconvert": [
                "downconvert",
                "downconvert-json",
                "restore-args",
                "provider-profile",
                "providers",
                "budget",
                "budget-plan",
            ],
            "work": ["set-work-budget", "work-budget"],
            "tools": [
                "[static]tool.from-descriptor",
                "[static]tool.from-schema",
                "[method]tool.info",
                "[method]tool.validate",
                "[method]tool.encode",
                "[method]tool.convert",
                "[method]converted.schema",
                "[method]converted.changes",
                "[method]converted.lossless",
                "[method]converted.also-valid-for",
                "[method]converted.dead",
                "[method]converted.restore",
                "schemas-compiled",
            ],
        }
        indexes: Dict[Tuple[str, str], ExportIndex] = {}
        for interface, funcs in names.items():
            parent = component.get_export_index(_PACKAGE.format(interface))
            if parent is None:
                if interface in _OPTIONAL_INTERFACES:
                    # An earlier build: its other operations work, and these
                    # are refused when called (_Instance.func).
                    continue
                raise ToolSchemaError(f"the component does not export {_PACKAGE.format(interface)}")
            for name in funcs:
                index = component.get_export_index(name, parent)
                if index is None:
                    if (interface, name) in _OPTIONAL_FUNCTIONS:
                        # An earlier build of the interface: refused when
                        # called (_Instance.func).
                        continue
                    raise ToolSchemaError(f"the component has no function {name} in {interface}")
                indexes[(interface, name)] = index
        return indexes

    def _fresh(self) -> "_Instance | _CoreInstance":
        self._instances += 1
        return self._instance()

    def _instance(self) -> "_Instance | _CoreInstance":
        self._generation += 1
        if self._path == "core":
            return _CoreInstance(self, self._generation)
        return _Instance(self, self._generation)

    @property
    def fuel(self) -> Optional[int]:
        """The fuel each call gets, or None (no fuel)."""
        return self._fuel

    @property
    def deadline(self) -> Optional[float]:
        """The longest one call may run, in seconds, or None (no deadline)."""
        return self._deadline

    def _bound(self, store: Store) -> None:
        """Bounds the next call in a store of the component API (the core
        instance's calls are bounded by :func:`_canon._on_deadline` and by
        the fuel each call sets)."""
        if self._fuel is not None:
            store.set_fuel(self._fuel)
        if self._deadline_ticks is not None:
            store.set_epoch_deadline(self._deadline_ticks)

    @property
    def memory_limit(self) -> int:
        """The most linear memory the instance may have, in bytes."""
        return self._memory_limit

    @property
    def work_budget(self) -> int:
        """The steps each call may take inside the component."""
        return self._work_budget

    @property
    def generation(self) -> int:
        """The number of the current instance (it grows by one after each trap)."""
        return self._current.generation

    def info(self) -> RuntimeInfo:
        loaded = self._loaded
        return RuntimeInfo(
            origin=loaded.origin,
            cache_file=loaded.cache_file,
            component=loaded.component_path,
            component_sha256=loaded.sha256,
            wasmtime_version=_engine.wasmtime_version(),
            load_seconds=loaded.seconds,
            fuel=self.fuel,
            deadline=self.deadline,
            memory_limit=self.memory_limit,
            instances=self._instances,
            work_budget=self.work_budget,
        )

    # -- calls ----------------------------------------------------------------

    def _caller(self, current: "_Instance | _CoreInstance", interface: str, name: str) -> Callable[..., Any]:
        """How one export of ``current`` is called, found once per instance:
        directly with its bound (the fuel it sets; a deadline in epochs), or
        through wasmtime-py's generic calls."""
        d = current.direct(interface, name) if self._path != "generic" else None
        if d is not None:
            if isinstance(current, _Instance) and self._deadline_ticks is not None:
                store, ticks, call, fuel = current.store, self._deadline_ticks, d.call, self._fuel

                def with_deadline(*args: Any) -> Any:
                    store.set_epoch_deadline(ticks)
                    return call(fuel, *args)

                return with_deadline
            if isinstance(d, _canon.Function):
                return d.caller(self._fuel)
            return functools.partial(d.call, self._fuel)
        assert isinstance(current, _Instance)
        f = current.func(interface, name)

        def generic(*args: Any) -> Any:
            self._bound(current.store)
            result = f(current.store, *args)
            f.post_return(current.store)
            return result

        return generic

    def _trapped(self, error: WasmtimeError) -> TrapError:
        # A trap poisons the instance: replace it before reporting, so the next
        # call works. Validators compiled in the old one are recompiled when next
        # used (Validator.validate), and its pending drops are moot.
        self._pending_drops.clear()
        old = self._current
        self._current = self._fresh()
        reason = _trap_reason(error)
        timed_out = (old.core.cx.timed_out if isinstance(old, _CoreInstance) else "interrupt" in reason) and (
            self._deadline is not None
        )
        out_of_fuel = not timed_out and "fuel" in reason
        if timed_out:
            message = f"the call ran past its deadline ({self._deadline:g} s) and was stopped"
        elif out_of_fuel:
            message = f"the call used up its fuel ({self.fuel:,} units) and was stopped"
        else:
            message = (
                f"the component trapped ({reason}): a panic, or an allocation past the memory limit "
                f"of {self.memory_limit:,} bytes"
            )
        return TrapError(
            message + "; a fresh instance replaces it", out_of_fuel=out_of_fuel, reason=reason, timed_out=timed_out
        )

    def _call(self, interface: str, name: str, *args: Any) -> Any:
        """Calls one export, under the lock."""
        # The lock taken and released by hand: a with statement looks up the
        # lock's __enter__ and __exit__ on every call (5% of an empty call).
        lock = self._lock
        lock.acquire()
        try:
            if self._pending_drops:
                self._drain_drops()
            current = self._current
            caller = current.callers.get((interface, name))
            if caller is None:
                caller = current.callers[(interface, name)] = self._caller(current, interface, name)
            try:
                return caller(*args)
            except WasmtimeError as e:
                raise self._trapped(e) from None
            except UnicodeEncodeError as e:
                # A str with a lone surrogate, met while the arguments were
                # being written, before the component was called: the
                # instance is fine.
                names = [n.replace("-", "_") for n in current.param_names(interface, name)]
                raise _not_unicode(e, names, args) from None
        finally:
            lock.release()

    def _drain_drops(self) -> None:
        # Validators garbage-collected since the last call. Their drops are
        # queued rather than run from __del__, which may run in the middle of
        # another call.
        while self._pending_drops:
            generation, handle = self._pending_drops.pop()
            if generation == self._current.generation:
                self._drop(handle)

    def _drop(self, handle: Any) -> None:
        store = self._current.store
        try:
            self._bound(store)
            handle.drop(store)
        except WasmtimeError as e:
            raise self._trapped(e) from None

    # -- describe ---------------------------------------------------------------

    def describe_tools(self, descriptor: JsonInput) -> List[DescribedTool]:
        """Describes every tool of a descriptor: one for a method descriptor, each
        method's for a ``containingType`` descriptor. Raises :class:`DescribeError`."""
        return _tools(self._describe(descriptor))

    def describe_tool(self, descriptor: JsonInput) -> DescribedTool:
        """Describes the tool of a method descriptor. Raises :class:`DescribeError`;
        for a class of tools use :meth:`describe_tools`."""
        text = self._describe(descriptor)
        if text.lstrip().startswith("["):
            count = len(array_elements(text))
            raise ValueError(f"the descriptor describes a class of {count} tools; use describe_tools() for it")
        return _tool(text)

    def _describe(self, descriptor: JsonInput) -> str:
        answer = self._call("describe", "describe-tool", _json_text(descriptor, "descriptor"))
        if isinstance(answer, str):
            return answer
        raise DescribeError([_diagnostic(d) for d in answer])

    def describe_source(
        self,
        files: SourceFiles,
        *,
        mode: Union[Mode, str] = Mode.GENERATOR,
        naming: Optional[str] = None,
    ) -> SourceTools:
        """Describes every ``[Tool]`` method in C# source files, as the
        ``[Tool]`` generator would, and gives the tools with the warnings.

        The source is read into the descriptor :meth:`source_descriptor`
        gives, and that is described as :meth:`describe_tool` describes it, so
        the answers are the same. Raises :class:`SourceError` (a
        :class:`DescribeError`) with every diagnostic, the warnings too.

        :param files: a mapping of path to text, or a sequence of
            ``(path, text)`` pairs; the tools come in the order of the files
            and their declarations. Diagnostics name a file by its path.
        :param mode: mirror the generator (the default) or ``Tool.Create``.
        :param naming: the naming policy when no ``JsonSerializerContext`` in
            the files sets one: ``CamelCase`` (the default), ``Web``, ``None``.
        """
        found = self._source("describe-source", files, mode, naming)
        return SourceTools(tools=_tools(found.json), json=found.json, warnings=found.warnings)

    def source_descriptor(
        self,
        files: SourceFiles,
        *,
        mode: Union[Mode, str] = Mode.GENERATOR,
        naming: Optional[str] = None,
    ) -> SourceDescriptor:
        """The descriptor C# source files describe to (JSON text), with every
        problem of the source text as a warning. Raises :class:`SourceError`
        only when there is nothing to write (no ``[Tool]`` method, a limit).
        The parameters are :meth:`describe_source`'s."""
        return self._source("source-descriptor", files, mode, naming)

    def _source(self, name: str, files: SourceFiles, mode: Union[Mode, str], naming: Optional[str]) -> SourceDescriptor:
        lowered = _lower_source_files(files)
        options = _source_options(mode, naming)
        answer = self._call("describe", name, lowered, options)
        if isinstance(answer, list):
            raise SourceError([_source_diagnostic(d) for d in answer])
        return _from_source(answer)

    def describe_type(
        self,
        type_expr: str,
        *,
        types: Union[str, Mapping[str, Any], None] = None,
        naming: Optional[str] = None,
        mode: Union[Mode, str] = Mode.GENERATOR,
    ) -> str:
        """The schema of one C# type expression (compact JSON text).

        :param types: the declared types, name → declaration, as in a
            descriptor's ``types`` (JSON text or a mapping).
        :param naming: the naming policy: ``CamelCase`` (default), ``Web``, ``None``.
        """
        answer = self._call("describe", "describe-type", type_expr, _context(types, naming, mode))
        if isinstance(answer, str):
            return answer
        raise DescribeError([_diagnostic(d) for d in answer])

    def tool_name(self, method: str) -> str:
        """The contract's default tool name for a method (``GetDocketAsync`` →
        ``get_docket``). Raises :class:`DescribeError` (``OLT008``)."""
        answer = self._call("describe", "tool-name", method)
        if isinstance(answer, str):
            return answer
        raise DescribeError([_diagnostic(answer)])

    def flatten_doc(self, xml: str) -> str:
        """Doc-comment XML flattened to one line of text."""
        answer: str = self._call("describe", "flatten-doc", xml)
        return answer

    # -- validate ---------------------------------------------------------------

    def validate_args(self, schema: SchemaInput, args: JsonInput) -> ValidationResult:
        """Checks a tool's arguments against its input schema, with the default
        options. An unusable schema is one error with keyword ``schema``."""
        answer = self._call("validate", "validate-args", _schema_text(schema), _json_text(args, "args"))
        return _validation(answer)

    def default_limits(self) -> Limits:
        """The documented default limits of one validation."""
        r = self._call("validate", "default-limits")
        return Limits(
            max_argument_bytes=_field(r, "max-argument-bytes"),
            max_argument_depth=_field(r, "max-argument-depth"),
            max_schema_bytes=_field(r, "max-schema-bytes"),
            max_schema_depth=_field(r, "max-schema-depth"),
            regex_backtrack_limit=_field(r, "regex-backtrack-limit"),
        )

    def validator(
        self,
        schema: SchemaInput,
        *,
        formats: Union[FormatMode, str] = FormatMode.ASSERT,
        any_value: bool = False,
        limits: Optional[Limits] = None,
    ) -> "Validator":
        """A :class:`Validator` in this runtime."""
        return Validator(schema, formats=formats, any_value=any_value, limits=limits, runtime=self)

    # -- encode -----------------------------------------------------------------

    def encode_result(
        self,
        tool_name: str,
        return_type: str,
        outcome: Outcome,
        *,
        types: Union[str, Mapping[str, Any], None] = None,
        naming: Optional[str] = None,
        mode: Union[Mode, str] = Mode.GENERATOR,
        ends_loop: bool = False,
    ) -> ToolResult:
        """What the model receives for a tool's outcome. A value that does not
        fit ``return_type`` is the host's bug: :class:`EncodeError`."""
        answer = self._call(
            "encode",
            "encode-result",
            tool_name,
            return_type,
            _context(types, naming, mode),
            _lower_outcome(outcome),
            ends_loop,
        )
        if isinstance(answer, list):
            raise EncodeError([_diagnostic(d) for d in answer])
        return _tool_result(answer)

    # -- downconvert --------------------------------------------------------------

    def downconvert(self, schema: SchemaInput, target: Target) -> Downconverted:
        """Converts a schema for a provider's strict mode. A keyword the target
        does not take is removed and its meaning appended to the node's
        description; every change is listed. Raises :class:`DownconvertError`
        (``OLS…`` for an unusable schema, ``OLP…`` for the target: ``OLP001``
        for a surface's name no surface has).

        The list of changes and the report (``also_valid_for``, ``dead``)
        are made when one of them is first read, by this runtime converting
        the schema again with them (the same conversion, so the same
        answers; one conversion for all three): their text is about as long
        as the schema's, and most callers only send the schema on. Until
        then the answer keeps this runtime and the schema's text."""
        lowered = _lower_target(target)
        text = _schema_text(schema)
        answer = self._call("downconvert", "downconvert-json", text, lowered, False)
        if isinstance(answer, list):
            raise DownconvertError([_diagnostic(d) for d in answer])
        converted = _downconverted_json(answer)
        # Read by Downconverted.changes: what converts the schema again.
        converted.__dict__["_list_changes"] = (self, text, lowered)
        return converted

    def _converted_json(self, schema_text: str, lowered_target: Any) -> Tuple[str, Optional[str]]:
        """The changes and the report of converting ``schema_text``, which
        this runtime has converted before without them, as the component's
        JSON texts (the report None from a component built before it)."""
        answer = self._call("downconvert", "downconvert-json", schema_text, lowered_target, True)
        if isinstance(answer, list):
            # Not to be met: the same conversion gave an answer before.
            raise DownconvertError([_diagnostic(d) for d in answer])
        fields = _downconverted_json(answer).__dict__
        return fields["_changes_json"], fields["_report_json"]

    def restore_args(self, original_schema: SchemaInput, target: Target, args: JsonInput) -> ValidationResult:
        """Turns the model's answer to the schema converted for ``target`` back
        into arguments for ``original_schema``, then validates and binds them
        as :meth:`validate_args` does."""
        lowered = _lower_target(target)
        answer = self._call(
            "downconvert", "restore-args", _schema_text(original_schema, "original_schema"), lowered, _json_text(args, "args")
        )
        return _validation(answer)

    def provider_profile(self, name: Union[Provider, str]) -> str:
        """A built-in surface's profile (JSON text), by its name or an alias,
        the form a :class:`Custom` target takes. Raises
        :class:`DownconvertError` (``OLP001``) for a name the component does
        not know."""
        if not isinstance(name, str):
            raise TypeError(f"a provider name is a str, not {type(name).__name__}")
        text = name.value if isinstance(name, Provider) else name
        answer = self._call("downconvert", "provider-profile", text)
        if isinstance(answer, str):
            return answer
        raise DownconvertError([_diagnostic(answer)])

    def providers(self) -> List[ProviderInfo]:
        """Every built-in request surface, in the component's fixed order:
        each a :class:`ProviderInfo` with its name and aliases (what a
        target takes), the request field it describes, the date of its
        oldest rule and how many of its rules could not be checked. A
        component built before surfaces raises :class:`ToolSchemaError`."""
        found: List[Any] = self._call("downconvert", "providers")
        return [_provider_info(p) for p in found]

    def budget(self, schemas: Sequence[SchemaInput], target: Target) -> List[OverLimit]:
        """Converts every tool's input schema of one request for ``target`` and
        lists each limit the provider documents that the set is over: per
        schema (``tool`` is its index in ``schemas``) and for the request
        (``tool`` is None). An empty list when the set fits. Raises
        :class:`DownconvertError` when a schema cannot be converted (each of
        its diagnostics' paths under ``tools[i]``) or the target is refused."""
        lowered = _lower_schemas(schemas)
        lowered_target = _lower_target(target)
        # Both cases of the result are lists, so wasmtime-py gives it tagged:
        # Variant("ok", [over-limit…]) or Variant("err", [diagnostic…]).
        answer: Variant = self._call("downconvert", "budget", lowered, lowered_target)
        found = cast(List[Any], answer.payload)
        if answer.tag == "err":
            raise DownconvertError([_diagnostic(d) for d in found])
        return [_over_limit(o) for o in found]

    @overload
    def budget_plan(self, schemas: Sequence[SchemaInput], names: Optional[Sequence[str]], target: Target) -> BudgetPlan: ...

    @overload
    def budget_plan(
        self, schemas: Sequence[SchemaInput], names: Optional[Sequence[str]] = None, *, target: Target
    ) -> BudgetPlan: ...

    def budget_plan(
        self, schemas: Sequence[SchemaInput], names: Optional[Sequence[str]] = None, target: Optional[Target] = None
    ) -> BudgetPlan:
        """:meth:`budget`, per tool, with a plan: which tools are sent strict,
        which non-strict (as given, strict mode off) and which left out of
        the request, so that it is within every limit the surface documents
        (strict tools first come, first served, in the order given).
        ``names``: the tools' names, one per schema (checked against the
        surface's rule for names), or None. ``target`` is required: the third
        argument, or a keyword. Raises :class:`DownconvertError` as
        :meth:`budget` does."""
        if target is None:
            raise TypeError("budget_plan needs a target")
        lowered = _lower_schemas(schemas)
        lowered_names = _lower_names(names)
        lowered_target = _lower_target(target)
        # A record or a list: wasmtime-py gives this result untagged.
        answer = self._call("downconvert", "budget-plan", lowered, lowered_names, lowered_target)
        if isinstance(answer, list):
            raise DownconvertError([_diagnostic(d) for d in answer])
        return _budget_plan(answer)

    # -- tools ------------------------------------------------------------------

    def tool(self, source: "ToolSource") -> "Tool":
        """A :class:`Tool` compiled once in this runtime, for its whole life.

        ``source`` is a method descriptor, or a tool described by its schemas
        (an MCP server's tool, Pydantic's or Zod's schemas): a mapping, or its
        JSON text, with ``inputSchema`` (and ``name``, and optionally
        ``description``, ``outputSchema``, ``options``; other members are
        ignored). Raises :class:`DescribeError` for a descriptor the contract
        refuses, :class:`SchemaError` for a schema that cannot be used, and
        ``ValueError`` for a class descriptor of several tools: use
        :meth:`tools` for it.
        """
        from ._tools import make_tools  # _tools builds on this module

        made = make_tools(self, source)
        if len(made) != 1:
            for t in made:
                t.close()
            raise ValueError(f"the descriptor describes a class of {len(made)} tools; use tools() for it")
        return made[0]

    def tools(self, source: "ToolSource") -> "List[Tool]":
        """Every tool a descriptor describes, each compiled once: one for a
        method descriptor, one per tool method of a class descriptor (one for
        a tool described by its schemas). Raises as :meth:`tool` does."""
        from ._tools import make_tools  # _tools builds on this module

        return make_tools(self, source)

    def schemas_compiled(self) -> int:
        """How many schemas the current instance has compiled into validation
        programs: a :class:`Tool` compiles when it is made (a descriptor's
        return type when its first value is encoded), never again when it is
        called. A fresh instance (after a trap) counts from 0."""
        answer: int = self._call("tools", "schemas-compiled")
        return answer


def _validation(answer: Any) -> ValidationResult:
    if isinstance(answer, str):
        return ValidationResult(answer)
    return ValidationResult(None, tuple(_arg_error(e) for e in answer))


class Validator:
    """A schema compiled once, for many argument texts (the ``validator`` resource).

    Raises :class:`SchemaError` when the schema cannot be used. Close it (or use
    it as a context manager) to free it in the component at once; otherwise it
    is freed after it is garbage-collected.

    If the component traps (in any call of the runtime), the validator is
    compiled again, transparently, the next time it is used: it keeps the
    schema and options it was made with.
    """

    def __init__(
        self,
        schema: SchemaInput,
        *,
        formats: Union[FormatMode, str] = FormatMode.ASSERT,
        any_value: bool = False,
        limits: Optional[Limits] = None,
        runtime: Optional[Runtime] = None,
    ):
        from . import runtime as default_runtime

        self._handle: Optional[ResourceAny] = None
        self._closed = False
        self._runtime = runtime if runtime is not None else default_runtime()
        self.schema = _schema_text(schema)
        self.formats = FormatMode(formats)
        self.any_value = any_value
        self.limits = limits
        #: How many times it has been compiled: 1, plus one after each trap.
        self.compilations = 0
        with self._runtime._lock:
            self._runtime._drain_drops()
            self._compile()

    def _compile(self) -> None:
        rt = self._runtime
        options = _validate_options(self.formats, self.any_value, self.limits)
        answer = rt._call("validate", "[static]validator.compile", self.schema, options)
        if isinstance(answer, list):
            self._closed = True
            raise SchemaError([_diagnostic(d) for d in answer])
        self._handle = answer
        self._generation = rt._current.generation
        self.compilations += 1

    def validate(self, args: JsonInput) -> ValidationResult:
        """Checks one argument text (or value) against the schema."""
        rt = self._runtime
        with rt._lock:
            if self._closed:
                raise ClosedError("the validator is closed: make another")
            if rt._pending_drops:
                rt._drain_drops()
            if self._handle is None or self._generation != rt._current.generation:
                self._compile()
            text = args if type(args) is str else _json_text(args, "args")
            answer = rt._call("validate", "[method]validator.validate", self._handle, text)
        return _validation(answer)

    __call__ = validate

    def close(self) -> None:
        """Frees the compiled schema in the component. Closing twice is harmless."""
        rt = self._runtime
        with rt._lock:
            handle, self._handle = self._handle, None
            self._closed = True
            if handle is not None and self._generation == rt._current.generation:
                rt._drop(handle)

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> "Validator":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._runtime._pending_drops.append((self._generation, handle))

    def __repr__(self) -> str:
        state = "closed" if self._closed else "open"
        return f"<Validator {state} schema={self.schema[:60]!r}>"
