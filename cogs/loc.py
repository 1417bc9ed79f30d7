"""Loc in Discord: /loc create, discard and play; a card menu in every player's DM. Choices are
private: the channel only ever learns how many cards are down, until the reveal shows them all
on one table image."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import N_, _, ngettext
from bot.i18n import translated as tr
from bot.tables import Table
from cogs.answers import language_option
from cogs.card_words import read_cards
from cogs.common import (
    WAITING_FOR_A_PERSON,
    Control,
    Drawing,
    GameUI,
    SelectSpec,
    create_table,
    own_view,
    people_in_play,
    play,
    register_ui,
    table_choices,
    who,
)
from cogs.last_moves import narrate, seat_words
from cogs.option_words import LEVEL_CHOICES, LEVEL_HELP
from games import loc
from games.base import Event
from games.cards import card, card_name
from renders.cards import game_faces
from renders.hand import render_hand
from renders.loc import render_loc

GAME = "loc"
MAX_CHIPS = 1_000_000_000
# The short rules /rules shows (in the reader's language).
RULES = N_(
    "Everyone plays a card at once for one pot; the bet is fixed when the table is created.\n"
    "• Each hand: ante one bet, get six cards by DM, discard one face down, then **five plays**: each "
    "player picks a card in private (DM menu or `/loc play`); all are revealed together.\n"
    "• A **trump** on the table: the highest trump takes the pot (the **Fool** is above 21). Else an "
    "**Ace**: the highest Ace takes it. After a take, everyone (the winner too) puts one bet back in.\n"
    "• No trump, no Ace: the highest card is **excused**; every other player pays one bet.\n"
    "• The fifth play: the highest card takes the pot, whatever it is. Then a new hand.\n"
    "• Suit cards rank A K Q Kn P 10…2; ties by suit: Swords, Cups, Pentacles, Wands. `deck: standard` "
    "plays 52 cards and the Joker (a super-Ace); `pot_trumps: high` lets only 15–21 and the Fool take.\n"
    "• Short of chips? You put in what you have and play on; with none at a hand's start you leave.\n"
    "Start: `/loc create bet:10`, then `/table join` (3–10 players; 4+ is better) and `/table start`."
)


def few_players(seated: int) -> str:
    """The host's warning at a Loc table opened with fewer seats than the game rewards."""
    return ngettext("Loc is meant for {rewarding} or more players, and {n} seat is taken so far: with fewer it is "
                    "not rewarding. Three can play; more can join in the lobby, or between hands with `/table join`.",
                    "Loc is meant for {rewarding} or more players, and {n} seats are taken so far: with fewer it is "
                    "not rewarding. Three can play; more can join in the lobby, or between hands with `/table join`.",
                    seated, rewarding=loc.REWARDING)


def _label(code: str, deck: str) -> str:
    c = card(code)
    return f"{loc.deck_code(c, deck)} · {tr(loc.card_label(c, deck))}"


def _by_strength(codes: list[str]) -> list[str]:
    return sorted(codes, key=lambda code: loc.strength(card(code)), reverse=True)


def _play_said(record: dict, deck: str, name: Any) -> str:
    """A play revealed, in words: "Play 2: <a>: 7S, <b>: 0 — …"."""
    return _("Play {number}: {reveal}", number=record["play"], reveal=loc.reveal_line(record, deck, name))


def reveal_lines(view: dict, name: Any) -> list[str]:
    return [_play_said(r, view["deck"], name) for r in view["reveals"]]


def typed_card(text: str) -> str:
    """A card typed by its name in the member's language, as the rules read it (its English
    name, so a standard table still reads it in its own notation); anything else as typed."""
    code = read_cards(text)
    return text if code == text else str(card_name(card(code), "rws", orientation=False))


