"""Pots, written once for every betting game (poker, Loc): what each player put in, the main pot
and the side pots, uncalled bets, and sharing a pot among tied winners."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import N_, Text


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # players who may win it, in seat order


def pay_in(stack: int, amount: int) -> int:
    """What a player can actually put in: the amount, or all they have when short."""
    return max(0, min(stack, amount))


def uncalled(contributions: Mapping[int, int], folded: Collection[int] = ()) -> tuple[int, int] | None:
    """The part of the single largest contribution that nobody else matched: (player, chips),
    returned to that player before pots are built. None when the top is matched."""
    live = sorted(((c, p) for p, c in contributions.items() if c > 0), reverse=True)
    if not live:
        return None
    top, player = live[0]
    second = live[1][0] if len(live) > 1 else 0
    if player in folded or top == second:
        return None
    return player, top - second


def build_pots(contributions: Mapping[int, int], folded: Collection[int], order: Sequence[int],
               all_in: Collection[int] | None = None) -> list[Pot]:
    """The main pot and side pots. A side pot starts at each all-in player's total: the players
    who reached it may win what lies above. Chips of folded players count in the pots their chips
    reached. `all_in` None treats every live player as done betting (the hand is over); while
    betting goes on, a live player not all-in may still call, so is eligible for every pot, and
    nobody's unmatched bet makes a pot of its own. Pots with the same eligible players merge."""
    live = {p: c for p, c in contributions.items() if c > 0 and p not in folded}
    capped = live if all_in is None else {p: c for p, c in live.items() if p in all_in}
    levels = sorted({*capped.values(), *([max(live.values())] if live else [])})
    still_betting = set() if all_in is None else {p for p in contributions if p not in folded and p not in all_in}
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        eligible = tuple(p for p in order if p not in folded
                         and (contributions.get(p, 0) >= level or p in still_betting))
        pots.append(Pot(amount, eligible))
        previous = level
    beyond = sum(max(0, c - previous) for c in contributions.values())
    if beyond:  # folded players put in more than any live player: it goes to the last pot
        last = pots.pop() if pots else Pot(0, tuple(p for p in order if p not in folded))
        pots.append(Pot(last.amount + beyond, last.eligible))
    return _merge(pots)


def _merge(pots: list[Pot]) -> list[Pot]:
    merged: list[Pot] = []
    for pot in pots:
        if merged and merged[-1].eligible == pot.eligible:
            merged[-1] = Pot(merged[-1].amount + pot.amount, pot.eligible)
        else:
            merged.append(pot)
    return merged


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Equal shares; the odd chips go one each to the winners earliest in `order` (poker: the
    seats left of the button first)."""
    ranked = sorted(winners, key=order.index)
    share, odd = divmod(amount, len(ranked))
    return {player: share + (1 if i < odd else 0) for i, player in enumerate(ranked)}


def award(pots: Sequence[Pot], strength: Callable[[int], Any], order: Sequence[int]) -> dict[int, int]:
    """Each pot to its best eligible hands (by `strength`, higher wins), shared on a tie."""
    won: dict[int, int] = {}
    for pot in pots:
        if not pot.eligible or not pot.amount:
            continue
        best = max(strength(p) for p in pot.eligible)
        winners = [p for p in pot.eligible if strength(p) == best]
        for player, chips in split(pot.amount, winners, order).items():
            won[player] = won.get(player, 0) + chips
    return won


def pot_name(index: int, count: int) -> Text:
    """How players call the pot at `index` of `count`: "Pot" alone, else "Main pot", "Side pot 1"…
    (a label, so a text puts a word or a colon between it and an amount: "Side pot 1: 540")."""
    if count == 1:
        return Text(N_("Pot"))
    return Text(N_("Main pot")) if index == 0 else Text(N_("Side pot {number}"), number=index)
