"""The table service: one table per channel, a lock per table, versioned state committed with
its action log before anyone is told, turn timers stored and re-armed after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import functools
import json
import logging
import math
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from types import ModuleType
from typing import Any

from bot import fair, records
from bot.config import Config
from bot.store import (
    CLIENT_SEED_NOTICE,
    OPEN,
    Conflict,
    InsufficientChips,
    MoveRecord,
    Store,
    StoredState,
    Tx,
    dumps,
    looks_whole,
    packed_state,
    shard_of,
    unpacked_state,
)
from bot.timers import RESTART_GRACE, Heartbeat, TimeoutQueue, shard_key, spread_deadlines, time_left
from games import fairness, legacy
from games.base import RUNTIME_PLAYER, Action, Event, IllegalAction, SeatSpec, plural
from games.registry import GAMES

log = logging.getLogger(__name__)

Listener = Callable[["Table", list[Event], Any], Awaitable[None]]
SIT_OUT_AFTER_TIMEOUTS = 2
COMPUTER_PAUSE_SECONDS = 1.5
MAX_PLAY_OUT_MOVES = 2_000  # a bound on the moves that finish a round when a table is ended
CHANNEL_TAKEN = "this channel already has a table: join it, or open a thread for another"
STALE_BUTTON = "that button was for an earlier turn — use the buttons on the latest table message"
NOTICE_LIMIT = 7_000  # bytes of events a change notice carries (PostgreSQL allows 8,000)
MEMBER_TABLES_LIMIT = 25  # the most tables a member's lookup returns (Discord lists 25 choices)
CONFLICT_TRIES = 6  # an operation that ran into another transaction (bot.store.Conflict) runs again


def retried_on_conflict(operation: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """A table operation run again, a few times, when its transaction ran into another one (a
    deadlock, a lock not granted in time): the failed try wrote nothing and the table's copy
    was read back from the store, so it is simply played again against the stored state."""

    @functools.wraps(operation)
    async def run(*args: Any, **kwargs: Any) -> Any:
        for tries in range(1, CONFLICT_TRIES + 1):
            try:
                return await operation(*args, **kwargs)
            except Conflict as conflict:
                if tries == CONFLICT_TRIES:
                    raise
                log.info("%s ran into another transaction (%s); try %d", operation.__name__, conflict, tries + 1)
                await asyncio.sleep(random.uniform(0, 0.005 * 2**tries))  # jitter: the two do not meet again
        raise AssertionError("unreachable")

    return run


DAMAGED_TEXT = ("this table's saved game could not be read, so it has been closed: every chip on it is back "
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
        "version", "deadline", "extra", "_state", "saved", "_lock", "_timer", "_computer",
        "_tx", "_tx_steps",
    )

    def __init__(self, row: Any) -> None:
        self._lock: asyncio.Lock | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._computer: asyncio.TimerHandle | None = None  # the computer player's next move
        self._tx: Tx | None = None  # the transaction holding the table's row (shared stores)
        self._tx_steps = True  # whether the operation holding it writes in steps (see _transaction)
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
        self.extra: dict[str, Any] = json.loads(row["extra"])
        self.saved: StoredState = row["state"]
        self._state: Any = None

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

    def set_state(self, state: Any, saved: StoredState) -> None:
        """The state in play, and as last committed (what a failed commit goes back to)."""
        self._state = state
        self.saved = saved

    def frozen(self) -> Table:
        """A copy at the last committed state, safe to read in a worker thread while play goes
        on (the live state may be mid-move on the event loop)."""
        twin = copy.copy(self)
        twin._state, twin.extra, twin.lobby = None, copy.deepcopy(self.extra), list(self.lobby)
        twin._lock = twin._timer = twin._computer = twin._tx = None
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
            raise IllegalAction(f"you have {wallet} chips in your wallet and this table's buy-in is at least "
                                f"{low} — `/daily` gives you more chips once a day")
        return min(wallet, default_buy_in(module, options))
    if not low <= buy_in <= high:
        raise IllegalAction(f"the buy-in at this table is {low} to {high} chips, not {buy_in}")
    return buy_in


def refunds_of(events: list[Event]) -> dict[int, int]:
    """What each player took back, from the closing `ended` event."""
    ended = next((e for e in events if e.kind == "ended"), None)
    return {} if ended is None else {int(k): v for k, v in ended.data["refunds"].items()}


def salvage_refunds(row: Any) -> tuple[dict[int, int], str]:
    """What a table that cannot be loaded owes its players, and from what: the game's own
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
    return GAMES[game].from_dict(legacy.upgrade(game, json.loads(raw)))


@functools.lru_cache(maxsize=4096)
def options_from_json(game: str, raw: str) -> Any:
    """The options of a stored table (frozen, so tables with the same options share them)."""
    return GAMES[game].Options(**json.loads(raw))


def checked_options(table: Table) -> None:
    """A restored table's options pass the checks a new table's do (a stored value no version
    would accept fails here, at start-up, not in the middle of a game)."""
    problem = _options_problem(table.options)
    if problem is not None:
        raise ValueError(f"its options are not valid: {problem}")


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
        raise IllegalAction(f"{game} has no option {unknown[0]!r}; it has {', '.join(sorted(names))}")
    options = module.Options(**{k: v for k, v in values.items() if v is not None})
    options.validate()
    return options


