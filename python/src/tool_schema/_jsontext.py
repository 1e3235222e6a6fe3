"""Spans of JSON text, so that a member of the component's answer can be handed
on as the exact text the component wrote (``json.loads`` then ``json.dumps``
would change numbers such as ``1e400`` and ``0.10``).

The scanner trusts its input to be JSON (it is the component's own output) and
only finds where each value starts and ends.
"""

from __future__ import annotations

import json
from typing import Dict, List, Tuple

Span = Tuple[int, int]
_WS = " \t\r\n"


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WS:
        i += 1
    return i


def _string_end(text: str, i: int) -> int:
    # text[i] is the opening quote; returns the index after the closing one.
    i += 1
    while True:
        c = text[i]
        if c == "\\":
            i += 2
        elif c == '"':
            return i + 1
        else:
            i += 1


def _value_end(text: str, i: int) -> int:
    c = text[i]
    if c == '"':
        return _string_end(text, i)
    if c in "[{":
        depth = 0
        while True:
            c = text[i]
            if c == '"':
                i = _string_end(text, i)
                continue
            if c in "[{":
                depth += 1
            elif c in "]}":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
    while i < len(text) and text[i] not in ",]}" + _WS:
        i += 1
    return i


def object_members(text: str) -> Dict[str, Span]:
    """The span of each top-level member's value of a JSON object text."""
    members: Dict[str, Span] = {}
    i = _skip_ws(text, 0)
    if text[i] != "{":
        raise ValueError("not a JSON object")
    i = _skip_ws(text, i + 1)
    while text[i] != "}":
        key_end = _string_end(text, i)
        key = json.loads(text[i:key_end])
        i = _skip_ws(text, key_end)
        i = _skip_ws(text, i + 1)  # past ':'
        end = _value_end(text, i)
        members[key] = (i, end)
        i = _skip_ws(text, end)
        if text[i] == ",":
            i = _skip_ws(text, i + 1)
    return members


def array_elements(text: str) -> List[Span]:
    """The span of each top-level element of a JSON array text."""
    spans: List[Span] = []
    i = _skip_ws(text, 0)
    if text[i] != "[":
        raise ValueError("not a JSON array")
    i = _skip_ws(text, i + 1)
    while text[i] != "]":
        end = _value_end(text, i)
        spans.append((i, end))
        i = _skip_ws(text, end)
        if text[i] == ",":
            i = _skip_ws(text, i + 1)
    return spans
