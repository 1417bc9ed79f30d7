"""The computer opponent of Tarot Rummy. It decides from a player's view alone (what a person
in its seat would see: its own hand, the discard pile, the stock count, the scores), so it
cannot cheat. It takes the discard when it joins a meld and lowers its unmelded value, discards the card whose
loss leaves the least unmelded (the highest such card, then the one with fewest partners), and
calls as soon as the call is allowed and pays: at once with everything melded, otherwise while
its unmelded value is low for the stage of the hand.

The easy player (`level="easy"`) plays as a newcomer does: it always draws from the stock, throws
away its highest unmelded card without keeping cards that are one card short of a meld, and
calls only with very little unmelded (so it often waits too long). The hard
player searches: games/rummy/hard.py."""

from __future__ import annotations

from typing import Any

from games.cards import Card, from_codes
from games.rummy import melds as rm

Action = dict[str, Any]
FULL_STOCK = 57  # 78 cards less two hands of ten and the upcard
EARLY_HAND = 12  # turns of each player during which any allowed call pays
SAFE_CALL = 4  # an unmelded value this low rarely gets undercut, however late
EASY_CALL = 2  # the easy player calls only with this little unmelded


def choose(view: dict[str, Any], level: str = "normal") -> Action:
    phase = view["phase"]
    if phase == "draw" and level == "easy":
        return {"type": "draw", "from": "stock"}
    if phase == "discard" and level == "easy":
        return _easy_discard_or_call(view)
    if phase == "choosing":
        return {"type": "choose", **view["options"]}
    if phase == "draw":
        return {"type": "draw", "from": "discard" if _discard_helps(view) else "stock"}
    if phase == "discard":
        return _discard_or_call(view)
    if phase == "column":
        return {"type": "column", "column": _widest_column(view)}
    if phase == "identify":
        return {"type": "answer", "choice": _answer(view)}
    return {"type": "leave"}


def _tree(view: dict[str, Any]) -> rm.Tree:
    return rm.tree(view["attributions"], view["style"])


def _kinds(view: dict[str, Any]) -> tuple[str, ...]:
    return rm.meld_kinds(view["melds"])


def _value(cards: list[Card], view: dict[str, Any]) -> int:
    return rm.arrange(cards, _tree(view), _kinds(view)).value


def _discard_helps(view: dict[str, Any]) -> bool:
    """Whether the top of the discard pile, kept, joins a meld and lowers the unmelded value
    after the discard that must follow (a card that joins nothing is better left for the
    unknown card of the stock)."""
    if not view["discard"]:
        return False
    hand = from_codes(view["me"]["hand"])
    top = from_codes(view["discard"][-1:])[0]
    return takes_discard(hand, top, view["me"]["value"], _tree(view), _kinds(view))


def takes_discard(hand: list[Card], top: Card, value: int, t: rm.Tree, kinds: tuple[str, ...]) -> bool:
    """Whether `top` kept joins a meld and leaves less unmelded than `value` (the hand's now)."""
    with_top = hand + [top]
    best = min((rm.arrange([x for x in with_top if x != c], t, kinds) for c in hand),
               key=lambda found: found.value)
    return best.value < value and top not in best.unmelded


def partners(c: Card, hand: list[Card], t: rm.Tree) -> int:
    """How many cards of the hand could meld with `c` given one more card."""
    return sum(1 for other in hand if other != c and _near(c, other, t))


def _near(a: Card, b: Card, t: rm.Tree) -> bool:
    if a.is_major != b.is_major:
        trump, minor = (a, b) if a.is_major else (b, a)
        return minor.rank <= 10 and minor.rank in t.joins[trump.rank]
    if not a.is_major:
        return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)
    if abs(a.rank - b.rank) <= 2 or {a.rank, b.rank} <= rm.PLANETARY or {a.rank, b.rank} <= rm.ELEMENTAL:
        return True
    if a.rank in t.zodiac and b.rank in t.zodiac:
        return (t.zodiac[a.rank] - t.zodiac[b.rank]) % 12 in (1, 2, 10, 11)
    return False


def best_discard(view: dict[str, Any]) -> tuple[str, int]:
    """The most useless card: least unmelded left behind, then the highest value, then the
    fewest partners (ties by notation, so the choice is repeatable)."""
    me = view["me"]
    hand = from_codes(me["hand"])
    taken = from_codes([me["taken"]])[0] if me["taken"] else None
    chosen = pick_discard(hand, taken, me["after_discard"], _tree(view))
    return chosen.code, me["after_discard"][chosen.code]


def pick_discard(hand: list[Card], taken: Card | None, after: dict[str, int], t: rm.Tree) -> Card:
    """`best_discard` on cards: `after` gives the unmelded value left by each card's discard."""
    options = [c for c in hand if c != taken]
    return min(options, key=lambda c: (after[c.code], -rm.card_value(c), partners(c, hand, t), c.code))


def _discard_or_call(view: dict[str, Any]) -> Action:
    code, value = best_discard(view)
    if _call_pays(view, value):
        return {"type": "call", "card": code}
    return {"type": "discard", "card": code}


def _call_pays(view: dict[str, Any], value: int) -> bool:
    return call_pays(value, view["call_limit"], view["stock"])


def call_pays(value: int, call_limit: int, stock: int) -> bool:
    """Whether calling with `value` unmelded pays, `stock` cards being left."""
    if value > call_limit:
        return False
    if value == 0:
        return True
    turns = (FULL_STOCK - stock) // 2
    return turns < EARLY_HAND or value <= SAFE_CALL or stock <= 2


def _easy_discard_or_call(view: dict[str, Any]) -> Action:
    """The newcomer's discard: the highest unmelded card (never the card just taken), whatever
    it was close to; a call only with almost nothing unmelded."""
    me = view["me"]
    hand = from_codes(me["hand"])
    after = me["after_discard"]
    unmelded = set(me["unmelded"])
    options = [c for c in hand if c.code != me["taken"]]
    loose = [c for c in options if c.code in unmelded] or options
    chosen = max(loose, key=lambda c: (rm.card_value(c), -after[c.code], c.code))
    value = after[chosen.code]
    if value <= min(EASY_CALL, view["call_limit"]):
        return {"type": "call", "card": chosen.code}
    return {"type": "discard", "card": chosen.code}


def _widest_column(view: dict[str, Any]) -> str:
    ending = view["ending"]
    melds = ending["players"][str(ending["caller"])]["melds"]
    melded = [c for m in melds for c in from_codes(m["cards"])]
    columns = view["identify"]["columns"]
    return max(columns, key=lambda col: sum(rm.covers(col, c) for c in melded))


def _answer(view: dict[str, Any]) -> str:
    question = view["identify"]["question"]
    return rm.correspondence(question["column"], from_codes([question["card"]])[0], _tree(view))
