"""French Tarot: every example of rules/french-tarot.md, the deal, bidding, the call, the dog and
the discard, the play rules (table-driven), announcements, scoring and the score sheet, refusals,
and properties over random legal games for 3, 4 and 5 players."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import counting
from games import french_tarot as ft
from games.base import Action, IllegalAction, SeatSpec
from games.cards import card, cards, codes, full_deck
from games.french_tarot import rules as ft_rules
from tests.seeds import predict

# --- helpers -------------------------------------------------------------------------------


def table(players: int = 4, seed: int = 1, **options: Any) -> ft.State:
    predict(seed)
    return ft.new(ft.Options(players=players, **options), [SeatSpec(p) for p in range(1, players + 1)])


def refused(state: ft.State, player: int, action: Action) -> str:
    before = json.dumps(ft.to_dict(state), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        ft.apply(state, player, action)
    assert json.dumps(ft.to_dict(state), sort_keys=True) == before, "a refused move changed the state"
    return error.value.reason


def position(hands: list[str], trick: str = "", leader: int = 0, taker: int = 0, partner: int | None = None,
             called: str | None = None, tricks_before: int = 1, chelem: bool = False,
             contract: str = "garde") -> ft.State:
    """A hand in play: `hands` per seat, `trick` on the table from `leader`."""
    state = table(len(hands))
    state.phase, state.taker, state.contract, state.partner = "playing", taker, contract, partner
    state.called = card(called) if called else None
    state.bids = ["pass"] * len(hands)
    state.bids[taker] = contract
    state.hands = [cards(h) for h in hands]
    state.trick, state.leader, state.chelem = cards(trick), leader, chelem
    state.tricks = [ft.Trick(0, cards("2W 3W 4W 5W 6W")[:len(hands)], 0)] * tricks_before
    return state


def to_act(state: ft.State) -> int:
    return state.players[ft.turn_seat(state)]  # type: ignore[index]


def random_action(state: ft.State, player: int, rng: random.Random) -> Action:
    """A uniformly chosen legal move (the discard built from the legal choices)."""
    actions = [a for a in ft.legal_actions(state, player) if a["type"] != "leave"]
    action = rng.choice(actions)
    if action["type"] == "discard":
        count, plain = action["count"], action["plain"]
        chosen = rng.sample(plain, count) if len(plain) >= count else plain + rng.sample(
            action["trumps"], count - len(plain))
        return {"type": "discard", "cards": chosen}
    return action


def play_randomly(state: ft.State, rng: random.Random, check: Any = None) -> None:
    for _ in range(2000):
        if ft.is_over(state):
            return
        player = ft.pending(state)[0]
        if check:
            check(state, player, rng)
        ft.apply(state, player, random_action(state, player, rng))
    raise AssertionError("the game did not end")


def bid_round(state: ft.State, bids: list[str]) -> None:
    for contract in bids:
        ft.apply(state, to_act(state), {"type": "bid", "contract": contract})


# --- the examples of rules/french-tarot.md -------------------------------------------------


def test_example_4_players_garde_2_oudlers_49_points_taker_198_defenders_66() -> None:
    score = ft.per_defender(4, "garde", 49, 2)
    assert (score["needed"], score["difference"], score["per_defender"]) == (41, 8, 66)
    assert ft.taker_score(4, "garde", 49, 2) == 198
    state = position(["", "", "", ""])
    assert ft_rules._shares(state, 66) == [198, -66, -66, -66]


def test_example_3_players_40_and_a_half_points_half_point_to_the_defence_taker_minus_52() -> None:
    score = ft.per_defender(3, "prise", Fraction(81, 2), 2)
    assert (score["rounded"], score["difference"], score["made"]) == (40, -1, False)
    assert score["per_defender"] == -26
    assert ft.taker_score(3, "prise", Fraction(81, 2), 2) == -52


def test_example_petit_au_bout_won_by_the_defence_in_a_garde_made_by_3_is_36() -> None:
    assert ft.per_defender(4, "garde", 44, 2, petit_au_bout="defence")["per_defender"] == 36
    assert ft.taker_score(4, "garde", 44, 2, petit_au_bout="defence") == 108


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_example_property_4_player_totals_are_whole_after_the_excuse_exchange(seed: int, moves: int) -> None:
    state = table(4, seed, hands=1)
    play_randomly(state, random.Random(moves))
    if state.contract is None:
        return
    first, second, keeper = ft.piles(state)
    taker, defence, _ = ft.pile_points(state, first, second, keeper)
    assert taker.denominator == defence.denominator == 1, (taker, defence)
    for settlement in ("exchange", "adjust", "alone"):
        if ft.settlement_used(first if keeper == 0 else second, keeper, settlement) == settlement:
            assert counting.settle_fool(first, second, keeper, settlement, 2, "fractional") == (taker, defence)


def test_the_half_point_goes_to_the_taker_when_he_wins() -> None:
    score = ft.per_defender(5, "prise", Fraction(113, 2), 0)
    assert (score["rounded"], score["difference"], score["per_defender"]) == (57, 1, 26)


@pytest.mark.parametrize(("oudlers", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_points_needed_by_oudlers(oudlers: int, needed: int) -> None:
    assert ft.per_defender(4, "prise", needed, oudlers)["made"]
    assert not ft.per_defender(4, "prise", needed - Fraction(1, 2), oudlers)["made"]


@pytest.mark.parametrize(("contract", "multiplier"), [("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)])
def test_contract_multipliers(contract: str, multiplier: int) -> None:
    assert ft.per_defender(4, contract, 46, 2)["per_defender"] == 30 * multiplier
    assert ft.per_defender(4, contract, 46, 2, petit_au_bout="taker")["per_defender"] == 40 * multiplier


@pytest.mark.parametrize(("players", "alone", "share"), [(3, False, 2), (4, False, 3), (5, False, 2), (5, True, 4)])
def test_zero_sum_shares(players: int, alone: bool, share: int) -> None:
    assert ft.taker_score(players, "prise", 56, 0, alone=alone) == 25 * share
    state = position([""] * players, partner=None if alone or players < 5 else 3)
    deltas = ft_rules._shares(state, 25)
    assert sum(deltas) == 0 and deltas[0] == 25 * share
    if players == 5 and not alone:
        assert deltas[3] == 25 and deltas.count(-25) == 3


def test_card_points_are_the_counters_fractional_values_in_twos_91_in_all() -> None:
    values = {code: counting.card_points(card(code)) for code in ("21", "1", "0", "KC", "QS", "NW", "JP", "7C", "12")}
    assert values == {"21": Fraction(9, 2), "1": Fraction(9, 2), "0": Fraction(9, 2), "KC": Fraction(9, 2),
                      "QS": Fraction(7, 2), "NW": Fraction(5, 2), "JP": Fraction(3, 2), "7C": Fraction(1, 2),
                      "12": Fraction(1, 2)}
    assert counting.count(full_deck(), 2, "valuable") == 91


def test_taker_score_refuses_nonsense() -> None:
    for args in [(6, "garde", 40, 1), (4, "grande", 40, 1), (4, "garde", 40, 4)]:
        with pytest.raises(IllegalAction):
            ft.taker_score(*args)
    with pytest.raises(IllegalAction):
        ft.taker_score(4, "garde", 40, 1, petit_au_bout="nobody")


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "dog"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_deal_sizes_and_the_dog_never_first_nor_last(players: int, hand: int, dog: int) -> None:
    deck = full_deck()
    hands, dealt_dog = ft.distribute(deck, players, players - 1)
    assert [len(h) for h in hands] == [hand] * players and len(dealt_dog) == dog
    assert Counter(c.code for c in [*dealt_dog, *(c for h in hands for c in h)]) == Counter(codes(deck))
    assert deck[0] not in dealt_dog and deck[-1] not in dealt_dog
    assert hands[0][:3] == deck[:3], "the seat after the dealer gets the first packet of three"


def test_petit_sec_annuls_the_deal_and_the_same_dealer_deals_again() -> None:
    seed = next(s for s in range(2000) if table(4, s).annulled)
    state = table(4, seed)
    shown = state.annulled[0]
    assert ft.petit_sec(cards(shown["cards"])) and len(shown["cards"]) == 18
    assert state.deal is not None and state.deal.nonce >= 2 and state.dealer == 3  # a redeal is a deal of its own
    assert shown["deal"]["seed"] and shown["deal"]["commitment"] != state.deal.commitment
    assert state.deal.label == f"hand 1 redeal {len(state.annulled)}"
    assert not any(ft.petit_sec(h) for h in state.hands)
    assert ft.view(state, None)["annulled"] == state.annulled


def test_petit_sec_means_the_petit_alone_without_the_excuse() -> None:
    assert ft.petit_sec(cards("1 KC 2C"))
    assert not ft.petit_sec(cards("1 0 KC"))
    assert not ft.petit_sec(cards("1 5 KC"))
    assert not ft.petit_sec(cards("KC 2C"))


def test_the_deal_moves_one_seat_each_hand_and_the_game_keeps_running_totals() -> None:
    state = table(4, 3, hands=3)
    dealers = []
    while not ft.is_over(state):
        if state.phase == "bidding" and state.dealer not in dealers[-1:]:
            dealers.append(state.dealer)
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    assert dealers == [3, 0, 1]
    assert len(state.history) == 3
    assert state.totals == [sum(h["scores"][s] for h in state.history) for s in range(4)]
    ranking = ft.ranking(state)
    assert [r["total"] for r in ranking] == sorted(state.totals, reverse=True)


def test_a_game_is_one_round_of_deals_by_default() -> None:
    assert ft.Options(players=5).deals == 5 and ft.Options(players=3, hands=7).deals == 7


# --- bidding -------------------------------------------------------------------------------


def test_each_player_speaks_once_in_order_after_the_dealer_and_bids_higher() -> None:
    state = table(4)
    assert ft.pending(state) == [1]
    bid_round(state, ["prise"])
    assert ft.legal_bids(state) == ["pass", "garde", "garde_sans", "garde_contre"]
    assert "higher than the last" in refused(state, 2, {"type": "bid", "contract": "prise"})
    assert "<@1>" in refused(state, 2, {"type": "bid", "contract": "prise"})
    bid_round(state, ["garde", "pass", "pass"])
    assert (state.taker, state.contract) == (1, "garde")


def test_nothing_is_higher_than_garde_contre() -> None:
    state = table(4)
    bid_round(state, ["garde_contre"])
    assert "nothing is higher" in refused(state, 2, {"type": "bid", "contract": "garde_contre"})
    assert ft.legal_bids(state) == ["pass"]


def test_all_pass_the_next_dealer_deals() -> None:
    state = table(4, hands=2)
    first = state.deal
    events = [e.kind for e in _all_pass(state)]
    assert "all_passed" in events and "round_open" in events and "settled" in events
    assert (state.dealer, state.hand_no, state.phase) == (0, 2, "bidding")
    assert state.last_hand is not None and state.last_hand["phase"] == "passed" and state.last_hand["round"] == 1
    assert state.deal is not None and state.deal.seed != first.seed and state.history[-1]["contract"] is None


def _all_pass(state: ft.State) -> list[Any]:
    events = []
    for _ in range(state.size):
        events += ft.apply(state, to_act(state), {"type": "bid", "contract": "pass"})
    return events


def test_contract_names_are_read_generously() -> None:
    assert [ft.parse_contract(w) for w in ("Garde sans le chien", "garde-contre", "PETITE", "passe")] == [
        "garde_sans", "garde_contre", "prise", "pass"]
    with pytest.raises(IllegalAction, match="no contract"):
        ft.parse_contract("grand chelem")


# --- five players: the call ----------------------------------------------------------------


def test_a_king_is_called_queens_only_holding_all_four_kings() -> None:
    assert {c.code for c in ft.callable_cards(cards("KC QC 1 2"))} == {"KC", "KW", "KS", "KP"}
    four_kings = cards("KC KW KS KP 3")
    assert {c.code for c in ft.callable_cards(four_kings)} == {"KC", "KW", "KS", "KP", "QC", "QW", "QS", "QP"}
    kings_queens = cards("KC KW KS KP QC QW QS QP")
    assert "NC" in {c.code for c in ft.callable_cards(kings_queens)}


def _five_taken(seed: int = 2) -> ft.State:
    state = table(5, seed)
    bid_round(state, ["garde", "pass", "pass", "pass", "pass"])
    return state


def test_calling_finds_the_secret_partner_or_leaves_the_taker_alone() -> None:
    state = _five_taken()
    assert state.phase == "calling"
    assert "call a king" in refused(state, 1, {"type": "call", "card": "QC"})
    holder = next(s for s in range(1, 5) if any(ft.is_king(c) for c in state.hands[s]))
    king = next(c for c in state.hands[holder] if ft.is_king(c))
    ft.apply(state, 1, {"type": "call", "card": king.code})
    assert state.partner == holder and state.phase == "discarding"
    assert ft.view(state, None)["partner"] is None and ft.view(state, state.players[holder]).get("you_are_partner")
    assert all(s["role"] in ("", "taker") for s in ft.view(state, None)["seats"])


def _move_to(state: ft.State, code: str, seat: int | None) -> None:
    """Put a card in a seat's hand (None: the dog), trading it for a card of that place."""
    wanted = card(code)
    places = [*state.hands, state.dog]
    source = next(p for p in places if any(ft.same(c, wanted) for c in p))
    target = places[-1] if seat is None else places[seat]
    if source is target:
        return
    held = next(c for c in source if ft.same(c, wanted))
    spare = next(c for c in target if not ft.same(c, wanted))
    source[source.index(held)], target[target.index(spare)] = spare, held


