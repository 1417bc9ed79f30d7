"""Pots (games/pots.py): side pots from all-ins of different sizes, folds after an all-in,
split pots with odd chips by seat, uncalled bets; and every chip put in comes back out once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.pots import Pot, award, build_pots, pay_in, split, uncalled

A, B, C, D = 1, 2, 3, 4
ORDER = [A, B, C, D]


@pytest.mark.parametrize(("stack", "amount", "paid"), [(100, 40, 40), (30, 40, 30), (0, 10, 0), (50, -5, 0)])
def test_pay_in_is_at_most_the_stack(stack: int, amount: int, paid: int) -> None:
    assert pay_in(stack, amount) == paid


@pytest.mark.parametrize(("name", "contributions", "folded", "pots"), [
    ("one pot, everyone in", {A: 50, B: 50, C: 50}, set(), [Pot(150, (A, B, C))]),
    ("three all-ins of different sizes and a caller",
     {A: 100, B: 250, C: 400, D: 400}, set(),
     [Pot(400, (A, B, C, D)), Pot(450, (B, C, D)), Pot(300, (C, D))]),
    ("a fold after an all-in: the folder's chips stay in the pots they reached",
     {A: 100, B: 300, C: 300}, {B}, [Pot(300, (A, C)), Pot(400, (C,))]),
    ("a folder who put in less than the all-in",
     {A: 100, B: 40, C: 100}, {B}, [Pot(240, (A, C))]),
    ("a folded big bettor's chips beyond every live player go to the last pot",
     {A: 50, B: 200, C: 50}, {B}, [Pot(300, (A, C))]),
    ("players who put nothing in", {A: 0, B: 20, C: 20, D: 0}, {A, D}, [Pot(40, (B, C))]),
])
def test_build_pots(name: str, contributions: dict[int, int], folded: set[int], pots: list[Pot]) -> None:
    assert build_pots(contributions, folded, ORDER) == pots
    assert sum(p.amount for p in pots) == sum(contributions.values())


@pytest.mark.parametrize(("amount", "winners", "shares"), [
    (100, [B, C], {B: 50, C: 50}),
    (101, [C, B], {B: 51, C: 50}),  # the odd chip to the earliest seat in the order
    (101, [D, A], {A: 51, D: 50}),
    (100, [A, B, C], {A: 34, B: 33, C: 33}),
    (7, [D], {D: 7}),
])
def test_split_gives_odd_chips_by_seat(amount: int, winners: list[int], shares: dict[int, int]) -> None:
    assert split(amount, winners, ORDER) == shares


def test_split_follows_the_order_given_left_of_the_button() -> None:
    left_of_button = [C, D, A, B]
    assert split(101, [A, C], left_of_button) == {C: 51, A: 50}


@pytest.mark.parametrize(("contributions", "folded", "back"), [
    ({A: 500, B: 200, C: 200}, set(), (A, 300)),  # an uncalled raise
    ({A: 500, B: 500}, set(), None),  # called
    ({A: 120, B: 10, C: 5}, {B, C}, (A, 110)),  # everyone folded to a bet
    ({A: 300, B: 100}, {A}, None),  # a folded top is not returned
    ({}, set(), None),
])
def test_uncalled(contributions: dict[int, int], folded: set[int], back: tuple[int, int] | None) -> None:
    assert uncalled(contributions, folded) == back


def test_award_side_pots_to_the_best_eligible_hands() -> None:
    pots = build_pots({A: 100, B: 250, C: 400, D: 400}, set(), ORDER)
    strength = {A: 9, B: 5, C: 1, D: 1}  # A best, then B; C and D tie
    assert award(pots, strength.get, ORDER) == {A: 400, B: 450, C: 150, D: 150}


def test_award_an_odd_split_side_pot() -> None:
    pots = build_pots({A: 51, B: 101, C: 101}, set(), ORDER)
    assert pots == [Pot(153, (A, B, C)), Pot(100, (B, C))]
    strength = {A: 1, B: 3, C: 3}
    assert award(pots, strength.get, ORDER) == {B: 127, C: 126}


# --- every chip comes back out once ------------------------------------------------------------


@st.composite
def betting(draw: st.DrawFn) -> tuple[dict[int, int], set[int], dict[int, int]]:
    """Random betting: stacks, rounds of bets where each player puts in up to what they have
    and may fold; at least one player stays in."""
    players = list(range(1, draw(st.integers(2, 8)) + 1))
    stacks = {p: draw(st.integers(0, 500)) for p in players}
    put: dict[int, int] = dict.fromkeys(players, 0)
    folded: set[int] = set()
    for _ in range(draw(st.integers(1, 4))):
        for p in players:
            if p in folded:
                continue
            if draw(st.booleans()) and len(folded) < len(players) - 1:
                folded.add(p)
                continue
            amount = pay_in(stacks[p], draw(st.integers(0, 200)))
            stacks[p] -= amount
            put[p] += amount
    strength = {p: draw(st.integers(0, 3)) for p in players}
    return put, folded, strength


@settings(max_examples=500, deadline=None)
@given(betting())
def test_every_chip_put_in_comes_back_out_exactly_once(case: tuple[dict[int, int], set[int], dict[int, int]]) -> None:
    put, folded, strength = case
    order = sorted(put)
    total = sum(put.values())
    back = uncalled(put, folded)
    after = dict(put)
    if back is not None:
        after[back[0]] -= back[1]
    pots = build_pots(after, folded, order)
    assert sum(p.amount for p in pots) == sum(after.values())
    won = award(pots, strength.get, order)
    returned = back[1] if back else 0
    assert sum(won.values()) + returned == total
    assert all(p not in folded for p in won)
    for pot in pots:
        assert pot.amount > 0 and pot.eligible, "every pot has chips and someone to win them"
        assert not folded & set(pot.eligible)


def test_ordinary_betting_makes_no_side_pot() -> None:
    """A bet nobody has called yet is no side pot: only an all-in caps a pot."""
    assert build_pots({A: 60, B: 150, C: 150}, set(), ORDER, all_in=set()) == [Pot(360, (A, B, C))]
    assert build_pots({A: 20, B: 60, C: 0}, {C}, ORDER, all_in=()) == [Pot(80, (A, B))]


def test_an_all_in_caps_the_main_pot_while_others_still_bet() -> None:
    # A is all-in for 100; B has put 40 and may still call; C raised to 300
    pots = build_pots({A: 100, B: 40, C: 300}, set(), ORDER, all_in={A})
    assert pots == [Pot(240, (A, B, C)), Pot(200, (B, C))]
