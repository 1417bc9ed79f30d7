"""Arcanoid's DM pages (cogs/arcanoid_menus.py): from the main page, every legal move is reached
(a menu entry, or a card picker's choice) through pages that respect Discord's limits (25
options a menu, 5 rows a message), in random games and in positions with the most moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games.arcanoid as arc
from cogs import arcanoid_menus as menus
from cogs.common import ButtonSpec, Control, SelectSpec
from games.arcanoid import rules
from games.arcanoid.model import VARIANTS, Options
from games.base import SeatSpec
from tests.games.arcanoid_helpers import table


def _rows(controls: list[Control]) -> int:
    buttons = sum(isinstance(c, ButtonSpec) for c in controls)
    return sum(isinstance(c, SelectSpec) for c in controls) + (buttons + 4) // 5


def _walk(controls: list[Control], legal: list[dict], view: dict[str, Any], reached: list[dict],
          pickers: list[SelectSpec], seen: set[str]) -> None:
    """Every move the controls lead to, following the pages; each page within the limits."""
    assert _rows(controls) <= menus.ROWS
    for spec in controls:
        if not isinstance(spec, SelectSpec):
            continue
        assert 1 <= len(spec.options) <= menus.MENU_SIZE and len({v for _, v in spec.options}) == len(spec.options)
        assert all(len(value) <= 100 and len(label) <= 100 for label, value in spec.options)
        for _, value in spec.options:
            if spec.code == "discard":
                reached.append({"type": "discard", "card": value})
            elif spec.code.startswith(menus.PICK):
                pickers.append(spec)
                break
            elif menus.is_move(value):
                reached.append(menus.decode(value))
            elif value not in seen:
                seen.add(value)
                found = menus.page(value, legal, view)
                assert found is not None, f"{value} leads nowhere"
                _walk(found[1], legal, view, reached, pickers, seen)


def _by_picker(action: dict, pickers: list[SelectSpec]) -> bool:
    for picker in pickers:
        offered = {v for _, v in picker.options}
        cards = action.get("cards") or []
        if cards and set(cards) <= offered and picker.min_values <= len(cards) <= picker.max_values \
                and menus.picked_action(picker.code, cards) == action:
            return True
    return False


def check_reachable(state: rules.State, player: int) -> int:
    legal = arc.legal_actions(state, player)
    moves = [a for a in legal if a["type"] in menus.TURN_MOVES]
    if not moves:
        return 0
    view = {**arc.view(state, player), "_names": {}}
    reached: list[dict] = []
    pickers: list[SelectSpec] = []
    main = menus.turn_menus(moves, view)
    _walk(main, legal, view, reached, pickers, set())
    for action in moves:
        assert action in reached or _by_picker(action, pickers), f"{action} cannot be reached from the DM"
    for action in reached:
        assert action in moves, f"the DM offers {action}, which is not legal"
    return len(moves)


@pytest.mark.parametrize(("players", "variant"), [(2, "DRESDEN"), (4, "KOBLENZ"), (4, "MALTA*"), (10, "WORMS*"),
                                                  (3, "NASSAU")])
def test_every_legal_move_is_reachable_in_random_games(players: int, variant: str) -> None:
    rng = random.Random(f"{players}{variant}")
    state = arc.new(Options(variant=variant, rounds=1), [SeatSpec(-p) for p in range(1, players + 1)])
    checked = 0
    for _ in range(400):
        if arc.is_over(state):
            break
        if state.phase == "window":
            arc.apply(state, rules.RUNTIME, {"type": "close_window"})
            continue
        player = arc.pending(state)[0]
        if state.phase == "play" and rng.random() < 0.5:
            checked += check_reachable(state, player)
        legal = [a for a in arc.legal_actions(state, player) if a["type"] not in ("leave", "sitout", "sitin")]
        arc.apply(state, player, rng.choice(legal) if rng.random() < 0.3 else arc.computer_action(state, player))
    assert checked > 0
    assert VARIANTS  # (every variant's commit modes take part across the cases)


@pytest.mark.parametrize("hand", [
    "2S 3S 4S 5S 6S 7S",  # 63 sets of swords
    "19 2S 3S 4S 5S 6S",  # the Sun: 56 minors and 19 majors to call (a menu of suits first)
    "17 AS 3C 4C 5C 6C",  # the Star: one menu per suit
    "7 2S 3S 4S 5S 6S",  # the Chariot: any set of cards in reserve
    "1 3 4 6 NS 2W",  # the Magician, the imperial and the Lovers' couples on one or two fields
])
def test_crowded_hands_are_reachable(hand: str) -> None:
    state = table({1: hand, 2: "8W 9W 10W 8C 9C 10C"})
    assert check_reachable(state, 1) > 25


def test_the_tower_among_ten_players_is_aimed_player_first() -> None:
    players = list(range(1, 11))
    state = arc.new(Options(), [SeatSpec(p) for p in players])
    fields = ("swords", "staves", "cups")
    towers = [{"type": "play", "arcanum": "16", "target": p, "field": f} for p in players[1:] for f in fields]
    view = {**arc.view(state, 1), "_names": {2: "bob"}}
    text, controls = menus.page("a.16", towers, view)  # type: ignore[misc]
    which = next(c for c in controls if isinstance(c, SelectSpec))
    assert which.code == "go3" and len(which.options) == 9 and which.options[0] == ("Aim at bob", "a.16.2")
    reached: list[dict] = []
    for _, path in which.options:
        _, part = menus.page(path, towers, view)  # type: ignore[misc]
        reached += [menus.decode(v) for c in part if isinstance(c, SelectSpec) for _, v in c.options]
    assert sorted(map(str, reached)) == sorted(map(str, towers))


def test_a_further_call_of_the_moon_offers_every_minor_card() -> None:
    state = table({1: "18 2S 3S 4S 5S 6S", 2: "8W 9W 10W 8C 9C 10C"})
    arc.apply(state, 1, {"type": "play", "arcanum": "18", "call": "KP"})  # nobody holds it: a second call
    assert state.phase == "choice"
    legal = arc.legal_actions(state, 1)
    controls = menus.call_menus(legal)
    assert _rows(controls) <= menus.ROWS - 1  # and the Stop button's row
    offered = sorted(v for c in controls if isinstance(c, SelectSpec) for _, v in c.options)
    assert offered == sorted(a["card"] for a in legal if a["type"] == "call" and a["card"] is not None)
    assert len(offered) == 56