@pytest.mark.parametrize("where", [0, None])
def test_the_called_card_in_the_takers_hand_or_the_dog_means_playing_alone(where: int | None) -> None:
    state = _five_taken()
    _move_to(state, "KS", where)
    ft.apply(state, 1, {"type": "call", "card": "king of swords"})
    assert state.called == card("KS") and state.partner is None
    shares = ft_rules._shares(state, 10)
    assert shares[0] == 40 and shares[1:] == [-10] * 4


def test_the_partner_is_revealed_when_the_called_card_is_played() -> None:
    state = position(["2W 3W", "KC 4C", "5C 6C", "7C 8C", "9C 10C"], leader=0, taker=0, partner=1, called="KC")
    assert ft.view(state, None)["partner"] is None and ft.view(state, None)["seats"][1]["role"] == ""
    assert ft.view(state, 2)["seats"][1]["role"] == "partner", "the partner knows"
    ft.apply(state, 1, {"type": "play", "card": "2W"})
    events = ft.apply(state, 2, {"type": "play", "card": "4C"})
    assert not state.partner_known and [e.kind for e in events] == ["played"]
    state = position(["2W 3W", "KC 4C", "5C 6C", "7C 8C", "9C 10C"], leader=1, taker=0, partner=1, called="KC")
    events = ft.apply(state, 2, {"type": "play", "card": "KC"})
    assert [e.kind for e in events] == ["played", "partner"] and state.partner_known
    view = ft.view(state, None)
    assert view["partner"] == 2 and [s["role"] for s in view["seats"]] == [
        "taker", "partner", "defence", "defence", "defence"]


