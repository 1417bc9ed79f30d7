"""Major Poker's hard computer player: it reads ranges and searches (games/search.py).

It decides from its seat's view alone. Each opponent's hand is imagined from the cards it cannot
see, but not uniformly: a hand is kept with a likelihood that agrees with what that opponent has
done as the view shows it — how much it has put in against the blinds and the pot before this
street, its bet on this street, an all-in, the cards it drew at five-card draw. A strength
measure orders the hands (before the flop a score of the two hole cards; after it the made hand
with the board; at draw the five cards), as a share of random hands it beats, so a raise keeps
mostly the upper part of the hands and a call or a check keeps them all. A bet far larger than
the pot is read as often loose as strong (a player who shoves a hundred blinds into three is
as often bluffing as not): it is not a reason to fold every hand that has put little in.

Over those imagined hands (the board dealt out, and at draw each hand's draw made as the normal
player draws) it values every move it may make in chips, on average (`best_on_average`):
folding is 0; a call or a check wins its share of the pot at showdown, with what is still to be
bet on later streets (implied odds when it draws out, a pay-off when it is outdrawn; more in
position); a bet or raise of each size either takes the pot when every opponent folds (an
opponent continues when its hand's strength pays its pot odds) or wins its share of the bigger
pot. So it bets for value when worse hands call, bluffs when enough better ones fold, and picks
the size that earns most; the sizes offered depend on the board's texture (a board with flush
and straight draws gets the bigger ones) and are whole numbers of small blinds, never odd ones.
At the draw it weighs a few ways to draw (the normal one, standing pat, keeping only sets or
only majors) by the strength of the hand they make.

Heads-up it plays the move with the best mean. Against two opponents or more, where judging
each opponent's call alone is cruder, the normal player's move (its bet rounded to whole small
blinds) stands unless another earns more surely: by MULTIWAY_SURE standard errors over the
imagined deals (games/search.py). A raise or a shove into a crowd then needs sure evidence.

Its randomness comes from `seeded_rng(view)`, its work is counted in hand valuations (`BUDGET`),
so the same view gives the same move whatever the machine's load."""

from __future__ import annotations

import functools
import itertools
import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.base import Action
from games.cards import Card, card, full_deck
from games.poker import ai
from games.poker.hands import best_hand, hand_value
from games.search import Budget, best_on_average, seeded_rng

BUDGET = 2000  # hand valuations per decision: the p99 stays within a quarter second of one core
DRAW_BUDGET = 1200
BOARD_REFERENCE = 40  # random holes valued on this board: what "a share of hands beaten" is measured against
DRAW_REFERENCE = 2000  # random five-card hands, once per process
TRIES = 6  # imagined hands per opponent before the last one is taken as it is
DECK = tuple(full_deck())
BOARD_SIZE = 5
FUTURE_SHARE = 0.25  # of the pot, bet on later streets when a street is still to come
POSITION_GAIN = {True: 1.2, False: 0.8}
SHOVE_POTS = 4  # all-in is a size of its own only when the stack is at most this many pots (or facing a bet of the pot or more)
SIZES_DRY = (0.33, 0.5, 0.75)  # bet sizes as shares of the pot (after calling)
SIZES_WET = (0.5, 0.75, 1.0)
CALL_BASE, CALL_SLOPE = 0.12, 0.6  # an opponent continues when its strength >= (pot odds - base) / slope
# Against this many opponents or more, the model of who continues is cruder (each one judged
# alone): the normal player's move stands unless another earns more by MULTIWAY_SURE standard
# errors over the imagined deals (games/search.py), so a raise into a crowd needs sure evidence.
MULTIWAY = 2
MULTIWAY_SURE = 2.0
BET_TIGHTNESS = 0.6  # a bet after the flop comes from a hand stronger than this share of hands (a third of the pot; more for bigger bets)
DRAWN_TIGHTNESS = {0: 0.75, 1: 0.5, 2: 0.65, 3: 0.35, 4: 0.2, 5: 0.1}  # five-card draw: cards drawn


