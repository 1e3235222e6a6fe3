"""Calling the component's functions with their types read once.

wasmtime-py's ``Func.__call__`` asks the C API for the function's type on
every call, and converts each argument and the result by walking that type,
asking again through ctypes for every record's fields and every variant's
cases, value by value. For a ``list<change>`` of a few dozen strings that is
most of a call's time. This module reads each function's type once, when an
instance is made, and turns it into a lowering of the arguments and a lifting
of the result:

* arguments are written into ``wasmtime_component_val_t`` structures that
  this module owns (strings point at the encoded ``bytes``; the C API copies
  what it is given and frees none of it);
* the result is read where the C API wrote it, with ``struct.unpack_from``
  over a view of the process's memory, then freed with one
  ``wasmtime_component_val_delete``.

The values are the ones wasmtime-py gives (``str``, ``bool``, ``int``,
``list``, :class:`wasmtime.component.Record` with the WIT field names,
untagged or :class:`wasmtime.component.Variant` as wasmtime-py decides per
type), except for records a caller asks to build itself (``records``).

It reads wasmtime-py's C bindings (``wasmtime._ffi``), which the package pins
to one major version. The layout it relies on is taken from those bindings
and checked when the module is imported; if anything is not as expected, or
a function has a type it does not lower or lift (resources), :func:`compile`
answers None and the caller uses ``Func.__call__``.
"""

from __future__ import annotations

import ctypes
import struct
import sys
from ctypes import POINTER, Structure, Union, addressof, c_char_p, c_size_t, c_uint8, c_uint64, c_void_p, sizeof
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from wasmtime import WasmtimeError

Lift = Callable[[int], Any]
#: Writes a value into a slot; what it allocates is appended to the list, to
#: be kept alive until the call returns.
Lower = Callable[["_Val", Any, List[Any]], None]
#: Builds a record from its field values, in the WIT order.
RecordFactory = Callable[..., Any]


class Unsupported(Exception):
    """A type this module does not lower or lift: the caller uses Func.__call__."""


try:
    from wasmtime import _ffi as ffi
    from wasmtime.component import _types as wt
    from wasmtime.component import Record, Variant

    _C_VAL = ffi.wasmtime_component_val_t
    _C_UNION = ffi.wasmtime_component_valunion_t
    _C_VEC = ffi.wasm_byte_vec_t
    _C_LIST = ffi.wasmtime_component_vallist_t
    _C_RECORD = ffi.wasmtime_component_valrecord_t
    _C_ENTRY = ffi.wasmtime_component_valrecord_entry_t
    _C_VARIANT = ffi.wasmtime_component_valvariant_t
    _C_RESULT = ffi.wasmtime_component_valresult_t

    def _kind(name: str) -> int:
        return int(getattr(ffi, "WASMTIME_COMPONENT_" + name).value)

    def _at(cls: Any, field: str) -> int:
        return int(getattr(cls, field).offset)

    def _require(layout_as_expected: bool) -> None:
        if not layout_as_expected:
            raise ImportError("wasmtime-py's component values are laid out otherwise")

    K_BOOL, K_S8, K_U8, K_S16, K_U16, K_S32, K_U32, K_S64, K_U64 = (
        _kind(n) for n in ("BOOL", "S8", "U8", "S16", "U16", "S32", "U32", "S64", "U64")
    )
    K_STRING, K_LIST, K_RECORD = (_kind(n) for n in ("STRING", "LIST", "RECORD"))
    K_VARIANT, K_ENUM, K_OPTION, K_RESULT = (_kind(n) for n in ("VARIANT", "ENUM", "OPTION", "RESULT"))

    #: Where things are, from the bindings: the union in a value, the length
    #: and data of a byte vector (and of a list's or record's array), a
    #: result's flag and payload, a variant's payload, a record entry's value.
    VAL = sizeof(_C_VAL)
    OF = _at(_C_VAL, "of")
    VEC_SIZE, VEC_DATA = _at(_C_VEC, "size"), _at(_C_VEC, "data")
    ENTRY, ENTRY_VAL = sizeof(_C_ENTRY), _at(_C_ENTRY, "val")
    VARIANT_VAL = _at(_C_VARIANT, "val")
    RESULT_OK, RESULT_VAL = _at(_C_RESULT, "is_ok"), _at(_C_RESULT, "val")
    _require(
        all(_at(_C_UNION, f) == 0 for f in ("string", "enumeration", "list", "record", "variant", "result", "option"))
    )
    _require(_at(_C_VARIANT, "discriminant") == 0)
    for _vec in (_C_VEC, _C_LIST, _C_RECORD):
        _require((_at(_vec, "size"), _at(_vec, "data")) == (0, 8))
    _require(sizeof(c_size_t) == sizeof(c_void_p) == 8 and VAL % 8 == 0 and ENTRY % 8 == 0)

    _call = ffi.dll["wasmtime_component_func_call"]
    _call.argtypes = [c_void_p, c_void_p, c_void_p, c_size_t, c_void_p, c_size_t]
    _call.restype = c_void_p
    _post_return = ffi.dll["wasmtime_component_func_post_return"]
    _post_return.argtypes = [c_void_p, c_void_p]
    _post_return.restype = c_void_p
    _delete = ffi.dll["wasmtime_component_val_delete"]
    _delete.argtypes = [c_void_p]
    _delete.restype = None
    _set_fuel = ffi.dll["wasmtime_context_set_fuel"]
    _set_fuel.argtypes = [c_void_p, c_uint64]
    _set_fuel.restype = c_void_p
    _ERROR = POINTER(ffi.wasmtime_error_t)
    available = True
