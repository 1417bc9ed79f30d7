"""Tarot Rummy's hard computer player: it searches (games/search.py).

It judges its draw (stock or discard pile) and its discard or call by what they do to both
hands. It imagines the cards it cannot see — the opponent's hand and the stock's order — dealt
in agreement with what its seat knows: its hand, the discard pile, and the cards the opponent
took from the pile and has not thrown since (the hand's public moves in the view). A hand dealt
at random is far looser than one kept for several turns, so the opponent's imagined hand then
replays its past draws from the stock (up to AGING of them), throwing what the normal player
would. Then, in every imagined deal, it plays each candidate and a few more turns of both
players as the normal player would: a call is scored exactly (the opponent's layoffs included),
a hand still going is valued by the two unmelded values. It plays the normal player's move
unless another gains on it surely: world by world, by SURE standard errors above zero (a few
imagined hands' luck never decides).

Candidates: in the draw, the stock or the pile's top; in the discard, the normal player's few
best discards, each also as a call when the call is allowed. The work is counted in hands
arranged into melds (the search's real cost), an arrangement found again in the decision's
memo counting little.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.base import Action
from games.cards import Card, from_codes, full_deck
from games.rummy import ai
from games.rummy import melds as rm
from games.rummy.rules import _outcome
from games.search import Budget, best_on_average, deal_unseen, seeded_rng

# Work per decision, in arrangements of a hand (the search's real cost): one worked out counts
# ARRANGE_COST, one found again in the decision's memo counts 1. The slowest decision stays
# within a quarter second of one core (bench/arena.py rummy prints the p99).
BUDGET = 17_000
ARRANGE_COST = 8
AGING = 4  # at most this many of the opponent's draws from the stock replayed on an imagined hand
HORIZON = 4  # turns played after the candidate in each imagined deal (both players')
DISCARDS = 4  # the normal player's best discards the search weighs
LEAF_WEIGHT = 0.5  # points per unmelded point of difference when the horizon ends the look
SURE = 2.0  # standard errors by which another move's gain over the normal player's must be above zero
OPPONENT, STOCK = 0, 1  # places of the hidden cards


@dataclass
class World:
    """One imagined hand: both hands (mine first), the stock (top first) and the pile."""

    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    taken: Card | None = None  # the card I took this turn (not to be thrown back)


@dataclass
class Table:
    """The hand's rules, and the decision's memo of arrangements (keyed by the cards in order,
    so a memoized arrangement is exactly the one `rm.arrange` gives) with the work it cost."""

    tree: rm.Tree
    kinds: tuple[str, ...]
    call_limit: int
    memo: dict[tuple[Card, ...], rm.Arrangement] = field(default_factory=dict)
    work: int = 0

    def arrange(self, cards: Sequence[Card], *_: Any) -> rm.Arrangement:
        key = tuple(cards)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = rm.arrange(key, self.tree, self.kinds)
            self.work += ARRANGE_COST
        else:
            self.work += 1
        return found


def choose(view: dict[str, Any]) -> Action:
    if view["phase"] not in ("draw", "discard") or view["me"] is None:
        return ai.choose(view)
    table = Table(rm.tree(view["attributions"], view["style"]), rm.meld_kinds(view["melds"]), view["call_limit"])
    rng = seeded_rng(view, "rummy", view["phase"])
    hand = from_codes(view["me"]["hand"])
    pile = from_codes(view["discard"])
    held = opponent_known(view)
    unseen = _unseen(hand, pile, held)
    opponent_size = next(s["cards"] for s in view["seats"] if s["player"] != view["me"]["player"])
    places = {OPPONENT: opponent_size - len(held), STOCK: view["stock"]}
    aging = min(AGING, opponent_draws(view))

    def imagine(_: int) -> World:
        dealt = deal_unseen(rng, unseen, places, lambda place, c: True)
        stock = dealt[STOCK]
        rng.shuffle(stock)
        world = World([list(hand), held + dealt[OPPONENT]], stock, list(pile))
        for _ in range(aging):
            _replay_draw(world, held, table, rng)
        return world

    normal = ai.choose(view)

    def evaluate(candidate: Action, world: World) -> float:
        copy = World([list(h) for h in world.hands], list(world.stock), list(world.pile))
        return _play_candidate(copy, candidate, table)

    charged = [0]

    def cost() -> int:
        spent, charged[0] = table.work - charged[0], table.work
        return spent

    candidates = [normal] + [c for c in _candidates(view) if c != normal]
    return best_on_average(candidates, imagine, evaluate, Budget(BUDGET), cost, SURE)


def opponent_known(view: dict[str, Any]) -> list[Card]:
    """The cards the opponent took from the discard pile this hand and still holds."""
    me = _my_seat(view)
    held: list[str] = []
    for mover, verb, *details in map(str.split, view["table_moves"]):
        if int(mover) == me or not details:
            continue
        if verb == "take":
            held.append(details[0])
        elif verb == "discard" and details[0] in held:
            held.remove(details[0])
    return from_codes(held)


def _my_seat(view: dict[str, Any]) -> int:
    return next(i for i, s in enumerate(view["seats"]) if s["player"] == view["me"]["player"])


def opponent_draws(view: dict[str, Any]) -> int:
    """How many times the opponent has drawn from the stock this hand."""
    me = _my_seat(view)
    return sum(1 for mover, verb, *_ in map(str.split, view["table_moves"]) if int(mover) != me and verb == "stock")


def _replay_draw(world: World, held: list[Card], table: Table, rng: random.Random) -> None:
    """One of the opponent's past draws from the stock, replayed on its imagined hand: it draws
    an imagined card and throws what the normal player would (never a card it is known to
    hold), the thrown card going back among the unseen ones. A hand dealt at random is far
    looser than one a player has kept for several turns; after these draws the imagined hand
    is about as close to melding as a real one, so the opponent's calls come as soon as they
    would."""
    if not world.stock:
        return
    hand = world.hands[1]
    hand.append(world.stock.pop(rng.randrange(len(world.stock))))
    free = [c for c in hand if c not in held]
    after = {c.code: table.arrange([x for x in hand if x != c]).value for c in free}
    thrown = ai.pick_discard(free, None, after, table.tree)
    hand.remove(thrown)
    world.stock.insert(rng.randrange(len(world.stock) + 1), thrown)


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
    moves: list[Action] = []
    for c in ranked[:DISCARDS]:
        moves.append({"type": "discard", "card": c.code})
        if after[c.code] <= view["call_limit"]:
            moves.append({"type": "call", "card": c.code})
    return moves


# --- the imagined play ------------------------------------------------------------------------


def _play_candidate(world: World, candidate: Action, table: Table) -> float:
    """My points (the opponent's counted against me) from the candidate and a few turns after."""
    if candidate["type"] == "draw":
        if not _draw(world, 0, candidate["from"] == "discard"):
            return 0.0
        ended = _discard_or_call(world, 0, table)
    else:
        card = next(c for c in world.hands[0] if c.code == candidate["card"])
        ended = _throw(world, 0, card, candidate["type"] == "call", table)
    for turn in range(HORIZON):
        if ended is not None:
            return ended
        ended = _turn(world, (turn + 1) % 2, table)
    if ended is not None:
        return ended
    return LEAF_WEIGHT * (_value(world.hands[1], table) - _value(world.hands[0], table))


def _value(hand: list[Card], table: Table) -> int:
    return table.arrange(hand).value


def _draw(world: World, seat: int, from_pile: bool) -> bool:
    """False when the stock is out (a dead hand)."""
    if from_pile and world.pile:
        world.taken = world.pile.pop()
        world.hands[seat].append(world.taken)
        return True
    if not world.stock:
        return False
    world.taken = None
    world.hands[seat].append(world.stock.pop(0))
    return True


def _turn(world: World, seat: int, table: Table) -> float | None:
    """One turn of the normal player; my points if it ended the hand."""
    hand = world.hands[seat]
    top = world.pile[-1] if world.pile else None
    from_pile = top is not None and ai.takes_discard(hand, top, _value(hand, table), table.tree, table.kinds,
                                                                  table.arrange)
    if not _draw(world, seat, from_pile):
        return 0.0
    return _discard_or_call(world, seat, table)


def _discard_or_call(world: World, seat: int, table: Table) -> float | None:
    hand = world.hands[seat]
    after = {c.code: _value([x for x in hand if x != c], table) for c in hand}
    card = ai.pick_discard(hand, world.taken, after, table.tree)
    return _throw(world, seat, card, ai.call_pays(after[card.code], table.call_limit, len(world.stock)), table)


def _throw(world: World, seat: int, card: Card, call: bool, table: Table) -> float | None:
    world.hands[seat].remove(card)
    if call:
        return _called(world, seat, table)
    world.pile.append(card)
    return 0.0 if not world.stock else None


def _called(world: World, caller: int, table: Table) -> float:
    """The hand's points for me when `caller` calls now."""
    mine = table.arrange(world.hands[caller])
    other = world.hands[1 - caller]
    if mine.value == 0:
        theirs = table.arrange(other).value
    else:
        theirs = rm.lay_off(other, mine.melds, table.tree, table.kinds).value
    _, scorer, points = _outcome(mine.value, theirs)
    if scorer is None:
        return 0.0
    caller_scores = scorer == "caller"
    return float(points if caller_scores == (caller == 0) else -points)

