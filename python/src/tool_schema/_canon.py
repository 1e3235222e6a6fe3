"""The component's core module, called directly, with the canonical ABI in Python.

The component is the guest's core WebAssembly module wrapped with its
interface types; the module's only imports are its resources' (``validator``,
``tool``, ``converted``) ``resource.new`` and ``resource.drop``. wasmtime-py's component calls convert
every argument and result twice (Python values to ``wasmtime_component_val_t``,
those to wasmtime's own values, and back), each string allocated and copied on
the way. This module instantiates the guest's module itself, as jco does in
JavaScript, and moves values across as the component model's canonical ABI
says (``CanonicalABI.md``): string and list arguments are written into the
instance's linear memory through its ``cabi_realloc``, the flat ``i32``/``i64``
values go in one ``wasmtime_func_call_unchecked``, results are read in place
from linear memory, then the function's ``cabi_post_*`` export frees them. The
answers are the module's own bytes, so they are the component's. The
component's other modules are shims through which its resources' destructors
are reached; here the host calls the destructors itself, and keeps the handle
table (each handle with its resource, so that one resource's handle is never
passed for another's).

What the interface types give (records, variants, strings) is lifted into the
same Python values :mod:`tool_schema._direct` gives, so the runtime uses either
without a difference (``tests/test_direct.py`` compares every function with
wasmtime-py's generic calls). A type this module does not know, a component
whose first module is not the guest's, or an import other than a resource's:
:class:`Unsupported` is raised when the runtime loads or instantiates it, and
the runtime calls through wasmtime-py's component API instead.
"""

from __future__ import annotations

import ctypes
import functools
import struct
import threading
import weakref
from ctypes import c_size_t, c_uint64, c_void_p
from typing import Any, Callable, Dict, List, NoReturn, Optional, Sequence, Tuple

from wasmtime import Engine, FuncType, Linker, Module, Store, Trap, ValType, WasmtimeError

from . import _direct

try:
    from wasmtime import _ffi as ffi
    from wasmtime import _func as _wasmtime_func
    from wasmtime.component import Record, ResourceType, Variant
    from wasmtime.component import _types as wt

    _call = ffi.dll["wasmtime_func_call_unchecked"]
    _call.argtypes = [c_void_p, c_void_p, c_void_p, c_size_t, c_void_p]
    _call.restype = c_void_p
    # The same function for the trampolines' calls, whose arguments are the
    # same every time: given as ctypes values made once, not converted from
    # ints at each call.
    _call_values = ffi.dll["wasmtime_func_call_unchecked"]
    _call_values.restype = c_void_p
    _mem_data = ffi.dll["wasmtime_memory_data"]
    _mem_data.argtypes = [c_void_p, c_void_p]
    _mem_data.restype = c_void_p
    _mem_size = ffi.dll["wasmtime_memory_data_size"]
    _mem_size.argtypes = [c_void_p, c_void_p]
    _mem_size.restype = c_size_t
    _set_fuel = ffi.dll["wasmtime_context_set_fuel"]
    _set_fuel.argtypes = [c_void_p, c_uint64]
    _set_fuel.restype = c_void_p
    _export_get = ffi.dll["wasmtime_instance_export_get"]
    _export_get.argtypes = [c_void_p, c_void_p, ctypes.c_char_p, c_size_t, c_void_p]
    _export_get.restype = ctypes.c_bool
    _EXTERN_FUNC = int(ffi.WASMTIME_EXTERN_FUNC.value)
    _EXTERN_MEMORY = int(ffi.WASMTIME_EXTERN_MEMORY.value)
    _RAW = ffi.wasmtime_val_raw_t
    _ERROR = ctypes.POINTER(ffi.wasmtime_error_t)
    _TRAP = ctypes.POINTER(ffi.wasm_trap_t)
    available = ctypes.sizeof(_RAW) == 16
except Exception:  # noqa: BLE001 - another wasmtime-py: the component calls are used
    available = False

#: The canonical ABI's limits on flat values (more go through memory).
MAX_FLAT_PARAMS = 16
MAX_FLAT_RESULTS = 1


class Unsupported(Exception):
    """Something this module does not call: the runtime uses the component API."""


# -- the component's one core module --------------------------------------------------


def _leb(data: bytes, i: int) -> Tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data):
            raise Unsupported("a section size runs past the end")
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


_COMPONENT_HEADER = b"\0asm\x0d\x00\x01\x00"
_CORE_MODULE_SECTION = 1


def core_module(component: bytes) -> bytes:
    """The bytes of the component's main core module: the first one, as
    ``wasm-tools component new`` writes it. The others it writes are shims
    (a table through which the resources' destructors are reached, and its
    fixup) and the components that export each interface: none holds code of
    ours. :class:`CoreInstance` checks that the module imports only its
    resources' ``resource.new`` and ``resource.drop``."""
    if component[:8] != _COMPONENT_HEADER:
        raise Unsupported("not a component binary of the layer this module reads")
    i = 8
    while i < len(component):
        section = component[i]
        size, i = _leb(component, i + 1)
        if i + size > len(component):
            raise Unsupported("a section runs past the end")
        if section == _CORE_MODULE_SECTION:
            return component[i : i + size]
        i += size
    raise Unsupported("no core module")


# -- calls and memory -----------------------------------------------------------------


class _Context:
    """One instance's store, memory and realloc, as raw pointers for ctypes."""

    def __init__(self, context: int, memory: int, realloc: int):
        """``context``: the address of the instance's store's context."""
        self.context = context
        self.memory = memory
        self.realloc = realloc
        # One argument area for every call: 16 raw values (flat parameters
        # and results both fit, or a pointer stands for them), written and
        # read with struct over its bytes. Each value is written as an i64:
        # an i32 reads the low half, the same bits.
        self.raw = bytearray(ctypes.sizeof(_RAW) * MAX_FLAT_PARAMS)
        self.raw_address = ctypes.addressof((ctypes.c_char * len(self.raw)).from_buffer(self.raw))
        self.trap = c_void_p()
        self.trap_address = ctypes.addressof(self.trap)
        #: Whether the view is of linear memory as it is: not after a call
        #: that may have grown it (memory grows, and may move, only while
        #: the instance runs).
        self._current = False
        self._view: memoryview = memoryview(b"")
        #: Calls made so far: the epoch deadline's callback tells one call
        #: from the next by it.
        self.calls = 0
        #: The deadline's count (:func:`_on_deadline`): the call last seen
        #: and the windows it has run since.
        self.seen = 0
        self.strikes = 0
        #: Set by the deadline's callback when it stops a call.
        self.timed_out = False
        #: The result a trampoline's call left to free: the function's
        #: ``cabi_post_*`` and the result's address (:meth:`free_pending`).
        self.pending: Optional[Tuple[int, int]] = None
        #: Where top-level string arguments are staged for the calls made
        #: through a trampoline (allocated at the first such call).
        self.staging = 0

    def call(self, func: int, params: Sequence[int], writer: Callable[..., None]) -> None:
        """Calls ``func`` with ``params`` (written by ``writer``, one of
        :func:`_writer`'s); its results are left in the argument area."""
        writer(self.raw, 0, *params)
        self._invoke(func, self.raw_address, MAX_FLAT_PARAMS)

    def _invoke(self, func: int, address: int, count: int) -> None:
        self._current = False
        error = _call(self.context, func, address, count, self.trap_address)
        if error or self.trap.value:
            self.failed(error)

    def failed(self, error: Optional[int]) -> NoReturn:
        """Raises what a call that failed (``error``) or trapped left."""
        if error:
            raise _failure(str(WasmtimeError._from_ptr(ctypes.cast(error, _ERROR))))
        trap = Trap._from_ptr(ctypes.cast(self.trap.value or 0, _TRAP))
        self.trap.value = None
        raise _failure(trap.message)

    def stage(self) -> int:
        """The staging area, allocated at its first use."""
        if not self.staging:
            self.staging = self.alloc(1, STAGING)
        return self.staging

    def free_pending(self) -> None:
        """Frees the result a trampoline's call left (before any call that
        is not that function's trampoline: the guest's exports share one
        return area)."""
        pending = self.pending
        if pending is not None:
            self.pending = None
            self.call(pending[0], (pending[1],), _WRITE1)

    def result(self) -> int:
        """The first raw result, as an i64 (an i32 result is its low half)."""
        value: int = _Q_RAW(self.raw, 0)[0]
        return value

    def call_nested(self, func: int, param: int) -> None:
        """A call made while another may be under way (the destructor, from a
        ``resource.drop`` the instance makes): an argument area of its own."""
        area = (_RAW * 1)()
        area[0].i32 = param
        self._invoke(func, ctypes.addressof(area), 1)

    def view(self) -> memoryview:
        """Linear memory as bytes, looked up again only after a call that
        may have grown it. (A memory moves only when it grows.)"""
        if not self._current:
            self._refresh()
        return self._view

    def _refresh(self) -> None:
        size = _mem_size(self.context, self.memory)
        if size != len(self._view):
            base = _mem_data(self.context, self.memory)
            self._view = memoryview((ctypes.c_char * size).from_address(base)).cast("B")
        self._current = True

    def grown_to(self, pages: int) -> None:
        """After a trampoline's call, which answers the memory's size in
        pages: a new view only when the memory has grown."""
        if pages << 16 != len(self._view):
            self._refresh()
        else:
            self._current = True

    def alloc(self, align: int, size: int) -> int:
        self.call(self.realloc, (0, 0, align, size), _WRITE4)
        ptr = self.result() & 0xFFFFFFFF
        if size and ptr + size > len(self.view()):
            raise WasmtimeError("cabi_realloc returned memory past the end of the instance's memory")
        return ptr


