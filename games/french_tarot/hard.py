"""French Tarot's hard computer player: it searches (games/search.py).

It imagines the hidden cards — the other hands, the dog while unseen, the taker's discard —
dealt in agreement with what its seat knows (its hand, the cards played, the voids they showed,
the dog once shown, its own discard, the cards of announced poignées and discarded trumps, the
rule that no king goes to the discard), and plays every candidate out to the end of the deal in each
imagined deal, every seat then playing as the normal player does. It keeps the candidate with
the best mean score for its side. So it decides:

- the bid: each contract it may still bid, by its mean score as taker over imagined deals
  (taking the dog, discarding and calling as the normal player would), against 0 for a pass;
- the call of a king (5 players), the discard (the normal one and a few others) and the chelem,
  by the same mean score (a chelem is announced when it is made more often than not);
- each card played.

Poignées are shown as the normal player shows them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Action
from games.cards import Card, codes, full_deck
from games.french_tarot import ai
from games.french_tarot import rules as ft
from games.search import Budget, best_on_average, deal_unseen, seeded_rng

# Card plays simulated per decision: the slowest decision (a bid at 3 players) stays within a
# quarter second of one core (bench/bench_computers.py prints the p99).
PLAY_BUDGET = 4000
BID_BUDGET = 4000
PILE = -1  # the place of the hidden pile: the dog unseen, or the taker's discard
EVERY_CARD = [Card(c.suit, c.rank) for c in full_deck()]


def choose(state: ft.State, player: int, announce: bool = True) -> Action:
    seat = state.players.index(player)
    phase = state.phase
    rng = seeded_rng(ft.view(state, player), "tarot", phase)
    if phase == "bidding":
        return {"type": "bid", "contract": choose_bid(state, seat, rng)}
    if phase == "calling":
        return {"type": "call", "card": choose_call(state, seat, rng).code}
    if phase == "discarding":
        return {"type": "discard", "cards": codes(choose_discard(state, seat, rng))}
    if phase == "chelem":
        return {"type": "announce", "what": "chelem"} if wants_chelem(state, seat, rng) else {"type": "no_chelem"}
    if phase == "playing":
        level = ai.choose_poignee(state, seat) if announce else None
        if level is not None:
            return {"type": "announce", "what": "poignee", "level": ft.POIGNEE_LEVELS[level]}
        return {"type": "play", "card": choose_card(state, seat, rng).code}
    return ai.choose(state, player, announce)


# --- imagined deals ----------------------------------------------------------------------------


def _key(c: Card) -> tuple[str | None, int]:
    return c.suit, c.rank


@dataclass
class World:
    hands: list[list[Card]]
    pile: list[Card]  # the dog (unseen) or the discard (someone else's)


def imagine(state: ft.State, seat: int) -> Callable[[Any], World]:
    """A maker of worlds: given a generator, the hidden cards dealt at random in agreement with
    what `seat` knows (read once, for all the worlds of a decision)."""
    info = ai.knowledge(state, seat)
    mine = {_key(c) for c in state.hands[seat]}
    shown_poignee = {_key(c): p["seat"] for p in state.poignees if p["seat"] != seat for c in _cards(p["cards"])}
    dog_shown = {_key(c) for c in state.dog} if state.dog_shown and seat != state.taker else set()
    discarded_trumps = {_key(c) for c in state.discard if ft.is_trump(c)} if seat != state.taker else set()
    played = {_key(c) for t in state.tricks for c in t.cards} | {_key(c) for c in state.trick}
    hidden = [c for c in EVERY_CARD
              if _key(c) not in mine and _key(c) not in played and (_key(c) in info.unseen or _key(c) in dog_shown)]
    places = {s: len(state.hands[s]) for s in range(state.size) if s != seat}
    pile_hidden = _pile_is_hidden(state, seat)
    if pile_hidden:
        places[PILE] = len(state.dog)

    def may_hold(place: int, c: Card) -> bool:
        key = _key(c)
        if key in shown_poignee:
            return place == shown_poignee[key]
        if key in discarded_trumps:  # shown when discarded
            return place == PILE
        if key in dog_shown and place not in (PILE, state.taker):
            return False
        if place == PILE:
            return not state.dog_shown or ft.discardable(c) and not ft.is_trump(c)  # no king, no hidden trump
        suit = "T" if ft.is_trump(c) else c.suit
        return suit is None or suit not in info.voids[place]

    def world(rng: Any) -> World:
        dealt = deal_unseen(rng, hidden, places, may_hold)
        hands = [list(state.hands[s]) if s == seat else dealt[s] for s in range(state.size)]
        return World(hands, dealt.get(PILE, []))

    return world


def _worlds(state: ft.State, seat: int, rng: Any) -> Callable[[int], World]:
    """World k of a search (`best_on_average`'s `imagine`): the next world `rng` draws."""
    world = imagine(state, seat)
    return lambda _k: world(rng)


def _cards(code_list: Sequence[str]) -> list[Card]:
    from games.cards import card

    return [card(code) for code in code_list]


def _pile_is_hidden(state: ft.State, seat: int) -> bool:
    """Whether a pile of cards is out of every hand and unknown to `seat`: the dog before it is
    shown (or a garde sans / contre's), or the taker's discard to anyone but the taker."""
    if not state.dog:
        return False
    if state.phase in ("bidding", "calling") or state.contract in ("garde_sans", "garde_contre"):
        return True
    return state.phase != "discarding" and seat != state.taker


def _simulation(state: ft.State, world: World) -> ft.State:
    """A copy of the deal with the imagined cards, for playing out (never the real state)."""
    sim = copy.copy(state)
    sim.hands = [list(h) for h in world.hands]
    sim.trick, sim.tricks = list(state.trick), list(state.tricks)
    if state.contract in ("prise", "garde") and state.phase != "discarding" and world.pile:
        sim.discard = list(world.pile)
    elif world.pile:
        sim.dog = list(world.pile)
    if state.called is not None:
        holder = next((s for s in range(state.size) if any(ft.same(c, state.called) for c in sim.hands[s])), None)
        played = any(ft.same(c, state.called) for t in state.tricks for c in t.cards) or \
            any(ft.same(c, state.called) for c in state.trick)
        if not played:
            sim.partner = holder if holder != state.taker else None
    return sim


# --- playing a deal out --------------------------------------------------------------------------


class Counter:
    """The card plays a search has simulated."""

    def __init__(self) -> None:
        self.plays = 0

    def take(self) -> int:
        plays, self.plays = self.plays, 0
        return plays


def play_out(sim: ft.State, counter: Counter, played: ai.Played | None = None) -> None:
    """Every remaining card played as the normal player plays it; `played`: the play so far, if
    the caller has it (ai.Played.read(sim) otherwise), kept up to date here."""
    n = sim.size
    if played is None:
        played = ai.Played.read(sim)
    while any(sim.hands):
        seat = (sim.leader + len(sim.trick)) % n
        c = ai.choose_card(sim, seat, played)
        played.note(sim.leader, sim.trick, c, n)
        _play(sim, seat, c)
        counter.plays += 1


def _play(sim: ft.State, seat: int, c: Card) -> None:
    n = sim.size
    sim.hands[seat] = [h for h in sim.hands[seat] if h is not c]
    sim.trick = [*sim.trick, c]
    if sim.called is not None and sim.partner == seat and ft.same(c, sim.called):
        sim.partner_known = True
    if len(sim.trick) < n:
        return
    leader, cards = sim.leader, sim.trick
    last = not sim.hands[leader]
    winner = (leader + ft.winning_position(cards)) % n
    position = next((i for i, x in enumerate(cards) if ft.is_excuse(x)), None)
    excused = (leader + position) % n if position is not None and not last else None
    sim.tricks = [*sim.tricks, ft.Trick(leader, cards, winner, excused)]
    sim.trick, sim.leader = [], winner


def side_score(sim: ft.State, seat: int) -> float:
    """The finished imagined deal's score per defender, for `seat`'s side (+ for its side)."""
    taken, _defence, keeper = ft.piles(sim)
    points = sum(ai.value2(c) for c in taken) / 2 + {0: -0.5, 1: 0.5, None: 0}[keeper]
    oudlers = sum(1 for c in taken if c.suit is None and c.rank in (0, 1, 21))
    last = sim.tricks[-1]
    petit = None
    if any(c.suit is None and c.rank == 1 for c in last.cards):
        petit = "taker" if last.winner in ft.taker_side(sim) else "defence"
    score = ft.per_defender(sim.size, sim.contract or "prise", points, oudlers, petit)["per_defender"]
    return score if seat in ft.taker_side(sim) else -score


# --- the decisions ----------------------------------------------------------------------------------


def choose_card(state: ft.State, seat: int, rng: Any) -> Card:
    legal = ft.legal_cards(state, seat)
    distinct = list({_key(c): c for c in legal}.values())
    if len(distinct) == 1:
        return distinct[0]
    counter, so_far = Counter(), ai.Played.read(state)  # the play so far: the same in every world

    def evaluate(c: Card, world: World) -> float:
        sim, played = _simulation(state, world), so_far.copy()
        mine = next(h for h in sim.hands[seat] if ft.same(h, c))
        played.note(sim.leader, sim.trick, mine, sim.size)
        _play(sim, seat, mine)
        play_out(sim, counter, played)
        return side_score(sim, seat)

    return best_on_average(distinct, _worlds(state, seat, rng), evaluate, Budget(PLAY_BUDGET), counter.take)


def _as_taker(state: ft.State, seat: int, contract: str, world: World, counter: Counter) -> float:
    """The imagined deal played from the first lead with `seat` taking `contract`."""
    sim = _simulation(state, world)
    sim.phase, sim.taker, sim.contract, sim.leader = "playing", seat, contract, (state.dealer + 1) % state.size
    sim.dog = list(world.pile)
    if state.size == 5:
        sim.called = ai.choose_call(sim.hands[seat])
        holder = next((s for s in range(state.size) if any(ft.same(c, sim.called) for c in sim.hands[s])), None)
        sim.partner = holder if holder != seat else None
    if contract in ("prise", "garde"):
        sim.hands[seat] = sim.hands[seat] + sim.dog
        sim.discard = ai.choose_discard(sim.hands[seat], len(sim.dog))
        sim.hands[seat] = [c for c in sim.hands[seat] if c not in sim.discard]
    play_out(sim, counter)
    return side_score(sim, seat)


def choose_bid(state: ft.State, seat: int, rng: Any) -> str:
    allowed = [c for c in ft.legal_bids(state) if c != "pass"]
    if not allowed:
        return "pass"
    counter = Counter()

    def evaluate(contract: str, world: World) -> float:
        return 0.0 if contract == "pass" else _as_taker(state, seat, contract, world, counter)

    return best_on_average(["pass", *allowed], _worlds(state, seat, rng), evaluate,
                           Budget(BID_BUDGET), counter.take)


def choose_call(state: ft.State, seat: int, rng: Any) -> Card:
    options = ft.callable_cards(state.hands[seat])
    counter = Counter()

    def evaluate(called: Card, world: World) -> float:
        sim = _simulation(state, world)
        sim.phase, sim.called = "playing", called
        holder = next((s for s in range(sim.size) if any(ft.same(c, called) for c in sim.hands[s])), None)
        sim.partner = holder if holder != seat else None
        if sim.contract in ("prise", "garde"):
            sim.hands[seat] = sim.hands[seat] + list(world.pile)
            sim.discard = ai.choose_discard(sim.hands[seat], len(world.pile))
            sim.hands[seat] = [c for c in sim.hands[seat] if c not in sim.discard]
        sim.leader = (state.dealer + 1) % state.size
        play_out(sim, counter)
        return side_score(sim, seat)

    return best_on_average(options, _worlds(state, seat, rng), evaluate, Budget(PLAY_BUDGET), counter.take)


def discard_candidates(hand: Sequence[Card], count: int) -> list[list[Card]]:
    """The normal player's discard, and the same rule made to void each short suit first."""
    normal = ai.choose_discard(hand, count)
    found = [normal]
    plain, _trumps, forced = ft.discard_options(hand, count)
    if forced:
        return found
    for suit in ft.SUIT_ORDER:
        first = [c for c in plain if c.suit == suit]
        if not first or len(first) > count:
            continue
        rest = sorted((c for c in plain if c.suit != suit), key=lambda c: (-ai.value2(c), c.rank))
        choice = first + rest[:count - len(first)]
        if len(choice) == count and {_key(c) for c in choice} not in [{_key(c) for c in f} for f in found]:
            found.append(choice)
    return found


def choose_discard(state: ft.State, seat: int, rng: Any) -> list[Card]:
    hand = state.hands[seat]
    candidates = discard_candidates(hand, len(state.dog))
    counter = Counter()

    def evaluate(discard: list[Card], world: World) -> float:
        sim = _simulation(state, world)
        sim.phase, sim.discard = "playing", list(discard)
        sim.hands[seat] = [c for c in hand if c not in discard]
        sim.leader = (state.dealer + 1) % state.size
        play_out(sim, counter)
        return side_score(sim, seat)

    return best_on_average(candidates, _worlds(state, seat, rng), evaluate, Budget(PLAY_BUDGET),
                           counter.take)


def wants_chelem(state: ft.State, seat: int, rng: Any) -> bool:
    """Announced when the side takes every trick in more than half the imagined deals (then the
    announcement gains more than it risks)."""
    if not ai.wants_chelem(state.hands[seat], state.size) and len([c for c in state.hands[seat] if ft.is_trump(c)]) \
            < ai.CHELEM_TRUMPS[state.size] - 2:
        return False  # far from it: no search needed
    counter, budget, made, worlds = Counter(), Budget(PLAY_BUDGET), 0, 0
    world = imagine(state, seat)
    while worlds == 0 or not budget.spent:
        sim = _simulation(state, world(rng))
        sim.phase, sim.leader = "playing", seat
        play_out(sim, counter)
        made += all(t.winner in ft.taker_side(sim) for t in sim.tricks)
        worlds += 1
        budget.spend(counter.take())
    return made * 2 > worlds
