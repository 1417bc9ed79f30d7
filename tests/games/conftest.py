"""Fixtures for the rules and render tests."""

from __future__ import annotations

import pytest

from tests.drawing import Drawn


@pytest.fixture
def said(drawn: Drawn) -> list[str]:
    """Every text drawn on the images made during the test, in the order drawn."""
    return drawn.texts
