"""The French Tarot images: every phase of a deal, the score sheet, an all-passed deal and the
end of the game render as bounded PNGs; the text score sheet carries every number."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cogs.tarot import sheet_text
from games import french_tarot as ft
from games.base import SeatSpec
from renders import layout as L
from renders.french_tarot import render_tarot, score_lines
from tests.seeds import predict

NAMES = {1: "Alice", -1: "Computer 1", -2: "Computer 2", -3: "Computer 3", -4: "Computer 4"}


def snapshots(players: int, seed: int) -> list[dict]:
    """The spectator's view at every new phase and every few cards of one game of one deal."""
    seats = [SeatSpec(1)] + [SeatSpec(-n) for n in range(1, players)]
    predict(seed)
    state = ft.new(ft.Options(players=players, hands=1), seats)
    views, seen = [], set()
    while not ft.is_over(state):
        key = (state.phase, len(state.tricks) // 6, len(state.trick) > 0)
        if key not in seen:
            seen.add(key)
            views.append(ft.view(state, None))
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    views.append(ft.view(state, None))
    if state.last_hand is not None:
        views.append(state.last_hand)
    return views


def image(data: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_phase_renders(players: int) -> None:
    views = snapshots(players, 11)
    phases = {v["phase"] for v in views}
    assert {"bidding", "over"} <= phases
    for view in views:
        picture = image(render_tarot(view, NAMES))
        assert picture.format == "PNG" and 400 <= picture.width <= L.MAX_WIDTH and picture.height <= 1600


def scored_hand(players: int) -> dict:
    for seed in range(100):
        last = snapshots(players, seed)[-1]
        if last["phase"] == "scored":
            return last
    raise AssertionError("no deal was played")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_score_sheet_shows_every_number_as_image_and_text(players: int) -> None:
    view = scored_hand(players)
    sheet = view["sheet"]
    picture = image(render_tarot(view, NAMES))
    assert picture.width > 900, "both piles are laid out in their groups"
    text = "\n".join(sheet_text(sheet, NAMES))
    for value in (sheet["points"], sheet["defence_points"], f"{sheet['needed']} needed",
                  f"difference {sheet['difference']:+d}", f"× {sheet['multiplier']}", "Running totals",
                  f"{sheet['per_defender']:+d}", sheet["method"]):
        assert value in text, value
    lines = score_lines(sheet, NAMES)
    assert lines[0].startswith(f"Oudlers {sheet['oudlers']}") and lines[-1] == f"Per defender: {sheet['per_defender']:+d}"
    assert all(line.isascii() for line in lines), "the image font draws ASCII only"


def test_an_all_passed_deal_renders() -> None:
    predict(1)
    state = ft.new(ft.Options(players=4, hands=2), [SeatSpec(p) for p in (1, 2, 3, 4)])
    for player in (1, 2, 3, 4):
        ft.apply(state, player, {"type": "bid", "contract": "pass"})
    assert image(render_tarot(ft.view(state, None)["last_round"], NAMES)).width >= 560
