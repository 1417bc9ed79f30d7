"""/wallet, /daily, /leaderboard and /count."""

from __future__ import annotations

import asyncio
from fractions import Fraction

import discord
from discord import app_commands
from discord.ext import commands

from bot import records
from bot.client import TarotBot
from cogs.common import COLOUR, GAME_TITLES, Drawing, png_file, refuse, reply
from cogs.records import date_of, record_word, unit_of
from games import counting
from games.base import IllegalAction, plural
from games.cards import Card, CardParseError, parse_cards
from renders.count import render_pile

FRACTION_GLYPHS = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}


def standing_text(standing: records.Standing, by: str, word: str, unit: str) -> str:
    """A member's line of a game's leaderboard, the measure ranked by first."""
    played = plural(standing.played, word)
    if by == "wins":
        return f"{standing.won:,} won of {played}, {plural(standing.net, unit, signed=True)}"
    if by == "win rate":
        return f"{standing.win_rate:.0%} won ({standing.won:,} of {played}), {plural(standing.net, unit, signed=True)}"
    return f"{plural(standing.net, unit, signed=True)} over {played}"


def fraction_text(value: Fraction) -> str:
    """`3½`, `-⅓`, `91`, `2 3/5`: a whole part and a readable fraction."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return f"{sign}{whole}"
    glyph = FRACTION_GLYPHS.get((rest, value.denominator))
    if glyph:
        return f"{sign}{whole or ''}{glyph}"
    part = f"{rest}/{value.denominator}"
    return f"{sign}{whole} {part}" if whole else f"{sign}{part}"


def read_pile(text: str, limit: int) -> list[Card]:
    try:
        pile = parse_cards(text, most=limit)
    except CardParseError as error:
        raise IllegalAction(
            f"{error}. Write cards like `KC 10S 16r 0` "
            "or by name: `king of cups, the tower reversed, excuse`"
        ) from None
    if not pile:
        raise IllegalAction("name at least one card, e.g. `KC 21 0`")
    if len(pile) > limit:
        raise IllegalAction(f"a pile holds at most {limit} cards; you named more")
    seen: set[Card] = set()
    for card in pile:
        if card.face in seen:
            raise IllegalAction(f"{card.face.code} is named twice: a pile holds each card once")
        seen.add(card.face)
    return pile


class Economy(commands.Cog):
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @app_commands.command(name="wallet", description="Chips in your (or a member's) wallet on this server")
    @app_commands.guild_only()
    async def wallet(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        who = member or interaction.user
        if who.bot:
            await refuse(interaction, "bots have no wallet")
            return
        chips = await self.bot.economy.wallet(interaction.guild_id or 0, who.id)
        whose = "You have" if who.id == interaction.user.id else f"{who.display_name} has"
        await reply(interaction, f"{whose} **{chips}** chips on this server.")

    @app_commands.command(name="daily", description="Collect your daily chips (once every 20 hours)")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        try:
            grant = await self.bot.economy.daily(interaction.guild_id or 0, interaction.user.id)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction,
            f"+{grant.amount} chips: you have **{grant.balance}**. Next daily <t:{int(grant.next_at)}:R>.",
        )

    @app_commands.command(name="leaderboard", description="Top players on this server: chips, or a game's results")
    @app_commands.describe(game="A game's ranking (default: the richest wallets)",
                           period="Over the last day, week or month (UTC days), or all time",
                           by="Rank by net result, rounds won, or win rate")
    @app_commands.guild_only()
    @app_commands.choices(game=[app_commands.Choice(name=t, value=k) for k, t in GAME_TITLES.items()],
                          period=[app_commands.Choice(name=p, value=p) for p in (*records.PERIODS, "all")],
                          by=[app_commands.Choice(name=m, value=m) for m in records.MEASURES])
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None,
                          by: app_commands.Choice[str] | None = None) -> None:
        guild_id = interaction.guild_id or 0
        if game is None:
            if period is not None or by is not None:
                await refuse(interaction, "choose a game to rank by period or by net, wins or win rate: "
                                          "without a game the leaderboard ranks the chips in wallets")
                return
            rows = await self.bot.economy.richest(guild_id)
            lines = [f"{i}. <@{user}> — {plural(chips, 'chip')}" for i, (user, chips) in enumerate(rows, 1)]
            embed = discord.Embed(title="Richest players", colour=COLOUR, description="\n".join(lines) or "Nobody yet.")
        else:
            embed = await self._game_board(guild_id, game, period.value if period else "all", by.value if by else "net")
        await reply(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def _game_board(self, guild_id: int, game: app_commands.Choice[str], period: str, by: str) -> discord.Embed:
        today = records.day_of(discord.utils.utcnow().timestamp())
        rows = await records.leaderboard(self.bot.tables.store, guild_id, game.value, period, by, today)
        word, unit = record_word(game.value), unit_of(game.value)
        lines = [f"{i}. <@{r.player}> — {standing_text(r, by, word, unit)}" for i, r in enumerate(rows, 1)]
        since = "all time" if period == "all" else f"since {date_of(today - records.PERIODS[period] + 1)} (UTC)"
        nobody = f"Nobody has finished a {word} of {game.name} here {'yet' if period == 'all' else 'in that time'}."
        if by == "win rate":
            rule = f"Win rate ranks members with at least {records.WIN_RATE_MIN_ROUNDS} {word}s {since}"
            lines.append(f"\n*{rule}.*" if lines else "")
            nobody = f"{rule}: nobody has finished that many of {game.name} here."  # said once, not twice
        title = f"Best at {game.name}" + ("" if period == "all" and by == "net" else f" — {period}, by {by}")
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines).strip() or nobody)
        embed.set_footer(text=f"{since[0].upper()}{since[1:]} · by {by}")  # the date as written above
        return embed

    @app_commands.command(name="count", description="Count a pile of cards' points as tarot games do")
    @app_commands.describe(cards="Cards like `KC 10S 16r 0` or names, comma-separated",
                           group="Cards per group (1-4)", method="Counting method")
    @app_commands.choices(method=[app_commands.Choice(name=m, value=m) for m in ("all", *counting.METHODS)])
    async def count(self, interaction: discord.Interaction, cards: str,
                    group: app_commands.Range[int, 1, 4] = 2,
                    method: app_commands.Choice[str] | None = None) -> None:
        chosen = method.value if method else "all"
        try:
            pile = await asyncio.to_thread(read_pile, cards, self.bot.config.max_count_cards)  # up to 1,500 characters
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        methods = counting.METHODS if chosen == "all" else (chosen,)
        embed = discord.Embed(title=f"{plural(len(pile), 'card')} counted in groups of {group}", colour=COLOUR)
        for name in methods:
            working = counting.count_working(pile, group, name)
            total = sum((value for _, value in working), Fraction(0))
            steps = " + ".join(fraction_text(value) for _, value in working)
            embed.add_field(name=f"{name}: {fraction_text(total)}", value=steps[:1024] or "0", inline=False)
        shown = counting.count_working(pile, group, methods[0])
        groups = [([c.code for c in cards_], fraction_text(value)) for cards_, value in shown]
        total = counting.count(pile, group=group, method=methods[0])
        image = await Drawing(render_pile, groups, f"{fraction_text(total)} points").draw()  # in the drawing pool
        embed.description = f"Total: **{fraction_text(total)}** points"
        embed.set_image(url="attachment://pile.png")
        await reply(interaction, embed=embed, file=png_file(image, "pile.png"))


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Economy(bot))