def test_the_first_trick_may_not_be_led_in_the_called_suit_except_with_the_called_king() -> None:
    state = position(["3C KC 5S", "2W", "3W", "4W", "5W"], called="KC", tricks_before=0)
    context = ft.play_context(state, 0)
    assert ft.refusal(context, card("3C"))[0] == "called_suit"
    assert ft.refusal(context, card("KC")) is None and ft.refusal(context, card("5S")) is None
    text = refused(state, 1, {"type": "play", "card": "3C"})
    assert "called king" in text and "first trick" in text
    later = position(["3C KC 5S", "2W", "3W", "4W", "5W"], called="KC", tricks_before=1)
    assert ft.refusal(ft.play_context(later, 0), card("3C")) is None


# --- the dog and the discard ---------------------------------------------------------------


def _taken(contract: str, seed: int = 4) -> ft.State:
    state = table(4, seed)
    bid_round(state, [contract, "pass", "pass", "pass"])
    return state


def test_prise_and_garde_show_the_dog_and_the_taker_discards_as_many() -> None:
    state = _taken("prise")
    assert state.phase == "discarding" and len(state.hands[0]) == 24
    assert ft.view(state, None)["dog"] == codes(state.dog)
    plain, _, forced = ft.discard_options(state.hands[0], 6)
    assert forced == 0
    events = ft.apply(state, 1, {"type": "discard", "cards": codes(plain[:6])})
    assert events[0].data == {"player": 1, "count": 6, "trumps": []}
    assert state.discard == plain[:6] and len(state.hands[0]) == 18 and state.phase == "chelem"
    assert "discard" not in ft.view(state, 2) and ft.view(state, 1)["discard"] == codes(plain[:6])