@dataclass
class Opponent:
    bet: int  # on this street
    stack: int  # behind
    all_in: bool
    tight_before: float  # the strength its play before this street suggests (0: any hand)
    tight_now: float  # ... its bet on this street
    loose: float  # the share of its range that is any hand at all (a bluff, an odd shove)


@dataclass
class World:
    """One imagined deal: the showdown values, each opponent's strength now, whether the seat is ahead now."""

    mine: int
    theirs: list[int]
    strength: list[float]
    ahead: bool


@dataclass
class Spot:
    """The decision as the view shows it."""

    hole: list[Card]
    board: list[Card]
    format: str
    street: str
    pot: int
    my_bet: int
    my_most: int  # the most this seat's bet may reach this street
    current_bet: int
    small_blind: int
    opponents: list[Opponent]
    in_position: bool
    unseen: list[Card] = field(default_factory=list)

    @property
    def streets_left(self) -> bool:
        return self.street in ("preflop", "flop", "turn", "predraw")


def choose(view: dict[str, Any], player: int) -> Action:
    turn = view.get("turn") or {}
    if turn.get("player") != player:
        raise ValueError(f"it is not player {player}'s turn")
    me = next(s for s in view["seats"] if s["player"] == player)
    hole = [card(code) for code in me["cards"]]
    rng = seeded_rng(view, "poker", player)
    if turn["action"] == "draw":
        return {"type": "discard", "cards": [c.code for c in choose_discards(hole, rng)]}
    spot = read_spot(view, me)
    if not spot.opponents or (all(o.all_in for o in spot.opponents) and turn["to_call"] == 0):
        return {"type": "check"} if "check" in turn["legal"] else {"type": "call"}
    candidates = candidate_moves(turn, spot)
    sure = 0.0
    if len(spot.opponents) >= MULTIWAY:
        normal = normal_move(ai.choose(view, player), spot, turn)
        candidates = [normal, *(m for m in candidates if m[1] != normal[1])]
        sure = MULTIWAY_SURE
    if len(candidates) == 1:
        return candidates[0][0]
    budget = Budget(BUDGET)
    ranker = Ranker(spot, rng)
    budget.spend(ranker.cost)
    imagine = functools.partial(imagine_world, spot, ranker, rng, budget)
    best = best_on_average(candidates, imagine, lambda move, world: value(spot, move[1], world), budget,
                           lambda: 0, sure)
    return best[0]


# --- what the view tells -----------------------------------------------------------------------


def read_spot(view: dict[str, Any], me: dict[str, Any]) -> Spot:
    turn = view["turn"]
    hole = [card(code) for code in me["cards"]]
    board = [card(code) for code in view["board"]]
    big = view["big_blind"]
    street = view["phase"]
    live = [s for s in view["seats"] if s["in_hand"] and not s["folded"]]
    pot = view["pot"]
    opponents = [read_opponent(s, street, pot, big) for s in live if s["player"] != me["player"]]
    seen = {c.face for c in hole + board}
    return Spot(hole, board, view["format"], street, pot, me["bet"], turn["max_to"], turn["current_bet"],
                view["small_blind"], opponents, in_position(view, me, live),
                [c for c in DECK if c not in seen])


def read_opponent(seat: dict[str, Any], street: str, pot: int, big: int) -> Opponent:
    """An opponent's range, as three numbers read from what it has put in."""
    before = seat["put_in"] - seat["bet"]
    if street in ("preflop", "predraw"):
        tight_before, tight_now = tightness_of_blinds(seat["put_in"] / big), 0.0
        rest = max(pot - seat["put_in"], big)
    else:
        tight_before = 0.8 * tightness_of_blinds(before / big)
        rest = max(pot - seat["bet"], big)
        tight_now = BET_TIGHTNESS + 0.2 * min(seat["bet"] / rest, 1.5) / 1.5 if seat["bet"] else 0.0
        if street == "postdraw" and seat["drawn"] is not None:
            tight_now = max(tight_now, DRAWN_TIGHTNESS[seat["drawn"]])
    pressure = (seat["bet"] if street not in ("preflop", "predraw") else seat["put_in"]) / rest
    return Opponent(seat["bet"], seat["stack"], seat["all_in"], tight_before, tight_now,
                    looseness(pressure))


