"""Creating, joining, leaving, starting, and ending tables."""

from __future__ import annotations

import copy
import dataclasses
import logging
from types import ModuleType
from typing import Any

from bot import fair
from bot.store import (
    HOUSE_PARTY,
    OPEN,
    Tx,
    dumps,
    packed_state,
)
from bot.tables.model import (
    CHANNEL_TAKEN,
    MAX_PLAY_OUT_MOVES,
    Table,
    chosen_stack,
    refunds_of,
    retried_on_conflict,
    seat_range,
)
from games import fairness
from games.base import N_, Action, Event, IllegalAction, SeatSpec, Text
from games.registry import GAMES

log = logging.getLogger(__name__)


def lobby_notes(computers: int, language: str | None) -> dict[str, Any]:
    """A new table's notes: its first deal's commitment, and the language its public messages
    and images speak (none: English)."""
    notes = fair.lobby_notes(computers)
    if language:
        notes["language"] = language
    return notes


class Lobby:
    """The lobby room of the table service (bot.tables.TableService)."""

    async def create(
        self, guild_id: int, channel_id: int, game: str, options: Any, host_id: int, buy_in: int | None,
        language: str | None = None,
    ) -> Table:
        """Open a lobby. The channel and a slot of the server's limit are reserved before the
        first await, so simultaneous creates cannot all pass the checks; the same checks run
        again inside the write transaction against the store (another process's tables). A
        create during the start-up's restore waits for its end (the channel may hold a table not
        loaded yet)."""
        await self.restored()
        self._reserve(guild_id, channel_id)
        try:
            table = await self._insert_table(guild_id, channel_id, game, options, host_id, buy_in, language)
        finally:
            self._creating.pop(channel_id, None)
        self._register(table)
        await self._notify(table, [Event("created", {"host": host_id})], None)
        return table

    def _reserve(self, guild_id: int, channel_id: int) -> None:
        if channel_id in self.by_channel or channel_id in self._creating:
            raise IllegalAction(Text(CHANNEL_TAKEN))
        open_here = sum(1 for t in self.by_channel.values() if t.guild_id == guild_id)
        open_here += sum(1 for g in self._creating.values() if g == guild_id)
        if open_here >= self.config.max_tables_per_guild:
            raise IllegalAction(self._limit_text(open_here))
        self._creating[channel_id] = guild_id

    def _limit_text(self, open_here: int) -> str:
        return Text(N_("this server already has {count} open tables, the most it may have; end one first"),
                    count=open_here)

    async def _insert_table(
        self, guild_id: int, channel_id: int, game: str, options: Any, host_id: int, buy_in: int | None,
        language: str | None = None,
    ) -> Table:
        now = self.clock()
        computers = int(getattr(options, "bots", 0) or 0)
        async with self.store.transaction() as tx:
            if await tx.fetchone(f"SELECT 1 FROM tables WHERE channel_id=? AND {OPEN}", (channel_id,)):
                raise IllegalAction(Text(CHANNEL_TAKEN))
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
                 dumps(seats), dumps([seat["player"] for seat in seats]), dumps(lobby_notes(computers, language)), now),
            )
            await tx.open_ledger(row_id)
            await tx.book_table_chips(row_id, {host_id: stack, HOUSE_PARTY: sum(seat["stack"] for seat in seats[1:])})
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

    @retried_on_conflict
    async def join(self, table: Table, player: int, buy_in: int | None, origin: Any = None) -> list[Event]:
        """Take a seat; a player seated but sitting out (the timer sat them out) sits back in."""
        async with self._hold(table):
            self._require_open(table)
            if table.seated(player) and table.active and self._can(table, player, "sitin"):
                self._reset_timeouts(table, player)
                events = await self._apply(table, player, {"type": "sitin"})
            elif table.seated(player):
                raise IllegalAction(Text(N_("you are already seated at this table")))
            elif table.active:
                events = await self._join_running(table, player, buy_in)
            else:
                events = await self._join_lobby(table, player, buy_in)
        await self._notify(table, events, origin)
        return events

    async def _join_lobby(self, table: Table, player: int, buy_in: int | None) -> list[Event]:
        if len(table.lobby) >= seat_range(table)[1]:
            raise IllegalAction(Text(N_("the table is full ({seats} seats)"), seats=seat_range(table)[1]))
        async with self._transaction(table) as tx:
            stack = await self._buy_in(tx, table.guild_id, player, table.module, table.options, buy_in)
            await tx.book_table_chips(table.id, {player: stack})
            lobby = [*table.lobby, SeatSpec(player, stack)]
            version = await self._write_lobby(tx, table, lobby)
        table.lobby, table.version = lobby, version
        self._seats_changed(table)
        return [Event("joined", {"player": player, "stack": stack})]

    async def _join_running(self, table: Table, player: int, buy_in: int | None) -> list[Event]:
        module = table.module
        if not getattr(module, "JOIN_MID_GAME", False):
            raise IllegalAction(Text(N_("this game has started; seats open again at the next game")))
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
                raise IllegalAction(Text(N_("you are not seated at this table")))
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
                await tx.book_table_chips(table.id, {player: -seat.stack})
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
                raise IllegalAction(Text(N_("the game has already started")))
            if by != table.host_id:
                raise IllegalAction(Text(N_("only the host, {host}, can start the table"), host=f"<@{table.host_id}>"))
            module = table.module
            low = seat_range(table)[0]
            if len(table.lobby) < low:
                raise IllegalAction(Text(N_("{game} needs at least {low} seated players; {seated} seated so far"),
                                         game=table.game, low=low, seated=len(table.lobby)))
            clients = await self.client_seeds.of(table.guild_id, [seat.player for seat in table.lobby])
            opening: list[Event] = []  # the first deal's events (the blinds posted, the upcard…): told with the start
            state = module.new(table.options, list(table.lobby), fair=fair.first_dealer(table.extra, clients),
                               opening=opening)
            state_json = dumps(module.to_dict(state))
            extra = fair.started_notes(table.extra, state)
            async with self._transaction(table) as tx:
                await tx.execute(
                    "UPDATE tables SET status='active', start_seats=?, state=?, version=0, seated=?, extra=? WHERE id=?",
                    (dumps([dataclasses.asdict(s) for s in table.lobby]), packed_state(state_json),
                     dumps(list(module.players(state))), dumps(extra), table.id),
                )
                for event in opening:  # a deal annulled as it was dealt (a petit sec) is committed and revealed
                    if event.kind in ("deal_committed", "deal_revealed"):
                        await self._record_deal(tx, table, event, version=0)
                for deal in module.deals_in_play(state):  # a commitment recorded above is not recorded twice
                    await self._record_deal(tx, table, fairness.committed(deal), version=0)
            table.status, table.version = "active", 0  # the game's moves count from 0 (the lobby's writes did before)
            table.set_state(state, state_json)
            table.extra = extra
            table.extra["players"] = list(module.players(state))
            self._seats_changed(table)
            self._arm(table)
            await self._write_deadline(table)
        await self._notify(table, [Event("started", {}), *opening], origin)
        self._schedule_computers(table)

    @retried_on_conflict
    async def end(self, table: Table, by: int, may_manage: bool, origin: Any = None) -> dict[int, int]:
        """End the table at the host's or a manager's word: a round whose cards are out is played
        out by the timers' defaults and settled first (no free way out of a losing hand), then
        every chip goes back to its player. Returns what each got back."""
        async with self._hold(table):
            self._require_open(table)
            if by != table.host_id and not may_manage:
                raise IllegalAction(Text(N_("only the host or a member with Manage Server can end the table")))
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
        await tx.close_ledger(table.id)
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

    async def kick(self, table: Table, by: int, member: int, may_manage: bool, origin: Any = None) -> None:
        if by != table.host_id and not may_manage:
            raise IllegalAction(Text(N_("only the host or a member with Manage Server can remove a player")))
        if member == by:
            raise IllegalAction(Text(N_("use /table leave to leave the table yourself")))
        await self.leave(table, member, origin)

    async def member_left_server(self, guild_id: int, member: int) -> None:
        """A member who leaves the server leaves every table there, as /table leave."""
        for table in [t for t in self.by_channel.values() if t.guild_id == guild_id]:
            if table.seated(member):
                try:
                    await self.leave(table, member)
                except IllegalAction as refusal:
                    log.info("member %s could not leave table %s: %s", member, table.id, refusal.reason)