def _failure(message: str) -> WasmtimeError:
    """The error for a call that failed. An exception raised in one of our
    imports is kept by wasmtime-py for its own calls to raise: it is said
    here instead (as wasmtime words a cause, after "Caused by:"), and none
    is left behind."""
    raised = getattr(_wasmtime_func, "LAST_EXCEPTION", None)
    if raised is not None:
        _wasmtime_func.LAST_EXCEPTION = None
        message = f"{message}\n\nCaused by:\n    {raised}"
    return WasmtimeError(message)


def _writer(count: int) -> Callable[..., None]:
    """Writes ``count`` flat values into an argument area, each as an i64 in
    its 16-byte slot."""
    pad = ctypes.sizeof(_RAW) - 8 if available else 8
    return struct.Struct("<" + f"q{pad}x" * count).pack_into


_Q_RAW = struct.Struct("<q").unpack_from
_WRITE4 = _writer(4)
_WRITE1 = _writer(1)


# -- types: size, alignment, flat form, and moving values -------------------------------


def _align_to(n: int, align: int) -> int:
    return (n + align - 1) // align * align


class _Ty:
    size: int
    align: int
    flat: List[str]

    def store(self, cx: "_Context", ptr: int, value: Any) -> None:
        raise NotImplementedError

    def load(self, cx: "_Context", mv: memoryview, ptr: int) -> Any:
        raise NotImplementedError

    def lower(self, cx: "_Context", value: Any, out: List[int]) -> None:
        raise NotImplementedError

    def lift_flat(self, cx: "_Context", raw: int) -> Any:
        raise Unsupported(f"{type(self).__name__} as a flat result")


class _Bool(_Ty):
    size, align, flat = 1, 1, ["i32"]

    @staticmethod
    def _check(value: Any) -> int:
        if not isinstance(value, bool):
            raise TypeError("expected bool for Bool type")
        return int(value)

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        cx.view()[ptr] = self._check(value)

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        return mv[ptr] != 0

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        out.append(self._check(value))

    def lift_flat(self, cx: _Context, raw: int) -> Any:
        return raw & 0xFFFFFFFF != 0


class _Int(_Ty):
    def __init__(self, name: str, size: int, signed: bool):
        self.name, self.size, self.align, self.signed = name, size, size, signed
        self.flat = ["i64" if size == 8 else "i32"]
        self.bits = size * 8
        self.low = -(1 << (self.bits - 1)) if signed else 0
        self.high = (1 << (self.bits - 1)) - 1 if signed else (1 << self.bits) - 1
        code = {1: "b", 2: "h", 4: "i", 8: "q"}[size]
        self.fmt = struct.Struct("<" + (code if signed else code.upper()))

    def _check(self, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"expected int for {self.name} type")
        if not self.low <= value <= self.high:
            raise ValueError(f"{value} is out of range for {self.name}")
        return value

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        self.fmt.pack_into(cx.view(), ptr, self._check(value))

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        return self.fmt.unpack_from(mv, ptr)[0]

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        v = self._check(value)
        # An i32 or i64 slot is signed: an unsigned value past its top half
        # is written as the same bits.
        if self.bits >= 32 and v >= 1 << (self.bits - 1):
            v -= 1 << self.bits
        out.append(v)

    def lift_flat(self, cx: _Context, raw: int) -> Any:
        v = raw & ((1 << self.bits) - 1)
        if self.signed and v >= 1 << (self.bits - 1):
            v -= 1 << self.bits
        return v


_PAIR = struct.Struct("<II")


def _lower_text(cx: _Context, value: Any) -> Tuple[int, int]:
    if not isinstance(value, str):
        raise TypeError("expected string type")
    b = value.encode("utf-8")
    ptr = cx.alloc(1, len(b))
    if b:
        cx.view()[ptr : ptr + len(b)] = b
    return ptr, len(b)


class _String(_Ty):
    size, align, flat = 8, 4, ["i32", "i32"]

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        p, n = _lower_text(cx, value)
        _PAIR.pack_into(cx.view(), ptr, p, n)

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        p, n = _PAIR.unpack_from(mv, ptr)
        if p + n > len(mv):
            raise WasmtimeError("a string past the end of the instance's memory")
        return str(mv[p : p + n], "utf-8")

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        out.extend(_lower_text(cx, value))


class _List(_Ty):
    size, align, flat = 8, 4, ["i32", "i32"]

    def __init__(self, element: _Ty):
        self.element = element

    def _lower(self, cx: _Context, value: Any) -> Tuple[int, int]:
        if not isinstance(value, list):
            raise TypeError("expected list value")
        e = self.element
        ptr = cx.alloc(e.align, e.size * len(value))
        for i, item in enumerate(value):
            e.store(cx, ptr + i * e.size, item)
        return ptr, len(value)

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        p, n = self._lower(cx, value)
        _PAIR.pack_into(cx.view(), ptr, p, n)

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        p, n = _PAIR.unpack_from(mv, ptr)
        e = self.element
        if p + n * e.size > len(mv):
            raise WasmtimeError("a list past the end of the instance's memory")
        return [e.load(cx, mv, p + i * e.size) for i in range(n)]

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        out.extend(self._lower(cx, value))


def _flat(t: "_Ty") -> bool:
    """A string or an enum: a field a record of flat fields may have."""
    return isinstance(t, _String) or (isinstance(t, _Variant) and t.enum)


class _FlatRecords(_List):
    """A list of records of strings and enums only (``list<change>``): each
    record read by :func:`_flat_row`, in one unpack and one expression."""

    def __init__(self, element: "_Record"):
        super().__init__(element)
        self.row = _flat_row(element)

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        p, n = _PAIR.unpack_from(mv, ptr)
        size = self.element.size
        end = len(mv)
        if p + n * size > end:
            raise WasmtimeError("a list past the end of the instance's memory")
        row = self.row
        return [row(mv, p + i * size, end) for i in range(n)]


