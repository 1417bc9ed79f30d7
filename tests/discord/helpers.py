"""Playing through SimCord as people do: slash commands, the buttons on the latest messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.tables import Table
from tests.seeds import predict


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    members: list[Any]

    @property
    def bot(self) -> Any:
        return self.env.bot

    def table(self) -> Table:
        table = self.bot.tables.table_in(self.channel.id)
        assert table is not None, "no table in the channel"
        return table


def make_world(env: Any, names: tuple[str, ...] = ("alice", "bob"), channel: str = "casino") -> World:
    guild = env.create_guild()
    room = guild.create_text_channel(channel)
    members = [guild.add_member(env.create_user(name)) for name in names]
    return World(env, guild, room, members)


def buttons(message: discord.Message) -> dict[str, discord.ui.Button]:
    """Label → button of a message's components."""
    found: dict[str, Any] = {}
    for row in message.components:
        for item in getattr(row, "children", []):
            if getattr(item, "label", None):
                found[item.label] = item
    return found


def latest_with_buttons(channel: Any, *labels: str) -> discord.Message:
    """The newest message in the channel offering all these buttons."""
    for message in reversed(channel.history()):
        offered = buttons(message)
        if all(label in offered for label in labels):
            return message
    raise AssertionError(f"no message offers {labels}")


def table_message(world: World, table: Table | None = None) -> discord.Message:
    """The table's message (`table`: one that has ended, so is no longer the channel's)."""
    message_id = (table or world.table()).extra.get("table_message")
    for message in world.channel.history():
        if message.id == message_id:
            return message
    raise AssertionError("the table message is not in the channel")


def private_text(result: Any) -> str:
    """What an interaction answered privately (its response or first follow-up). A deferred
    click's response is the clicked message itself (edited in place), not an answer."""
    own = result.response if result.response and not clicked_message_kept(result) else None
    messages = ([own] if own else []) + list(result.followups)
    assert messages, "the bot did not answer"
    assert all(m.ephemeral for m in messages), "a refusal must be private"
    return " ".join(m.content for m in messages)


def clicked_message_kept(result: Any) -> bool:
    """Whether the interaction was acknowledged by a deferral of the clicked message's update
    (SimCord then shows that message as the response)."""
    return str(getattr(result._interaction, "response_kind", "")).endswith("deferred_update")


async def open_table(world: World, game: str, seed: int | None = None, **options: Any) -> Table:
    host, *guests = world.members
    if seed is not None:
        predict(seed)  # the deals the rules alone gave for this seed
    result = await host.slash(world.channel, f"{game} create", **options)
    assert result.response is not None and "open" in result.response.content
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    for guest in guests:
        await guest.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    table = world.table()
    assert table.active
    return table


async def wallet(world: World, member: Any) -> int:
    return await world.bot.economy.wallet(world.guild.id, member.id)


async def ledger_balances(world: World) -> None:
    """Every chip is somewhere: wallets + house + tables = granted."""
    wallets, house, granted = await world.bot.economy.ledger(world.guild.id)
    at_tables = sum(t.chips_at_table() for t in world.bot.tables.by_channel.values()
                    if t.guild_id == world.guild.id)
    assert wallets + house + at_tables == granted


def snapshot(world: World) -> Any:
    """The channel's table as stored: state, version and lobby (None: no table)."""
    table = world.bot.tables.table_in(world.channel.id)
    return None if table is None else (table.state_json(), table.version, tuple(table.lobby))


async def refused(world: World, action: Any, *fragments: str) -> str:
    """Awaits `action` (a command or click) and checks it was refused privately, saying each
    fragment, with the table and every chip unchanged. Returns what was said."""
    before = snapshot(world)
    ledger = await world.bot.economy.ledger(world.guild.id)
    text = private_text(await action)
    for fragment in fragments:
        assert fragment.lower() in text.lower(), text
    assert snapshot(world) == before
    assert await world.bot.economy.ledger(world.guild.id) == ledger
    return text


def reread(channel: Any, message: discord.Message) -> discord.Message:
    """The message as it is now (edited since it was read), from its channel's history."""
    return next(m for m in channel.history() if m.id == message.id)


def steps_on(message: discord.Message) -> set[str]:
    """The table steps the controls of a message carry (tt:<table>:<step>:<code>)."""
    steps = set()
    for row in message.components:
        for item in getattr(row, "children", []):
            parts = str(getattr(item, "custom_id", "")).split(":")
            if len(parts) == 4 and parts[0] in ("tt", "ts"):
                steps.add(parts[2])
    return steps


async def stale_step_refused(world: World, member: Any, step: str, action: dict) -> None:
    """A click that raced an edit (its button from an earlier step) is refused, changing nothing."""
    from games.base import IllegalAction

    before = snapshot(world)
    try:
        await world.bot.tables.act(world.table(), member.id, action, step=step)
    except IllegalAction as refusal:
        assert "earlier turn" in refusal.reason
    else:
        raise AssertionError("a move from an earlier step was accepted")
    assert snapshot(world) == before


async def first_poker_hand_folded(world: World) -> tuple[Table, Any]:
    """A two-member poker table whose first hand ended at once (the member to act folded): the
    table and that hand's deal, over and revealed."""
    table = await open_table(world, "poker", timer=0)
    [first] = table.module.deals_in_play(table.state)
    player = table.module.pending(table.state)[0]
    await next(m for m in world.members if m.id == player).slash(world.channel, "poker fold")
    return table, first