@pytest.mark.parametrize(("contract", "owner"), [("garde_sans", 0), ("garde_contre", 1)])
def test_garde_sans_and_contre_keep_the_dog_unseen_for_the_taker_or_the_defence(contract: str, owner: int) -> None:
    state = table(4, 4, hands=1)
    bid_round(state, [contract, "pass", "pass", "pass"])
    assert state.phase == "chelem" and ft.view(state, None)["dog"] is None and len(state.hands[0]) == 18
    dog = list(state.dog)
    while not ft.is_over(state):
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    assert all(c in ft.piles(state)[owner] for c in dog)


def test_no_king_nor_oudler_in_the_discard_and_a_trump_only_when_forced() -> None:
    state = _taken("garde")
    state.hands[0] = cards("KC KW KS KP 21 1 0 2 3 4 5 6 7 8 9 10 11 12 13 3S QC NC 7C 2S")
    assert "may not discard a king" in refused(state, 1, {"type": "discard", "cards": "KC QC NC 7C 2S 2"})
    assert "may not discard an oudler" in refused(state, 1, {"type": "discard", "cards": "21 QC NC 7C 2S 2"})
    text = refused(state, 1, {"type": "discard", "cards": "2 3 QC NC 7C 2S"})
    assert "only when nothing else" in text and "5 other cards" in text and "at most 1 trump" in text
    assert "exactly 6" in refused(state, 1, {"type": "discard", "cards": "QC NC 7C 2S"})
    assert "not in your hand" in refused(state, 1, {"type": "discard", "cards": "QS NC 7C 2S 2 3S"})
    assert "twice" in refused(state, 1, {"type": "discard", "cards": "QC QC NC 7C 2S 2"})
    events = ft.apply(state, 1, {"type": "discard", "cards": "QC NC 7C 2S 3S 2"})
    assert events[0].data["trumps"] == ["2"]
    assert ft.view(state, None)["discard_trumps"] == ["2"], "trumps discarded are shown"


# --- the play: table-driven rules ----------------------------------------------------------

# (case, the hand of the player to act, the trick so far from seat 0, card, rule refused or None)
PLAY_RULES = [
    ("must follow suit", "5C KS 7", "3C", "KS", "follow"),
    ("must follow suit, not trump", "5C KS 7", "3C", "7", "follow"),
    ("following needs no higher card", "2C KS", "KC", "2C", None),
    ("void: must trump", "KS 7 9", "3C", "KS", "trump"),
    ("void: any trump when none is in the trick", "KS 7 9", "3C", "7", None),
    ("must overtrump", "KS 7 15", "3C 12", "7", "overtrump"),
    ("overtrump, by the higher trump", "KS 7 15", "3C 12", "15", None),
    ("void, trumped trick: no suit card", "KS 7 15", "3C 12", "KS", "trump"),
    ("under-trump only when unable to overtrump", "KS 7 9", "3C 12", "7", None),
    ("trumps led: must play higher", "5C 4 14", "10", "4", "overtrump"),
    ("trumps led: the higher trump", "5C 4 14", "10", "14", None),
    ("trumps led: no suit card while holding trumps", "5C 4 14", "10", "5C", "follow"),
    ("trumps led: a lower trump when none is higher", "5C 4", "18", "4", None),
    ("trumps led, no trumps: anything", "5C KS", "18", "KS", None),
    ("neither the suit nor trumps: anything", "KS 4P", "3C", "4P", None),
    ("the Excuse instead of the required card", "5C 0", "3C", "0", None),
    ("the Excuse instead of overtrumping", "15 0", "3C 12", "0", None),
    ("Excuse led: the next card sets the suit", "5C 7", "0", "7", None),
    ("after an Excuse lead the second card's suit is followed", "2C 7", "0 5C", "7", "follow"),
    ("the last card is always playable", "7", "3C", "7", None),
]


