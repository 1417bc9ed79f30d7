"""What the hard players share (games/search.py): the anytime loop judges at least one world and
stops when its budget is spent; with `sure`, a move replaces the default (the normal player's)
only when its gain, world by world, is clearly above zero — never for luck in a few worlds."""

from __future__ import annotations

import random
from collections import Counter

from games.search import Budget, best_on_average, halving


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


def halved(values: dict[str, list[float]], budget: int, sure: float = 0.0) -> tuple[str, Counter[str]]:
    """The candidate `halving` chooses, and how many worlds judged each candidate."""
    judged_in: Counter[str] = Counter()

    def evaluate(candidate: str, k: int) -> float:
        judged_in[candidate] += 1
        return values[candidate][k % len(values[candidate])]

    return halving(list(values), lambda k: k, evaluate, Budget(budget), lambda: 1, sure), judged_in


def test_halving_spends_the_work_on_the_default_and_the_best_challenger() -> None:
    rng = random.Random(3)
    noise = [rng.gauss(0, 1) for _ in range(40)]
    values = {"normal": noise, **{f"c{gap}": [v - gap for v in noise] for gap in (1, 2, 3, 4)},
              "best": [v + 1 for v in noise]}
    chosen, judged_in = halved(values, 120)
    assert chosen == "best"
    assert judged_in["normal"] == judged_in["best"] > judged_in["c1"] > judged_in["c4"] >= 2
    assert sum(judged_in.values()) == 120


def test_halving_with_sure_keeps_the_default_against_a_lucky_challenger() -> None:
    rng = random.Random(7)
    noise = [rng.gauss(0, 10) for _ in range(60)]
    values = {"normal": noise, "lucky": [v + rng.gauss(0.2, 5) for v in noise],
              "worse": [v - 5 for v in noise], "better": [v + 2 + rng.random() for v in noise]}
    assert halved(values, 60, sure=2.0)[0] == "better"
    del values["better"]
    assert halved(values, 60, sure=2.0)[0] == "normal"


def test_halving_judges_one_world_even_without_work_left() -> None:
    assert halved({"a": [0.0], "b": [1.0], "c": [2.0]}, 0) == ("c", Counter({"a": 1, "b": 1, "c": 1}))
