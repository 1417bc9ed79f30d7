"""Tarot Rummy's hard computer player: it searches (games/search.py).

A hand of Tarot Rummy is a race: whoever first calls with little unmelded nearly always scores
(the normal player's calls win some 97% of hands against another normal player). So the hard
player judges its draw and its discard by how soon they let it call, over the cards it cannot
see (not in its hand, not in the discard pile, not one the opponent took from the pile and
still holds, as the hand's public moves show): an imagined world is the next HORIZON cards of
the stock, drawn at random from those unseen cards. In it the hand plays on: each draw followed
by the discard that leaves the least unmelded (`melds.least_after_discard`, one search of the
eleven cards), until a call is allowed. A candidate is worth READY points for each draw of the
horizon still to come when the call is allowed (less the value it would call with), or, never
allowed, minus the mean value left unmelded (what it would pay were the opponent to call). A
discard that would join the cards the opponent is known to hold costs FEED points (it is a card
the opponent is likely to take).

Candidates: in the draw, the stock and the pile's top (from the pile: that card, then the next
stock cards); in the discard, the normal player's DISCARDS best discards (the next two stock
cards). The normal player's move stands unless another gains on it surely: world by world, by
SURE standard errors above zero.

The call: when the normal player's rule says a call pays, the hard player calls, unless it has
GIN_WAIT or less unmelded and some unseen card drawn next would meld everything (a call then
scores the bonus too): with so little unmelded, an opponent's call is likely undercut, so it
waits a turn when that card's chance, counted over every unseen card, times the bonus and the
value saved, is worth more than GIN_EDGE points (never with LAST_STOCK cards or fewer left).

The work is counted in hands searched for their best discard (the search's real cost), one
found again in the decision's memo counting little; the imagined cards come from
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
from games.rummy.rules import BONUS
from games.search import Budget, best_on_average, seeded_rng

# Work per decision, in hands searched for their best discard: one worked out counts ARRANGE_COST, one found
# again in the decision's memo counts 1. The slowest decision stays within a quarter second of
# one core (bench/arena.py rummy prints the p99).
BUDGET = 12_000
ARRANGE_COST = 8
HORIZON = 3  # draws looked at from the draw: this one and the next two (from the discard: the next two)
DISCARDS = 6  # the normal player's best discards the search weighs
READY = 10.0  # points for each draw still to come once a hand may call (it nearly always wins)
FEED = 3.0  # points a discard costs when it joins cards the opponent is known to hold
GIN_WAIT = 5  # a hand that may call with this little unmelded or less may wait for everything melded
GIN_EDGE = 0.5  # points the chance of melding everything at the next draw must be worth to wait for it
LAST_STOCK = 4  # with this few cards left in the stock, a hand that may call calls
SURE = 2.0  # standard errors by which another move's gain over the normal player's must be above zero


@dataclass
class Table:
    """The hand's rules, and the decision's memo of the least value a hand leaves after its best
    discard (keyed by the cards as a set and the card that may not go) with the work it cost."""

    tree: rm.Tree
    kinds: tuple[str, ...]
    call_limit: int
    memo: dict[tuple[frozenset[Card], Card | None], tuple[int, Card]] = field(default_factory=dict)
    work: int = 0

    def least(self, cards: list[Card], keep: Card | None = None) -> tuple[int, Card]:
        """The least unmelded value `cards` (one more than a hand) leave after a discard (never
        `keep`), and that discard."""
        key = (frozenset(cards), keep)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = rm.least_after_discard(cards, self.tree, self.kinds, keep)
            self.work += ARRANGE_COST
        else:
            self.work += 1
        return found

    def race(self, hand: list[Card], draws: Sequence[Card], keep_first: bool = False) -> float:
        """The worth of `hand` drawing `draws` in turn, each followed by its best discard: READY
        for each draw left when the hand may call (and the value it calls with, less), else
        minus the mean value the hand was left with (what it would pay were the opponent to call)."""
        left: list[int] = []
        for step, drawn in enumerate(draws):
            value, thrown = self.least([*hand, drawn], drawn if keep_first and step == 0 else None)
            if value <= self.call_limit:
                return READY * (len(draws) - step) - value
            left.append(value)
            hand = [c for c in [*hand, drawn] if c != thrown]
        return -sum(left) / len(left)


def choose(view: dict[str, Any]) -> Action:
    if view["phase"] not in ("draw", "discard") or view["me"] is None:
        return ai.choose(view)
    normal = ai.choose(view)
    table = Table(rm.tree(view["attributions"], view["style"]), rm.meld_kinds(view["melds"]), view["call_limit"])
    hand = from_codes(view["me"]["hand"])
    pile = from_codes(view["discard"])
    held = opponent_known(view)
    unseen = _unseen(hand, pile, held)
    if normal["type"] == "call":
        return _call_or_wait(view, normal, table, hand, unseen)
    rng = seeded_rng(view, "rummy", view["phase"])
    candidates = [normal] + [c for c in _candidates(view) if c != normal]

    def evaluate(candidate: Action, drawn: Sequence[Card]) -> float:
        if candidate["type"] == "draw":
            if candidate["from"] == "discard":
                return table.race(hand, [pile[-1], *drawn[:HORIZON - 1]], keep_first=True)
            return table.race(hand, drawn[:HORIZON])
        kept = [c for c in hand if c.code != candidate["card"]]
        thrown = next(c for c in hand if c.code == candidate["card"])
        return table.race(kept, drawn[:HORIZON - 1]) - (FEED if feeds(thrown, held, table.tree) else 0.0)

    charged = [0]

    def cost() -> int:
        spent, charged[0] = table.work - charged[0], table.work
        return spent

    def imagine(_: int) -> list[Card]:
        return rng.sample(unseen, min(HORIZON, len(unseen)))

    chosen = best_on_average(candidates, imagine, evaluate, Budget(BUDGET), cost, SURE)
    return _call_or_wait(view, chosen, table, hand, unseen)


def _call_or_wait(view: dict[str, Any], chosen: Action, table: Table, hand: list[Card], unseen: list[Card]) -> Action:
    """The chosen discard made a call when the normal player's rule says the call pays, unless
    the hand waits a turn for a chance to meld everything (`waits`)."""
    if chosen["type"] == "draw":
        return chosen
    card = chosen["card"]
    left = view["me"]["after_discard"][card]
    if not ai.call_pays(left, view["call_limit"], view["stock"]):
        return {"type": "discard", "card": card}
    kept = [c for c in hand if c.code != card]
    if waits(table, kept, left, view["stock"], unseen):
        return {"type": "discard", "card": card}
    return {"type": "call", "card": card}


def waits(table: Table, kept: list[Card], value: int, stock: int, unseen: list[Card]) -> bool:
    """Whether a hand that may call with `value` unmelded (`kept` after its discard) rather
    waits a turn: when the value is low (the opponent's own call is then likely undercut) and
    some card it has not seen, drawn next, melds everything (a call then scores the bonus
    too): the chance of such a card, over every unseen card, times the bonus and the value
    saved, above GIN_EDGE points. Never when the stock is nearly out."""
    if value == 0 or value > GIN_WAIT or stock <= LAST_STOCK or not unseen:
        return False
    chance = sum(table.least([*kept, drawn])[0] == 0 for drawn in unseen) / len(unseen)
    return chance * (BONUS + value) > GIN_EDGE


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