@pytest.mark.parametrize(("case", "hand", "trick", "played", "rule"), PLAY_RULES, ids=[c[0] for c in PLAY_RULES])
def test_play_rules(case: str, hand: str, trick: str, played: str, rule: str | None) -> None:
    seats = ["2W 3W", "4W 5W", "6W 7W", "8W 9W"]
    seat = len(trick.split())
    seats[seat] = hand
    state = position(seats, trick=trick, taker=(seat + 1) % 4)
    found = ft.refusal(ft.play_context(state, seat), card(played))
    assert (found[0] if found else None) == rule
    action = {"type": "play", "card": played}
    if rule is None:
        ft.apply(state, seat + 1, action)
        assert ft.same(state.trick[-1] if state.trick else state.tricks[-1].cards[-1], card(played))
    else:
        text = refused(state, seat + 1, action)
        assert {"follow": "must follow", "trump": "must trump", "overtrump": "must overtrump"}[rule] in text


def test_overtrump_is_required_even_over_a_partner() -> None:
    # 4 players: the taker (seat 0) led, a defender trumped; the next defender must still overtrump
    state = position(["2W 3W", "2C 3C", "7 15", "8W 9W"], trick="3C 12", leader=0, taker=0)
    text = refused(state, 3, {"type": "play", "card": "7"})
    assert "higher than 12" in text and "partner" in text


def test_the_excuse_in_a_trick_stays_with_its_side_which_owes_an_empty_card() -> None:
    state = position(["0 5S", "5C 6S", "KC 7S", "2C 8S"], trick="", leader=0, taker=2)
    for seat in range(4):
        ft.apply(state, seat + 1, {"type": "play", "card": ["0", "5C", "KC", "2C"][seat]})
    trick = state.tricks[-1]
    assert (trick.winner, trick.excused) == (2, 0)
    first, second, keeper = ft.piles(state)
    assert card("0") in second and card("0") not in first and keeper == 1


def test_the_excuse_on_the_last_trick_goes_to_the_trick_winner() -> None:
    state = position(["0", "5C", "KC", "2C"], trick="", leader=0, taker=2, tricks_before=17)
    state.tricks = [ft.Trick(0, cards("2W 3W 4W 5W"), 1)] * 17
    for seat, code in enumerate(["0", "5C", "KC", "2C"]):
        ft.apply(state, seat + 1, {"type": "play", "card": code})
    assert state.history[-1]["round"] == 1
    assert state.last_hand is not None
    taker_pile = state.last_hand["sheet"]["piles"][0]
    assert any("0" in group for group, _ in taker_pile["groups"])


def test_an_announced_chelem_keeps_the_excuse_for_the_last_trick_where_it_wins() -> None:
    state = position(["0 KC", "2C 3C", "4C 5C", "6C 7C"], leader=0, taker=0, chelem=True)
    state.tricks = [ft.Trick(0, cards("2W 3W 4W 5W"), 0)] * 16
    assert "chelem" in refused(state, 1, {"type": "play", "card": "0"})
    for seat, code in enumerate(["KC", "2C", "4C", "6C"]):
        ft.apply(state, seat + 1, {"type": "play", "card": code})
    for seat, code in enumerate(["0", "3C", "5C", "7C"]):
        ft.apply(state, seat + 1, {"type": "play", "card": code})
    sheet = state.last_hand["sheet"]  # type: ignore[index]
    assert sheet["chelem_made"] and sheet["chelem"] == 400 and sheet["chelem_announced"]


def test_chelem_values() -> None:
    state = position(["", "", "", ""], chelem=True)
    state.tricks = [ft.Trick(0, [], 0)] * 17 + [ft.Trick(0, [], 2)]
    assert ft_rules._chelem_value(state) == (-200, False)
    state.chelem = False
    assert ft_rules._chelem_value(state) == (0, False)
    state.tricks = [ft.Trick(0, [], 0)] * 18
    assert ft_rules._chelem_value(state) == (200, True)


def test_the_chelem_is_announced_by_the_taker_who_then_leads() -> None:
    state = _taken("garde_sans")
    assert "only the taker" in refused(state, 2, {"type": "announce", "what": "chelem"})
    ft.apply(state, 1, {"type": "announce", "what": "chelem"})
    assert state.chelem and state.phase == "playing" and ft.pending(state) == [1]
    assert "after the discard" in refused(state, 1, {"type": "announce", "what": "chelem"})


def test_petit_au_bout_goes_to_the_side_that_won_the_last_trick() -> None:
    state = position(["1", "5C", "KC", "2C"], leader=0, taker=0, tricks_before=17)
    state.tricks = [ft.Trick(0, cards("2W 3W 4W 5W"), 0)] * 17
    for seat, code in enumerate(["1", "5C", "KC", "2C"]):
        ft.apply(state, seat + 1, {"type": "play", "card": code})
    assert state.last_hand["sheet"]["petit_au_bout"] == 20  # type: ignore[index]  # garde: 10 x 2


# --- announcements: the poignée ------------------------------------------------------------


@pytest.mark.parametrize(("players", "thresholds"), [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13))])
def test_poignee_thresholds(players: int, thresholds: tuple[int, int, int]) -> None:
    assert ft.POIGNEE_TRUMPS[players] == thresholds


