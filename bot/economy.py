"""Chips: a wallet per (server, member), the starting grant, /daily, the house account, and the
conservation check (wallets + table chips + house = grants)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.config import Config
from bot.store import Store
from games.base import N_, IllegalAction, Text


@dataclass(frozen=True)
class DailyGrant:
    amount: int
    balance: int
    next_at: float


class Economy:
    def __init__(self, store: Store, config: Config, clock: Callable[[], float]) -> None:
        self.store = store
        self.config = config
        self.clock = clock

    async def wallet(self, guild_id: int, user_id: int) -> int:
        """The member's chips, opening the wallet with the starting grant the first time."""
        chips = await self.store.wallet(guild_id, user_id)
        if chips is not None:
            return chips
        async with self.store.transaction() as tx:
            return await tx.ensure_wallet(guild_id, user_id, self.config.starting_chips, self.clock())

    async def daily(self, guild_id: int, user_id: int) -> DailyGrant:
        cooldown = self.config.daily_cooldown_hours * 3600
        now = self.clock()
        async with self.store.transaction() as tx:
            await tx.ensure_wallet(guild_id, user_id, self.config.starting_chips, now)
            row = await tx.fetchone(
                "SELECT last_daily FROM wallets WHERE guild_id=? AND user_id=?", (guild_id, user_id)
            )
            last = row[0]
            if last is not None and now - last < cooldown:
                raise IllegalAction(Text(N_("your daily chips are not ready yet: come back {when}"),
                                         when=f"<t:{int(last + cooldown)}:R>"))
            amount = self.config.daily_chips
            balance = await tx.move_wallet(guild_id, user_id, amount)
            await tx.execute(
                "UPDATE wallets SET last_daily=? WHERE guild_id=? AND user_id=?", (now, guild_id, user_id)
            )
            await tx.record_grant(guild_id, user_id, amount, "daily", now)
        return DailyGrant(amount, balance, now + cooldown)

    async def richest(self, guild_id: int, limit: int = 10) -> list[tuple[int, int]]:
        rows = await self.store.fetchall(
            "SELECT user_id, chips FROM wallets WHERE guild_id=? ORDER BY chips DESC, user_id LIMIT ?",
            (guild_id, limit),
        )
        return [(row[0], row[1]) for row in rows]

    async def ledger(self, guild_id: int) -> tuple[int, int, int]:
        """(wallets, house, granted) for a server: with the chips at its tables, wallets +
        tables + house must equal granted."""
        wallets = await self.store.fetchone(
            "SELECT COALESCE(SUM(chips), 0) FROM wallets WHERE guild_id=?", (guild_id,)
        )
        house = await self.store.fetchone("SELECT COALESCE(SUM(chips), 0) FROM house WHERE guild_id=?", (guild_id,))
        granted = await self.store.fetchone(
            "SELECT COALESCE(SUM(amount), 0) FROM grants WHERE guild_id=?", (guild_id,)
        )
        return wallets[0], house[0], granted[0]
