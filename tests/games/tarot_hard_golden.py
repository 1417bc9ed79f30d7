"""French Tarot's hard decisions over a fixed set of positions, kept in tarot_hard_golden.json.

A speed-up of the hard search must not change one decision: the positions come from whole deals
(predictable seeds, 3, 4 and 5 players) played by normal computers; at every bid, call, discard
and chelem decision and at every third card play, the hard player's decision (at its full
budget) is recorded. test_tarot_hard_golden.py regenerates them and compares.

    python -m tests.games.tarot_hard_golden        # rewrite the file (only when decisions SHOULD change)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games import fairness
from games import french_tarot as ft
from games.base import SeatSpec
from games.french_tarot import ai, hard

GOLDEN = Path(__file__).with_name("tarot_hard_golden.json")
DEALS = ((3, 11), (3, 12), (4, 21), (4, 25), (5, 14), (5, 21))  # (players, seed): prises and gardes
EVERY_PLAY = 3  # one card play in three is searched


def decisions(players: int, seed: int) -> list[dict[str, Any]]:
    """The hard decisions along one deal played by normal computers."""
    found: list[dict[str, Any]] = []
    with fairness.predictable(f"tarot-hard-golden:{seed}"):
        state = ft.new(ft.Options(players=players, hands=1), [SeatSpec(-n) for n in range(1, players + 1)])
        plays = 0
        while not ft.is_over(state):
            player = ft.pending(state)[0]
            searched = state.phase != "playing" or plays % EVERY_PLAY == 0
            if searched:
                found.append({"players": players, "seed": seed, "step": state.step, "phase": state.phase,
                              "decision": hard.choose(state, player)})
            action = ai.choose(state, player)
            plays += action["type"] == "play"
            ft.apply(state, player, action)
    return found


def every_decision() -> list[dict[str, Any]]:
    return [d for players, seed in DEALS for d in decisions(players, seed)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(every_decision(), indent=0, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
