"""The table model and the helpers every room shares."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import copy
import dataclasses
import functools
import json
import logging
import random
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any

from bot.store import (
    Conflict,
    StoredState,
    Tx,
    dumps,
    loads,
    packed_state,
    unpacked_state,
)
from games import legacy
from games.base import N_, Event, IllegalAction, SeatSpec, Text
from games.registry import GAMES

log = logging.getLogger(__name__)


Listener = Callable[["Table", list[Event], Any], Awaitable[None]]


SIT_OUT_AFTER_TIMEOUTS = 2


COMPUTER_PAUSE_SECONDS = 1.5


MAX_PLAY_OUT_MOVES = 2_000  # a bound on the moves that finish a round when a table is ended


CHANNEL_TAKEN = N_("this channel already has a table: join it, or open a thread for another")


STALE_BUTTON = N_("that button was for an earlier turn — use the buttons on the latest table message")


NOTICE_LIMIT = 7_000  # bytes of events a change notice carries (PostgreSQL allows 8,000)


MEMBER_TABLES_LIMIT = 25  # the most tables a member's lookup returns (Discord lists 25 choices)


CONFLICT_TRIES = 6  # an operation that ran into another transaction (bot.store.Conflict) runs again


# A move on a shared store ends within MOVE_SECONDS of asking for its table, whatever the
# database's connections do: committed, or refused with NO_ANSWER. Its work (the table's lock, the
# database's answers, the commit) is cut at WORK_SECONDS, a commit under way then still has up to
# bot.store_postgres.COMMIT_SECONDS, and what is left is for reading the table back when a commit's
# outcome is in doubt (see Moves._hold).
MOVE_SECONDS = 15.0
WORK_SECONDS = 7.0
READ_BACK_PAUSE = 0.2  # between two tries to read a table back after the database did not answer
NO_ANSWER = N_("the database did not answer — nothing was changed, try again")
NO_ANSWER_IN_DOUBT = N_("the database did not answer, so your move may or may not have been made — look at the "
                        "table before you try again")


RETRYING_AFTER_CONFLICT: contextvars.ContextVar[bool] = contextvars.ContextVar("retrying_after_conflict",
                                                                              default=False)


def retried_on_conflict(operation: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """A table operation run again, a few times, when its transaction ran into another one (a
    deadlock, a lock not granted in time, a copy found stale at commit): the failed try wrote
    nothing and the table's copy was read back from the store, so it is simply played again
    against the stored state. A try after a conflict locks the row before it reads
    (RETRYING_AFTER_CONFLICT): a process moving the same table quickly cannot win every race."""

    @functools.wraps(operation)
    async def run(*args: Any, **kwargs: Any) -> Any:
        retrying: contextvars.Token[bool] | None = None
        try:
            for tries in range(1, CONFLICT_TRIES + 1):
                try:
                    return await operation(*args, **kwargs)
                except Conflict as conflict:
                    if tries == CONFLICT_TRIES:
                        raise
                    log.info("%s ran into another transaction (%s); try %d", operation.__name__, conflict, tries + 1)
                    await asyncio.sleep(random.uniform(0, 0.005 * 2**tries))  # jitter: the two do not meet again
                    retrying = retrying or RETRYING_AFTER_CONFLICT.set(True)
            raise AssertionError("unreachable")
        finally:
            if retrying is not None:
                RETRYING_AFTER_CONFLICT.reset(retrying)

    return run


DAMAGED_TEXT = N_("this table's saved game could not be read, so it has been closed: every chip on it is back "
                "in its player's wallet and the channel is free for a new table")


class DamagedTable(Exception):
    """A table whose stored state this version cannot read, found when it is first touched (a
    move, a button, a look, a timer): the table is then set aside (`TableService.set_aside`)."""

    def __init__(self, table_id: int, cause: BaseException) -> None:
        super().__init__(f"table {table_id}: its saved state cannot be read ({type(cause).__name__}: {cause})")
        self.table_id = table_id
        self.cause = cause


class Table:
    """One table: its row, and its game state parsed only when first needed, so thousands of
    idle tables cost little memory and restore quickly."""

    __slots__ = (
        "id", "guild_id", "channel_id", "game", "options", "host_id", "status", "_lobby", "_lobby_json",
        "version", "deadline", "extra", "_state", "saved", "_lock", "_timer", "_computer", "_thought",
        "_tx", "_tx_steps", "stale",
    )

    def __init__(self, row: Any) -> None:
        self._lock: asyncio.Lock | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._computer: asyncio.TimerHandle | None = None  # the computer player's next move
        self._thought: tuple[int, asyncio.Task[Any]] | None = None  # a hard computer's search begun at that version
        self._tx: Tx | None = None  # the transaction holding the table's row (shared stores)
        self._tx_steps = True  # whether the operation holding it writes in steps (see _transaction)
        self.stale = False  # the copy may differ from the stored table: read it before the next write
        self.load(row)

    def load(self, row: Any) -> None:
        """Take every stored field from the row; the game state is parsed again when needed."""
        self.id = row["id"]
        self.guild_id: int = row["guild_id"]
        self.channel_id: int = row["channel_id"]
        self.game: str = row["game"]
        self.options: Any = options_from_json(self.game, row["options"])
        self.host_id: int = row["host_id"]
        self.status: str = row["status"]
        self._lobby_json: str = row["lobby"]
        self._lobby: list[SeatSpec] | None = None
        self.version: int = row["version"]
        self.deadline: float | None = row["deadline"]
        self.extra: dict[str, Any] = loads(row["extra"])
        self.saved: StoredState = row["state"]
        self._state: Any = None

    def holds(self, row: Any) -> bool:
        """Whether the stored row is this copy: its version, status, state and seats."""
        return ((row["version"], row["status"]) == (self.version, self.status)
                and unpacked_state(row["state"]) == self.state_json()
                and json.loads(row["lobby"]) == [dataclasses.asdict(seat) for seat in self.lobby])

    @property
    def module(self) -> ModuleType:
        return GAMES[self.game]

    @property
    def lobby(self) -> list[SeatSpec]:
        """The seats taken before the game started (parsed when first needed)."""
        if self._lobby is None:
            self._lobby = [SeatSpec(**seat) for seat in json.loads(self._lobby_json)]
        return self._lobby

    @lobby.setter
    def lobby(self, seats: list[SeatSpec]) -> None:
        self._lobby = seats

    @property
    def lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    @property
    def state(self) -> Any:
        if self._state is None and self.saved is not None:
            try:
                self._state = state_from_json(self.game, unpacked_state(self.saved))
            except Exception as error:  # a wrong inside a whole JSON object (see `TableService._load`)
                raise DamagedTable(self.id, error) from error
        return self._state

    def rest(self) -> None:
        """Nobody plays here for now (their turn ran out): the parsed state is let go and the
        committed one kept packed, as a restored table's is, so the tables whose players are
        away hold little memory and nothing the garbage collector walks (during a restart's
        storm of timeouts, full collections over the states parsed for them held the event loop
        0.5-1.3 s). Only between moves, when the state in play is the committed one; the next
        move or look parses it again."""
        if self._state is None or self._tx is not None or (self._lock is not None and self._lock.locked()):
            return
        self._state = None
        if isinstance(self.saved, str):
            self.saved = packed_state(self.saved)

    def set_state(self, state: Any, saved: StoredState) -> None:
        """The state in play, and as last committed (what a failed commit goes back to)."""
        self._state = state
        self.saved = saved

    def frozen(self) -> Table:
        """A copy at the last committed state, safe to read in a worker thread while play goes
        on (the live state may be mid-move on the event loop)."""
        twin = copy.copy(self)
        twin._state, twin.extra, twin.lobby = None, copy.deepcopy(self.extra), list(self.lobby)
        twin._lock = twin._timer = twin._computer = twin._thought = twin._tx = None
        return twin

    def state_json(self) -> str | None:
        if self._state is None:
            return unpacked_state(self.saved)
        return dumps(self.module.to_dict(self._state))

    @property
    def active(self) -> bool:
        return self.status == "active"

    def players(self) -> list[int]:
        if not self.active:
            return [seat.player for seat in self.lobby]
        if self._state is None and "players" in self.extra:
            return list(self.extra["players"])  # known without parsing an idle table's state
        return list(self.module.players(self.state))

    def seated(self, player: int) -> bool:
        return player in self.players()

    def chips_at_table(self) -> int:
        if not self.module.CHIPS:
            return 0
        if self.active:
            return self.module.chips_on_table(self.state)
        return sum(seat.stack for seat in self.lobby)

    def step_key(self) -> str:
        """What a button must match to be current: the game's own step when it has one (so
        players acting together in one betting window do not stale each other's buttons),
        otherwise the state version."""
        if self.active and hasattr(self.module, "step_key"):
            return str(self.module.step_key(self.state))
        return f"v{self.version}"

    def lasting_step(self) -> str:
        """The step of controls that outlast other players' moves (see games/base.py)."""
        if self.active and hasattr(self.module, "lasting_step"):
            return str(self.module.lasting_step(self.state))
        return self.step_key()

    def step_current(self, step: str) -> bool:
        return step in (self.step_key(), self.lasting_step())

    def view(self, player: int | None) -> dict[str, Any] | None:
        """What `player` (None: anyone) sees; None before the game starts."""
        state = self.state
        return None if state is None else self.module.view(state, player)