_WRITTEN: Dict[str, Any] = {}


def _run_written(source: str, what: str, env: Dict[str, Any]) -> Dict[str, Any]:
    """Runs ``source``, Python this module wrote from the component's types
    (a fast call, a record's row, a result's reader), in ``env``: compiled
    once per process for each text, the same in every instance."""
    code = _WRITTEN.get(source)
    if code is None:
        code = _WRITTEN[source] = compile(source, f"<tool_schema._canon {what}>", "exec")
    exec(code, env)  # noqa: S102
    return env


def _flat_layout(record: "_Record") -> Tuple[str, List[Tuple[int, Optional[Tuple[str, ...]]]], int]:
    """How one record of strings and enums is unpacked: the struct format of
    its fields (the padding between them skipped, none after the last), and
    for each field where its values start in the unpacked tuple and, for an
    enum, its cases (None for a string: an address, then a length); and how
    many values a record unpacks to."""
    fmt = ""
    at = 0
    width = 0
    layout: List[Tuple[int, Optional[Tuple[str, ...]]]] = []
    for f, offset in zip(record.fields, record.offsets):
        if offset > at:
            fmt += f"{offset - at}x"
        if isinstance(f, _String):
            fmt += "II"
            at = offset + 8
            layout.append((width, None))
            width += 2
        else:
            assert isinstance(f, _Variant) and f.enum
            fmt += f.disc.format[-1]
            at = offset + f.disc_size
            layout.append((width, tuple(name for name, _ in f.cases)))
            width += 1
    return fmt, layout, width


def _flat_row(record: "_Record") -> Callable[[memoryview, int, int], Any]:
    """A function reading one record of strings and enums at an address
    (``row(mv, at, len(mv))``) and building it: every field's pointer and
    length, or discriminant, in one unpack (the padding skipped), each string
    checked against the end of memory and each discriminant against its
    cases, written out for the record's fields."""
    fmt, layout, _ = _flat_layout(record)
    names: List[str] = []
    texts: List[str] = []
    cases: List[str] = []
    values: List[str] = []
    env: Dict[str, Any] = {"build": record.build, "W": WasmtimeError}
    for i, (_, choices) in enumerate(layout):
        if choices is None:
            names += [f"p{i}", f"n{i}"]
            texts.append(f"p{i} + n{i} > end")
            values.append(f"str(mv[p{i}:p{i} + n{i}], 'utf-8')")
        else:
            names.append(f"d{i}")
            env[f"c{i}"] = choices
            values.append(f"c{i}[d{i}]")
            k = len(choices)
            cases += [
                f"    if d{i} >= {k}:",
                f"        raise W(f'a discriminant of {{d{i}}} where {k} cases were expected')",
            ]
    env["unpack"] = struct.Struct("<" + fmt).unpack_from
    lines = ["def row(mv, at, end):", f"    {', '.join(names)}, = unpack(mv, at)"]
    if texts:
        lines += [f"    if {' or '.join(texts)}:", "        raise W(\"a string past the end of the instance's memory\")"]
    source = "\n".join([*lines, *cases, f"    return build({', '.join(values)})"])
    row: Callable[[memoryview, int, int], Any] = _run_written(source, "record row", env)["row"]
    return row


class _Record(_Ty):
    def __init__(self, names: Tuple[str, ...], fields: List[_Ty], build: Callable[..., Any]):
        self.names, self.fields, self.build = names, fields, build
        self.offsets: List[int] = []
        offset = 0
        align = 1
        for f in fields:
            offset = _align_to(offset, f.align)
            self.offsets.append(offset)
            offset += f.size
            align = max(align, f.align)
        self.align = align
        self.size = _align_to(offset, align)
        self.flat = [k for f in fields for k in f.flat]

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        for name, f, offset in zip(self.names, self.fields, self.offsets):
            f.store(cx, ptr + offset, getattr(value, name))

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        return self.build(*[f.load(cx, mv, ptr + o) for f, o in zip(self.fields, self.offsets)])

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        for name, f in zip(self.names, self.fields):
            f.lower(cx, getattr(value, name), out)


def _join(a: str, b: str) -> str:
    return a if a == b else "i64"


class _Variant(_Ty):
    """variant, option, result and enum: a discriminant and a payload per case."""

    def __init__(self, cases: List[Tuple[str, Optional[_Ty]]], tagged: bool, classes: List[Any], enum: bool):
        self.cases = cases
        self.names = {name: i for i, (name, _) in enumerate(cases)}
        self.tagged, self.classes, self.enum = tagged, classes, enum
        n = len(cases)
        self.disc_size = 1 if n <= 1 << 8 else 2 if n <= 1 << 16 else 4
        self.disc = struct.Struct("<" + {1: "B", 2: "H", 4: "I"}[self.disc_size])
        payloads = [t for _, t in cases if t is not None]
        payload_align = max([t.align for t in payloads], default=1)
        self.align = max(self.disc_size, payload_align)
        self.payload_offset = _align_to(self.disc_size, payload_align)
        self.size = _align_to(self.payload_offset + max([t.size for t in payloads], default=0), self.align)
        joined: List[str] = []
        for t in payloads:
            for i, k in enumerate(t.flat):
                if i < len(joined):
                    joined[i] = _join(joined[i], k)
                else:
                    joined.append(k)
        self.payload_flat = joined
        self.flat = ["i32"] + joined
        # A tagged case without a payload always lowers to the same flat
        # values: its discriminant, then zeros (a built-in target).
        self.bare: Dict[str, Tuple[int, ...]] = (
            {name: (i, *[0] * len(joined)) for i, (name, t) in enumerate(cases) if t is None} if tagged else {}
        )

    def _pick(self, value: Any) -> Tuple[int, Optional[_Ty], Any]:
        if self.enum:
            if not isinstance(value, str):
                raise TypeError("expected str type")
            i = self.names.get(value)
            if i is None:
                raise ValueError(f"{value!r} is not a case of this enum")
            return i, None, None
        i, payload = _direct.pick_case(self.tagged, self.names, self.classes, value)
        return i, self.cases[i][1], payload

    def _case(self, i: int, t: Optional[_Ty], payload: Callable[[_Ty], Any]) -> Any:
        if self.enum:
            return self.cases[i][0]
        name = self.cases[i][0]
        value = None if t is None else payload(t)
        if self.tagged:
            return Variant(name) if t is None else Variant(name, value)
        return value

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        i, t, payload = self._pick(value)
        self.disc.pack_into(cx.view(), ptr, i)
        if t is not None:
            t.store(cx, ptr + self.payload_offset, payload)

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        (i,) = self.disc.unpack_from(mv, ptr)
        if i >= len(self.cases):
            raise WasmtimeError(f"a discriminant of {i} where {len(self.cases)} cases were expected")
        return self._case(i, self.cases[i][1], lambda t: t.load(cx, mv, ptr + self.payload_offset))

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        if isinstance(value, Variant):
            bare = self.bare.get(value.tag)
            if bare is not None:
                out.extend(bare)
                return
        i, t, payload = self._pick(value)
        out.append(i)
        start = len(out)
        if t is not None:
            t.lower(cx, payload, out)
        out.extend([0] * (len(self.payload_flat) - (len(out) - start)))

    def lift_flat(self, cx: _Context, raw: int) -> Any:
        if not self.enum:
            raise Unsupported("a variant with a payload as a flat result")
        i = raw & 0xFFFFFFFF
        if i >= len(self.cases):
            raise WasmtimeError(f"a discriminant of {i} where {len(self.cases)} cases were expected")
        return self.cases[i][0]


