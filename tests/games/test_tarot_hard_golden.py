"""French Tarot's hard player decides exactly as when tarot_hard_golden.json was recorded (from
the search before it was made faster): bids, calls, discards, chelems and card plays at 3, 4 and
5 players, at the full budget. A change that alters a decision fails here; rewrite the file
(`python -m tests.games.tarot_hard_golden`) only for a change meant to play differently."""

from __future__ import annotations

import json

import pytest

from tests.games.tarot_hard_golden import DEALS, GOLDEN, decisions


@pytest.mark.parametrize(("players", "seed"), DEALS)
def test_hard_decisions_match_the_recorded_ones(players: int, seed: int) -> None:
    recorded = [d for d in json.loads(GOLDEN.read_text()) if d["players"] == players and d["seed"] == seed]
    assert recorded, "the golden file holds no decision for this deal"
    assert decisions(players, seed) == recorded