def seat_range(table: Table) -> tuple[int, int]:
    """How many seats the table needs to start and may hold: the game's own answer for these
    options when it has one (French Tarot: exactly the `players` chosen)."""
    module = table.module
    if hasattr(module, "seat_range"):
        return module.seat_range(table.options)
    return module.MIN_SEATS, module.MAX_SEATS


USUAL_STACK_IN_BIG_BLINDS = 100  # poker: a full cash-game stack


USUAL_STACK_IN_BETS = 20  # Loc and the house games: twenty of the table's (minimum) bets


def default_buy_in(module: ModuleType, options: Any) -> int:
    """What a player brings when they name no amount (the Join button): a usual stack for the
    game — 100 big blinds at poker, 20 bets at Loc, 20 minimum bets at blackjack and baccarat —
    within the table's buy-in range."""
    low, high = module.buy_in_range(options)
    if hasattr(options, "big_blind"):
        usual = USUAL_STACK_IN_BIG_BLINDS * options.big_blind
    else:
        usual = USUAL_STACK_IN_BETS * int(getattr(options, "bet", 0) or getattr(options, "min_bet", 0))
    return max(low, min(high, usual))


def chosen_stack(module: ModuleType, options: Any, wallet: int, buy_in: int | None) -> int:
    """The chips a player brings: what they asked for, or by default the table's usual stack
    (all of a smaller wallet that still covers the minimum); refused outside the table's range."""
    low, high = module.buy_in_range(options)
    if buy_in is None:
        if wallet < low:
            raise IllegalAction(Text(N_("you have {wallet} chips in your wallet and this table's buy-in is at least "
                                        "{low} — `/daily` gives you more chips once a day"), wallet=wallet, low=low))
        return min(wallet, default_buy_in(module, options))
    if not low <= buy_in <= high:
        raise IllegalAction(Text(N_("the buy-in at this table is {low} to {high} chips, not {buy_in}"), low=low, high=high,
                                 buy_in=buy_in))
    return buy_in