class Handle:
    """A resource the instance made (an ``own``), as its handle; released by
    :meth:`drop` (the runtime's lock held), which runs the resource's
    destructor in the instance."""

    __slots__ = ("_instance", "_handle", "_resource")

    def __init__(self, instance: "CoreInstance", handle: int, resource: str):
        self._instance, self._handle, self._resource = instance, handle, resource

    def drop(self, store: Any = None) -> None:
        self._instance.drop_handle(self._handle, self._resource)

    def __repr__(self) -> str:
        return f"<Handle {self._resource} {self._handle}>"


class _Own(_Ty):
    size, align, flat = 4, 4, ["i32"]

    def __init__(self, instance: Any, resource: str):
        self.instance, self.resource = instance, resource

    def _lift(self, handle: int) -> Handle:
        entry = self.instance.handles.get(handle)
        if entry is None or entry[1] != self.resource:
            raise WasmtimeError(f"the instance returned a {self.resource} handle it does not have")
        return Handle(self.instance, handle, self.resource)

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        return self._lift(struct.unpack_from("<I", mv, ptr)[0])

    def lift_flat(self, cx: _Context, raw: int) -> Any:
        return self._lift(raw & 0xFFFFFFFF)

    def _rep(self, value: Any) -> int:
        if not isinstance(value, Handle) or value._instance is not self.instance:
            raise TypeError(f"expected a {self.resource} of this instance")
        entry = self.instance.handles.get(value._handle)
        if entry is None:
            raise ValueError(f"this {self.resource} has been dropped")
        rep, resource = entry
        if resource != self.resource:
            raise TypeError(f"expected a {self.resource}, not a {resource}")
        return rep

    # An owned handle is never passed in: check_function refuses such a
    # function when the component is loaded, so store and lower are _Ty's.


class _Borrow(_Own):
    """A borrow of a resource the instance defines: the callee gets its rep."""

    def store(self, cx: _Context, ptr: int, value: Any) -> None:
        struct.pack_into("<I", cx.view(), ptr, self._rep(value))

    def lower(self, cx: _Context, value: Any, out: List[int]) -> None:
        out.append(self._rep(value))

    def load(self, cx: _Context, mv: memoryview, ptr: int) -> Any:
        raise Unsupported("a borrow returned")

    def lift_flat(self, cx: _Context, raw: int) -> Any:
        raise Unsupported("a borrow returned")


_INTS = (
    (wt.U8, "U8", 1, False),
    (wt.U16, "U16", 2, False),
    (wt.U32, "U32", 4, False),
    (wt.U64, "U64", 8, False),
    (wt.S8, "S8", 1, True),
    (wt.S16, "S16", 2, True),
    (wt.S32, "S32", 4, True),
    (wt.S64, "S64", 8, True),
) if available else ()


class _LoaderWriter:
    """Writes out, as Python, a function that reads a value of one type from
    memory as the types' own ``load`` methods do: the same values, the same
    checks and errors, but a record's fields, a variant's case and its
    payload read in place rather than through a method call each (a list's
    items through a function of their own). An error result of ``validate``
    holds a dozen nested values, which the methods read at a call apiece."""

    def __init__(self) -> None:
        self.env: Dict[str, Any] = {"PAIR": _PAIR.unpack_from, "W": WasmtimeError, "Variant": Variant}
        self.functions: List[List[str]] = []
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def bind(self, prefix: str, value: Any) -> str:
        name = self.name(prefix)
        self.env[name] = value
        return name

    def function(self, t: _Ty) -> str:
        """A function ``(cx, mv, at)`` reading ``t``; its name."""
        name = self.name("load")
        body: List[str] = []
        value = self.value(t, "at", body, "    ")
        self.functions.append([f"def {name}(cx, mv, at):", *body, f"    return {value}"])
        return name

    def value(self, t: _Ty, at: str, out: List[str], pad: str) -> str:
        """Appends to ``out`` the lines that read ``t`` at ``at`` (an
        expression); the expression for its value."""
        v = self.name("v")
        if type(t) is _String:
            p, n = self.name("p"), self.name("n")
            out += [
                f"{pad}{p}, {n} = PAIR(mv, {at})",
                f"{pad}if {p} + {n} > len(mv):",
                f"{pad}    raise W(\"a string past the end of the instance's memory\")",
                f"{pad}{v} = str(mv[{p}:{p} + {n}], 'utf-8')",
            ]
        elif type(t) is _Bool:
            out.append(f"{pad}{v} = mv[{at}] != 0")
        elif type(t) is _Int:
            out.append(f"{pad}{v}, = {self.bind('int', t.fmt.unpack_from)}(mv, {at})")
        elif type(t) is _Record:
            fields = [self.value(f, f"{at} + {o}", out, pad) for f, o in zip(t.fields, t.offsets)]
            out.append(f"{pad}{v} = {self.bind('build', t.build)}({', '.join(fields)})")
        elif type(t) is _Variant:
            d = self.name("d")
            k = len(t.cases)
            out += [
                f"{pad}{d}, = {self.bind('disc', t.disc.unpack_from)}(mv, {at})",
                f"{pad}if {d} >= {k}:",
                f"{pad}    raise W(f'a discriminant of {{{d}}} where {k} cases were expected')",
            ]
            if t.enum:
                out.append(f"{pad}{v} = {self.bind('cases', tuple(name for name, _ in t.cases))}[{d}]")
            else:
                for i, (case, payload) in enumerate(t.cases):
                    out.append(f"{pad}{'if' if i == 0 else 'elif'} {d} == {i}:" if i < k - 1 else f"{pad}else:")
                    inner = pad + "    "
                    if payload is None:
                        out.append(f"{inner}{v} = {'Variant(' + repr(case) + ')' if t.tagged else 'None'}")
                    else:
                        x = self.value(payload, f"{at} + {t.payload_offset}", out, inner)
                        out.append(f"{inner}{v} = {'Variant(' + repr(case) + ', ' + x + ')' if t.tagged else x}")
        elif isinstance(t, _List):
            p, n = self.name("p"), self.name("n")
            size = t.element.size
            out += [
                f"{pad}{p}, {n} = PAIR(mv, {at})",
                f"{pad}if {p} + {n} * {size} > len(mv):",
                f"{pad}    raise W(\"a list past the end of the instance's memory\")",
            ]
            if isinstance(t, _FlatRecords):
                row = self.bind("row", t.row)
                out.append(f"{pad}{v} = [{row}(mv, {p} + i * {size}, len(mv)) for i in range({n})]")
            else:
                item = self.function(t.element)
                out.append(f"{pad}{v} = [{item}(cx, mv, {p} + i * {size}) for i in range({n})]")
        else:
            # Anything else (a handle) as its type reads it.
            out.append(f"{pad}{v} = {self.bind('ty', t)}.load(cx, mv, {at})")
        return v


def _loader(t: _Ty) -> Callable[[_Context, memoryview, int], Any]:
    """What ``t.load`` does, written out for ``t`` (:class:`_LoaderWriter`)
    and compiled once per process for each text."""
    writer = _LoaderWriter()
    top = writer.function(t)
    source = "\n".join(line for f in writer.functions for line in f)
    load: Callable[[_Context, memoryview, int], Any] = _run_written(source, "loader", dict(writer.env))[top]
    return load


def _resource_name(types: Dict[str, Dict[str, Any]], ty: Any) -> str:
    """``interface#name`` of the resource an own or borrow type is of: by the
    type's identity among the exported resource types."""
    for iface, items in types.items():
        for name, item in items.items():
            if isinstance(item, ResourceType) and item == ty.ty:
                return f"{iface}#{name}"
    raise Unsupported("a resource the component does not export")


