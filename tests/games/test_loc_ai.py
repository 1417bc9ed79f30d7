"""The Loc computer player: over many random hands every choice is legal and chips are
conserved; no choice depends on a hidden card (dealing the others' cards anew never changes
it); it discards its weakest card and keeps its trumps and Aces for a pot worth taking."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games.loc as loc
from games.base import SeatSpec
from games.cards import card
from games.loc import ai
from tests.seeds import predict

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANDS = 5


def rehide(state: loc.State, player: int, rng: random.Random) -> loc.State:
    """A copy of the state where the cards `player` cannot see (the others' hands, discards and
    chosen cards, and the undealt deck) are dealt anew among the same places."""
    twin = loc.from_dict(loc.to_dict(state))
    others = [s for s in twin.seats if s.player != player]
    mine = loc.find_seat(twin, player)
    known = {c.face for s in twin.seats for c in s.played}
    if mine is not None:
        known |= {c.face for c in mine.cards} | ({mine.discard.face} if mine.discard else set())
    pool = [c for c in loc.deck_cards(twin.options.deck) if c.face not in known]
    rng.shuffle(pool)
    for seat in others:
        chosen = seat.choice is not None
        seat.cards, pool = pool[:len(seat.cards)], pool[len(seat.cards):]
        if seat.discard is not None:
            seat.discard, pool = pool[0], pool[1:]
        seat.choice = rng.choice(seat.cards) if chosen else None
    return twin


@PROPERTY
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8), standard=st.booleans(), high=st.booleans())
def test_computers_choose_legal_cards_conserve_chips_and_never_read_hidden_cards(
        seed: int, players: int, standard: bool, high: bool) -> None:
    options = loc.Options(deck="standard" if standard else "tarot", pot_trumps="high" if high else "all")
    low = loc.buy_in_range(options)[0]
    predict(seed)
    state = loc.new(options, [SeatSpec(-n, low * 2) for n in range(1, players + 1)])
    total = loc.chips_on_table(state)
    cashed = 0
    rng = random.Random(seed)
    while state.hand <= HANDS and loc.pending(state):
        player = rng.choice(loc.pending(state))
        action = loc.computer_action(state, player)
        assert action in loc.legal_actions(state, player)
        assert loc.computer_action(rehide(state, player, rng), player) == action
        events = loc.apply(state, player, action)
        cashed += sum(e.data["amount"] for e in events if e.kind == "cashout")
        assert loc.chips_on_table(state) + cashed == total


def my_view(hand: str, pot: int, waited: int = 4, phase: str = "play", deck: str = "tarot",
            pot_trumps: str = "all") -> dict:
    return {"deck": deck, "pot_trumps": pot_trumps, "bet": 10, "pot": pot, "waited": waited, "phase": phase,
            "me": {"cards": hand.split(), "can": "discard" if phase == "discard" else "play"}}


def test_the_discard_is_the_weakest_card() -> None:
    assert ai.choose(my_view("AW 21 3C 2S KP 9W", 40, phase="discard")) == {"type": "discard", "card": "2S"}


def test_a_small_pot_gets_the_weakest_ordinary_card_and_trumps_and_aces_wait() -> None:
    assert ai.choose(my_view("AW 21 3C KP 9W", 40)) == {"type": "play", "card": "3C"}


def test_a_pot_worth_taking_gets_the_strongest_pot_taker() -> None:
    assert ai.choose(my_view("AW 21 3C KP 9W", 120)) == {"type": "play", "card": "21"}


def test_with_only_pot_takers_left_the_strongest_goes() -> None:
    assert ai.choose(my_view("AW 5", 10)) == {"type": "play", "card": "5"}


def test_only_high_trumps_take_the_pot_at_a_high_table() -> None:
    """With pot_trumps high, a 5 is an ordinary card: it goes before the Ace is spent."""
    assert ai.choose(my_view("AW 5 16", 10, pot_trumps="high")) == {"type": "play", "card": "5"}


def test_a_standard_table_is_answered_in_standard_notation() -> None:
    view = my_view(" ".join(c.code for c in [card("AC"), card("3W"), card("KP")]), 10, deck="standard")
    assert ai.choose(view) == {"type": "play", "card": "3C"}  # the Three of Clubs (tarot Wands)
