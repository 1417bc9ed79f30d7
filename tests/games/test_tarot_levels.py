"""French Tarot's three computer levels (issue 29): every level plays whole deals legally; the
hard player's decision depends only on what its seat may know (the hidden cards dealt anew, or a
different next seed, change nothing) and the same view gives the same decision; the easy player
never bids above a garde. (How strong each level is: `python -m bench.arena tarot`.)"""

from __future__ import annotations

import random

import pytest

from games import fairness
from games import french_tarot as ft
from games.base import SeatSpec
from games.cards import Card, cards
from games.french_tarot import ai, hard
from games.search import seeded_rng
from tests.seeds import predict

SMALL_BUDGET = 150  # simulated plays: enough to exercise the search, quick enough for the suite


@pytest.fixture(autouse=True)
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "PLAY_BUDGET", SMALL_BUDGET)
    monkeypatch.setattr(hard, "BID_BUDGET", SMALL_BUDGET)


def new_deal(players: int, seed: int) -> ft.State:
    predict(seed)
    return ft.new(ft.Options(players=players, hands=1), [SeatSpec(-n) for n in range(1, players + 1)])


def hidden_places(state: ft.State, seat: int) -> list[list[Card]]:
    """The lists of cards `seat` cannot see: the other hands, the dog while unseen, the discard
    to anyone but the taker."""
    places = [state.hands[s] for s in range(state.size) if s != seat]
    if not state.dog_shown:
        places.append(state.dog)
    if seat != state.taker and state.discard:
        places.append(state.discard)
    return places


def rehide(state: ft.State, seat: int, rng: random.Random) -> ft.State:
    """A copy where every card `seat` cannot see is dealt anew among the same places (cards shown
    by a poignée or as a discarded trump stay where they are; the called
    king's holder, hidden too, follows its card), with another next seed."""
    twin = ft.from_dict(ft.to_dict(state))
    shown = {(c.suit, c.rank) for p in twin.poignees for c in cards(p["cards"])}
    shown |= {(c.suit, c.rank) for c in twin.discard if ft.is_trump(c)}  # a discarded trump is shown
    places = hidden_places(twin, seat)
    pool = [c for place in places for c in place if (c.suit, c.rank) not in shown]
    rng.shuffle(pool)
    for place in sorted(places, key=lambda p: p is not twin.discard):  # the discard first: its rule is tightest
        keep = [c for c in place if (c.suit, c.rank) in shown]
        fits = (lambda c: ft.discardable(c) and not ft.is_trump(c)) if place is twin.discard else (lambda c: True)
        for _ in range(len(place) - len(keep)):
            keep.append(pool.pop(next(i for i in range(len(pool) - 1, -1, -1) if fits(pool[i]))))
        place[:] = keep
    if twin.called is not None and not twin.partner_known:
        holder = next((s for s in range(twin.size) if any(ft.same(c, twin.called) for c in twin.hands[s])), None)
        twin.partner = holder if holder != twin.taker else None
    twin.fair = fairness.Dealer(fairness.fresh_seed(), twin.fair.nonce)
    return twin


def play_deal(state: ft.State, levels: list[str], check: bool, rng: random.Random) -> None:
    while not ft.is_over(state):
        player = ft.pending(state)[0]
        seat = state.players.index(player)
        action = ft.computer_action(state, player, levels[seat])
        legal_types = {a["type"] for a in ft.legal_actions(state, player)}
        assert action["type"] in legal_types
        if check and levels[seat] == "hard" and rng.random() < 0.25:
            assert ft.computer_action(state, player, "hard") == action, "the same view gave another decision"
            tw = rehide(state, seat, rng)
            assert ft.computer_action(tw, player, "hard") == action, \
                f"a hidden card changed the decision in the {state.phase}"
        ft.apply(state, player, action)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_level_plays_whole_deals_and_hard_reads_no_hidden_card(players: int) -> None:
    levels = [("hard", "normal", "easy")[seat % 3] for seat in range(players)]
    state = new_deal(players, 100 * players)
    play_deal(state, levels, check=True, rng=random.Random(players))
    assert ft.is_over(state)


def test_a_hard_taker_decides_its_discard_and_call_from_its_own_cards() -> None:
    rng = random.Random(5)
    for seed in range(40):
        state = new_deal(5, seed)
        while state.phase == "bidding":
            player = ft.pending(state)[0]
            ft.apply(state, player, ft.computer_action(state, player, "normal"))
        if state.phase not in ("calling", "discarding"):
            continue
        taker = state.players[state.taker]
        while state.phase in ("calling", "discarding"):
            action = ft.computer_action(state, taker, "hard")
            assert ft.computer_action(rehide(state, state.taker, rng), taker, "hard") == action
            ft.apply(state, taker, action)
        return
    pytest.fail("no deal of 40 reached a call")


def test_the_search_seed_ignores_what_the_seat_cannot_see() -> None:
    state = new_deal(4, 7)
    view = ft.view(state, state.players[0])
    other = ft.view(rehide(state, 0, random.Random(1)), state.players[0])
    assert view["commitments"] != other["commitments"] or view == other
    assert seeded_rng(view, "x").random() == seeded_rng(other, "x").random()


def test_the_easy_player_bids_at_most_a_garde_and_only_on_a_stronger_hand() -> None:
    strong = "21 0 1 20 19 18 16 14 12 10 7 3 KC QC KS 2S 5W 6W"
    middle = "21 0 17 15 13 9 8 6 4 KC QC 3C 4C 2S 5S 7W 8W 3P"  # a normal player's prise
    state = new_deal(4, 3)
    first = ft.pending(state)[0]
    seat = state.players.index(first)
    state.hands[seat] = cards(strong)
    assert ft.computer_action(state, first, "easy")["contract"] == "garde"
    state.hands[seat] = cards(middle)
    assert ai.choose_bid(state, seat) == "prise"
    assert ft.computer_action(state, first, "easy")["contract"] == "pass"


def test_a_hard_decision_is_the_same_wherever_the_state_is_rebuilt() -> None:
    """The runtime hands a hard decision to a worker as the state's dict: the rebuilt state
    decides the same."""
    state = new_deal(4, 11)
    for _ in range(12):
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player, "normal"))
    player = ft.pending(state)[0]
    assert ft.computer_action(ft.from_dict(ft.to_dict(state)), player, "hard") == \
        ft.computer_action(state, player, "hard")
