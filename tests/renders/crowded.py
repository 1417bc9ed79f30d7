"""The busiest table pictures (issue 28, item 8): every game with as many seats as its rules
allow, played by its own rules (computers at every seat; the house games' players bet, split
and hit), and of each phase the moment with the most on the table — the view that says the
most (its longest serialised form), drawn once. Blackjack adds seven seats of split hands, the
most a shoe deals only by chance, in play and under the next round's bets.

`python -m tests.renders.crowded` writes them to /tmp/crowded to look at."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from games import arcanoid, baccarat, blackjack, fairness, french_tarot, loc, poker, rummy
from games.base import RUNTIME_PLAYER, SeatSpec, mention
from renders.arcanoid import render_arcanoid
from renders.baccarat import render_baccarat
from renders.blackjack import render_blackjack
from renders.french_tarot import render_tarot
from renders.loc import render_loc
from renders.poker import render_poker
from renders.rummy import render_rummy
from tests.renders import samples

Move = Callable[[Any, int], dict]
Moment = tuple[str, dict[str, Any], dict[int, str], Callable[..., bytes]]
MOST_MOVES = 1500


def players(n: int) -> list[int]:
    return [1] + [-i for i in range(1, n)]


def names(seated: list[int]) -> dict[int, str]:
    return {p: "Alice" if p == 1 else mention(p) for p in seated}


def busiest(module: ModuleType, state: Any, move: Move, phase: Callable[[dict], str],
            extra: Callable[[Any], list[dict]] = lambda state: []) -> dict[str, dict]:
    """Of each phase of a game played to its end (or `MOST_MOVES`), the spectator's view that
    says the most; `extra` adds views a table also draws (a finished hand's snapshot)."""
    found: dict[str, tuple[int, dict]] = {}
    for _ in range(MOST_MOVES):
        for view in [module.view(state, None), *extra(state)]:
            size, key = len(json.dumps(view, default=str)), phase(view)
            if key not in found or size > found[key][0]:
                found[key] = (size, view)
        if module.is_over(state):
            break
        waiting = module.pending(state)
        if waiting:
            module.apply(state, waiting[0], move(state, waiting[0]))
        elif module is arcanoid:  # a reaction window closes when its time is up
            module.apply(state, RUNTIME_PLAYER, {"type": "close_window"})
        else:
            break
    return {key: view for key, (_size, view) in found.items()}


def computer(module: ModuleType) -> Move:
    return lambda state, player: module.computer_action(state, player)


def blackjack_player(state: Any, player: int) -> dict:
    """Bets, splits every pair, hits to 17."""
    kinds = {a["type"]: a for a in blackjack.legal_actions(state, player)}
    if "bet" in kinds:
        return {"type": "bet", "amount": 25}
    if "split" in kinds:
        return {"type": "split"}
    seat = next(s for s in blackjack.view(state, None)["seats"] if s["player"] == player)
    turn = blackjack.view(state, None)["turn"]
    if "hit" in kinds and seat["hands"][turn["hand"]]["total"] < 17:
        return {"type": "hit"}
    return {"type": "stand"}


def baccarat_player(state: Any, player: int) -> dict:
    kinds = {a["type"] for a in baccarat.legal_actions(state, player)}
    side = ("player", "banker", "tie")[abs(player) % 3]
    return {"type": "bet", "on": side, "amount": 10} if "bet" in kinds else {"type": "pass"}


def _played(game: str, module: ModuleType, options: Any, seats: int, move: Move, stack: int | None,
            phase: Callable[[dict], str] = lambda view: view["phase"],
            extra: Callable[[Any], list[dict]] = lambda state: [], rounds: int = 1) -> Iterator[Moment]:
    seated = players(seats)
    with fairness.predictable(f"crowded-{game}"):
        state = module.new(options, [SeatSpec(p, stack) if stack else SeatSpec(p) for p in seated])
        if rounds > 1:  # the house games never end: a few rounds
            views: dict[str, dict] = {}
            for _ in range(rounds):
                for key, view in _rounds(module, state, move).items():
                    views.setdefault(key, view)
        else:
            views = busiest(module, state, move, phase, extra)
    render = RENDERS[module.NAME]
    for key, view in sorted(views.items()):
        yield f"{game}-{seats}-{key}", view, names(seated), render


def _rounds(module: ModuleType, state: Any, move: Move) -> dict[str, dict]:
    """One round of a house game, from its bets to its settlement."""
    found: dict[str, tuple[int, dict]] = {}
    for _ in range(200):
        view = module.view(state, None)
        size = len(json.dumps(view, default=str))
        if view["phase"] not in found or size > found[view["phase"]][0]:
            found[view["phase"]] = (size, view)
        waiting = module.pending(state)
        if not waiting or (view["phase"] == "settled" and found.get("betting")):
            break
        module.apply(state, waiting[0], move(state, waiting[0]))
    return {key: view for key, (_size, view) in found.items()}


RENDERS: dict[str, Callable[..., bytes]] = {
    "poker": render_poker, "loc": render_loc, "arcanoid": render_arcanoid, "tarot": render_tarot,
    "blackjack": render_blackjack, "baccarat": render_baccarat, "rummy": render_rummy}


def _tarot_hands(state: Any) -> list[dict]:
    return [state.last_hand] if state.last_hand is not None else []


def _tarot_phase(view: dict) -> str:
    """A phase, and whether a called partner has shown himself (a badge more on a plate)."""
    return view["phase"] + ("-partner-known" if any(s.get("role") == "partner" for s in view["seats"]) else "")


def _poker_phase(view: dict) -> str:
    return view["phase"] + ("-after-a-hand" if view.get("last_round") and view["phase"] == "waiting" else "")


def _split_hands() -> Iterator[Moment]:
    split = samples.bj_crowded()
    yield "blackjack-7-split-hands", split, samples.NAMES, render_blackjack
    settled = {**split, "phase": "settled", "turn": None,
               "dealer": {"cards": ["KC", "16r", "3S"], "total": 29}}
    betting = samples.blackjack("betting", seats=[samples.bj_seat(p, 1000) for p in range(1, 8)],
                                last_round=settled)
    yield "blackjack-7-split-hands-under-the-bets", betting, samples.NAMES, render_blackjack


GAMES: dict[str, Callable[[], Iterator[Moment]]] = {
    "poker-10": lambda: _played("poker", poker, poker.Options(bots=9), 10, computer(poker), 1000, _poker_phase),
    "draw-8": lambda: _played("draw", poker, poker.Options(format="draw", bots=7), 8, computer(poker), 1000,
                              _poker_phase),
    "loc-10": lambda: _played("loc", loc, loc.Options(bots=9), 10, computer(loc), 500,
                              lambda view: f"{view['phase']}{view.get('play') or ''}"),
    "loc-standard-8": lambda: _played("loc-standard", loc, loc.Options(deck="standard", bots=7), 8, computer(loc), 500),
    "arcanoid-10": lambda: _played("arcanoid", arcanoid, arcanoid.Options(), 10, computer(arcanoid), None),
    "arcanoid-4": lambda: _played("arcanoid", arcanoid, arcanoid.Options(), 4, computer(arcanoid), None),
    "tarot-5": lambda: _played("tarot", french_tarot, french_tarot.Options(players=5, bots=4, hands=2), 5,
                               computer(french_tarot), None, _tarot_phase, _tarot_hands),
    "rummy-2": lambda: _played("rummy", rummy, rummy.Options(opponent="bot"), 2, computer(rummy), None),
    "blackjack-7": lambda: _played("blackjack", blackjack, blackjack.Options(), 7, blackjack_player, 1000, rounds=3),
    "blackjack-7-split": _split_hands,
    "baccarat-10": lambda: _played("baccarat", baccarat, baccarat.Options(), 10, baccarat_player, 1000, rounds=3),
}


def moments() -> Iterator[Moment]:
    """Every game at its most seats, the busiest moment of each phase."""
    for make in GAMES.values():
        yield from make()


def write_all(folder: str = "/tmp/crowded") -> None:
    import os

    os.makedirs(folder, exist_ok=True)
    for name, view, who, render in moments():
        with open(f"{folder}/{name}.png", "wb") as f:
            f.write(render(view, who))


if __name__ == "__main__":
    write_all()
