"""/wallet, /daily, /leaderboard and /count."""

from __future__ import annotations

import asyncio
from fractions import Fraction

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n, records
from bot.client import TarotBot
from bot.i18n import N_, _, ngettext, pgettext
from cogs.answers import render_words
from cogs.common import COLOUR, GAME_TITLES, Drawing, game_title, png_file, refuse, reply, said_deal
from cogs.records import counted, date_of, record_word, unit_of
from games import counting
from games.base import IllegalAction, Text
from games.cards import Card, CardParseError, parse_cards
from renders.count import render_pile
from renders.french_tarot import METHODS

PERIOD_WORDS = {"day": N_("day"), "week": N_("week"), "month": N_("month"), "all": N_("all")}
MEASURE_WORDS = {"net": N_("net"), "win rate": N_("win rate")}  # "wins": `measure_word`
RECORD_WORDS = (N_("round"), N_("game"))  # record_word's, said with _() ("hand" by `said_deal`, in its context)
FRACTION_GLYPHS = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}


def measure_word(by: str) -> str:
    """What a leaderboard ranks by, in the language spoken now: "wins" has a context of its own
    (a count of won games, French "victoires"; alone it is a winner's badge, "gagne")."""
    return pgettext("leaderboard measure", "wins") if by == "wins" else _(MEASURE_WORDS.get(by, by))


def standing_text(standing: records.Standing, by: str, word: str, unit: str) -> str:
    """A member's line of a game's leaderboard, the measure ranked by first."""
    played, net = counted(standing.played, word), counted(standing.net, unit, signed=True)
    if by == "wins":
        return _("{won:,} won of {played}, {net}", won=standing.won, played=played, net=net)
    if by == "win rate":
        return _("{rate} won ({won:,} of {played}), {net}", rate=i18n.percent(standing.win_rate), won=standing.won,
                 played=played, net=net)
    return _("{net} over {played}", net=net, played=played)


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
        raise IllegalAction(Text(N_("{error}. Write cards like `KC 10S 16r 0` or by name: `king of cups, the tower "
                                    "reversed, excuse`"), error=error.text)) from None
    if not pile:
        raise IllegalAction(Text(N_("name at least one card, e.g. `KC 21 0`")))
    if len(pile) > limit:
        raise IllegalAction(Text(N_("a pile holds at most {limit} cards; you named more"), limit=limit))
    seen: set[Card] = set()
    for card in pile:
        if card.face in seen:
            raise IllegalAction(Text(N_("{card} is named twice: a pile holds each card once"), card=card.face.code))
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
            await refuse(interaction, _("bots have no wallet"))
            return
        chips = await self.bot.economy.wallet(interaction.guild_id or 0, who.id)
        if who.id == interaction.user.id:
            await reply(interaction, _("You have **{chips}** chips on this server.", chips=chips))
        else:
            await reply(interaction, _("{member} has **{chips}** chips on this server.", member=who.display_name,
                                       chips=chips))

    @app_commands.command(name="daily", description="Collect your daily chips (once every 20 hours)")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        try:
            grant = await self.bot.economy.daily(interaction.guild_id or 0, interaction.user.id)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await reply(interaction,
            _("+{amount} chips: you have **{balance}**. Next daily {when}.", amount=grant.amount, balance=grant.balance,
              when=f"<t:{int(grant.next_at)}:R>"),
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
                await refuse(interaction, _("choose a game to rank by period or by net, wins or win rate: without a "
                                            "game the leaderboard ranks the chips in wallets"))
                return
            rows = await self.bot.economy.richest(guild_id)
            lines = [f"{i}. <@{user}> — {i18n.chips(chips)}" for i, (user, chips) in enumerate(rows, 1)]
            embed = discord.Embed(title=_("Richest players"), colour=COLOUR, description="\n".join(lines) or _("Nobody yet."))
        else:
            embed = await self._game_board(guild_id, game, period.value if period else "all", by.value if by else "net")
        await reply(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def _game_board(self, guild_id: int, game: app_commands.Choice[str], period: str, by: str) -> discord.Embed:
        today = records.day_of(discord.utils.utcnow().timestamp())
        rows = await records.leaderboard(self.bot.tables.store, guild_id, game.value, period, by, today)
        word, unit = record_word(game.value), unit_of(game.value)
        lines = [f"{i}. <@{r.player}> — {standing_text(r, by, word, unit)}" for i, r in enumerate(rows, 1)]
        since = _("all time") if period == "all" else _("since {date} (UTC)", date=date_of(today - records.PERIODS[period] + 1))
        name, measure = game_title(game.value), measure_word(by)
        nobody = _("Nobody has finished a {word} of {game} here yet.", word=said_deal(word), game=name) if period == "all" \
            else _("Nobody has finished a {word} of {game} here in that time.", word=said_deal(word), game=name)
        if by == "win rate":
            rule = _("Win rate ranks members with at least {rounds} {since}",
                     rounds=counted(records.WIN_RATE_MIN_ROUNDS, word), since=since)
            lines.append(f"\n*{rule}.*" if lines else "")
            nobody = _("{rule}: nobody has finished that many of {game} here.", rule=rule, game=name)  # said once
        title = _("Best at {game}", game=name) + ("" if period == "all" and by == "net" else _(
            " — {period}, by {measure}", period=_(PERIOD_WORDS.get(period, period)), measure=measure))
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines).strip() or nobody)
        embed.set_footer(text=f"{since[0].upper()}{since[1:]} · " + _("by {measure}", measure=measure))
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
        embed = discord.Embed(title=ngettext("{n} card counted in groups of {group}", "{n} cards counted in groups of {group}",
                                             len(pile), group=group), colour=COLOUR)
        for name in methods:
            working = counting.count_working(pile, group, name)
            total = sum((value for _, value in working), Fraction(0))
            steps = " + ".join(fraction_text(value) for _, value in working)
            embed.add_field(name=i18n.labelled(_(METHODS.get(name, name)), fraction_text(total)), value=steps[:1024] or "0",
                            inline=False)
        shown = counting.count_working(pile, group, methods[0])
        groups = [([c.code for c in cards_], fraction_text(value)) for cards_, value in shown]
        total = counting.count(pile, group=group, method=methods[0])
        image = await Drawing(render_pile, groups, _("{points} points", points=fraction_text(total)),
                              words=render_words("common")).draw()  # in the drawing pool
        embed.description = _("Total: **{points}** points", points=fraction_text(total))
        embed.set_image(url="attachment://pile.png")
        await reply(interaction, embed=embed, file=png_file(image, "pile.png"))


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Economy(bot))