except Exception:  # noqa: BLE001 - another wasmtime-py: the generic calls are used
    available = False


# -- the process's memory, to read what the C API wrote -------------------------------

# A view of every address from 1 up: the C API's values are read in place,
# at the addresses it gives, without a ctypes call for each one.
_BASE = 1
_MEM: memoryview = memoryview(b"")
if available:
    try:
        _MEM = memoryview((ctypes.c_char * (sys.maxsize - _BASE)).from_address(_BASE)).cast("B")
    except Exception:  # noqa: BLE001 - no such view here: the generic calls are used
        available = False
_QQ = struct.Struct("<QQ").unpack_from
_Q = struct.Struct("<Q").unpack_from


def _text(size: int, data: int) -> str:
    start = data - _BASE
    return _MEM[start : start + size].tobytes().decode()


# -- arguments: values of our own, in the C API's layout ------------------------------

if available:

    class _Bytes(Structure):
        # wasm_byte_vec_t, its data pointing at a bytes object (kept alive by
        # the structure itself).
        _fields_ = [("size", c_size_t), ("data", c_char_p)]

    class _Pair(Structure):
        # A list's or record's array: its length and address.
        _fields_ = [("size", c_size_t), ("data", c_void_p)]

    class _VariantOf(Structure):
        _fields_ = [("discriminant", _Bytes), ("val", c_void_p)]

    class _ResultOf(Structure):
        _fields_ = [("is_ok", ctypes.c_bool), ("val", c_void_p)]

    class _Union(Union):
        _fields_ = [
            ("boolean", ctypes.c_bool),
            ("s8", ctypes.c_int8),
            ("u8", ctypes.c_uint8),
            ("s16", ctypes.c_int16),
            ("u16", ctypes.c_uint16),
            ("s32", ctypes.c_int32),
            ("u32", ctypes.c_uint32),
            ("s64", ctypes.c_int64),
            ("u64", ctypes.c_uint64),
            ("f32", ctypes.c_float),
            ("f64", ctypes.c_double),
            ("character", ctypes.c_uint32),
            ("string", _Bytes),
            ("pair", _Pair),
            ("variant", _VariantOf),
            ("option", c_void_p),
            ("result", _ResultOf),
            ("raw", c_uint8 * sizeof(_C_UNION)),
        ]

    class _Val(Structure):
        _fields_ = [("kind", c_uint8), ("of", _Union)]

    class _Entry(Structure):
        _fields_ = [("name", _Bytes), ("val", _Val)]

    class _StringSlot(Structure):
        # An argument that is a string (or an enum case): the same bytes as a
        # _Val, its fields one attribute away.
        _fields_ = [("kind", c_uint8), ("size", c_size_t), ("data", c_char_p)]

    class _VariantSlot(Structure):
        # An argument that is a variant: its case name and payload.
        _fields_ = [("kind", c_uint8), ("size", c_size_t), ("data", c_char_p), ("val", c_void_p)]

    # Our structures must be byte for byte the bindings' (else none of this is used).
    if not (
        sizeof(_Val) == VAL
        and _at(_Val, "of") == OF
        and sizeof(_Union) == sizeof(_C_UNION)
        and (sizeof(_Entry), _at(_Entry, "val")) == (ENTRY, ENTRY_VAL)
        and _at(_VariantOf, "val") == VARIANT_VAL
        and (_at(_ResultOf, "is_ok"), _at(_ResultOf, "val")) == (RESULT_OK, RESULT_VAL)
        and (_at(_StringSlot, "size"), _at(_StringSlot, "data")) == (OF + VEC_SIZE, OF + VEC_DATA)
        and (_at(_VariantSlot, "data"), _at(_VariantSlot, "val")) == (OF + VEC_DATA, OF + VARIANT_VAL)
    ):
        available = False


