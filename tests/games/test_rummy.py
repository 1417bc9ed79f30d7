"""Tarot Rummy, the game: the deal, turns, the call, scoring of every ending (table-driven),
the dealer rule, dead hands, the game's end, the options, refusals, hidden cards, round trips
and the computer opponent."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rummy as R
from games.base import Action, Event, IllegalAction, SeatSpec
from games.cards import Card, cards, full_deck
from games.rummy import melds as rm
from tests.seeds import predict

A, B = 1, 2

# --- helpers -------------------------------------------------------------------------------------


def table(seed: int = 7, **options: Any) -> R.State:
    predict(seed)
    return R.new(R.Options(timer=0, **options), [SeatSpec(A), SeatSpec(B)])


def rig(state: R.State, mover: str, other: str, upcard: str = "KW", stock_top: str = "") -> R.State:
    """The player to move holds `mover`, the other `other`; `upcard` is the discard pile and
    the stock's next cards are `stock_top` (first drawn first); the rest of the deck follows."""
    hands = {state.turn: cards(mover), 1 - state.turn: cards(other)}
    for index, hand in hands.items():
        state.seats[index].hand = hand
    state.discard = cards(upcard)
    top = cards(stock_top)
    used = {c.face for c in [*hands[0], *hands[1], *state.discard, *top]}
    assert len(used) == 21 + len(top), "rigged cards must be distinct"
    state.stock = top + [c for c in full_deck() if c not in used]  # the top is the first
    return state


def mover(state: R.State) -> int:
    return state.seats[state.turn].player


def other(state: R.State) -> int:
    return state.seats[1 - state.turn].player


