"""What the searching (`hard`) computer players of every game share (issue 29).

A hard computer decides like a strong human: it cannot see the other hands, so it imagines
deals that agree with everything its seat knows (its cards, the cards played and shown, the
voids that play revealed), plays each candidate move out in every imagined deal, and keeps
the move that does best on average (determinized Monte Carlo, "PIMC").

- `seeded_rng(view)`: its randomness comes from what the seat sees, so the same view gives the
  same decision and a hand replays exactly from its log; what the seat cannot see (another
  hand, the next deal's commitment) never enters it.
- `deal_unseen(...)`: the hidden cards dealt out to the places that hold them, respecting what
  each place may not hold.
- `Budget`: the search's work, counted in simulated moves rather than seconds, so a decision
  does not depend on how busy the machine is; each game sets it so that its slowest decision
  stays within a quarter second of one core (`bench/bench_computers.py` prints the p99).
- `best_on_average(...)`: the anytime loop: one more imagined deal for every candidate while
  work is left, then the best mean; or, with `sure`, the first candidate (the normal player's
  move) unless another beats it world by world by `sure` standard errors.
- `halving(...)`: the same, with successive halving: the weaker half of the challengers is
  dropped stage by stage, so the default and the best challenger meet in more worlds.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

Candidate = TypeVar("Candidate")
Item = TypeVar("Item")

PRIVATE_KEYS = frozenset({"commitments"})  # in a view, but about deals not yet spent: never a seed's input


def seeded_rng(view: Any, *salt: Hashable) -> random.Random:
    """A generator seeded from a seat's view (and `salt`, e.g. the decision's kind)."""
    public = {k: v for k, v in view.items() if k not in PRIVATE_KEYS} if isinstance(view, dict) else view
    text = json.dumps([public, [str(s) for s in salt]], sort_keys=True, default=str, separators=(",", ":"))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


class Budget:
    """A search's allowance of work, in simulated moves."""

    def __init__(self, moves: int) -> None:
        self.left = moves

    def spend(self, moves: int) -> None:
        self.left -= max(1, moves)

    @property
    def spent(self) -> bool:
        return self.left <= 0


def deal_unseen(rng: random.Random, unseen: Sequence[Item], places: Mapping[int, int],
                may_hold: Callable[[int, Item], bool], tries: int = 20) -> dict[int, list[Item]]:
    """The `unseen` items dealt at random to `places` (place -> how many it holds; the counts add
    up to len(unseen)), each to a place that `may_hold` it. The most constrained items are
    placed first; after `tries` dead ends the constraints give way (a deal is always returned:
    the knowledge was inconsistent, or too tight to sample, and a nearly right world beats none)."""
    options = [(item, [p for p in places if may_hold(p, item)]) for item in unseen]
    for _ in range(tries):
        dealt = _try_deal(rng, options, places)
        if dealt is not None:
            return dealt
    items = list(unseen)
    rng.shuffle(items)
    dealt, start = {}, 0
    for place, count in places.items():
        dealt[place], start = items[start:start + count], start + count
    return dealt


def _try_deal(rng: random.Random, holders: Sequence[tuple[Item, list[int]]],
              places: Mapping[int, int]) -> dict[int, list[Item]] | None:
    """One try: `holders` pairs each item with the places that may hold it."""
    room = dict(places)
    dealt: dict[int, list[Item]] = {place: [] for place in places}
    options = list(holders)
    rng.shuffle(options)
    options.sort(key=lambda pair: len(pair[1]))
    for item, holders in options:
        open_places = [p for p in holders if room[p] > 0]
        if not open_places:
            return None
        place = rng.choices(open_places, weights=[room[p] for p in open_places])[0]
        dealt[place].append(item)
        room[place] -= 1
    return dealt


def best_on_average(candidates: Sequence[Candidate], imagine: Callable[[int], Any],
                    evaluate: Callable[[Candidate, Any], float], budget: Budget,
                    cost: Callable[[], int], sure: float = 0.0) -> Candidate:
    """The candidate with the best mean value over imagined worlds: world k = `imagine(k)`,
    each candidate judged by `evaluate(candidate, world)` in every world (common worlds: the
    comparison is fair even with few of them); `cost()` is the work one evaluation spent.
    At least one world is always judged.

    With `sure` > 0 the first candidate is the default (the normal player's move): another is
    kept only when its gain over the default, world by world, is above zero by `sure` standard
    errors, so a move that was merely luckier in a few imagined worlds never replaces it."""
    if len(candidates) == 1:
        return candidates[0]
    values: list[list[float]] = [[] for _ in candidates]
    world_no = 0
    while world_no == 0 or not budget.spent:
        world = imagine(world_no)
        for i, candidate in enumerate(candidates):
            values[i].append(evaluate(candidate, world))
            budget.spend(cost())
        world_no += 1
    if sure > 0:
        return candidates[_surely_better(values, sure)]
    best = max(range(len(candidates)), key=lambda i: (sum(values[i]), -i))
    return candidates[best]


def _surely_better(values: list[list[float]], sure: float) -> int:
    """The index of the best candidate whose paired gain over candidate 0 is `sure` standard
    errors above zero (among those judged in every world); 0 when none is."""
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        if len(values[i]) != len(values[0]):  # dropped along the way (`halving`)
            continue
        gains = [v - d for v, d in zip(values[i], values[0], strict=True)]
        n = len(gains)
        if n < 2:
            continue
        mean = sum(gains) / n
        spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5
        if mean - sure * spread / n ** 0.5 > 0 and mean > best_gain:
            best, best_gain = i, mean
    return best


def halving(candidates: Sequence[Candidate], imagine: Callable[[int], Any],
            evaluate: Callable[[Candidate, Any], float], budget: Budget, cost: Callable[[], int],
            sure: float = 0.0, min_worlds: int = 2) -> Candidate:
    """`best_on_average` with successive halving: the budget is cut into equal stages, one per
    halving and a last one; at the end of each stage (once `min_worlds` worlds are judged) the
    worse half of the challengers (every candidate but the first, the default) is dropped by
    their mean over the common worlds, so the work goes to the default and the best challenger,
    compared over many more worlds than a flat loop judges. The choice at the end is as
    `best_on_average`'s (with `sure`, the default unless the last challenger is surely better)."""
    if len(candidates) == 1:
        return candidates[0]
    alive = list(range(len(candidates)))
    values: list[list[float]] = [[] for _ in candidates]
    stage = max(1, budget.left) / (_halvings(len(candidates) - 1) + 1)
    mark, world_no = budget.left - stage, 0
    while world_no == 0 or not budget.spent:
        world = imagine(world_no)
        for i in alive:
            values[i].append(evaluate(candidates[i], world))
            budget.spend(cost())
        world_no += 1
        if len(alive) > 2 and budget.left <= mark and world_no >= min_worlds:
            alive = _halve(alive, values)
            mark -= stage
    kept = [values[i] if i in alive else [] for i in range(len(candidates))]
    if sure > 0:
        return candidates[_surely_better(kept, sure)]
    best = max(alive, key=lambda i: (sum(values[i]), -i))
    return candidates[best]


def _halvings(challengers: int) -> int:
    """How many halvings leave one challenger of `challengers`."""
    count = 0
    while challengers > 1:
        challengers, count = (challengers + 1) // 2, count + 1
    return count


def _halve(alive: list[int], values: list[list[float]]) -> list[int]:
    """The default and the better half of the challengers (their means over the same worlds)."""
    challengers = sorted(alive[1:], key=lambda i: (-sum(values[i]), i))
    return [alive[0], *challengers[:(len(challengers) + 1) // 2]]
