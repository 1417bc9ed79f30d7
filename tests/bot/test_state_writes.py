"""Lean state writes: `games.base.plain_copy`, the copy a game's `to_dict` takes of its records,
is done by `marshal` in C. The JSON a move stores reads back to exactly the same state in every
game after every move, and the copy keeps every value's type, key order and float bits."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random

import pytest

from bot.store import dumps, loads
from games.base import RUNTIME_PLAYER, IllegalAction, SeatSpec, flat_dict, plain_copy
from games.registry import GAMES

PLAYER = 1_100_000_000_000_000_000


def seats_for(module) -> int:
    low, high = module.seat_range(module.Options()) if hasattr(module, "seat_range") else \
        (module.MIN_SEATS, module.MAX_SEATS)
    return max(low, min(high, 3))


def a_move(module, state, rng: random.Random) -> tuple[int, dict] | None:
    waiting = module.pending(state)
    if not waiting and hasattr(module, "reaction_window") and module.reaction_window(state) is not None:
        return RUNTIME_PLAYER, {"type": "close_window"}  # as the runtime does when a window's time is up
    if not waiting:
        return None
    player = rng.choice(waiting)
    if hasattr(module, "computer_action") and rng.random() < 0.7:
        return player, module.computer_action(state, player)
    moves = [m for m in module.legal_actions(state, player) if m["type"] not in ("join", "leave", "sitout", "sitin")]
    if not moves:
        return None
    move = dict(rng.choice(moves))
    if "min" in move:
        low, high = move.pop("min"), move.pop("max", move.get("min", 1))
        move["amount"] = rng.randint(low, max(low, min(high, low * 3)))
    return player, move


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_is_encoded_exactly_and_reads_back(game):
    module = GAMES[game]
    rng = random.Random(game)
    seats = [SeatSpec(PLAYER + n, 5_000) for n in range(seats_for(module))]
    state = module.new(module.Options(), seats)
    moves = 0
    for _ in range(400):
        data = module.to_dict(state)
        text = dumps(data)
        again = module.from_dict(json.loads(text))
        assert module.to_dict(again) == data and dumps(module.to_dict(again)) == text
        picked = a_move(module, state, rng)
        if picked is None:
            break
        with contextlib.suppress(IllegalAction):
            module.apply(state, *picked)
            moves += 1
    assert moves > 10, "the game was played"


def test_plain_copy_copies_exactly_and_keeps_objects_it_cannot_write():
    class Opaque:
        pass

    thing = Opaque()
    data = {"b": [1, 2.5, True, None, "é"], "a": {"3": [[]]}, 7: -1}
    copied = plain_copy(data)
    assert copied == data and list(copied) == list(data) and copied["b"] is not data["b"]
    assert [type(v) for v in copied["b"]] == [int, float, bool, type(None), str]
    assert dumps(plain_copy([1, True, 1.0, 0.1 + 0.2])) == "[1,true,1.0,0.30000000000000004]"
    mixed = plain_copy({"x": [thing, {"y": [1]}]})
    assert mixed["x"][0] is thing and mixed["x"][1] == {"y": [1]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_options_a_state_writes_are_a_copy_of_its_own(game):
    """Options are read into a dict once per set of options (games.base.options_dict): what one
    write is given is its own, so changing it changes neither the options nor the next write."""
    module = GAMES[game]
    state = module.new(module.Options(), [SeatSpec(PLAYER + n, 5_000) for n in range(seats_for(module))])
    written = module.to_dict(state)
    written["options"]["changed"] = True
    assert module.to_dict(state)["options"] == dataclasses.asdict(module.Options())


def test_the_json_writer_reads_back_what_json_would_and_writes_what_it_cannot_too():
    for data in ({"é": "ü\u0000", "n": PLAYER, "x": [0.1, -0.0, 1e300, None, True]}, {3: "three", 10: [1]},
                 {"big": 2**70}):
        text = dumps(data)
        assert json.loads(text) == loads(text) == json.loads(json.dumps(data))
    assert dumps({"b": 1, "a": {"d": 2, "c": 3}}) == '{"a":{"c":3,"d":2},"b":1}', "compact, keys sorted"


def test_a_flat_record_is_written_as_asdict_writes_it():
    from games.betting import Betting, Bettor
    from games.poker.rules import Seat

    betting = Betting([Bettor(PLAYER, 100, bet=5), Bettor(PLAYER + 1, 0, folded=True)], big_blind=10, actor=1)
    assert betting.to_dict() == dataclasses.asdict(betting)
    seat = Seat(PLAYER, 3, 250, sitting_out=True)
    assert flat_dict(seat) == dataclasses.asdict(seat) and Betting.from_dict(betting.to_dict()) == betting
