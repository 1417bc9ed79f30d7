"""/table (join, leave, start, status, end, kick, spectate), /hand, /rules, /history, /verify, the
lobby and move buttons that outlive restarts, and the presenter that shows every committed move."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import drawing, fair
from bot.client import TarotBot
from bot.i18n import N_, _, deal_label, ngettext
from bot.i18n import translated as tr
from bot.retention import retention_words
from bot.tables import Table
from bot.verify import Verdict, record_of, verify
from cogs.common import (
    COLOUR,
    DEAL_WORDS,
    GAME_TITLES,
    MAX_SPECTATORS,
    UIS,
    GameButton,
    GameSelect,
    answered,
    deal_word,
    find_table,
    game_title,
    may_manage,
    names_for,
    png_file,
    refuse,
    refuse_oversized_input,
    refuse_unknown_control,
    refuse_unknown_form,
    render,
    reply,
    sat_in_words,
    table_choices,
)
from cogs.fair import json_file
from cogs.option_words import LEVELS_RULE, level_line
from cogs.presenter import LobbyButton, Presenter
from cogs.records import record_word
from cogs.vanished import end_tables_in_vanished_channels, end_tables_of_vanished
from games import fairness
from games.base import DealSeed, HandRecord, IllegalAction
from games.registry import GAMES
from renders import warm_up

log = logging.getLogger(__name__)
MAX_BUY_IN = 1_000_000_000
ROUTED_ITEMS = (GameButton, GameSelect, LobbyButton)
PAST_RETENTION = N_("Past retention: this hand's seed is no longer on record and /verify cannot check it "
                    "({kept}).")
# A game without chips ended: by what its records count (cogs.records.record_word), each sentence
# whole, so that a language agrees its words with the hand, round or game.
UNRECORDED_ENDS = {
    "hand": N_("The table is ended: play stops where it is, and the unfinished hand counts in no one's record."),
    "round": N_("The table is ended: play stops where it is, and the unfinished round counts in no one's record."),
    "game": N_("The table is ended: play stops where it is, and the unfinished game counts in no one's record."),
}
HISTORY_SHOWN = 5  # hands in one /history answer: five full fields stay under an embed's 6,000 characters
FIELD_LIMIT = 1024


class Tables(commands.Cog):
    table = app_commands.Group(name="table", description="Join, leave, start and run the table in this channel",
                               guild_only=True)

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        self.presenter = Presenter(bot)

    async def cog_load(self) -> None:
        self.bot.tables.listeners.append(self.presenter.on_table_event)
        self.bot.add_dynamic_items(*ROUTED_ITEMS)
        self.bot.tree.checks.append(refuse_oversized_input)
        if not drawing.current.processes:  # drawn here: the first table image is then as quick as the rest
            await asyncio.to_thread(warm_up)  # (worker processes warm themselves up)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Controls and forms no handler takes get a private answer, never silence."""
        await answered(interaction, refuse_unknown_control(interaction, ROUTED_ITEMS))
        await answered(interaction, refuse_unknown_form(interaction))

    async def cog_unload(self) -> None:
        self.bot.tables.listeners.remove(self.presenter.on_table_event)
        self.bot.remove_dynamic_items(*ROUTED_ITEMS)
        self.bot.tree.checks.remove(refuse_oversized_input)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        await self.bot.tables.member_left_server(payload.guild_id, payload.user.id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.bot.tables.end_tables_in(channel.id, "its channel was deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.bot.tables.end_tables_in(payload.thread_id, "its thread was deleted")

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await end_tables_of_vanished(self.bot)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await end_tables_in_vanished_channels(self.bot, guild)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        ended = await self.bot.tables.end_tables_of_guild(guild.id, "the server removed the bot")
        if ended:
            log.info("server %s removed the bot: %d tables ended", guild.id, ended)

    @table.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(buy_in="Chips to bring from your wallet (betting games)")
    async def join(self, interaction: discord.Interaction, buy_in: app_commands.Range[int, 1, MAX_BUY_IN] | None = None) -> None:
        try:
            table = await find_table(interaction, None)
            events = await self.bot.tables.join(table, interaction.user.id, buy_in, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        back = any(e.kind == "sitin" for e in events)
        await reply(interaction,
            sat_in_words(table) if back else _("You're seated at the {game} table.", game=game_title(table.game)))

    @table.command(name="leave", description="Leave this channel's table (your chips, if any, go back to your wallet)")
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            table = await find_table(interaction, None)
            await self.bot.tables.leave(table, interaction.user.id, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        still, chips = table.seated(interaction.user.id), table.module.CHIPS
        if still:
            text = _("You'll leave at the end of this {deal}", deal=deal_word(table.game)) \
                + (_("; your chips follow you then.") if chips else ".")
        else:
            text = _("You've left the table") + (_("; your chips are back in your wallet.") if chips else ".")
        await reply(interaction, text)

    @table.command(name="start", description="Host: start play")
    async def start(self, interaction: discord.Interaction) -> None:
        try:
            table = await find_table(interaction, None)
            await self.bot.tables.start(table, interaction.user.id, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction, _("The game is on."))

    @table.command(name="status", description="The table as it stands, just for you")
    async def status(self, interaction: discord.Interaction) -> None:
        try:
            table = await find_table(interaction, None)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction, **await self._public_snapshot(table))

    async def _public_snapshot(self, table) -> dict:
        if not table.active:
            return {"embed": self.presenter._lobby_embed(table)}
        from cogs.common import UIS

        ui, view, names = UIS[table.game], table.view(None), names_for(self.bot, table)
        image = await render(ui, view, names, getattr(table.options, "style", "rws"))
        lines = [*ui.status_lines(table, view, names), *filter(None, [level_line(table.options)]),
                 *commitment_lines(view, fair.next_commitment(table), fair.next_nonce(table))]
        embed = discord.Embed(title=game_title(table.game), colour=COLOUR, description="\n".join(lines)[:4000])
        embed.set_image(url="attachment://table.png")
        return {"embed": embed, "file": png_file(image)}

    @table.command(name="end", description="Host or Manage Server: end the table (a dealt round is played out first)")
    async def end(self, interaction: discord.Interaction) -> None:
        try:
            table = await find_table(interaction, None)
            dealt = round_in_play(table)
            refunds = await self.bot.tables.end(table, interaction.user.id, may_manage(interaction), origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction, ended_text(table, refunds.get(interaction.user.id), dealt))

    @table.command(name="kick", description="Host or Manage Server: remove a player from the table")
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        try:
            table = await find_table(interaction, None)
            await self.bot.tables.kick(table, interaction.user.id, member.id, may_manage(interaction), origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction, _("{member} is off the table.", member=member.display_name))

    @table.command(name="spectate", description="Watch this table (pinged on each new hand); again to stop watching")
    async def spectate(self, interaction: discord.Interaction) -> None:
        try:
            table = await find_table(interaction, None)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        watchers = table.extra.setdefault("spectators", [])
        if interaction.user.id in watchers:
            watchers.remove(interaction.user.id)
            await self.bot.tables.save_extra(table)
            await reply(interaction,
                _("You've stopped watching this table: new hands won't ping you. /table spectate again to watch."))
            return
        if len(watchers) >= MAX_SPECTATORS:
            await refuse(interaction, _("this table already has {count} spectators, the most it pings; you can still "
                                        "follow it in this channel", count=MAX_SPECTATORS))
            return
        watchers.append(interaction.user.id)
        await self.bot.tables.save_extra(table)
        await reply(interaction,
            content=_("You're watching: each new hand's table message will ping you. /table spectate again stops it."),
            **await self._public_snapshot(table))

    @app_commands.command(name="hand", description="Your private hand at this channel's table, with its controls")
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            table = await find_table(interaction, None)
            if not table.active:
                raise IllegalAction(_("the game has not started yet"))
            if not table.seated(interaction.user.id):
                raise IllegalAction(_("you are not seated at this table: /table join takes a seat"))
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await self.presenter.answer_hand(interaction, table)

    @app_commands.command(name="rules", description="The rules of a game, in short")
    @app_commands.choices(game=[app_commands.Choice(name=title, value=key) for key, title in GAME_TITLES.items()])
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        rules = UIS[game.value].rules
        text = _(rules) if rules else ""
        if hasattr(GAMES[game.value], "computer_action"):
            text += "\n" + _(LEVELS_RULE)
        here = self.bot.tables.table_in(interaction.channel_id or 0)
        if here is not None and here.game == game.value and hasattr(here.options, "variant"):
            variant = here.options.variant
            text += "\n" + (_("The table in this channel plays **{variant}** with GAZA.", variant=variant)
                            if getattr(here.options, "gaza", False)
                            else _("The table in this channel plays **{variant}**.", variant=variant))
        embed = discord.Embed(title=game_title(game.value), colour=COLOUR, description=text)
        await reply(interaction, embed=embed)

    @app_commands.command(name="history",
                          description="Your last hands at this channel's table: cards, moves, result, seeds once over")
    @app_commands.describe(table="In a DM: which of your tables")
    async def history(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            found = await self._history_table(interaction, table)
            records = self._records(found, interaction.user.id)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        revealed = await self._fill_revealed(found, records)
        gone = await self._past_retention(records[-HISTORY_SHOWN:])
        past = _(PAST_RETENTION, kept=retention_words(self.bot.config.keep_days))
        rounds = DEAL_WORDS.get(found.game) == "round"
        title = _("{game} — your last rounds", game=game_title(found.game)) if rounds \
            else _("{game} — your last hands", game=game_title(found.game))
        embed = discord.Embed(title=title, colour=COLOUR)
        for record in reversed(records[-HISTORY_SHOWN:]):
            text = record_text(record, past if any(d["commitment"] in gone for d in record["deals"]) else "", revealed)
            name = _("Round {number}", number=record["hand"]) if rounds else _("Hand {number}", number=record["hand"])
            embed.add_field(name=name, value=text, inline=False)
        footer = _("Table {number} (ended)", number=found.id) if found.status == "ended" \
            else _("Table {number}", number=found.id)
        embed.set_footer(text=footer + _(" · /verify seed checks a seed against its commitment and re-deals its "
                                         "cards; deals.json holds each deal's whole record (docs/verify_deal.py "
                                         "re-deals it)"))
        shown = [revealed[d["commitment"]] for r in records[-HISTORY_SHOWN:] for d in r["deals"]
                 if d["commitment"] in revealed]
        await reply(interaction, embed=embed, files=[json_file("deals.json", shown)] if shown else None)

    async def _fill_revealed(self, table: Table, records: list[HandRecord]) -> dict[str, dict[str, Any]]:
        """The records of the deals that are over (rules/fairness.md), by commitment, from the
        store; seeds revealed when the table ended (its last hand or shoe) are filled in."""
        rows = await self.bot.tables.store.revealed_deals(table.id)
        revealed = {commitment: record_of(row) for commitment, row in rows.items()}
        for record in records:
            for deal in record["deals"]:
                deal["seed"] = deal["seed"] or (revealed[deal["commitment"]]["seed"]
                                                if deal["commitment"] in revealed else None)
        return revealed

    async def _past_retention(self, records: list[HandRecord]) -> set[str]:
        """The deals of these hands that the store no longer holds: pruned, past retention (see
        bot/retention.py; every deal is recorded when it starts)."""
        commitments = {d["commitment"] for r in records for d in r["deals"]}
        if not commitments or self.bot.config.keep_days <= 0:
            return set()
        return commitments - await self.bot.tables.store.deals_on_record(commitments)

    @app_commands.command(name="verify",
                          description="Check a revealed seed: its commitment, and the cards it re-deals")
    @app_commands.describe(seed="A seed /history showed once its hand (or shoe) was over")
    @app_commands.guild_only()
    async def verify(self, interaction: discord.Interaction, seed: str) -> None:
        try:
            verdict = await verify(self.bot.tables.store, interaction.guild_id or 0, seed, self.bot.config.keep_days)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction, verdict_text(verdict), file=json_file("deal.json", verdict.record))

    @history.autocomplete("table")
    async def history_table_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, None, current)

    async def _history_table(self, interaction: discord.Interaction, table_ref: str | None) -> Table:
        """This channel's table, or the last one that ended here; in a DM, one of the player's."""
        if interaction.guild is None or table_ref is not None:
            return await find_table(interaction, None, table_ref)
        found = await self.bot.tables.last_table_in(interaction.channel_id or 0)
        if found is None:
            keep_days = self.bot.config.keep_days
            past = _(", or the last one here closed so long ago it is past retention ({kept})",
                     kept=retention_words(keep_days))
            raise IllegalAction(_("no table has played in this channel yet") + (past if keep_days > 0 else ""))
        return found

    @staticmethod
    def _records(table: Table, player: int) -> list[HandRecord]:
        history = getattr(table.module, "history", None)
        records = history(table.state, player) if history is not None and table.state is not None else []
        if not records:
            raise IllegalAction(_("you have not finished a hand at this table yet"))
        return records


def round_in_play(table: Table) -> bool:
    """Whether ending the table now plays out a round whose cards are dealt (bets in an open
    betting window have seen no card: they simply go back)."""
    to_settle = getattr(table.module, "round_to_settle", None)
    return bool(table.active and to_settle is not None and to_settle(table.state) is not None)


def ended_text(table: Table, yours: int | None, dealt: bool) -> str:
    if not table.module.CHIPS:  # nothing is at stake but the record of a round not played to its end
        return _(UNRECORDED_ENDS[record_word(table.game)])
    ended = _("The table is ended: a round already dealt was played out by the timers' defaults and settled, and "
              "every chip at the table went back to its owner's wallet.") if dealt \
        else _("The table is ended: no cards were out, so nothing was played out; every chip at the table, bets "
               "included, went back to its owner's wallet.")
    return ended + (ngettext(" You took {n} chip back.", " You took {n} chips back.", yours) if yours else "")


def commitment_lines(view: dict, upcoming: str | None = None, nonce: int = 0) -> list[str]:
    """The deals in play and the next one, for /table status: each commitment in full."""
    lines = [_("Deal commitment ({deal}): sha256 `{hash}`", deal=deal_label(d["label"]), hash=d["commitment"])
             for d in view.get("commitments", [])]
    if upcoming:
        lines.append(_("Next deal (#{nonce}), committed: sha256 `{hash}`", nonce=str(nonce), hash=upcoming))
    return lines


def deal_line(deal: DealSeed, record: dict[str, Any] | None = None) -> str:
    label = deal_label(deal["label"])
    if not deal["seed"]:
        return _("{label}: sha256 `{hash}` · the seed is shown once it is over", label=label, hash=deal["commitment"])
    line = _("{label}: seed `{seed}` · sha256 `{hash}`", label=label, seed=deal["seed"], hash=deal["commitment"])
    if record is not None and record["scheme"] == fairness.SCHEME:
        line += _(" · {scheme} · nonce {nonce} · client `{client}`", scheme=record["scheme"], nonce=str(record["nonce"]),
                  client=record["client"] or _("(none)"))
    elif record is not None:
        line += f" · {record['scheme']}"
    return line


def verdict_text(verdict: Verdict) -> str:
    """/verify's answer: whose commitment the seed's is, how its deck was made, and whether the
    cards it re-deals are the ones played."""
    deal, game = deal_label(verdict.label), game_title(verdict.game) if verdict.game in GAME_TITLES else verdict.game
    name = _("{game} {deal} at {channel} (table {table})", game=game, deal=deal, channel=f"<#{verdict.channel_id}>",
             table=str(verdict.table_id)) if verdict.channel_id \
        else _("{game} {deal} (table {table})", game=game, deal=deal, table=str(verdict.table_id))
    head = _("sha256 of that seed is `{hash}`: the commitment shown for {name}.", hash=verdict.commitment, name=name)
    if verdict.refused is not None:
        return head + "\n" + _("❌ Refused, nothing re-dealt: {reason} (the whole record: deal.json).",
                               reason=tr(verdict.refused))
    if verdict.scheme == fairness.SCHEME:
        head += "\n" + _("Scheme `{scheme}` · nonce {nonce} · client string `{client}` · unshuffled deck: {deck} (the "
                         "whole record: deal.json)", scheme=verdict.scheme, nonce=str(verdict.record["nonce"]),
                         client=verdict.record["client"] or _("(none: computers only)"),
                         deck=tr(fairness.made_words(verdict.record)))
    else:
        head += "\n" + _("Scheme `{scheme}` (the shuffle before `{current}`)", scheme=verdict.scheme,
                         current=fairness.SCHEME)
    if verdict.matches:
        return head + "\n" + ngettext("✅ Matches: re-dealt {n} card, the same as the cards played in {deal}.",
                                      "✅ Matches: re-dealt {n} cards, the same as the cards played in {deal}.",
                                      verdict.compared, deal=deal)
    return head + "\n" + _("❌ Does not match: card {number} of the {compared} re-dealt differs from the card played.",
                           number=str(verdict.first_difference), compared=str(verdict.compared))


def record_text(record: HandRecord, past: str = "", revealed: dict[str, dict[str, Any]] | None = None) -> str:
    """A hand for an embed field: its deals (seeds once over, with their scheme, nonce and client
    string), the cards, the result, then the moves (the middle ones left out when they do not
    fit). `past`: what to say in place of the deals of a hand past retention."""
    deals = [past] if past else [deal_line(d, (revealed or {}).get(d["commitment"])) for d in record["deals"]]
    text = "\n".join([*deals, *map(tr, record["cards"]), f"**{tr(record['result'])}**"])
    if len(text) >= FIELD_LIMIT:
        return text[:FIELD_LIMIT - 1] + "…"
    if record["actions"]:
        text += "\n" + fit_moves([tr(move) for move in record["actions"]], FIELD_LIMIT - len(text) - 1)
    return text


def fit_moves(moves: list[str], budget: int) -> str:
    """The moves joined, within `budget` characters: if they do not all fit, the first move, a
    count of those left out, and as many of the last moves as fit (the end decides the hand)."""
    joined = " · ".join(moves)
    if len(joined) <= budget:
        return joined
    tail: list[str] = []
    for move in reversed(moves[1:]):
        left_out = len(moves) - 2 - len(tail)
        if len(" · ".join([moves[0], _("… {count} more …", count=left_out), move, *tail])) > budget:
            break
        tail.insert(0, move)
    text = " · ".join([moves[0], _("… {count} more …", count=len(moves) - 1 - len(tail)), *tail])
    return text if len(text) <= budget else text[:budget - 1] + "…"


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Tables(bot))
