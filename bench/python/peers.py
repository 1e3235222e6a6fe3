"""The Python ecosystem's strict-schema converters, and the package's own,
as the bench's scripts time them against each other (each given a list of schemas, in place; a
refusal is counted in the time): openai-agents' `ensure_strict_json_schema`
and pydantic-ai's `OpenAIJsonSchemaTransformer(..., strict=True).walk()`,
each only when installed (`make bench` installs both into bench/.venv)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List

Converter = Callable[[List[Any]], None]


def package(rt: Any, refused: type) -> Converter:
    """The package's own conversion for OpenAI, by the runtime ``rt``, as
    the scripts time it against the peers (its refusal, ``refused``,
    counted in the time)."""

    def convert(schemas: List[Any]) -> None:
        for s in schemas:
            try:
                rt.downconvert(s, "openai")
            except refused:
                pass

    return convert


def converters() -> Dict[str, Converter]:
    """The peers installed, by name: "openai-agents", "pydantic-ai"."""
    found: Dict[str, Converter] = {}
    try:
        from agents.strict_schema import ensure_strict_json_schema

        def agents(schemas: List[Any]) -> None:
            for s in schemas:
                try:
                    ensure_strict_json_schema(s)
                except Exception:  # noqa: BLE001 - a refusal, counted
                    pass

        found["openai-agents"] = agents
    except ImportError:
        pass
    try:
        from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer

        def pydantic_ai(schemas: List[Any]) -> None:
            for s in schemas:
                try:
                    OpenAIJsonSchemaTransformer(s, strict=True).walk()
                except Exception:  # noqa: BLE001 - a refusal, counted
                    pass

        found["pydantic-ai"] = pydantic_ai
    except ImportError:
        pass
    return found