class TableService:
    def __init__(self, store: Store, config: Config, clock: Callable[[], float]) -> None:
        self.store = store
        self.config = config
        self.clock = clock
        self.by_channel: dict[int, Table] = {}
        self.by_id: dict[int, Table] = {}
        self._seated_at: dict[int, set[int]] = {}  # player -> ids of the open tables they sit at
        self._seats_of: dict[int, tuple[int, ...]] = {}  # table id -> the players indexed for it
        self.listeners: list[Listener] = []
        self._creating: dict[int, int] = {}  # channel id -> server id of a table being created
        self.computer_pause = COMPUTER_PAUSE_SECONDS
        self.idle_seconds = config.idle_minutes * 60
        self._idle: dict[int, asyncio.TimerHandle] = {}  # table id -> its idle ending, while no person plays
        self._closed = False
        self._restored_timers: list[asyncio.TimerHandle] = []
        self.timeouts = TimeoutQueue(self._run_timeout)  # expired timers, behind people's moves
        self.heartbeat = Heartbeat(store, clock, shard_key(config.shard_count, config.shard_ids))
        self._visiting: dict[int, Table] = {}  # tables of other processes' servers, moved from here
        self._by_guild: dict[int, dict[int, Table]] = {}  # server id -> its open tables, by id
        self.process_token = secrets.token_hex(8)  # tells this process's own change notices apart
        self.client_seeds = fair.ClientSeeds(store)

    # --- which tables this process owns -------------------------------------------------

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process serves the server's shard (it times and posts for its tables)."""
        count, mine = self.config.shard_count, self.config.shard_ids
        return mine is None or count is None or shard_of(guild_id, count) in mine

    def owns(self, table: Table) -> bool:
        return self.owns_guild(table.guild_id)

    # --- start-up and shut-down ---------------------------------------------------------

    async def restore(self) -> int:
        """Load every open table; re-arm turn timers with the time the turn had left (time spent
        down does not count against the player), spread over the seconds (bot/timers.py). A row
        that cannot be loaded is set aside with its chips paid back (`_set_aside`); every other
        table starts. Returns the tables loaded."""
        rows = await self.store.open_tables(self.config.shard_count, self.config.shard_ids)
        await self.store.listen(self._heard)
        stopped = await self.heartbeat.last()  # when this process (these shards) was last seen alive
        await self.heartbeat.start()
        now = self.clock()
        timed: list[tuple[Table, float]] = []  # the tables restarting a timer, and its time left
        loaded = 0
        for row in rows:
            try:
                table = self._load(row)
                table.players()  # parses the state of a table whose notes do not list its players
                if table.active and table.extra.get("computers") and self.owns(table):
                    self._computers_to_move(table)  # their computers may move at once: read now
            except Exception as error:  # anything a row can hold that this version cannot read
                await self._set_aside(row, error)
                continue
            self._register(table)
            if table.deadline is not None and self.owns(table):
                # a reaction window's length is extra["window"], a turn's the table's timer
                length = int(table.extra.get("window") or self._timer_seconds(table))
                timed.append((table, time_left(table.deadline, stopped, length)))
            if table.active and table.extra.get("computers"):
                self._schedule_computers(table)
                self._watch_idle(table)  # a table of people alone waits as it is (its state stays packed)
            loaded += 1
        self._arm_restored(timed, now)
        return loaded

    def _arm_restored(self, timed: list[tuple[Table, float]], now: float) -> None:
        """The restored turns' deadlines, after a grace and spread (no second holds more than
        RESTORED_PER_SECOND), armed with one timer per second rather than one per table."""
        deadlines = spread_deadlines([now + RESTART_GRACE + left for _, left in timed])
        by_second: dict[int, list[tuple[Table, float]]] = {}
        for (table, _), deadline in zip(timed, deadlines, strict=True):
            table.deadline = deadline
            by_second.setdefault(math.ceil(deadline), []).append((table, deadline))
        for second, due in sorted(by_second.items()):
            self._restored_timers.append(self._call_later(second - now, functools.partial(self._fire_restored, due)))

    def _load(self, row: Any) -> Table:
        """The table of a row: its game, options, seats and notes read, its state checked to be
        whole (see `looks_whole`: a cut-off write fails here). The state is unpacked and parsed
        only when first needed, so thousands of idle tables restore quickly and take little
        memory; a state broken inside fails at its first move instead."""
        table = Table(row)
        if table.active and not looks_whole(table.saved):
            raise ValueError("a running table whose saved state is cut off or missing")
        checked_options(table)
        return table

    async def _set_aside(self, row: Any, error: BaseException) -> None:
        """A row this version cannot load (a game or an option that no longer exists, a broken
        state): marked 'damaged', its channel freed, and its chips paid back from what it
        committed (see `salvage_refunds`) in one transaction, with a log line. A row that is
        no longer open (another process set it aside or ended it first) is left alone."""
        refunds, source = salvage_refunds(row)
        async with self.store.transaction() as tx:
            now = await tx.lock_table(row["id"])
            if now is None or now["status"] not in ("lobby", "active"):
                return
            await self._move_chips_in_order(tx, row["guild_id"], refunds)  # a computer's stack: to the house
            await tx.execute("UPDATE tables SET status='damaged', ended_at=?, deadline=NULL WHERE id=?",
                             (self.clock(), row["id"]))
        log.error("table %s (%s in channel %s) could not be loaded and is set aside: %s: %s; "
                  "chips paid back from %s: %s", row["id"], row["game"], row["channel_id"],
                  type(error).__name__, error, source, refunds)

    async def set_aside(self, damaged: DamagedTable) -> None:
        """A table found damaged at its first touch after start-up is set aside as start-up
        sets aside a row it cannot load: chips paid back from its committed data, marked
        'damaged', a log line, its channel and the server's slot freed. Other tables go on."""
        table = self.by_id.get(damaged.table_id) or self._visiting.get(damaged.table_id)
        if table is None:
            return
        async with table.lock:
            if table.status == "ended":
                return
            row = await self.store.table_row(table.id)
            if row is not None:
                await self._set_aside(row, damaged.cause)
            self._visiting.pop(table.id, None)
            self._retire(table)

    def _fire_restored(self, due: list[tuple[Table, float]]) -> None:
        """The restarted timers of one second run out: the tables still waiting since the
        restart time out (a table that moved since has a timer of its own)."""
        for table, deadline in due:
            if table.deadline == deadline and table._timer is None:
                self._fire_timer(table, deadline)

    async def close(self) -> None:
        self._closed = True
        self.timeouts.close()
        await self.heartbeat.stop()
        for handle in [*self._restored_timers, *self._idle.values()]:
            handle.cancel()
        for table in self.by_channel.values():
            self._disarm(table)

    async def show_again(self, table: Table) -> None:
        """Ask the listeners to post the table afresh: the sandbox's simulated Discord starts
        empty, so after its restart the messages the store remembers are gone."""
        await self._notify(table, [Event("shown_again", {})], None)

    def table_in(self, channel_id: int) -> Table | None:
        return self.by_channel.get(channel_id)

    def table_by_id(self, table_id: int) -> Table | None:
        return self.by_id.get(table_id)

    async def table_for(self, table_id: int) -> Table | None:
        """The open table a button names: this process's own, or on a shared store one that
        another process owns (a DM button reaches shard 0 whichever server the table is in)."""
        table = self.by_id.get(table_id)
        if table is not None or not self.store.shared:
            return table
        row = await self.store.table_row(table_id)
        if row is None or row["status"] == "ended" or self.owns_guild(row["guild_id"]):
            self._visiting.pop(table_id, None)
            return None
        return self._visit(row)

    def _visit(self, row: Any) -> Table:
        """This process's copy of another process's table, as the row shows it now."""
        visiting = self._visiting.get(row["id"])
        if visiting is None:
            visiting = self._visiting[row["id"]] = Table(row)
        elif not visiting.lock.locked():
            visiting.load(row)  # what the player sees now (moves re-check it under the row lock)
        return visiting

    async def member_tables(self, player: int, game: str | None = None) -> list[Table]:
        """The open tables `player` sits at (of `game` only, when given): what a command typed
        in a DM may mean. Discord delivers DMs to shard 0 whichever server the table is in, so on
        a shared store the tables other processes own come from the store's index of seated
        players (at most MEMBER_TABLES_LIMIT), visited as a DM button's are."""
        own = self.tables_of(player, game)
        if not self.store.shared or self.config.shard_ids is None:
            return own  # one process holds every table
        found = {table.id: table for table in own}
        for row in await self.store.seated_tables(player, game, MEMBER_TABLES_LIMIT):
            if not self.owns_guild(row["guild_id"]):
                found[row["id"]] = self._visit(row)
        return [found[table_id] for table_id in sorted(found)][:MEMBER_TABLES_LIMIT]

    def _register(self, table: Table) -> None:
        self.by_channel[table.channel_id] = table
        self.by_id[table.id] = table
        self._by_guild.setdefault(table.guild_id, {})[table.id] = table
        self._seats_changed(table)

    def tables_in_guild(self, guild_id: int) -> list[Table]:
        """The server's open tables in this process."""
        return list(self._by_guild.get(guild_id, {}).values())

    def guilds_with_tables(self) -> list[int]:
        return list(self._by_guild)

    def _seats_changed(self, table: Table) -> None:
        """Keep the player -> tables index right after anything that may seat or unseat someone."""
        if not self.owns(table):
            return
        before = self._seats_of.pop(table.id, ())
        now = tuple(table.players()) if table.status != "ended" else ()
        for player in set(before) - set(now):
            tables = self._seated_at.get(player, set())
            tables.discard(table.id)
            if not tables:
                self._seated_at.pop(player, None)
        for player in now:
            self._seated_at.setdefault(player, set()).add(table.id)
        if now:
            self._seats_of[table.id] = now

    @retried_on_conflict
    async def save_extra(self, table: Table) -> None:
        """Persist the runtime notes (message ids, who was told what) of a table. Called from
        outside its operations (by the presenter), so in a transaction of its own, which waits for
        an operation that holds the row."""
        async with self.store.transaction() as tx:
            await tx.execute("UPDATE tables SET extra=? WHERE id=?", (dumps(table.extra), table.id))

    # --- one table, several processes ----------------------------------------------------

    @asynccontextmanager
    async def _hold(self, table: Table, one_step: bool = False) -> AsyncIterator[None]:
        """The table's lock for one operation. On a shared store also its row, locked in a
        transaction that the operation's writes join (committed when the operation ends), with
        this process's copy first brought up to the stored state — so a move is always applied
        to the latest state, whichever process made the last one. `one_step`: the operation
        writes once and any failure ends it (see _transaction)."""
        async with table.lock:
            if not self.store.shared:
                yield
                return
            try:
                # A process is the only one to change its own tables' lobby and notes, so its
                # copy is stale only when someone else moved; a visiting copy is always taken afresh.
                known = table.version if self.owns(table) else None
                async with self.store.locked(table.id, known, table.status, one_step) as (tx, fresh):
                    if fresh is not None:
                        self._reload(table, fresh)
                    table._tx, table._tx_steps = tx, not one_step
                    try:
                        yield
                    finally:
                        table._tx, table._tx_steps = None, True
            except IllegalAction:
                raise
            except BaseException:
                await self._reload_quietly(table)  # the copy may be ahead of what was committed
                raise

    def _transaction(self, table: Table) -> Any:
        """A transaction for the table's writes: within its held row's transaction when there
        is one — a savepoint, so a failed step undoes only itself, unless the operation is one
        step whose failure rolls back the whole transaction anyway (two round trips saved)."""
        if table._tx is None:
            return self.store.transaction()
        if table._tx_steps:
            return self.store.savepoint(table._tx)
        return contextlib.nullcontext(table._tx)

    def _reload(self, table: Table, row: Any) -> None:
        """The copy becomes the row; the owner re-arms its timers for it."""
        table.load(row)
        if not self.owns(table):
            if table.status == "ended":
                self._visiting.pop(table.id, None)
            return
        if table.status == "ended":
            self._retire(table)
            return
        self._register(table)  # again, if a failed commit had retired it
        self._arm(table)
        self._schedule_computers(table)

    async def _reload_quietly(self, table: Table) -> None:
        try:
            row = await self.store.table_row(table.id)
        except Exception:
            log.exception("table %s: could not read it back after a failed commit", table.id)
            return
        if row is not None:
            self._reload(table, row)

    def _heard(self, payload: str) -> None:
        """A change notice from another process: the owner catches up with its table."""
        try:
            notice = json.loads(payload)
        except ValueError:
            return
        if CLIENT_SEED_NOTICE in notice:
            self.client_seeds.heard(*notice[CLIENT_SEED_NOTICE])
            return
        if notice.get("by") == self.process_token or self._closed:
            return
        table = self.by_id.get(notice.get("table"))
        if table is not None:
            asyncio.get_running_loop().create_task(self._catch_up(table, notice))

    async def _catch_up(self, table: Table, notice: dict[str, Any]) -> None:
        async with table.lock:
            if table.version >= notice["version"] and table.status != "ended" and notice.get("status") != "ended":
                return  # already seen (a later notice was handled first)
            row = await self.store.table_row(table.id)
            if row is None:
                return
            self._reload(table, row)
        events = [Event(e["kind"], e["data"]) for e in notice.get("events", [])] or [Event("refreshed", {})]
        await self._notify(table, events, "remote")

    def _change_notice(self, table: Table, version: int, events: list[Event], status: str) -> str:
        events_json = [dataclasses.asdict(e) for e in events]
        notice = {"by": self.process_token, "table": table.id, "version": version, "status": status,
                  "events": events_json}
        text = dumps(notice)
        if len(text.encode()) > NOTICE_LIMIT:
            text = dumps({**notice, "events": []})  # the owner redraws from the stored state
        return text

    async def last_table_in(self, channel_id: int) -> Table | None:
        """The channel's open table, else the last one that ended there (for /history)."""
        open_table = self.table_in(channel_id)
        if open_table is not None:
            return open_table
        row = await self.store.last_table_row(channel_id)
        return None if row is None else Table(row)

    def tables_of(self, player: int, game: str | None = None) -> list[Table]:
        tables = (self.by_id[i] for i in sorted(self._seated_at.get(player, ())))
        return [t for t in tables if game is None or t.game == game]

    # --- lobby --------------------------------------------------------------------------

    async def create(
        self, guild_id: int, channel_id: int, game: str, options: Any, host_id: int, buy_in: int | None
    ) -> Table:
        """Open a lobby. The channel and a slot of the server's limit are reserved before the
        first await, so simultaneous creates cannot all pass the checks; the same checks run
        again inside the write transaction against the store (another process's tables)."""
        self._reserve(guild_id, channel_id)
        try:
            table = await self._insert_table(guild_id, channel_id, game, options, host_id, buy_in)
        finally:
            self._creating.pop(channel_id, None)
        self._register(table)
        await self._notify(table, [Event("created", {"host": host_id})], None)
        return table

    def _reserve(self, guild_id: int, channel_id: int) -> None:
        if channel_id in self.by_channel or channel_id in self._creating:
            raise IllegalAction(CHANNEL_TAKEN)
        open_here = sum(1 for t in self.by_channel.values() if t.guild_id == guild_id)
        open_here += sum(1 for g in self._creating.values() if g == guild_id)
        if open_here >= self.config.max_tables_per_guild:
            raise IllegalAction(self._limit_text(open_here))
        self._creating[channel_id] = guild_id

    def _limit_text(self, open_here: int) -> str:
        return f"this server already has {open_here} open tables, the most it may have; end one first"

    async def _insert_table(
        self, guild_id: int, channel_id: int, game: str, options: Any, host_id: int, buy_in: int | None
    ) -> Table:
        now = self.clock()
        computers = int(getattr(options, "bots", 0) or 0)
        async with self.store.transaction() as tx:
            if await tx.fetchone(f"SELECT 1 FROM tables WHERE channel_id=? AND {OPEN}", (channel_id,)):
                raise IllegalAction(CHANNEL_TAKEN)
            row = await tx.fetchone(f"SELECT COUNT(*) FROM tables WHERE guild_id=? AND {OPEN}", (guild_id,))
            if row[0] >= self.config.max_tables_per_guild:
                raise IllegalAction(self._limit_text(row[0]))
            stack = await self._buy_in(tx, guild_id, host_id, GAMES[game], options, buy_in)
            seats = [{"player": host_id, "stack": stack}]
            seats += await self._seat_computers(tx, guild_id, GAMES[game], options, computers, stack)
            row_id = await tx.insert(
                "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, "
                "seated, extra, created_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, game, dumps(dataclasses.asdict(options)), host_id,
                 dumps(seats), dumps([seat["player"] for seat in seats]), dumps(fair.lobby_notes(computers)), now),
            )
        return Table(await self.store.table_row(row_id))

    async def _seat_computers(
        self, tx: Tx, guild_id: int, module: ModuleType, options: Any, count: int, host_stack: int
    ) -> list[dict[str, int]]:
        """Seats for the computer players (ids -1, -2, …). In a chip game each brings the host's
        stack (within the table's buy-in range), lent by the house, which gets it back when the
        computer leaves or the table ends."""
        stack = 0
        if module.CHIPS and count:
            low, high = module.buy_in_range(options)
            stack = min(max(host_stack, low), high)
            await tx.move_house(guild_id, -stack * count)
        return [{"player": -n, "stack": stack} for n in range(1, count + 1)]

    async def _buy_in(
        self, tx: Tx, guild_id: int, player: int, module: ModuleType, options: Any, buy_in: int | None
    ) -> int:
        """Chips moved from the wallet to the table for a new seat (0 for chipless games)."""
        if not module.CHIPS:
            return 0
        wallet = await tx.ensure_wallet(guild_id, player, self.config.starting_chips, self.clock())
        stack = chosen_stack(module, options, wallet, buy_in)
        if stack > wallet:
            raise IllegalAction(f"you have {wallet} chips in your wallet, the buy-in is {stack} — try /daily")
        await tx.move_wallet(guild_id, player, -stack)
        return stack

    @retried_on_conflict
    async def join(self, table: Table, player: int, buy_in: int | None, origin: Any = None) -> list[Event]:
        """Take a seat; a player seated but sitting out (the timer sat them out) sits back in."""
        async with self._hold(table):
            self._require_open(table)
            if table.seated(player) and table.active and self._can(table, player, "sitin"):
                self._reset_timeouts(table, player)
                events = await self._apply(table, player, {"type": "sitin"})
            elif table.seated(player):
                raise IllegalAction("you are already seated at this table")
            elif table.active:
                events = await self._join_running(table, player, buy_in)
            else:
                events = await self._join_lobby(table, player, buy_in)
        await self._notify(table, events, origin)
        return events

    async def _join_lobby(self, table: Table, player: int, buy_in: int | None) -> list[Event]:
        if len(table.lobby) >= seat_range(table)[1]:
            raise IllegalAction(f"the table is full ({seat_range(table)[1]} seats)")
        async with self._transaction(table) as tx:
            stack = await self._buy_in(tx, table.guild_id, player, table.module, table.options, buy_in)
            lobby = [*table.lobby, SeatSpec(player, stack)]
            version = await self._write_lobby(tx, table, lobby)
        table.lobby, table.version = lobby, version
        self._seats_changed(table)
        return [Event("joined", {"player": player, "stack": stack})]

    async def _join_running(self, table: Table, player: int, buy_in: int | None) -> list[Event]:
        module = table.module
        if not getattr(module, "JOIN_MID_GAME", False):
            raise IllegalAction("this game has started; seats open again at the next game")
        stack = 0
        if module.CHIPS:
            async with self._transaction(table) as tx:
                wallet = await tx.ensure_wallet(table.guild_id, player, self.config.starting_chips, self.clock())
            stack = chosen_stack(module, table.options, wallet, buy_in)
        return await self._apply(table, player, {"type": "join", "stack": stack}, buy_in=stack)

    @retried_on_conflict
    async def leave(self, table: Table, player: int, origin: Any = None) -> None:
        async with self._hold(table):
            self._require_open(table)
            if not table.seated(player):
                raise IllegalAction("you are not seated at this table")
            if table.active:
                events = await self._apply(table, player, {"type": "leave"})
            else:
                events = await self._leave_lobby(table, player)
        await self._notify(table, events, origin)

    async def _leave_lobby(self, table: Table, player: int) -> list[Event]:
        """The seat's chips go back; a host who leaves hands the table to the next seated
        person, and a lobby nobody is left in closes."""
        seat = next(s for s in table.lobby if s.player == player)
        lobby = [s for s in table.lobby if s.player != player]
        people = [s.player for s in lobby if s.player > 0]
        events = [Event("left", {"player": player, "stack": seat.stack})]
        async with self._transaction(table) as tx:
            if seat.stack:
                await tx.move_wallet(table.guild_id, player, seat.stack)
            version = await self._write_lobby(tx, table, lobby)
            if player == table.host_id and people:
                await tx.execute("UPDATE tables SET host_id=? WHERE id=?", (people[0], table.id))
                events.append(Event("host", {"player": people[0], "was": player}))
            elif not people:
                await self._close_in(tx, table, {s.player: s.stack for s in lobby})
                events.append(Event("ended", {"refunds": {}, "empty": True}))
        table.lobby, table.version = lobby, version
        if people and player == table.host_id:
            table.host_id = people[0]
        if not people:
            self._retire(table)
        else:
            self._seats_changed(table)
        return events

    @retried_on_conflict
    async def start(self, table: Table, by: int, origin: Any = None) -> None:
        async with self._hold(table):
            self._require_open(table)
            if table.active:
                raise IllegalAction("the game has already started")
            if by != table.host_id:
                raise IllegalAction(f"only the host, <@{table.host_id}>, can start the table")
            module = table.module
            low = seat_range(table)[0]
            if len(table.lobby) < low:
                raise IllegalAction(f"{table.game} needs at least {low} seated players; {len(table.lobby)} seated so far")
            clients = await self.client_seeds.of(table.guild_id, [seat.player for seat in table.lobby])
            state = module.new(table.options, list(table.lobby), fair=fair.first_dealer(table.extra, clients))
            state_json = dumps(module.to_dict(state))
            extra = fair.started_notes(table.extra, state)
            async with self._transaction(table) as tx:
                await tx.execute(
                    "UPDATE tables SET status='active', start_seats=?, state=?, version=0, seated=?, extra=? WHERE id=?",
                    (dumps([dataclasses.asdict(s) for s in table.lobby]), packed_state(state_json),
                     dumps(list(module.players(state))), dumps(extra), table.id),
                )
                for deal in module.deals_in_play(state):
                    await self._record_deal(tx, table, fairness.committed(deal), version=0)
            table.status, table.version = "active", 0  # the game's moves count from 0 (the lobby's writes did before)
            table.set_state(state, state_json)
            table.extra = extra
            table.extra["players"] = list(module.players(state))
            self._seats_changed(table)
            self._arm(table)
            await self._write_deadline(table)
        await self._notify(table, [Event("started", {})], origin)
        self._schedule_computers(table)

    @retried_on_conflict
    async def end(self, table: Table, by: int, may_manage: bool, origin: Any = None) -> dict[int, int]:
        """End the table at the host's or a manager's word: a round whose cards are out is played
        out by the timers' defaults and settled first (no free way out of a losing hand), then
        every chip goes back to its player. Returns what each got back."""
        async with self._hold(table):
            self._require_open(table)
            if by != table.host_id and not may_manage:
                raise IllegalAction("only the host or a member with Manage Server can end the table")
            events = await self._settle_and_close(table)
        await self._notify(table, events, origin)
        return refunds_of(events)

    @retried_on_conflict
    async def end_by_bot(self, table: Table, why: str) -> dict[int, int]:
        """The bot ends a table itself (its channel deleted, its server gone): as `end`."""
        async with self._hold(table):
            if table.status == "ended":
                return {}
            events = await self._settle_and_close(table, why)
        log.info("table %s ended by the bot: %s", table.id, why)
        await self._notify(table, events, "bot")
        return refunds_of(events)

    async def end_tables_in(self, channel_id: int, why: str) -> None:
        """A deleted channel or thread: its table is ended by the bot."""
        table = self.by_channel.get(channel_id)
        if table is not None:
            await self.end_by_bot(table, why)

    async def end_tables_of_guild(self, guild_id: int, why: str) -> int:
        """A server that removed the bot: each of its tables is ended by the bot."""
        tables = self.tables_in_guild(guild_id)
        for table in tables:
            await self.end_by_bot(table, why)
        return len(tables)

    async def _settle_and_close(self, table: Table, why: str = "") -> list[Event]:
        """In one transaction: the round in play (if any) played out move by move, each move
        logged like any other, then the chips back and the table ended. On any failure nothing
        is written and the table stays as committed. The caller holds the table's lock."""
        saved, committed_extra = table.saved, copy.deepcopy(table.extra)
        try:
            async with self._transaction(table) as tx:
                played, version = await self._play_out(tx, table)
                refunds = self._refunds(table)
                if played:
                    table.extra["players"] = list(table.module.players(table.state))
                    await tx.execute("UPDATE tables SET state=?, version=?, extra=? WHERE id=?",
                                     (packed_state(table.state_json()), version, dumps(table.extra), table.id))
                await self._close_in(tx, table, refunds)
        except BaseException:
            table.set_state(None, saved)
            table.extra = committed_extra
            raise
        if played:
            table.version = version
            table.set_state(table.state, table.state_json())
        self._retire(table)
        ended = {"refunds": {str(k): v for k, v in refunds.items()}, "played_out": len(played)}
        if why:
            ended["why"] = why
        return [*played, Event("ended", ended)]

    async def _play_out(self, tx: Tx, table: Table) -> tuple[list[Event], int]:
        """Within `tx`: the moves that finish the round whose cards are out — each pending
        player's timeout default (a computer player's own move) — applied and logged one by one.
        Returns their events and the table's version after them."""
        module, version = table.module, table.version
        to_settle = getattr(module, "round_to_settle", None)
        if not table.active or to_settle is None:
            return [], version
        round_ = to_settle(table.state)
        events: list[Event] = []
        moves = 0
        while round_ is not None and to_settle(table.state) == round_:
            waiting = module.pending(table.state)
            if not waiting or moves >= MAX_PLAY_OUT_MOVES:
                log.error("table %s: round %s could not be played out (%d moves; waiting on %s): "
                          "what is left of it is refunded", table.id, round_, moves, waiting)
                break
            player = waiting[0]
            action = self._safe_move(table, player)
            chips_before = table.chips_at_table()
            try:
                clients = self.client_seeds.known(table.guild_id, table.players())
                with fair.clients_for_move(table.state, clients, action) as logged:
                    move_events = module.apply(table.state, player, action)
            except IllegalAction as refusal:
                log.error("table %s: the default move %s was refused while ending: %s",
                          table.id, action, refusal.reason)
                break
            version += 1
            await self._move_chips(tx, table, player, action, move_events, chips_before, version)
            await tx.log_action(table.id, version, player, logged, self.clock())
            events += move_events
            moves += 1
        return events, version

    def _safe_move(self, table: Table, player: int) -> Action:
        """The move the timer would play for `player` (a computer player plays its own)."""
        if player < 0 and hasattr(table.module, "computer_action"):
            return table.module.computer_action(table.state, player)
        return table.module.default_action(table.state, player)

    async def _close_in(self, tx: Tx, table: Table, refunds: dict[int, int]) -> None:
        """Within the caller's transaction: chips back to their wallets, the deals still in play
        revealed (nothing more is dealt from them), the table ended."""
        if table.active:
            for deal in table.module.deals_in_play(table.state):
                await self._record_deal(tx, table, fairness.revealed(deal), table.version)
        await self._move_chips_in_order(tx, table.guild_id, refunds)
        await tx.execute(
            "UPDATE tables SET status='ended', ended_at=?, deadline=NULL WHERE id=?", (self.clock(), table.id)
        )

    def _retire(self, table: Table) -> None:
        """Once the end is committed: no timer, and the channel is free for a new table."""
        self._disarm(table)
        table.status = "ended"
        table.deadline = None
        self.by_channel.pop(table.channel_id, None)
        self.by_id.pop(table.id, None)
        here = self._by_guild.get(table.guild_id, {})
        here.pop(table.id, None)
        if not here:
            self._by_guild.pop(table.guild_id, None)
        self._seats_changed(table)

    def _refunds(self, table: Table) -> dict[int, int]:
        if not table.module.CHIPS:
            return {}
        if table.active:
            return dict(table.module.refunds(table.state))
        return {seat.player: seat.stack for seat in table.lobby}

    async def kick(self, table: Table, by: int, member: int, may_manage: bool, origin: Any = None) -> None:
        if by != table.host_id and not may_manage:
            raise IllegalAction("only the host or a member with Manage Server can remove a player")
        if member == by:
            raise IllegalAction("use /table leave to leave the table yourself")
        await self.leave(table, member, origin)

    async def member_left_server(self, guild_id: int, member: int) -> None:
        """A member who leaves the server leaves every table there, as /table leave."""
        for table in [t for t in self.by_channel.values() if t.guild_id == guild_id]:
            if table.seated(member):
                try:
                    await self.leave(table, member)
                except IllegalAction as refusal:
                    log.info("member %s could not leave table %s: %s", member, table.id, refusal.reason)

    # --- play ---------------------------------------------------------------------------

    @retried_on_conflict
    async def act(self, table: Table, player: int, action: Action, step: str | None = None,
                  origin: Any = None) -> list[Event]:
        with self.timeouts.person_moves():
            return await self._act(table, player, action, step, origin)

    async def _act(self, table: Table, player: int, action: Action, step: str | None, origin: Any) -> list[Event]:
        async with self._hold(table, one_step=True):
            self._require_open(table)
            if not table.active:
                raise IllegalAction("the game has not started yet: the host starts it with /table start")
            if step is not None and not table.step_current(step):
                raise IllegalAction(STALE_BUTTON)
            self._reset_timeouts(table, player)
            events = await self._apply(table, player, action)
        await self._notify(table, events, origin)
        return events

    async def _apply(self, table: Table, player: int, action: Action, buy_in: int = 0) -> list[Event]:
        """Apply, then commit state + log + chips in one transaction; on any failure the
        in-memory state goes back to the committed one. The caller holds the table's lock and,
        once it has released it, tells the listeners (so rendering never holds up the table)."""
        module = table.module
        saved, committed_extra = table.saved, copy.deepcopy(table.extra)
        chips_before = table.chips_at_table()
        clients = await self.client_seeds.of(table.guild_id, {*table.players(), player})
        with fair.clients_for_move(table.state, clients, action) as logged:
            events = module.apply(table.state, player, action)
        try:
            await self._commit(table, player, logged, events, chips_before + buy_in)
        except BaseException:
            table.set_state(None, saved)
            table.extra = committed_extra  # the seats and timer notes written for the failed commit
            raise
        return events

    async def _commit(self, table: Table, player: int, action: Action, events: list[Event],
                      chips_expected: int) -> None:
        module = table.module
        finished = bool(module.is_over(table.state))
        refunds = self._refunds(table) if finished else {}
        deadline = None if finished else self._next_deadline(table, new_round=any(e.kind == "round_open" for e in events))
        if "alone_round" in table.extra and not finished and self._person_in_play(table):
            del table.extra["alone_round"]  # a person is back in play: stored with this move
        players = list(module.players(table.state))
        seats_moved = players != table.extra.get("players")
        table.extra["players"] = players
        state_json = table.state_json()
        version = table.version + 1
        async with self._transaction(table) as tx:
            await self._move_chips(tx, table, player, action, events, chips_expected, version)
            notice = None
            if self.store.shared and not self.owns(table):  # the owner hears of moves made elsewhere
                told = [*events, Event("finished", {"refunds": {str(k): v for k, v in refunds.items()}})] \
                    if finished else events
                notice = self._change_notice(table, version, told, "ended" if finished else "active")
            await tx.record_move(MoveRecord(table.id, version, player, action, self.clock(), state_json, deadline,
                                            dumps(table.extra), notice))
            if seats_moved and not finished:  # the store's index of who sits where (a join, a leave)
                await tx.record_seats(table.id, players)
            if finished:
                await self._close_in(tx, table, refunds)
        table.version = version
        table.set_state(table.state, state_json)
        table.deadline = deadline
        if finished:
            self._retire(table)
            events.append(Event("finished", {"refunds": {str(k): v for k, v in refunds.items()}}))
            return
        self._seats_changed(table)
        self._arm(table)
        self._schedule_computers(table)
        self._watch_idle(table)

    async def _move_chips(self, tx: Tx, table: Table, player: int, action: Action,
                          events: list[Event], chips_expected: int, version: int) -> None:
        """Within `tx`, what one applied move (the table's move `version`) moved: a buy-in,
        cash-outs, results, the house's share, the deals it started or ended."""
        cashed = sum(e.data["amount"] for e in events if e.kind == "cashout")
        house_delta = chips_expected - cashed - table.chips_at_table()
        if house_delta and not getattr(table.module, "HOUSE", False):
            raise RuntimeError(f"{table.game} lost or made {house_delta} chips in {action}")
        chips: dict[int, int] = {}  # player -> chips into (out of) their wallet
        if action.get("type") == "join" and action.get("stack"):
            chips[player] = -int(action["stack"])
        results: list[tuple[int, int]] = []
        for event in events:
            if event.kind in ("deal_committed", "deal_revealed"):
                await self._record_deal(tx, table, event, version)
            elif event.kind == "cashout" and event.data["amount"]:
                chips[event.data["player"]] = chips.get(event.data["player"], 0) + event.data["amount"]
            elif event.kind == "settled":
                results += [(r["player"], r["net"]) for r in event.data.get("results", [])
                            if r.get("player", -1) >= 0 and "net" in r]
        try:
            await self._move_chips_in_order(tx, table.guild_id, chips, house_delta)
        except InsufficientChips as short:
            raise IllegalAction(
                f"you have {short.have} chips in your wallet, the buy-in is {short.need} — try /daily"
            ) from None
        for user, net in sorted(results):
            await tx.record_result(table.guild_id, user, table.game, net)
        await records.record_move(tx, table.guild_id, table.game, events, table.state, self.clock())

    @staticmethod
    async def _move_chips_in_order(tx: Tx, guild_id: int, chips: dict[int, int], house: int = 0) -> None:
        """Chips into (negative: out of) wallets — a computer player's (id < 0) are the house's,
        which lent them. Every transaction locks the rows it changes in one order — the table,
        its deals, the wallets by player id, the house, the results by player id — so two
        transactions never wait on each other in a circle (a deadlock)."""
        for player in sorted(chips):
            if player < 0:
                house += chips[player]
            elif chips[player] > 0:
                await tx.credit_wallet(guild_id, player, chips[player])
            elif chips[player]:
                await tx.move_wallet(guild_id, player, chips[player])
        await tx.move_house(guild_id, house)

    async def _record_deal(self, tx: Tx, table: Table, event: Event, version: int) -> None:
        """A deal's commitment (it starts, with the move `version`) or its seed and cards (it is
        over), for /verify and /history."""
        data = event.data
        if event.kind == "deal_committed":
            await tx.commit_deal(table.guild_id, table.id, table.game, data["label"], data["commitment"], version,
                                 self.clock())
        else:
            await tx.reveal_deal(data["commitment"], data["seed"], fairness.stored_setup(data), data["cards"],
                                 self.clock())

    def _require_open(self, table: Table) -> None:
        if table.status == "ended" or self._closed:
            raise IllegalAction("this table has ended")

    async def _write_lobby(self, tx: Tx, table: Table, lobby: list[SeatSpec]) -> int:
        """The lobby's new seats, as the next version of the table (returned): like a move, a
        lobby write moves the version on, so a copy of the lobby from before it is stale (see
        _hold: it is read again before it writes, never over another process's lobby)."""
        await tx.execute(
            "UPDATE tables SET lobby=?, seated=?, version=? WHERE id=?",
            (dumps([dataclasses.asdict(s) for s in lobby]), dumps([s.player for s in lobby]), table.version + 1,
             table.id),
        )
        return table.version + 1

    async def _notify(self, table: Table, events: list[Event], origin: Any) -> None:
        for listener in list(self.listeners):
            try:
                await listener(table, events, origin)
            except DamagedTable as damaged:
                await self.set_aside(damaged)
            except Exception:
                log.exception("table %s: a listener failed after a committed move", table.id)

    # --- timers -------------------------------------------------------------------------

    def _timer_seconds(self, table: Table) -> int:
        return int(getattr(table.options, "timer", 0) or 0)

    def _window_seconds(self, table: Table) -> int | None:
        """The seconds of the reaction window the game has open now, if any (games/base.py)."""
        if not table.active or not hasattr(table.module, "reaction_window"):
            return None
        return table.module.reaction_window(table.state)

    def _next_deadline(self, table: Table, new_round: bool = False) -> float | None:
        window = self._window_seconds(table)
        if window is not None:
            step = table.step_key()
            if table.deadline is not None and table.extra.get("window_step") == step:
                return table.deadline  # a pass or a computer's look inside the same window
            table.extra["window_step"], table.extra["window"] = step, window
            table.extra.pop("pending", None)  # the turn after the window gets its full time
            return self.clock() + window
        table.extra.pop("window", None)
        if not table.active or not self._timer_seconds(table) or not table.module.pending(table.state):
            return None
        pending = table.module.pending(table.state)
        if table.deadline is not None and not new_round and self._same_wait(table, pending):
            return table.deadline  # the same players (or some of them) are still to act: their clock runs on
        table.extra["pending"] = pending
        table.extra["pending_step"] = table.step_key()
        return self.clock() + self._timer_seconds(table)

    def _same_wait(self, table: Table, pending: list[int]) -> bool:
        """Still the same wait: one player still on the same turn (hitting again does not buy
        time), or, within one step, some of the players acting together (a betting window, a
        simultaneous play) where the others have already chosen."""
        before = table.extra.get("pending") or []
        if len(pending) == 1 and pending == before:
            return True
        return table.extra.get("pending_step") == table.step_key() and set(pending) <= set(before)

    async def _write_deadline(self, table: Table) -> None:
        table.deadline = self._next_deadline(table)
        async with self._transaction(table) as tx:
            await tx.execute(
                "UPDATE tables SET deadline=?, extra=? WHERE id=?", (table.deadline, dumps(table.extra), table.id)
            )
        self._arm(table)

    def _arm(self, table: Table) -> None:
        if table._timer is not None:
            table._timer.cancel()
            table._timer = None
        if table.deadline is None or self._closed or not self.owns(table):
            return  # timers fire in the owning process only
        delay = max(0.0, table.deadline - self.clock())
        table._timer = self._call_later(delay, functools.partial(self._fire_timer, table, table.deadline))

    def _disarm(self, table: Table) -> None:
        """No turn timer and no computer move pending for the table."""
        for handle in (table._timer, table._computer):
            if handle is not None:
                handle.cancel()
        table._timer = table._computer = None

    def _call_later(self, delay: float, callback: Callable[[], Any]) -> Any:
        """A timer (a turn, a reaction window, a computer's pause): its handle, to cancel."""
        if self.config.call_later is not None:
            return self.config.call_later(delay, callback)
        return asyncio.get_running_loop().call_later(delay, callback)

    def _fire_timer(self, table: Table, deadline: float) -> None:
        self.timeouts.expired(table, deadline)  # made when people's moves let it (bot/timers.py)

    async def _run_timeout(self, table: Table, deadline: float) -> None:
        await self._guarded(self._on_timeout(table, deadline))

    async def _guarded(self, work: Awaitable[None]) -> None:
        """A timer's or a computer player's move: a table found damaged by it is set aside."""
        try:
            await work
        except DamagedTable as damaged:
            await self.set_aside(damaged)

    async def _on_timeout(self, table: Table, deadline: float) -> None:
        events = await self._time_out(table, deadline, [])
        await self._notify(table, events, "timer")

    @retried_on_conflict
    async def _time_out(self, table: Table, deadline: float, seen: list[int]) -> list[Event]:
        """The default moves of a timer that ran out. A try that met another transaction read
        the table back (deadline included), so a retry goes on if the table is still at the
        version the first try found (`seen`)."""
        events: list[Event] = []
        async with self._hold(table):
            current = table.version == seen[0] if seen else table.deadline == deadline
            if not current or not table.active or self._closed:
                return events
            seen[:] = [table.version]
            if self._window_seconds(table) is not None:
                events += await self._close_window(table)
                players: list[int] = []
            else:
                players = list(table.module.pending(table.state))
            for player in players:
                if player >= 0:  # computer players move on their own (or wait for a person)
                    events += await self._play_default(table, player)
        return events

    async def _close_window(self, table: Table) -> list[Event]:
        """A reaction window's time is up: the runtime closes it (no one's timeout)."""
        try:
            return await self._apply(table, RUNTIME_PLAYER, {"type": "close_window"})
        except IllegalAction as refusal:
            log.error("table %s: closing the reaction window was refused: %s", table.id, refusal.reason)
            return []

    async def _play_default(self, table: Table, player: int) -> list[Event]:
        timeouts = table.extra.setdefault("timeouts", {})
        timeouts[str(player)] = timeouts.get(str(player), 0) + 1
        action = table.module.default_action(table.state, player)
        try:
            events = await self._apply(table, player, action)
            if timeouts[str(player)] >= SIT_OUT_AFTER_TIMEOUTS and self._can(table, player, "sitout"):
                events += await self._apply(table, player, {"type": "sitout"})
            return events
        except IllegalAction as refusal:
            log.error("table %s: the default move %s was refused: %s", table.id, action, refusal.reason)
            return []

    # --- computer players -----------------------------------------------------------------

    def _computers_to_move(self, table: Table) -> list[int]:
        if not table.active or not hasattr(table.module, "computer_action"):
            return []
        if all(p < 0 for p in table.players()):
            return []  # no person left at the table: the computers wait rather than play on alone
        if not self._person_in_play(table) and not self._finishing_alone(table):
            return []  # everyone sat out: the round in progress is over, and computers never play on alone
        waiting = list(table.module.pending(table.state))
        if hasattr(table.module, "reactors"):  # computers that may act in a reaction window
            waiting += [p for p in table.module.reactors(table.state) if p not in waiting]
        robots = set(table.module.played_by_computer(table.state)) if hasattr(table.module, "played_by_computer") else set()
        return [p for p in waiting if p < 0 or p in robots]

    def _person_in_play(self, table: Table) -> bool:
        """Whether a person sits at the table and is not sitting out."""
        module = table.module
        return any(p > 0 and {"type": "sitin"} not in module.legal_actions(table.state, p) for p in table.players())

    def _finishing_alone(self, table: Table) -> bool:
        """With no person in play, the computers finish the round whose cards were out when the
        last person went out of play, and no more (`extra["alone_round"]` remembers it)."""
        to_settle = getattr(table.module, "round_to_settle", None)
        now = to_settle(table.state) if to_settle is not None else None
        if "alone_round" not in table.extra:
            table.extra["alone_round"] = now
        return now is not None and table.extra["alone_round"] == now

    def _watch_idle(self, table: Table) -> None:
        """A table with no person in play, whose computers wait, ends after `idle_seconds` unless a
        person comes back (sits in, joins) before; one with a person in play forgets it."""
        waiting = table.active and self.owns(table) and not self._closed and not self._person_in_play(table) \
            and not self._computers_to_move(table) and not table.module.pending(table.state)
        if not waiting:
            handle = self._idle.pop(table.id, None)
            if handle is not None:
                handle.cancel()
            return
        if table.id in self._idle:
            return  # already counting since the table began to wait
        self._idle[table.id] = self._call_later(
            self.idle_seconds, lambda: asyncio.get_running_loop().create_task(self._guarded(self._end_idle(table))))

    async def _end_idle(self, table: Table) -> None:
        self._idle.pop(table.id, None)
        if self._closed or table.status != "active" or self._person_in_play(table):
            return
        minutes = max(1, round(self.idle_seconds / 60))
        await self.end_by_bot(table, f"no person was in play for {plural(minutes, 'minute')}, and computers "
                                     "never play on alone")

    def _schedule_computers(self, table: Table) -> None:
        """Computer players move after a short pause, so people can follow the table."""
        if table._computer is not None:
            table._computer.cancel()  # one reply pending at a time: the one for the copy as it is now
            table._computer = None
        if self._closed or not self.owns(table) or not self._computers_to_move(table):
            return
        version = table.version
        table._computer = self._call_later(
            self.computer_pause,
            lambda: asyncio.get_running_loop().create_task(self._guarded(self._computer_moves(table, version))))

    @retried_on_conflict
    async def _computer_moves(self, table: Table, version: int) -> None:
        async with self._hold(table):
            if table.version != version or self._closed or table.status != "active":
                return  # something else moved first; that move scheduled its own follow-up
            waiting = self._computers_to_move(table)
            if not waiting:  # scheduled by a move to a stale copy whose commit was refused: the copy
                # read back holds another process's move at that version, which left no computer to move
                log.debug("table %s: the computer move scheduled at version %s has nobody to move", table.id, version)
                return
            player = waiting[0]
            action = table.module.computer_action(table.state, player)
            try:
                events = await self._apply(table, player, action)
            except IllegalAction as refusal:
                log.error("table %s: computer %s tried %s: %s", table.id, player, action, refusal.reason)
                return
        await self._notify(table, events, "computer")

    def _can(self, table: Table, player: int, kind: str) -> bool:
        return any(a.get("type") == kind for a in table.module.legal_actions(table.state, player))

    def _reset_timeouts(self, table: Table, player: int) -> None:
        table.extra.get("timeouts", {}).pop(str(player), None)
