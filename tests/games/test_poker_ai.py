"""The poker computer player: over many random hands every decision is legal and chips are
conserved; no decision depends on a hidden card (dealing the others' holes and the deck anew
never changes it); and it plays from hand strength and pot odds."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games.poker as poker
from games.base import SeatSpec
from games.cards import card, cards
from games.poker import ai
from tests.seeds import predict

PROPERTY = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANDS = 6


def rehide(state: poker.State, player: int, rng: random.Random) -> poker.State:
    """A copy of the state where every card `player` cannot see (the others' holes, the deck,
    the burned and mucked cards) is dealt anew among the same places."""
    twin = poker.from_dict(poker.to_dict(state))
    hand = twin.hand
    assert hand is not None
    places = [hole for i, hole in enumerate(hand.holes) if hand.betting.bettors[i].player != player]
    places += [hand.deck, hand.burned, hand.mucked]
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    for place in places:
        size = len(place)
        place[:], pool = pool[:size], pool[size:]
    return twin


def legal(state: poker.State, player: int, action: dict) -> bool:
    return any(a["type"] == action["type"] for a in poker.legal_actions(state, player))


@PROPERTY
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), draw=st.booleans(),
       stacks=st.lists(st.integers(200, 1000), min_size=6, max_size=6))
def test_computers_play_legal_moves_conserve_chips_and_never_read_hidden_cards(
        seed: int, players: int, draw: bool, stacks: list[int]) -> None:
    options = poker.Options(format="draw" if draw else "holdem")
    predict(seed)
    person = [SeatSpec(1, stacks[0])]  # computers never play a hand among themselves alone
    state = poker.new(options, person + [SeatSpec(-n, stacks[n - 1]) for n in range(2, players + 1)])
    total = poker.chips_on_table(state)
    rng = random.Random(seed)
    decisions = 0
    while state.hand_no <= HANDS and poker.pending(state):
        player = poker.pending(state)[0]
        action = poker.computer_action(state, player)
        assert legal(state, player, action), action
        assert poker.computer_action(rehide(state, player, rng), player) == action
        poker.apply(state, player, action)  # raises IllegalAction on an illegal amount
        decisions += 1
        assert poker.chips_on_table(state) == total
    assert decisions > 0


def test_the_view_a_computer_decides_from_holds_only_its_own_cards() -> None:
    predict(7)
    state = poker.new(poker.Options(), [SeatSpec(1, 1000)] + [SeatSpec(-n, 1000) for n in range(2, 5)])
    player = poker.pending(state)[0]
    seen = poker.view(state, player)
    for seat in seen["seats"]:
        if seat["player"] != player:
            assert all(c is None for c in seat["cards"])
    assert "deck" not in seen and "deck" not in (seen.get("turn") or {})


def betting_view(hole: str, board: str, to_call: int, pot: int, stack: int = 1000, opponents: int = 1) -> dict:
    """A view of the computer's (-1) turn in a hold'em hand."""
    me = {"player": -1, "in_hand": True, "folded": False, "cards": hole.split()}
    others = [{"player": -2 - i, "in_hand": True, "folded": False, "cards": [None, None]} for i in range(opponents)]
    legal = ["fold", "call", "raise", "allin"] if to_call else ["fold", "check", "bet", "allin"]
    current = to_call
    return {"round": 1, "phase": "river" if board else "preflop", "format": "holdem", "board": board.split(),
            "pot": pot, "current_bet": current, "seats": [me, *others],
            "turn": {"player": -1, "action": "bet", "to_call": to_call, "current_bet": current, "min_bet": 10,
                     "min_raise_to": max(2 * current, 10), "max_to": stack, "legal": legal}}


def test_a_hopeless_hand_folds_to_a_big_bet() -> None:
    view = betting_view("2W 7C", "KS QS JS 9P 4C", to_call=500, pot=600)
    assert ai.choose(view, -1) == {"type": "fold"}


def test_a_cheap_call_with_a_fair_hand_is_made() -> None:
    view = betting_view("KS 9C", "KC 5W 3P 8S 2C", to_call=10, pot=400)
    assert ai.choose(view, -1) == {"type": "call"}


def test_a_winning_hand_bets_for_value() -> None:
    view = betting_view("KS KC", "KP KW 3 8S 2C", to_call=0, pot=100)
    assert ai.choose(view, -1)["type"] in ("bet", "allin")


def test_the_equity_of_the_nuts_is_one_and_of_nothing_much_less() -> None:
    rng = random.Random(1)
    strong = ai.equity(cards("KS KC"), cards("KP KW 3"), 1, "holdem", rng)
    weak = ai.equity(cards("2W 7C"), cards("KS QS JS"), 1, "holdem", rng)
    assert strong > 0.9 > 0.3 > weak


def test_bluffs_are_rare() -> None:
    """Checked to with a weak hand, the computer bets in a few spots out of a hundred."""
    bets = 0
    for pot in range(20, 220, 2):
        view = betting_view("2W 7C", "KS QS JS 9P 4C", to_call=0, pot=pot)
        bets += ai.choose(view, -1)["type"] != "check"
    assert 0 < bets <= 15


def test_the_draw_keeps_sets_and_majors() -> None:
    hole = cards("5C 5W 13 KS 2P")
    assert sorted(c.code for c in ai.discards(hole)) == ["2P", "KS"]
    assert [c.code for c in ai.discards(cards("3W 7C 9S JP KC"))] == ["3W", "7C", "9S", "JP"]
    assert card("5C") not in ai.discards(hole)
