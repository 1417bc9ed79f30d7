"""The runtime's part of fair deals (rules/fairness.md): members' client seeds, read through from
the store, and the commitment of each table's next deal."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.store import Store
from games import fairness
from games.base import Action, Event, IllegalAction, SeatSpec

NEXT_SEED = "next_seed"  # a lobby's note: the server seed of the table's first deal (secret)
START_CLIENTS = "start_clients"  # a table's note: the client seeds its first deal read
LOGGED_CLIENTS = "clients"  # in a logged action: the client seeds from that move on


class ClientSeeds:
    """Members' client seeds per server, read from the store once per process: every change made
    here goes through `choose`, and another process's change arrives as its notice (`heard`), so
    a move reads no seed from the store once its players' are known."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._known: dict[tuple[int, int], str] = {}

    async def of(self, guild_id: int, players: Iterable[int]) -> dict[int, str]:
        """The client seed of each person (not computer) among `players`, given one if new."""
        people = [p for p in players if p > 0]
        known = {p: self._known.get((guild_id, p)) for p in people}
        if all(seed is not None for seed in known.values()):
            return {p: s for p, s in known.items() if s is not None}
        read = await self.store.client_seeds(guild_id, people)
        self._known.update({(guild_id, p): seed for p, seed in read.items()})
        return read

    async def choose(self, guild_id: int, player: int, seed: str) -> None:
        await self.store.set_client_seed(guild_id, player, seed)
        self._known[(guild_id, player)] = seed

    def heard(self, guild_id: int, player: int, seed: str) -> None:
        """Another process's `choose` (its change notice)."""
        self._known[(guild_id, player)] = seed

    def forget(self) -> None:
        """Another process's changes may have gone unheard: every seed is read again when next needed."""
        self._known.clear()

    def known(self, guild_id: int, players: Iterable[int]) -> dict[int, str]:
        """What this process last read (a move inside an open transaction, when ending a table)."""
        return {p: self._known[(guild_id, p)] for p in players if (guild_id, p) in self._known}


@contextmanager
def clients_for_move(state: Any, clients: dict[int, str], action: Action) -> Iterator[Action]:
    """The client seeds a move's deals read (the people at the table now); yields the action as
    the log keeps it: with the seeds (`LOGGED_CLIENTS`) when they changed, so the log replays
    exactly (`replayed_action`). A refused move leaves the state as it was, these included."""
    before = dict(state.fair.clients)
    fairness.set_clients(state, clients)
    try:
        yield action if state.fair.clients == before else {**action, LOGGED_CLIENTS: dict(state.fair.clients)}
    except IllegalAction:
        state.fair.clients = before
        raise


def as_made(logged: Action) -> Action:
    """A logged action without the client seeds the log keeps with it: the move as it was made."""
    return {key: value for key, value in logged.items() if key != LOGGED_CLIENTS}


def replayed_action(state: Any, logged: Action) -> Action:
    """A logged action replayed: the client seeds it carries are the state's again, the
    action itself goes to the game as it was made."""
    action = dict(logged)
    clients = action.pop(LOGGED_CLIENTS, None)
    if clients is not None:
        state.fair.clients = dict(clients)
    return action


def lobby_notes(computers: int) -> dict[str, Any]:
    """A new lobby's notes: its first deal's server seed is drawn now, so its commitment shows
    before anyone can still change a client seed for it."""
    return {"computers": computers, NEXT_SEED: fairness.fresh_seed()}


def first_dealer(extra: dict[str, Any], clients: dict[int, str]) -> fairness.Dealer:
    """The dealer a table starts with: the seed its lobby committed to (a lobby from before
    commit-ahead draws one now, before any deal)."""
    dealer = fairness.Dealer(str(extra.get(NEXT_SEED) or fairness.fresh_seed()))
    dealer.clients = {str(p): seed for p, seed in clients.items()}
    return dealer


def started_notes(extra: dict[str, Any], state: Any) -> dict[str, Any]:
    """A started table's notes: the lobby's seed is spent (it is the first deal's); the client
    seeds that deal read are kept, so the action log replays from the start."""
    notes = {k: v for k, v in extra.items() if k != NEXT_SEED}
    return {**notes, START_CLIENTS: dict(state.fair.clients)}


def next_commitment(table: Any) -> str | None:
    """The commitment of the table's next deal: its lobby's, or its dealer's."""
    if table.status == "lobby":
        seed = table.extra.get(NEXT_SEED)
        return fairness.commitment(seed) if seed else None
    state = table.state if table.active else None
    fair = getattr(state, "fair", None)
    return fair.next_commitment if fair is not None else None


def next_nonce(table: Any) -> int:
    state = table.state if table.active else None
    fair = getattr(state, "fair", None)
    return fair.nonce + 1 if fair is not None else 1


def seeds_in_deal_order(module: Any, revealed: Iterable[tuple[str, str]], state: Any) -> list[str]:
    """A table's server seeds in the order of its deals (their nonces): the revealed ones, as
    the store keeps them (seed, setup), then those of the deals still in play and the next deal's
    (kept only in the state)."""
    deals = {json.loads(setup)["nonce"]: seed for seed, setup in revealed}
    deals |= {deal.nonce: deal.seed for deal in module.deals_in_play(state)}
    return [deals[nonce] for nonce in sorted(deals)] + [state.fair.next_seed]


def replayed(module: Any, options: Any, start_seats: list[SeatSpec], extra: dict[str, Any], seeds: list[str],
             log: Iterable[tuple[int, Action]], after_move: Callable[[list[Event], Any], None] | None = None) -> Any:
    """A table played again from its start seats, its server seeds in deal order, the client
    seeds its first deal read (`START_CLIENTS`) and its action log (which carries the client
    seeds from each move that changed them); `after_move` sees each move's events and the state
    after it. The one replay of a table's log: the records' rebuild and the tests use it."""
    previous = fairness.set_source(iter(seeds).__next__)
    try:
        dealer = fairness.new_dealer()
        dealer.clients = dict(extra.get(START_CLIENTS, {}))
        state = module.new(options, start_seats, fair=dealer)
        for player, action in log:
            events = module.apply(state, player, replayed_action(state, action))
            if after_move is not None:
                after_move(events, state)
    finally:
        fairness.set_source(previous)  # live tables go on drawing their own seeds
    return state