def refunds_of(events: list[Event]) -> dict[int, int]:
    """What each player took back, from the closing `ended` event."""
    ended = next((e for e in events if e.kind == "ended"), None)
    return {} if ended is None else {int(k): v for k, v in ended.data["refunds"].items()}


def salvage_refunds(row: Any, ledger: dict[int, int]) -> tuple[dict[int, int], int, str]:
    """What a table that cannot be loaded owes its players and the house, and from what. Its
    chip ledger (`ledger`: party -> chips put in less chips taken out) says how many chips the
    table holds, whatever its damaged row claims (another game's name, a broken state): the
    game's own `refunds` of the last committed state are paid when the game can read it and
    they hold exactly those chips; else each person gets what they put in less what they took
    out, and the house the rest (its computers' stacks; less the winnings of people who left —
    their results cannot be read back). A table opened before ledgers were kept: `old_salvage`."""
    if not ledger:
        refunds, source = old_salvage(row)
        return refunds, 0, source
    held = sum(ledger.values())
    with contextlib.suppress(Exception):
        module = GAMES[row["game"]]
        if row["status"] == "active" and module.CHIPS:
            refunds = dict(module.refunds(state_from_json(row["game"], unpacked_state(row["state"]))))
            if sum(refunds.values()) == held:
                return refunds, 0, "the last committed state (it holds the chips the ledger says)"
    people = {party: chips for party, chips in ledger.items() if party > 0 and chips > 0}
    return people, held - sum(people.values()), "the table's chip ledger (what each put in, less what they took out)"