def _encoded(value: Any) -> bytes:
    if not isinstance(value, str):
        raise TypeError("expected string type")
    return value.encode("utf-8")


def _lower_string(slot: "_Val", value: Any, keep: List[Any]) -> None:
    b = _encoded(value)
    slot.kind = K_STRING
    slot.of.string.size = len(b)
    slot.of.string.data = b


def _lower_bool(slot: "_Val", value: Any, keep: List[Any]) -> None:
    if not isinstance(value, bool):
        raise TypeError("expected bool for Bool type")
    slot.kind = K_BOOL
    slot.of.boolean = value


def _int_lowering(kind: int, field: str, name: str) -> Lower:
    # Stored through the ctypes field, as wasmtime-py stores it.
    def lower(slot: "_Val", value: Any, keep: List[Any]) -> None:
        if not isinstance(value, int):
            raise TypeError(f"expected int for {name} type")
        slot.kind = kind
        setattr(slot.of, field, value)

    return lower


def _new_vals(n: int, keep: List[Any]) -> Tuple[Any, int]:
    array = (_Val * n)()
    keep.append(array)
    return array, addressof(array)


def _name(text: str, keep: List[Any]) -> bytes:
    b = text.encode("utf-8")
    keep.append(b)
    return b


def _lowering(ty: Any) -> Lower:
    if isinstance(ty, wt.String):
        return _lower_string
    if isinstance(ty, wt.Bool):
        return _lower_bool
    for cls, kind, field in (
        (wt.U8, K_U8, "u8"),
        (wt.U16, K_U16, "u16"),
        (wt.U32, K_U32, "u32"),
        (wt.U64, K_U64, "u64"),
        (wt.S8, K_S8, "s8"),
        (wt.S16, K_S16, "s16"),
        (wt.S32, K_S32, "s32"),
        (wt.S64, K_S64, "s64"),
    ):
        if isinstance(ty, cls):
            return _int_lowering(kind, field, cls.__name__)
    if isinstance(ty, wt.EnumType):

        def lower_enum(slot: "_Val", value: Any, keep: List[Any]) -> None:
            if not isinstance(value, str):
                raise TypeError("expected str type")
            b = value.encode("utf-8")
            slot.kind = K_ENUM
            slot.of.string.size = len(b)
            slot.of.string.data = b

        return lower_enum
    if isinstance(ty, wt.ListType):
        if isinstance(ty.element, wt.U8):
            raise Unsupported("list<u8>")
        element = _lowering(ty.element)

        def lower_list(slot: "_Val", value: Any, keep: List[Any]) -> None:
            if not isinstance(value, list):
                raise TypeError("expected list value")
            array, address = _new_vals(max(len(value), 1), keep)
            for i, item in enumerate(value):
                element(array[i], item, keep)
            slot.kind = K_LIST
            slot.of.pair.size = len(value)
            slot.of.pair.data = address

        return lower_list
    if isinstance(ty, wt.RecordType):
        fields = [(name, _lowering(t)) for name, t in ty.fields]

        def lower_record(slot: "_Val", value: Any, keep: List[Any]) -> None:
            entries = (_Entry * max(len(fields), 1))()
            keep.append(entries)
            for i, (name, lower) in enumerate(fields):
                lower(entries[i].val, getattr(value, name), keep)
                b = _name(name, keep)
                entries[i].name.size = len(b)
                entries[i].name.data = b
            slot.kind = K_RECORD
            slot.of.pair.size = len(fields)
            slot.of.pair.data = addressof(entries)

        return lower_record
    if isinstance(ty, (wt.VariantType, wt.OptionType, wt.ResultType)):
        return _variant_lowering(ty)
    raise Unsupported(type(ty).__name__)