def _ty(ty: Any, instance: Any, records: Dict[Tuple[str, ...], Callable[..., Any]]) -> _Ty:
    """How ``ty`` moves, for ``instance`` (a :class:`CoreInstance`, or
    anything with its ``types`` while they are only checked)."""
    if isinstance(ty, wt.String):
        return _String()
    if isinstance(ty, wt.Bool):
        return _Bool()
    for cls, name, size, signed in _INTS:
        if isinstance(ty, cls):
            return _Int(name, size, signed)
    if isinstance(ty, wt.ListType):
        element = _ty(ty.element, instance, records)
        if isinstance(ty.element, wt.U8):
            raise Unsupported("list<u8>")
        if isinstance(element, _Record) and all(_flat(f) for f in element.fields):
            return _FlatRecords(element)
        return _List(element)
    if isinstance(ty, wt.RecordType):
        names = tuple(name for name, _ in ty.fields)
        fields = [_ty(t, instance, records) for _, t in ty.fields]
        build = records.get(names) or _direct._plain_record(names)
        return _Record(names, fields, build)
    if isinstance(ty, wt.EnumType):
        return _Variant([(name, None) for name in ty.names], False, [], True)
    if isinstance(ty, (wt.VariantType, wt.OptionType, wt.ResultType)):
        cases = [(name, None if t is None else _ty(t, instance, records)) for name, t in ty._cases()]
        classes = [_direct._case_classes(t) for _, t in ty._cases()]
        return _Variant(cases, ty._tagged(), classes, False)
    if isinstance(ty, wt.OwnType):
        return _Own(instance, _resource_name(instance.types, ty))
    if isinstance(ty, wt.BorrowType):
        return _Borrow(instance, _resource_name(instance.types, ty))
    raise Unsupported(type(ty).__name__)


# -- a function and an instance --------------------------------------------------------


class Function:
    """One export, called directly: ``call(fuel, *args)`` as
    :class:`tool_schema._direct.Function` has it. Not thread-safe: the
    runtime's lock serializes calls.

    A function that takes a string or gives a result to free is called
    through its trampoline (:func:`_trampoline_wat`) when its strings fit in
    the staging area: one crossing into WebAssembly instead of three."""

    def __init__(self, instance: "CoreInstance", export: str, params: List[_Ty], result: Optional[_Ty]):
        self.instance = instance
        self.cx = instance.cx
        self.params = params
        self.result = result
        func = instance.func_address(export)
        if func is None:
            raise Unsupported(f"no core export {export}")
        self.func = func
        self.post = instance.func_address("cabi_post_" + export)
        flat = [k for p in params for k in p.flat]
        self.spilled = len(flat) > MAX_FLAT_PARAMS
        count = 1 if self.spilled else len(flat)
        if self.spilled:
            # The parameters as a tuple in memory: offsets of a record.
            self.tuple = _Record(tuple(str(i) for i in range(len(params))), params, tuple)
        self.write = _writer(count)
        result_flat = [] if result is None else result.flat
        self.result_in_memory = len(result_flat) > MAX_FLAT_RESULTS
        #: The result's reader, written out for its type.
        self.load = None if result is None or not self.result_in_memory else _loader(result)
        # A return pointer, or the one flat result, is masked to u32 when an i32.
        self.result_i32 = self.result_in_memory or result_flat == ["i32"]
        self.write_post = _writer(1 if result_flat else 0)
        #: The parameters that are strings (staged for the trampoline).
        self.strings = [i for i, p in enumerate(params) if type(p) is _String]
        # The core function's results: its flat result, or a return pointer.
        core_results = ["i32"] if self.result_in_memory else result_flat
        wat = _trampoline_text(params, result, self.post is not None)
        self.trampoline = None if wat is None else instance.trampoline(export, wat, self.post is not None)
        # The trampoline's parameters: with a result to free, the flag and
        # the previous result's address come first.
        self.write_trampoline = _writer(count + 2 if self.post is not None else count)
        #: The call through the trampoline, written out for this function's
        #: parameters and result (:meth:`_fast`), or None.
        self.fast: Optional[Callable[..., Any]] = None
        if self.trampoline is not None:
            self.fast = self._fast(core_results)
            # In place of the method.
            self.call = self._call_fast  # type: ignore[method-assign]

    def _fast(self, core_results: List[str]) -> Callable[..., Any]:
        """The call through the trampoline, as Python written for this
        function's parameters and result (``fast(a0, a1, …)``, no fuel): each
        string written into the staging area (the trampoline moves it into
        memory of its own), one crossing, the result read in place (its
        reader written into the function, :class:`_LoaderWriter`) and left
        to be freed by the next call (:meth:`_Context.free_pending`).
        Strings longer in all than the staging area go to
        :meth:`_call_plain`. The function's own names begin with ``_``; the
        reader's never do."""
        cx = self.cx
        n = len(self.params)
        names = [f"_a{i}" for i in range(n)]
        env: Dict[str, Any] = {
            "cx": cx, "invoke": _call_values, "CALL": (
                c_void_p(cx.context), c_void_p(self.trampoline), c_void_p(cx.raw_address),
                c_size_t(MAX_FLAT_PARAMS), c_void_p(cx.trap_address),
            ),
            "raw": cx.raw, "trap": cx.trap, "write": self.write_trampoline, "STAGING": STAGING, "post": self.post,
            "RP": struct.Struct(
                ("<I12xI" if self.result_i32 else "<q8xI") if core_results else "<I"
            ).unpack_from,
            "lift": self._lift, "plain": self._call_plain, "W1": _WRITE1, "refused": _refused,
            "LIFT_ERRORS": _LIFT_ERRORS,
        }
        lines = [f"def fast({', '.join(names)}):"]
        lines.append("    cx.calls += 1")
        for i in self.strings:
            lines.append(f"    if type(_a{i}) is not str: raise TypeError('expected string type')")
            lines.append(f"    _b{i} = _a{i}.encode()")
        if self.strings:
            total = " + ".join(f"len(_b{i})" for i in self.strings)
            lines.append(f"    if {total} > STAGING: return plain({', '.join(names)})")
            lines.append("    _at = cx.staging or cx.stage()")
            lines.append("    mv = cx._view if cx._current else cx.view()")
        flat: List[str] = []
        for i, p in enumerate(self.params):
            if i in self.strings:
                lines.append(f"    _n{i} = len(_b{i}); mv[_at:_at + _n{i}] = _b{i}; _s{i} = _at; _at += _n{i}")
                flat += [f"_s{i}", f"_n{i}"]
            else:
                env[f"_p{i}"] = p
                # Lowered as usual (a string inside a variant is allocated by
                # a call of its own, after which memory may have grown).
                lower = f"_f{i} = []; _p{i}.lower(cx, _a{i}, _f{i})" + ("; mv = cx.view()" if self.strings else "")
                if isinstance(p, _Variant) and p.bare:
                    # A case without a payload (a built-in target): its flat
                    # values, made once, looked up by its tag.
                    env[f"_bare{i}"] = p.bare
                    env["Variant"] = Variant
                    lines.append(f"    _f{i} = _bare{i}.get(_a{i}.tag) if type(_a{i}) is Variant else None")
                    lines.append(f"    if _f{i} is None: {lower}")
                else:
                    lines.append(f"    {lower}")
                flat.append(f"*_f{i}")
        if self.post is not None:
            lines += [
                "    _pending = cx.pending",
                "    cx.pending = None",
                "    if _pending is None: _free = _held = 0",
                "    elif _pending[0] == post: _free = 1; _held = _pending[1]",
                "    else: cx.call(_pending[0], (_pending[1],), W1); _free = _held = 0",
            ]
            flat = ["_free", "_held", *flat]
        else:
            lines.append("    if cx.pending is not None: cx.free_pending()")
        lines.append(f"    write(raw, 0{''.join(', ' + f for f in flat)})")
        lines.append("    cx._current = False")
        lines.append("    _error = invoke(*CALL)")
        lines.append("    if _error or trap.value: cx.failed(_error)")
        # The result (an i32's low half, as unsigned) and the size in pages
        # after it, in one read.
        if self.result is None:
            lines.append("    _pages, = RP(raw, 0)")
        else:
            lines.append("    _r, _pages = RP(raw, 0)")
        # Memory has grown when its size in pages is not the view's.
        lines.append("    if _pages << 16 == len(cx._view): cx._current = True")
        lines.append("    else: cx.grown_to(_pages)")
        helpers: List[str] = []
        if self.result is None:
            lines.append("    return None")
        else:
            if self.post is not None:
                lines.append("    cx.pending = (post, _r)")
            if self.load is None:
                lines.append("    return lift(cx, _r)")
            else:
                # The result's reader, in place: what _lift does for a
                # result in memory.
                writer = _LoaderWriter()
                body: List[str] = []
                value = writer.value(self.result, "_r", body, "        ")
                env.update(writer.env)
                helpers = [line for f in writer.functions for line in f]
                lines += ["    mv = cx._view", "    try:", *body, "    except LIFT_ERRORS as _e:", "        refused(_e)"]
                lines.append(f"    return {value}")
        fast: Callable[..., Any] = _run_written("\n".join([*helpers, *lines]), "fast call", env)["fast"]
        return fast

    def _call_fast(self, fuel: Optional[int], *args: Any) -> Any:
        """:meth:`call` for a function with a trampoline."""
        if len(args) != len(self.params):
            _wrong_count(len(args), len(self.params))
        if fuel is not None:
            _set_fuel_checked(self.cx.context, fuel)
        fast = self.fast
        assert fast is not None
        return fast(*args)

    def caller(self, fuel: Optional[int]) -> Callable[..., Any]:
        """The function of the arguments alone that calls this one with
        ``fuel`` set first (when not None): the runtime's per-call path."""
        fast = self.fast
        if fast is None:
            return functools.partial(self.call, fuel)
        if fuel is None:
            return fast
        context = self.cx.context

        def fueled(*args: Any) -> Any:
            _set_fuel_checked(context, fuel)
            return fast(*args)

        return fueled

    def _call_plain(self, *args: Any) -> Any:
        """The call without the trampoline (fuel, if any, is already set)."""
        return Function.call(self, None, *args)

    def call(self, fuel: Optional[int], *args: Any) -> Any:
        """Calls the function: ``fuel``, when not None, is set first. (A
        function with a trampoline is called by :meth:`_fast`'s instead.)"""
        params = self.params
        if len(args) != len(params):
            _wrong_count(len(args), len(params))
        cx = self.cx
        cx.calls += 1
        if fuel is not None:
            _set_fuel_checked(cx.context, fuel)
        cx.free_pending()
        flat: List[int] = []
        if self.spilled:
            t = self.tuple
            ptr = cx.alloc(t.align, t.size)
            for p, offset, value in zip(params, t.offsets, args):
                p.store(cx, ptr + offset, value)
            flat.append(ptr)
        else:
            for p, value in zip(params, args):
                p.lower(cx, value, flat)
        cx.call(self.func, flat, self.write)
        result = self.result
        if result is None:
            value = None
            post_args: List[int] = []
        else:
            raw = cx.result()
            if self.result_i32:
                raw &= 0xFFFFFFFF
            post_args = [raw]
            value = self._lift(cx, raw)
        if self.post is not None:
            cx.call(self.post, post_args, self.write_post)
        return value

    def _lift(self, cx: _Context, raw: int) -> Any:
        result = self.result
        assert result is not None
        try:
            if self.load is not None:
                return self.load(cx, cx.view(), raw)
            return result.lift_flat(cx, raw)
        except _LIFT_ERRORS as e:
            _refused(e)