def old_salvage(row: Any) -> tuple[dict[int, int], str]:
    """A table without a chip ledger (opened before ledgers were kept): the game's own
    `refunds` of the last committed state when the game can still read it; a lobby's stacks;
    else the buy-ins the game started with (exact unless players joined, left or won chips from
    the house after the start — the log line says so); else nothing."""
    module = GAMES.get(row["game"])
    if module is not None and not module.CHIPS:
        return {}, "nothing (a game without chips)"
    with contextlib.suppress(Exception):
        if row["status"] == "active" and module is not None:
            state = state_from_json(row["game"], unpacked_state(row["state"]))
            return dict(module.refunds(state)), "the last committed state"
    with contextlib.suppress(Exception):
        source, raw = ("the lobby's stacks", row["lobby"]) if row["status"] == "lobby" else \
            ("the buy-ins at the start (later joins, leaves and wins not counted)", row["start_seats"])
        back: dict[int, int] = {}
        for seat in json.loads(raw):
            back[int(seat["player"])] = back.get(int(seat["player"]), 0) + int(seat.get("stack", 0))
        return back, source
    return {}, "nothing (no committed seats could be read)"


def state_from_json(game: str, raw: str) -> Any:
    """A stored state, read by its game (one saved in the old seed format is brought up to date
    first: games/legacy.py)."""
    return GAMES[game].from_dict(legacy.upgrade(game, loads(raw)))


@functools.lru_cache(maxsize=4096)
@functools.lru_cache(maxsize=4096)
def options_from_json(game: str, raw: str) -> Any:
    """The options of a stored table (frozen, so tables with the same options share them: a
    restore of thousands of tables parses each distinct text once)."""
    return GAMES[game].Options(**json.loads(raw))


def checked_options(table: Table, raw: str | None = None) -> None:
    """A restored table's options pass the checks a new table's do (a stored value no version
    would accept fails here, at start-up, not in the middle of a game). `raw`: the stored JSON
    they were read from, by which tables sharing them find the answer at once."""
    problem = _options_problem(table.options) if raw is None else _stored_options_problem(table.game, raw)
    if problem is not None:
        raise ValueError(f"its options are not valid: {problem}")


@functools.lru_cache(maxsize=4096)
def _stored_options_problem(game: str, raw: str) -> str | None:
    return _options_problem(options_from_json(game, raw))


@functools.lru_cache(maxsize=4096)
def _options_problem(options: Any) -> str | None:
    """Why these (frozen, shared) options fail their game's checks; checked once for all the
    tables that share them."""
    try:
        options.validate()
    except IllegalAction as refusal:
        return refusal.reason
    return None


def build_options(game: str, values: dict[str, Any]) -> Any:
    """Options from a command's values, validated; unknown names and bad values are refused."""
    module = GAMES[game]
    names = {f.name for f in dataclasses.fields(module.Options)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise IllegalAction(Text(N_("{game} has no option {option}; it has {options}"), game=game, option=repr(unknown[0]),
                                 options=", ".join(sorted(names))))
    options = module.Options(**{k: v for k, v in values.items() if v is not None})
    options.validate()
    return options

