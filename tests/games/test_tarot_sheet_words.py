"""The French Tarot score sheet's text and picture give each side its own sign (issue 28, item 15): the
figure "per defender" is what each defender made, as their share beside it says."""

from __future__ import annotations

import pytest

from cogs.tarot import sheet_text
from renders.french_tarot import render_tarot
from tests.drawing import Drawn
from tests.games.test_french_tarot_render import NAMES, scored_hand


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_per_defender_figure_is_each_defenders_share(players: int) -> None:
    sheet = scored_hand(players)["sheet"]
    takers = {sheet["taker"], sheet.get("partner")}
    defenders = {s["delta"] for s in sheet["scores"] if s["player"] not in takers}
    assert len(defenders) == 1 and defenders != {0}, "every defender made the same, and something"
    line = next(text for text in sheet_text(sheet, NAMES) if text.startswith("Per defender"))
    assert line.startswith(f"Per defender **{defenders.pop():+d}** → "), line


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_pictures_per_defender_figure_is_each_defenders_share(players: int, drawn: Drawn) -> None:
    view = scored_hand(players)
    sheet = view["sheet"]
    takers = {sheet["taker"], sheet.get("partner")}
    defenders = {s["delta"] for s in sheet["scores"] if s["player"] not in takers}
    render_tarot(view, NAMES)
    line = next(text for text in drawn.texts if text.startswith("Per defender"))
    assert line == f"Per defender: {defenders.pop():+d}", line
