"""Tarot Rummy's images: every phase renders from the view, a spectator's image never needs a
hidden card, and the private hand is grouped by its melds."""

from __future__ import annotations

import io

from PIL import Image

from games import rummy as R
from games.base import SeatSpec
from renders.rummy import render_rummy, render_rummy_hand
from tests.drawing import Drawn, frame_factor
from tests.seeds import predict

NAMES = {1: "Alice", 2: "Bob the Builder", -1: "Computer 1"}


def image(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data))


def played(options: R.Options, seed: int) -> list[dict]:
    """Spectator views of a whole game between two computers, one per distinct phase."""
    predict(seed)
    state = R.new(options, [SeatSpec(1), SeatSpec(-1)])
    views, seen = [R.view(state, None)], {state.phase}
    while not R.is_over(state):
        player = R.pending(state)[0]
        events = R.apply(state, player, R.computer_action(state, player))
        shown = R.view(state, None)
        if state.phase not in seen or any(e.kind == "round_open" for e in events):
            seen.add(state.phase)
            views.append(shown)
            if shown["last_round"]:
                views.append(shown["last_round"])
    return views


def test_every_phase_renders_for_spectators():
    views = played(R.Options(identification=True, dealer_choice=True, target=40), seed=5)
    phases = {v["phase"] for v in views}
    assert {"choosing", "draw", "discard", "hand_over", "over"} <= phases
    for shown in views:
        assert shown.get("me") is None
        picture = image(render_rummy(shown, NAMES, shown["style"]))
        assert frame_factor(picture) <= 3


def test_the_end_of_a_hand_shows_both_hands_in_melds_wider_than_play():
    views = played(R.Options(target=1), seed=8)
    ended = next(v for v in views if v["phase"] == "over")
    in_play = next(v for v in views if v["phase"] == "draw")
    assert frame_factor(image(render_rummy(ended, NAMES))) >= frame_factor(image(render_rummy(in_play, NAMES)))


def test_the_private_hand_image_groups_the_melds(drawn: Drawn):
    predict(12)
    state = R.new(R.Options(), [SeatSpec(1), SeatSpec(2)])
    me = R.view(state, R.pending(state)[0])["me"]
    render_rummy_hand({**me, "melds": []})
    assert "SWORD · 3" not in drawn.texts
    render_rummy_hand({**me, "melds": [{"cards": me["hand"][:3], "kind": "sword"}]})
    assert "SWORD · 3" in drawn.texts and "HAND" in drawn.texts  # the meld sits apart under its label


def test_laid_out_melds_never_hide_a_card(drawn: Drawn) -> None:
    """After a call the melds, layoffs and unmelded cards lie side by side: each card's face
    is whole, so a trump's number (what a meld is read by) is never under another card."""
    from tests.games.test_rummy import ENDINGS, draw_and_call, rig, table

    state = rig(table(), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    draw_and_call(state, "KS")
    image(render_rummy(R.view(state, None)["last_round"], NAMES))
    faces = [p for p in drawn.cards if p[0] is not None]
    assert len(faces) == 20  # both ten-card hands (the call card lies face down)
    for i, (_, x, y, width) in enumerate(faces):
        for _, x2, y2, _ in faces[i + 1:]:
            assert y != y2 or abs(x - x2) >= width, "a card lies over another"
