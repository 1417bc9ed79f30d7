"""/profile: a member's record on this server, in words and as a small card. The words for
records are here too, shared with /leaderboard (cogs/economy.py)."""

from __future__ import annotations

import datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n, records
from bot.client import TarotBot
from bot.i18n import N_, _, ngettext
from cogs.answers import render_words
from cogs.common import COLOUR, DEAL_WORDS, GAME_TITLES, Drawing, game_title, png_file, refuse
from games.base import NP_, plural
from games.records import ARCANOID_POWERS
from games.registry import GAMES
from games.rummy.melds import KIND_NAMES
from renders.records import GameCard, render_profile

WHOLE_GAMES = ("rummy", "arcanoid")  # their records count whole games, not hands or rounds
CONTRACT_WORDS = {"prise": N_("Prise"), "garde": N_("Garde"), "garde_sans": N_("Garde sans"),
                  "garde_contre": N_("Garde contre")}
# A count of what the records count, and the units of a net result, in the language spoken now.
COUNTED = {"hand": NP_("{n} hand", "{n} hands"), "round": NP_("{n} round", "{n} rounds"),
           "game": NP_("{n} game", "{n} games"), "point": NP_("{n} point", "{n} points"),
           "chip": NP_("{n} chip", "{n} chips"), "battle": NP_("{n} battle", "{n} battles")}
SIGNED = {"point": NP_("{n:+} point", "{n:+} points"), "chip": NP_("{n:+} chip", "{n:+} chips"),
          "battle": NP_("{n:+} battle", "{n:+} battles")}


def counted(count: int, word: str, signed: bool = False) -> str:
    """"3 hands", "+40 chips": a count of a record's word or unit, in the language spoken now."""
    forms = (SIGNED if signed else COUNTED).get(word)
    if forms is None:
        return plural(count, word, signed=signed)
    return ngettext(*forms, count)
BET_SIDES = {"player": N_("player"), "banker": N_("banker"), "tie": N_("tie")}  # baccarat's bets, by their record key
POWERS = {str(name): name for name in ARCANOID_POWERS.values()}  # an Arcanoid power as a record names it: its text
FIELD_LIMIT = 1024  # characters in an embed field's value


def record_word(game: str) -> str:
    """What one recorded round of the game is called."""
    return "game" if game in WHOLE_GAMES else DEAL_WORDS.get(game, "hand")


def unit_of(game: str) -> str:
    """What a game's net result counts: chips, battles (Arcanoid) or points."""
    if game == "arcanoid":
        return "battle"
    return "chip" if game in GAMES and GAMES[game].CHIPS else "point"


def date_of(day: int) -> str:
    return i18n.date_text(datetime.datetime.fromtimestamp(day * records.DAY, datetime.UTC).date())


def game_lines(record: records.GameRecord) -> list[str]:
    """The record of one game in words: the common figures, then the game's own."""
    word, unit = record_word(record.game), unit_of(record.game)
    outcome = _("{won}, {lost}", won=ngettext("{n:,} won", "{n:,} won", record.won),
                lost=ngettext("{n:,} lost", "{n:,} lost", record.lost))  # French: "1 gagnée, 2 perdues"
    if record.pushed or record.game in ("blackjack", "baccarat"):
        outcome += ", " + ngettext("{n} push", "{n} pushes", record.pushed)
    lines = [
        i18n.labelled(counted(record.played, word), outcome),
        _("Net {net} · biggest win {best}", net=counted(record.net, unit, signed=True), best=counted(record.best_win, unit)),
        _("Winning streak {streak} (best {best})", streak=record.streak, best=record.best_streak),
    ]
    own = own_figures(record.game, record.figures)
    return lines + ([" · ".join(own)] if own else [])


def own_figures(game: str, figures: dict[str, tuple[int, str]]) -> list[str]:
    """Each game's own figures, in words ("Deals taken 3 · made 2", "Best meld 45: …")."""
    value = {name: v for name, (v, _) in figures.items()}
    said: list[str] = []
    if game == "tarot":
        said.append(_("Deals taken {taken}, made {made}", taken=value.get("deals taken", 0),
                      made=value.get("deals made", 0)))
        contracts = [f"{_(CONTRACT_WORDS[c])} {value[f'taken as {c}']}" for c in CONTRACT_WORDS
                     if value.get(f"taken as {c}")]
        if contracts:
            said.append(_("by contract: {contracts}", contracts=", ".join(contracts)))
        said.append(_("petit au bout {petit}, poignées {poignees}, chelems {chelems}", petit=value.get("petit au bout", 0),
                      poignees=value.get("poignées", 0), chelems=value.get("chelems", 0)))
    elif game == "poker":
        said.append(_("Won at showdown {showdown}, without a showdown {without}",
                      showdown=value.get("won at showdown", 0), without=value.get("won without showdown", 0)))
    elif game == "blackjack":
        said.append(_("Blackjacks {blackjacks} in {hands}", blackjacks=value.get("blackjacks", 0),
                      hands=counted(value.get("hands", 0), "hand")))
    elif game == "baccarat":
        said.append(_("Bets on {sides}", sides=", ".join(
            _("{side} {n}", side=_(BET_SIDES[side]), n=value.get(f"bets on {side}", 0)) for side in BET_SIDES)))
    elif game == "loc":
        said.append(_("Pots taken {pots} ({chips})", pots=value.get("pots taken", 0),
                      chips=counted(value.get("chips from pots", 0), "chip")))
    elif game == "rummy":
        said.append(_rummy_melds(figures))
    elif game == "arcanoid":
        said.append(_("Battles won {won} in {rounds}", won=value.get("battles won", 0),
                      rounds=counted(value.get("rounds played", 0), "round")))
        powers = sorted(((v, name) for name, v in value.items() if name.startswith("played ")), reverse=True)
        if powers:
            power = powers[0][1].removeprefix("played ")
            said.append(_("power played most: {power} ({times})", power=i18n.translated(POWERS.get(power, power)),
                          times=ngettext("{n} time", "{n} times", powers[0][0])))
    return said


