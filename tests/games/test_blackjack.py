"""Major Blackjack: the examples of rules/blackjack.md, the round, the refusals, properties."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import blackjack as bj
from games import house
from games.base import Action, Event, IllegalAction, SeatSpec
from games.cards import cards, full_deck
from tests.games.house_helpers import PROPERTY, Ledger, play_checked
from tests.seeds import predict

# --- helpers -------------------------------------------------------------------------------


def table(players: dict[int, int] | None = None, seed: int = 7, **options: Any) -> bj.State:
    players = players or {1: 1000}
    predict(seed)
    return bj.new(bj.Options(**options), [SeatSpec(p, s) for p, s in players.items()])


def rig(state: bj.State, codes: str) -> None:
    """Put these cards on top of the shoe: dealer up, hole, one per bettor, then the draws."""
    state.shoe.cards = cards(codes) + state.shoe.cards


def dealt(codes: str, bets: dict[int, int], stack: int = 1000, **options: Any) -> tuple[bj.State, list[Event]]:
    state = table({p: stack for p in bets}, **options)
    rig(state, codes)
    events: list[Event] = []
    for player, amount in bets.items():
        events += bj.apply(state, player, {"type": "bet", "amount": amount})
    return state, events


def event(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def settled(events: list[Event]) -> list[dict[str, Any]]:
    return event(events, "settled").data["results"]


def hand(state: bj.State, player: int, index: int = 0) -> bj.Hand:
    seat = house.find_seat(state, player)
    assert isinstance(seat, bj.Seat)
    return seat.hands[index]


def refused(state: bj.State, player: int, action: Action) -> str:
    before = json.dumps(bj.to_dict(state), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        bj.apply(state, player, action)
    assert json.dumps(bj.to_dict(state), sort_keys=True) == before
    return error.value.reason


# --- values --------------------------------------------------------------------------------


@pytest.mark.parametrize(("codes", "expected"), [
    ("2W 10C", 12), ("JP NW", 20), ("QS KC", 20), ("AW 9C", 20), ("AW AC", 12), ("AW AC 9S", 21),
    ("AW KC 5S", 16), ("1", 1), ("1 10", 11), ("21", 21), ("21 0", 21), ("21 1", 22), ("0", 0),
    ("13 AW", 14), ("20 AW", 21), ("20 AW AC", 22), ("5Wr 6Cr", 11), ("", 0),
])
def test_total(codes: str, expected: int) -> None:
    assert bj.total(cards(codes)) == expected


@pytest.mark.parametrize(("codes", "expected"), [
    ("21", True), ("21r", True), ("AW KC", True), ("AW 10S", True), ("10 11", True), ("0 21", True),
    ("AW", False), ("20 1", True), ("AW 5C 5S", False), ("1 KC", False), ("20", False),
    ("10W 5C 6S", False), ("QS KC", False),
])
def test_is_blackjack(codes: str, expected: bool) -> None:
    assert bj.is_blackjack(cards(codes)) is expected


# --- the examples of rules/blackjack.md ----------------------------------------------------


def test_example_world_as_first_card_is_a_blackjack_paid_3_to_2() -> None:
    state, events = dealt("10W 7C 21", {1: 20})
    assert state.last_round["seats"][0]["hands"][0]["status"] == "blackjack"  # type: ignore[index]
    [result] = settled(events)
    assert result["result"] == "blackjack" and result["payout"] == 50
    assert state.seats[0].stack == 1030


def test_example_world_against_a_dealer_blackjack_rules_3_to_6_decide() -> None:
    # Both hold majors and 21: more reversed cards decide. The player's World is reversed.
    _, events = dealt("10 11 21", {1: 20})
    assert settled(events)[0]["result"] == "blackjack"
    _, events = dealt("10r 11 21", {1: 20})
    assert settled(events)[0]["result"] == "push" and settled(events)[0]["payout"] == 20
    _, events = dealt("10r 11r 21", {1: 20})
    assert settled(events)[0]["result"] == "loss" and settled(events)[0]["payout"] == 0


def test_example_dealer_showing_the_world_needs_the_fool() -> None:
    world = cards("21")
    for hole in full_deck():
        busts = bj.total(world + [hole]) > 21
        assert busts == (hole.rank != 0 or not hole.is_major), hole
    state, _ = dealt("21 0 5C", {1: 20})
    events = bj.apply(state, 1, {"type": "stand"})
    assert event(events, "dealer").data == {"round": 1, "cards": ["21", "0"], "total": 21}
    state, _ = dealt("21 AW 5C", {1: 20})
    events = bj.apply(state, 1, {"type": "stand"})
    assert event(events, "dealer").data["total"] == 22
    assert settled(events)[0]["result"] == "win"


def test_example_player_18_with_a_major_beats_dealer_20_without() -> None:
    assert bj.outcome(cards("18"), cards("KC QS")) == 1
    assert bj.outcome(cards("10 8C"), cards("KC QS")) == 1


def test_example_more_reversed_cards_win_equal_totals() -> None:
    assert bj.outcome(cards("4Sr 4Cr"), cards("4W 4P")) == 1


def test_example_total_decides_before_reversals() -> None:
    assert bj.outcome(cards("4Sr 5C"), cards("4Wr 4Pr")) == 1


def test_example_player_bust_loses_even_when_the_dealer_busts() -> None:
    assert bj.outcome(cards("KC QS 5W"), cards("KS 6C 9W")) == -1


# --- settlement, table-driven --------------------------------------------------------------


SETTLEMENT = [
    # player, dealer, expected, the rule that decides
    ("KC QS 5W", "KS 6C 9W", -1, "1 player bust"),
    ("KC QS 5W", "KS 9W", -1, "1 player bust"),
    ("21 5C", "10C 7W", -1, "1 player bust with a major"),
    ("5C", "KS 6C 9W", 1, "2 dealer bust"),
    ("2C", "15 7C", 1, "2 dealer bust with a major"),
    ("12", "KC QS", 1, "3 only the player holds a major"),
    ("KC QS", "2 15", -1, "3 only the dealer holds a major"),
    ("AW KC", "3 14", -1, "3 a minor blackjack loses to a dealer major"),
    ("AW KC", "10S 9C", 1, "4 higher total"),
    ("10S 7C", "10C 8W", -1, "4 lower total"),
    ("20", "18", 1, "4 higher total, both majors"),
    ("4Sr 4Cr", "4W 4P", 1, "5 more reversed"),
    ("4S 4C", "4Wr 4P", -1, "5 fewer reversed"),
    ("9 8Cr", "17r", 0, "6 push: same total and reversals"),
    ("10S 7C", "10C 7W", 0, "6 push"),
    ("21r", "10r 11", 0, "6 push between two blackjacks"),
]


@pytest.mark.parametrize(("player", "dealer", "expected", "rule"), SETTLEMENT)
def test_settlement_rules(player: str, dealer: str, expected: int, rule: str) -> None:
    assert bj.outcome(cards(player), cards(dealer)) == expected, rule


REASONS = [
    ("KC QS 5W", "KS 6C 9W", "bust with 25"),
    ("5C", "KS 6C 9W", "the dealer busts with 25"),
    ("12", "KC QS", "holds a major, the dealer does not"),
    ("KC QS", "2 15", "the dealer holds a major, this hand does not"),
    ("10S 7C", "10C 8W", "17 v 18"),
    ("9 10Cr", "19", "19 v 19: this hand has more reversed cards (1 v 0)"),
    ("4S 4C", "4Wr 4P", "8 v 8: the dealer has more reversed cards (0 v 1)"),
    ("10S 7C", "10C 7W", "17 v 17, as many reversed cards"),
]


@pytest.mark.parametrize(("player", "dealer", "said"), REASONS)
def test_the_reason_names_the_rule_that_decided(player: str, dealer: str, said: str) -> None:
    assert bj.reason(cards(player), cards(dealer)) == said


def test_a_settled_hand_shows_its_reason_on_the_table() -> None:
    state, _ = dealt("KC 8W 19 ", {1: 20})  # dealer KC 8W = 18 without a major; the player 19
    bj.apply(state, 1, {"type": "stand"})
    shown = bj.view(state)["last_round"]["seats"][0]["hands"][0]
    assert shown["result"] == "win" and shown["reason"] == "holds a major, the dealer does not"


@pytest.mark.parametrize(("bet", "result", "paid"), [
    (20, "win", 40), (20, "blackjack", 50), (15, "blackjack", 37), (11, "blackjack", 27),
    (20, "push", 20), (20, "loss", 0),
])
def test_payouts(bet: int, result: str, paid: int) -> None:
    assert bj.payout(bet, result) == paid


def test_blackjack_paid_3_to_2_rounded_down_through_a_round() -> None:
    state, events = dealt("10W 7C 21", {1: 15})
    assert settled(events)[0]["payout"] == 37
    assert state.seats[0].stack == 1000 - 15 + 37
    assert event(events, "settled").data["house"] == -22
    assert state.house_net == -22


# --- the round -----------------------------------------------------------------------------


def test_new_opens_round_one_betting() -> None:
    state = table({1: 100, 2: 100})
    assert (state.round, state.phase) == (1, "betting")
    assert bj.pending(state) == [1, 2]
    assert bj.default_action(state, 1) == {"type": "pass"}
    assert not bj.is_over(state)
    assert bj.chips_on_table(state) == 200


def test_deal_order_dealer_up_hole_then_one_card_per_player() -> None:
    state, events = dealt("10W 9C 5S 6S", {1: 10, 2: 10})
    assert state.dealer == cards("10W 9C")
    assert hand(state, 1).cards == cards("5Sr") and hand(state, 2).cards == cards("6Sr")
    assert event(events, "dealt").data == {
        "round": 1, "dealer": ["10W", None],
        "players": [{"player": 1, "cards": ["5Sr"]}, {"player": 2, "cards": ["6Sr"]}]}
    assert bj.pending(state) == [1]
    assert bj.default_action(state, 1) == {"type": "stand"}


def test_house_cards_keep_deck_orientation_player_cards_are_placed_reversed() -> None:
    state, _ = dealt("10Wr 9C 5S 6C", {1: 10})
    assert state.dealer == cards("10Wr 9C")
    assert hand(state, 1).cards == cards("5Sr")
    bj.apply(state, 1, {"type": "hit"})
    assert hand(state, 1).cards == cards("5Sr 6Cr")


def test_players_play_in_seat_order_and_the_dealer_settles_in_the_same_apply() -> None:
    state, _ = dealt("10W 6C 5S 6S 9C", {1: 10, 2: 10})
    reason = refused(state, 2, {"type": "hit"})
    assert reason == "it is not your turn: <@1> is playing"
    bj.apply(state, 1, {"type": "stand"})
    assert bj.pending(state) == [2]
    events = bj.apply(state, 2, {"type": "stand"})
    # dealer 16 draws the 9C: 25, busts; both standing hands win.
    assert [e.kind for e in events] == ["stand", "dealer", "settled", "round_open"]
    assert event(events, "dealer").data["cards"] == ["10W", "6C", "9C"]
    assert [r["result"] for r in settled(events)] == ["win", "win"]
    assert state.round == 2 and state.phase == "betting"
    assert state.last_round is not None and state.last_round["phase"] == "settled"
    assert bj.view(state)["last_round"]["dealer"]["total"] == 25


def test_stand_on_one_card() -> None:
    state, _ = dealt("10W 6C 9S KC", {1: 10})
    assert {"type": "stand"} in bj.legal_actions(state, 1)
    events = bj.apply(state, 1, {"type": "stand"})
    assert event(events, "dealer").data["cards"] == ["10W", "6C", "KC"]
    assert settled(events)[0]["result"] == "win"
    assert state.last_round["seats"][0]["hands"][0]["cards"] == ["9Sr"]  # type: ignore[index]


def test_dealer_stands_on_soft_17_and_draws_on_16() -> None:
    state, events = dealt("AW 6C 5S", {1: 10})
    events = bj.apply(state, 1, {"type": "stand"})
    assert event(events, "dealer").data["cards"] == ["AW", "6C"]
    state, events = dealt("AW 5C 5S 2P", {1: 10})
    events = bj.apply(state, 1, {"type": "stand"})
    assert event(events, "dealer").data["cards"] == ["AW", "5C", "2P"]


def test_a_hand_over_21_busts_at_once() -> None:
    state, _ = dealt("10W 7C 15 8C KC", {1: 10, 2: 10})
    events = bj.apply(state, 1, {"type": "hit"})
    assert hand(state, 1).status == "bust"
    assert event(events, "hit").data["status"] == "bust"
    assert bj.pending(state) == [2]


def test_a_hand_reaching_21_stands_automatically() -> None:
    state, _ = dealt("10W 7C 5S 6C 6W 10C", {1: 10, 2: 10})
    bj.apply(state, 1, {"type": "hit"})
    assert hand(state, 1).status == "playing"  # 11
    bj.apply(state, 1, {"type": "hit"})
    assert hand(state, 1).status == "stood"  # 21 with three cards
    assert bj.pending(state) == [2]


def test_21_with_two_cards_is_a_blackjack() -> None:
    state, _ = dealt("10W 7C AS KC", {1: 10})
    events = bj.apply(state, 1, {"type": "hit"})
    assert state.last_round["seats"][0]["hands"][0]["status"] == "blackjack"  # type: ignore[index]
    assert settled(events)[0]["result"] == "blackjack" and settled(events)[0]["payout"] == 25


def test_double_takes_one_card_and_stands() -> None:
    state, _ = dealt("10W 7C 5S 6C 9C", {1: 10}, stack=100)
    assert refused(state, 1, {"type": "double"}) == "you can only double on a two-card hand"
    bj.apply(state, 1, {"type": "hit"})
    events = bj.apply(state, 1, {"type": "double"})
    assert event(events, "double").data["card"] == "9Cr"
    assert event(events, "settled").data["results"][0] == {
        "player": 1, "hand": 0, "bet": 20, "result": "win", "payout": 40, "net": 20, "reason": "20 v 17"}
    assert state.seats[0].stack == 120


def test_double_needs_the_chips() -> None:
    state, _ = dealt("10W 7C 5S 6C", {1: 10}, stack=15)
    bj.apply(state, 1, {"type": "hit"})
    assert refused(state, 1, {"type": "double"}) == "you have 5 chips, doubling needs 10 more"
    assert {"type": "double"} not in bj.legal_actions(state, 1)


def test_double_into_a_bust() -> None:
    state, events = dealt("10W 7C 9S 6C KC", {1: 10})
    bj.apply(state, 1, {"type": "hit"})
    events = bj.apply(state, 1, {"type": "double"})
    assert event(events, "double").data["status"] == "bust"
    assert settled(events)[0]["payout"] == 0


def test_split_makes_two_fresh_one_card_hands() -> None:
    state, _ = dealt("10W 7C 8S 8C", {1: 10}, stack=100)
    bj.apply(state, 1, {"type": "hit"})
    assert {"type": "split"} in bj.legal_actions(state, 1)
    events = bj.apply(state, 1, {"type": "split"})
    assert event(events, "split").data == {"player": 1, "hand": 0}
    seat = state.seats[0]
    assert isinstance(seat, bj.Seat)
    assert [h.cards for h in seat.hands] == [cards("8Sr"), cards("8Cr")]
    assert [h.bet for h in seat.hands] == [10, 10] and seat.stack == 80
    assert bj.view(state)["turn"] == {"player": 1, "hand": 0}


def test_a_split_21_is_not_a_blackjack() -> None:
    # 10S + KC split; hand 0 draws an AW: 21 with two cards after a split.
    state, _ = dealt("10W 7C 10S KC AW 5C", {1: 10}, stack=100)
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "split"})
    bj.apply(state, 1, {"type": "hit"})
    assert hand(state, 1, 0).status == "stood"
    bj.apply(state, 1, {"type": "hit"})  # hand 1: KC + 5C = 15
    events = bj.apply(state, 1, {"type": "stand"})
    assert [r["result"] for r in settled(events)] == ["win", "loss"]
    assert [r["payout"] for r in settled(events)] == [20, 0]


def test_split_needs_same_value_cards() -> None:
    state, _ = dealt("10W 7C 10 KC", {1: 10})
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "split"})  # the major 10 and a king are both 10
    state, _ = dealt("10W 7C 1 AC", {1: 10})
    bj.apply(state, 1, {"type": "hit"})
    assert refused(state, 1, {"type": "split"}) == "you can only split two cards of the same value"
    state, _ = dealt("10W 7C 5C 6C", {1: 10})
    assert refused(state, 1, {"type": "split"}) == "you can only split a two-card hand"


@pytest.mark.parametrize(("a", "b", "same"), [
    ("8S", "8C", True), ("KC", "JP", True), ("10S", "QW", True), ("10", "KC", True),
    ("AW", "AC", True), ("1", "AW", False), ("11", "AW", False), ("11", "JP", False),
    ("12", "12", True), ("9", "9S", True), ("5C", "6C", False),
])
def test_split_values(a: str, b: str, same: bool) -> None:
    first, second = cards(f"{a} {b}")
    assert (bj.split_value(first) == bj.split_value(second)) is same


def test_no_resplit_of_aces_and_at_most_four_hands() -> None:
    state, _ = dealt("10W 7C AW AC AS", {1: 10}, stack=1000)
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "split"})
    bj.apply(state, 1, {"type": "hit"})
    assert refused(state, 1, {"type": "split"}) == "aces cannot be split again"
    state, _ = dealt("10W 7C 8S 8C 8W 8P 8S 8C", {1: 10}, stack=1000)
    bj.apply(state, 1, {"type": "hit"})
    for _ in range(3):
        bj.apply(state, 1, {"type": "split"})
        bj.apply(state, 1, {"type": "hit"})
    assert len(state.seats[0].hands) == 4  # type: ignore[attr-defined]
    assert refused(state, 1, {"type": "split"}) == "you cannot play more than 4 hands"


def test_split_needs_the_chips() -> None:
    state, _ = dealt("10W 7C 8S 8C", {1: 10}, stack=15)
    bj.apply(state, 1, {"type": "hit"})
    assert refused(state, 1, {"type": "split"}) == "you have 5 chips, splitting needs 10 more"


# --- manual orientation --------------------------------------------------------------------


def test_manual_cards_arrive_upright_and_turn_until_the_hand_is_finished() -> None:
    state, _ = dealt("10W 8C 4S 4C", {1: 10}, orientation="manual")
    assert hand(state, 1).cards == cards("4S")
    assert {"type": "turn", "hand": 0, "card": 0} in bj.legal_actions(state, 1)
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "turn", "hand": 0, "card": 0})
    events = bj.apply(state, 1, {"type": "turn", "hand": 0, "card": 1})
    assert event(events, "turned").data == {"player": 1, "hand": 0, "card": 1, "now": "4Cr"}
    assert hand(state, 1).cards == cards("4Sr 4Cr")
    bj.apply(state, 1, {"type": "turn", "hand": 0, "card": 1})
    assert hand(state, 1).cards == cards("4Sr 4C")


@pytest.mark.parametrize(("turns", "result"), [(0, "push"), (1, "win"), (2, "win")])
def test_manual_turning_decides_equal_totals(turns: int, result: str) -> None:
    state, _ = dealt("10W 8C 10S 8Sr", {1: 10}, orientation="manual")
    bj.apply(state, 1, {"type": "hit"})
    assert hand(state, 1).cards == cards("10S 8S")  # the 8Sr is placed upright
    for position in range(turns):
        bj.apply(state, 1, {"type": "turn", "hand": 0, "card": position})
    events = bj.apply(state, 1, {"type": "stand"})
    assert settled(events)[0]["result"] == result


def test_manual_turn_refusals() -> None:
    state, _ = dealt("10W 8C 4S 4C 9S", {1: 10, 2: 10}, orientation="manual")
    assert refused(state, 1, {"type": "turn", "hand": 1, "card": 0}) == "there is no hand 1"
    assert refused(state, 1, {"type": "turn", "hand": 0, "card": 3}) == "there is no card 3"
    assert refused(state, 1, {"type": "turn", "hand": "0", "card": 0}) == "there is no hand '0'"
    bj.apply(state, 2, {"type": "turn", "hand": 0, "card": 0})  # not 2's turn: turning is fine
    bj.apply(state, 1, {"type": "stand"})
    reason = refused(state, 1, {"type": "turn", "hand": 0, "card": 0})
    assert reason == "that hand is finished: its cards are placed"
    best, _ = dealt("10W 8C 4S", {1: 10})
    assert refused(best, 1, {"type": "turn", "hand": 0, "card": 0}).startswith(
        "cards are placed reversed at this table")


# --- betting, seats, refusals --------------------------------------------------------------


def test_betting_window_refusals() -> None:
    state = table({1: 40, 2: 1000})
    assert refused(state, 1, {"type": "bet", "amount": 50}) == "you have 40 chips, the bet is 50"
    assert refused(state, 1, {"type": "bet", "amount": 5}) == "the minimum bet is 10"
    assert refused(state, 2, {"type": "bet", "amount": 501}) == "the maximum bet is 500"
    assert refused(state, 2, {"type": "bet", "amount": "x"}).startswith("the bet must be a whole number")
    assert refused(state, 2, {"type": "bet", "amount": -1}) == "the bet must be more than zero"
    assert refused(state, 2, {"type": "bet"}) == "the bet must be a whole number of chips"
    assert refused(state, 9, {"type": "bet", "amount": 10}) == "you are not seated at this table"
    assert refused(state, 1, {"type": "hit"}) == "the cards are not dealt yet: betting is open"
    assert refused(state, 1, {"type": "fly"}) == "blackjack has no action 'fly'"
    assert refused(state, 1, {"kind": "hit"}) == "an action needs a type"
    bj.apply(state, 1, {"type": "bet", "amount": 40})
    assert refused(state, 1, {"type": "bet", "amount": 10}) == "you have already bet this round"
    assert refused(state, 1, {"type": "pass"}) == "you have already bet this round"
    bj.apply(state, 2, {"type": "bet", "amount": 10})
    assert state.phase == "playing"
    assert refused(state, 2, {"type": "bet", "amount": 10}) == "betting is closed"
    assert refused(state, 2, {"type": "pass"}) == "betting is closed"


def test_playing_refusals() -> None:
    state, _ = dealt("10W 8C 4S 5S 6S", {1: 10, 2: 10, 3: 10})
    assert refused(state, 3, {"type": "stand"}) == "it is not your turn: <@1> is playing"
    other = table({1: 100, 2: 100})
    rig(other, "10W 8C 4S")
    bj.apply(other, 1, {"type": "bet", "amount": 10})
    bj.apply(other, 2, {"type": "pass"})
    assert refused(other, 2, {"type": "hit"}) == "you have no hand in this round"


def test_everyone_passing_opens_a_new_window() -> None:
    state = table({1: 100, 2: 100})
    bj.apply(state, 1, {"type": "pass"})
    events = bj.apply(state, 2, {"type": "pass"})
    assert events[-1] == Event("round_open", {"round": 2})
    assert state.phase == "betting" and bj.pending(state) == [1, 2]


def test_a_seat_that_cannot_cover_the_minimum_is_not_waited_on() -> None:
    state = table({1: 100, 2: 5})
    assert bj.pending(state) == [1]
    events = bj.apply(state, 1, {"type": "bet", "amount": 10})
    assert state.phase == "playing" and event(events, "dealt")


def test_sitout_is_not_waited_on_and_a_bet_sits_back_in() -> None:
    state = table({1: 100, 2: 100, 3: 100})
    bj.apply(state, 2, {"type": "sitout"})
    assert bj.pending(state) == [1, 3]
    assert refused(state, 2, {"type": "sitout"}) == "you are already sitting out"
    bj.apply(state, 2, {"type": "sitin"})
    assert refused(state, 2, {"type": "sitin"}) == "you are not sitting out"
    bj.apply(state, 2, {"type": "sitout"})
    bj.apply(state, 2, {"type": "bet", "amount": 10})
    assert not state.seats[1].sitting_out


def test_sitout_during_play_stands_the_seats_hands() -> None:
    state, _ = dealt("10W 8C 4S 5S", {1: 10, 2: 10})
    bj.apply(state, 1, {"type": "sitout"})
    assert hand(state, 1).status == "stood" and bj.pending(state) == [2]


def test_the_last_seat_sitting_out_ends_a_window_someone_passed() -> None:
    state = table({1: 100, 2: 100})
    bj.apply(state, 1, {"type": "pass"})
    events = bj.apply(state, 2, {"type": "sitout"})
    assert events[-1].kind == "round_open" and state.round == 2


def test_join_between_rounds_and_mid_round() -> None:
    state, _ = dealt("10W 8C 4S", {1: 10})
    events = bj.apply(state, 5, {"type": "join", "stack": 300})
    assert events == [Event("joined", {"player": 5, "stack": 300})]
    assert bj.pending(state) == [1]  # the newcomer waits for the next round
    assert refused(state, 5, {"type": "hit"}) == "you have no hand in this round"
    assert refused(state, 5, {"type": "join", "stack": 10}) == "you are already seated at this table"
    bj.apply(state, 1, {"type": "stand"})
    assert bj.pending(state) == [1, 5]


def test_join_refused_when_full() -> None:
    state = table({p: 100 for p in range(1, 8)})
    assert refused(state, 8, {"type": "join", "stack": 100}) == "the table is full (7 seats)"
    assert bj.legal_actions(state, 8) == []


def test_leave_with_nothing_in_play_cashes_out_at_once() -> None:
    state = table({1: 100, 2: 80})
    events = bj.apply(state, 2, {"type": "leave"})
    assert events == [Event("left", {"player": 2}), Event("cashout", {"player": 2, "amount": 80})]
    assert [s.player for s in state.seats] == [1]


def test_the_last_pending_player_leaving_deals_the_round() -> None:
    state = table({1: 100, 2: 80})
    rig(state, "10W 8C 4S")
    bj.apply(state, 1, {"type": "bet", "amount": 10})
    events = bj.apply(state, 2, {"type": "leave"})
    assert [e.kind for e in events][:3] == ["left", "cashout", "dealt"]


def test_leave_mid_round_stands_the_hands_and_cashes_out_at_settlement() -> None:
    state, _ = dealt("10W 7C 4S 5S", {1: 10, 2: 10}, stack=100)
    events = bj.apply(state, 1, {"type": "leave"})
    assert events == [Event("leaving", {"player": 1})]
    assert hand(state, 1).status == "stood" and bj.pending(state) == [2]
    assert refused(state, 1, {"type": "leave"}) == "you are already leaving at the end of this round"
    events = bj.apply(state, 2, {"type": "stand"})
    assert event(events, "cashout").data == {"player": 1, "amount": 90}
    assert [s.player for s in state.seats] == [2]
    assert [s["player"] for s in state.last_round["seats"]] == [1, 2]  # type: ignore[index]


def test_leave_after_betting_stands_the_hand_when_dealt() -> None:
    state = table({1: 100, 2: 100})
    rig(state, "10W 7C 4S 5S")
    bj.apply(state, 1, {"type": "bet", "amount": 10})
    bj.apply(state, 1, {"type": "leave"})
    assert bj.pending(state) == [2]
    bj.apply(state, 2, {"type": "bet", "amount": 10})
    assert hand(state, 1).status == "stood" and bj.pending(state) == [2]


def test_legal_actions() -> None:
    state = table({1: 100, 2: 1000})
    assert bj.legal_actions(state, 1) == [
        {"type": "bet", "min": 10, "max": 100}, {"type": "pass"}, {"type": "leave"}, {"type": "sitout"}]
    assert bj.legal_actions(state, 2)[0] == {"type": "bet", "min": 10, "max": 500}
    assert bj.legal_actions(state, 3) == [{"type": "join"}]
    state, _ = dealt("10W 7C 4S 5S", {1: 10, 2: 10})
    assert bj.legal_actions(state, 1) == [
        {"type": "hit"}, {"type": "stand"}, {"type": "leave"}, {"type": "sitout"}]
    assert bj.legal_actions(state, 2) == [{"type": "leave"}, {"type": "sitout"}]


def test_options_are_validated() -> None:
    with pytest.raises(IllegalAction, match="orientation must be best or manual"):
        table(orientation="sideways")
    with pytest.raises(IllegalAction, match="decks must be a whole number from 1 to 4"):
        table(decks=5)
    with pytest.raises(IllegalAction, match="max_bet must be a whole number from 10"):
        table(max_bet=5)
    with pytest.raises(IllegalAction, match="timer"):
        table(timer=-1)
    bj.Options(timer=0).validate()
    assert (bj.NAME, bj.MIN_SEATS, bj.MAX_SEATS, bj.CHIPS, bj.HOUSE, bj.JOIN_MID_GAME) == (
        "blackjack", 1, 7, True, True, True)


# --- the view ------------------------------------------------------------------------------


def test_view_hides_the_hole_card_and_the_shoe() -> None:
    state, _ = dealt("10W 7C 5S", {1: 10})
    for player in (None, 1, 2):
        seen = bj.view(state, player)
        assert seen["dealer"] == {"cards": ["10W", None], "total": 10}
        assert "7C" not in json.dumps(seen)
        assert seen["shoe_remaining"] == len(state.shoe.cards)
        assert "shoe" not in seen


def test_view_shape() -> None:
    state, _ = dealt("10W 7C 5S", {1: 10, 2: 10}, stack=100)
    seen = bj.view(state)
    json.dumps(seen)
    assert set(seen) >= {"game", "phase", "round", "min_bet", "max_bet", "orientation",
                         "shoe_remaining", "dealer", "seats", "turn", "last_round"}
    assert seen["game"] == "blackjack" and seen["phase"] == "playing" and seen["round"] == 1
    assert seen["turn"] == {"player": 1, "hand": 0}
    assert seen["seats"][0] == {
        "player": 1, "stack": 90, "bet": 10, "passed": False, "sitting_out": False, "leaving": False,
        "hands": [{"cards": ["5Sr"], "bet": 10, "total": 5, "status": "playing", "result": None,
                   "payout": None, "reason": None}]}
    betting = bj.view(table())
    assert betting["dealer"] == {"cards": [], "total": None} and betting["turn"] is None
    assert betting["last_round"] is None


def test_last_round_is_the_settled_view() -> None:
    state, _ = dealt("10W 7C 5S 4C 9C", {1: 10})
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "stand"})
    last = bj.view(state)["last_round"]
    assert last["phase"] == "settled" and last["round"] == 1 and last["last_round"] is None
    assert last["dealer"] == {"cards": ["10W", "7C"], "total": 17}
    assert last["seats"][0]["hands"][0] == {
        "cards": ["5Sr", "4Cr", "9Cr"], "bet": 10, "total": 18, "status": "stood",
        "result": "win", "payout": 20, "reason": "18 v 17"}
    assert last["turn"] is None


def test_round_trip_mid_round() -> None:
    state, _ = dealt("10W 7C 8S 5C 8C", {1: 10, 2: 10})
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "split"})
    data = json.loads(json.dumps(bj.to_dict(state)))
    assert bj.from_dict(data) == state
    assert bj.to_dict(bj.from_dict(data)) == data


def test_a_one_deck_shoe_reshuffles() -> None:
    state = table({1: 10**6}, seed=3, decks=1)
    rounds = 0
    while state.shoe.number < 2:
        bj.apply(state, 1, {"type": "bet", "amount": 10})
        while state.phase == "playing":
            bj.apply(state, 1, {"type": "stand"})
        rounds += 1
        assert rounds < 40
    assert state.shoe.number == 2 and len(state.shoe.cards) > 50


# --- properties ----------------------------------------------------------------------------

PLAYERS = list(range(1, 10))
SEAT_MOVES = {"join", "leave", "sitout", "sitin"}


def fill(action: Action, rng: random.Random) -> Action:
    if action["type"] == "bet":
        return {"type": "bet", "amount": rng.randint(action["min"], action["max"])}
    if action["type"] == "join":
        return {"type": "join", "stack": rng.choice([5, 50, 200, 1000])}
    return action


def random_move(state: bj.State, rng: random.Random, seat_moves: float) -> tuple[int, Action] | None:
    pending = bj.pending(state)
    if pending and rng.random() > seat_moves:
        player = rng.choice(pending)
    else:
        player = rng.choice(PLAYERS)
    choices = bj.legal_actions(state, player)
    if rng.random() > seat_moves:
        choices = [a for a in choices if a["type"] not in SEAT_MOVES] or choices
    if not choices:
        return None
    return player, fill(rng.choice(choices), rng)


def face_check(state: bj.State) -> None:
    """The shoe never holds more than `decks` copies of a face; shoe + table + discards is
    exactly decks x 78."""
    on_table = bj._table_cards(state)
    counts = Counter(house.face_key(c) for c in state.shoe.cards + on_table)
    assert max(counts.values()) <= state.options.decks
    assert max(Counter(house.face_key(c) for c in state.shoe.cards).values(), default=0) <= state.options.decks
    rest = house.discards(state.shoe, on_table)
    assert len(state.shoe.cards) + len(on_table) + len(rest) == state.options.decks * 78




@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), decks=st.integers(1, 4),
       manual=st.booleans(), stacks=st.lists(st.sampled_from([0, 15, 100, 2000]), min_size=1, max_size=7))
def test_random_play_conserves_chips_and_cards_and_round_trips(
        seed: int, moves: int, decks: int, manual: bool, stacks: list[int]) -> None:
    rng = random.Random(moves)
    state = table({i + 1: s for i, s in enumerate(stacks)}, seed=seed, decks=decks,
                  orientation="manual" if manual else "best")

    def check(state: bj.State) -> None:
        face_check(state)
        if state.phase == "playing":
            assert bj.view(state)["dealer"]["cards"][1] is None, "the hole card stays hidden"

    play_checked(bj, state, rng, random_move, check)


@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), players=st.integers(1, 7),
       decks=st.integers(1, 4))
def test_random_legal_play_always_progresses(seed: int, moves: int, players: int, decks: int) -> None:
    rng = random.Random(moves)
    state = table({p: 10**7 for p in range(1, players + 1)}, seed=seed, decks=decks)
    for expected_round in range(2, 12):
        for _ in range(200):
            pending = bj.pending(state)
            assert pending, "the game waits on nobody"
            player = rng.choice(pending)
            actions = [a for a in bj.legal_actions(state, player) if a["type"] not in SEAT_MOVES]
            assert actions, "a pending player has no move"
            bj.apply(state, player, fill(rng.choice(actions), rng))
            if state.round == expected_round:
                break
        assert state.round == expected_round


JUNK_TYPES = ["bet", "pass", "hit", "stand", "double", "split", "turn", "join", "leave", "sitout",
              "sitin", "fold", ""]
JUNK_VALUES: list[Any] = [None, 0, -5, 5, 10, 40, 500, 501, 10**12, "20", "abc", 2.5, True, [], "1"]


def junk(rng: random.Random) -> Action:
    action: Action = {"type": rng.choice(JUNK_TYPES)}
    for key in ("amount", "stack", "hand", "card", "on"):
        if rng.random() < 0.5:
            action[key] = rng.choice(JUNK_VALUES + [0, 1, 2])
    return action


@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), manual=st.booleans())
def test_a_refused_move_never_changes_the_state(seed: int, moves: int, manual: bool) -> None:
    rng = random.Random(moves)
    state = table({1: 200, 2: 60, 3: 1000}, seed=seed, orientation="manual" if manual else "best")
    ledger = Ledger(state)
    refusals = 0
    for _ in range(300):
        player = rng.choice(PLAYERS)
        action = junk(rng)
        before = json.dumps(bj.to_dict(state), sort_keys=True)
        try:
            ledger.record(bj.apply(state, player, action))
        except IllegalAction as error:
            refusals += 1
            assert error.reason
            assert json.dumps(bj.to_dict(state), sort_keys=True) == before
        ledger.check(state)
        face_check(state)
        if rng.random() < 0.5 and (move := random_move(state, rng, 0.05)):
            ledger.record(bj.apply(state, *move))
    assert refusals > 0


def test_an_empty_shoe_mid_round_gives_way_to_a_shoe_of_the_discards_revealed_at_settlement() -> None:
    state, _ = dealt("10W 7C 5S 4C", {1: 10, 2: 10}, decks=1)
    first = state.shoe.deal
    state.shoe.cards = []  # every other card is now a discard
    events = bj.apply(state, 1, {"type": "hit"})
    assert [e.kind for e in events][:3] == ["deal_committed", "shuffle", "hit"]
    assert "deal_revealed" not in {e.kind for e in events}  # the hole card came from shoe 1
    assert first.seed not in json.dumps(bj.view(state, 1))
    assert state.shoe.number == 2
    assert len(state.shoe.cards) == 78 - 5
    face_check(state)
    while state.phase == "playing":
        events = bj.apply(state, bj.pending(state)[0], {"type": "stand"})
    assert [e.data["seed"] for e in events if e.kind == "deal_revealed"] == [first.seed]
    assert state.history[-1]["deals"][0]["seed"] == first.seed


def test_ending_mid_round_refunds_stacks_and_bets() -> None:
    state, _ = dealt("10W 7C 8S 5C 8C", {1: 10, 2: 20}, stack=100)
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "split"})
    assert bj.refunds(state) == {1: 100, 2: 100}
    assert sum(bj.refunds(state).values()) == bj.chips_on_table(state)


def test_runtime_helpers_players_buy_in_and_step_key() -> None:
    state = table({1: 100, -2: 100})
    assert bj.players(state) == [1, -2]
    assert bj.buy_in_range(bj.Options()) == (10, 50_000)
    assert bj.step_key(state) == "r1-bet"
    bj.apply(state, 1, {"type": "bet", "amount": 10})
    assert bj.step_key(state) == "r1-bet"
    rig(state, "10W 7C 5S 6S 4C")
    bj.apply(state, -2, {"type": "bet", "amount": 10})
    assert bj.step_key(state) == "r1-1-h0-c1"
    bj.apply(state, 1, {"type": "hit"})
    assert bj.step_key(state) == "r1-1-h0-c2"
    bj.apply(state, 1, {"type": "stand"})
    assert bj.step_key(state) == "r1--2-h0-c1"
    bj.apply(state, -2, {"type": "leave"})
    assert bj.step_key(state) == "r2-bet" and bj.players(state) == [1]
