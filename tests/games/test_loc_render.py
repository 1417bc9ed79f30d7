"""The Loc table image: it renders every phase of both decks, and the public image is the same
whoever has chosen and whatever they chose (it is drawn from the public view alone)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import loc
from games.base import SeatSpec
from renders.loc import render_loc
from tests.seeds import predict

NAMES = {1: "Alice", 2: "Bob the Builder", 3: "Zoë 🎲", 4: "Dmitri", 5: "Eve"}


def played(players: int, deck: str, steps: int, seed: int = 3) -> loc.State:
    predict(seed)
    state = loc.new(loc.Options(deck=deck), [SeatSpec(p, 300) for p in range(1, players + 1)])
    rng = random.Random(seed)
    for _ in range(steps):
        waiting = loc.pending(state)
        player = rng.choice(waiting)
        moves = [a for a in loc.legal_actions(state, player) if a["type"] in ("discard", "play")]
        loc.apply(state, player, rng.choice(moves))
    return state


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize(("players", "deck", "steps"), [
    (3, "tarot", 0), (4, "tarot", 2), (4, "tarot", 4 + 4 * 2 + 1), (5, "standard", 5 + 5 * 3),
    (5, "tarot", 5 + 5 * 5),
])
def test_every_phase_renders(players: int, deck: str, steps: int) -> None:
    state = played(players, deck, steps)
    png = render_loc(loc.view(state, None), NAMES)
    width, height = size(png)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and width * 3 == height * 4 and width in (800, 1200)


def test_the_finished_hand_and_a_waiting_table_render() -> None:
    state = played(4, "tarot", 4 + 4 * 5)
    assert size(render_loc(loc.view(state, None)["last_round"], NAMES))[1] > 200
    for player in (1, 2, 3):
        loc.apply(state, player, {"type": "leave"})
    assert state.phase == "waiting"
    assert size(render_loc(loc.view(state, None), NAMES))[1] > 100


def test_the_public_image_does_not_depend_on_who_chose_what() -> None:
    images = set()
    for first in (1, 2, 3):
        state = played(4, "tarot", 4)
        loc.apply(state, first, loc.default_action(state, first))
        images.add(render_loc(loc.view(state, None), NAMES))
    assert len(images) == 1
    state = played(4, "tarot", 4)
    assert render_loc(loc.view(state, None), NAMES) not in images, "the count of cards down shows"


def test_the_latest_reveal_is_never_cut(said: list[str]) -> None:
    """Four long names and the outcome: the reveal wraps onto lines of its own, no "..."."""
    state = played(4, "tarot", 4 + 4)
    view = loc.view(state, None)
    assert view["reveals"], "a play was revealed"
    names = {p: f"Computer player {p}" for p in range(1, 5)}
    render_loc(view, names)
    reveal = loc.reveal_line(view["reveals"][-1], "tarot", names.__getitem__)
    assert not any(t.endswith("...") for t in said), said
    words = reveal.replace(" — ", " ").split()
    after = said[said.index(f"PLAY {view['reveals'][-1]['play']} REVEALED") + 1:]
    assert " ".join(after).split()[:len(words)] == words, after  # every word, in order, right under
