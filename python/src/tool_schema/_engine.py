"""Compiling the component once and caching the compiled form.

Compiling the component with Cranelift takes seconds; deserializing the
compiled form takes milliseconds. So the first process compiles it and writes
the serialized form to the cache directory, and every later process (and every
later :class:`~tool_schema.Runtime` in the same process) reuses it. The cache
key is the SHA-256 of the ``.wasm`` together with everything that makes a
compiled form usable: the wasmtime version, the engine settings below and the
platform. wasmtime checks the file's header as well and refuses one from
another version or configuration; the package then compiles and rewrites it.
"""

from __future__ import annotations

import hashlib
import os
import platform
import struct
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Dict, Literal, Optional, Tuple

from wasmtime import Config, Engine, Module
from wasmtime.component import Component

from . import _canon

Origin = Literal["cache", "compiled"]

#: How often an engine's epoch may advance when its calls have a deadline:
#: the deadline's finest granularity (as in the Rust host).
EPOCH_TICK = 0.01

#: The intervals an epoch ticker runs at, finest first (:func:`epoch_tick`).
EPOCH_TICKS = (EPOCH_TICK, 0.1, 1.0)


def epoch_tick(deadline: float) -> float:
    """The interval of the ticker for a deadline of ``deadline`` seconds: the
    longest of :data:`EPOCH_TICKS` that is at most a tenth of it (the finest
    for a deadline under 0.1 s). A deadline is checked once every tenth of it
    (:func:`tool_schema._canon._on_deadline`), so a finer tick would not make
    it more precise, only wake the ticker more often: each wake takes the
    interpreter's lock from the thread making calls, which cost a call on
    1.5 KB of arguments about 2 µs in `make bench` at 100 wakes a second
    (python/README.md, "A deadline or fuel")."""
    return max((t for t in EPOCH_TICKS if t <= deadline / 10), default=EPOCH_TICK)


@dataclass(frozen=True)
class Bounds:
    """How the engine's compiled code bounds a call: by fuel (counted per
    instruction; the same point on every machine), by the engine's epoch (a
    deadline in time, checked at function entries and loop heads), both, or
    neither. Each is a compile-time setting, so each is part of the cache
    key, and each pair has an engine of its own."""

    fuel: bool = False
    epoch: bool = True
    #: Seconds between the epoch's ticks (with ``epoch``): not compiled into
    #: the code (no part of :meth:`settings`), but an engine's epoch has one
    #: ticker, so each interval has an engine of its own.
    tick: float = EPOCH_TICK

    def settings(self) -> str:
        return ",".join(
            ["component-model"] + (["consume-fuel"] if self.fuel else []) + (["epoch-interruption"] if self.epoch else [])
        )


_ENGINES: Dict[Bounds, Engine] = {}
_ENGINES_LOCK = threading.Lock()


def engine_for(bounds: Bounds) -> Engine:
    """The engine for ``bounds``, one per process (an epoch engine's epoch
    advances on one ticker thread, started with it)."""
    with _ENGINES_LOCK:
        found = _ENGINES.get(bounds)
        if found is None:
            found = _ENGINES[bounds] = _new_engine(bounds)
            if bounds.epoch:
                _start_ticker(found, bounds.tick)
        return found


def _new_engine(bounds: Bounds) -> Engine:
    return Engine(_config(bounds))


def _config(bounds: Bounds) -> Config:
    """The engine settings for ``bounds`` (the bench's profiles add a perf
    map to them)."""
    config = Config()
    config.wasm_component_model = True
    config.consume_fuel = bounds.fuel
    config.epoch_interruption = bounds.epoch
    return config


def _start_ticker(engine: Engine, interval: float) -> None:
    """A daemon thread advancing ``engine``'s epoch every ``interval`` seconds
    for the life of the process (it holds the engine, so the engine
    outlives it); started again in a forked child, which has no threads."""

    def tick() -> None:
        while True:
            time.sleep(interval)
            engine.increment_epoch()

    threading.Thread(target=tick, name=f"tool-schema epoch {interval:g}s", daemon=True).start()


def _restart_tickers() -> None:
    for bounds, engine in _ENGINES.items():
        if bounds.epoch:
            _start_ticker(engine, bounds.tick)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_restart_tickers)


def default_cache_dir() -> Path:
    """``$TOOL_SCHEMA_CACHE_DIR``, else ``$XDG_CACHE_HOME/tool-schema``, else
    ``~/.cache/tool-schema`` (the Rust host uses the same directory; the two
    write different files), else a directory under the system temp dir."""

    def env(name: str) -> Optional[Path]:
        value = os.environ.get(name)
        return Path(value) if value else None

    explicit = env("TOOL_SCHEMA_CACHE_DIR")
    if explicit is not None:
        return explicit
    xdg = env("XDG_CACHE_HOME")
    if xdg is not None:
        return xdg / "tool-schema"
    home = env("HOME")
    if home is not None:
        return home / ".cache" / "tool-schema"
    return Path(tempfile.gettempdir()) / "tool-schema-cache"


def shipped_component() -> Path:
    """The ``.wasm`` shipped inside the package."""
    path = Path(str(resources.files(__package__ or "tool_schema").joinpath("tool_schema.wasm")))
    return path


def wasmtime_version() -> str:
    return metadata.version("wasmtime")


@dataclass(frozen=True)
class Loaded:
    engine: Engine
    component: Component
    component_path: Path
    sha256: str
    origin: Origin
    #: The cache file read or written; None when caching is off or the write failed.
    cache_file: Optional[Path]
    seconds: float
    #: The component's core module, compiled, with the component's exported
    #: types, for the direct calls of :mod:`tool_schema._canon`; None when
    #: that module cannot call this component (the component API is used).
    core: Optional[Module] = None
    types: Optional[Dict[str, Dict[str, object]]] = None


