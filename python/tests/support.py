"""Paths of the repository and the exported golden vectors, for the tests."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, List

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
EXAMPLES = REPO / "examples"


def vectors_path() -> Path:
    """``$TOOL_SCHEMA_VECTORS``, else the file ``make vectors`` writes."""
    explicit = os.environ.get("TOOL_SCHEMA_VECTORS")
    return Path(explicit) if explicit else REPO / "target" / "conformance" / "vectors.json"


def load_vectors() -> List[Dict[str, Any]]:
    from tool_schema.conformance import load_cases

    path = vectors_path()
    if not path.is_file():
        # A missing file is an error, not a skip: a green run must have run them.
        raise pytest.UsageError(f"{path} is missing: run `make vectors` (or `make python-test`) first")
    return load_cases(path)