#: What wasmtime's own lifting refuses (text that is not UTF-8, a pointer out
#: of bounds), as reading a result meets it.
_LIFT_ERRORS = (UnicodeDecodeError, struct.error, IndexError, ValueError)


def _refused(e: Exception) -> NoReturn:
    """A result the canonical ABI refuses: the instance is not to be trusted."""
    raise WasmtimeError(f"the instance returned a value the canonical ABI refuses: {e}") from None


def _wrong_count(given: int, expected: int) -> NoReturn:
    raise TypeError(f"wrong number of parameters provided: given {given}, expected {expected}")


def _set_fuel_checked(context: int, fuel: int) -> None:
    error = _set_fuel(context, fuel)
    if error:
        raise WasmtimeError._from_ptr(ctypes.cast(error, _ERROR))


#: The most bytes of string arguments one call stages for its trampoline;
#: a call with more takes the three crossings (its strings are allocated
#: one by one), whose cost is small beside the work on that much text.
STAGING = 64 * 1024


def _trampoline_wat(params: Sequence[str], strings: Sequence[int], results: Sequence[str], post: bool) -> str:
    """A module that calls one export ``f`` of the guest in one crossing.

    Called with ``f``'s own flat parameters (``params``), where each string
    at a flat index of ``strings`` (its address, then its length) lies in the
    host's staging area, it moves each staged string into memory the guest
    allocates with ``cabi_realloc`` (the canonical ABI gives the callee its
    strings to own), calls ``f``, and answers ``f``'s results and the
    memory's size in pages, so that the host knows when memory has grown
    without asking. When ``f`` has a result to free (``post``, its
    ``cabi_post_*``), two parameters come first: a flag and the address of
    ``f``'s previous result, which is freed first. The host defers each
    result's freeing to the next call of the same function, or frees it
    itself before any other call (the guest's return area is shared by all
    its exports): :meth:`Function.call`. Without a trampoline a call is
    three crossings from Python (``cabi_realloc``, the export, its
    ``cabi_post_*``), each costing more than all of this."""
    sig = (f" (param {' '.join(params)})" if params else "") + (f" (result {' '.join(results)})" if results else "")
    # With a result to free, two parameters come first: whether to free the
    # previous call's result, and its address.
    shift = 2 if post else 0
    out = [
        "(module",
        '  (import "g" "memory" (memory 0))',
        '  (import "g" "realloc" (func $realloc (param i32 i32 i32 i32) (result i32)))',
        f'  (import "g" "f" (func $f{sig}))',
    ]
    if post:
        out.append('  (import "g" "post" (func $post (param i32)))')
    all_params = ["i32", "i32", *params] if post else list(params)
    params_decl = f" (param {' '.join(all_params)})" if all_params else ""
    out.append(f'  (func (export "call"){params_decl} (result {" ".join([*results, "i32"])})')
    out.append("    (local $p i32)" + (f" (local $r {results[0]})" if results else ""))
    if post:
        out.append("    (if (local.get 0) (then (call $post (local.get 1))))")
    for i in strings:
        a, n = i + shift, i + shift + 1
        out.append(f"    (local.set $p (call $realloc (i32.const 0) (i32.const 0) (i32.const 1) (local.get {n})))")
        out.append(f"    (memory.copy (local.get $p) (local.get {a}) (local.get {n}))")
        out.append(f"    (local.set {a} (local.get $p))")
    call = "(call $f" + "".join(f" (local.get {i + shift})" for i in range(len(params))) + ")"
    if results:
        out.append(f"    (local.set $r {call})")
        out.append("    (local.get $r) (memory.size))")
    else:
        out.append(f"    {call} (memory.size))")
    out.append(")")
    return "\n".join(out)


