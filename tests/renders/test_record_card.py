"""The /profile record card counts its finished rounds and games in words that agree with the
count ("1 finished round or game", not "1 finished rounds and games")."""

from __future__ import annotations

import pytest

from renders.records import GameCard, render_profile


@pytest.mark.parametrize(("played", "said"), [(1, "1 finished round or game"), (3, "3 finished rounds and games")])
def test_the_card_counts_its_rounds_and_games_in_agreeing_words(drawn, played, said):
    game = GameCard("Arcanoid", "game", played, 0, played, 0, 0, "battle", 0, 0)
    render_profile("Guest", "Tarot Table sandbox", [game], [])
    assert f"{said} · Tarot Table sandbox" in drawn.texts, drawn.texts
