"""The computer player of Loc. It decides from its own seat's view alone: its hand, the pot
and the cards already revealed. It discards its weakest card; in the plays it spends its
weakest ordinary cards while the pot grows and keeps its pot-takers (trumps with the power to
take the pot, and Aces) for when the pot is worth taking, or when only they are left.

The easy player (`level="easy"`) discards the same way and then always plays its weakest card: it
never wastes a strong card, but it pays into nearly every pot and takes one only with the cards
it has left at the end. The hard player searches: games/loc/hard.py."""

from __future__ import annotations

from typing import Any

from games.cards import Card, card
from games.loc.rules import deck_code, is_ace, strength, takes_pot

Action = dict[str, Any]
WORTH_TAKING = 2  # bets per player still in the hand: a pot this big is worth a pot-taker


def choose(view: dict[str, Any], level: str = "normal") -> Action:
    me = view["me"]
    hand = [card(code) for code in me["cards"]]
    deck = view["deck"]
    if me["can"] == "discard":
        return {"type": "discard", "card": deck_code(min(hand, key=strength), deck)}
    chosen = _easy_play(view, hand) if level == "easy" else play_card(view, hand)
    return {"type": "play", "card": deck_code(chosen, deck)}


def _pot_taker(c: Card, view: dict[str, Any]) -> bool:
    return takes_pot(c, view["deck"], view["pot_trumps"]) or is_ace(c)


def _easy_play(view: dict[str, Any], hand: list[Card]) -> Card:
    return min(hand, key=strength)


def play_card(view: dict[str, Any], hand: list[Card]) -> Card:
    """The normal player's card from `hand`; of the view it reads only the deck, its pot
    trumps, the pot, the bet and how many play."""
    takers = sorted((c for c in hand if _pot_taker(c, view)), key=strength)
    others = sorted((c for c in hand if not _pot_taker(c, view)), key=strength)
    if not takers:
        return others[0]
    if not others:
        return takers[-1]
    worth = view["pot"] >= WORTH_TAKING * view["bet"] * max(view["waited"], 1)
    return takers[-1] if worth else others[0]
