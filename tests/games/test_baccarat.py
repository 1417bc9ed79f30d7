"""Major Baccarat: the examples of rules/baccarat.md, the tableau, payouts, the window,
refusals and properties."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import baccarat as bc
from games import house
from games.base import Action, Event, IllegalAction, SeatSpec
from games.cards import cards, full_deck
from tests.games.house_helpers import PROPERTY, Ledger, play_checked

# --- helpers -------------------------------------------------------------------------------


def table(players: dict[int, int] | None = None, seed: int = 7, **options: Any) -> bc.State:
    players = players or {1: 1000}
    return bc.new(bc.Options(**options), [SeatSpec(p, s) for p, s in players.items()], seed)


def rig(state: bc.State, codes: str) -> None:
    state.shoe.cards = cards(codes) + state.shoe.cards


def event(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def refused(state: bc.State, player: int, action: Action) -> str:
    before = json.dumps(bc.to_dict(state), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        bc.apply(state, player, action)
    assert json.dumps(bc.to_dict(state), sort_keys=True) == before
    return error.value.reason


def bet(on: str, amount: int) -> Action:
    return {"type": "bet", "on": on, "amount": amount}


# --- values --------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "expected"), [
    ("AW", 1), ("2C", 2), ("9S", 9), ("10P", 0), ("JP", 0), ("NW", 0), ("QC", 0), ("KS", 0),
    ("0", 0), ("1", 1), ("5", 5), ("9", 9), ("10", 0), ("11", 1), ("15", 5), ("19", 9), ("20", 0),
    ("21", 1), ("7Sr", 7),
])
def test_card_values(code: str, expected: int) -> None:
    assert bc.value(cards(code)[0]) == expected


def test_example_counts_21_plus_10_and_0_plus_20_plus_10() -> None:
    assert bc.count(cards("21 10")) == 1
    assert bc.count(cards("0 20 10")) == 0


@pytest.mark.parametrize(("codes", "expected"), [
    ("9C 9S", 8), ("12 3W", 5), ("4Wr 4Cr", 8), ("KC QS", 0), ("7C 8C 9C", 4), ("19 19", 8), ("", 0),
])
def test_count(codes: str, expected: int) -> None:
    assert bc.count(cards(codes)) == expected


# --- the examples of rules/baccarat.md -----------------------------------------------------


def test_example_natural_8_loses_to_a_banker_holding_a_major() -> None:
    player, banker = bc.deal_coup(cards("9C 12 9S 3W 5P 6P"))
    assert player == cards("9C 9S") and banker == cards("12 3W")  # a natural: both stand
    assert (bc.count(player), bc.count(banker)) == (8, 5)
    assert bc.outcome(player, banker) == "banker"


def test_example_more_reversed_cards_win_equal_counts() -> None:
    player, banker = bc.deal_coup(cards("4Wr 4S 4Cr 4P 5P"))
    assert player == cards("4Wr 4Cr") and banker == cards("4S 4P")
    assert bc.outcome(player, banker) == "player"


def test_example_natural_through_a_coup() -> None:
    state = table({1: 1000, 2: 1000})
    rig(state, "9C 12 9S 3W")
    bc.apply(state, 1, bet("player", 100))
    events = bc.apply(state, 2, bet("banker", 100))
    assert event(events, "dealt").data == {"round": 1, "player_cards": ["9C", "9S"],
                                           "banker_cards": ["12", "3W"]}
    settled = event(events, "settled").data
    assert settled["winner"] == "banker" and (settled["player_count"], settled["banker_count"]) == (8, 5)
    assert settled["results"] == [
        {"player": 1, "on": "player", "amount": 100, "payout": 0, "net": -100},
        {"player": 2, "on": "banker", "amount": 100, "payout": 195, "net": 95}]
    assert settled["house"] == 5 and state.house_net == 5
    assert [s.stack for s in state.seats] == [900, 1095]


# --- outcome, table-driven -----------------------------------------------------------------


OUTCOMES = [
    ("9C 9S", "12 3W", "banker", "1 only the banker holds a major"),
    ("10 KC", "9C 9S", "player", "1 only the player holds a major, count 0 against 8"),
    ("9C KS", "8C KC", "player", "2 higher count"),
    ("2C 3C", "KC 7C", "banker", "2 higher count"),
    ("19 KC", "9 QS", "tie", "4 both majors, same count, same reversals"),
    ("19r KC", "9 QS", "player", "3 more reversed"),
    ("4Wr 4Cr", "4S 4P", "player", "3 more reversed"),
    ("4W 4C", "4Sr 4P", "banker", "3 more reversed"),
    ("4W 4C", "4S 4P", "tie", "4 tie"),
    ("5Wr 5C", "5Sr 5P", "tie", "4 tie, same reversals"),
]


@pytest.mark.parametrize(("player", "banker", "expected", "rule"), OUTCOMES)
def test_outcome_rules(player: str, banker: str, expected: str, rule: str) -> None:
    assert bc.outcome(cards(player), cards(banker)) == expected, rule


REASONS = [
    ("9C 9S", "12 3W", "Banker wins: it holds a major and the other hand does not"),
    ("9C KS", "8C KC", "Player wins, 9 v 8"),
    ("4Wr 4Cr", "4S 4P", "Player wins: 8 v 8, and it has more reversed cards (2 v 0)"),
    ("4W 4C", "4Sr 4P", "Banker wins: 8 v 8, and it has more reversed cards (1 v 0)"),
    ("5Wr 5C", "5Sr 5P", "A tie: 0 v 0, with as many reversed cards (1 each)"),
]


@pytest.mark.parametrize(("player", "banker", "said"), REASONS)
def test_the_reason_names_the_rule_that_decided(player: str, banker: str, said: str) -> None:
    assert bc.reason(cards(player), cards(banker)) == said


def test_the_settled_coup_carries_its_reason() -> None:
    state = table({1: 1000})
    rig(state, "9C 12 9S 3W")
    settled = event(bc.apply(state, 1, bet("player", 100)), "settled").data
    assert settled["reason"] == "Banker wins: it holds a major and the other hand does not"
    assert state.last_round is not None and state.last_round["reason"] == settled["reason"]


# --- the tableau ---------------------------------------------------------------------------

# Banker count -> the values of Player's third card on which the Banker draws.
BANKER_CHART = {0: "0123456789", 1: "0123456789", 2: "0123456789", 3: "012345679",
                4: "234567", 5: "4567", 6: "67", 7: ""}


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_draws_by_the_chart(banker: int, third: int) -> None:
    card = cards(f"{third}")[0]  # the majors 0-9 carry every value
    assert bc.banker_draws(banker, card) is (str(third) in BANKER_CHART[banker])


@pytest.mark.parametrize("banker", range(8))
def test_banker_after_player_stood_draws_on_0_to_5(banker: int) -> None:
    assert bc.banker_draws(banker, None) is (banker <= 5)


@pytest.mark.parametrize(("codes", "player", "banker"), [
    # Player 6 stands; Banker 5 draws.
    ("2C 3C 4C 2S 9P 9W", "2C 4C", "3C 2S 9P"),
    # Player 7 stands; Banker 6 stands.
    ("3C 3S 4C 3W 9P", "3C 4C", "3S 3W"),
    # Player 5 draws a 2; Banker 4 draws on 2.
    ("2C 2S 3C 2W 2P 9W", "2C 3C 2P", "2S 2W 9W"),
    # Player 5 draws an 8; Banker 3 stands on 8.
    ("2C AS 3C 2W 8P 9W", "2C 3C 8P", "AS 2W"),
    # Player 0 draws a 9 (a major counts mod 10: 19); Banker 3 draws.
    ("KC AS QC 2W 19 9W", "KC QC 19", "AS 2W 9W"),
    # Banker natural 9: Player does not draw.
    ("2C 4S 3C 5W 9P", "2C 3C", "4S 5W"),
    # Player 7 stands; Banker 7 stands.
    ("3C 3S 4C 4W 9P", "3C 4C", "3S 4W"),
    # Player 4 draws a 6; Banker 6 draws on 6.
    ("2C 2S 2W 4P 6C 9W", "2C 2W 6C", "2S 4P 9W"),
    # Player 4 draws a 5; Banker 6 stands.
    ("2C 2S 2W 4P 5C 9W", "2C 2W 5C", "2S 4P"),
])
def test_deal_coup_follows_the_tableau(codes: str, player: str, banker: str) -> None:
    assert bc.deal_coup(cards(codes)) == (cards(player), cards(banker))


def test_deal_coup_needs_enough_cards() -> None:
    with pytest.raises(ValueError):
        bc.deal_coup(cards("2C 2S 2W"))


# --- payouts -------------------------------------------------------------------------------


@pytest.mark.parametrize(("on", "amount", "winner", "commission", "paid"), [
    ("player", 100, "player", 5, 200),
    ("player", 100, "banker", 5, 0),
    ("banker", 100, "banker", 5, 195),
    ("banker", 10, "banker", 5, 20),   # 5% of 10 is 0.5: rounded down to 0
    ("banker", 30, "banker", 5, 59),   # 1.5 -> 1
    ("banker", 39, "banker", 5, 77),
    ("banker", 100, "banker", 0, 200),
    ("banker", 100, "player", 5, 0),
    ("tie", 100, "tie", 5, 900),
    ("tie", 100, "player", 5, 0),
    ("player", 100, "tie", 5, 100),
    ("banker", 100, "tie", 5, 100),
])
def test_payouts(on: str, amount: int, winner: str, commission: int, paid: int) -> None:
    assert bc.payout(on, amount, winner, commission) == paid


def test_a_tie_pays_8_to_1_and_returns_player_and_banker_bets() -> None:
    state = table({1: 1000, 2: 1000, 3: 1000})
    rig(state, "4W 4S 4C 4P")
    bc.apply(state, 1, bet("tie", 50))
    bc.apply(state, 2, bet("player", 50))
    events = bc.apply(state, 3, bet("banker", 50))
    assert event(events, "settled").data["winner"] == "tie"
    assert [r["payout"] for r in event(events, "settled").data["results"]] == [450, 50, 50]
    assert [s.stack for s in state.seats] == [1400, 1000, 1000]
    assert state.house_net == -400


def test_no_commission_table() -> None:
    state = table({1: 1000}, commission=0)
    rig(state, "9C 12 9S 3W")
    bc.apply(state, 1, bet("banker", 100))
    assert state.seats[0].stack == 1100


# --- the window and seats ------------------------------------------------------------------


def test_new_opens_round_one() -> None:
    state = table({1: 100, 2: 100})
    assert (state.round, state.phase, bc.pending(state)) == (1, "betting", [1, 2])
    assert bc.default_action(state, 1) == {"type": "pass"}
    assert not bc.is_over(state) and bc.chips_on_table(state) == 200


def test_a_coup_is_dealt_when_everyone_has_bet_or_passed() -> None:
    state = table({1: 100, 2: 100})
    assert bc.apply(state, 1, bet("player", 10)) == [Event("bet", {"player": 1, "on": "player",
                                                                   "amount": 10})]
    assert state.round == 1 and bc.pending(state) == [2]
    events = bc.apply(state, 2, {"type": "pass"})
    assert [e.kind for e in events] == ["pass", "dealt", "settled", "round_open"]
    assert state.round == 2 and bc.pending(state) == [1, 2]
    assert state.last_round is not None and state.last_round["round"] == 1


def test_all_passing_opens_a_new_window_without_a_coup() -> None:
    state = table({1: 100, 2: 100})
    bc.apply(state, 1, {"type": "pass"})
    events = bc.apply(state, 2, {"type": "pass"})
    assert events == [Event("pass", {"player": 2}), Event("round_open", {"round": 2})]
    assert state.road == [] and len(state.shoe.cards) == 156


def test_bet_refusals() -> None:
    state = table({1: 40, 2: 1000})
    assert refused(state, 1, bet("player", 50)) == "you have 40 chips, the bet is 50"
    assert refused(state, 1, bet("player", 5)) == "the minimum bet is 10"
    assert refused(state, 2, bet("banker", 501)) == "the maximum bet is 500"
    assert refused(state, 2, bet("banker", 10**30)) == "the maximum bet is 500"
    assert refused(state, 2, bet("banker", 0)) == "the bet must be more than zero"
    assert refused(state, 2, bet("banker", -3)) == "the bet must be more than zero"
    assert refused(state, 2, bet("banker", "ten")).startswith("the bet must be a whole number")
    assert refused(state, 2, bet("dragon", 10)) == "bet on player, banker or tie"
    assert refused(state, 2, {"type": "bet", "amount": 10}) == "bet on player, banker or tie"
    assert refused(state, 9, bet("tie", 10)) == "you are not seated at this table"
    assert refused(state, 2, {"type": "hit"}) == "baccarat has no action 'hit'"
    bc.apply(state, 2, bet("Banker", 10))
    assert state.seats[1].on == "banker"  # type: ignore[attr-defined]
    assert refused(state, 2, bet("tie", 10)) == "you have already bet this round"
    assert refused(state, 2, {"type": "pass"}) == "you have already bet this round"
    bc.apply(state, 1, {"type": "sitout"})
    assert state.round == 2  # the coup was dealt: 1 no longer waited on
    other = table({1: 100, 2: 100})
    bc.apply(other, 2, {"type": "pass"})
    assert refused(other, 2, bet("tie", 10)) == "you passed this round; you can bet again in the next one"


def test_sitout_and_a_bet_sits_back_in() -> None:
    state = table({1: 100, 2: 100})
    bc.apply(state, 1, {"type": "sitout"})
    assert bc.pending(state) == [2]
    bc.apply(state, 1, bet("tie", 10))
    assert not state.seats[0].sitting_out and bc.pending(state) == [2]


def test_join_and_leave() -> None:
    state = table({1: 100})
    assert bc.apply(state, 2, {"type": "join", "stack": 250}) == [
        Event("joined", {"player": 2, "stack": 250})]
    assert bc.pending(state) == [1, 2]
    assert refused(state, 2, {"type": "join", "stack": 5}) == "you are already seated at this table"
    bc.apply(state, 2, bet("player", 20))
    assert bc.apply(state, 2, {"type": "leave"}) == [Event("leaving", {"player": 2})]
    events = bc.apply(state, 1, {"type": "pass"})
    cashout = event(events, "cashout").data
    assert cashout["player"] == 2 and cashout["amount"] in (230, 250, 270)
    assert [s.player for s in state.seats] == [1]
    events = bc.apply(state, 1, {"type": "leave"})
    assert events == [Event("left", {"player": 1}), Event("cashout", {"player": 1, "amount": 100})]


def test_table_is_full_at_ten() -> None:
    state = table({p: 100 for p in range(1, 11)})
    assert refused(state, 11, {"type": "join", "stack": 100}) == "the table is full (10 seats)"


def test_legal_actions() -> None:
    state = table({1: 100, 2: 5})
    assert bc.legal_actions(state, 1) == [
        {"type": "bet", "on": "player", "min": 10, "max": 100},
        {"type": "bet", "on": "banker", "min": 10, "max": 100},
        {"type": "bet", "on": "tie", "min": 10, "max": 100},
        {"type": "pass"}, {"type": "leave"}, {"type": "sitout"}]
    assert bc.legal_actions(state, 2) == [{"type": "pass"}, {"type": "leave"}, {"type": "sitout"}]
    assert bc.legal_actions(state, 3) == [{"type": "join"}]


def test_options_are_validated() -> None:
    with pytest.raises(IllegalAction, match="commission must be 5 or 0"):
        table(commission=3)
    with pytest.raises(IllegalAction, match="min_bet must be a whole number"):
        table(min_bet=0)
    with pytest.raises(IllegalAction, match="a table seats 1 to 10 players"):
        bc.new(bc.Options(), [SeatSpec(p, 10) for p in range(11)], 1)
    assert (bc.NAME, bc.MIN_SEATS, bc.MAX_SEATS, bc.CHIPS, bc.HOUSE, bc.JOIN_MID_GAME) == (
        "baccarat", 1, 10, True, True, True)


# --- the view and the road -----------------------------------------------------------------


def test_view_shape_and_last_round() -> None:
    state = table({1: 1000})
    seen = bc.view(state)
    assert seen == {
        "game": "baccarat", "phase": "betting", "round": 1, "min_bet": 10, "max_bet": 500,
        "commission": 5, "shoe_remaining": 156, "player_cards": [], "banker_cards": [],
        "player_count": None, "banker_count": None, "winner": None, "reason": None,
        "seats": [{"player": 1, "stack": 1000, "bet": None, "passed": False, "sitting_out": False,
                   "leaving": False, "payout": None}],
        "road": [], "last_round": None}
    rig(state, "9C 12 9S 3W")
    bc.apply(state, 1, bet("banker", 100))
    last = bc.view(state, 1)["last_round"]
    assert last["phase"] == "settled" and last["round"] == 1 and last["winner"] == "banker"
    assert (last["player_cards"], last["banker_cards"]) == (["9C", "9S"], ["12", "3W"])
    assert (last["player_count"], last["banker_count"]) == (8, 5)
    assert last["seats"][0]["bet"] == {"on": "banker", "amount": 100}
    assert last["seats"][0]["payout"] == 195 and last["seats"][0]["stack"] == 1095
    assert last["road"] == ["banker"] and last["last_round"] is None
    assert json.dumps(bc.view(state, None))


def test_the_road_keeps_the_last_20_outcomes() -> None:
    state = table({1: 10**6})
    winners = []
    for _ in range(25):
        events = bc.apply(state, 1, bet("player", 10))
        winners.append(event(events, "settled").data["winner"])
    assert state.road == winners[-20:]
    assert bc.view(state)["road"] == winners[-20:]


def test_a_one_deck_shoe_reshuffles() -> None:
    state = table({1: 10**6}, decks=1, seed=5)
    shuffles = []
    for _ in range(40):
        events = bc.apply(state, 1, bet("tie", 10))
        shuffles += [e for e in events if e.kind == "shuffle"]
        assert len(state.shoe.cards) >= 20 - 6
    assert shuffles and state.shoe.shuffles == 1 + len(shuffles)


def test_round_trip() -> None:
    state = table({1: 1000, 2: 1000})
    bc.apply(state, 1, bet("tie", 10))
    bc.apply(state, 2, {"type": "pass"})
    bc.apply(state, 2, bet("player", 30))
    data = json.loads(json.dumps(bc.to_dict(state)))
    assert bc.from_dict(data) == state
    assert bc.to_dict(bc.from_dict(data)) == data


# --- properties ----------------------------------------------------------------------------

PLAYERS = list(range(1, 13))
SEAT_MOVES = {"join", "leave", "sitout", "sitin"}


def fill(action: Action, rng: random.Random) -> Action:
    if action["type"] == "bet":
        return {"type": "bet", "on": action["on"], "amount": rng.randint(action["min"], action["max"])}
    if action["type"] == "join":
        return {"type": "join", "stack": rng.choice([5, 50, 200, 1000])}
    return action


def random_move(state: bc.State, rng: random.Random, seat_moves: float) -> tuple[int, Action] | None:
    pending = bc.pending(state)
    player = rng.choice(pending) if pending and rng.random() > seat_moves else rng.choice(PLAYERS)
    choices = bc.legal_actions(state, player)
    if rng.random() > seat_moves:
        choices = [a for a in choices if a["type"] not in SEAT_MOVES] or choices
    return (player, fill(rng.choice(choices), rng)) if choices else None


def face_check(state: bc.State) -> None:
    counts = Counter(house.face_key(c) for c in state.shoe.cards)
    assert max(counts.values(), default=0) <= state.options.decks
    rest = house.discards(state.shoe, [])
    assert len(state.shoe.cards) + len(rest) == state.options.decks * 78
    assert Counter(house.face_key(c) for c in state.shoe.cards + rest) == Counter(
        house.face_key(c) for c in full_deck() * state.options.decks)




@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), decks=st.integers(1, 4),
       commission=st.sampled_from([0, 5]),
       stacks=st.lists(st.sampled_from([0, 15, 100, 2000]), min_size=1, max_size=10))
def test_random_play_conserves_chips_and_cards_and_round_trips(
        seed: int, moves: int, decks: int, commission: int, stacks: list[int]) -> None:
    rng = random.Random(moves)
    state = table({i + 1: s for i, s in enumerate(stacks)}, seed=seed, decks=decks,
                  commission=commission)

    def check(state: bc.State) -> None:
        face_check(state)
        assert len(state.road) <= 20

    play_checked(bc, state, rng, random_move, check)


@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), players=st.integers(1, 10),
       decks=st.integers(1, 4))
def test_random_legal_play_always_progresses(seed: int, moves: int, players: int, decks: int) -> None:
    rng = random.Random(moves)
    state = table({p: 10**7 for p in range(1, players + 1)}, seed=seed, decks=decks)
    for expected_round in range(2, 40):
        for _ in range(players):
            pending = bc.pending(state)
            assert pending, "the game waits on nobody"
            player = rng.choice(pending)
            actions = [a for a in bc.legal_actions(state, player) if a["type"] not in SEAT_MOVES]
            bc.apply(state, player, fill(rng.choice(actions), rng))
        assert state.round == expected_round


JUNK_TYPES = ["bet", "pass", "join", "leave", "sitout", "sitin", "hit", ""]
JUNK_VALUES: list[Any] = [None, 0, -5, 5, 10, 40, 500, 501, 10**12, "20", "abc", 2.5, True, [],
                          "player", "banker", "tie", "TIE", "dragon"]


def junk(rng: random.Random) -> Action:
    action: Action = {"type": rng.choice(JUNK_TYPES)}
    for key in ("amount", "stack", "on"):
        if rng.random() < 0.6:
            action[key] = rng.choice(JUNK_VALUES)
    return action


@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_a_refused_move_never_changes_the_state(seed: int, moves: int) -> None:
    rng = random.Random(moves)
    state = table({1: 200, 2: 60, 3: 1000}, seed=seed)
    ledger = Ledger(state)
    refusals = 0
    for _ in range(300):
        player = rng.choice(PLAYERS)
        before = json.dumps(bc.to_dict(state), sort_keys=True)
        try:
            ledger.record(bc.apply(state, player, junk(rng)))
        except IllegalAction as error:
            refusals += 1
            assert error.reason
            assert json.dumps(bc.to_dict(state), sort_keys=True) == before
        ledger.check(state)
        face_check(state)
    assert refusals > 0


def test_ending_refunds_stacks_and_open_bets() -> None:
    state = table({1: 100, 2: 300})
    bc.apply(state, 2, bet("tie", 50))
    assert bc.refunds(state) == {1: 100, 2: 300}
    assert sum(bc.refunds(state).values()) == bc.chips_on_table(state)


def test_runtime_helpers_players_buy_in_and_step_key() -> None:
    state = table({1: 100, 2: 100})
    assert bc.players(state) == [1, 2]
    assert bc.buy_in_range(bc.Options(min_bet=5, max_bet=50)) == (5, 5000)
    assert bc.step_key(state) == "r1-bet"
    bc.apply(state, 1, bet("tie", 10))
    assert bc.step_key(state) == "r1-bet"
    bc.apply(state, 2, {"type": "pass"})
    assert bc.step_key(state) == "r2-bet"
