"""Forged or damaged control codes (issue 21, item 5): whatever a custom_id's move code or a
menu's values hold, each game's reader makes a move of it or calls it a malformed control, and
the move it makes is at worst refused by the game (IllegalAction), never a crash."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import logging
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cogs  # noqa: F401  (the game cogs register their readers in UIS when imported)
from cogs import arcanoid, baccarat, blackjack, loc, poker, rummy, tarot  # noqa: F401
from cogs.common import UIS, MalformedControl, button_action, menu_action
from games.base import IllegalAction, SeatSpec
from games.registry import GAMES
from tests.discord.helpers import make_world, open_table, refused
from tests.discord.test_bounded import bot_message

# The words the games' buttons and menus begin with (cogs/*.py action_for, select_action).
CODE_WORDS = ["turn", "bet", "form", "betform", "raiseform", "hit", "stand", "double", "split", "insurance",
              "draw", "bid", "call", "discard", "poignee", "chelem", "nochelem", "dfool", "fool", "pass",
              "refill_yes", "refill_no", "sitin", "stopcall", "check", "fold", "raise", "allin", "play",
              "choose", "column", "answer", "wheel", "go1", "back", "leave", "sitout", "knock", "meld"]
PIECES = st.one_of(st.sampled_from(["", "0", "1", "-1", "a", "b", "7", "99999999999999999999999", "stock",
                                    "discard", "tie", "player", "banker", "garde", "10S", "-"]),
                   st.from_regex(r"[\w\-]{0,6}", fullmatch=True))
CODES = st.builds(lambda word, pieces: ".".join([word, *pieces]), st.sampled_from(CODE_WORDS),
                  st.lists(PIECES, max_size=3)) | st.from_regex(r"[\w.\-]{1,20}", fullmatch=True)
VALUES = st.lists(PIECES, max_size=3)


def seats_for(game: str) -> list[SeatSpec]:
    module = GAMES[game]
    count = module.seat_range(module.Options())[0] if hasattr(module, "seat_range") else module.MIN_SEATS
    return [SeatSpec(player, 200 if module.CHIPS else 0) for player in range(1, max(count, 2) + 1)]


def states_of(game: str, count: int = 6) -> list[Any]:
    """A few states of a game along random legal play (its first steps and later ones)."""
    module, rng = GAMES[game], random.Random(game)
    options = module.Options(**({"timer": 0} if "timer" in {f.name for f in dataclasses.fields(module.Options)} else {}))
    state, states = module.new(options, seats_for(game)), []
    for step in range(count * 15):
        if step % 15 == 0:
            states.append(copy.deepcopy(state))
        waiting = module.pending(state) or module.players(state)
        if module.is_over(state) or not waiting:
            break
        player = rng.choice(waiting)
        moves = [m for m in module.legal_actions(state, player) if m["type"] not in ("leave", "sitout")]
        if not moves:
            continue
        move = {k: v for k, v in rng.choice(moves).items() if k not in ("min", "max")}
        if move["type"] in ("bet", "raise") and "amount" not in move:
            move["amount"] = rng.choice([10, 20])
        with contextlib.suppress(IllegalAction):
            module.apply(state, player, move)
    return states


STATES = {game: states_of(game) for game in GAMES}
# Each sample state pickled once, with its players: every try starts from a fresh copy of it,
# unpickled (a blackjack shoe's hundreds of cards unpickle in a third of a deep copy's time).
SNAPSHOTS = {game: [(pickle.dumps(state), GAMES[game].players(state)) for state in states]
             for game, states in STATES.items()}


def tried_on_every_state(game: str, action: dict) -> None:
    """The move, from every player of every sample state: made, or refused by the game."""
    module = GAMES[game]
    for snapshot, players in SNAPSHOTS[game]:
        for player in players:
            with contextlib.suppress(IllegalAction):
                module.apply(pickle.loads(snapshot), player, action)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=CODES)
def test_any_button_code_is_a_move_or_a_malformed_control(game, code):
    try:
        action = button_action(UIS[game], code)
    except MalformedControl:
        return
    if action is not None:
        tried_on_every_state(game, action)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=CODES, values=VALUES)
def test_any_menu_choice_is_a_move_or_a_malformed_control(game, code, values):
    try:
        action = menu_action(UIS[game], code, values)
    except MalformedControl:
        return
    tried_on_every_state(game, action)


@pytest.mark.parametrize("game, code", [("blackjack", "turn.0"), ("blackjack", "turn.a.b"),
                                        ("poker", "turn.a.b"), ("poker", "turn.x")])
async def test_a_forged_move_code_is_refused_as_a_malformed_control(simcord_env, caplog, game, code):
    world = make_world(simcord_env)
    alice, _ = world.members
    table = await open_table(world, game, seed=2, timer=0)
    message = await bot_message(world, world.channel, f"tt:{table.id}:{table.step_key()}:{code}")
    with caplog.at_level(logging.DEBUG):
        text = await refused(world, alice.click(message, label="b0"), "damaged", "names no move")
    assert "something went wrong" not in text.lower()
    assert not [r for r in caplog.records if r.levelno > logging.INFO], "a forged control is no error of the bot"
    assert any("malformed control" in r.getMessage() for r in caplog.records)
    assert not simcord_env.errors