def refused(state: R.State, player: int, action: Action) -> str:
    before = json.dumps(R.to_dict(state), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        R.apply(state, player, action)
    assert json.dumps(R.to_dict(state), sort_keys=True) == before
    return error.value.reason


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def draw_and_call(state: R.State, call: str) -> list[Event]:
    player = mover(state)
    events = R.apply(state, player, {"type": "draw", "from": "stock"})
    return events + R.apply(state, player, {"type": "call", "card": call})


# --- the deal and the turn ---------------------------------------------------------------------


def test_the_deal_ten_each_an_upcard_and_the_non_dealer_first():
    state = table()
    assert [len(s.hand) for s in state.seats] == [10, 10]
    assert len(state.discard) == 1 and len(state.stock) == 57
    assert state.turn == 1 - state.dealer and state.phase == "draw"
    every = [c.face for s in state.seats for c in s.hand] + [c.face for c in state.discard + state.stock]
    assert sorted(every, key=str) == sorted(full_deck(), key=str)


def test_the_deal_follows_the_seed():
    assert R.to_dict(table(seed=3)) == R.to_dict(table(seed=3))
    assert R.to_dict(table(seed=3))["stock"] != R.to_dict(table(seed=4))["stock"]


def test_a_turn_is_a_draw_then_a_discard_and_play_alternates():
    state = rig(table(), "2W 3W 4W 9C 9S 0 1 KC QS 5P", "6C 7C 8C 2S 3S 4P 16 13 JC AP", "10P", "8P")
    first = mover(state)
    events = R.apply(state, first, {"type": "draw", "from": "stock"})
    assert event(events, "draw").data == {"player": first, "from": "stock", "card": None}
    assert cards("8P")[0] in state.seats[state.turn].hand and state.phase == "discard"
    R.apply(state, first, {"type": "discard", "card": "KC"})
    assert state.discard[-1] == cards("KC")[0] and mover(state) != first and state.phase == "draw"
    R.apply(state, mover(state), {"type": "draw", "from": "discard"})
    assert cards("KC")[0] in state.seats[state.turn].hand


def test_the_card_taken_from_the_discard_pile_cannot_go_straight_back():
    state = rig(table(), "2W 3W 4W 9C 9S 0 1 KC QS 5P", "6C 7C 8C 2S 3S 4P 16 13 JC AP", "10P")
    R.apply(state, mover(state), {"type": "draw", "from": "discard"})
    assert "took 10P from the discard pile" in refused(state, mover(state), {"type": "discard", "card": "10P"})


def test_cards_are_named_in_notation_or_by_name_whatever_their_orientation():
    state = rig(table(), "2W 3W 4W 9C 9S 0 1 KCr QS 5P", "6C 7C 8C 2S 3S 4P 16 13 JC AP")
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    R.apply(state, mover(state), {"type": "discard", "card": "king of cups"})
    assert state.discard[-1] == cards("KCr")[0]


# --- refusals ------------------------------------------------------------------------------------


def test_drawing_twice_is_refused():
    state = table()
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    assert "drawn already" in refused(state, mover(state), {"type": "draw", "from": "discard"})


def test_discarding_before_drawing_is_refused():
    state = table()
    code = state.seats[state.turn].hand[0].code
    assert "draw first" in refused(state, mover(state), {"type": "discard", "card": code})
    assert "draw first" in refused(state, mover(state), {"type": "call", "card": code})


def test_calling_over_the_limit_says_the_unmelded_value_and_the_limit():
    state = rig(table(), "2W 3W 4W 5C 5S 5P 0 12 20 9C", "6C 7C 8C 9S 9P 9W JC JS JP AP", "KW", "KS")
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    reason = refused(state, mover(state), {"type": "call", "card": "2W"})  # leaves 3W 4W 9C KS
    assert reason == "you can't call: after discarding 2W your unmelded cards are worth 26, and the call limit is 10"


def test_an_out_of_turn_move_is_refused():
    state = table()
    assert "not your turn" in refused(state, other(state), {"type": "draw", "from": "stock"})


@pytest.mark.parametrize("action, fragment", [
    ({"type": "discard", "card": "zz"}, "can't read 'zz'"),
    ({"type": "draw", "from": "deck"}, "stock or from the discard pile"),
    ({"type": "fly"}, "no move 'fly'"),
    ({"type": "choose", "melds": "basic", "call_limit": 5}, "already set"),
    ({"type": "column", "column": "letter"}, "no identification column"),
    ({"type": "answer", "choice": "Aleph"}, "no identification question"),
])
def test_bad_moves_are_refused_with_a_reason(action, fragment):
    state = table()
    if action["type"] == "discard":
        R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    assert fragment in refused(state, mover(state), action)


def test_melding_cards_not_in_hand_is_refused():
    state = rig(table(), "2W 3W 4W 9C 9S 0 1 KC QS 5P", "6C 7C 8C 2S 3S 4P 16 13 JC AP")
    reason = refused(state, mover(state), {"type": "meld", "cards": "6C 7C 8C"})
    assert reason == "6C (6 of Cups) is not in your hand"


def test_an_invalid_meld_is_refused_saying_why():
    state = rig(table(), "8C 14 6C 9C 9S 0 1 KC QS 5P", "6W 7C 8W 2S 3S 4P 16 13 JC AP")
    reason = refused(state, mover(state), {"type": "meld", "cards": "8C 14 6C"})
    assert reason.startswith("8C 14 6C is not a meld") and "XIV Temperance is the path between spheres 6 and 9" in reason
    assert "at least three" in refused(state, mover(state), {"type": "meld", "cards": "9C 9S"})
    assert "appears twice" in refused(state, mover(state), {"type": "meld", "cards": "9C 9S 9C"})


def test_a_meld_worse_than_the_best_is_not_kept():
    state = rig(table(), "2W 3W 4W 5W 6W 7W 8W 9C 9S KC", "6C 7C 8C 2S 3S 4P 16 13 JC AP")
    reason = refused(state, mover(state), {"type": "meld", "cards": "3W 4W 5W"})
    assert reason == "those melds would leave 30 unmelded where the best arrangement leaves 28, so they were not kept"


def test_melds_may_be_given_as_lists_of_codes():
    state = rig(table(), "2W 3W 4W 5W 6W 7W 9C 9S KC QS", "6C 7C 8C 2S 3S 4P 16 13 JC AP")
    R.apply(state, mover(state), {"type": "meld", "cards": ["2W", "3W", "4W"]})
    R.apply(state, mover(state), {"type": "meld", "melds": [["5W", "6W", "7W"]]})
    assert [[c.code for c in p] for p in state.seats[state.turn].pins] == [["2W", "3W", "4W"], ["5W", "6W", "7W"]]
    assert "name the cards" in refused(state, mover(state), {"type": "meld", "cards": 5})


def test_a_meld_as_good_as_the_best_is_kept_and_used():
    state = rig(table(), "2W 3W 4W 5W 6W 7W 9C 9S KC QS", "6C 7C 8C 2S 3S 4P 16 13 JC AP")
    R.apply(state, mover(state), {"type": "meld", "cards": "2W 3W 4W"})
    me = R.view(state, mover(state))["me"]
    assert [m["cards"] for m in me["melds"]] == [["2W", "3W", "4W"], ["5W", "6W", "7W"]]
    R.apply(state, mover(state), {"type": "meld", "cards": "auto"})
    assert [m["cards"] for m in R.view(state, mover(state))["me"]["melds"]] == [["2W", "3W", "4W", "5W", "6W", "7W"]]


# --- the scoring of every ending, table-driven ---------------------------------------------------

ENDINGS = [
    # caller's ten, the card drawn and called with, the opponent's ten,
    # outcome, who scores, points, who deals next
    ("2W 3W 4W 5W 5C 5S 5P 0 12 20", "KS", "KC QC 9S 9P 2C 3S 4P 6W 7W 16",
     "all melded", "caller", 22 + 67, "caller"),
    ("2W 3W 4W 5C 5S 5P 0 12 20 AC", "KS", "5W 6W KC QC 9S 9P 2C 3S 4P 16",
     "caller wins", "caller", 54 - 1, "caller"),
    ("2W 3W 4W 5C 5S 5P 0 12 20 9C", "KS", "6C 7C 8C 9S 9P 9W JC JS JP AP",
     "undercut", "opponent", 22 + 8, "opponent"),
    ("2W 3W 4W 5C 5S 5P 0 12 20 AC", "KS", "6C 7C 8C 9S 9P 9W JC JS JP AP",
     "zero", None, 0, "alternates"),
]


@pytest.mark.parametrize("caller_hand, drawn, opponent_hand, outcome, scorer, points, deals", ENDINGS,
                         ids=[e[3] for e in ENDINGS])
def test_scoring_of_each_ending(caller_hand, drawn, opponent_hand, outcome, scorer, points, deals):
    state = rig(table(), caller_hand, opponent_hand, "KW", drawn)
    caller, opponent, dealer = mover(state), other(state), state.seats[state.dealer].player
    events = draw_and_call(state, drawn)
    ending = event(events, "hand_end").data
    assert (ending["outcome"], ending["points"]) == (outcome, points)
    expected_scorer = {"caller": caller, "opponent": opponent, None: None}[scorer]
    assert ending["scorer"] == expected_scorer
    scores = {s.player: s.score for s in state.seats}
    assert scores == {caller: points if scorer == "caller" else 0, opponent: points if scorer == "opponent" else 0}
    next_dealer = {"caller": caller, "opponent": opponent, "alternates": caller if dealer == opponent else opponent}
    assert state.seats[state.dealer].player == next_dealer[deals]
    assert kinds(events)[-4:] == ["settled", "deal_committed", "dealt", "round_open"] and state.hand_no == 2
    assert "deal_revealed" in kinds(events)
    assert "results" not in event(events, "settled").data  # results come with the game's end only


def test_the_opponent_lays_off_onto_the_callers_melds():
    state = rig(table(), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    ending = event(draw_and_call(state, "KS"), "hand_end").data
    theirs = ending["players"][str(ending["opponent"])]
    assert theirs["layoffs"] == {"0": ["5W", "6W"]} and theirs["value"] == 54
    assert "call_card" not in ending  # the face-down card stays hidden


def test_with_everything_melded_the_opponent_lays_nothing_off():
    state = rig(table(), ENDINGS[0][0], ENDINGS[0][2], "KW", "KS")
    ending = event(draw_and_call(state, "KS"), "hand_end").data
    assert ending["players"][str(ending["opponent"])]["layoffs"] == {}


def test_the_callers_arrangement_by_hand_decides_where_layoffs_go():
    base = "2W 3W 4W 5W 6W 7W 0 12 20 AC"
    plain, pinned = (rig(table(), base, "8W KC QC 9S 9P 2C 3S 4P 16 13", "KW", "KS") for _ in range(2))
    R.apply(pinned, mover(pinned), {"type": "meld", "cards": "2W 3W 4W"})
    for state, where in ((plain, "0"), (pinned, "1")):
        ending = event(draw_and_call(state, "KS"), "hand_end").data
        assert ending["players"][str(ending["opponent"])]["layoffs"] == {where: ["8W"]}


def test_a_dead_hand_scores_nothing_and_the_same_dealer_deals_again():
    state = rig(table(), "2W 3W 4W 9C 9S 0 1 KC QS 5P", "6C 7C 8C 2S 3S 4P 16 13 JC AP", "10P")
    state.stock = state.stock[:1]
    dealer = state.dealer
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    events = R.apply(state, mover(state), {"type": "discard", "card": "KC"})
    assert "dead" in kinds(events) and "round_open" in kinds(events)
    assert state.dealer == dealer and state.hand_no == 2 and [s.score for s in state.seats] == [0, 0]
    assert state.history[-1]["outcome"] == "dead"
    assert state.last_hand is not None and state.last_hand["ending"]["outcome"] == "dead"


def test_the_game_ends_when_a_score_exceeds_the_target_with_results_for_the_leaderboard():
    state = rig(table(target=50), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    caller, opponent = mover(state), other(state)
    events = draw_and_call(state, "KS")
    settled = event(events, "settled").data
    assert settled["winner"] == caller
    assert sorted(settled["results"], key=lambda r: r["player"]) == sorted(
        [{"player": caller, "net": 53}, {"player": opponent, "net": 0}], key=lambda r: r["player"])
    assert R.is_over(state) and R.pending(state) == [] and "round_open" not in kinds(events)
    assert R.legal_actions(state, caller) == [{"type": "leave"}]
    assert "the game is over" in refused(state, caller, {"type": "draw", "from": "stock"})


def test_the_hand_summary_tells_the_ending_in_words():
    state = rig(table(), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    caller, opponent = mover(state), other(state)
    ending = event(draw_and_call(state, "KS"), "hand_end").data
    lines = R.hand_summary(ending, {caller: "@caller", opponent: "@other"}.get)
    assert lines[0] == "Hand 1: @caller called and won (1 unmelded against 54)."
    assert lines[1].startswith("@caller: ") and "unmelded AC (1)" in lines[1]
    assert "laid off 5W 6W" in lines[2] and lines[2].startswith("@other: ")
    assert lines[-1] == "@caller scores 53 points (54 - 1)."


ENDING_WORDS = {
    "all melded": "@caller called with everything melded (0 unmelded against 67): @caller scores 89 points (22 + 67)",
    "caller wins": "@caller called and won (1 unmelded against 54): @caller scores 53 points (54 - 1)",
    "undercut": "@caller called, undercut by @other (9 unmelded against 1): @other scores 30 points (22 + 9 - 1)",
    "zero": "@caller called and tied (1 unmelded against 1): nobody scores",
}


@pytest.mark.parametrize("ending_row", ENDINGS, ids=[e[3] for e in ENDINGS])
def test_each_ending_has_one_line_of_words(ending_row):
    """The line the table image, the channel and "Last hand" all show: how the hand ended, the
    unmelded values, who scores and how the points add up."""
    state = rig(table(), ending_row[0], ending_row[2], "KW", ending_row[1])
    names = {mover(state): "@caller", other(state): "@other"}
    ending = event(draw_and_call(state, ending_row[1]), "hand_end").data
    assert R.ending_words(ending, names.__getitem__) == ENDING_WORDS[ending_row[3]]


def test_a_dead_or_unidentified_hand_in_words():
    dead = {"hand": 3, "outcome": "dead", "points": 0, "scorer": None}
    assert R.ending_words(dead, str) == "a dead hand (the stock ran out): nobody scores"
    assert R.hand_summary(dead, str) == ["Hand 3: a dead hand (the stock ran out).", "Nobody scores."]
    state = rig(table(), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    ending = {**event(draw_and_call(state, "KS"), "hand_end").data,
              "outcome": "unidentified", "scorer": None, "points": 0, "missed": "12"}
    assert R.ending_words(ending, lambda p: "@caller") == (
        "@caller missed the identification of 12: the hand is not scored")


@pytest.mark.parametrize("identification", [True, False])
def test_a_call_still_to_be_identified_scores_only_if_the_cards_are_identified(identification):
    state = rig(table(identification=identification), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    ending = event(draw_and_call(state, "KS"), "hand_end").data
    assert ending["identification"] is identification
    words = R.ending_words(ending, str, identifying=ending["identification"])
    plain = R.ending_words(ending, str)
    assert words == (f"{plain} if the cards are identified" if identification else plain)


def test_a_score_equal_to_the_target_does_not_end_the_game():
    state = rig(table(target=53), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    draw_and_call(state, "KS")
    assert not R.is_over(state) and state.hand_no == 2


def test_leaving_forfeits_the_game():
    state = table()
    events = R.apply(state, A, {"type": "leave"})
    assert R.is_over(state) and state.winner == B and R.players(state) == [B]
    assert "results" in event(events, "settled").data


# --- options -------------------------------------------------------------------------------------


def test_dealer_choice_sets_this_hands_melds_and_call_limit():
    state = table(dealer_choice=True)
    dealer = state.seats[state.dealer].player
    assert state.phase == "choosing" and R.pending(state) == [dealer]
    assert all(not s.hand for s in state.seats)
    non_dealer = A if dealer == B else B
    assert "the dealer chooses" in refused(state, non_dealer, {"type": "choose", "melds": "all", "call_limit": 5})
    assert "0 to 200" in refused(state, dealer, {"type": "choose", "melds": "all", "call_limit": -1})
    assert "choosing" in refused(state, non_dealer, {"type": "draw", "from": "stock"})
    events = R.apply(state, dealer, {"type": "choose", "melds": "basic", "call_limit": 12})
    assert event(events, "dealt").data["melds"] == "basic"
    assert (state.melds, state.call_limit, state.phase) == ("basic", 12, "draw")


def test_dealer_choice_of_basic_melds_refuses_a_path():
    state = rig(table(), "8C 15 6C 9C 9S 0 1 KC QS 5P", "6W 7C 8W 2S 3S 4P 16 13 JC AP")
    state.melds = "basic"
    assert "basic melds only" in refused(state, mover(state), {"type": "meld", "cards": "8C 15 6C"})


def test_upcard_choice_makes_the_upcards_value_the_call_limit():
    for seed in range(5):
        state = table(seed=seed, upcard_choice=True)
        assert state.call_limit == rm.card_value(state.discard[0])


@pytest.mark.parametrize("bad", [{"melds": "some"}, {"call_limit": -1}, {"target": 0}, {"attributions": "x"},
                                 {"style": "tarocchi"}, {"opponent": "robot"}, {"timer": -5},
                                 {"identification": "yes"}])
def test_bad_options_are_refused(bad):
    with pytest.raises(IllegalAction):
        R.Options(**bad).validate()


def test_the_bot_option_seats_a_computer():
    assert R.Options(opponent="bot").bots == 1 and R.Options().bots == 0


# --- identification --------------------------------------------------------------------------------


def identified(answer_right: bool) -> tuple[R.State, list[Event], int, int]:
    state = rig(table(identification=True), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    caller, opponent = mover(state), other(state)
    draw_and_call(state, "KS")
    assert state.phase == "column" and R.pending(state) == [opponent]
    assert "chooses the column" in refused(state, caller, {"type": "column", "column": "letter"})
    assert "choose one of" in refused(state, opponent, {"type": "column", "column": "tarot"})
    R.apply(state, opponent, {"type": "column", "column": "letter"})
    assert state.phase == "identify" and R.pending(state) == [caller]
    events: list[Event] = []
    for _ in range(3):  # the Mother meld: 0, 12 and 20
        question = R.view(state, caller)["identify"]["question"]
        assert "answer" not in question
        right = rm.correspondence("letter", cards(question["card"])[0], rm.tree())
        choice = right if answer_right else next(c for c in question["choices"] if c != right)
        events = R.apply(state, caller, {"type": "answer", "choice": choice})
        if not answer_right:
            break
    return state, events, caller, opponent


def test_identification_answered_right_scores_the_hand():
    state, events, caller, _ = identified(True)
    assert "settled" in kinds(events) and state.hand_no == 2
    assert {s.player: s.score for s in state.seats}[caller] == 53


def test_identification_answered_wrong_leaves_the_hand_unscored_and_the_opponent_deals():
    state, events, caller, opponent = identified(False)
    assert [s.score for s in state.seats] == [0, 0]
    assert state.seats[state.dealer].player == opponent
    assert state.history[-1]["outcome"] == "unidentified"


def test_no_identification_when_the_caller_is_undercut():
    state = rig(table(identification=True), ENDINGS[2][0], ENDINGS[2][2], "KW", "KS")
    draw_and_call(state, "KS")
    assert state.phase == "draw" and state.hand_no == 2


# --- hidden cards, round trips -------------------------------------------------------------------


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for k, v in value.items() if k not in ("last_round", "history")))
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def test_views_show_only_what_each_may_see():
    state = table()
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    hidden = {c.code for s in state.seats for c in s.hand} | {c.code for c in state.stock}
    assert not strings(R.view(state, None)) & hidden
    for seat in state.seats:
        seen = strings(R.view(state, seat.player))
        others = {c.code for s in state.seats if s is not seat for c in s.hand}
        assert {c.code for c in seat.hand} <= seen and not seen & (others | {c.code for c in state.stock})


def random_game(seed: int, target: int = 30, actions: int = 5000, **options: Any) -> R.State:
    """Play mixing random legal moves with the computer's (so that hands get called)."""
    rng = random.Random(seed)
    state = table(seed=seed, target=target, **options)
    for _ in range(actions):
        if R.is_over(state):
            break
        player = R.pending(state)[0]
        legal = [a for a in R.legal_actions(state, player) if a["type"] != "leave"]
        action = rng.choice(legal) if rng.random() < 0.4 else R.computer_action(state, player)
        R.apply(state, player, action)
        check_invariants(state)
    return state


def check_invariants(state: R.State) -> None:
    assert R.from_dict(json.loads(json.dumps(R.to_dict(state)))) == state
    if state.phase in R.IN_HAND:
        every = [c.face for s in state.seats for c in s.hand] + [c.face for c in state.stock + state.discard]
        assert len(every) == 78 and len(set(every)) == 78
        hidden = {c.code for s in state.seats for c in s.hand} | {c.code for c in state.stock}
        assert not strings(R.view(state, None)) & hidden


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from([{}, {"identification": True}, {"dealer_choice": True},
                                                {"melds": "basic", "call_limit": 30}, {"attributions": "thoth"}]))
def test_random_legal_play_keeps_every_card_and_terminates(seed, options):
    state = random_game(seed, **options)
    assert R.is_over(state)


def test_step_key_changes_on_every_action():
    state = table()
    keys = {R.step_key(state)}
    for _ in range(30):
        player = R.pending(state)[0]
        R.apply(state, player, R.computer_action(state, player))
        key = R.step_key(state)
        assert key not in keys and all(ch.isalnum() or ch in "_.-" for ch in key)
        keys.add(key)


def test_default_actions_are_safe_and_legal():
    state = table()
    for _ in range(60):
        player = R.pending(state)[0]
        action = R.default_action(state, player)
        assert action["type"] != "call"
        R.apply(state, player, action)


# --- the computer opponent --------------------------------------------------------------------------


def scrambled(state: R.State, player: int) -> R.State:
    """The same state with every card the player cannot see shuffled among the hidden places."""
    twin = copy.deepcopy(state)
    theirs = next(s for s in twin.seats if s.player != player)
    hidden = theirs.hand + twin.stock
    random.Random(5).shuffle(hidden)
    theirs.hand, twin.stock = hidden[:len(theirs.hand)], hidden[len(theirs.hand):]
    return twin


def test_the_computer_sees_only_its_own_view():
    state = table(seed=21)
    for _ in range(40):
        player = R.pending(state)[0]
        action = R.computer_action(state, player)
        assert R.computer_action(scrambled(state, player), player) == action
        R.apply(state, player, action)


def test_the_computer_takes_the_discard_when_it_helps_and_the_stock_otherwise():
    helps = rig(table(), "2W 3W 9C 9S 0 1 KC QS 5P 13", "6C 7C 8C 2S 3S 4P 16 14 JC AP", "4W")
    assert R.computer_action(helps, mover(helps)) == {"type": "draw", "from": "discard"}
    useless = rig(table(), "2W 3W 9C 9S 0 1 KC QS 5P 13", "6C 7C 8C 2S 3S 4P 16 14 JC AP", "KP")
    assert R.computer_action(useless, mover(useless)) == {"type": "draw", "from": "stock"}


def test_the_computer_discards_its_most_useless_card():
    state = rig(table(), "2W 3W 4W 9C 9S 9P 0 12 QC 13", "6C 7C 8C 2S 3S 4P 16 14 JC AP", "KW", "5P")
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    assert R.computer_action(state, mover(state)) == {"type": "discard", "card": "13"}


def test_the_computer_calls_as_soon_as_it_may():
    state = rig(table(), "2W 3W 4W 5C 5S 5P 0 12 20 AC", "6C 7C 8C 2S 3S 4P 16 14 JC AP", "KW", "KS")
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    assert R.computer_action(state, mover(state)) == {"type": "call", "card": "KS"}


def test_the_computer_does_not_call_over_the_limit():
    state = rig(table(), "2W 3W 4W 5C 5S 5P 0 12 13 AC", "6C 7C 8C 2S 3S 4P 16 14 JC AP", "KW", "KS")
    R.apply(state, mover(state), {"type": "draw", "from": "stock"})
    assert R.computer_action(state, mover(state))["type"] == "discard"


def test_two_computers_play_whole_games():
    for seed in range(3):
        state = table(seed=seed, target=100)
        while not R.is_over(state):
            player = R.pending(state)[0]
            R.apply(state, player, R.computer_action(state, player))
        assert max(s.score for s in state.seats) > 100 and state.winner is not None


def test_the_computer_plays_identification_both_ways():
    state = rig(table(identification=True), ENDINGS[1][0], ENDINGS[1][2], "KW", "KS")
    draw_and_call(state, "KS")
    while state.phase in ("column", "identify"):
        player = R.pending(state)[0]
        R.apply(state, player, R.computer_action(state, player))
    assert state.history[-1]["outcome"] == "caller wins"


def test_public_api():
    assert R.meld_type(cards("8C 15 6C")) == "path"
    assert R.card_value(Card(None, 4)) == 12
    melds, value = R.best_melds(cards("2W 3W 4W KC"))
    assert melds == [cards("2W 3W 4W")] and value == 10
