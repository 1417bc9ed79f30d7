"""Every game's pictures read in the frame a chat shows them in before a click (issue 28, item 8):
Discord shows an embed's image within about 400 x 300 px (the sandbox page too), scaled down to
fit. Each picture is "read" there: its shape is the frame's (4:3, a whole number of times its
size, so it scales down cleanly), every text drawn on it is at least `LEAST_TEXT` px tall once
scaled, and every face-up card without its notation under it at least `LEAST_CARD` px wide.

The pictures are the README's (docs/make_pictures.py: a game played by its own rules to a usual
moment), a French Tarot score sheet and the end of that game, an Arcanoid round's battles, and
the hands sent by DM; and every game at the most seats its rules allow, at the busiest moment
of each phase (tests/renders/crowded.py)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from docs import make_pictures
from games import arcanoid, fairness, french_tarot
from games.arcanoid import rules as arcanoid_rules
from games.base import RUNTIME_PLAYER, SeatSpec
from games.cards import card, full_deck
from renders import layout
from renders.arcanoid import render_round
from renders.cards import game_faces
from renders.french_tarot import render_tarot
from renders.hand import render_hand
from renders.rummy import render_rummy_hand
from tests.drawing import Drawn
from tests.renders import crowded

FRAME = (400, 300)
LEAST_TEXT = 10  # px, the font's size once the frame shows the picture
LEAST_CARD = 32  # px wide once shown, for a card read by its corner index alone


@dataclass
class Reading:
    size: tuple[int, int]
    scale: float  # how the frame shows the picture
    texts: list[tuple[str, float]]  # each text drawn and its size once shown
    cards: list[tuple[str, float]]  # each face-up card read by its index alone, its width once shown


def read(render: Callable[[], bytes], drawn: Drawn) -> Reading:
    """The picture as the frame shows it: drawn once to fill the sprite caches (a card's own
    text is part of its sprite), then again with every label drawn afresh and recorded."""
    render()
    layout._label_mask.cache_clear()
    drawn.clear()
    image = Image.open(io.BytesIO(render()))
    scale = min(FRAME[0] / image.width, FRAME[1] / image.height)
    texts = [(value, size * scale) for value, size in zip(drawn.texts, drawn.sizes, strict=True) if value.strip()]
    noted = set(drawn.texts)
    cards = [(c.code, width * scale) for c, _x, _y, width in drawn.cards
             if c is not None and c.code not in noted and c.face.code not in noted]
    return Reading(image.size, scale, texts, cards)


def assert_readable(reading: Reading) -> None:
    width, height = reading.size
    assert width * FRAME[1] == height * FRAME[0], f"{width}x{height} is not the frame's shape"
    assert width % FRAME[0] == 0, f"{width}x{height} is not a whole number of frames"
    small = [(value, round(size, 1)) for value, size in reading.texts if size < LEAST_TEXT]
    assert not small, f"{width}x{height}: text shown under {LEAST_TEXT} px: {small[:8]}"
    narrow = [(code, round(size, 1)) for code, size in reading.cards if size < LEAST_CARD]
    assert not narrow, f"{width}x{height}: cards shown under {LEAST_CARD} px: {narrow[:8]}"
    assert reading.texts, "the picture says something"


@pytest.mark.parametrize("game", list(make_pictures.PICTURES))
def test_every_games_table_picture_reads_at_the_frames_size(game: str, drawn: Drawn) -> None:
    moment, render = make_pictures.PICTURES[game]
    with fairness.predictable(f"picture-{game}-1"):
        view, names = moment()
    assert_readable(read(lambda: render(view, names), drawn))


@pytest.mark.parametrize("game", list(crowded.GAMES))
def test_every_games_busiest_table_at_its_most_seats_reads_at_the_frames_size(game: str, drawn: Drawn) -> None:
    """Issue 28, item 8: a crowded table (ten at Loc, Arcanoid or poker, seven blackjack seats
    of split hands, five at French Tarot) is summarised to fit the frame rather than drawn
    larger and shown smaller."""
    unread = []
    for name, view, names, render in crowded.GAMES[game]():
        try:
            assert_readable(read(lambda: render(view, names), drawn))  # noqa: B023 (called at once)
        except AssertionError as error:
            unread.append(f"{name}: {str(error).splitlines()[0]}")
    assert not unread, "\n".join(unread)


def _tarot_game() -> french_tarot.State:
    with fairness.predictable("readable-tarot"):
        state = french_tarot.new(french_tarot.Options(players=4, bots=3, hands=1),
                                 [SeatSpec(p) for p in (1, -1, -2, -3)])
        for _ in range(2000):
            if french_tarot.is_over(state) and state.last_hand is not None:
                return state
            if french_tarot.is_over(state):  # everyone passed: deal again
                state = french_tarot.new(state.options, [SeatSpec(p) for p in (1, -1, -2, -3)])
            player = french_tarot.pending(state)[0]
            french_tarot.apply(state, player, french_tarot.computer_action(state, player))
    raise AssertionError("no deal was played to its end")


NAMES = {1: "Alice", -1: "Computer 1", -2: "Computer 2", -3: "Computer 3"}


def test_the_french_tarot_score_sheet_and_the_games_end_read_at_the_frames_size(drawn: Drawn) -> None:
    state = _tarot_game()
    assert state.last_hand["phase"] == "scored"
    assert_readable(read(lambda: render_tarot(state.last_hand, NAMES), drawn))
    assert_readable(read(lambda: render_tarot(french_tarot.view(state, None), NAMES), drawn))


def _round_battles() -> dict[str, Any]:
    """An Arcanoid round played by computers to its end: its four battles."""
    with fairness.predictable("readable-arcanoid"):
        state = arcanoid.new(arcanoid.Options(), [SeatSpec(p) for p in (1, -1, -2, -3)])
        battles = arcanoid_rules.battles(state)
        for _ in range(3000):
            if state.round > 1:
                return battles
            battles = arcanoid_rules.battles(state)
            waiting = arcanoid.pending(state)
            if waiting:
                arcanoid.apply(state, waiting[0], arcanoid.computer_action(state, waiting[0]))
            else:
                arcanoid.apply(state, RUNTIME_PLAYER, {"type": "close_window"})
    raise AssertionError("the round never ended")


def test_an_arcanoid_rounds_battles_read_at_the_frames_size(drawn: Drawn) -> None:
    battles = _round_battles()
    assert sum(len(b["forces"]) for b in battles.values()) >= 8
    assert_readable(read(lambda: render_round(battles, 1, NAMES), drawn))


DECK = [c.code for c in full_deck()]


@pytest.mark.parametrize(("cards", "style", "groups"), [
    (["KC", "16r", "0", "AP", "10Sr", "7W"], "rws", None),  # Loc, Arcanoid: six cards
    (DECK[20:38], game_faces("french_tarot"), None),  # French Tarot, four players: eighteen
    (["KC", "16r", "3S", "4S", "5S", "6Sr", "7S"], "rws", [["KC", "16r"], ["3S", "4S", "5S", "6Sr", "7S"]]),  # poker
    (DECK[:24], game_faces("french_tarot"), [DECK[:6]]),  # three players and the dog
], ids=["six", "eighteen", "poker", "dog"])
def test_a_hand_sent_by_dm_reads_at_the_frames_size(cards: list[str], style: str, groups: list[list[str]] | None,
                                                    drawn: Drawn) -> None:
    assert_readable(read(lambda: render_hand(cards, style, caption="Your hand", groups=groups), drawn))


def test_a_rummy_hand_in_its_melds_reads_at_the_frames_size(drawn: Drawn) -> None:
    me = {"hand": DECK[:11], "value": 31, "melds": [{"kind": "sword", "cards": DECK[:3]},
                                                   {"kind": "double", "cards": DECK[3:5]}]}
    assert_readable(read(lambda: render_rummy_hand(me), drawn))


def test_the_reader_finds_text_too_small_and_a_tall_picture(drawn: Drawn) -> None:
    """The reader itself: a label drawn under the least size is found, and so is a picture
    not of the frame's shape."""
    def tiny() -> bytes:
        canvas = layout.Canvas(800, 600)
        layout.text.draw(canvas.draw, (10, 10), "small", 12, layout.TEXT)
        canvas.card(card("KC"), 100, 100, 40, "rws")
        return layout.to_png(canvas.image)

    reading = read(tiny, drawn)
    assert reading.texts == [("small", 6.0)] and reading.cards == [("KC", 20.0)]
    with pytest.raises(AssertionError, match="under 10 px"):
        assert_readable(reading)
    with pytest.raises(AssertionError, match="not the frame's shape"):
        assert_readable(Reading((776, 981), 0.29, [("Poker", 20.0)], []))