def test_a_poignee_is_shown_before_the_first_card_and_paid_to_the_winning_side() -> None:
    trumps = " ".join(str(n) for n in range(2, 12))
    state = position([trumps + " 5C", "6C 7C", "8C 9C", "2S 3S"], leader=0, taker=1, tricks_before=0)
    assert ft.poignee_levels(state, 0) == [0]
    assert "double" in refused(state, 1, {"type": "announce", "what": "poignee", "level": "double"})
    events = ft.apply(state, 1, {"type": "announce", "what": "poignee"})
    assert events[0].data["level"] == "simple" and len(events[0].data["cards"]) == 10
    assert ft.view(state, None)["seats"][0]["poignee"]["cards"] == events[0].data["cards"]
    assert "already" in refused(state, 1, {"type": "announce", "what": "poignee"})
    late = position([trumps + " 5C", "6C 7C", "8C 9C", "2S 3S"], leader=0, taker=1, tricks_before=0)
    ft.apply(late, 1, {"type": "play", "card": "5C"})
    assert "before you play your first card" in refused(late, 1, {"type": "announce", "what": "poignee"})
    assert "needs 10 trumps" in refused(late, 2, {"type": "announce", "what": "poignee"})


def test_the_excuse_stands_for_a_trump_only_with_no_more_trumps() -> None:
    nine = " ".join(str(n) for n in range(2, 11))
    state = position([nine + " 0 5C", "6C 7C", "8C 9C", "2S 3S"], leader=0, taker=1, tricks_before=0)
    shown = ft.poignee_cards(state.hands[0], 10)
    assert "0" in codes(shown) and len(shown) == 10
    assert ft.apply(state, 1, {"type": "announce", "what": "poignee"})[0].data["cards"][-1] == "0"
    ten = position([nine + " 11 0 5C", "6C 7C", "8C 9C", "2S 3S"], leader=0, taker=1, tricks_before=0)
    text = refused(ten, 1, {"type": "announce", "what": "poignee", "cards": "0 2 3 4 5 6 7 8 9 10"})
    assert "no more trumps" in text


def test_poignee_bonus_is_not_multiplied_and_goes_to_the_winners() -> None:
    assert ft.per_defender(4, "garde", 45, 2, poignee=20)["per_defender"] == (25 + 4) * 2 + 20
    assert ft.per_defender(4, "garde", 40, 2, poignee=20)["per_defender"] == -(25 + 1) * 2 - 20


# --- the score sheet -----------------------------------------------------------------------


def _finished(players: int, seed: int, **options: Any) -> ft.State:
    state = table(players, seed, hands=1, **options)
    while not ft.is_over(state):
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    return state


def _sheet_seed(players: int, want_keeper: bool) -> int:
    for seed in range(500):
        state = _finished(players, seed)
        if state.contract and (ft.piles(state)[2] is not None) == want_keeper:
            return seed
    raise AssertionError("no such deal")


@pytest.mark.parametrize("settlement", ["exchange", "adjust", "fool_alone"])
@pytest.mark.parametrize("method", counting.METHODS)
def test_the_score_sheet_counts_both_piles_by_the_tables_method_and_settlement(method: str, settlement: str) -> None:
    seed = _sheet_seed(4, want_keeper=True)
    state = _finished(4, seed, count_method=method, excuse_settlement=settlement)
    sheet = state.last_hand["sheet"]  # type: ignore[index]
    taker, defence, _ = ft.pile_points(state, *ft.piles(state))
    assert [p["points"] for p in sheet["piles"]] == [ft.points_text(taker), ft.points_text(defence)]
    for pile in sheet["piles"]:
        groups = sum(points(v) for _, v in pile["groups"])
        extra = (4 if pile["excuse_alone"] else 0) + (points(pile["adjust"]) if pile["adjust"] else 0)
        assert groups + extra == Fraction(*pile["exact"]) == points(pile["points"])
    assert sheet["method"] == method and sheet["settlement"] == settlement and "Excuse stays" in sheet["excuse"]
    assert sum(s["delta"] for s in sheet["scores"]) == 0


def points(text: str) -> Fraction:
    """"40½" -> 81/2 (the sheet's notation)."""
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("+-")
    half = Fraction(1, 2) if text.endswith("½") else 0
    return sign * (Fraction(text.rstrip("½") or 0) + half)


def test_the_exchange_moves_one_empty_card_and_the_sheet_names_it() -> None:
    seed = _sheet_seed(4, want_keeper=True)
    state = _finished(4, seed)
    first, second, keeper = ft.piles(state)
    piles, given = ft.sheet_piles(first, second, keeper, "exchange", "valuable")
    assert given is not None and counting.STANDARD.is_empty(given)
    assert given.face.code in state.last_hand["sheet"]["excuse"]  # type: ignore[index]  # orientation means nothing: no `r`
    sizes = [p["cards"] for p in piles]
    assert sizes == [len(first) - (keeper == 0) + (keeper == 1), len(second) - (keeper == 1) + (keeper == 0)]


