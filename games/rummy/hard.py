"""Tarot Rummy's hard computer player: it searches its call, over every card its seat has not
seen (exhaustively: there are 57 at most, so no sampling and no randomness).

A hand of Tarot Rummy is a race: whoever first calls with little unmelded nearly always scores
(the normal player's calls win some 97% of hands against another normal player). Measured
against the normal player (bench/arena.py, docs/computers.md), searching the draws and discards
— by how close each brings the hand to a call after the next draw, or how soon over the next
three draws, averaged over the cards it has not seen — gained nothing that held over other
deals: the normal player's greedy draw and discard already race well, and a move that differs
from it sends other stock cards to each hand. What gains is the call. With little unmelded the
normal player calls at once; but a call with everything melded scores the 22-point bonus too,
and with so little unmelded an opponent's call (the normal player calls with up to 10) is most
likely undercut, which scores the bonus for this hand. So the hard player draws and discards as
the normal player does, and when that player would call with GIN_WAIT or less unmelded it
counts, over every card it has not seen (not in its hand, not in the discard pile, not one the
opponent took from the pile and still holds, as the hand's public moves show), the cards that
drawn next would meld everything after the best discard (`melds.least_after_discard`, one
search of eleven cards each). When that chance times the bonus and the value saved is worth
more than GIN_EDGE points it discards face up and waits a turn; otherwise, or with LAST_STOCK
cards or fewer left in the stock, it calls.

The work is at most one search per unseen card (57 at most), so a decision is bounded whatever
the position; it depends only on the seat's view, so the same view gives the same move.
"""

from __future__ import annotations

from typing import Any

from games.base import Action
from games.cards import Card, from_codes, full_deck
from games.rummy import ai
from games.rummy import melds as rm
from games.rummy.rules import BONUS

GIN_WAIT = 7  # a hand that may call with this little unmelded or less may wait for everything melded
GIN_EDGE = 0.5  # points the chance of melding everything at the next draw must be worth to wait for it
LAST_STOCK = 4  # with this few cards left in the stock, a hand that may call calls


def choose(view: dict[str, Any]) -> Action:
    normal = ai.choose(view)
    if normal["type"] != "call" or view["me"] is None:
        return normal
    hand = from_codes(view["me"]["hand"])
    kept = [c for c in hand if c.code != normal["card"]]
    left = view["me"]["after_discard"][normal["card"]]
    unseen = _unseen(hand, from_codes(view["discard"]), opponent_known(view))
    t, kinds = rm.tree(view["attributions"], view["style"]), rm.meld_kinds(view["melds"])
    if waits(kept, left, view["stock"], unseen, t, kinds):
        return {"type": "discard", "card": normal["card"]}
    return normal


def waits(kept: list[Card], value: int, stock: int, unseen: list[Card], t: rm.Tree, kinds: tuple[str, ...]) -> bool:
    """Whether a hand that may call with `value` unmelded (`kept` after its discard) rather
    waits a turn: the value is GIN_WAIT or less and the chance that its next card, one of
    `unseen`, melds everything, times the bonus and the value saved, is above GIN_EDGE points.
    Never with LAST_STOCK cards or fewer left in the stock."""
    if value == 0 or value > GIN_WAIT or stock <= LAST_STOCK or not unseen:
        return False
    melding = sum(rm.least_after_discard([*kept, drawn], t, kinds)[0] == 0 for drawn in unseen)
    return melding / len(unseen) * (BONUS + value) > GIN_EDGE


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
