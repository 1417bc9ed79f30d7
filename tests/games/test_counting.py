"""The counter: every example of rules/counting.md and of the source (seeds/001), and the
properties the rules promise (methods agree, regrouping changes nothing, the pack adds up)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card, cards, full_deck
from games.counting import (
    ITALIAN,
    ITALIAN_TENS,
    METHODS,
    STANDARD,
    VALUE_TABLES,
    ZWANZIGER,
    ValueTable,
    card_points,
    count,
    count_working,
    group_bonus,
    is_oudler,
    oudler_count,
    settle_fool,
)

F = Fraction
DECK = full_deck()
TABLES = list(VALUE_TABLES.values())


def all_methods(pile: list[Card], group: int, values: ValueTable = STANDARD) -> dict[str, Fraction]:
    return {method: count(pile, group, method, values) for method in METHODS}


def agreed(pile: list[Card], group: int, values: ValueTable = STANDARD) -> Fraction:
    """The one total all four methods give; fails the test if they differ."""
    totals = all_methods(pile, group, values)
    assert len(set(totals.values())) == 1, totals
    return next(iter(totals.values()))


# --- the values table ------------------------------------------------------------------------

VALUE_ROWS = [
    ("1", 5), ("21", 5), ("0", 5),  # the oudlers
    ("KW", 5), ("KC", 5), ("KS", 5), ("KP", 5),
    ("QW", 4), ("QP", 4),
    ("NC", 3), ("NS", 3),
    ("JW", 2), ("JP", 2),
    ("2", 1), ("20", 1), ("11", 1), ("AW", 1), ("10S", 1), ("5C", 1),
]


@pytest.mark.parametrize(("code", "nominal"), VALUE_ROWS)
@pytest.mark.parametrize("group", [1, 2, 3, 4])
def test_value_table_rows(code: str, nominal: int, group: int) -> None:
    (c,) = cards(code)
    assert STANDARD.nominal(c) == nominal
    assert STANDARD.reduced(c) == nominal - 1
    assert STANDARD.fractional(c, group) == nominal - 1 + F(1, group)
    assert STANDARD.is_empty(c) == (nominal == 1)


def test_orientation_does_not_change_a_value() -> None:
    for c in DECK:
        assert STANDARD.nominal(c.turned()) == STANDARD.nominal(c)


def test_source_fractional_values_in_threes() -> None:
    # "a king plus two empty cards is worth 5 points (4 1/3 + 1/3 + 1/3)"; riders 2 1/3 each.
    assert STANDARD.fractional(cards("KC")[0], 3) == 4 + F(1, 3)
    assert STANDARD.fractional(cards("QC")[0], 3) == 3 + F(1, 3)
    assert STANDARD.fractional(cards("NW")[0], 3) == 2 + F(1, 3)
    assert STANDARD.fractional(cards("7W")[0], 3) == F(1, 3)


def test_zwanziger_numeral_cards_are_worth_nothing() -> None:
    for code in ("AW", "5C", "10S", "9P"):
        (c,) = cards(code)
        assert ZWANZIGER.nominal(c) == 0
        assert ZWANZIGER.reduced(c) == -1
        assert ZWANZIGER.fractional(c, 3) == -1 + F(1, 3)
    # empty trumps keep their nominal 1, the courts and oudlers as usual
    assert [ZWANZIGER.nominal(c) for c in cards("5 20 KC QS NW JP 0 21 1")] == [1, 1, 5, 4, 3, 2, 5, 5, 5]


def test_italian_tables_have_extra_trumps() -> None:
    (twenty, world) = cards("20 21")
    assert STANDARD.nominal(twenty) == 1
    assert ITALIAN.nominal(twenty) == 5
    assert ITALIAN_TENS.nominal(world) == 10
    assert ITALIAN.nominal(world) == STANDARD.nominal(world) == 5


def test_a_value_table_is_pluggable() -> None:
    custom = STANDARD.with_trumps("custom", {13: 10, 4: 5})
    assert custom.nominal(cards("13")[0]) == 10
    assert custom.nominal(cards("4")[0]) == 5
    assert count(cards("13 4 2"), 3, "valuable", custom) == 10 + 5 - 1
    assert agreed(cards("13 4 2 KC"), 3, custom) == 9 + 4 + 0 + 4 + 1  # reduced + one group


def test_the_pack_totals_under_other_tables() -> None:
    # nominal sums counted singly: Zwanziger loses the 40 suit numeral cards' points
    assert agreed(DECK, 1, ZWANZIGER) == 130 - 40
    assert agreed(DECK, 1, ITALIAN) == 130 + 4
    assert agreed(DECK, 3, ITALIAN_TENS) == 78 + 4 + 5


# --- the source's examples (counting in threes) -------------------------------------------

SOURCE_EXAMPLES = [
    ("2 7W 9S", 1),  # three empty cards
    ("KC 3 4P", 5),  # a king plus two empty cards
    ("KC QS 6W", 8),  # a king, a queen and an empty card
    ("NW NC NS", 7),  # three riders
]


@pytest.mark.parametrize(("pile", "total"), SOURCE_EXAMPLES)
@pytest.mark.parametrize("method", METHODS)
def test_source_examples_in_threes(pile: str, total: int, method: str) -> None:
    assert count(cards(pile), 3, method) == total
    working = count_working(cards(pile), 3, method)
    assert len(working) == 1 and working[0][1] == total


def test_valuable_cards_rule_by_number_of_valuable_cards() -> None:
    # one valuable: its value; two: one less than the sum; three: two less; four: three less
    assert count(cards("QC 2 3 4"), 4, "valuable") == 4
    assert count(cards("QC NS 3 4"), 4, "valuable") == 4 + 3 - 1
    assert count(cards("QC NS JW 4"), 4, "valuable") == 4 + 3 + 2 - 2
    assert count(cards("QC NS JW KP"), 4, "valuable") == 4 + 3 + 2 + 5 - 3


def test_counting_singly_uses_the_nominal_values() -> None:
    pile = cards("KC NW JS JP 2W 3W 4W 21")  # the source's "groups that add up to five"
    assert agreed(pile, 1) == 5 + (3 + 2) + (2 + 1 + 1 + 1) + 5
    assert [value for _, value in count_working(pile, 1, "original")] == [5, 3, 2, 2, 1, 1, 1, 5]


def test_french_tarot_counts_in_twos_with_half_points() -> None:
    assert agreed(cards("KC 5W"), 2) == 5
    assert agreed(cards("KC"), 2) == F(9, 2)
    assert agreed(cards("5W 6W 7W"), 2) == F(3, 2)


# --- incomplete groups (the table of counting.md) ------------------------------------------

INCOMPLETE = [
    # n = 3, two cards: +1 as if complete / 2/3 rounded up / nominal sum - 1 / completed by an empty
    ("KC 5W", 3, 5),
    ("KC QS", 3, 8),
    ("5W 6W", 3, 1),
    # n = 3, one card: nothing for the group / 1/3 rounded down / nominal - 1 / empty 0, valuable -1
    ("KC", 3, 4),
    ("5W", 3, 0),
    ("JP", 3, 1),
    # n = 2, one card: the reduced value + 1/2 for every method
    ("KC", 2, F(9, 2)),
    ("5W", 2, F(1, 2)),
    ("NS", 2, F(5, 2)),
    # n = 4, three cards: as if an empty card completed the group
    ("KC 5W 6W", 4, 5),
    ("KC QC 6W", 4, 8),
    ("5W 6W 7W", 4, 1),
    # n = 4, two cards (Troccas): a whole group, as if two empty cards were added
    ("KC QC", 4, 8),
    ("QC 5W", 4, 4),
    ("5W 6W", 4, 1),
    # n = 4, one card: as n = 3, one card
    ("KC", 4, 4),
    ("5W", 4, 0),
]


@pytest.mark.parametrize(("pile", "group", "total"), INCOMPLETE)
@pytest.mark.parametrize("method", METHODS)
def test_incomplete_groups(pile: str, group: int, total: Fraction, method: str) -> None:
    assert count(cards(pile), group, method) == total
    assert sum(v for _, v in count_working(cards(pile), group, method)) == total


@pytest.mark.parametrize("method", METHODS)
def test_left_over_part_after_complete_groups(method: str) -> None:
    # two complete groups of three, then two odd cards (+1 for a group) or one (nothing)
    assert count(cards("KC 2 3 QS 4 5 NW 6"), 3, method) == 5 + 4 + 3
    assert count(cards("KC 2 3 QS 4 5 NW"), 3, method) == 5 + 4 + 2


def test_group_bonus_follows_the_general_rule() -> None:
    assert [group_bonus(k, 4) for k in (1, 2, 3, 4)] == [0, 1, 1, 1]
    assert [group_bonus(k, 3) for k in (1, 2, 3)] == [0, 1, 1]
    assert [group_bonus(k, 2) for k in (1, 2)] == [F(1, 2), 1]
    assert group_bonus(1, 1) == 1


def test_working_of_a_single_odd_card() -> None:
    # n = 3, one card QS: the methods agree, and the working is a single group of that card
    for method in METHODS:
        assert count_working(cards("QS"), 3, method) == [(cards("QS"), 3)]


# --- the whole pack --------------------------------------------------------------------------


@pytest.mark.parametrize(("group", "total"), [(3, 78), (2, 91), (1, 130), (4, 52 + 20)])
def test_the_whole_pack(group: int, total: int) -> None:
    assert agreed(DECK, group) == total


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="groups of 1 to 4"):
        count(DECK, 5)
    with pytest.raises(ValueError, match="groups of 1 to 4"):
        count_working(DECK, 0)
    with pytest.raises(ValueError, match="unknown counting method"):
        count(DECK, 3, "guess")


def test_an_empty_pile_is_worth_nothing() -> None:
    for method in METHODS:
        assert count([], 3, method) == 0
        assert count_working([], 3, method) == []


def test_results_are_exact_fractions() -> None:
    for method in METHODS:
        assert type(count(cards("KC 2 3"), 3, method)) is Fraction
        assert all(type(v) is Fraction for _, v in count_working(cards("KC 2 3 4"), 3, method))


# --- the working ---------------------------------------------------------------------------


def test_working_of_the_valuable_method_spreads_the_valuable_cards() -> None:
    pile = cards("KC QS 2 3 4 5 6 NW 7")
    working = count_working(pile, 3, "valuable")
    assert [sum(1 for c in g if not STANDARD.is_empty(c)) for g, _ in working] == [1, 1, 1]
    assert sorted(v for _, v in working) == [3, 4, 5]


def test_the_valuable_method_leaves_empty_cards_for_the_left_over_part() -> None:
    working = count_working(cards("0 KC 5W 3C 9P 2S QC"), 3, "valuable")
    assert [len(g) for g, _ in working] == [3, 3, 1]
    assert STANDARD.is_empty(working[-1][0][0]) and working[-1][1] == 0


def test_working_of_the_other_methods_keeps_the_pile_order() -> None:
    pile = cards("KC QS NW 2 3 4 5")
    working = count_working(pile, 3, "subtraction")
    assert [g for g, _ in working] == [cards("KC QS NW"), cards("2 3 4"), cards("5")]
    assert [v for _, v in working] == [5 + 4 + 3 - 2, 1, 0]


# --- French Tarot helpers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "points"),
    [("0", "9/2"), ("1", "9/2"), ("21", "9/2"), ("KS", "9/2"), ("QW", "7/2"), ("NC", "5/2"),
     ("JP", "3/2"), ("AW", "1/2"), ("10C", "1/2"), ("2", "1/2"), ("20", "1/2")],
)
def test_card_points(code: str, points: str) -> None:
    assert card_points(cards(code)[0]) == F(points)


def test_oudlers() -> None:
    assert [c.code for c in DECK if is_oudler(c)] == ["0", "1", "21"]
    assert oudler_count(cards("0 1r 21 KC 2 20")) == 3
    assert oudler_count(cards("KC 2 20 AW")) == 0


def test_card_points_of_the_pack_add_to_91() -> None:
    assert sum(card_points(c) for c in DECK) == 91


# --- the Fool --------------------------------------------------------------------------------

SETTLEMENTS = ("exchange", "adjust", "alone")


@pytest.mark.parametrize("settlement", SETTLEMENTS)
def test_fool_settlement_example(settlement: str) -> None:
    keeper, short = cards("0 KC 5W"), cards("QC 3W")
    # exchange in twos: the keeper keeps 0 KC (9), the other side QC 3W 5W (7/2 + 1/2 + 1/2)
    assert settle_fool(keeper, short, 0, settlement) == (9, F(9, 2))
    assert settle_fool(short, keeper, 1, settlement) == (F(9, 2), 9)


def test_fool_alone_counts_four_points_outside_any_group() -> None:
    keeper, short = cards("0 KC 5W 6W"), cards("QC")
    # in threes: KC 5W 6W is one group (5), the Fool alone 4; QC + an empty card: 3 + 1
    assert settle_fool(keeper, short, 0, "alone", group=3, method="original") == (9, 4)


def test_no_settlement_when_nobody_is_short() -> None:
    assert settle_fool(cards("0 KC"), cards("QC 3W"), None) == (F(9, 1), F(4, 1))


def test_fool_settlement_errors() -> None:
    with pytest.raises(ValueError, match="hold the Fool"):
        settle_fool(cards("KC 5W"), cards("0 QC"), 0)
    with pytest.raises(ValueError, match="hold the Fool"):
        settle_fool(cards("0 KC"), cards("QC"), 2)
    with pytest.raises(ValueError, match="unknown Fool settlement"):
        settle_fool(cards("0 5W"), cards("QC"), 0, "swap")
    for settlement in ("exchange", "adjust"):
        with pytest.raises(ValueError, match="no empty card"):
            settle_fool(cards("0 KC"), cards("QC"), 0, settlement)
    assert settle_fool(cards("0 KC"), cards("QC"), 0, "alone") == (F(4) + F(9, 2), F(4))


# --- properties ------------------------------------------------------------------------------

piles = st.lists(st.sampled_from(DECK), unique=True, max_size=78)
groups = st.integers(min_value=1, max_value=4)
tables = st.sampled_from(TABLES)
methods = st.sampled_from(METHODS)


@given(piles, groups, tables)
def test_the_four_methods_agree(pile: list[Card], group: int, values: ValueTable) -> None:
    agreed(pile, group, values)


@given(piles, groups, tables)
def test_the_total_is_the_reduced_sum_plus_the_group_bonuses(
    pile: list[Card], group: int, values: ValueTable
) -> None:
    full, left = divmod(len(pile), group)
    bonus = full + (group_bonus(left, group) if left else 0)
    assert count(pile, group, "valuable", values) == sum(values.reduced(c) for c in pile) + bonus


@given(piles, groups, methods, st.randoms(use_true_random=False))
def test_regrouping_never_changes_the_total(
    pile: list[Card], group: int, method: str, rng: random.Random
) -> None:
    shuffled = list(pile)
    rng.shuffle(shuffled)
    assert count(shuffled, group, method) == count(pile, group, method)


@given(piles, st.sampled_from([2, 3, 4]), methods)
def test_a_left_over_part_counts_as_completed_by_empty_cards_or_as_no_group(
    pile: list[Card], group: int, method: str
) -> None:
    left = len(pile) % group
    if left == 0 or (group == 2 and left == 1):
        return
    spare = [c for c in DECK if STANDARD.is_empty(c) and c not in pile][: group - left]
    if 2 * left >= group and len(spare) == group - left:
        assert count(pile + spare, group, method) == count(pile, group, method)
    if 2 * left < group:
        odd = pile[len(pile) - left :]
        expected = count(pile[: len(pile) - left], group, method) + sum(STANDARD.reduced(c) for c in odd)
        assert count(pile, group, method) == expected


@given(st.randoms(use_true_random=False), groups, methods)
def test_splitting_the_pack_at_a_group_boundary_keeps_its_total(
    rng: random.Random, group: int, method: str
) -> None:
    deck = list(DECK)
    rng.shuffle(deck)
    cut = group * rng.randint(0, len(deck) // group)
    first, second = deck[:cut], deck[cut:]
    total = {1: 130, 2: 91, 3: 78, 4: 72}[group]
    assert count(first, group, method) + count(second, group, method) == total


@given(st.randoms(use_true_random=False), methods)
def test_in_twos_any_split_of_the_pack_adds_to_91(rng: random.Random, method: str) -> None:
    deck = list(DECK)
    rng.shuffle(deck)
    cut = rng.randint(0, len(deck))
    assert count(deck[:cut], 2, method) + count(deck[cut:], 2, method) == 91


@given(piles, groups, methods, tables)
def test_working_sums_to_the_count_and_partitions_the_pile(
    pile: list[Card], group: int, method: str, values: ValueTable
) -> None:
    working = count_working(pile, group, method, values)
    assert sum((v for _, v in working), F(0)) == count(pile, group, method, values)
    formed = [c for g, _ in working for c in g]
    assert sorted(formed, key=DECK.index) == sorted(pile, key=DECK.index)
    sizes = [len(g) for g, _ in working]
    assert all(size == group for size in sizes[:-1]) and (not sizes or 0 < sizes[-1] <= group)


@settings(max_examples=200)
@given(st.randoms(use_true_random=False), groups, methods, tables, st.integers(0, 1))
def test_the_three_fool_settlements_agree(
    rng: random.Random, group: int, method: str, values: ValueTable, keeper: int
) -> None:
    deck = [c for c in DECK if c != Card(None, 0)]
    rng.shuffle(deck)
    cut = rng.randint(1, len(deck) - 1)
    kept = [Card(None, 0), *deck[:cut]]
    if not any(values.is_empty(c) for c in kept):
        return
    piles = (kept, deck[cut:]) if keeper == 0 else (deck[cut:], kept)
    totals = {s: settle_fool(*piles, keeper, s, group, method, values) for s in SETTLEMENTS}
    assert len(set(totals.values())) == 1, totals


@given(st.randoms(use_true_random=False), methods, st.integers(0, 1))
def test_settled_french_piles_add_to_91(rng: random.Random, method: str, keeper: int) -> None:
    deck = [c for c in DECK if c != Card(None, 0)]
    rng.shuffle(deck)
    cut = rng.randint(2, len(deck) - 1)
    kept = [*deck[:cut], Card(None, 0, rng.random() < 0.5)]
    if not any(STANDARD.is_empty(c) for c in kept):
        return
    piles = (kept, deck[cut:]) if keeper == 0 else (deck[cut:], kept)
    assert sum(settle_fool(*piles, keeper, "exchange", 2, method)) == 91
