"""Chips moved between wallets, the table and the house in a move's transaction."""

from __future__ import annotations

import logging
from types import ModuleType
from typing import Any

from bot import records
from bot.store import (
    HOUSE_PARTY,
    InsufficientChips,
    Tx,
)
from bot.tables.model import (
    Table,
    chosen_stack,
)
from games.base import N_, Action, Event, IllegalAction, Text

log = logging.getLogger(__name__)

BUY_IN_SHORT = N_("you have {wallet} chips in your wallet, the buy-in is {stack} — try /daily")


class Chips:
    """The chips room of the table service (bot.tables.TableService)."""

    async def _buy_in(
        self, tx: Tx, guild_id: int, player: int, module: ModuleType, options: Any, buy_in: int | None
    ) -> int:
        """Chips moved from the wallet to the table for a new seat (0 for chipless games)."""
        if not module.CHIPS:
            return 0
        wallet = await tx.ensure_wallet(guild_id, player, self.config.starting_chips, self.clock())
        stack = chosen_stack(module, options, wallet, buy_in)
        if stack > wallet:
            raise IllegalAction(Text(BUY_IN_SHORT, wallet=wallet, stack=stack))
        await tx.move_wallet(guild_id, player, -stack)
        return stack

    def _refunds(self, table: Table) -> dict[int, int]:
        if not table.module.CHIPS:
            return {}
        if table.active:
            return dict(table.module.refunds(table.state))
        return {seat.player: seat.stack for seat in table.lobby}

    async def _move_chips(self, tx: Tx, table: Table, player: int, action: Action,
                          events: list[Event], chips_expected: int, version: int) -> None:
        """Within `tx`, what one applied move (the table's move `version`) moved: a buy-in,
        cash-outs, the house's share, the deals it started or ended, the players' records."""
        cashed = sum(e.data["amount"] for e in events if e.kind == "cashout")
        house_delta = chips_expected - cashed - table.chips_at_table()
        if house_delta and not getattr(table.module, "HOUSE", False):
            raise RuntimeError(f"{table.game} lost or made {house_delta} chips in {action}")
        chips: dict[int, int] = {}  # player -> chips into (out of) their wallet
        if action.get("type") == "join" and action.get("stack"):
            chips[player] = -int(action["stack"])
        for event in events:
            if event.kind in ("deal_committed", "deal_revealed"):
                await self._record_deal(tx, table, event, version)
            elif event.kind == "cashout" and event.data["amount"]:
                chips[event.data["player"]] = chips.get(event.data["player"], 0) + event.data["amount"]
        try:
            await self._move_chips_in_order(tx, table.guild_id, chips, house_delta, ledger=table.id)
        except InsufficientChips as short:
            raise IllegalAction(Text(BUY_IN_SHORT, wallet=short.have, stack=short.need)) from None
        await records.record_move(tx, table.guild_id, table.game, events, table.state, self.clock())

    @staticmethod
    async def _move_chips_in_order(tx: Tx, guild_id: int, chips: dict[int, int], house: int = 0,
                                   ledger: int | None = None) -> None:
        """Chips into (negative: out of) wallets — a computer player's (id < 0) are the house's,
        which lent them — and into the house, from the table whose chip ledger is `ledger` (its
        id; booked there). Every transaction locks the rows it changes in one order — the table,
        its deals, the wallets by player id, the house, the records by player id — so two
        transactions never wait on each other in a circle (a deadlock)."""
        into_table = {HOUSE_PARTY: 0}
        for player in sorted(chips):
            if player < 0:
                house += chips[player]
            elif chips[player] > 0:
                await tx.credit_wallet(guild_id, player, chips[player])
            elif chips[player]:
                await tx.move_wallet(guild_id, player, chips[player])
            if player > 0:
                into_table[player] = -chips[player]
        await tx.move_house(guild_id, house)
        if ledger is not None:
            into_table[HOUSE_PARTY] = -house
            await tx.book_table_chips(ledger, into_table)
