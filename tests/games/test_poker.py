"""Major Poker, the game: blinds and the button, no-limit betting (minimum raise, all-in for
less), side pots, split pots, uncalled bets, the streets, the draw, orientation, joining,
leaving and busting, refusals, views and properties (chips and cards conserved, round trips,
random play always goes on)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import fairness, poker
from games.base import Event, IllegalAction, SeatSpec
from games.cards import Card, cards
from tests.seeds import predict, predicted

# --- helpers -------------------------------------------------------------------------------


def table(*stacks: int, seed: int = 1, **options: Any) -> poker.State:
    """Players 1, 2, 3 ... with these stacks; the first hand is dealt, player 1 has the button."""
    predict(seed)
    return poker.new(poker.Options(timer=0, **options), [SeatSpec(i + 1, s) for i, s in enumerate(stacks)])


def order(state: poker.State) -> list[int]:
    assert state.hand is not None
    return [b.player for b in state.hand.betting.bettors]


def to_act(state: poker.State) -> int:
    pending = poker.pending(state)
    assert len(pending) == 1
    return pending[0]


def act(state: poker.State, player: int, kind: str, amount: int | None = None) -> list[Event]:
    action: dict[str, Any] = {"type": kind}
    if amount is not None:
        action["amount"] = amount
    return poker.apply(state, player, action)


def refused(state: poker.State, player: int, action: dict[str, Any]) -> str:
    before = json.dumps(poker.to_dict(state), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        poker.apply(state, player, action)
    assert json.dumps(poker.to_dict(state), sort_keys=True) == before
    return error.value.reason


def rig(state: poker.State, holes: dict[int, str], board: str = "", draws: str = "") -> None:
    """Give every player these hole cards and put `board` (hold'em: burn, flop, burn, turn,
    burn, river) or `draws` (the draw's replacements, in order) on top of the deck."""
    hand = state.hand
    assert hand is not None and set(holes) == set(order(state))
    wanted = {p: cards(c) for p, c in holes.items()}
    top = cards(board or draws)
    used = {c.face for cs in wanted.values() for c in cs} | {c.face for c in top}
    rest = [c for c in hand.deck + [c for h in hand.holes for c in h] if c.face not in used]
    hand.holes = [wanted[p] for p in order(state)]
    deck: list[Card] = []
    if board:
        laid = iter(top)
        for count in (3, 1, 1):
            deck.append(rest.pop(0))
            deck.extend(next(laid, None) or rest.pop(0) for _ in range(count))
    else:
        deck.extend(top)
    hand.deck = deck + rest


def seat_stacks(state: poker.State) -> dict[int, int]:
    return {s["player"]: s["stack"] for s in poker.view(state)["seats"]}


def events_of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def check_down(state: poker.State, hand_no: int) -> list[Event]:
    """Everyone checks (or calls) until hand `hand_no` is over."""
    events: list[Event] = []
    while state.hand_no == hand_no and poker.pending(state):
        player = to_act(state)
        legal = {a["type"] for a in poker.legal_actions(state, player)}
        events += act(state, player, "check" if "check" in legal else "call")
    return events


def all_cards(state: poker.State) -> list[Card]:
    hand = state.hand
    assert hand is not None
    return hand.deck + hand.board + hand.burned + hand.mucked + [c for h in hand.holes for c in h]


# --- options and seats ---------------------------------------------------------------------


def test_buy_in_range_is_in_big_blinds_and_seats_follow_the_format() -> None:
    options = poker.Options(big_blind=20, min_buy_in=10, max_buy_in=50)
    assert poker.buy_in_range(options) == (200, 1000)
    assert poker.seat_range(poker.Options(format="holdem")) == (2, 10)
    assert poker.seat_range(poker.Options(format="draw")) == (2, 8)


@pytest.mark.parametrize(("options", "says"), [
    ({"small_blind": 0}, "small_blind"), ({"small_blind": 10, "big_blind": 5}, "big_blind"),
    ({"min_buy_in": 50, "max_buy_in": 20}, "max_buy_in"), ({"format": "stud"}, "holdem or draw"),
    ({"orientation": "up"}, "best or manual"), ({"timer": 9999}, "timer"), ({"style": "x"}, "style"),
])
def test_bad_options_are_refused_by_name(options: dict[str, Any], says: str) -> None:
    with pytest.raises(IllegalAction) as error:
        poker.Options(**options).validate()
    assert says in error.value.reason


def test_a_draw_table_seats_at_most_eight() -> None:
    with pytest.raises(IllegalAction, match="2 to 8"):
        table(*[100] * 9, format="draw")
    assert len(table(*[100] * 10).seats) == 10


# --- blinds, the button, the order -----------------------------------------------------------


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop() -> None:
    state = table(1000, 1000)
    assert state.hand is not None and state.hand.betting.bettors[-1].player == 1  # the button
    stacks = seat_stacks(state)
    assert stacks == {1: 995, 2: 990}
    assert to_act(state) == 1
    act(state, 1, "call")
    act(state, 2, "check")
    assert state.hand.street == "flop" and to_act(state) == 2  # the big blind first after the flop


def test_three_handed_blinds_left_of_the_button_and_the_button_acts_first() -> None:
    state = table(1000, 1000, 1000)
    assert order(state) == [2, 3, 1]
    assert seat_stacks(state) == {1: 1000, 2: 995, 3: 990}
    assert to_act(state) == 1
    roles = {s["player"]: s["roles"] for s in poker.view(state)["seats"]}
    assert roles == {1: ["D"], 2: ["SB"], 3: ["BB"]}


def test_the_big_blind_has_the_option_when_everyone_limps() -> None:
    state = table(1000, 1000, 1000)
    act(state, 1, "call")
    act(state, 2, "call")
    assert to_act(state) == 3
    assert {"check", "raise"} <= {a["type"] for a in poker.legal_actions(state, 3)}


def test_the_button_moves_one_seat_each_hand() -> None:
    state = table(1000, 1000, 1000, 1000)
    buttons = []
    for _ in range(5):
        buttons.append(order(state)[-1])
        number = state.hand_no
        while state.hand_no == number:
            act(state, to_act(state), "fold")
    assert buttons == [1, 2, 3, 4, 1]


def test_the_button_skips_a_seat_that_has_left() -> None:
    state = table(1000, 1000, 1000, 1000)
    poker.apply(state, 2, {"type": "leave"})  # player 2 (small blind) folds and goes
    while state.hand_no == 1:
        act(state, to_act(state), "fold")
    assert order(state)[-1] == 3


# --- the minimum raise and all-in for less ---------------------------------------------------


def test_the_minimum_raise_is_the_last_raise_and_at_least_the_big_blind() -> None:
    state = table(1000, 1000, 1000)
    assert "minimum raise is to 20" in refused(state, 1, {"type": "raise", "amount": 15})
    act(state, 1, "raise", 30)  # a raise of 20
    assert "minimum raise is to 50" in refused(state, 2, {"type": "raise", "amount": 45})
    act(state, 2, "raise", 50)
    legal = {a["type"]: a for a in poker.legal_actions(state, 3)}
    assert legal["raise"]["min"] == 70 and legal["call"]["amount"] == 40
    act(state, 3, "raise", 200)  # a raise of 150
    assert {a["type"]: a for a in poker.legal_actions(state, 1)}["raise"]["min"] == 350


def test_a_bet_is_at_least_the_big_blind_unless_all_in() -> None:
    state = table(1000, 1000)
    act(state, 1, "call")
    act(state, 2, "check")
    assert "minimum bet is 10" in refused(state, 2, {"type": "bet", "amount": 5})
    act(state, 2, "bet", 10)
    assert {a["type"]: a for a in poker.legal_actions(state, 1)}["raise"]["min"] == 20


def test_an_all_in_for_less_than_a_raise_does_not_reopen_the_betting() -> None:
    state = table(1000, 1000, 130)  # order: 2 (SB), 3 (BB, short), 1 (button)
    act(state, 1, "raise", 100)
    act(state, 2, "call")
    events = act(state, 3, "allin")  # to 130: 30 more, less than the last raise of 90
    assert events_of(events, "action")[0].data["move"] == "allin"
    legal = {a["type"] for a in poker.legal_actions(state, 1)}
    assert legal == {"fold", "call", "leave", "sitout"}
    reason = refused(state, 1, {"type": "raise", "amount": 300})
    assert "did not reopen" in reason
    assert "did not reopen" in refused(state, 1, {"type": "allin"})
    act(state, 1, "call")
    act(state, 2, "call")
    assert state.hand.street == "flop"


def test_after_a_short_all_in_a_player_yet_to_act_may_raise_a_full_raise_above_it() -> None:
    state = table(1000, 1000, 1000, 130)  # order: 2, 3, 4, 1; player 4 first
    act(state, 4, "allin")  # to 130 from a bet of 10: a full raise of 120
    act(state, 1, "call")
    act(state, 2, "raise", 300)  # a full raise of 170
    act(state, 3, "allin")  # to 1000
    assert {a["type"] for a in poker.legal_actions(state, 1)} >= {"call", "allin"}


def test_a_short_all_in_reraise_lets_the_players_who_have_not_acted_raise() -> None:
    state = table(1000, 1000, 1000, 150)  # order: 2 (SB), 3 (BB), 4, 1 (button)
    act(state, 4, "raise", 100)
    act(state, 1, "allin")  # 1000: a full raise
    act(state, 2, "fold")
    state2 = table(1000, 1000, 1000, 1000, 150)  # order: 2, 3, 4, 5 (short), 1
    act(state2, 4, "raise", 100)
    act(state2, 5, "allin")  # to 150: short of a full raise (90)
    legal = {a["type"]: a for a in poker.legal_actions(state2, 1)}
    assert legal["raise"]["min"] == 240  # 150 + the last full raise of 90
    act(state2, 1, "call")
    act(state2, 2, "fold")
    act(state2, 3, "fold")
    assert "did not reopen" in refused(state2, 4, {"type": "raise", "amount": 400})


# --- pots ----------------------------------------------------------------------------------


def test_ordinary_betting_with_nobody_all_in_shows_one_pot() -> None:
    state = table(1000, 1000, 1000)  # order: 2 (SB), 3 (BB), 1 (button)
    act(state, 1, "raise", 100)  # 2 and 3 have not called yet: still one pot
    assert poker.view(state)["pots"] == [{"amount": 115, "eligible": [2, 3, 1]}]
    act(state, 2, "call")
    assert [p["amount"] for p in poker.view(state)["pots"]] == [210]


def test_a_side_pot_appears_once_someone_is_all_in() -> None:
    state = table(1000, 1000, 60)  # order: 2 (SB), 3 (BB, short), 1 (button)
    act(state, 1, "raise", 200)
    act(state, 2, "call")
    act(state, 3, "allin")  # 60: the main pot is capped at 60 a player
    pots = poker.view(state)["pots"]
    assert [(p["amount"], p["eligible"]) for p in pots] == [(180, [2, 3, 1]), (280, [2, 1])]


def test_three_all_ins_of_different_sizes_make_side_pots() -> None:
    state = table(1000, 100, 250, 400)  # order: 2 (SB), 3 (BB), 4, 1
    rig(state, {2: "21r 11r", 3: "20r 10r", 4: "19r 9r", 1: "18 8W"}, board="2W 3C 5S KP NCr")
    act(state, 4, "allin")
    act(state, 1, "call")
    act(state, 2, "allin")
    events = act(state, 3, "allin")
    settled = events_of(events, "settled")[0].data
    assert [p["amount"] for p in settled["pots"]] == [400, 450, 300]
    assert [p["winners"] for p in settled["pots"]] == [[2], [3], [4]]
    won = {r["player"]: r["won"] for r in settled["results"]}
    assert won == {2: 400, 3: 450, 4: 300, 1: 0}
    assert seat_stacks(state) == {1: 600, 2: 400, 3: 450 - 5, 4: 300 - 10}  # hand 2's blinds: 3 and 4
    assert state.last_round is not None
    assert [h["category"] for h in state.last_round["hands"]] == ["one pair"] * 4


def test_a_fold_after_an_all_in_leaves_the_folders_chips_in_the_pots() -> None:
    state = table(1000, 1000, 1000, 100)  # order: 2, 3, 4 (short), 1
    rig(state, {2: "KW QC", 3: "3W 7C", 4: "21r 11r", 1: "20r 10r"}, board="2S 5P 9W 13 JSr")
    act(state, 4, "allin")
    act(state, 1, "call")
    act(state, 2, "fold")
    act(state, 3, "call")
    act(state, 3, "bet", 200)  # the flop: a side pot between 3 and 1
    events = act(state, 1, "call")
    events += act(state, 3, "check")
    events += act(state, 1, "bet", 300)
    events += act(state, 3, "fold")
    pots = events_of(events, "settled")[0].data["pots"]
    assert [(p["amount"], p["winners"]) for p in pots] == [(305, [4]), (400, [1])]
    results = {r["player"]: r["net"] for r in events_of(events, "settled")[0].data["results"]}
    assert results == {2: -5, 3: -300, 4: 205, 1: 100}
    assert any(e.kind == "uncalled" and e.data == {"player": 1, "amount": 300} for e in events)


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    state = table(1000, 1000, 1000)  # order: 2 (SB), 3 (BB), 1 (button)
    rig(state, {2: "KW KC", 3: "2W 3C", 1: "4S 3P"}, board="10r 9r 8r 7r 6r")
    act(state, 1, "call")
    act(state, 2, "fold")
    events = check_down(state, 1)
    pot = events_of(events, "settled")[0].data["pots"]
    assert pot == [{"amount": 25, "eligible": [3, 1], "winners": [3, 1],
                    "reason": "a tie: both a straight flush to the ten",
                    "reason_text": {"msgid": "a tie: both {hand}", "plural": None, "count": 1, "params": {
                        "hand": {"msgid": "a straight flush to the {rank}", "plural": None, "count": 1,
                                 "params": {"rank": {"msgid": "ten", "plural": None, "count": 1, "params": {}}}}}}}]
    won = {r["player"]: r["won"] for r in events_of(events, "settled")[0].data["results"]}
    assert won == {2: 0, 3: 13, 1: 12}


def test_an_uncalled_all_in_comes_back() -> None:
    state = table(1000, 300)
    rig(state, {2: "2W 3C", 1: "KW KC"}, board="5S 7P 9W JS QSr")
    act(state, 1, "allin")
    events = act(state, 2, "call")
    assert {"player": 1, "amount": 700} in [e.data for e in events_of(events, "uncalled")]
    assert events_of(events, "settled")[0].data["pots"][0]["amount"] == 600


def test_when_everyone_folds_the_bettor_takes_the_pot_and_the_rest_of_the_bet_comes_back() -> None:
    state = table(1000, 1000, 1000)
    act(state, 1, "raise", 40)
    act(state, 2, "fold")
    events = act(state, 3, "fold")
    assert [e.data for e in events_of(events, "uncalled")] == [{"player": 1, "amount": 30}]
    results = {r["player"]: r["net"] for r in events_of(events, "settled")[0].data["results"]}
    assert results == {1: 15, 2: -5, 3: -10}
    assert not events_of(events, "showdown") and state.last_round["phase"] == "won"
    assert all(not s["cards"] for s in state.last_round["seats"])  # nothing shown


# --- the streets and the showdown ----------------------------------------------------------


def test_a_holdem_hand_deals_flop_turn_river_after_a_burn_each() -> None:
    state = table(1000, 1000)
    rig(state, {2: "2W 3C", 1: "KW KC"}, board="5S 7P 9Wr JS QSr")
    deck = list(state.hand.deck)
    act(state, 1, "call")
    events = act(state, 2, "check")
    assert events_of(events, "street")[0].data == {"street": "flop", "cards": ["5S", "7P", "9Wr"]}
    assert state.hand.burned == [deck[0]]
    act(state, 2, "check")
    act(state, 1, "check")
    assert poker.view(state)["board"] == ["5S", "7P", "9Wr", "JS"]
    assert state.hand.board == [deck[1], deck[2], deck[3], deck[5]]  # as they lay in the deck


def test_the_showdown_names_each_hand_and_the_best_hand_wins() -> None:
    state = table(1000, 1000)
    rig(state, {2: "6W 6S", 1: "2 4"}, board="13 KC 8P 7 19r")
    events = check_down(state, 1)
    hands = {h["player"]: h for h in events_of(events, "showdown")[0].data["hands"]}
    assert hands[2]["category"] == "one pair"
    assert hands[1]["category"] == "high card"
    assert hands[2]["won"] == 20 and len(hands[2]["best"]) == 5


def test_the_showdown_names_the_deciding_cards() -> None:
    state = table(1000, 1000)
    rig(state, {2: "KW KC", 1: "10W 10C"}, board="KS 10S 3P 7W 18")
    events = check_down(state, 1)
    pot = events_of(events, "settled")[0].data["pots"][0]
    assert pot["winners"] == [2] and pot["reason"] == "three kings beat three tens"


def test_the_showdown_names_the_kicker() -> None:
    state = table(1000, 1000)
    rig(state, {2: "AW 2C", 1: "KW 3C"}, board="6S 6P 9W JS 18")
    check_down(state, 1)
    assert state.last_round is not None
    assert state.last_round["pots"][0]["reason"] == (  # hole cards turned for the best hand
        "both a pair of sixes: the reversed ace kicker beats the reversed king")


def test_best_orientation_turns_the_hole_cards_at_showdown() -> None:
    state = table(1000, 1000)
    rig(state, {2: "6W KC", 1: "2S 3C"}, board="6C 6S 2Pr 9W 13r")
    check_down(state, 1)
    shown = {s["player"]: s["cards"] for s in state.last_round["seats"]}
    assert shown[2] == ["6W", "KCr"]  # the six stays upright: three upright sixes
    assert shown[1] == ["2Sr", "3Cr"]


def test_a_hand_where_betting_is_over_runs_the_board_out_in_one_move() -> None:
    state = table(500, 500)
    act(state, 1, "allin")
    events = act(state, 2, "call")
    assert [e.data["street"] for e in events_of(events, "street")] == ["flop", "turn", "river"]
    assert events_of(events, "showdown") and events_of(events, "settled")


# --- orientation ---------------------------------------------------------------------------


def test_manual_players_turn_their_own_cards_and_show_them_as_set() -> None:
    state = table(1000, 1000, orientation="manual")
    rig(state, {2: "6W KC", 1: "2S 3C"}, board="6C 6S 2Pr 9W 13r")
    events = poker.apply(state, 1, {"type": "turn", "card": "2S"})
    assert events[0].data == {"player": 1, "card": 0, "now": "2Sr"}
    poker.apply(state, 1, {"type": "turn", "card": 1})
    poker.apply(state, 1, {"type": "turn", "card": "3Cr"})  # turned back: the face is what names it
    check_down(state, 1)
    shown = {s["player"]: s["cards"] for s in state.last_round["seats"]}
    assert shown == {2: ["6W", "KC"], 1: ["2Sr", "3C"]}


def test_turning_is_refused_at_best_tables_for_folded_hands_and_cards_not_held() -> None:
    state = table(1000, 1000)
    assert "orientation: best" in refused(state, 1, {"type": "turn", "card": 0})
    manual = table(1000, 1000, 1000, orientation="manual")
    rig(manual, {2: "6W KC", 3: "4W 4C", 1: "2S 3C"})
    assert "not in your hand" in refused(manual, 1, {"type": "turn", "card": "KC"})
    assert "no card 5" in refused(manual, 1, {"type": "turn", "card": 5})
    act(manual, 1, "fold")
    assert "folded" in refused(manual, 1, {"type": "turn", "card": 0})


def test_hole_cards_are_dealt_upright_and_the_board_keeps_the_deck_orientation() -> None:
    state = table(1000, 1000, seed=4)
    assert all(not c.reversed for h in state.hand.holes for c in h)
    act(state, 1, "call")
    top = state.hand.deck[1:4]
    act(state, 2, "check")
    assert state.hand.board == top
    rng_deck = [c for c in state.hand.deck + state.hand.board + state.hand.burned]
    assert any(c.reversed for c in rng_deck), "half the deck is turned"


# --- the draw ------------------------------------------------------------------------------


def test_five_card_draw_bets_draws_and_bets_again() -> None:
    state = table(1000, 1000, 1000, format="draw")
    assert [len(h) for h in state.hand.holes] == [5, 5, 5]
    rig(state, {2: "2W 5C 7S 9P JW", 3: "KW KC 3S 4P 8W", 1: "21 11 1 AC 4C"}, draws="AS AP 12 14 16 18")
    act(state, 1, "call")
    act(state, 2, "call")
    act(state, 3, "check")
    assert state.hand.street == "draw" and to_act(state) == 2
    assert "not your turn to draw" in refused(state, 1, {"type": "discard", "cards": ["4C"]})
    assert "not in your hand" in refused(state, 2, {"type": "discard", "cards": ["KS"]})
    assert "it is the draw" in refused(state, 2, {"type": "check"})
    poker.apply(state, 2, {"type": "discard", "cards": ["2W", "5C", "7S", "9P"]})
    assert state.hand.holes[0] == cards("AS AP 12 14 JW")
    poker.apply(state, 3, {"type": "discard", "cards": []})
    events = poker.apply(state, 1, {"type": "discard", "cards": ["4Cr"]})  # orientation ignored
    assert state.hand.holes[2] == cards("21 11 1 AC 16")
    assert events_of(events, "draw")[0].data["count"] == 1
    assert state.hand.street == "postdraw" and to_act(state) == 2
    events = check_down(state, 1)
    hands = {h["player"]: h["category"] for h in events_of(events, "showdown")[0].data["hands"]}
    assert hands == {2: "one pair", 3: "one pair", 1: "four of a kind"}


def test_the_draw_reshuffles_the_discards_when_the_deck_runs_out() -> None:
    state = table(*[1000] * 8, format="draw")
    while state.hand.street != "draw":
        player = to_act(state)
        act(state, player, "check" if any(a["type"] == "check" for a in poker.legal_actions(state, player)) else "call")
    while state.hand.street == "draw":
        player = to_act(state)
        hole = state.hand.holes[order(state).index(player)]
        poker.apply(state, player, {"type": "discard", "cards": [c.code for c in hole]})
    assert state.hand.reshuffles == 1
    faces = Counter(c.face for c in all_cards(state))
    assert len(faces) == 78 and set(faces.values()) == {1}


def test_the_timer_checks_when_free_folds_otherwise_and_keeps_every_card_at_the_draw() -> None:
    state = table(1000, 1000, 1000, format="draw")
    assert poker.default_action(state, 1) == {"type": "fold"}
    act(state, 1, "call")
    act(state, 2, "call")
    assert poker.default_action(state, 3) == {"type": "check"}
    act(state, 3, "check")
    assert poker.default_action(state, 2) == {"type": "discard", "cards": []}


# --- seats come and go ---------------------------------------------------------------------


def test_a_player_joining_mid_hand_is_dealt_in_at_the_next_hand() -> None:
    state = table(1000, 1000)
    events = poker.apply(state, 9, {"type": "join", "stack": 500})
    assert events[0].kind == "joined" and 9 in poker.players(state)
    assert 9 not in order(state)
    assert "not in this hand" in refused(state, 9, {"type": "check"})
    while state.hand_no == 1:
        act(state, to_act(state), "fold")
    assert 9 in order(state)


def test_leaving_folds_the_hand_and_cashes_out_the_stack_behind() -> None:
    state = table(1000, 1000, 1000)
    act(state, 1, "raise", 100)
    chips = poker.chips_on_table(state)
    events = poker.apply(state, 1, {"type": "leave"})
    cash = [e.data for e in events if e.kind == "cashout"]
    assert cash == [{"player": 1, "amount": 900}]
    assert poker.chips_on_table(state) == chips - 900
    assert 1 not in poker.players(state)
    assert to_act(state) == 2  # the raise stands: 100 to call


def test_leaving_when_it_is_your_turn_moves_the_turn_on() -> None:
    state = table(1000, 1000, 1000)
    poker.apply(state, 1, {"type": "leave"})
    assert to_act(state) == 2


def test_leaving_heads_up_gives_the_pot_to_the_other_player() -> None:
    state = table(1000, 1000)
    events = poker.apply(state, 2, {"type": "leave"})
    assert [e.data for e in events if e.kind == "cashout"] == [{"player": 2, "amount": 990}]
    assert poker.view(state)["phase"] == "waiting"
    assert seat_stacks(state) == {1: 1010}
    assert poker.refunds(state) == {1: 1010}


def test_a_busted_player_leaves_the_table_with_a_message() -> None:
    state = table(1000, 1000, 100)  # order: 2, 3 (short), 1
    rig(state, {2: "2W 3C", 3: "7S 9P", 1: "21r 11r"}, board="4S 5P KW 13 QS")
    act(state, 1, "raise", 200)
    act(state, 2, "fold")
    events = act(state, 3, "allin")
    assert [e.data for e in events_of(events, "busted")] == [{"player": 3}]
    assert {"player": 3, "amount": 0} in [e.data for e in events if e.kind == "cashout"]
    assert poker.players(state) == [1, 2]
    assert events[-2].kind == "round_open" or any(e.kind == "round_open" for e in events)


def test_a_waiting_table_deals_when_a_second_player_can_play() -> None:
    state = table(1000, 1000)
    poker.apply(state, 2, {"type": "leave"})
    assert state.hand is None and poker.pending(state) == []
    events = poker.apply(state, 3, {"type": "join", "stack": 400})
    assert [e.kind for e in events][:4] == ["joined", "round_open", "deal_committed", "dealt"]
    assert sorted(order(state)) == [1, 3]


def test_sitting_out_players_check_or_fold_and_are_not_dealt_in() -> None:
    state = table(1000, 1000, 1000)
    poker.apply(state, 2, {"type": "sitout"})
    act(state, 1, "call")  # player 2 (small blind) is away: folds to the bet
    assert state.hand.betting.find(2).folded and to_act(state) == 3
    act(state, 3, "check")
    assert to_act(state) == 3  # after the flop 2 has folded: 3 first
    while state.hand_no == 1:
        act(state, to_act(state), "fold")
    assert 2 not in order(state)
    poker.apply(state, 2, {"type": "sitin"})
    while state.hand_no == 2:
        act(state, to_act(state), "fold")
    assert 2 in order(state)


def test_sitting_out_when_it_is_your_turn_checks_for_you() -> None:
    state = table(1000, 1000)
    act(state, 1, "call")
    events = poker.apply(state, 2, {"type": "sitout"})
    assert [e.data["move"] for e in events_of(events, "action")] == ["check", "check"]  # preflop, flop
    assert state.hand.street == "flop" and to_act(state) == 1


# --- refusals ------------------------------------------------------------------------------


def test_refusals_say_what_was_wrong_and_change_nothing() -> None:
    state = table(1000, 1000, 1000)
    assert "not your turn: <@1> is to act" in refused(state, 2, {"type": "check"})
    assert "can't check: it is 10 to call" in refused(state, 1, {"type": "check"})
    assert "already a bet of 10" in refused(state, 1, {"type": "bet", "amount": 40})
    assert "minimum raise is to 20" in refused(state, 1, {"type": "raise", "amount": 12})
    assert "the most you can raise to is 1000" in refused(state, 1, {"type": "raise", "amount": 5000})
    assert "whole number" in refused(state, 1, {"type": "raise", "amount": "ten"})
    assert "more than zero" in refused(state, 1, {"type": "raise", "amount": -5})
    assert "not seated" in refused(state, 7, {"type": "call"})
    assert "no action 'dance'" in refused(state, 1, {"type": "dance"})
    assert "needs a type" in refused(state, 1, {})  # type: ignore[arg-type]
    assert "this is a hold'em table" in refused(state, 1, {"type": "discard", "cards": []})
    act(state, 1, "fold")
    assert "you have folded" in refused(state, 1, {"type": "call"})
    act(state, 2, "call")
    act(state, 3, "check")
    assert "nothing to call" in refused(state, 2, {"type": "call"})
    assert "you have 990 chips, the bet is 2000" in refused(state, 2, {"type": "bet", "amount": 2000})


def test_the_step_changes_on_every_move_so_a_button_of_an_earlier_street_is_stale() -> None:
    state = table(1000, 1000, 1000)
    steps = {poker.step_key(state)}
    for player, kind in [(1, "call"), (2, "call"), (3, "check"), (2, "check")]:
        act(state, player, kind)
        steps.add(poker.step_key(state))
    assert len(steps) == 5
    step = poker.step_key(state)
    refused(state, 1, {"type": "check"})
    assert poker.step_key(state) == step
    manual = table(1000, 1000, orientation="manual")
    step = poker.step_key(manual)
    poker.apply(manual, 2, {"type": "turn", "card": 0})  # turning a card is not a turn of play
    assert poker.step_key(manual) == step


# --- views ---------------------------------------------------------------------------------


def test_views_show_only_the_players_own_hole_cards() -> None:
    state = table(1000, 1000, 1000)
    spectator = poker.view(state)
    assert all(c is None for s in spectator["seats"] for c in s["cards"])
    assert all(len(s["cards"]) == 2 for s in spectator["seats"])
    mine = poker.view(state, 2)
    for seat in mine["seats"]:
        if seat["player"] == 2:
            assert seat["cards"] == [c.code for c in state.hand.holes[0]]
        else:
            assert seat["cards"] == [None, None]
    text = json.dumps(spectator)
    for hole in state.hand.holes:
        for c in hole:
            assert f'"{c.code}"' not in text


def test_history_shows_own_cards_and_shown_cards_with_the_seed() -> None:
    state = table(1000, 1000, 1000, seed=42)
    rig(state, {2: "2W 3C", 3: "7S 9P", 1: "21r 11r"}, board="4S 5P KW 13 QS")
    act(state, 1, "call")
    act(state, 2, "fold")
    check_down(state, 1)
    record = poker.history(state, 2)[-1]
    assert record["deals"] == [{"label": "hand 1", "commitment": fairness.commitment(predicted(42, 1)), "seed": predicted(42, 1)}]
    assert record["hand"] == 1
    assert record["cards"][0] == "You: 2W 3C"  # their own folded cards
    assert any(line.startswith("<@1>: 21r 11r") for line in record["cards"])  # shown down
    assert any(line.startswith("<@3>: 7Sr 9Pr") for line in record["cards"])  # turned at showdown
    assert "Board: 4S 5P KW 13 QS" in record["cards"]
    assert record["result"] == "-5 chips"  # the small blind
    seen_by_3 = poker.history(state, 3)[-1]
    assert not any("2W" in line or "3C" in line for line in seen_by_3["cards"] + seen_by_3["actions"])
    assert any("<@1> calls 10" in line for line in record["actions"])


def test_the_log_is_kept_written_and_read_back_as_texts_in_any_language() -> None:
    """Each line of the hand's log is written once, as its marked text (message id and
    parameters) in one string that a state write copies whole; /history makes it a text again
    in its reader's language. Lines kept marked as dicts (states stored before) and English
    lines (before the texts were marked) read as they were."""
    from bot.i18n import translated

    state = table(5000, 5000, seed=7)
    act(state, 1, "raise", 1000)
    log = poker.to_dict(state)["hand"]["log"]
    assert all(type(line) is str for line in log)
    raised = next(line for line in log if "raises to" in line)
    entry = {"log": [raised, json.loads(raised), "<@2> folds"]}
    written, marked, english = poker.history_log(entry)
    assert written == marked == "<@1> raises to 1000"
    assert english == "<@2> folds"
    assert translated(written, "fr") == "<@1> relance à 1\u202f000"


def test_round_trip_is_exact_mid_hand() -> None:
    state = table(1000, 700, 300, seed=9)
    act(state, 1, "raise", 50)
    act(state, 2, "call")
    data = json.loads(json.dumps(poker.to_dict(state)))
    assert poker.from_dict(data) == state


# --- properties ----------------------------------------------------------------------------


def random_move(state: poker.State, player: int, rng: random.Random) -> dict[str, Any]:
    legal = [a for a in poker.legal_actions(state, player) if a["type"] not in ("leave", "sitout", "sitin")]
    choice = dict(rng.choice(legal))
    if choice["type"] in ("bet", "raise"):
        return {"type": choice["type"], "amount": rng.randint(choice["min"], choice["max"])}
    if choice["type"] == "discard":
        hole = state.hand.holes[order(state).index(player)]
        return {"type": "discard", "cards": [c.code for c in rng.sample(hole, rng.randint(0, 5))]}
    if choice["type"] == "call":
        return {"type": "call"}
    if choice["type"] == "allin":
        return {"type": "allin"}
    return choice


def hidden_cards_safe(state: poker.State) -> bool:
    spectator = poker.view(state)
    return all(c is None for s in spectator["seats"] for c in s["cards"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(2, 10), st.sampled_from(["holdem", "draw"]),
       st.sampled_from(["best", "manual"]))
def test_random_play_conserves_chips_and_cards_and_always_goes_on(seed: int, seats: int, format_: str,
                                                                 orientation: str) -> None:
    rng = random.Random(seed)
    seats = min(seats, poker.FORMATS[format_])
    stacks = [rng.choice([15, 60, 200, 1000]) for _ in range(seats)]
    state = table(*stacks, seed=seed, format=format_, orientation=orientation)
    total, cashed = sum(stacks), 0
    for _ in range(400):
        pending = poker.pending(state)
        if not pending:
            assert state.hand is None and len([s for s in state.seats if s.stack > 0]) < 2
            break
        player = pending[0]
        if rng.random() < 0.02:
            action: dict[str, Any] = {"type": "leave"}
        elif orientation == "manual" and rng.random() < 0.1:
            action = {"type": "turn", "card": 0}
        else:
            action = random_move(state, player, rng)
        events = poker.apply(state, player, action)
        cashed += sum(e.data["amount"] for e in events if e.kind == "cashout")
        assert poker.chips_on_table(state) + cashed == total
        assert sum(poker.refunds(state).values()) == poker.chips_on_table(state)
        assert hidden_cards_safe(state)
        if state.hand is not None:
            faces = Counter(c.face for c in all_cards(state))
            assert len(faces) == 78 and set(faces.values()) == {1}
        assert poker.from_dict(json.loads(json.dumps(poker.to_dict(state)))) == state
        for event in events:
            json.dumps(event.data)
