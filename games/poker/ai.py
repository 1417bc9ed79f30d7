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
the same decision (a hand replays exactly from its seed and its log).

The easy player (`choose_easy`) is loose and passive, the commonest weak player: from the same
equity it calls far more than the pot odds justify (but never with a hopeless hand into a big
bet), bets only a strong hand and then small (a third of the pot), raises only the minimum with
a very strong one, and never bluffs. Its draw is the normal one."""

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


EASY_CALL_SLACK = 0.10  # the easy player calls with this much less equity than the pot odds want
EASY_FLOOR = 0.45  # ... but never with less than this part of a fair share (1 / players in the hand)
EASY_VALUE_SHARE = 2.0  # equity over a fair share that makes the easy player bet (small)
EASY_RAISE_SHARE = 2.6  # ... and raise (the minimum)


def choose(view: dict[str, Any], player: int, level: str = "normal") -> Action:
    """The normal player's move (`level` easy: `choose_easy`)."""
    if level == "easy":
        return choose_easy(view, player)
    return _decide(view, player, _bet)


def choose_easy(view: dict[str, Any], player: int) -> Action:
    return _decide(view, player, _easy_bet)


def _decide(view: dict[str, Any], player: int, bet: Any) -> Action:
    turn = view.get("turn") or {}
    if turn.get("player") != player:
        raise ValueError(f"it is not player {player}'s turn")
    me = next(s for s in view["seats"] if s["player"] == player)
    hole = [card(code) for code in me["cards"]]
    rng = random.Random(_seed(view, me))
    if turn["action"] == "draw":
        return {"type": "discard", "cards": [c.code for c in discards(hole)]}
    opponents = opponents_in(view, player)
    board = [card(code) for code in view["board"]]
    share = equity(hole, board, opponents, view["format"], rng)
    return bet(turn, view["pot"], share, opponents, rng)


def opponents_in(view: dict[str, Any], player: int) -> int:
    return sum(1 for s in view["seats"] if s["in_hand"] and not s["folded"] and s["player"] != player)


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


def _easy_bet(turn: dict[str, Any], pot: int, share: float, opponents: int, rng: random.Random) -> Action:
    """Loose and passive: a third of the pot with a strong hand, a minimum raise with a very
    strong one, calls on much less than the pot odds, never a bluff."""
    legal = set(turn["legal"])
    to_call = turn["to_call"]
    fair = 1 / (opponents + 1)
    if share >= EASY_RAISE_SHARE * fair and "raise" in legal:
        return {"type": "raise", "amount": turn["min_raise_to"]}
    if share >= EASY_VALUE_SHARE * fair and "bet" in legal:
        return {"type": "bet", "amount": min(max(pot // 3, turn["min_bet"]), turn["max_to"])}
    if to_call == 0:
        return {"type": "check"}
    if share >= max(EASY_FLOOR * fair, to_call / (pot + to_call) - EASY_CALL_SLACK):
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
