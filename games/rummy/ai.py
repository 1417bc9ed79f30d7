"""The computer opponent of Tarot Rummy. It decides from a player's view alone (what a person
in its seat would see: its own hand, the discard pile, the stock count, the scores), so it
cannot cheat. It takes the discard when it joins a meld and lowers its unmelded value, discards the card whose
loss leaves the least unmelded (the highest such card, then the one with fewest partners), and
calls as soon as the call is allowed and pays: at once with everything melded, otherwise while
its unmelded value is low for the stage of the hand."""

from __future__ import annotations

from typing import Any

from games.cards import Card, from_codes
from games.rummy import melds as rm

Action = dict[str, Any]
FULL_STOCK = 57  # 78 cards less two hands of ten and the upcard
EARLY_HAND = 12  # turns of each player during which any allowed call pays
SAFE_CALL = 4  # an unmelded value this low rarely gets undercut, however late


def choose(view: dict[str, Any], level: str = "normal") -> Action:
    phase = view["phase"]
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
    with_top = hand + [top]
    best = min((rm.arrange([x for x in with_top if x != c], _tree(view), _kinds(view)) for c in hand),
               key=lambda found: found.value)
    return best.value < view["me"]["value"] and top not in best.unmelded


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
    after = me["after_discard"]
    t = _tree(view)
    options = [c for c in hand if c.code != me["taken"]]
    chosen = min(options, key=lambda c: (after[c.code], -rm.card_value(c), partners(c, hand, t), c.code))
    return chosen.code, after[chosen.code]


def _discard_or_call(view: dict[str, Any]) -> Action:
    code, value = best_discard(view)
    if _call_pays(view, value):
        return {"type": "call", "card": code}
    return {"type": "discard", "card": code}


def _call_pays(view: dict[str, Any], value: int) -> bool:
    if value > view["call_limit"]:
        return False
    if value == 0:
        return True
    turns = (FULL_STOCK - view["stock"]) // 2
    return turns < EARLY_HAND or value <= SAFE_CALL or view["stock"] <= 2


def _widest_column(view: dict[str, Any]) -> str:
    ending = view["ending"]
    melds = ending["players"][str(ending["caller"])]["melds"]
    melded = [c for m in melds for c in from_codes(m["cards"])]
    columns = view["identify"]["columns"]
    return max(columns, key=lambda col: sum(rm.covers(col, c) for c in melded))


def _answer(view: dict[str, Any]) -> str:
    question = view["identify"]["question"]
    return rm.correspondence(question["column"], from_codes([question["card"]])[0], _tree(view))
