from __future__ import annotations

import pytest

from support import EXAMPLES


@pytest.fixture(scope="session")
def get_docket() -> str:
    """The descriptor of the README's example tool, GetDocketAsync."""
    return (EXAMPLES / "get-docket.json").read_text(encoding="utf-8")
