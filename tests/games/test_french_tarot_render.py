"""The French Tarot images: every phase of a deal, the score sheet, an all-passed deal and the
end of the game render as bounded PNGs; the text score sheet carries every number."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cogs.tarot import sheet_text
from games import french_tarot as ft
from games.base import SeatSpec
from renders.french_tarot import render_tarot, score_lines
from renders.text import clean
from tests.drawing import drawn_here, frame_factor
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
        assert picture.format == "PNG" and frame_factor(picture) <= 3


def scored_hand(players: int) -> dict:
    for seed in range(100):
        last = snapshots(players, seed)[-1]
        if last["phase"] == "scored":
            return last
    raise AssertionError("no deal was played")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_score_sheet_shows_every_number_as_image_and_text(players: int, said: list[str]) -> None:
    view = scored_hand(players)
    sheet = view["sheet"]
    picture = image(render_tarot(view, NAMES))
    assert frame_factor(picture) == 2
    piles = [t for t in said if t.startswith(("TAKER'S SIDE · ", "DEFENCE · "))]
    assert len(piles) == 2, "both piles are shown"
    text = "\n".join(sheet_text(sheet, NAMES))
    for value in (sheet["points"], sheet["defence_points"], f"{sheet['needed']} needed",
                  f"difference {sheet['difference']:+d}", f"× {sheet['multiplier']}", "Running totals",
                  f"{-sheet['per_defender']:+d}", sheet["method"]):
        assert value in text, value
    lines = score_lines(sheet, NAMES)
    assert lines[0].startswith(f"Oudlers {sheet['oudlers']}") and lines[-1] == f"Per defender: {-sheet['per_defender']:+d}"
    assert all(clean(line) == line for line in lines), "drawn as written: nothing the font lacks"


def test_an_all_passed_deal_renders() -> None:
    predict(1)
    state = ft.new(ft.Options(players=4, hands=2), [SeatSpec(p) for p in (1, 2, 3, 4)])
    for player in (1, 2, 3, 4):
        ft.apply(state, player, {"type": "bid", "contract": "pass"})
    assert frame_factor(image(render_tarot(ft.view(state, None)["last_round"], NAMES))) == 2


def test_the_last_trick_stays_on_the_image_while_the_next_is_played(said: list[str]) -> None:
    state = next(s for s in map(_into_trick_three, range(1, 50)) if s is not None)
    picture = image(render_tarot(ft.view(state, None), NAMES))
    assert frame_factor(picture) == 2
    assert "LAST TRICK (2)" in said and "TRICK 3" in said
    last = state.tricks[-1]
    assert all(c.face.code in said for c in last.cards), "each card of the last trick is named under it"
    assert not any(text.endswith("r") and text[:-1] in {c.face.code for c in last.cards} for text in said), \
        "no orientation under a card: it means nothing in French Tarot"
    assert f"taken by {NAMES[state.players[last.winner]]}" in said


def _into_trick_three(seed: int) -> ft.State | None:
    """A deal played by the computer into its third trick (None: everyone passed)."""
    seats = [SeatSpec(1)] + [SeatSpec(-n) for n in range(1, 4)]
    predict(seed)
    state = ft.new(ft.Options(players=4, hands=1), seats)
    while not (state.phase == "playing" and len(state.tricks) == 2 and state.trick):
        if ft.is_over(state) or state.hand_no > 1:
            return None
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    return state


def test_trumps_carry_their_number_in_every_deck_style(said: list[str]) -> None:
    """French Tarot's trumps go by number: a fanned trump shows it in its corner (not the
    printed deck's A-10 label and major suit letter), in the hand by DM and on the table."""
    from cogs.tarot import _hand_image
    from renders.cards import card_image

    state = next(s for s in map(_into_trick_three, range(1, 50)) if s is not None)
    seat = next(i for i, hand in enumerate(state.hands) if any(c.is_major and c.rank > 10 for c in hand))
    trumps = [c for c in state.hands[seat] if c.is_major]
    card_image.cache_clear()
    drawn_here(_hand_image(state, seat, ft.view(state, state.players[seat])))
    card_image.cache_clear()
    for trump in trumps:
        assert said.count(str(trump.rank)) >= 3, (trump, said)  # both corners and the code under it
    assert not {"T", "S", "F"} & set(said), "no major-suit letters on French Tarot trumps"
