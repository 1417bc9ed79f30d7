"""Tarot Rummy's melds: every example of rules/rummy.md, each meld type's edge cases, both
attributions and both 8/11 conventions, card values, and the exact searches (best arrangement
and best layoffs) against brute force."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from games import rummy
from games.cards import Card, cards, from_codes, full_deck
from games.rummy import melds as rm


def kind(codes: str, attributions: str = "gd", style: str = "rws", melds: str = "all") -> str | None:
    return rummy.meld_type(cards(codes), attributions, style, melds)


# --- the examples of rules/rummy.md -------------------------------------------------------------


def test_example_8C_15_6C_is_a_path_and_8C_14_6C_is_not():
    assert kind("8C 15 6C") == "path"
    assert kind("8C 14 6C") is None


def test_example_0_12_20_mother_0_1_2_serpent_1_16_21_double():
    assert kind("0 12 20") == "mother"
    assert kind("0 1 2") == "serpent"
    assert kind("1 16 21") == "double"


def test_example_17_18_4_is_a_single_the_zodiac_wraps():
    assert kind("17 18 4") == "single"


def test_example_4_5_6_single_with_gd_not_thoth_and_17_5_6_the_reverse():
    assert rm.fits("single", cards("4 5 6"), "gd")
    assert not rm.fits("single", cards("4 5 6"), "thoth")
    assert kind("4 5 6", "gd") == kind("4 5 6", "thoth") == "serpent"  # named by the first type that fits
    assert not rm.fits("single", cards("17 5 6"), "gd")
    assert rm.fits("single", cards("17 5 6"), "thoth")
    assert kind("17 5 6", "gd") is None and kind("17 5 6", "thoth") == "single"


def test_example_2C_4_6C_path_with_gd_not_thoth_and_7C_4_9C_the_reverse():
    assert kind("2C 4 6C", "gd") == "path" and kind("2C 4 6C", "thoth") is None
    assert kind("7C 4 9C", "gd") is None and kind("7C 4 9C", "thoth") == "path"


def test_example_unmelded_0_10_KC_3W_is_23():
    assert [rummy.card_value(c) for c in cards("0 10 KC 3W")] == [3, 7, 10, 3]
    assert rm.hand_value(cards("0 10 KC 3W")) == 23


# --- each meld type's edge cases --------------------------------------------------------------


@pytest.mark.parametrize("codes, expected", [
    ("19 20 21", "serpent"), ("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21", "serpent"),
    ("20 21 0", None),  # no wrap for the Serpent
    ("3 5 4", "serpent"), ("3 4 6", None), ("3 4", None),
])
def test_serpent_is_consecutive_trumps_without_wrap(codes, expected):
    assert kind(codes) == expected


@pytest.mark.parametrize("codes, expected", [
    ("AW 2W 3W", "sword"), ("10C JC NC QC KC", "sword"), ("9S 10S JS", "sword"),
    ("QW KW AW", None),  # no wrap: the King does not lead back to the Ace
    ("2W 3W 4C", None), ("2W 3W 5W", None),
])
def test_sword_is_a_run_in_one_suit_without_wrap(codes, expected):
    assert kind(codes) == expected


@pytest.mark.parametrize("codes, expected", [
    ("5C 5W 5S", "sphere"), ("KC KW KS KP", "sphere"), ("AC AW AS", "sphere"),
    ("5C 5W 5", None),  # a trump never joins a Sphere
    ("5C 5W", None), ("5C 5W 6S", None),
])
def test_sphere_is_one_rank_in_different_suits_never_with_trumps(codes, expected):
    assert kind(codes) == expected


@pytest.mark.parametrize("codes, expected", [
    ("5C 12 8C 15 6C", "path"),  # a chain of five: 5 -(Hanged Man)- 8 -(Devil)- 6
    ("AC 0 2C 3 3C 6 6C", "path"),  # seven: 1-2, 2-3, 3-6
    ("8C 15 6W", None),  # numbered cards of one suit
    ("8C 15 NC", None),  # courts have no sphere
    ("6C 4 2C 14 9C 6 3C", None),  # branching at sphere 6
    ("AC 0 2C 3 3C 1 7C 16 8C", None),  # a cycle (1-2-3) and a separate link (7-8)
    ("8C 15 6C 19", None),  # a trump too many
    ("8C 6C 15 9C", None),  # a card too many
])
def test_path_is_a_simple_chain_of_one_suit(codes, expected):
    assert kind(codes) == expected


@pytest.mark.parametrize("codes, expected", [
    ("0 12 20", "mother"), ("0 12", None), ("0 12 20 3", None), ("12 20 0", "mother"),
])
def test_mother_is_exactly_the_three_elemental_trumps(codes, expected):
    assert kind(codes) == expected


@pytest.mark.parametrize("codes, expected", [
    ("1 2 3 10 16 19 21", "double"), ("2 10 19", "double"), ("1 3 16 21", "double"), ("1 2 4", None),
    ("1 2 3", "serpent"),  # also a Double: named by the first type that fits
])
def test_double_is_three_or_more_planetary_trumps(codes, expected):
    assert kind(codes) == expected


@pytest.mark.parametrize("codes, attributions, expected", [
    ("15 17 18 4 5", "gd", True),  # Capricorn, Aquarius, Pisces, Aries, Taurus: round the circle
    ("18 4 17", "gd", True), ("13 14 15", "gd", True), ("13 15 17", "gd", False),
    ("4 5 6 7 8 9 11 13 14 15 17 18", "gd", True),  # the whole zodiac
    ("15 4 18", "thoth", True), ("15 17 18", "thoth", False), ("4 18 17 5", "thoth", True),
    ("1 4 5", "gd", False),
])
def test_single_wraps_round_the_zodiac_in_the_order_of_the_letters(codes, attributions, expected):
    assert rm.fits("single", cards(codes), attributions) is expected


def test_only_the_single_wraps():
    assert rm.fits("single", cards("18 4 5"))
    assert not rm.fits("serpent", cards("21 0 1"))
    assert not rm.fits("sword", cards("KC AC 2C"))


def test_the_thoth_swap_moves_the_emperor_and_the_star_and_keeps_their_signs():
    gd, thoth = rm.tree("gd"), rm.tree("thoth")
    assert (gd.letters[4], gd.paths[4], gd.joins[4]) == ("Heh", 15, (2, 6))
    assert (thoth.letters[4], thoth.paths[4], thoth.joins[4]) == ("Tzaddi", 28, (7, 9))
    assert (thoth.letters[17], thoth.paths[17], thoth.joins[17]) == ("Heh", 15, (2, 6))
    assert thoth.signs[4] == gd.signs[4] == "Aries" and thoth.signs[17] == "Aquarius"
    assert kind("2C 17 6C", "thoth") == "path" and kind("2C 17 6C", "gd") is None


@pytest.mark.parametrize("style", ["marseille", "thoth"])
def test_strength_and_justice_follow_the_deck_styles_numbering(style):
    # rws and french: VIII Strength (Leo, 4-5), XI Justice (Libra, 5-6); the others swap them.
    assert kind("4C 8 5C") == "path" and kind("5C 11 6C") == "path"
    assert kind("4C 11 5C", style=style) == "path" and kind("4C 8 5C", style=style) is None
    assert kind("5C 8 6C", style=style) == "path"
    assert rm.fits("single", cards("7 8 9")) and not rm.fits("single", cards("7 8 9"), deck_style=style)
    assert rm.fits("single", cards("7 11 9"), deck_style=style)
    assert rm.tree("gd", style).letters[11] == "Teth" and rm.tree("gd").letters[11] == "Lamed"


def test_french_style_numbers_like_rws():
    assert rm.tree("gd", "french") == rm.tree("gd", "rws")


def test_basic_melds_are_serpent_sword_and_sphere_only():
    assert kind("0 1 2", melds="basic") == "serpent"
    assert kind("8C 15 6C", melds="basic") is None and kind("0 12 20", melds="basic") is None
    assert "basic melds" in str(rm.meld_problem(cards("0 12 20"), melds="basic"))


@pytest.mark.parametrize("codes, fragment", [
    ("8C 14 6C", "path between spheres 6 and 9"),
    ("5C 5W 5", "only as a Path"),
    ("QW KW AW", "consecutive ranks"),
    ("2 5 9", "not consecutive"),
    ("8C 15 NC", "court cards"),
    ("8C 15", "at least three"),
])
def test_an_invalid_meld_says_why(codes, fragment):
    assert fragment in str(rm.meld_problem(cards(codes)))


def test_card_values():
    expected = {"AW": 1, "10S": 10, "JC": 10, "KP": 10, "0": 3, "12": 3, "20": 3, "1": 7, "21": 7,
                "16": 7, "4": 12, "8": 12, "11": 12, "18": 12}
    assert {code: rummy.card_value(c) for code, c in zip(expected, cards(list(expected)), strict=True)} == expected
    assert sum(rummy.card_value(c) for c in full_deck()) == 4 * (55 + 40) + 3 * 3 + 7 * 7 + 12 * 12


def test_orientation_does_not_matter():
    assert kind("8Cr 15 6Cr") == "path"
    assert rummy.best_melds(cards("0r 1 2r"))[1] == 0


# --- the exact search against brute force -----------------------------------------------------


def brute_best(hand: Sequence[Card], attributions: str = "gd", style: str = "rws", melds: str = "all") -> int:
    """Every subset that is a meld (by the predicates), then every way to pick disjoint ones."""
    n = len(hand)
    meld_masks = [m for m in range(1, 1 << n) if m.bit_count() >= 3
                  and rummy.meld_type([hand[i] for i in range(n) if m >> i & 1], attributions, style, melds)]
    values = [rummy.card_value(c) for c in hand]

    def search(free: int) -> int:
        if not free:
            return 0
        low = (free & -free).bit_length() - 1
        best = values[low] + search(free & ~(1 << low))
        for m in meld_masks:
            if m >> low & 1 and m & free == m:
                best = min(best, search(free & ~m))
        return best

    return search((1 << n) - 1)


def rich_hand(rng: random.Random, size: int) -> list[Card]:
    """Hands drawn from a crowded corner of the deck, so melds of every type abound."""
    pool = [c for c in full_deck() if c.is_major or (c.rank <= 9 and c.suit in "WC") or c.rank in (5, 12)]
    return rng.sample(pool if rng.random() < 0.7 else full_deck(), size)


@pytest.mark.parametrize("size", [10, 11])
def test_best_melds_equals_brute_force_on_random_hands(size):
    rng = random.Random(size)
    for _ in range(75):  # hands of 10 and 11 cards, each against every subset of its cards
        hand = rich_hand(rng, size)
        attributions, style = rng.choice(["gd", "thoth"]), rng.choice(["rws", "marseille"])
        found, value = rummy.best_melds(hand, attributions=attributions, deck_style=style)
        assert value == brute_best(hand, attributions, style), hand
        used = [c for m in found for c in m]
        assert len(used) == len(set(used)) and set(used) <= set(hand)
        assert all(rummy.meld_type(m, attributions, style) for m in found)
        assert value == rm.hand_value(c for c in hand if c not in used)


def test_best_melds_with_basic_melds_equals_brute_force():
    rng = random.Random(3)
    for _ in range(60):
        hand = rich_hand(rng, 11)
        assert rummy.best_melds(hand, melds="basic")[1] == brute_best(hand, melds="basic")


def test_best_melds_prefers_the_better_of_overlapping_melds():
    # 5C could start the Path 5C-12-8C-15-6C, but the Sphere of fives and the short Path win.
    found, value = rummy.best_melds(cards("8C 15 6C 5C 5W 5S 12 20 QS KS NS"))
    assert value == 6  # 12 and 20 left: 3 + 3
    assert sorted(rm.meld_type(m) or "" for m in found) == ["path", "sphere", "sword"]


def brute_layoff(hand: Sequence[Card], caller: Sequence[Sequence[Card]]) -> int:
    n = len(hand)
    values = [rummy.card_value(c) for c in hand]

    def cards_of(mask: int) -> list[Card]:
        return [hand[i] for i in range(n) if mask >> i & 1]

    own = [m for m in range(1, 1 << n) if rummy.meld_type(cards_of(m))]
    onto = [[m for m in range(1, 1 << n) if rummy.meld_type(list(meld) + cards_of(m))] for meld in caller]

    def search(free: int, used: frozenset[int]) -> int:
        if not free:
            return 0
        low = (free & -free).bit_length() - 1
        best = values[low] + search(free & ~(1 << low), used)
        for m in own:
            if m >> low & 1 and m & free == m:
                best = min(best, search(free & ~m, used))
        for j, masks in enumerate(onto):
            if j not in used:
                for m in masks:
                    if m >> low & 1 and m & free == m:
                        best = min(best, search(free & ~m, used | {j}))
        return best

    return search((1 << n) - 1, frozenset())


def test_layoffs_lower_the_opponents_value_most_against_brute_force():
    rng = random.Random(11)
    checked = 0
    while checked < 60:
        deck = rich_hand(rng, 20)
        caller_melds, _ = rummy.best_melds(deck[:10])
        if not caller_melds:
            continue
        hand = deck[10:19]
        laid = rm.lay_off(hand, caller_melds, rm.tree(), rm.MELD_TYPES)
        assert laid.value == brute_layoff(hand, caller_melds), (hand, caller_melds)
        for index, extra in laid.layoffs.items():
            assert rummy.meld_type(list(caller_melds[index]) + extra)
        checked += 1


def test_layoffs_extend_both_ends_and_take_the_fourth_of_a_sphere():
    caller = [cards("5W 6W 7W"), cards("KC KS KP")]
    laid = rm.lay_off(cards("3W 4W 8W KW QC"), caller, rm.tree(), rm.MELD_TYPES)
    assert laid.layoffs == {0: cards("3W 4W 8W"), 1: cards("KW")}
    assert laid.unmelded == cards("QC") and laid.value == 10


def test_a_path_takes_a_trump_and_a_card_together():
    laid = rm.lay_off(cards("15 6C 14 KS"), [cards("5C 12 8C")], rm.tree(), rm.MELD_TYPES)
    assert laid.layoffs == {0: cards("15 6C")} and laid.value == 12 + 10


# --- identification columns -------------------------------------------------------------------


def test_correspondences_of_each_column():
    t = rm.tree()
    assert rm.correspondence("letter", cards("0")[0], t) == "Aleph"
    assert rm.correspondence("astrology", cards("13")[0], t) == "Scorpio"
    assert rm.correspondence("path", cards("21")[0], t) == "32"
    assert rm.correspondence("sphere", cards("6C")[0], t) == "6 Tiphareth"
    assert rm.correspondence("element", cards("QS")[0], t) == "Air"
    assert rm.covers("sphere", cards("AC")[0]) and not rm.covers("sphere", cards("JC")[0])
    assert rm.covers("element", cards("JC")[0]) and not rm.covers("element", cards("1")[0])
    assert rm.correspondence("letter", cards("4")[0], rm.tree("thoth")) == "Tzaddi"


def test_the_least_value_after_one_discard_is_the_best_of_every_discard() -> None:
    t, kinds = rm.tree("gd", "rws"), rm.meld_kinds("all")
    rng = random.Random(29)
    for _ in range(60):
        cards = rng.sample(full_deck(), 11)
        keep = cards[0] if rng.random() < 0.5 else None
        value, thrown = rm.least_after_discard(cards, t, kinds, keep)
        every = [rm.arrange([c for c in cards if c != x], t, kinds).value for x in cards if x != keep]
        assert value == min(every)
        assert thrown != keep and rm.arrange([c for c in cards if c != thrown], t, kinds).value == value
    melded = from_codes(["2W", "3W", "4W", "5W", "5C", "6C", "7C", "8S", "9S", "10S", "KC"])
    assert rm.least_after_discard(melded, t, kinds) == (0, from_codes(["KC"])[0])
    assert rm.least_after_discard(melded, t, kinds, keep=from_codes(["KC"])[0]) == (10, from_codes(["2W"])[0])
