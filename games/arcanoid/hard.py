"""Arcanoid's hard computer player: it searches (games/search.py).

It imagines the cards its seat cannot see — the other players' hands (the USA's cards turned up
stay where they are), the deck's order, the discard pile, the others' secret commitments —
dealt anew from exactly the cards it has not seen, in places of the sizes it sees, and in
agreement with the others' play (`_as_shown_by_play`: a player holds at most one card it would
have played at its first chance, the one drawn since), and plays each candidate move out to the end of the round in every imagined deal, every seat (its own
included) then playing as the normal player does. The round's own result decides: the battles
credited to it. The work goes where it decides (`games.search.halving`): the weaker half of
the challengers is dropped stage by stage, and the normal player's move is played unless the
last challenger wins more, imagined deal by imagined deal, by SURE standard errors.

An imagined deal is cheap: `_copy` copies by hand only what play changes (some 0.05 ms where a
deep copy of the game took 2 ms, as long as eight simulated moves), and its deals and refills
(`_ImaginedDeal`, `_ImaginedDealer`) keep no record and hash no seed; what remains is the moves
themselves (the seat's view, the normal player's choice, the rules: about 0.075 ms a move, some
25 moves to the end of a round, 60 to 80 early in one: BUDGET buys some 7 imagined deals a
decision early in a round, 12 midway, 20 to 60 near its end).

Candidates: on its turn, the normal player's move, its strongest commitment on each open
battlefield, the discard of the card it needs least and each power it may play (in the normal
player's manner); in a reaction window, letting it stand and the normal player's reaction.
Votes and the Wheel's and the calls' further choices are the normal player's.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games import fairness
from games.arcanoid import ai, rules
from games.arcanoid.battle import (
    DEVIL,
    FIELD_SUIT,
    FIELDS,
    FORCE,
    HIEROPHANT,
    JUSTICE,
    PRIESTESS,
    STRENGTH,
    WORLD,
    form_of,
)
from games.arcanoid.model import DAEMON, MECHANICAL, PLAYER, Commitment, Seat, State
from games.base import Action, IllegalAction
from games.cards import Card, from_codes
from games.search import Budget, halving, seeded_rng

# Simulated moves per decision: the slowest decision stays within a quarter second of one core
# (`python -m bench.arena arcanoid --a hard` prints the p99; 1,000 moves gave a p99 of 193 ms on
# a loaded machine before a move was made 15% cheaper, 1,200 gave 134 ms on a lighter load).
BUDGET = 1200
COPY_COST = 1  # a copy of an imagined world (`_copy`) costs less than one simulated move
IMAGINE_COST = 1  # imagining a world (`imagine_world`) costs about one simulated move
MAX_CANDIDATES = 5
MIN_WORLDS = 3  # imagined deals judged before the weaker half of the challengers is dropped
# The normal player's move stands unless another wins more battles of the round, imagined deal
# by imagined deal, by this many standard errors (games/search.py): with the dozen imagined
# deals a quarter second allows, a move must be clearly better, not just luckier (a first hard
# player that took the best mean lost to the normal one, chasing noise; at 1 or 1.5 standard
# errors, with more candidates, its extra departures lost battles too).
SURE = 2.0
MAX_ROLLOUT = 400  # moves: a round always ends well before (a safety net, not a limit in play)


def choose(state: State, player: int) -> Action:
    view = rules.view(state, player)
    phase = view["phase"]
    if phase not in ("play", "window"):
        return ai.choose(view)
    rng = seeded_rng(view, "arcanoid", phase)  # before the normal player's notes go into the view
    normal = ai.choose(copy.deepcopy(view))
    candidates = _candidates(state, player, view, normal)
    if len(candidates) == 1:
        return candidates[0]
    budget = Budget(BUDGET)
    spent = [0]

    def imagine(_: int) -> State:
        budget.spend(IMAGINE_COST)
        return imagine_world(state, player, rng)

    def evaluate(candidate: Action, world: State) -> float:
        battles, moves = rollout(world, player, candidate)
        spent[0] = moves + COPY_COST
        return battles

    return halving(candidates, imagine, evaluate, budget, lambda: spent[0], SURE, MIN_WORLDS)


# --- candidates --------------------------------------------------------------------------------


def _candidates(state: State, player: int, view: dict[str, Any], normal: Action) -> list[Action]:
    found = [normal]
    if view["phase"] == "window":
        found.append({"type": "pass"})
    else:
        found += _turn_candidates(view)
    unique: list[Action] = []
    for action in found:
        if action not in unique and _legal(state, player, action):
            unique.append(action)
        if len(unique) == MAX_CANDIDATES:
            break
    return unique


def _turn_candidates(view: dict[str, Any]) -> list[Action]:
    """By a cheap score: the strongest commitment per open battlefield (strongest first), the
    least needed card's discard, then the powers the normal player would play first."""
    seat = ai._acting_seat(view)
    pool = ai._pool(view, seat)
    open_fields = [f for f in FIELDS if f not in seat["fields"]]
    commits = []
    for field in open_fields:
        options = ai._options(view, seat, pool, field)
        if options:
            key, cards = options[0]
            second = _second_field(view, seat, pool, field, cards, open_fields)
            commits.append((key, ai._commit(field, cards, second)))
    commits.sort(key=lambda kc: kc[0], reverse=True)
    found = [action for _, action in commits]
    own = from_codes(seat["hand"] or []) + from_codes(seat["visible"])
    if own:
        found.append({"type": "discard", "card": ai._least_needed(view, seat, own).face.code})
    for power in (ai._eager_power, ai._attack, ai._call):
        move = power(view, seat, pool, open_fields)
        if move is not None:
            found.append(move)
    return found


