"""Discord-level fixtures."""

from __future__ import annotations

import pytest

import cogs.presenter


@pytest.fixture(autouse=True)
def unpaced_table_edits(monkeypatch):
    """SimCord waits for the bot's sleeps in real time: the table message's one-a-second pacing
    would add a second to every other click. Tests run it unpaced (still one edit in flight,
    still coalesced); tests/discord/test_bursts.py puts the real pacing back."""
    monkeypatch.setattr(cogs.presenter, "EDIT_SPACING", 0.0)