_LOADED: Dict[Tuple[str, Optional[str], Bounds], Loaded] = {}
_LOADING = threading.Lock()


def cache_key(wasm: bytes, bounds: Bounds = Bounds()) -> str:
    h = hashlib.sha256(wasm)
    for part in (wasmtime_version(), bounds.settings(), sys.platform, platform.machine()):
        h.update(b"\0" + part.encode())
    return h.hexdigest()[:32]


def load(component_path: Path, cache_dir: Optional[Path], bounds: Bounds = Bounds()) -> Loaded:
    """The compiled component, from memory, the cache, or compiled now."""
    try:
        wasm = component_path.read_bytes()
    except OSError as e:
        raise FileNotFoundError(
            f"cannot read the component {component_path} ({e.strerror}); "
            "the package ships it: reinstall, or in the repository run `make python`"
        ) from None
    sha = hashlib.sha256(wasm).hexdigest()
    memo = (sha, str(cache_dir) if cache_dir is not None else None, bounds)
    with _LOADING:
        found = _LOADED.get(memo)
        if found is not None:
            return found
        loaded = _load(wasm, sha, component_path, cache_dir, bounds)
        _LOADED[memo] = loaded
        return loaded


def _load(wasm: bytes, sha: str, component_path: Path, cache_dir: Optional[Path], bounds: Bounds) -> Loaded:
    start = time.perf_counter()
    engine = engine_for(bounds)
    key = cache_key(wasm, bounds)
    cache_file = cache_dir / f"tool_schema-py-{key}.cwasm" if cache_dir is not None else None
    origin: Origin = "compiled"
    component: Optional[Component] = None
    if cache_file is not None and cache_file.is_file():
        try:
            # Deserializing runs native code from the file, so only files this
            # function wrote are read: the name carries the key above, and the
            # directory is the user's own.
            component = Component.deserialize_file(engine, str(cache_file))
            origin = "cache"
        except Exception:  # noqa: BLE001 - a stale or damaged file: compile instead
            component = None
    written = cache_file
    if component is None:
        component = Component(engine, wasm)
        written = _write_atomically(cache_file, component) if cache_file is not None else None
    core_file = cache_dir / f"tool_schema-py-core-{key}.cwasm" if cache_dir is not None else None
    core, types, core_compiled = _core(engine, wasm, component, core_file)
    if core_compiled:
        # Compiled now, though the component may have come from the cache.
        origin = "compiled"
    return Loaded(
        engine, component, component_path, sha, origin, written, time.perf_counter() - start, core, types
    )


def _core(
    engine: Engine, wasm: bytes, component: Component, cache_file: Optional[Path]
) -> Tuple[Optional[Module], Optional[Dict[str, Dict[str, object]]], bool]:
    """The component's core module compiled (from the cache file when there is
    one), its exported types, and whether it was compiled now; (None, None,
    False) when _canon cannot call it."""
    if not _canon.available:
        return None, None, False
    try:
        types = _canon.exported_types(engine, component)
        _canon.check(types)
        module, compiled = None, False
        if cache_file is not None and cache_file.is_file():
            try:
                module = Module.deserialize_file(engine, str(cache_file))
            except Exception:  # noqa: BLE001 - a stale or damaged file: compile instead
                pass
        if module is None:
            module, compiled = Module(engine, _canon.core_module(wasm)), True
            if cache_file is not None:
                _write_atomically(cache_file, module)
        trampolines = cache_file.with_name(cache_file.name.replace("-core-", "-trampolines-")) if cache_file else None
        _trampolines(engine, module, types, trampolines)
        return module, types, compiled
    except _canon.Unsupported:
        return None, None, False


_TRAMPOLINES_MAGIC = b"tool-schema trampolines 1\n"


def _trampolines(engine: Engine, module: Module, types: Dict[str, Dict[str, object]], cache_file: Optional[Path]) -> None:
    """Every trampoline of the core module (:func:`_canon.trampoline_texts`),
    read from ``cache_file`` (each one's text and compiled form, in turn)
    or compiled now and written there."""
    cached: Dict[str, bytes] = {}
    if cache_file is not None and cache_file.is_file():
        try:
            data = cache_file.read_bytes()
            if data.startswith(_TRAMPOLINES_MAGIC):
                at = len(_TRAMPOLINES_MAGIC)
                while at < len(data):
                    n, m = struct.unpack_from("<II", data, at)
                    at += 8
                    cached[data[at : at + n].decode()] = data[at + n : at + n + m]
                    at += n + m
        except (OSError, struct.error, UnicodeDecodeError):
            cached = {}
    compiled = False
    modules = []
    for wat in _canon.trampoline_texts(module, types):
        found = None
        if wat in cached:
            try:
                # Native code, as the other cache files: only this function writes it.
                found = Module.deserialize(engine, cached[wat])
            except Exception:  # noqa: BLE001 - a stale or damaged entry: compile instead
                found = None
        if found is None:
            found, compiled = Module(engine, wat), True
        _canon.keep_trampoline(engine, wat, found)
        modules.append((wat, found))
    if compiled and cache_file is not None:
        parts = [_TRAMPOLINES_MAGIC]
        for wat, m in modules:
            text, blob = wat.encode(), bytes(m.serialize())
            parts += [struct.pack("<II", len(text), len(blob)), text, blob]
        _write_atomically(cache_file, b"".join(parts))


def _write_atomically(path: Path, compiled: "Component | Module | bytes") -> Optional[Path]:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
        try:
            tmp.write_bytes(compiled if isinstance(compiled, bytes) else bytes(compiled.serialize()))
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return path
    except OSError:
        return None  # an unwritable cache only costs the next process a compile

