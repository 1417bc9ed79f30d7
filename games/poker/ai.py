"""The computer player of Major Poker. It decides from its own seat's view alone (its hole
cards, the board, the bets), never from the deck or another player's cards, so it cannot cheat.

Its hand strength is its equity: the share of pots it would win against the players still in
the hand, estimated by dealing the unseen cards at random a few hundred times (the unseen cards
are every card it has not seen: the others' holes and the deck are alike to it). It bets or
raises for value when its equity is well above a fair share, calls when its equity beats the
pot odds, checks when that is free and folds otherwise; now and then it bets a weak hand when
checked to (a bluff). At the draw it keeps its sets and its majors (any hand holding a major
beats every hand without) and replaces the rest.

Its random choices come from a generator seeded by what it sees, so the same view always gets
the same decision (a hand replays exactly from its seed and its log)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.cards import Card, card, full_deck
from games.poker.hands import best_hand

Action = dict[str, Any]
EVALUATIONS = 160  # hands valued per decision, spread over the samples: bounds the time a decision takes
MIN_SAMPLES = 16
BLUFF_RATE = 0.05  # how often a weak hand bets when checked to
CALL_MARGIN = 0.03  # equity wanted above the pot odds to call
VALUE_SHARE = 1.6  # equity over a fair share (1 / players in the hand) that bets for value
STRONG_SHARE = 2.4  # ... that raises big, all-in when the stack is short
BOARD_SIZE = 5
DECK = tuple(full_deck())


def choose(view: dict[str, Any], player: int, level: str = "normal") -> Action:
    turn = view.get("turn") or {}
    if turn.get("player") != player:
        raise ValueError(f"it is not player {player}'s turn")
    me = next(s for s in view["seats"] if s["player"] == player)
    hole = [card(code) for code in me["cards"]]
    rng = random.Random(_seed(view, me))
    if turn["action"] == "draw":
        return {"type": "discard", "cards": [c.code for c in discards(hole)]}
    opponents = sum(1 for s in view["seats"] if s["in_hand"] and not s["folded"] and s["player"] != player)
    board = [card(code) for code in view["board"]]
    share = equity(hole, board, opponents, view["format"], rng)
    return _bet(turn, view["pot"], share, opponents, rng)


def _seed(view: dict[str, Any], me: dict[str, Any]) -> str:
    """What the computer sees of this decision, as its generator's seed."""
    return f"{view['round']}:{view['phase']}:{me['cards']}:{view['board']}:{view['pot']}:{view['current_bet']}"


def equity(hole: list[Card], board: list[Card], opponents: int, format_: str, rng: random.Random) -> float:
    """The share of the pot these cards win against `opponents` random hands, ties shared."""
    if opponents == 0:
        return 1.0
    seen = {c.face for c in hole + board}
    unseen = [c for c in DECK if c not in seen]
    missing = (BOARD_SIZE - len(board)) if format_ == "holdem" else 0
    samples = max(MIN_SAMPLES, EVALUATIONS // (opponents + 1))
    won = 0.0
    for _ in range(samples):
        dealt = rng.sample(unseen, missing + opponents * len(hole))
        full_board = board + dealt[:missing]
        mine = best_hand(hole + full_board)
        theirs = [best_hand(dealt[missing + i * len(hole): missing + (i + 1) * len(hole)] + full_board)
                  for i in range(opponents)]
        best = max(theirs)
        if mine > best:
            won += 1
        elif mine == best:
            won += 1 / (1 + theirs.count(best))
    return won / samples


def _bet(turn: dict[str, Any], pot: int, share: float, opponents: int, rng: random.Random) -> Action:
    legal = set(turn["legal"])
    to_call = turn["to_call"]
    fair = 1 / (opponents + 1)
    if share >= STRONG_SHARE * fair and "allin" in legal and turn["max_to"] <= 2 * (pot + to_call):
        return {"type": "allin"}
    if share >= VALUE_SHARE * fair:
        size = _size(turn, pot, big=share >= STRONG_SHARE * fair)
        if size is not None:
            return size
    if to_call == 0:
        if "bet" in legal and rng.random() < BLUFF_RATE:
            return _size(turn, pot, big=False) or {"type": "check"}
        return {"type": "check"}
    if share >= to_call / (pot + to_call) + CALL_MARGIN:
        return {"type": "call"}
    return {"type": "fold"}


def _size(turn: dict[str, Any], pot: int, big: bool) -> Action | None:
    """A bet of two thirds of the pot (the whole pot when `big`), or a raise by as much, kept
    within what is allowed; None when neither is."""
    legal = set(turn["legal"])
    wanted = pot if big else (2 * pot) // 3
    if "bet" in legal:
        return {"type": "bet", "amount": min(max(wanted, turn["min_bet"]), turn["max_to"])}
    if "raise" in legal:
        target = turn["current_bet"] + wanted
        return {"type": "raise", "amount": min(max(target, turn["min_raise_to"]), turn["max_to"])}
    return None


def discards(hole: list[Card]) -> list[Card]:
    """The cards to replace at the draw: all but the sets (cards of a kind: same rank and
    orientation) and the majors; with neither, all but the highest card."""
    kinds = Counter((c.poker_rank, c.reversed) for c in hole)
    keep = [c for c in hole if c.is_major or kinds[(c.poker_rank, c.reversed)] > 1]
    if not keep:
        keep = [max(hole, key=lambda c: c.poker_rank)]
    return [c for c in hole if c not in keep]