def _second_field(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], field: str,
                  cards: list[Card], open_fields: list[str]) -> str | None:
    if form_of(cards) != ai.IMPERIAL or len(open_fields) < 2:
        return None
    rest = sorted((f for f in open_fields if f != field and ai._options(view, seat, pool, f)),
                  key=lambda f: -ai._contest(view, seat, f))
    return rest[0] if rest else None


def _legal(state: State, player: int, action: Action) -> bool:
    """Whether the rules take the move (tried on a copy: legality depends only on the mover's
    cards and the table, never on hidden cards)."""
    try:
        rules.apply(_copy(state), player, action)
    except IllegalAction:
        return False
    return True


# --- imagined deals ----------------------------------------------------------------------------


@dataclass
class _Place:
    cards: list[Card]
    fixed: list[Card]  # cards of the place the seat has seen (the USA's turned up): they stay
    gone: list[Card]  # cards seen to have left it (the USA's turned up, no longer in its hand)

    def fill(self, hidden: list[Card]) -> None:
        """The place's unseen cards from the end of `hidden` (none of those seen to have left)."""
        room = len(self.cards) - len(self.fixed)
        picked = [i for i in range(len(hidden) - 1, -1, -1) if hidden[i] not in self.gone][:room]
        self.cards[:] = self.fixed + [hidden[i] for i in picked]
        for i in picked:  # from the end: the indexes stay right
            del hidden[i]


def imagine_world(state: State, player: int, rng: random.Random) -> State:
    """A copy of the state where every card `player` cannot see is dealt anew among the places
    that hide them, the same number in each, and the next refill's seed is drawn from `rng`:
    what the copy holds depends only on what the seat sees."""
    world = _copy(state)
    me = world.seat(player)
    friends = {player} | ({me.controller} if me is not None else set())
    hands = [s for s in world.seats if s.controller not in friends and s.kind != DAEMON]
    secrets = [(s, f) for s in world.seats if s.controller not in friends
               for f, commit in s.fields.items() if commit.secret and commit.cards]
    places = [_Place(s.hand, [c for c in s.hand if c in s.shown], [c.face for c in s.shown if c not in s.hand])
              if s.kind == MECHANICAL else _Place(s.hand, [], []) for s in hands]
    hidden = [c for p in places for c in p.cards if c not in p.fixed]
    hidden += world.deck + world.discard + [c for s, f in secrets for c in s.fields[f].cards]
    # the cards it has not seen, as a set (upright, in order: not where, nor which way up, they
    # really are), then shuffled by the view's seed
    hidden = sorted((c.face for c in hidden), key=lambda c: c.code)
    rng.shuffle(hidden)
    for seat, field in secrets:
        _deal_secret(seat, field, hidden)
    for place in sorted(places, key=lambda p: not p.gone):  # the constrained first
        place.fill(hidden)
    world.deck[:] = [hidden.pop() for _ in range(len(world.deck))]
    world.discard[:] = hidden
    _as_shown_by_play(world, [s for s in hands if s.kind == PLAYER], rng)
    world.fair = _ImaginedDealer(f"imagined-{rng.random()}", world.fair.nonce)
    world.deal, world.seed, world.spent = _ImaginedDeal("", f"round {world.round}"), "", []
    return world


def _as_shown_by_play(world: State, hands: list[Seat], rng: random.Random) -> None:
    """Each other player's imagined hand made to agree with its play so far: once every seat has
    moved this round, it holds at most one card that a player plays at the first chance (the
    free looks, Justice, Strength and the Devil while they pay; the World while a battlefield is
    untouched) — it would have played the others already. The others swap places with cards of
    the deck or the discard pile."""
    if len(world.log) < len(world.seats):
        return
    piles = [(pile, i) for pile in (world.deck, world.discard) for i in range(len(pile))]
    rng.shuffle(piles)
    for seat in hands:
        for i in [i for i, c in enumerate(seat.hand) if _telltale(world, seat, c)][1:]:
            while piles:
                pile, j = piles.pop()
                if not _telltale(world, seat, pile[j]):
                    seat.hand[i], pile[j] = pile[j], seat.hand[i]
                    break


def _telltale(world: State, seat: Seat, c: Card) -> bool:
    """Whether the normal player, holding `c`, plays it at its first turn."""
    if not c.is_major:
        return False
    deck = len(world.deck)
    if c.rank == WORLD:
        return any(f not in world.touched and f not in seat.fields for f in FIELDS)
    return (c.rank in (PRIESTESS, HIEROPHANT) or (c.rank == JUSTICE and world.justice is None and deck >= 6)
            or (c.rank == STRENGTH and deck >= 2) or (c.rank == DEVIL and deck >= 6))