def tightness_of_blinds(blinds: float) -> float:
    """How strong a hand that has put this many big blinds in tends to be (as a share of hands beaten)."""
    for most, tight in ((1.0, 0.0), (2.0, 0.35), (4.0, 0.55), (10.0, 0.7)):
        if blinds <= most:
            return tight
    return 0.8


def looseness(pressure: float) -> float:
    """The share of any-hands in a range that bet `pressure` times the rest of the pot: few for
    ordinary bets, rising for overbets, most of it for a shove many times the pot."""
    if pressure <= 3:
        return 0.1
    return 0.1 + 0.7 * min(1.0, (pressure - 3) / 12)


def in_position(view: dict[str, Any], me: dict[str, Any], live: list[dict[str, Any]]) -> bool:
    """Whether this seat acts last after the flop among those still able to act."""
    button = next((s["number"] for s in view["seats"] if s["player"] == view.get("button")), 0)
    acting = [s for s in live if not s["all_in"] or s is me]
    return max(acting, key=lambda s: (s["number"] - button - 1) % 100) is me


def wet(board: Sequence[Card]) -> bool:
    """A board with a flush or a straight in reach: two of a suit or three within five ranks."""
    if len(board) < 3:
        return False
    suits = [c.poker_suit for c in board]
    ranks = sorted({c.poker_rank for c in board})
    close = any(b - a <= 4 for a, b in zip(ranks, ranks[2:], strict=False))
    return max(suits.count(s) for s in set(suits)) >= 2 or close


# --- the moves ---------------------------------------------------------------------------------

Move = tuple[Action, int]  # the action and the bet it makes this street (-1: fold)


def candidate_moves(turn: dict[str, Any], spot: Spot) -> list[Move]:
    legal = set(turn["legal"])
    moves: list[Move] = []
    if "check" in legal:
        moves.append(({"type": "check"}, spot.current_bet))
    else:
        moves.append(({"type": "fold"}, -1))
        if "call" in legal:
            moves.append(({"type": "call"}, min(spot.current_bet, spot.my_most)))
    kind = "bet" if "bet" in legal else "raise" if "raise" in legal else None
    if kind is not None:
        low = turn["min_bet"] if kind == "bet" else turn["min_raise_to"]
        for share in SIZES_WET if wet(spot.board) else SIZES_DRY:
            target = clean(spot.current_bet + share * after_call(turn, spot), spot.small_blind)
            target = max(target, low)
            if target < 0.8 * spot.my_most and all(m[1] != target for m in moves):
                moves.append(({"type": kind, "amount": target}, target))
    shove = spot.my_most <= SHOVE_POTS * after_call(turn, spot) or 2 * turn["to_call"] >= spot.pot
    if "allin" in legal and spot.my_most > spot.current_bet and (shove or len(moves) < 3):
        moves.append(({"type": "allin"}, spot.my_most))
    return moves


def normal_move(action: Action, spot: Spot, turn: dict[str, Any]) -> Move:
    """The normal player's move with the bet it makes this street; its bet or raise rounded to
    whole small blinds (never 13 into 20)."""
    kind = action["type"]
    if kind == "fold":
        return action, -1
    if kind == "check":
        return action, spot.current_bet
    if kind == "call":
        return action, min(spot.current_bet, spot.my_most)
    target = spot.my_most
    if kind in ("bet", "raise"):
        low = turn["min_bet"] if kind == "bet" else turn["min_raise_to"]
        target = max(clean(action["amount"], spot.small_blind), low)
    if target >= spot.my_most:
        return {"type": "allin"}, spot.my_most
    return {"type": kind, "amount": target}, target


def after_call(turn: dict[str, Any], spot: Spot) -> int:
    return spot.pot + turn["to_call"]


def clean(amount: float, unit: int) -> int:
    """A bet rounded to a whole number of `unit`s (a bet of 15 into 20, not 13)."""
    return max(unit, int(round(amount / unit)) * unit)


# --- the search --------------------------------------------------------------------------------