def _case_classes(ty: Any) -> Optional[Tuple[type, ...]]:
    if ty is None:
        return None
    classes: Set[type] = set()
    ty.add_classes(classes)
    return tuple(classes)


def _variant_lowering(ty: Any) -> Lower:
    # Which case a value is, as wasmtime-py's VariantLikeType._lower decides:
    # by tag when the cases cannot be told apart by class, else by class.
    tagged = ty._tagged()
    cases = [(name, None if t is None else _lowering(t), _case_classes(t)) for name, t in ty._cases()]
    names = {name: _name_bytes(name) for name, _, _ in cases}

    tags = {name: i for i, (name, _, _) in enumerate(cases)}
    case_classes = [classes for _, _, classes in cases]

    def pick(value: Any) -> Tuple[str, Optional[Lower], Any]:
        i, inner = pick_case(tagged, tags, case_classes, value)
        name, lower, _ = cases[i]
        return name, lower, inner

    payload = _payload

    if isinstance(ty, wt.OptionType):

        def lower_option(slot: "_Val", value: Any, keep: List[Any]) -> None:
            name, lower, inner = pick(value)
            slot.kind = K_OPTION
            slot.of.option = payload(lower, inner, keep) if name == "some" else 0

        return lower_option
    if isinstance(ty, wt.ResultType):

        def lower_result(slot: "_Val", value: Any, keep: List[Any]) -> None:
            name, lower, inner = pick(value)
            slot.kind = K_RESULT
            slot.of.result.is_ok = name == "ok"
            slot.of.result.val = payload(lower, inner, keep)

        return lower_result

    def lower_variant(slot: "_Val", value: Any, keep: List[Any]) -> None:
        name, lower, inner = pick(value)
        b = names[name]
        slot.kind = K_VARIANT
        slot.of.variant.discriminant.size = len(b)
        slot.of.variant.discriminant.data = b
        slot.of.variant.val = payload(lower, inner, keep)

    return lower_variant


def pick_case(tagged: bool, tags: Dict[str, int], classes: Sequence[Optional[Tuple[type, ...]]], value: Any) -> Tuple[int, Any]:
    """Which case of a variant ``value`` is, and its payload, as wasmtime-py's
    VariantLikeType._lower decides: by tag (a ``Variant``) when the cases
    cannot be told apart by class, else by the value's class (None for a case
    without a payload). ``tags`` maps each case's name to its index."""
    if tagged:
        if not isinstance(value, Variant):
            raise TypeError("expected Variant type")
        i = tags.get(value.tag)
        if i is None:
            raise ValueError("value not valid for this variant")
        return i, value.payload
    for i, case in enumerate(classes):
        if case is None:
            if value is None:
                return i, None
        elif isinstance(value, case):
            return i, value
    raise ValueError("value not valid for this variant")


def _name_bytes(name: str) -> bytes:
    return name.encode("utf-8")


def _payload(lower: Optional[Lower], value: Any, keep: List[Any]) -> int:
    """The address of a case's payload, lowered into a value of its own."""
    if lower is None:
        return 0
    array, address = _new_vals(1, keep)
    lower(array[0], value, keep)
    return address