def _rummy_melds(figures: dict[str, tuple[int, str]]) -> str:
    best, laid = figures.get("best meld"), figures.get("melds laid", (0, ""))[0]
    if best is None:
        return _("No meld laid yet")
    return _("Best meld {meld} ({cards}) of {melds} laid", meld=meld_named(best[1]),
             cards=ngettext("{n} card", "{n} cards", best[0]), melds=ngettext("{n} meld", "{n} melds", laid))


def meld_named(noted: str) -> str:
    """A best meld as the record noted it ("Serpent 4W 5W 6W": its kind, then its cards), its
    kind in the language spoken now."""
    kind, _space, cards = noted.partition(" ")
    name = KIND_NAMES.get(kind.lower())
    return f"{_(name)} {cards}".strip() if name else noted


def highlight(record: records.GameRecord) -> str:
    """One of the game's own figures for the card."""
    best = record.figures.get("best meld")
    if best is not None:  # the meld alone: the card's line is short
        return _("Best meld {meld}", meld=meld_named(best[1]))
    own = own_figures(record.game, record.figures)
    return own[0] if own else ""


class Records(commands.Cog):
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @app_commands.command(name="profile", description="A member's record on this server: played, won, lost, "
                                                       "net, streaks, each game's own figures")
    @app_commands.describe(member="Whose record (default: yours)", game="One game only",
                           public="Show it to the channel (default: only you see it)")
    @app_commands.guild_only()
    @app_commands.choices(game=[app_commands.Choice(name=t, value=k) for k, t in GAME_TITLES.items()])
    async def profile(self, interaction: discord.Interaction, member: discord.User | None = None,
                      game: app_commands.Choice[str] | None = None, public: bool = False) -> None:
        who = member or interaction.user
        if who.bot:
            await refuse(interaction, _("bots have no record: only members' rounds are counted"))
            return
        guild_id, today = interaction.guild_id or 0, records.day_of(discord.utils.utcnow().timestamp())
        found = await records.profile(self.bot.tables.store, guild_id, who.id, game.value if game else None, today)
        if found.empty:  # said privately, even when the record was to be shown
            later = _(" a round counts once it is finished at a table here (records began with this version of the bot).")
            if who.id == interaction.user.id:
                said = _("You have no record at {game} on this server yet:", game=game_title(game.value)) if game \
                    else _("You have no record on this server yet:")
            else:
                said = _("{member} has no record at {game} on this server yet:", member=who.display_name,
                         game=game_title(game.value)) if game \
                    else _("{member} has no record on this server yet:", member=who.display_name)
            await interaction.response.send_message(said + later, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)  # the card is drawn next
        embed = discord.Embed(title=_("{member} — record on this server", member=who.display_name), colour=COLOUR)
        for record in found.games:
            embed.add_field(name=game_title(record.game) if record.game in GAME_TITLES else record.game,
                            value="\n".join(game_lines(record))[:FIELD_LIMIT], inline=False)
        if found.chip_line:
            embed.set_footer(text=_("Chips won and lost since {date}: {chips:+,}", date=date_of(found.chip_line[0][0]),
                                    chips=found.chip_line[-1][1]))
        cards = [GameCard(game_title(r.game) if r.game in GAME_TITLES else r.game, record_word(r.game), r.played,
                          r.won, r.lost, r.pushed, r.net, unit_of(r.game), r.streak, r.best_streak, highlight(r))
                 for r in found.games]
        where = interaction.guild.name if interaction.guild else _("this server")
        dates = _("{start} to {end} (UTC)", start=date_of(found.chip_line[0][0] - 1),
                  end=date_of(found.chip_line[-1][0])) if found.chip_line else ""
        image = await Drawing(render_profile, who.display_name, where, cards, found.chip_line,
                              words=render_words("common"), dates=dates).draw()
        embed.set_image(url="attachment://profile.png")
        await interaction.followup.send(embed=embed, file=png_file(image, "profile.png"), ephemeral=not public,
                                        allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Records(bot))