class Ranker:
    """A hand's strength now, as the share of random hands it beats (0..1)."""

    def __init__(self, spot: Spot, rng: random.Random) -> None:
        self.spot = spot
        self.cost = 0
        self.board_values: list[int] = []
        self.mine_now = 0
        if spot.format == "holdem" and spot.board:
            pool = list(spot.unseen)
            for _ in range(BOARD_REFERENCE):
                self.board_values.append(best_hand(rng.sample(pool, 2) + spot.board))
            self.board_values.sort()
            self.cost = BOARD_REFERENCE
        self.mine_now = self.now(spot.hole)[1]

    def now(self, hole: Sequence[Card]) -> tuple[float, int]:
        """The strength of `hole` now, and its made value (or score) for "who is ahead"."""
        if self.spot.format == "draw":
            value = hand_value(hole)
            return share_below(draw_reference(), value), value
        if not self.spot.board:
            score = preflop_score(hole)
            return share_below(preflop_reference(), score), int(score * 1000)
        value = best_hand([*hole, *self.spot.board])
        return share_below(self.board_values, value), value

    def before(self, hole: Sequence[Card], now: float) -> float:
        """Its strength before this street: the hole cards' score in hold'em; at draw, the five
        cards again (the best guess of what they were)."""
        return share_below(preflop_reference(), preflop_score(hole)) if self.spot.format == "holdem" else now


def share_below(ordered: Sequence[float], value: float) -> float:
    """The share of `ordered` below `value`, ties counted half."""
    low, high = bisect_left(ordered, value), bisect_right(ordered, value)
    return (low + high) / (2 * len(ordered)) if ordered else 0.5


def likelihood(opponent: Opponent, before: float, now: float) -> float:
    ramp = _ramp(before, opponent.tight_before) * _ramp(now, opponent.tight_now)
    return opponent.loose + (1 - opponent.loose) * ramp


def _ramp(strength: float, tight: float) -> float:
    return 1.0 if tight <= 0 else min(1.0, max(0.0, (strength - tight + 0.1) / 0.2))


def imagine_world(spot: Spot, ranker: Ranker, rng: random.Random, budget: Budget, _number: int) -> World:
    """Opponents' hands dealt by their likelihood (kept or dealt again, up to TRIES times), then the board."""
    pool = list(spot.unseen)
    top = 0  # pool[:top] is dealt
    size = len(spot.hole)
    holes, strengths, nows = [], [], []
    spent = 0
    for opponent in spot.opponents:
        for attempt in range(TRIES):
            for i in range(top, top + size):
                j = rng.randrange(i, len(pool))
                pool[i], pool[j] = pool[j], pool[i]
            hole = pool[top:top + size]
            strength, made = ranker.now(hole)
            spent += 1
            if attempt == TRIES - 1 or rng.random() < likelihood(opponent, ranker.before(hole, strength), strength):
                break
        holes.append(hole)
        strengths.append(strength)
        nows.append(made)
        top += size
    rest = pool[top:]
    rng.shuffle(rest)
    mine, theirs = showdown(spot, holes, rest)
    spent += 1 + len(holes)
    budget.spend(spent)
    return World(mine, theirs, strengths, ranker.mine_now > max(nows))


def showdown(spot: Spot, holes: list[list[Card]], rest: list[Card]) -> tuple[int, list[int]]:
    """The values at showdown: the board dealt from `rest`; at draw, every hand drawing as the
    normal player draws (this seat too), from `rest`."""
    if spot.format == "holdem":
        board = spot.board + rest[:BOARD_SIZE - len(spot.board)]
        return best_hand(spot.hole + board), [best_hand(h + board) for h in holes]
    if spot.street != "predraw":
        return hand_value(spot.hole), [hand_value(h) for h in holes]
    stock = iter(rest)
    finals = [drawn_hand(h, stock) for h in [spot.hole, *holes]]
    return finals[0], finals[1:]


def drawn_hand(hole: list[Card], stock: Any, throw: Sequence[Card] | None = None) -> int:
    thrown = ai.discards(hole) if throw is None else throw
    return hand_value([c for c in hole if c not in thrown] + [next(stock) for _ in thrown])