#: Writes one argument into its slot (what it allocates goes to the list).
Setter = Callable[[Any, List[Any]], None]


def _setter(ty: Any, args: Any, index: int) -> Setter:
    """The argument ``index`` of the array ``args``, written by a view made
    once: a string or a variant's case is three stores."""
    offset = index * VAL
    if isinstance(ty, (wt.String, wt.EnumType)):
        slot = _StringSlot.from_buffer(args, offset)
        kind = K_STRING if isinstance(ty, wt.String) else K_ENUM
        expected = "expected string type" if kind == K_STRING else "expected str type"

        def set_string(value: Any, keep: List[Any]) -> None:
            if not isinstance(value, str):
                raise TypeError(expected)
            b = value.encode("utf-8")
            slot.kind = kind
            slot.size = len(b)
            slot.data = b

        return set_string
    if isinstance(ty, wt.VariantType) and ty._tagged():
        variant = _VariantSlot.from_buffer(args, offset)
        cases = {name: (_name_bytes(name), None if t is None else _lowering(t)) for name, t in ty.cases}

        def set_variant(value: Any, keep: List[Any]) -> None:
            if not isinstance(value, Variant):
                raise TypeError("expected Variant type")
            case = cases.get(value.tag)
            if case is None:
                raise ValueError("value not valid for this variant")
            name, lower = case
            variant.kind = K_VARIANT
            variant.size = len(name)
            variant.data = name
            variant.val = _payload(lower, value.payload, keep)

        return set_variant
    view = _Val.from_buffer(args, offset)
    lower = _lowering(ty)
    return lambda value, keep: lower(view, value, keep)


# -- results: read in place -----------------------------------------------------------


def _lift_string(a: int) -> str:
    size, data = _QQ(_MEM, a + OF - _BASE)
    return _text(size, data)


def _lift_bool(a: int) -> bool:
    return bool(_MEM[a + OF - _BASE])


def _int_lifting(fmt: str) -> Lift:
    unpack = struct.Struct(fmt).unpack_from

    def lift(a: int) -> int:
        value: int = unpack(_MEM, a + OF - _BASE)[0]
        return value

    return lift


def _is_text(ty: Any) -> bool:
    """A string, or an enum: the C API holds an enum's case name as it holds
    a string (a byte vector where the value's union starts)."""
    return isinstance(ty, (wt.String, wt.EnumType))


def _lifting(ty: Any, records: Dict[Tuple[str, ...], RecordFactory]) -> Lift:
    if _is_text(ty):
        return _lift_string
    if isinstance(ty, wt.Bool):
        return _lift_bool
    for cls, fmt in (
        (wt.U8, "<B"),
        (wt.U16, "<H"),
        (wt.U32, "<I"),
        (wt.U64, "<Q"),
        (wt.S8, "<b"),
        (wt.S16, "<h"),
        (wt.S32, "<i"),
        (wt.S64, "<q"),
    ):
        if isinstance(ty, cls):
            return _int_lifting(fmt)
    if isinstance(ty, wt.ListType):
        if isinstance(ty.element, wt.U8):
            raise Unsupported("list<u8>")
        if isinstance(ty.element, wt.RecordType) and all(_is_text(t) for _, t in ty.element.fields):
            return _string_records_lifting(ty.element, records)
        element = _lifting(ty.element, records)

        def lift_list(a: int) -> List[Any]:
            n, data = _QQ(_MEM, a + OF - _BASE)
            return [element(data + i * VAL) for i in range(n)]

        return lift_list
    if isinstance(ty, wt.RecordType):
        return _record_lifting(ty, records)
    if isinstance(ty, (wt.VariantType, wt.OptionType, wt.ResultType)):
        return _variant_lifting(ty, records)
    raise Unsupported(type(ty).__name__)


