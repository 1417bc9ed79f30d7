"""Positions for Arcanoid tests: a real game whose hands and deck top are set by the test."""

from __future__ import annotations

import json
from typing import Any

import games.arcanoid as arc
from games import fairness
from games.arcanoid import rules
from games.arcanoid.model import Options, all_cards
from games.base import IllegalAction, SeatSpec
from games.cards import Card, cards, full_deck

FULL = sorted(c.code for c in full_deck())


def seeded(monkeypatch: Any, prefix: str = "seed") -> None:
    """Fresh seeds that a test can predict (the real ones come from `secrets`)."""
    counter = iter(range(1, 10_000))
    fairness.set_source(lambda: f"{prefix}-{next(counter)}")  # tests/conftest.py puts secrets back


def table(hands: dict[int, str], top: str = "", variant: str = "DRESDEN", gaza: bool = False,
          rounds: int = 5, deck_size: int | None = None) -> rules.State:
    """Players 1..n with these hands, player 1 on turn; `top` are the next cards drawn, first
    first; the other cards are in the deck below them (or in the discard pile beyond
    `deck_size` cards)."""
    state = arc.new(Options(variant=variant, gaza=gaza, rounds=rounds), [SeatSpec(p) for p in sorted(hands)])
    wanted = {p: cards(h) for p, h in hands.items()}
    drawn_first = cards(top)
    used = {c for hand in wanted.values() for c in hand} | set(drawn_first)
    rest = [c for c in full_deck() if c not in used]
    for seat in state.seats:
        if seat.player in wanted:
            seat.hand = wanted[seat.player]
        else:  # the USA
            seat.hand, rest = rest[:6], rest[6:]
    if deck_size is not None:
        keep = max(0, deck_size - len(drawn_first))
        state.discard, rest = rest[keep:], rest[:keep]
    state.deck = drawn_first + rest  # the top is the first
    state.turn = next(i for i, s in enumerate(state.seats) if s.player == min(hands))
    check_cards(state)
    return state


def check_cards(state: rules.State) -> None:
    if state.phase == "over":
        return
    assert sorted(c.face.code for c in all_cards(state)) == FULL


def seat(state: rules.State, player: int) -> rules.Seat:
    found = state.seat(player)
    assert found is not None
    return found


def hand(state: rules.State, player: int) -> list[str]:
    return sorted(c.code for c in seat(state, player).hand)


def close(state: rules.State) -> None:
    assert state.phase == "window"
    arc.apply(state, rules.RUNTIME, {"type": "close_window"})


def act(state: rules.State, player: int, action: dict[str, Any], close_after: bool = True) -> None:
    arc.apply(state, player, action)
    check_cards(state)
    if close_after and state.phase == "window":
        close(state)


def commit(state: rules.State, player: int, field: str, codes: str, **extra: Any) -> None:
    act(state, player, {"type": "commit", "field": field, "cards": codes.split(), **extra})


def refused(state: rules.State, player: int, action: dict[str, Any], words: str = "") -> str:
    """The move is refused with a reason (containing `words`) and nothing changed."""
    before = json.dumps(arc.to_dict(state), sort_keys=True)
    try:
        arc.apply(state, player, action)
    except IllegalAction as refusal:
        assert json.dumps(arc.to_dict(state), sort_keys=True) == before, "a refused move changed the state"
        assert words.lower() in refusal.reason.lower(), refusal.reason
        return refusal.reason
    raise AssertionError(f"{action} was accepted")


def c(code: str) -> Card:
    return cards(code)[0]


def play(state: rules.State, chooser: Any) -> None:
    """The game played to its end, `chooser(state, player)` deciding every move (refused moves
    would raise), the cards checked after each turn."""
    steps = 0
    while not arc.is_over(state):
        steps += 1
        assert steps < 5000
        if state.phase == "window":
            arc.react_in_turn(state, lambda player: chooser(state, player))
            continue
        player = arc.pending(state)[0]
        arc.apply(state, player, chooser(state, player))
        check_cards(state)
