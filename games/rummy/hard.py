"""Tarot Rummy's hard computer player: it searches (games/search.py).

A hand of Tarot Rummy is a race: whoever first calls with little unmelded nearly always scores
(the normal player's calls win some 97% of hands against another normal player). So the hard
player judges its draw and its discard by how close they bring it to a call after its next
draw, over the cards it cannot see: each unseen card (not in its hand, not in the discard pile,
not one the opponent took from the pile and still holds, as the hand's public moves show) is in
turn imagined as the next card of the stock (a one-move look ahead, the seat's next draw
averaged over every card it may be). A candidate is worth, after that draw and the best discard
that follows, minus the unmelded value left, plus READY points when that value allows a call.
A discard that would join the cards the opponent is known to hold costs FEED points (it is a
card the opponent is likely to take).

Candidates: in the draw, the stock and the pile's top; in the discard, the normal player's
DISCARDS best discards. The normal player's move stands unless another gains on it surely:
imagined card by imagined card, by SURE standard errors above zero. The calls are the normal
player's: it calls as soon as the call pays (a call nearly always wins), with the card chosen.

The work is counted in hands arranged into melds (the search's real cost), an arrangement found
again in the decision's memo counting little; the imagined cards' order comes from
`seeded_rng(view)`, so the same view gives the same move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.base import Action
from games.cards import Card, from_codes, full_deck
from games.rummy import ai
from games.rummy import melds as rm
from games.search import Budget, best_on_average, seeded_rng

# Work per decision, in arrangements of a hand: one worked out counts ARRANGE_COST, one found
# again in the decision's memo counts 1. The slowest decision stays within a quarter second of
# one core (bench/arena.py rummy prints the p99).
BUDGET = 20_000
ARRANGE_COST = 8
DISCARDS = 4  # the normal player's best discards the search weighs
READY = 10.0  # points for a hand that may call after the next draw (it nearly always wins)
FEED = 3.0  # points a discard costs when it joins cards the opponent is known to hold
SURE = 1.0  # standard errors by which another move's gain over the normal player's must be above zero


@dataclass
class Table:
    """The hand's rules, and the decision's memo of arrangements (keyed by the cards in order,
    so a memoized arrangement is exactly the one `rm.arrange` gives) with the work it cost."""

    tree: rm.Tree
    kinds: tuple[str, ...]
    call_limit: int
    memo: dict[tuple[Card, ...], rm.Arrangement] = field(default_factory=dict)
    work: int = 0

    def arrange(self, cards: Sequence[Card]) -> rm.Arrangement:
        key = tuple(cards)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = rm.arrange(key, self.tree, self.kinds)
            self.work += ARRANGE_COST
        else:
            self.work += 1
        return found

    def after_best_discard(self, cards: list[Card], keep: Card | None = None) -> float:
        """The worth of holding `cards` (one more than a hand) before discarding: minus the
        least unmelded value a discard (never `keep`) leaves, plus READY when it allows a call."""
        least = min(self.arrange([x for x in cards if x != c]).value for c in cards if c != keep)
        return -least + (READY if least <= self.call_limit else 0.0)


def choose(view: dict[str, Any]) -> Action:
    if view["phase"] not in ("draw", "discard") or view["me"] is None:
        return ai.choose(view)
    normal = ai.choose(view)
    if normal["type"] == "call":
        return normal
    table = Table(rm.tree(view["attributions"], view["style"]), rm.meld_kinds(view["melds"]), view["call_limit"])
    hand = from_codes(view["me"]["hand"])
    pile = from_codes(view["discard"])
    held = opponent_known(view)
    unseen = _unseen(hand, pile, held)
    seeded_rng(view, "rummy", view["phase"]).shuffle(unseen)
    candidates = [normal] + [c for c in _candidates(view) if c != normal]

    def evaluate(candidate: Action, drawn: Card) -> float:
        if candidate["type"] == "draw":
            if candidate["from"] == "discard":
                return table.after_best_discard(hand + pile[-1:], keep=pile[-1])
            return table.after_best_discard(hand + [drawn])
        kept = [c for c in hand if c.code != candidate["card"]]
        thrown = next(c for c in hand if c.code == candidate["card"])
        return table.after_best_discard(kept + [drawn]) - (FEED if feeds(thrown, held, table.tree) else 0.0)

    charged = [0]

    def cost() -> int:
        spent, charged[0] = table.work - charged[0], table.work
        return spent

    chosen = best_on_average(candidates, lambda k: unseen[k % len(unseen)], evaluate, Budget(BUDGET), cost, SURE)
    return _maybe_call(view, chosen)


def _maybe_call(view: dict[str, Any], chosen: Action) -> Action:
    """The chosen discard made a call when the normal player's rule says the call pays."""
    if chosen["type"] != "discard":
        return chosen
    left = view["me"]["after_discard"][chosen["card"]]
    if ai.call_pays(left, view["call_limit"], view["stock"]):
        return {"type": "call", "card": chosen["card"]}
    return chosen


def feeds(card: Card, held: list[Card], t: rm.Tree) -> bool:
    """Whether `card` could meld with a card the opponent is known to hold."""
    return ai.partners(card, [card, *held], t) > 0


def opponent_known(view: dict[str, Any]) -> list[Card]:
    """The cards the opponent took from the discard pile this hand and still holds."""
    me = next(i for i, s in enumerate(view["seats"]) if s["player"] == view["me"]["player"])
    held: list[str] = []
    for mover, verb, *details in map(str.split, view["table_moves"]):
        if int(mover) == me or not details:
            continue
        if verb == "take":
            held.append(details[0])
        elif verb == "discard" and details[0] in held:
            held.remove(details[0])
    return from_codes(held)


def _unseen(hand: list[Card], pile: list[Card], held: list[Card]) -> list[Card]:
    seen = {c.face for c in hand + pile + held}
    return [c for c in full_deck() if c.face not in seen]


def _candidates(view: dict[str, Any]) -> list[Action]:
    if view["phase"] == "draw":
        return [{"type": "draw", "from": "stock"}] + ([{"type": "draw", "from": "discard"}] if view["discard"] else [])
    me = view["me"]
    hand = from_codes(me["hand"])
    after = me["after_discard"]
    t = rm.tree(view["attributions"], view["style"])
    options = [c for c in hand if c.code != me["taken"]]
    ranked = sorted(options, key=lambda c: (after[c.code], -rm.card_value(c), ai.partners(c, hand, t), c.code))
    return [{"type": "discard", "card": c.code} for c in ranked[:DISCARDS]]