class LocUI(GameUI):
    game = GAME
    rules = RULES

    drawer = staticmethod(render_loc)
    words_domain = ("common", "loc")  # the cards' names, and Loc's words

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        lines = [self._step_line(view), _("Pot **{pot}** · one bet is {bet}.", pot=view["pot"], bet=view["bet"])]
        lines += reveal_lines(view, lambda p: who(p, names))
        if view.get("results"):
            lines.append(_("Hand over: {results}", results=_results(view["results"], lambda p: who(p, names))))
        return lines

    def _step_line(self, view: dict) -> str:
        phase, done, waited = view["phase"], view["done"], view["waited"]
        if phase == "discard":
            return _("Hand {hand}: everyone discards one card face down — the menu in your DMs or "
                     "`/loc discard`. {done} of {waited} done.", hand=view["hand"], done=done, waited=waited)
        if phase == "play":
            return _("Play {play} of {plays}: choose a card in private — the menu in your DMs "
                     "or `/loc play`. {done} of {waited} cards down; they show together.", play=view["play"],
                     plays=view["plays"], done=done, waited=waited)
        if phase == "settled":
            return _("Hand {hand} is over.", hand=view["hand"])
        if not people_in_play(view):
            return _("{waiting} Press **Sit in** or `/table join` and the next hand is dealt at once.",
                     waiting=_(WAITING_FOR_A_PERSON))
        return _("Waiting for players: a hand needs {need} with chips. "
                 "`/table join` to sit in; the next hand is dealt at once.", need=view["need"])

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        told = TOLD.get(event.kind)
        said = told(data, name, names) if told is not None else None
        return said if said is not None else seat_words(event, names)

    def private_note(self, events: list[Event]) -> str:
        kinds = {e.kind for e in events}
        if "revealed" in kinds or "walkover" in kinds:
            return ""
        if "chosen" in kinds:
            return _("Your card is down: nobody sees it until everyone has chosen.")
        if "discarded" in kinds:
            return _("Your discard stays face down: nobody sees it.")
        return ""

    def hand_players(self, table: Table, events: list[Event]) -> list[int]:
        """The new hand to everyone dealt in (each play's menu comes as their turn)."""
        if {e.kind for e in events} & {"started", "dealt"}:
            return [s.player for s in table.state.seats if s.in_hand]
        return []

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[Control]]:
        view = table.view(player) or {}
        me = view.get("me")
        if me is None:
            return _("You are not seated at this table."), None, []
        deck = view["deck"]
        lines = [self._hand_heading(view, me)]
        if view["reveals"]:
            lines.append(_play_said(view["reveals"][-1], deck, lambda p: names[p]))
        lines.append(self._hand_prompt(view, me))
        controls: list[Control] = []
        if me["can"] in ("discard", "play"):
            controls.append(self._menu(view, me))
        return "\n".join(lines), self._hand_image(view, me), controls

    def _hand_heading(self, view: dict, me: dict) -> str:
        seat = next(s for s in view["seats"] if s["player"] == me["player"])
        heading = HEADINGS.get(view["phase"], HEADINGS["waiting"])
        return _(heading, hand=view["hand"], play=view["play"], plays=view["plays"], pot=view["pot"], bet=view["bet"],
                 stack=seat["stack"])

    def _hand_prompt(self, view: dict, me: dict) -> str:
        deck = view["deck"]
        done, waited = view["done"], view["waited"]
        if me["can"] == "discard":
            return _("Choose one card to discard face down — nobody will see it.")
        if me["can"] == "play":
            return _("Choose your card for play {play}: nobody sees it until everyone has chosen.", play=view["play"])
        if me["choice"]:
            return _("You play **{card}** — hidden until everyone has chosen ({done} of {waited} cards down).",
                     card=_label(me["choice"], deck), done=done, waited=waited)
        if view["phase"] == "discard" and me["discard"]:
            return _("Your discard: {card}. Waiting for the others ({done} of {waited} done).",
                     card=_label(me["discard"], deck), done=done, waited=waited)
        if view["phase"] == "waiting":
            return _("Waiting for players before the next hand.")
        return _("You are dealt in from the next hand.")

    def _menu(self, view: dict, me: dict) -> SelectSpec:
        deck, kind = view["deck"], me["can"]
        options = tuple((_label(code, deck), loc.deck_code(card(code), deck)) for code in _by_strength(me["cards"]))
        placeholder = _("Discard a card (face down)") if kind == "discard" \
            else _("Your card for play {play}", play=view["play"])
        return SelectSpec(placeholder, kind, options)

    def _hand_image(self, view: dict, me: dict) -> Drawing | None:
        shown = _by_strength([c for c in me["cards"] if c != me["choice"]])
        if not shown and not me["choice"]:
            return None
        groups, labels = [], []
        if me["choice"]:
            groups.append([me["choice"]])
            labels.append(_("Your card for play {play}", play=view["play"]))
        if me["discard"]:
            groups.append([me["discard"]])
            labels.append(_("Discarded"))
        every = shown + [c for group in groups for c in group]
        style = game_faces("loc", loc.card_style(view["deck"]))
        held = len(me["cards"])
        info = ngettext("{n} card in hand · 1 discarded", "{n} cards in hand · 1 discarded", held) if me["discard"] \
            else ngettext("{n} card in hand", "{n} cards in hand", held)
        return Drawing(render_hand, every, style, caption=_("Your Loc hand · hand {hand}", hand=view["hand"]),
                       groups=groups, labels=labels, counts=False, info=info, rest=_("Hand"))


# The private hand's heading, by the hand's step.
HEADINGS = {"play": N_("**Loc** — hand {hand}, play {play} of {plays} · pot {pot} · bet {bet} · your stack {stack}"),
            "discard": N_("**Loc** — hand {hand}, discard · pot {pot} · bet {bet} · your stack {stack}"),
            "settled": N_("**Loc** — hand {hand}, settled · pot {pot} · bet {bet} · your stack {stack}"),
            "waiting": N_("**Loc** — hand {hand}, waiting · pot {pot} · bet {bet} · your stack {stack}")}


def _results(results: list[dict], name: Any) -> str:
    return ", ".join(f"{name(r['player'])} {r['net']:+}" for r in results)


def _revealed(d: dict[str, Any], names: dict[int, str]) -> str:
    return _play_said(d, d.get("deck", "tarot"), lambda p: names[p])