def _deal_secret(seat: Seat, field: str, hidden: list[Card]) -> None:
    """A secret commitment imagined as numeric cards of its battlefield's suit, as many as it
    holds (any hidden cards when too few are left)."""
    commit = seat.fields[field]
    suit = FIELD_SUIT[field]
    fits = [c for c in hidden if not c.is_major and c.suit == suit and c.rank <= 10]
    chosen = fits[:len(commit.cards)]
    for c in chosen:
        hidden.remove(c)
    chosen += [hidden.pop() for _ in range(len(commit.cards) - len(chosen))]
    commit.cards = chosen
    commit.form = form_of(chosen, suit) or FORCE
    commit.linked = None


def _copy(state: State) -> State:
    """A playable copy, made by hand (a deep copy of the whole game cost as much as forty
    simulated moves): cards are immutable, so only the containers that play changes are new —
    the seats and their commitments, the card lists, the move's small records. The finished
    rounds' record is left behind (nothing ahead reads it). An imagined world's dealer and deal
    (`_ImaginedDealer`) never change and are shared; a real state's are copied."""
    twin = State.__new__(State)
    twin.__dict__.update(state.__dict__)
    twin.seats = [_copy_seat(s) for s in state.seats]
    for name in ("players", "spent", "deck", "discard", "aside", "touched", "log", "winners", "robots", "left"):
        setattr(twin, name, list(getattr(state, name)))
    twin.justice = None if state.justice is None else list(state.justice)
    twin.temperance = None if state.temperance is None else dict(state.temperance)
    for name in ("flow", "window", "vote", "choice", "reveal"):
        value = getattr(state, name)
        setattr(twin, name, None if value is None else copy.deepcopy(value))
    twin.results = [dict(r) for r in state.results]
    twin.history = []
    if not isinstance(state.fair, _ImaginedDealer):  # a real deal notes its cards, a real dealer moves on
        twin.fair = copy.copy(state.fair)
        if state.deal is not None:
            twin.deal = copy.copy(state.deal)
            twin.deal.dealt = list(state.deal.dealt)
    return twin


def _copy_seat(seat: Seat) -> Seat:
    twin = Seat.__new__(Seat)
    twin.__dict__.update(seat.__dict__)
    twin.hand, twin.visible, twin.reserve, twin.shown = list(seat.hand), list(seat.visible), list(seat.reserve), list(seat.shown)
    twin.looks = list(seat.looks)  # a look is never changed once made
    twin.fields = {f: _copy_commitment(c) for f, c in seat.fields.items()}
    return twin


def _copy_commitment(commitment: Commitment) -> Commitment:
    twin = Commitment.__new__(Commitment)
    twin.__dict__.update(commitment.__dict__)
    twin.cards = list(commitment.cards)
    return twin


class _ImaginedDeal(fairness.Deal):
    """An imagined world's deal: its cards leave the deck unrecorded and it commits to nothing
    (a real deal notes every card and hashes its seed for each view)."""

    def take(self, deck: list[Card], index: int = 0) -> Card:
        return deck.pop(index)

    def note(self, cards_: list[Card]) -> None:
        return None

    @property
    def commitment(self) -> str:
        return ""


class _ImaginedDealer(fairness.Dealer):
    """An imagined world's dealer: a refill (or the next round) shuffled by a seed drawn from
    the searching seat's view and the deal's label, so every candidate of a world meets the
    same refills and the decision stays a function of the view. It never changes."""

    def draw(self, label: str, seated: Iterable[int], pack: str = "tarot", decks: int = 1,
             gathered: Iterable[Card] | None = None, **setup: Any) -> tuple[fairness.Deal, list[Card]]:
        cards = fairness.canonical(gathered) if gathered is not None else fairness.cards_of(fairness.PACKS[pack] * decks)
        random.Random(f"{self.next_seed}:{label}").shuffle(cards)
        return _ImaginedDeal("", label), cards


# --- playing out -------------------------------------------------------------------------------


def rollout(world: State, player: int, first: Action) -> tuple[float, int]:
    """`first` played in a copy of `world`, then the round played out by the normal player on
    every seat: the battles credited to `player` in that round, and the moves simulated."""
    state = _copy(world)
    start = state.round
    rules.apply(state, player, first)
    moves = 1
    while state.round == start and state.phase != "over" and moves < MAX_ROLLOUT:
        moves += _step(state)
    if len(state.results) < start:
        return 0.0, moves
    return float(sum(1 for w in state.results[start - 1].values() if w == player)), moves


def _step(state: State) -> int:
    """One move of the normal player (a reaction window: each who may react is asked, the
    first move ends it, else it closes); the moves simulated."""
    if state.phase == "window":
        return max(1, rules.react_in_turn(state, lambda player: ai.choose(rules.view(state, player))))
    player = rules.pending(state)[0]
    rules.apply(state, player, ai.choose(rules.view(state, player)))
    return 1