def _record_lifting(ty: Any, records: Dict[Tuple[str, ...], RecordFactory]) -> Lift:
    fields = ty.fields
    names = tuple(name for name, _ in fields)
    build = records.get(names) or _plain_record(names)
    n = len(fields)
    if all(_is_text(t) for _, t in fields):
        strings = _string_fields(n)

        def lift_string_record(a: int) -> Any:
            size, data = _QQ(_MEM, a + OF - _BASE)
            if size != n:
                raise WasmtimeError(f"a record of {size} fields where {n} were expected")
            return build(*strings(data))

        return lift_string_record
    lifts = [_lifting(t, records) for _, t in fields]
    offsets = [i * ENTRY + ENTRY_VAL for i in range(n)]

    def lift_record(a: int) -> Any:
        size, data = _QQ(_MEM, a + OF - _BASE)
        if size != n:
            raise WasmtimeError(f"a record of {size} fields where {n} were expected")
        return build(*[lift(data + offset) for lift, offset in zip(lifts, offsets)])

    return lift_record


def _string_records_lifting(ty: Any, records: Dict[Tuple[str, ...], RecordFactory]) -> Lift:
    """A list of records of strings and enums (``list<change>``): every record's field
    count and entries in one read, then each record's strings."""
    names = tuple(name for name, _ in ty.fields)
    build = records.get(names) or _plain_record(names)
    k = len(names)
    strings = _string_fields(k)
    heads: Dict[int, Callable[..., Tuple[int, ...]]] = {}
    mem = _MEM

    def lift_records(a: int) -> List[Any]:
        n, data = _QQ(mem, a + OF - _BASE)
        if n == 0:
            return []
        unpack = heads.get(n)
        if unpack is None:
            unpack = struct.Struct("<" + f"{OF}xQQ{VAL - OF - 16}x" * n).unpack_from
            if n <= 64:
                heads[n] = unpack
        raw = unpack(mem, data - _BASE)
        out = []
        for i in range(0, 2 * n, 2):
            if raw[i] != k:
                raise WasmtimeError(f"a record of {raw[i]} fields where {k} were expected")
            out.append(build(*strings(raw[i + 1])))
        return out

    return lift_records


def _plain_record(names: Tuple[str, ...]) -> RecordFactory:
    def build(*values: Any) -> Any:
        r = Record()
        r.__dict__.update(zip(names, values))
        return r

    return build


def _string_fields(n: int) -> Callable[[int], Sequence[str]]:
    """The ``n`` strings of a record whose entries start at ``data``: every
    entry's length and address in one read, then each text. (Written out for
    the records of three and four strings the component returns most.)"""
    before = ENTRY_VAL + OF
    after = ENTRY - before - 16
    unpack = struct.Struct("<" + f"{before}xQQ{after}x" * n).unpack_from
    mem = _MEM
    b = _BASE
    if n == 3:

        def three(data: int) -> Sequence[str]:
            s0, d0, s1, d1, s2, d2 = unpack(mem, data - b)
            d0 -= b
            d1 -= b
            d2 -= b
            return (
                mem[d0 : d0 + s0].tobytes().decode(),
                mem[d1 : d1 + s1].tobytes().decode(),
                mem[d2 : d2 + s2].tobytes().decode(),
            )

        return three
    if n == 4:

        def four(data: int) -> Sequence[str]:
            s0, d0, s1, d1, s2, d2, s3, d3 = unpack(mem, data - b)
            d0 -= b
            d1 -= b
            d2 -= b
            d3 -= b
            return (
                mem[d0 : d0 + s0].tobytes().decode(),
                mem[d1 : d1 + s1].tobytes().decode(),
                mem[d2 : d2 + s2].tobytes().decode(),
                mem[d3 : d3 + s3].tobytes().decode(),
            )

        return four

    def strings(data: int) -> Sequence[str]:
        raw = unpack(mem, data - b)
        return [_text(raw[i], raw[i + 1]) for i in range(0, 2 * n, 2)]

    return strings


