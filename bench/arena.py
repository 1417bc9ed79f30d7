"""The computers' arena (issue 29): duplicate deals between two kinds of player, luck cancelled.

    python -m bench.arena GAME --a hard --b normal --deals N [--players P] [--seed S] [--jobs J] [--progress K]

Each deal is dealt from fixed seeds and played P + 1 times: once with player B on every seat (the
reference), then once per seat with player A on that seat and B on the others. A's result in a
seat minus B's result in the same seat, on the same cards, is that deal's difference (averaged
over the seats): the cards' luck cancels, what is left is the players' skill. It prints the mean
difference per deal with its 95% confidence interval, how often A did better, the game's own
figures, and each level's decision time (CPU, p50 and p99).

A and B are levels (`easy`, `normal`, `hard`) or fixed baselines: `random` (a random legal move,
never leaving), and in poker `caller` (a calling station: checks or calls, never raises) and
`maniac` (always raises the most it may, else calls); both draw as the normal player does.

Poker (`poker`: hold'em, `poker-draw`: five-card draw) plays one hand per deal, every seat with
100 big blinds; results are in big blinds, and the gain is also printed per 100 hands (bb/100).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import math
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import games.arcanoid as arc
from games import fairness, loc, poker, rummy
from games import french_tarot as ft
from games.base import LEVELS, Action, SeatSpec
from games.cards import Card, codes

Decide = Callable[[Any, int], Action]


@dataclass
class Play:
    """One play of a deal: each seat's result, the figures the game reports, decision times,
    the deals drawn (`RecordingDealer.drawn`) and a digest of the state it ended in."""

    results: list[float]
    figures: Counter[str] = field(default_factory=Counter)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    deals: list[tuple[str, str]] = field(default_factory=list)
    final: str = ""

    def ended(self, module: Any, state: Any) -> Play:
        self.deals = list(state.fair.drawn)
        self.final = _digest(json.dumps(module.to_dict(state), sort_keys=True, default=str))
        return self


def _digest(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:16]


@dataclass
class RecordingDealer(fairness.Dealer):
    """The arena's dealer: it deals as any table's, and notes each deal it draws — its label and
    a digest of its seed, client string, number and cards (of a whole pack) — so the tests can check that every
    play of a duplicate deal met the same cards (tests/games/test_arena_duplicates.py). A copy
    (a searching player's trial of a move) notes its deals apart."""

    drawn: list[tuple[str, str]] = field(default_factory=list, compare=False)

    def draw(self, label: str, seated: Any, pack: str = "tarot", decks: int = 1,
             gathered: Any = None, **setup: Any) -> tuple[fairness.Deal, list[Card]]:
        deal, cards = super().draw(label, seated, pack, decks, gathered, **setup)
        dealt = () if deal.gathered else codes(cards)  # gathered cards are what the play left
        self.drawn.append((label, _digest(deal.seed, deal.client, deal.nonce, *dealt)))
        return deal, cards

    def __copy__(self) -> RecordingDealer:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.drawn = []
        return twin


def arena_dealer() -> RecordingDealer:
    """Within `fairness.predictable(base)`: the dealer a new table would get, recording. The
    whole play of a deal runs inside that block, so every seed drawn during it (a petit sec's
    redeal, a poker deck made again, the next hand's seed) comes from the deal's seed too."""
    return RecordingDealer(fairness.fresh_seed())


def random_player(module: Any) -> Decide:
    def decide(state: Any, player: int) -> Action:
        legal = [a for a in module.legal_actions(state, player) if a.get("type") not in ("leave", "sitout")]
        rng = random.Random(f"{module.NAME}:{player}:{getattr(state, 'step', 0)}:{len(legal)}")
        return _complete(module, state, player, rng.choice(legal))
    return decide


def _complete(module: Any, state: Any, player: int, action: Action) -> Action:
    """A legal action as listed may need its choice filled in (tarot's discard lists its options)."""
    if module is ft and action.get("type") == "discard":
        return ft.ai.choose(state, player)
    return action


def player_for(module: Any, kind: str) -> Decide:
    if kind in LEVELS:
        return lambda state, player: module.computer_action(state, player, kind)
    if kind == "random":
        return random_player(module)
    if module is poker and kind in POKER_BASELINES:
        return POKER_BASELINES[kind]
    others = ", ".join([*LEVELS, "random", *(POKER_BASELINES if module is poker else ())])
    raise SystemExit(f"{kind} is not a player of {module.NAME}: use {others}")


# --- French Tarot -----------------------------------------------------------------------------


def tarot_deal(players: int) -> ft.State:
    return ft.new(ft.Options(players=players, hands=1), [SeatSpec(-n) for n in range(1, players + 1)],
                  fair=arena_dealer())


def tarot_play(players: int, seed: int, kinds: list[str]) -> Play:
    """The deal played with kinds[seat] on each seat; each seat's score."""
    deciders = [player_for(ft, kind) for kind in kinds]
    play = Play([0.0] * players)
    with fairness.predictable(f"arena:{seed}"):
        state = tarot_deal(players)
        while not ft.is_over(state):
            player = ft.pending(state)[0]
            seat = state.players.index(player)
            began = time.process_time()
            action = deciders[seat](state, player)
            play.times[kinds[seat]].append(time.process_time() - began)
            ft.apply(state, player, action)
    play.ended(ft, state)
    last = state.history[-1]
    play.results = [float(score) for score in last["scores"]]
    if last["contract"] is not None:
        taker = state.players.index(last["taker"])
        play.figures[f"seat {taker} bids {last['contract']}"] += 1
        play.figures[f"seat {taker} makes {last['contract']}"] += int(bool(last["made"]))
    return play


# --- Major Poker --------------------------------------------------------------------------------

POKER_STACK = 100  # big blinds each seat brings to every deal


def poker_caller(state: poker.State, player: int) -> Action:
    """A calling station: checks when it may, else calls; never raises, never folds."""
    return _poker_baseline(state, player, ("check", "call"))


def poker_maniac(state: poker.State, player: int) -> Action:
    """Always raises the most it may (all-in), else calls."""
    return _poker_baseline(state, player, ("allin", "call", "check"))


def _poker_baseline(state: poker.State, player: int, wishes: tuple[str, ...]) -> Action:
    if state.hand is not None and state.hand.street == "draw":
        return poker.computer_action(state, player, "normal")  # the normal draw
    legal = {a["type"] for a in poker.legal_actions(state, player)}
    return {"type": next(wish for wish in wishes if wish in legal)}


POKER_BASELINES: dict[str, Decide] = {"caller": poker_caller, "maniac": poker_maniac}


def poker_play(format_: str, players: int, seed: int, kinds: list[str]) -> Play:
    """One hand from a fixed deck order, kinds[seat] on each seat (seat 0 has the button),
    every seat with POKER_STACK big blinds; each seat's net in big blinds."""
    options = poker.Options(format=format_)
    seats = [SeatSpec(n, POKER_STACK * options.big_blind) for n in range(1, players + 1)]
    deciders = [player_for(poker, kind) for kind in kinds]
    play = Play([0.0] * players)
    with fairness.predictable(f"arena:poker:{seed}"):
        state = poker.new(options, seats, fair=arena_dealer())  # positive ids: the rules deal only to a table with a person
        while state.hand is not None and state.hand.number == 1:
            player = poker.pending(state)[0]
            seat = player - 1
            began = time.process_time()
            action = deciders[seat](state, player)
            play.times[kinds[seat]].append(time.process_time() - began)
            poker.apply(state, player, action)
    play.ended(poker, state)
    last = state.history[-1]
    for entry in last["players"]:
        seat = entry["player"] - 1
        play.results[seat] = entry["net"] / options.big_blind
        play.figures[f"seat {seat} hands"] += 1
        play.figures[f"seat {seat} showdowns"] += int(entry["shown"])
    return play


# --- Tarot Rummy: a deal is one hand (the first of a game), its result the seat's points less
# the opponent's (seats keep their cards and the stock its order whoever plays them) ----------


def rummy_play(players: int, seed: int, kinds: list[str]) -> Play:
    deciders = [player_for(rummy, kind) for kind in kinds]
    play = Play([0.0, 0.0])
    with fairness.predictable(f"arena:rummy:{seed}"):
        state = rummy.new(rummy.Options(), [SeatSpec(-1), SeatSpec(-2)], fair=arena_dealer())
        while state.hand_no == 1 and not rummy.is_over(state):
            player = rummy.pending(state)[0]
            seat = [s.player for s in state.seats].index(player)
            began = time.process_time()
            action = deciders[seat](state, player)
            play.times[kinds[seat]].append(time.process_time() - began)
            rummy.apply(state, player, action)
    play.ended(rummy, state)
    scores = [float(s.score) for s in state.seats]
    play.results = [scores[0] - scores[1], scores[1] - scores[0]]
    return play


# --- Loc: a deal is one hand, its result the seat's chips won or lost, in bets ------------------

LOC_BET = 10


def loc_play(players: int, seed: int, kinds: list[str]) -> Play:
    deciders = [player_for(loc, kind) for kind in kinds]
    play = Play([0.0] * players)
    with fairness.predictable(f"arena:loc:{seed}"):
        state = loc.new(loc.Options(bet=LOC_BET), [SeatSpec(n, 100 * LOC_BET) for n in range(1, players + 1)],
                        fair=arena_dealer())
        seats = loc.players(state)
        while state.hand == 1:
            player = loc.pending(state)[0]
            seat = seats.index(player)
            began = time.process_time()
            action = deciders[seat](state, player)
            play.times[kinds[seat]].append(time.process_time() - began)
            for event in loc.apply(state, player, action):
                if event.kind == "settled":
                    nets = {r["player"]: r["net"] for r in event.data["results"]}
                    play.results = [nets[p] / LOC_BET for p in seats]
    return play.ended(loc, state)


# --- Arcanoid -----------------------------------------------------------------------------------


@dataclass
class LabelledDealer(RecordingDealer):
    """The arena's dealer: each deal's seed comes from the game's seed and the deal's label
    ("round 2", "round 2 refill 1") alone, so every play of a duplicate deal meets the same refills
    and rounds, however many deals the moves before took (a dealer drawing fresh seeds in turn
    would give the seats another game after the first refill: no luck would cancel)."""

    base: str = ""

    def draw(self, label: str, seated: Any, pack: str = "tarot", decks: int = 1,
             gathered: Any = None, **setup: Any) -> tuple[fairness.Deal, list[Card]]:
        self.next_seed = hashlib.sha256(f"{self.base}:{label}".encode()).hexdigest()
        self.nonce = 0  # the shuffle reads the deal's number too: every deal is the first
        return super().draw(label, seated, pack, decks, gathered, **setup)


def arcanoid_game(players: int, seed: int) -> arc.State:
    base = f"arena:arcanoid:{seed}"
    with fairness.predictable(base):
        state = arc.new(arc.Options(), [SeatSpec(-n) for n in range(1, players + 1)], fair=arena_dealer())
    state.fair = LabelledDealer(state.fair.next_seed, state.fair.nonce, drawn=list(state.fair.drawn), base=base)
    return state


def arcanoid_play(players: int, seed: int, kinds: list[str]) -> Play:
    """A whole game (five rounds, the same deck orders whoever sits where) with kinds[seat] on
    each seat; each seat's battles won (the game's standings). The figures count each seat's
    share of the game's win (1 for a lone winner, 1/k for k tied)."""
    state = arcanoid_game(players, seed)
    deciders = [player_for(arc, kind) for kind in kinds]
    play = Play([0.0] * players)

    def decide(player: int) -> Action:
        seat = state.players.index(player)
        began = time.process_time()
        action = deciders[seat](state, player)
        play.times[kinds[seat]].append(time.process_time() - began)
        return action

    with fairness.predictable(f"arena:arcanoid:{seed}"):  # the seeds each draw commits next (unused)
        while not arc.is_over(state):
            if state.phase == "window":
                arc.react_in_turn(state, decide)
                continue
            player = arc.pending(state)[0]
            arc.apply(state, player, decide(player))
    play.ended(arc, state)
    battles = arc.view(state, None)["scores"]
    for seat, player in enumerate(state.players):
        play.results[seat] = float(battles[str(player)])
        play.figures[f"seat {seat} wins"] += 1 / len(state.winners) if player in state.winners else 0.0
        play.figures[f"seat {seat} battles"] += battles[str(player)]
    return play


def arcanoid_figures(a: str, b: str, figures: Counter[str], seat_plays: int) -> None:
    for label, kind in (("A", a), ("B", b)):
        print(f"  {label} ({kind}) wins {figures[f'{label} wins'] / seat_plays:.1%} of the games in its seat "
              f"(a shared win counted as its share), {figures[f'{label} battles'] / seat_plays:.2f} battles per game")


GAMES: dict[str, Callable[[int, int, list[str]], Play]] = {
    "tarot": tarot_play,
    "poker": functools.partial(poker_play, "holdem"),
    "poker-draw": functools.partial(poker_play, "draw"),
    "rummy": rummy_play,
    "loc": loc_play,
    "arcanoid": arcanoid_play,
}
DEFAULT_PLAYERS = {"tarot": 4, "poker": 2, "poker-draw": 2, "rummy": 2, "loc": 4, "arcanoid": 4}
UNITS = {"tarot": "points", "poker": "big blinds", "poker-draw": "big blinds", "rummy": "points", "loc": "bets",
         "arcanoid": "battles"}


# --- the duplicate match -------------------------------------------------------------------------


@dataclass
class DealOutcome:
    difference: float
    a_seat_results: list[float]
    figures: Counter[str]
    times: dict[str, list[float]]


def play_duplicate(game: str, players: int, seed: int, a: str, b: str) -> DealOutcome:
    """The deal with B on every seat, then with A on each seat in turn. The figures count what
    A did in its seat ("A …") and what B did in that same seat in the reference ("B …")."""
    play = GAMES[game]
    reference = play(players, seed, [b] * players)
    figures: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    differences, a_results = [], []
    for seat in range(players):
        kinds = [b] * players
        kinds[seat] = a
        with_a = play(players, seed, kinds)
        differences.append(with_a.results[seat] - reference.results[seat])
        a_results.append(with_a.results[seat])
        figures.update(_seat_figures(with_a.figures, seat, "A"))
        figures.update(_seat_figures(reference.figures, seat, "B"))
        times[a] += with_a.times[a]
    times[b] += reference.times[b]
    return DealOutcome(sum(differences) / players, a_results, figures, times)


def _seat_figures(figures: Counter[str], seat: int, label: str) -> Counter[str]:
    prefix = f"seat {seat} "
    return Counter({f"{label} {key.removeprefix(prefix)}": v for key, v in figures.items() if key.startswith(prefix)})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


def report(game: str, players: int, a: str, b: str, outcomes: list[DealOutcome], seconds: float) -> None:
    differences = [o.difference for o in outcomes]
    n = len(differences)
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(n) if n > 1 else float("inf")
    better = sum(1 for d in differences if d > 0) / n
    worse = sum(1 for d in differences if d < 0) / n
    print(f"{game}, {players} players, {a} (A) against {b} (B): {n} duplicate deals in {seconds:.0f} s")
    unit = UNITS[game]
    print(f"  A's gain per deal over B in the same seat: {mean:+.2f} {unit}, 95% interval "
          f"[{mean - half:+.2f}, {mean + half:+.2f}]{'  (above zero)' if mean - half > 0 else ''}")
    if unit == "big blinds":
        print(f"  that is {100 * mean:+.1f} bb/100 hands, 95% interval [{100 * (mean - half):+.1f}, "
              f"{100 * (mean + half):+.1f}]")
    print(f"  deals where A did better: {better:.0%}, worse: {worse:.0%}")
    figures: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    for o in outcomes:
        figures.update(o.figures)
        for kind, spent in o.times.items():
            times[kind] += spent
    seat_plays = n * players
    for label, kind in (("A", a), ("B", b)):
        for contract in ft.CONTRACTS:
            bids, made = figures[f"{label} bids {contract}"], figures[f"{label} makes {contract}"]
            if bids:
                print(f"  {label} ({kind}) takes a {contract} in {bids / seat_plays:.1%} of its seats ({bids}), "
                      f"makes {made / bids:.0%} of them")
    for label, kind in (("A", a), ("B", b)):
        if figures[f"{label} hands"]:
            print(f"  {label} ({kind}) goes to showdown in {figures[f'{label} showdowns'] / figures[f'{label} hands']:.0%}"
                  " of its hands")
    if game == "arcanoid":
        arcanoid_figures(a, b, figures, seat_plays)
    for kind, spent in sorted(times.items()):
        print(f"  {kind} decisions: {len(spent)}, CPU p50 {percentile(spent, 0.5) * 1000:.1f} ms, "
              f"p99 {percentile(spent, 0.99) * 1000:.1f} ms, max {max(spent) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing deals side by side")
    parser.add_argument("--progress", type=int, default=0, help="also print the figures so far every N deals")
    args = parser.parse_args()
    players = args.players or DEFAULT_PLAYERS[args.game]
    jobs = [(args.game, players, s, args.a, args.b) for s in range(args.seed, args.seed + args.deals)]
    began = time.perf_counter()
    outcomes: list[DealOutcome] = []
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        played = pool.map(play_duplicate, *zip(*jobs, strict=True)) if pool else (play_duplicate(*j) for j in jobs)
        for outcome in played:
            outcomes.append(outcome)
            if args.progress and len(outcomes) % args.progress == 0 and len(outcomes) < args.deals:
                report(args.game, players, args.a, args.b, outcomes, time.perf_counter() - began)
                print(flush=True)
    report(args.game, players, args.a, args.b, outcomes, time.perf_counter() - began)


if __name__ == "__main__":
    main()
