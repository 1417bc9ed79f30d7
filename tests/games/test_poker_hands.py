"""Major Poker hand values: every example of rules/poker.md, the comparison key by key, and
properties (permutations, best five of seven = the best of the 21 subsets, majors kept)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import poker
from games.cards import Card, cards, full_deck
from games.poker.hands import (
    best_five,
    best_hand,
    best_hand_by_subsets,
    best_orientation,
    category_of,
    explain,
    hand_value,
    has_major,
)

DECK = full_deck()


def value(codes: str) -> int:
    return hand_value(cards(codes))


def kind(codes: str) -> str:
    return poker.category(cards(codes))


# --- the examples of rules/poker.md ------------------------------------------------------------


def test_example_a_major_pair_of_sixes_beats_five_majors_making_high_card() -> None:
    pair = "6W 6S 13 KC 9P"  # a pair of minor sixes, one major (Death), two minors
    five_majors = "21 20 19 18 12"  # First and Third majors: no flush, no straight
    assert kind(pair) == "one pair" and kind(five_majors) == "high card"
    assert value(pair) > value(five_majors)


def test_example_the_highest_five_of_a_kind() -> None:
    best = value("21r 11r 1r ACr ASr")
    assert kind("21r 11r 1r ACr ASr") == "five of a kind"
    assert best == value("21r 11r 1r AWr APr")  # any two minor aces
    fives = [hand_value(five) for five in _all_five_of_a_kind()]
    assert len(fives) > 100 and max(fives) == best
    assert sum(v == best for v in fives) == 6  # C(4, 2) choices of the two minor aces


def _all_five_of_a_kind() -> list[list[Card]]:
    hands = []
    for rank in range(2, 16):
        same = [c for c in DECK if c.poker_rank == rank]
        for five in itertools.combinations(same, 5):
            for reversed_ in (False, True):
                hands.append([c.oriented(reversed_) for c in five])
    return hands


def test_example_five_majors_of_two_major_suits_are_high_card_and_beat_a_royal_flush() -> None:
    majors = "2 4 7 13 19"  # High Priestess, Emperor, Chariot, Death, Sun
    assert kind(majors) == "high card"
    royal = "AC KC QC NC JC"
    assert kind(royal) == "straight flush"
    assert value(majors) > value(royal)
    rng = random.Random(1)
    minors = [c for c in DECK if not c.is_major]
    for _ in range(2000):
        hand = [c.oriented(rng.random() < 0.5) for c in rng.sample(minors, 5)]
        assert value(majors) > hand_value(hand)


def test_example_three_reversed_sixes_over_two_upright_sixes_is_a_full_house() -> None:
    assert kind("16r 6 6Pr 6W 6Cr") == "full house"
    assert kind("16r 6r 6Pr 6Wr 6Cr") == "five of a kind"


def test_example_the_empress_and_death_beat_a_major_and_minor_three_beat_two_minor_threes() -> None:
    rest = " KS 9P 5W"
    assert value("3 13" + rest) > value("3 3C" + rest) > value("3W 3C" + rest)
    assert value("13 3C" + rest) == value("3 3C" + rest)  # no major suit outranks another


def test_example_the_two_best_straight_flushes_tie() -> None:
    second, third = value("10r 9r 8r 7r 6r"), value("20r 19r 18r 17r 16r")
    assert second == third
    assert kind("10r 9r 8r 7r 6r") == "straight flush"
    every = [hand_value(h) for h in _all_straight_flushes()]
    assert max(every) == second and sum(v == second for v in every) == 2


def _all_straight_flushes() -> list[list[Card]]:
    hands = []
    suits = {"W", "C", "S", "P", "MS", "MT"}
    for suit in suits:
        members = {c.poker_rank: c for c in DECK if c.poker_suit == suit}
        for top in range(5, 16):
            ranks = [15 if r == 1 else r for r in range(top, top - 5, -1)]
            if all(r in members for r in ranks):
                for flips in itertools.product((False, True), repeat=5):
                    hands.append([members[r].oriented(f) for r, f in zip(ranks, flips, strict=True)])
    return hands


def test_example_a_royal_flush_loses_to_high_card_with_a_major() -> None:
    assert kind("2W 3C 5S 9P 1") == "high card"
    assert value("2W 3C 5S 9P 1") > value("AS KS QS NS JS")


def test_no_flush_holds_the_fool_or_the_world() -> None:
    assert kind("0 21 2W 3W 4W") == "high card"
    assert kind("10 9 7 4 2") == "flush"  # Second majors
    assert kind("20 19 17 14 12") == "flush"  # Third majors
    assert kind("10 19 17 14 12") == "high card"  # Second and Third: two suits


def test_a_major_straight_flush_tops_out_at_ten() -> None:
    assert kind("1 2 3 4 5") == "straight flush"  # the wheel in Second majors
    assert value("1 2 3 4 5") < value("6 2 3 4 5") < value("10 9 8 7 6")


# --- categories and keys -----------------------------------------------------------------------


@pytest.mark.parametrize(("codes", "expected"), [
    ("KW KC KS KP 10", "four of a kind"),
    ("KW KC KS 4P 4C", "full house"),
    ("2W 7W 9W JW KW", "flush"),
    ("9W 10C JS NP QW", "straight"),
    ("AW 2C 3S 4P 5W", "straight"),
    ("9W 9C 9S 4P 2W", "three of a kind"),
    ("9W 9C 4S 4P 2W", "two pair"),
    ("9W 9C 5S 4P 2W", "one pair"),
    ("9W 7C 5S 4P 2W", "high card"),
    ("9W 9Cr 5S 4P 2W", "high card"),  # of a kind means the same orientation too
    ("9W 9Cr 9S 9Pr 2W", "two pair"),
    ("9Wr 10C JSr NP QWr", "straight"),  # sequences ignore orientation
    ("2Wr 7W 9Wr JW KW", "flush"),  # flushes ignore orientation
    ("KW QW NW JW 10W", "straight flush"),
])
def test_categories(codes: str, expected: str) -> None:
    assert kind(codes) == expected


def test_category_order_follows_the_seed_straight_flush_above_five_of_a_kind() -> None:
    ladder = ["10r 9r 8r 7r 6r", "21r 11r 1r ACr ASr", "9W 9C 9S 9P 18", "9W 9C 9S 4P 14",
              "2 4 7 9 10", "9W 10C JS NP 18", "9W 9C 9S 4P 12", "9W 9C 4S 4P 12",
              "9W 9C 5S 4P 12", "9W 7C 5S 4P 12"]
    values = [value(h) for h in ladder]
    assert values == sorted(values, reverse=True)
    assert [category_of(v) for v in values] == list(reversed(poker.CATEGORIES))


def test_any_rank_beats_a_lower_one_whatever_its_orientation() -> None:
    assert value("3W 3C KS 9P 5W") > value("2Wr 2Cr KS 9P 5W")  # any 3 beats any 2
    assert value("2Wr 2Cr KS 9P 5W") > value("2W 2C KS 9P 5W")  # a reversed pair beats upright


def test_groups_compare_by_size_first() -> None:
    assert value("3W 3C 3S KP QW") > value("2W 2C 2S AP KW")  # trips first, then kickers
    assert value("4W 4C 4S 2P 2W") > value("3W 3C 3S AP AW")  # full houses: the three first
    assert value("AW AC 4S 4P 9W") > value("AW AC 4Sr 4P 9Wr")  # 4Sr and 4P are not a pair
    assert value("AW AC 4Sr 4P 9Wr") > value("AW AC 4Sr 4P 9W")


def test_the_wheel_is_the_lowest_straight_its_ace_low() -> None:
    assert value("AW 2C 3S 4P 5W") < value("2C 3S 4P 5W 6C")
    assert value("AWr 2C 3S 4P 5W") < value("AW 2C 3S 4P 5Wr")  # the ace is the last position


def test_high_card_compares_card_by_card_rank_then_orientation_then_major() -> None:
    assert value("KW 9C 7S 5P 13") > value("KW 9C 7S 4P 13")  # the fourth card decides
    assert value("KWr 9C 7S 4P 13") > value("KW 9C 7S 4P 13")
    assert value("9 8W 6S 4P 2C") > value("9W 8 6S 4P 2C")  # the major on the top card


def test_five_cards_exactly() -> None:
    with pytest.raises(ValueError):
        value("2W 3W 4W 5W")
    with pytest.raises(ValueError):
        best_hand(cards("2W 3W 4W 5W"))


# --- seven cards and orientation -------------------------------------------------------------


def test_the_best_five_of_seven_keep_a_major_over_a_minor_straight_flush() -> None:
    seven = cards("AS KS QS NS JS 3C 12")
    assert category_of(best_hand(seven)) == "high card"
    assert any(c.is_major for c in best_five(seven))


def test_best_orientation_pairs_an_upright_board_card() -> None:
    hole, board = cards("6W KC"), cards("6C 6S 2Pr 9W 13r")
    turned = best_orientation(hole, board)
    assert turned[0] == cards("6W")[0]  # kept upright: three upright sixes
    assert turned[1].reversed  # the king is reversed (a higher single)
    assert category_of(best_hand([*turned, *board])) == "three of a kind"


def test_best_orientation_reverses_when_it_changes_nothing() -> None:
    turned = best_orientation(cards("AC KC"), cards("2W 7S 9Pr 13r 5Cr"))
    assert all(c.reversed for c in turned)


# --- properties --------------------------------------------------------------------------------

POOLS = st.sampled_from([
    DECK,
    [c for c in DECK if c.is_major],
    [c for c in DECK if c.poker_rank in (9, 10, 15)],
    [c for c in DECK if c.poker_suit in ("W", "MS", "MT")],
    [c for c in DECK if 6 <= c.poker_rank <= 10],
])


@st.composite
def hands(draw: st.DrawFn, size: int = 7) -> list[Card]:
    pool = draw(POOLS)
    chosen = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    flips = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    return [c.oriented(f) for c, f in zip(chosen, flips, strict=True)]


@settings(max_examples=400, deadline=None)
@given(hands(5), st.randoms(use_true_random=False))
def test_hand_value_does_not_depend_on_the_order_of_the_cards(hand: list[Card], rng: random.Random) -> None:
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert hand_value(shuffled) == hand_value(hand)


@settings(max_examples=300, deadline=None)
@given(hands(5), hands(5), hands(5))
def test_hand_values_are_a_total_order(a: list[Card], b: list[Card], c: list[Card]) -> None:
    x, y, z = hand_value(a), hand_value(b), hand_value(c)
    assert (x < y) + (x == y) + (x > y) == 1
    if x <= y <= z:
        assert x <= z
    assert has_major(x) == any(card.is_major for card in a)


@settings(max_examples=500, deadline=None)  # each one against all (up to 21) five-card subsets
@given(st.integers(5, 7).flatmap(hands))
def test_best_hand_is_the_best_of_every_five_card_subset(hand: list[Card]) -> None:
    assert best_hand(hand) == best_hand_by_subsets(hand)


@settings(max_examples=500, deadline=None)
@given(hands(7))
def test_the_best_five_of_seven_hold_a_major_when_the_seven_do(hand: list[Card]) -> None:
    if any(c.is_major for c in hand):
        assert has_major(best_hand(hand))
        assert any(c.is_major for c in best_five(hand))
    assert hand_value(best_five(hand)) == best_hand(hand)


def test_best_hand_agrees_with_the_subsets_on_many_random_deals() -> None:
    rng = random.Random(78)
    for _ in range(3000):
        hand = [c.oriented(rng.random() < 0.5) for c in rng.sample(DECK, rng.choice((5, 6, 7)))]
        assert best_hand(hand) == best_hand_by_subsets(hand)


EXPLAINED = [
    ("KW KC KS 2W 3C", "10W 10C 10S 2S 3P", "three kings beat three tens"),
    ("6W 6C AS 9W 3C", "6S 6P KS 9C 3P", "both a pair of sixes: the ace kicker beats the king"),
    ("6W 6C ASr 9W 3C", "6S 6P AW 9C 3P", "both a pair of sixes: the reversed ace kicker beats the ace"),
    ("6Wr 6Cr AS 9W 3C", "6S 6P AW 9C 3P", "a pair of reversed sixes beats a pair of sixes"),
    ("AW 4C 7S 9P JW", "AC 4S 7P 8W 10C", "both ace high: then the page beats the ten"),
    ("KW KC 6S 6W 3C", "KS KP 5S 5W 3P", "two pair, kings and sixes beats two pair, kings and fives"),
    ("3 13 5W 7C 9S", "3 3C 5S 7P 9W", "both a pair of threes: threes with 2 majors beat threes with 1"),
    ("2W 3C 5S 9P 1", "AW KW QW NW JW",
     "ace high with a major beats a straight flush to the ace without one"),
    ("KW KC KS 6W 6C", "QW QC QS 2W 2C",
     "a full house, kings over sixes beats a full house, queens over twos"),
    ("10r 9r 8r 7r 6r", "20r 19r 18r 17r 16r", "a tie: both a straight flush to the ten"),
]


@pytest.mark.parametrize(("winner", "loser", "said"), EXPLAINED)
def test_explain_names_the_deciding_cards(winner: str, loser: str, said: str) -> None:
    won, lost = hand_value(cards(winner)), hand_value(cards(loser))
    assert won >= lost
    assert explain(won, lost) == said