def _variant_lifting(ty: Any, records: Dict[Tuple[str, ...], RecordFactory]) -> Lift:
    # As wasmtime-py's VariantLikeType._lift: a case without a payload is
    # None (or Variant(tag) when tagged), one with a payload its value (or
    # Variant(tag, value)).
    tagged = ty._tagged()
    cases = {name: (None if t is None else _lifting(t, records)) for name, t in ty._cases()}

    def case(tag: str, payload: int) -> Any:
        if tag not in cases:
            raise ValueError(f"tag {tag} not found in variant cases")
        lift = cases[tag]
        if lift is None:
            return Variant(tag) if tagged else None
        value = lift(payload)
        return Variant(tag, value) if tagged else value

    if isinstance(ty, wt.OptionType):

        def lift_option(a: int) -> Any:
            (pointer,) = _Q(_MEM, a + OF - _BASE)
            return case("some", pointer) if pointer else case("none", 0)

        return lift_option
    if isinstance(ty, wt.ResultType):

        def lift_result(a: int) -> Any:
            ok = _MEM[a + OF + RESULT_OK - _BASE]
            (pointer,) = _Q(_MEM, a + OF + RESULT_VAL - _BASE)
            return case("ok" if ok else "err", pointer)

        return lift_result

    def lift_variant(a: int) -> Any:
        size, data = _QQ(_MEM, a + OF - _BASE)
        (pointer,) = _Q(_MEM, a + OF + VARIANT_VAL - _BASE)
        return case(_text(size, data), pointer)

    return lift_variant


# -- a function -----------------------------------------------------------------------


class Function:
    """One export of one instance, called directly: ``call(fuel, *args)``
    sets the store's fuel, calls, lifts the result, frees it, and runs the
    post-return step. Not thread-safe: the runtime's lock serializes calls."""

    def __init__(self, store: Any, context: int, func: Any, params: Sequence[Any], lift: Optional[Lift]):
        # The store (whose context this is) and the function structure stay
        # alive as long as this does: their addresses are passed on each call.
        self._store = store
        self._func_struct = func._func
        self._func = addressof(func._func)
        self._context = context
        self._args = (_Val * max(len(params), 1))()
        self._args_address = addressof(self._args)
        self._setters = [_setter(ty, self._args, i) for i, ty in enumerate(params)]
        self._lift = lift
        self._result = _Val()
        self._result_address = addressof(self._result)
        self._result_count = 0 if lift is None else 1

    def call(self, fuel: Optional[int], *args: Any) -> Any:
        setters = self._setters
        if len(args) != len(setters):
            raise TypeError(f"wrong number of parameters provided: given {len(args)}, expected {len(setters)}")
        # What the arguments point at, alive until the call returns. (The
        # slots keep their last strings until the next call overwrites them;
        # the C API only reads them, and frees none.)
        keep: List[Any] = []
        for setter, value in zip(setters, args):
            setter(value, keep)
        if fuel is not None:
            _check(_set_fuel(self._context, fuel))
        _check(_call(self._func, self._context, self._args_address, len(setters), self._result_address, self._result_count))
        del keep
        result = self._result
        try:
            value = None if self._lift is None else self._lift(self._result_address)
        finally:
            if self._lift is not None:
                _delete(self._result_address)
                # A value the C API may overwrite (and so drop) next time.
                result.kind = K_BOOL
        _check(_post_return(self._func, self._context))
        return value


def _check(error: Optional[int]) -> None:
    if error:
        raise WasmtimeError._from_ptr(ctypes.cast(error, _ERROR))


def compile(
    store: Any, func: Any, records: Optional[Dict[Tuple[str, ...], RecordFactory]] = None
) -> Optional[Function]:
    """A direct caller of ``func`` (a ``wasmtime.component.Func`` of ``store``),
    or None when this module cannot call it."""
    if not available:
        return None
    try:
        ty = func.type(store)
        params = [t for _, t in ty.params]
        for t in params:
            _lowering(t)  # Unsupported when it cannot be lowered
        result = ty.result
        lift = None if result is None else _lifting(result, records or {})
        context = ctypes.cast(store._context(), c_void_p).value
        if not context:
            return None
        return Function(store, context, func, params, lift)
    except (Unsupported, AttributeError, TypeError):
        return None
