"""The table service: the one facade the cogs call, made of its rooms."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable

from bot import fair
from bot.config import Config
from bot.store import (
    Store,
)
from bot.tables.chips import Chips
from bot.tables.cluster import ClusterNotices
from bot.tables.computers import Computers
from bot.tables.lobby import Lobby
from bot.tables.model import (
    COMPUTER_PAUSE_SECONDS,
    Listener,
    Table,
)
from bot.tables.moves import Moves
from bot.tables.registry import Registry
from bot.tables.restore import Restore
from bot.tables.timers import Timers
from bot.thinking import Thinking
from bot.timers import Heartbeat, TimeoutQueue, shard_key


class TableService(Registry, Restore, ClusterNotices, Lobby, Moves, Chips, Timers, Computers):
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
        self._restoring: asyncio.Future[None] | None = None  # done when the restore under way ends
        self._unheard: dict[int, dict] = {}  # table id -> another process's notice heard while it was loading
        self.timeouts = TimeoutQueue(self._run_timeout)  # expired timers, behind people's moves
        self.heartbeat = Heartbeat(store, clock, shard_key(config.shard_count, config.shard_ids))
        self._visiting: dict[int, Table] = {}  # tables of other processes' servers, moved from here
        self._by_guild: dict[int, dict[int, Table]] = {}  # server id -> its open tables, by id
        self.process_token = secrets.token_hex(8)  # tells this process's own change notices apart
        self.client_seeds = fair.ClientSeeds(store)
        self.thinking = Thinking(config.think_workers)