def _trampoline_text(params: List[_Ty], result: Optional[_Ty], post: bool) -> Optional[str]:
    """The trampoline of a function with these parameters and result (and a
    ``cabi_post_*`` when ``post``), or None for one that needs none (no
    string to stage, no answer to free) or cannot have one (its parameters
    spill into memory)."""
    flat = [k for p in params for k in p.flat]
    if len(flat) > MAX_FLAT_PARAMS:
        return None
    result_flat = [] if result is None else result.flat
    results = ["i32"] if len(result_flat) > MAX_FLAT_RESULTS else result_flat
    strings = []
    i = 0
    for p in params:
        if type(p) is _String:
            strings.append(i)
        i += len(p.flat)
    if not strings and not post or post and results != ["i32"]:
        return None
    return _trampoline_wat(flat, strings, results, post)


def trampoline_texts(module: Module, types: Dict[str, Dict[str, Any]]) -> List[str]:
    """The trampoline of every exported function of ``module`` that has
    one, each shape once. The component's loading compiles them all (or
    reads them from the cache), rather than each at its function's first
    call: a process forked after loading (a server's workers) must not
    compile, since wasmtime compiles on a pool of threads that the child
    does not have, and would wait for them for ever."""
    exports = {e.name for e in module.exports}
    stand_in = _TypesOnly(types)
    texts: Dict[str, None] = {}
    for iface, items in types.items():
        for name, ty in items.items():
            if not isinstance(ty, wt.FuncType):
                continue
            params = [_ty(t, stand_in, {}) for _, t in ty.params]
            result = None if ty.result is None else _ty(ty.result, stand_in, {})
            wat = _trampoline_text(params, result, f"cabi_post_{iface}#{name}" in exports)
            if wat is not None:
                texts[wat] = None
    return list(texts)


def keep_trampoline(engine: Engine, wat: str, module: Module) -> None:
    """``module``, compiled from ``wat`` (or read from the cache), is the
    one :func:`_trampoline_module` gives for it."""
    with _PRE_LOCK:
        _TRAMPOLINES[(id(engine), wat)] = (engine, module)


#: The trampoline modules compiled, by engine and shape (a function's flat
#: types, where its strings are, whether its result is freed): a shape is
#: compiled once per process, and instantiated for each function of each
#: instance that has it.
_TRAMPOLINES: Dict[Tuple[int, str], Tuple[Engine, Module]] = {}


def _trampoline_module(engine: Engine, wat: str) -> Module:
    with _PRE_LOCK:
        found = _TRAMPOLINES.get((id(engine), wat))
        if found is not None and found[0] is engine:
            return found[1]
        module = Module(engine, wat)
        _TRAMPOLINES[(id(engine), wat)] = (engine, module)
        return module


# -- a deadline in epochs, without a crossing per call -----------------------------------


def _on_deadline(context: int, data: int, delta: Any, kind: Any) -> int:
    """wasmtime's epoch deadline callback, for every store with a deadline
    (:meth:`CoreInstance.__init__`): it runs each time the engine's epoch
    passes the store's deadline while the instance runs, one window of ticks
    at a time. A window in which a new call began starts the count again; a
    call that has run its number of windows is stopped (an error, which traps
    it). So no call sets a deadline of its own: it only counts itself
    (``_Context.calls``)."""
    instance = _LIVE.get(context or 0)
    cx = None if instance is None else instance.__dict__.get("cx")
    if instance is None or cx is None:
        # Instantiation, before the instance has its context: run on.
        delta[0] = 1
        kind[0] = 0
        return 0
    if cx.calls != cx.seen:
        cx.seen = cx.calls
        cx.strikes = 0
    else:
        cx.strikes += 1
        if cx.strikes >= instance.deadline_windows:
            cx.timed_out = True
            error = ffi.wasmtime_error_new(b"the call ran past its deadline")
            return ctypes.cast(error, c_void_p).value or 0
    delta[0] = instance.deadline_window
    kind[0] = 0
    return 0


if available:
    _DEADLINE_CALLBACK = ctypes.CFUNCTYPE(
        c_size_t, c_void_p, c_void_p, ctypes.POINTER(c_uint64), ctypes.POINTER(ctypes.c_uint8)
    )(_on_deadline)
    _set_deadline_callback = ffi.dll["wasmtime_store_epoch_deadline_callback"]
    _set_deadline_callback.argtypes = [c_void_p, c_void_p, c_void_p, c_void_p]
    _set_deadline_callback.restype = None
    _DEADLINE_CALLBACK_ADDRESS = ctypes.cast(_DEADLINE_CALLBACK, c_void_p).value
    _set_epoch_deadline = ffi.dll["wasmtime_context_set_epoch_deadline"]
    _set_epoch_deadline.argtypes = [c_void_p, c_uint64]
    _set_epoch_deadline.restype = None


def _address(pointer: Any) -> int:
    """The address a ctypes pointer holds (``ctypes.cast(p, c_void_p).value``
    without the cast's call)."""
    return c_void_p.from_buffer(pointer).value or 0


#: The instances alive, by their store's context address: the resource
#: imports are defined once per module (an InstancePre), and find the
#: instance that called them by its context.
_LIVE: "weakref.WeakValueDictionary[int, CoreInstance]" = weakref.WeakValueDictionary()
#: One InstancePre per compiled module (kept with it).
_PRE: Dict[int, Tuple[Module, Any]] = {}
_PRE_LOCK = threading.Lock()


def _caller_instance(caller: Any) -> "CoreInstance":
    instance = _LIVE.get(ctypes.cast(caller._context(), c_void_p).value or 0)
    if instance is None:
        raise Trap("a resource import was called from an instance this runtime does not know")
    return instance


def _instance_pre(engine: Engine, module: Module) -> Any:
    """The module with its imports resolved once: each is a ``resource.new``
    or ``resource.drop`` of a resource it exports (anything else is refused)."""
    with _PRE_LOCK:
        found = _PRE.get(id(module))
        if found is not None and found[0] is module:
            return found[1]
        linker = Linker(engine)
        for imp in module.imports:
            name = imp.name or ""
            if not imp.module.startswith("[export]") or not (
                name.startswith("[resource-new]") or name.startswith("[resource-drop]")
            ):
                raise Unsupported(f"the import {imp.module} {name}")
            resource = f"{imp.module[len('[export]') :]}#{name.split(']', 1)[1]}"
            if name.startswith("[resource-new]"):

                def new(caller: Any, rep: int, resource: str = resource) -> int:
                    return _caller_instance(caller)._resource_new(rep, resource)

                linker.define_func(imp.module, name, FuncType([ValType.i32()], [ValType.i32()]), new, access_caller=True)
            else:

                def drop(caller: Any, handle: int, resource: str = resource) -> None:
                    _caller_instance(caller)._resource_drop(handle, resource)

                linker.define_func(imp.module, name, FuncType([ValType.i32()], []), drop, access_caller=True)
        pre = linker.instantiate_pre(module)
        _PRE[id(module)] = (module, pre)
        return pre


