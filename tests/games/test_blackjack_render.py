"""Issue 11, cards you can read, for blackjack: a split hand is drawn as two hands in the
player's private picture, and a doubled bet reads as doubled on the table image."""

from __future__ import annotations

from cogs.blackjack import BlackjackUI
from games import blackjack
from games.base import SeatSpec
from games.cards import cards
from renders.blackjack import render_blackjack
from tests.drawing import Drawn, drawn_here
from tests.seeds import predict


def dealt(top: str) -> blackjack.State:
    """Alice (player 1) bets 20 with these cards on top of the shoe: dealer up, hole, hers, draws."""
    predict(3)
    state = blackjack.new(blackjack.Options(timer=0), [SeatSpec(1, 1000)])
    state.shoe.cards = cards(top) + state.shoe.cards
    blackjack.apply(state, 1, {"type": "bet", "amount": 20})
    return state


def test_a_split_hand_is_drawn_as_two_hands(said: list[str]) -> None:
    state = dealt("10W 7C 8S 8C 3W KP")
    blackjack.apply(state, 1, {"type": "hit"})
    blackjack.apply(state, 1, {"type": "split"})
    hands = blackjack.view(state, 1)["seats"][0]["hands"]
    assert [h["cards"][0] for h in hands] == ["8Sr", "8Cr"]  # placed reversed at a `best` table
    image = drawn_here(BlackjackUI()._hand_image(hands))
    assert image is not None and image[:4] == b"\x89PNG"
    titles = [t for t in said if t.startswith("HAND ")]
    assert titles == [f"HAND 1 · {hands[0]['total']}", f"HAND 2 · {hands[1]['total']}"], said
    assert "YOUR HANDS" in [t.upper() for t in said]


def test_one_hand_is_drawn_as_one(said: list[str]) -> None:
    state = dealt("10W 7C 8S 3C")
    blackjack.apply(state, 1, {"type": "hit"})
    drawn_here(BlackjackUI()._hand_image(blackjack.view(state, 1)["seats"][0]["hands"]))
    assert not [t for t in said if t.startswith("HAND ")]


def test_a_doubled_bet_reads_as_doubled_on_the_table(said: list[str]) -> None:
    state = dealt("10W 7C 5S 5C 9W")  # alice 5, then 5: doubles on 10 and draws 9
    blackjack.apply(state, 1, {"type": "hit"})
    blackjack.apply(state, 1, {"type": "double"})
    render_blackjack(state.last_round, {1: "Alice"})
    assert any(t.startswith("Bet 40 (doubled)") for t in said), said


def test_every_card_of_a_hand_shows_whole(drawn: Drawn) -> None:
    """Blackjack counts a major by its number, printed at its top centre and middle while its
    corner shows the lesser label (XIII: "3 T"): an overlapping fan would show the dealer's
    13 + 3 + 10 as "3, 3, 10" beside "26 · BUST". Up to four cards lie side by side."""
    state = dealt("13 7C 5S 3S")  # the dealer shows 13 over the 7C; alice holds 5S and hits the 3S
    blackjack.apply(state, 1, {"type": "hit"})
    view = blackjack.view(state, None)
    assert len(view["dealer"]["cards"]) == 2 and len(view["seats"][0]["hands"][0]["cards"]) == 2
    render_blackjack(view, {1: "Alice"})
    placed = [(x, y, width) for _, x, y, width in drawn.cards]
    assert len(placed) == 4
    for i, (x, y, width) in enumerate(placed):
        for x2, y2, _ in placed[i + 1:]:
            assert y != y2 or abs(x - x2) >= width, "a card lies over another"


def test_a_settled_hand_says_why_it_won(said: list[str]) -> None:
    """A 19 beats the dealer's 18 only because it holds a major: the table says so under the
    result, or the win looks like a mistake (the reason wraps within the hand's width)."""
    state = dealt("KC 8W 19")  # the dealer KC 8W = 18 without a major; alice the Sun, 19
    blackjack.apply(state, 1, {"type": "stand"})
    hand = state.last_round["seats"][0]["hands"][0]
    assert hand["result"] == "win" and hand["reason"] == "holds a major, the dealer does not"
    render_blackjack(state.last_round, {1: "Alice"})
    after = said[said.index("Win +20") + 1:]
    assert " ".join(after).startswith(hand["reason"]), said


def test_split_hands_overlap_with_each_cards_notation_under_it(said: list[str]) -> None:
    """A seat's split hands need the room, so their cards overlap: each card's notation under
    it still tells a major's number ("13", never just the corner's "3 T")."""
    state = dealt("10W 7C 8S 8C 3W KP")
    blackjack.apply(state, 1, {"type": "hit"})
    blackjack.apply(state, 1, {"type": "split"})
    hands = blackjack.view(state, None)["seats"][0]["hands"]
    render_blackjack(blackjack.view(state, None), {1: "Alice"})
    assert len(hands) == 2 and all(code in said for hand in hands for code in hand["cards"]), said
