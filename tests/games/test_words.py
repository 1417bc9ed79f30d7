"""The one plural helper every text uses (games/base.py)."""

from __future__ import annotations

import pytest

from games.base import plural


@pytest.mark.parametrize(("args", "said"), [
    ((1, "card"), "1 card"), ((2, "card"), "2 cards"), ((0, "hand"), "0 hands"),
    ((1, "hand"), "1 hand"), ((2, "match", "matches"), "2 matches"),
    ((1, "chip", None, True), "+1 chip"), ((-1, "chip", None, True), "-1 chip"),
    ((-20, "chip", None, True), "-20 chips"), ((95, "chip", None, True), "+95 chips"),
])
def test_plural_agrees_with_its_number(args: tuple, said: str) -> None:
    assert plural(*args) == said
