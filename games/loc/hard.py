"""Loc's hard computer player: it searches (games/search.py).

It imagines the cards it cannot see — the other players' hands — dealt from the cards it has
not seen (not in its hand, not its discard, not played this hand), each hand as large as the
view says. In every imagined deal it tries each card it could discard or play now and plays
the hand out to its end, every player then choosing as the normal player does; it keeps the
card that leaves it the most chips on average at the end of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import Action
from games.cards import Card, card
from games.loc import ai
from games.loc.rules import PLAYS, deck_cards, deck_code, resolve, strength
from games.pots import pay_in
from games.search import Budget, best_on_average, deal_unseen, seeded_rng

# Cards played in the imagined hands per decision: the slowest decision (ten players, the
# discard) stays within a quarter second of one core (bench/arena.py loc prints the p99).
BUDGET = 10_000
REST = -1  # the place of the unseen cards nobody holds: the undealt deck and the discards


@dataclass(frozen=True)
class Table:
    """What the imagined hand needs of the view: the deck, the bet, the seats in play."""

    deck: str
    pot_trumps: str
    bet: int
    me: int  # my index among the seats in play
    stacks: tuple[int, ...]
    pot: int
    first_play: int  # the play the decision is for (0: the discard)


def choose(view: dict[str, Any]) -> Action:
    me = view["me"]
    if me is None or me["can"] not in ("discard", "play"):
        return ai.choose(view)
    hand = [card(code) for code in me["cards"]]
    in_play = [s for s in view["seats"] if s["in_hand"] and not s["folded"]]
    mine = next(i for i, s in enumerate(in_play) if s["player"] == me["player"])
    table = Table(view["deck"], view["pot_trumps"], view["bet"], mine, tuple(s["stack"] for s in in_play),
                  view["pot"], 0 if me["can"] == "discard" else view["play"])
    unseen = _unseen(view, hand)
    places = {i: s["cards_left"] for i, s in enumerate(in_play) if i != mine}
    places[REST] = len(unseen) - sum(places.values())
    rng = seeded_rng(view, "loc", me["can"])

    def imagine(_: int) -> list[list[Card]]:
        dealt = deal_unseen(rng, unseen, places, lambda place, c: True)
        return [list(hand) if i == mine else dealt[i] for i in range(len(in_play))]

    spent = [0]

    def evaluate(candidate: Card, hands: list[list[Card]]) -> float:
        result, spent[0] = play_out(table, [list(h) for h in hands], candidate)
        return result

    candidates = sorted(set(hand), key=strength)
    chosen = best_on_average(candidates, imagine, evaluate, Budget(BUDGET), lambda: spent[0])
    return {"type": me["can"], "card": deck_code(chosen, view["deck"])}


def _unseen(view: dict[str, Any], hand: list[Card]) -> list[Card]:
    seen = {c.face for c in hand}
    seen |= {card(code).face for s in view["seats"] for code in s["played"]}
    if view["me"]["discard"]:
        seen.add(card(view["me"]["discard"]).face)
    return [c for c in deck_cards(view["deck"]) if c.face not in seen]


def play_out(table: Table, hands: list[list[Card]], candidate: Card) -> tuple[float, int]:
    """My chips at the end of the hand (and the cards played to get there) when I discard or
    play `candidate` now and everyone plays as the normal player afterwards."""
    stacks, pot, played = list(table.stacks), table.pot, 0
    first = table.first_play
    if first == 0:
        for i, hand in enumerate(hands):
            hand.remove(candidate if i == table.me else min(hand, key=strength))
        first = 1
    for play in range(first, PLAYS + 1):
        seen = {"deck": table.deck, "pot_trumps": table.pot_trumps, "pot": pot, "bet": table.bet,
                "waited": len(hands)}
        choices = {i: candidate if i == table.me and play == table.first_play else ai.play_card(seen, hand)
                   for i, hand in enumerate(hands)}
        for i, c in choices.items():
            hands[i].remove(c)
        played += len(hands)
        last = play == PLAYS
        taker, excused = resolve(choices, last, table.deck, table.pot_trumps)
        if taker is not None:
            stacks[taker] += pot
            pot = 0
        payers = [] if last else [i for i in range(len(hands)) if i != excused]
        for i in payers:
            paid = pay_in(stacks[i], table.bet)
            stacks[i] -= paid
            pot += paid
    return float(stacks[table.me] - table.stacks[table.me]), played