def test_a_side_keeping_the_excuse_without_an_empty_card_counts_it_alone() -> None:
    assert ft.settlement_used(cards("0 KC QC"), 0, "exchange") == "alone"
    assert ft.settlement_used(cards("0 KC 2C"), 0, "exchange") == "exchange"
    assert ft.settlement_used(cards("0"), None, "adjust") == "adjust"


def test_points_text() -> None:
    assert [ft.points_text(v) for v in (Fraction(81, 2), 49, Fraction(1, 2), Fraction(-1, 2), 0)] == [
        "40½", "49", "½", "-½", "0"]


# --- refusals ------------------------------------------------------------------------------


def test_bad_input_is_refused_with_a_reason() -> None:
    state = table(4)
    assert "not your turn" in refused(state, 2, {"type": "bid", "contract": "garde"})
    assert "<@1>" in refused(state, 3, {"type": "bid", "contract": "garde"})
    assert "not seated" in refused(state, 99, {"type": "bid", "contract": "garde"})
    assert "no action" in refused(state, 1, {"type": "fold"})
    assert "needs a type" in refused(state, 1, {"contract": "garde"})
    assert "can't play now" in refused(state, 1, {"type": "play", "card": "KC"})
    assert "can't discard now" in refused(state, 1, {"type": "discard", "cards": "KC"})
    assert "poignee or a chelem" in refused(state, 1, {"type": "announce", "what": "misère"})


def test_cards_not_in_hand_or_unreadable_are_refused() -> None:
    state = position(["5C 6C", "7C 8C", "9C 10C", "JC NC"], leader=0)
    assert "KC (King of Cups) is not in your hand" in refused(state, 1, {"type": "play", "card": "KC"})
    assert "can't read" in refused(state, 1, {"type": "play", "card": "the moon queen"})
    assert "exactly one card" in refused(state, 1, {"type": "play", "card": "5C 6C"})
    assert "name the cards" in refused(state, 1, {"type": "play"})
    ft.apply(state, 1, {"type": "play", "card": "five of cups"})
    assert "not your turn" in refused(state, 1, {"type": "play", "card": "6C"})


def test_options_are_validated() -> None:
    for bad in [dict(players=6), dict(players=4, bots=4), dict(count_method="guess"), dict(hands=-1),
                dict(excuse_settlement="keep"), dict(timer=True), dict(style="tarot de besancon")]:
        with pytest.raises(IllegalAction):
            ft.Options(**bad).validate()
    assert ft.seat_range(ft.Options(players=5)) == (5, 5)
    with pytest.raises(IllegalAction, match="for 4 players"):
        predict(1)
        ft.new(ft.Options(), [SeatSpec(1), SeatSpec(2), SeatSpec(3)])


def test_leaving_hands_the_seat_to_a_computer_player() -> None:
    state = table(4)
    events = ft.apply(state, 2, {"type": "leave"})
    assert events[0].data == {"player": 2, "by": -1} and state.players[1] == -1
    assert ft.pending(state) == [1]
    ft.apply(state, 1, {"type": "bid", "contract": "pass"})
    assert ft.pending(state) == [-1] and ft.apply(state, -1, ft.computer_action(state, -1))


def test_step_key_changes_on_every_action() -> None:
    state = table(4, 5, hands=1)
    keys = {ft.step_key(state)}
    while not ft.is_over(state):
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
        key = ft.step_key(state)
        assert key not in keys
        keys.add(key)


# --- properties over random legal games ----------------------------------------------------


def hidden_codes(state: ft.State, viewer: int | None) -> set[str]:
    """Cards `viewer` may not see now: other hands, the discard (not its shown trumps), an
    unseen dog."""
    hidden = set()
    for seat, hand in enumerate(state.hands):
        if state.players[seat] != viewer:
            hidden.update(c.code for c in hand)
    if viewer != (state.players[state.taker] if state.taker is not None else None):
        hidden.update(c.code for c in state.discard if not ft.is_trump(c))
    if not state.dog_shown:
        hidden.update(c.code for c in state.dog)
    public = {c.code for c in state.dog} if state.dog_shown else set()
    public |= {code for p in state.poignees for code in p["cards"]}
    public |= {c.code for c in state.hands[0] + state.dog if state.called and ft.same(c, state.called)}
    public |= {c.code for h in state.hands for c in h if state.called and ft.same(c, state.called)}
    return hidden - public


def shown_codes(view: dict[str, Any]) -> set[str]:
    live = {k: v for k, v in view.items() if k not in ("last_round", "history", "annulled")}
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(live)
    return found


def check_step(state: ft.State, player: int, rng: random.Random) -> None:
    """Round trips, hidden cards, and a refused illegal move, at every step."""
    data = json.loads(json.dumps(ft.to_dict(state)))
    assert ft.from_dict(data) == state
    for viewer in (None, player):
        assert not hidden_codes(state, viewer) & shown_codes(ft.view(state, viewer))
    if state.phase == "playing" and state.partner is not None and not state.partner_known:
        assert ft.view(state, None)["partner"] is None
    illegal = illegal_move(state, player, rng)
    if illegal is not None:
        refused(state, illegal[0], illegal[1])


