"""How /history fits a hand into an embed field: the cards and the result whole, the moves
with the middle ones left out when they do not fit."""

from __future__ import annotations

from cogs.tables import FIELD_LIMIT, fit_moves, record_text
from games.base import HandRecord


def record(moves: int, cards: int = 2) -> HandRecord:
    return HandRecord(hand=3, deals=[], cards=[f"<@1234567890123456789>: {'KC ' * 5}" for _ in range(cards)],
                      actions=[f"Play {n}: <@1234567890123456789> 21 takes {n}" for n in range(1, moves + 1)],
                      result="+40 chips")


def test_a_short_hand_is_shown_whole() -> None:
    text = record_text(record(3))
    assert text.splitlines()[-2] == "**+40 chips**"
    assert text.endswith("Play 1: <@1234567890123456789> 21 takes 1 · Play 2: <@1234567890123456789> 21 takes 2"
                         " · Play 3: <@1234567890123456789> 21 takes 3")


def test_a_long_hand_keeps_the_first_and_the_last_moves() -> None:
    text = record_text(record(80))
    assert len(text) <= FIELD_LIMIT
    moves = text.splitlines()[-1].split(" · ")
    assert moves[0].startswith("Play 1:") and moves[-1].startswith("Play 80:")
    left_out = int(moves[1].split()[1])
    assert moves[1] == f"… {left_out} more …" and left_out + len(moves) - 1 == 80
    assert [int(m.split()[-1]) for m in moves[2:]] == list(range(81 - len(moves[2:]), 81))


def test_cards_longer_than_a_field_are_cut() -> None:
    text = record_text(record(5, cards=60))
    assert len(text) == FIELD_LIMIT and text.endswith("…")


def test_moves_fit_any_budget() -> None:
    moves = [f"move {n}" for n in range(40)]
    for budget in (5, 20, 35, 100, 400):
        assert len(fit_moves(moves, budget)) <= budget
