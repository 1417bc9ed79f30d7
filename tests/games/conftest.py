"""Fixtures for the rules and render tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from renders import text


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn on the images made during the test, in the order drawn."""
    written: list[str] = []
    real = text.draw

    def spy(d, xy, value, *args, **kwargs):  # type: ignore[no-untyped-def]
        written.append(value)
        real(d, xy, value, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy)
    yield written