def illegal_move(state: ft.State, player: int, rng: random.Random) -> tuple[int, Action] | None:
    """A move outside the legal set: another player acting, a card not legal now, a low bid."""
    others = [p for p in state.players if p != player]
    seat = state.players.index(player)
    if state.phase == "playing":
        legal = {c.code for c in ft.legal_cards(state, seat)}
        wrong = [c.code for c in full_deck() if c.code not in legal and (c.code + "r") not in legal]
        return rng.choice([(player, {"type": "play", "card": rng.choice(wrong)}),
                           (rng.choice(others), {"type": "play", "card": rng.choice(sorted(legal))})])
    if state.phase == "bidding":
        low = [c for c in ft.CONTRACTS if c not in ft.legal_bids(state)]
        if low:
            return player, {"type": "bid", "contract": rng.choice(low)}
        return rng.choice(others), {"type": "bid", "contract": "garde_contre"}
    if state.phase == "discarding":
        kings = [c.code for c in state.hands[seat] if ft.is_king(c) or c.is_oudler]
        plain = [c.code for c in state.hands[seat] if c.suit is not None and not ft.is_king(c)]
        if kings and len(plain) >= 5:
            return player, {"type": "discard", "cards": [kings[0], *plain[:5]]}
    return None


def full_game(players: int, seed: int, moves: int, hands: int = 1) -> ft.State:
    state = table(players, seed, hands=hands)
    play_randomly(state, random.Random(moves), check_step)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@PROPERTY
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_random_legal_games_keep_every_invariant(players: int, seed: int, moves: int) -> None:
    state = full_game(players, seed, moves)
    assert ft.is_over(state) and sum(state.totals) == 0
    if state.contract is None:
        return
    first, second, keeper = ft.piles(state)
    every = Counter(c.face.code for c in first + second)
    assert every == Counter(c.code for c in full_deck()), "every card ends in exactly one pile"
    taker, defence, used = ft.pile_points(state, first, second, keeper)
    assert taker + defence == 91
    if players == 4:
        assert taker.denominator == 1 and defence.denominator == 1
    for method in counting.METHODS:
        for settlement in ("exchange", "adjust", "alone"):
            if ft.settlement_used(first if keeper == 0 else second, keeper, settlement) != settlement:
                continue
            assert counting.settle_fool(first, second, keeper, settlement, 2, method) == (taker, defence)
        piles, _ = ft.sheet_piles(first, second, keeper, used, method)
        assert [Fraction(*p["exact"]) for p in piles] == [taker, defence]


@pytest.mark.parametrize("players", [3, 4, 5])
@PROPERTY
@given(seed=st.integers(0, 2**32))
def test_computer_players_finish_every_game(players: int, seed: int) -> None:
    state = table(players, seed, hands=players)
    for _ in range(5000):
        if ft.is_over(state):
            break
        player = ft.pending(state)[0]
        action = ft.computer_action(state, player)
        if action["type"] == "play":
            assert card(action["card"]) in ft.legal_cards(state, state.players.index(player))
        ft.apply(state, player, action)
    assert ft.is_over(state) and sum(state.totals) == 0
    assert state.hand_no == players and len(state.history) == players


def test_default_actions_are_safe_moves() -> None:
    state = table(4, 9)
    assert ft.default_action(state, 1) == {"type": "bid", "contract": "pass"}
    state = _taken("garde_sans")
    assert ft.default_action(state, 1) == {"type": "no_chelem"}
    ft.apply(state, 1, ft.default_action(state, 1))
    action = ft.default_action(state, 1)
    assert action["type"] == "play" and card(action["card"]) in ft.legal_cards(state, 0)


def test_view_shows_the_trick_the_last_trick_and_the_legal_cards() -> None:
    state = position(["5C 6C", "7C 8C", "9C 10C", "JC NC"], leader=0)
    for seat, code in enumerate(["5C", "7C", "9C", "JC"]):
        ft.apply(state, seat + 1, {"type": "play", "card": code})
    view = ft.view(state, 4)
    assert view["last_trick"]["winner"] == 4 and [e["card"] for e in view["last_trick"]["cards"]] == [
        "5C", "7C", "9C", "JC"]
    assert view["turn"] == 4 and view["legal"] == ["NC"] and view["hand"] == ["NC"]
    assert "hand" not in ft.view(state, None)


def test_tarot_names() -> None:
    assert [ft.tarot_name(card(c)) for c in ("KC", "0", "1", "15", "QSr")] == [
        "King of Cups", "the Excuse", "the Petit (trump 1)", "trump 15", "Queen of Swords"]


def test_sort_hand_puts_suits_then_trumps_then_the_excuse() -> None:
    assert codes(ft.sort_hand(cards("0 21 KC 2W 1 5S"))) == ["2W", "KC", "5S", "1", "21", "0"]



# --- words: one suit vocabulary per deck style (issue 11) ---------------------------------------


@pytest.mark.parametrize(("style", "word"), [("rws", "Pentacles"), ("marseille", "Coins"), ("thoth", "Disks")])
def test_refusals_name_suits_in_the_tables_deck_style(style: str, word: str) -> None:
    said = ft.refusal_text(("follow", "P"), card("2P"), style)
    assert said == f"you must follow suit: {word} were led and you hold {word}"
    assert ft.tarot_name(card("KP"), style).endswith(word)
    others = {"Pentacles", "Coins", "Disks"} - {word}
    assert not any(other in said for other in others)