class CoreInstance:
    """The core module instantiated in its own store, with the resource
    handles it has given out (handle → its rep and ``interface#resource``)."""

    def __init__(
        self,
        engine: Engine,
        module: Module,
        store: Store,
        types: Dict[str, Dict[str, Any]],
        deadline_ticks: Optional[int] = None,
    ):
        """``deadline_ticks``: every call is stopped after running between
        that many epoch ticks and a tenth more (at least one), by
        :func:`_on_deadline` (the engine must have epoch interruption)."""
        self.store = store
        self.types = types
        self.handles: Dict[int, Tuple[int, str]] = {}
        self._next_handle = 1
        self.engine = engine
        #: The trampolines' instances (kept alive with this one).
        self._trampolines: List[Any] = []
        pre = _instance_pre(engine, module)
        context_pointer = store._context()
        context = self.cx_context = _address(context_pointer)
        _LIVE[context] = self
        if deadline_ticks is not None:
            self.deadline_window = max(1, deadline_ticks // 10)
            self.deadline_windows = -(-deadline_ticks // self.deadline_window)
            _set_deadline_callback(_address(store.ptr()), _DEADLINE_CALLBACK_ADDRESS, None, None)
            _set_epoch_deadline(context, self.deadline_window)
        # InstancePre.instantiate's call, without its wrappers: a trap or
        # an error raises as there.
        self.raw_instance = ffi.wasmtime_instance_t()
        trap = ctypes.POINTER(ffi.wasm_trap_t)()
        error = ffi.wasmtime_instance_pre_instantiate(
            pre.ptr(), context_pointer, ctypes.byref(self.raw_instance), ctypes.byref(trap)
        )
        if error:
            raise WasmtimeError._from_ptr(error)
        if trap:
            raise Trap._from_ptr(trap)
        self._instance_ref = ctypes.byref(self.raw_instance)
        # Exports looked up by name when first used (listing all of them
        # through wasmtime-py makes a Python object per export: slow).
        self._externs: Dict[str, Any] = {}
        memory = self._extern("memory", _EXTERN_MEMORY)
        realloc = self._extern("cabi_realloc", _EXTERN_FUNC)
        if memory is None or realloc is None:
            raise Unsupported("no memory or cabi_realloc export")
        self.cx = _Context(context, ctypes.addressof(memory.of.memory), ctypes.addressof(realloc.of.func))

    def _extern(self, name: str, kind: int) -> Optional[Any]:
        """The export ``name`` as a ``wasmtime_extern_t`` (kept alive here), or None."""
        item = self._externs.get(name)
        if item is None:
            item = ffi.wasmtime_extern_t()
            raw = name.encode("utf-8")
            found = _export_get(
                self.cx_context,
                self._instance_ref,
                raw,
                len(raw),
                ctypes.byref(item),
            )
            if not found or int(item.kind) != kind:
                return None
            self._externs[name] = item
        return item

    def func_address(self, export: str) -> Optional[int]:
        """The address of the exported function's ``wasmtime_func_t``, or None."""
        item = self._extern(export, _EXTERN_FUNC)
        return None if item is None else ctypes.addressof(item.of.func)

    def trampoline(self, export: str, wat: str, post: bool) -> Optional[int]:
        """The address of ``export``'s trampoline (``wat``, from
        :func:`_trampoline_text`) instantiated beside this instance, or None
        where it cannot be."""
        module = _trampoline_module(self.engine, wat)
        names = [("memory", _EXTERN_MEMORY), ("cabi_realloc", _EXTERN_FUNC), (export, _EXTERN_FUNC)]
        if post:
            names.append(("cabi_post_" + export, _EXTERN_FUNC))
        externs = []
        for name, kind in names:
            found = self._extern(name, kind)
            if found is None:
                return None
            externs.append(found)
        imports = (ffi.wasmtime_extern_t * len(externs))(*externs)
        instance = ffi.wasmtime_instance_t()
        trap = ctypes.POINTER(ffi.wasm_trap_t)()
        error = ffi.wasmtime_instance_new(
            self.store._context(), module.ptr(), imports, len(externs), ctypes.byref(instance), ctypes.byref(trap)
        )
        if error or trap:
            # Not expected (the module only imports what the guest exports):
            # the function is called without a trampoline.
            if error:
                ffi.wasmtime_error_delete(error)
            if trap:
                ffi.wasm_trap_delete(trap)
            return None
        item = ffi.wasmtime_extern_t()
        if not _export_get(self.store._context(), ctypes.byref(instance), b"call", 4, ctypes.byref(item)):
            return None
        self._trampolines.append((instance, item))
        return ctypes.addressof(item.of.func)

    def _resource_new(self, rep: int, resource: str) -> int:
        handle = self._next_handle
        self._next_handle += 1
        self.handles[handle] = (rep, resource)
        return handle

    def _resource_drop(self, handle: int, resource: str) -> None:
        entry = self.handles.get(handle)
        if entry is None or entry[1] != resource:
            raise Trap(f"the instance dropped a {resource.split('#', 1)[1]} handle it does not have")
        del self.handles[handle]
        self._destroy(resource, entry[0])

    def _destroy(self, resource: str, rep: int) -> None:
        iface, name = resource.split("#", 1)
        dtor = self.func_address(f"{iface}#[dtor]{name}")
        if dtor is not None:
            # Possibly from inside a call (a resource.drop the instance
            # makes): an argument area of its own.
            self.cx.call_nested(dtor, rep)

    def drop_handle(self, handle: int, resource: str) -> None:
        entry = self.handles.get(handle)
        if entry is not None and entry[1] == resource:
            del self.handles[handle]
            self._destroy(resource, entry[0])

    def function(self, iface: str, name: str, records: Dict[Tuple[str, ...], Callable[..., Any]]) -> Function:
        """A caller of the export ``name`` of ``iface`` (the runtime keeps it)."""
        ty = self.types[iface][name]
        params = [_ty(t, self, records) for _, t in ty.params]
        result = None if ty.result is None else _ty(ty.result, self, records)
        return Function(self, f"{iface}#{name}", params, result)


class _TypesOnly:
    """Stands for an instance while the types are only checked."""

    def __init__(self, types: Dict[str, Dict[str, Any]]):
        self.types = types


def _passes_own(t: _Ty) -> bool:
    """Whether moving ``t`` in would pass an owned handle (which the instance
    would then own: not done here)."""
    if isinstance(t, _Borrow):
        return False
    if isinstance(t, _Own):
        return True
    if isinstance(t, _List):
        return _passes_own(t.element)
    if isinstance(t, _Record):
        return any(_passes_own(f) for f in t.fields)
    if isinstance(t, _Variant):
        return any(c is not None and _passes_own(c) for _, c in t.cases)
    return False


def check(types: Dict[str, Dict[str, Any]]) -> None:
    """Raises :class:`Unsupported` unless every exported function can be
    called here (:func:`check_function`). Checked once, when the component is
    loaded, so that no call meets a type it cannot move."""
    for items in types.values():
        for name, ty in items.items():
            if isinstance(ty, wt.FuncType):
                check_function(types, name, [t for _, t in ty.params], ty.result)


def check_function(types: Dict[str, Dict[str, Any]], name: str, params: List[Any], result: Optional[Any]) -> None:
    """Raises :class:`Unsupported` unless a function of these parameter and
    result types can be called here: each type known, no owned handle passed
    in, a result of one flat value a scalar."""
    stand_in = _TypesOnly(types)
    if any(_passes_own(_ty(t, stand_in, {})) for t in params):
        raise Unsupported(f"{name} takes an owned resource")
    if result is not None:
        lifted = _ty(result, stand_in, {})
        if len(lifted.flat) == 1 and not (
            isinstance(lifted, (_Bool, _Int, _Own)) or (isinstance(lifted, _Variant) and lifted.enum)
        ):
            raise Unsupported(f"{name} returns a {type(lifted).__name__} in one flat value")


def exported_types(engine: Engine, component: Any) -> Dict[str, Dict[str, Any]]:
    """Each exported interface's items (functions, types, resources) by name."""
    out: Dict[str, Dict[str, Any]] = {}
    for iface, ext in component.type.exports(engine).items():
        inst = ext.ty
        if not isinstance(inst, wt.ComponentInstanceType):
            raise Unsupported(f"the export {iface} is not an interface")
        out[iface] = {name: item.ty for name, item in inst.exports(engine).items()}
    return out