def _waiting(d: dict[str, Any]) -> str:
    if not d.get("person", True):
        return _("No person is in play and computers never play on alone: the table waits for someone to sit in")
    return _("The table waits for players: a hand needs {need} with chips, {have} are in", need=d["need"],
             have=d["have"])


# Each event told at the table, in the language spoken now (None: the seat's events of every game).
TOLD: dict[str, Callable[[dict[str, Any], str, dict[int, str]], str | None]] = {
    "discarded": lambda d, n, names: _("{player} discards a card face down ({done} of {of} done)", player=n,
                                       done=d["done"], of=d["of"]),
    "chosen": lambda d, n, names: _("{player} chooses a card for play {play} ({done} of {of} down)", player=n,
                                    play=d["play"], done=d["done"], of=d["of"]),
    "plays_open": lambda d, n, names: _("Everyone has discarded: play 1 is open"),
    "revealed": lambda d, n, names: _revealed(d, names),
    "walkover": lambda d, n, names: _("{player} is the last one in the hand and takes {took}", player=n,
                                      took=d["took"]),
    "dealt": lambda d, n, names: ngettext("Hand {hand} is dealt to {n} player, each antes {ante}: the pot is {pot}",
                                          "Hand {hand} is dealt to {n} players, each antes {ante}: the pot is {pot}",
                                          len(d["players"]), hand=d["hand"], ante=d["ante"], pot=d["pot"]),
    "settled": lambda d, n, names: _("Hand {hand} is over: {results}", hand=d["round"],
                                     results=_results(d["results"], lambda p: names[p])),
    "waiting": lambda d, n, names: _waiting(d),
    "leaving": lambda d, n, names: _("{player} folds and leaves the table at the end of this hand", player=n),
    "sitout": lambda d, n, names: _("{player} sits out from the next hand", player=n)
    if d.get("from_next_hand") else None,
}


register_ui(LocUI())


async def _hand_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The cards in the player's own hand, for the `card` option."""
    view = await own_view(interaction, GAME) or {}
    me = view.get("me")
    if not me:
        return []
    deck = view["deck"]
    wanted = current.strip().lower()
    choices = []
    for code in _by_strength(me["cards"]):
        label, value = _label(code, deck), loc.deck_code(card(code), deck)
        if wanted in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=value))
    return choices[:25]


class Loc(commands.Cog):
    group = app_commands.Group(name="loc", description="Loc: everyone plays a card at once for the pot")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open a Loc table in this channel")
    @app_commands.describe(bet="The bet: each ante, payment and refresh is one bet; stacks cover 10 bets",
                           deck="tarot (3-10 players) or standard 52 cards and the Joker (3-8)",
                           pot_trumps="all: every trump takes the pot; high: only 15-21 and the Fool",
                           timer="Seconds to choose before your lowest card goes (0 = no timer)",
                           buy_in="Chips you bring from your wallet (10 to 100 bets)",
                           bots="Seats the bot's computer players fill (they bring your stack, lent by the house)",
                           level=LEVEL_HELP)
    @app_commands.choices(deck=[app_commands.Choice(name=d, value=d) for d in loc.DECKS],
                          pot_trumps=[app_commands.Choice(name=p, value=p) for p in loc.POT_TRUMPS],
                          level=LEVEL_CHOICES)
    @language_option
    async def create(self, interaction: discord.Interaction,
                     bet: app_commands.Range[int, 1, 100_000] = 10,
                     deck: app_commands.Choice[str] | None = None,
                     pot_trumps: app_commands.Choice[str] | None = None,
                     timer: app_commands.Range[int, 0, 600] = 60,
                     buy_in: app_commands.Range[int, 1, MAX_CHIPS] | None = None,
                     bots: app_commands.Range[int, 0, loc.MAX_SEATS - 1] = 0,
                     level: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"bet": bet, "timer": timer, "deck": deck.value if deck else "tarot",
                   "pot_trumps": pot_trumps.value if pot_trumps else "all", "bots": bots,
                   "level": level.value if level else "normal"}
        await create_table(interaction, GAME, options, buy_in, language)
        table = self.bot.tables.table_in(interaction.channel_id or 0)
        if table is not None and table.game == GAME and not table.active and table.host_id == interaction.user.id \
                and len(table.lobby) < loc.REWARDING:
            await interaction.followup.send(few_players(len(table.lobby)), ephemeral=True)

    @group.command(name="discard", description="Discard one card face down at the start of the hand")
    @app_commands.describe(card="A card in your hand, e.g. 2W or 'two of wands'")
    async def discard(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "discard", "card": typed_card(card)}, table)

    @group.command(name="play", description="Choose your card for this play; it shows when all have chosen")
    @app_commands.describe(card="A card in your hand, e.g. KC or 'the fool'")
    async def play_card(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "play", "card": typed_card(card)}, table)

    @discard.autocomplete("card")
    @play_card.autocomplete("card")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _hand_choices(interaction, current)

    @discard.autocomplete("table")
    @play_card.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Loc(bot))
