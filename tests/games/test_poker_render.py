"""The Major Poker table image: a valid PNG of a sensible size; hidden hole cards drawn face
down for spectators; the showdown names each hand's category and marks the winners."""

from __future__ import annotations

import io
import re

from PIL import Image

from games import poker
from games.base import SeatSpec
from renders.poker import render_poker
from tests.drawing import Drawn
from tests.seeds import predict

NAMES = {1: "Alice", 2: "Bob", 3: "Chandra", 4: "Dmitri"}


def png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


def call_down(state: poker.State, until: str | None = None) -> None:
    number = state.hand_no
    while state.hand_no == number and poker.pending(state):
        if until and state.hand and state.hand.street == until:
            return
        player = poker.pending(state)[0]
        legal = {a["type"] for a in poker.legal_actions(state, player)}
        move = {"type": "discard", "cards": []} if "discard" in legal else {"type": "check" if "check" in legal else "call"}
        poker.apply(state, player, move)


def test_a_spectator_sees_hole_cards_face_down_and_the_board_face_up(drawn: Drawn) -> None:
    predict(3)
    state = poker.new(poker.Options(), [SeatSpec(p, 1000) for p in (1, 2, 3, 4)])
    call_down(state, until="turn")
    image = png(render_poker(poker.view(state), NAMES))
    assert image.size == (800, 600)
    faces = [c for c in drawn.faces if c is not None]
    assert faces == state.hand.board and drawn.faces.count(None) == 8
    joined = "\n".join(drawn.texts)
    assert "POT 40" in joined and "Alice" in joined and "TO ACT" in joined


def test_a_player_sees_their_own_cards(drawn: Drawn) -> None:
    predict(3)
    state = poker.new(poker.Options(), [SeatSpec(p, 1000) for p in (1, 2)])
    render_poker(poker.view(state, 2), NAMES)
    mine = state.hand.holes[0]
    assert [c for c in drawn.faces if c is not None] == mine and drawn.faces.count(None) == 2


def test_the_showdown_names_every_hand_and_the_winner(drawn: Drawn) -> None:
    predict(5)
    state = poker.new(poker.Options(), [SeatSpec(p, 1000) for p in (1, 2, 3)])
    call_down(state)
    last = state.last_round
    assert last is not None
    png(render_poker(last, NAMES))
    joined = "\n".join(drawn.texts)
    for hand in last["hands"]:
        assert hand["category"].capitalize() in joined
    assert "WINS" in joined and "to " in joined
    shown = [c.code for c in drawn.faces if c is not None]
    for seat in last["seats"]:
        assert all(code in shown for code in seat["cards"])


def test_the_draw_and_the_waiting_table_render(drawn: Drawn) -> None:
    predict(8)
    state = poker.new(poker.Options(format="draw"), [SeatSpec(p, 500) for p in (1, 2, 3)])
    call_down(state, until="draw")
    png(render_poker(poker.view(state), NAMES))
    assert "The draw: " in "\n".join(drawn.texts)
    poker.apply(state, 1, {"type": "leave"})
    poker.apply(state, 2, {"type": "leave"})
    assert poker.view(state)["phase"] == "waiting"
    png(render_poker(poker.view(state), NAMES))
    assert any("Waiting for a second player" in t for t in drawn.texts)


def test_ordinary_betting_shows_one_pot_and_an_all_in_shows_the_side_pot(drawn: Drawn) -> None:
    predict(5)
    state = poker.new(poker.Options(timer=0), [SeatSpec(p, s) for p, s in ((1, 1000), (2, 1000), (3, 60))])
    poker.apply(state, 1, {"type": "raise", "amount": 200})  # 2 and 3 have not called yet
    render_poker(poker.view(state), NAMES)
    assert not any("Side" in t or "Main" in t for t in drawn.texts), drawn.texts
    poker.apply(state, 2, {"type": "call"})
    poker.apply(state, 3, {"type": "allin"})  # 60: a pot capped at 60 a player, the rest beside it
    drawn.texts.clear()
    render_poker(poker.view(state), NAMES)
    assert "Main pot: 180 · Side pot 1: 280" in drawn.texts, drawn.texts  # never "Side 1 280"


def test_at_the_showdown_each_pot_is_named_apart_from_its_amount(drawn: Drawn) -> None:
    """A pot's number and its chips never run together ("Side pot 1 540" reads as 1,540)."""
    predict(5)
    state = poker.new(poker.Options(timer=0), [SeatSpec(p, s) for p, s in ((1, 1000), (2, 1000), (3, 60))])
    poker.apply(state, 1, {"type": "raise", "amount": 200})
    poker.apply(state, 2, {"type": "call"})
    poker.apply(state, 3, {"type": "allin"})
    call_down(state)
    last = state.last_round
    assert last is not None and [p["amount"] for p in last["pots"]] == [180, 280]
    render_poker(last, NAMES)
    said = [t for t in drawn.texts if "pot" in t.lower()]
    assert any(t.startswith("Main pot of 180 to ") for t in said), said
    assert any(t.startswith("Side pot 1 of 280 to ") for t in said), said
    assert not any(re.search(r"(Main|Side \d+|Side pot \d+|Main pot) \d", t) for t in said), said
