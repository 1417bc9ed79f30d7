"""What the hard players share (games/search.py): the anytime loop judges at least one world and
stops when its budget is spent; with `sure`, a move replaces the default (the normal player's)
only when its gain, world by world, is clearly above zero — never for luck in a few worlds."""

from __future__ import annotations

import random

from games.search import Budget, best_on_average


def judged(values: dict[str, list[float]], budget: int, sure: float = 0.0) -> tuple[str, int]:
    """The candidate chosen when world k gives candidate c the value values[c][k], and the
    number of worlds judged (one unit of work per evaluation)."""
    worlds: list[int] = []

    def imagine(k: int) -> int:
        worlds.append(k)
        return k

    chosen = best_on_average(list(values), imagine, lambda c, k: values[c][k % len(values[c])],
                             Budget(budget), lambda: 1, sure)
    return chosen, len(worlds)


def test_at_least_one_world_is_judged_and_the_budget_bounds_the_rest() -> None:
    assert judged({"a": [0.0], "b": [1.0]}, 0) == ("b", 1)
    assert judged({"a": [0.0], "b": [1.0]}, 20)[1] == 10


def test_without_sure_the_best_mean_wins_even_by_luck() -> None:
    rng = random.Random(7)
    noise = [rng.gauss(0, 10) for _ in range(8)]
    lucky = [v + 1 for v in noise[:4]] + [v - 0.5 for v in noise[4:]]  # better in 4 worlds, worse in 4
    assert judged({"normal": noise, "other": lucky}, 16)[0] == "other"


def test_with_sure_a_lucky_move_does_not_replace_the_default() -> None:
    rng = random.Random(7)
    noise = [rng.gauss(0, 10) for _ in range(8)]
    lucky = [v + rng.gauss(0.5, 5) for v in noise]
    assert judged({"normal": noise, "other": lucky}, 16, sure=2.0)[0] == "normal"


def test_with_sure_a_move_better_in_every_world_replaces_the_default() -> None:
    rng = random.Random(7)
    noise = [rng.gauss(0, 10) for _ in range(8)]
    better = [v + 2 + rng.random() for v in noise]
    best = [v + 4 + rng.random() for v in noise]
    assert judged({"normal": noise, "better": better, "best": best}, 24, sure=2.0)[0] == "best"
    assert judged({"normal": noise, "better": better}, 16, sure=2.0)[0] == "better"


def test_with_sure_one_world_never_replaces_the_default() -> None:
    assert judged({"normal": [0.0], "other": [50.0]}, 0, sure=2.0)[0] == "normal"