def value(spot: Spot, target: int, world: World) -> float:
    """The chips this move gains (from now on) in this imagined deal: each opponent who owes
    chips to match it continues when its strength pays its pot odds, the others stay."""
    if target < 0:
        return 0.0
    cost = target - spot.my_bet
    pot = spot.pot + cost
    contenders = []
    for i, opponent in enumerate(spot.opponents):
        owed = 0 if opponent.all_in else min(target - opponent.bet, opponent.stack)
        if owed <= 0:
            contenders.append(i)
        elif world.strength[i] >= min(0.95, max(0.02, (owed / (pot + owed) - CALL_BASE) / CALL_SLOPE)):
            contenders.append(i)
            pot += owed
    if not contenders:
        return float(spot.pot)
    share = showdown_share(world.mine, [world.theirs[i] for i in contenders])
    gained = share * pot - cost
    if spot.streets_left and target < spot.my_most and any(not spot.opponents[i].all_in for i in contenders):
        gained += future(spot, world, share, pot)
    return gained


def showdown_share(mine: int, theirs: list[int]) -> float:
    best = max(theirs)
    if mine > best:
        return 1.0
    return 1 / (1 + theirs.count(best)) if mine == best else 0.0


def future(spot: Spot, world: World, share: float, pot: int) -> float:
    """What later streets add: a hand that draws out wins a further bet, one that was ahead
    and is outdrawn pays one off, one behind and beaten folds; position makes it go further."""
    bet = FUTURE_SHARE * pot * POSITION_GAIN[spot.in_position]
    if share > 0:
        return bet * share * (0.5 if world.ahead else 1.0)
    return -bet if world.ahead else 0.0


# --- the draw ----------------------------------------------------------------------------------


def choose_discards(hole: list[Card], rng: random.Random) -> list[Card]:
    """The draw that makes the strongest hand on average over the same imagined draws."""
    seen = {c.face for c in hole}
    unseen = [c for c in DECK if c not in seen]
    options: list[list[Card]] = []
    for thrown in draw_options(hole):
        if thrown not in options:
            options.append(thrown)
    budget = Budget(DRAW_BUDGET)

    def imagine(_number: int) -> list[Card]:
        return rng.sample(unseen, 5)

    def strength(thrown: list[Card], stock: list[Card]) -> float:
        return share_below(draw_reference(), drawn_hand(hole, iter(stock), thrown))

    return best_on_average(options, imagine, strength, budget, lambda: 1)


def draw_options(hole: list[Card]) -> list[list[Card]]:
    """The normal draw, standing pat, keeping only the sets, keeping only the majors and the sets."""
    kinds: dict[tuple[int, bool], int] = {}
    for c in hole:
        kinds[(c.poker_rank, c.reversed)] = kinds.get((c.poker_rank, c.reversed), 0) + 1
    in_set = [c for c in hole if kinds[(c.poker_rank, c.reversed)] > 1]
    majors = [c for c in hole if c.is_major]
    keeps = [[c for c in hole if c not in ai.discards(hole)], hole, in_set, [*in_set, *(c for c in majors if c not in in_set)],
             [*in_set, *sorted(majors, key=lambda c: -c.poker_rank)[:1]]]
    return [[c for c in hole if c not in keep] for keep in keeps]


# --- strength references -------------------------------------------------------------------------


def preflop_score(hole: Sequence[Card]) -> float:
    """Two hole cards' promise: majors first (a hand with a major beats every hand without),
    then a pair, high cards, a shared suit, connected ranks."""
    high, low = sorted((c.poker_rank for c in hole), reverse=True)
    score = 2.5 * sum(c.is_major for c in hole) + high / 10 + low / 20
    if high == low:
        score += 3 + high / 5
    if hole[0].poker_suit == hole[1].poker_suit:
        score += 0.5
    if high - low == 1:
        score += 0.3
    return score


@functools.cache
def preflop_reference() -> list[float]:
    return sorted(preflop_score(pair) for pair in itertools.combinations(DECK, 2))


@functools.cache
def draw_reference() -> list[int]:
    rng = random.Random("poker draw reference")
    return sorted(hand_value(rng.sample(DECK, 5)) for _ in range(DRAW_REFERENCE))
