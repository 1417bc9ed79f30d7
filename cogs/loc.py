"""Loc in Discord: /loc create, discard and play; a card menu in every player's DM. Choices are
private: the channel only ever learns how many cards are down, until the reveal shows them all
on one table image."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.tables import Table
from cogs.answers import language_option
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
from games.base import Event, plural
from games.cards import card
from renders.cards import game_faces
from renders.hand import render_hand
from renders.loc import render_loc

GAME = "loc"
MAX_CHIPS = 1_000_000_000
def few_players(seated: int) -> str:
    """The host's warning at a Loc table opened with fewer seats than the game rewards."""
    return (f"Loc is meant for {loc.REWARDING} or more players, and {plural(seated, 'seat')} "
            f"{'is' if seated == 1 else 'are'} taken so far: with fewer it is not rewarding. Three can play; "
            "more can join in the lobby, or between hands with `/table join`.")


def _label(code: str, deck: str) -> str:
    c = card(code)
    return f"{loc.deck_code(c, deck)} · {loc.card_label(c, deck)}"


def _by_strength(codes: list[str]) -> list[str]:
    return sorted(codes, key=lambda code: loc.strength(card(code)), reverse=True)


def reveal_lines(view: dict, name: Any) -> list[str]:
    return [f"Play {r['play']}: {loc.reveal_line(r, view['deck'], name)}" for r in view["reveals"]]


class LocUI(GameUI):
    game = GAME

    drawer = staticmethod(render_loc)

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        lines = [self._step_line(view), f"Pot **{view['pot']}** · one bet is {view['bet']}."]
        lines += reveal_lines(view, lambda p: who(p, names))
        if view.get("results"):
            lines.append("Hand over: " + ", ".join(f"{who(r['player'], names)} {r['net']:+}" for r in view["results"]))
        return lines

    def _step_line(self, view: dict) -> str:
        phase, done, waited = view["phase"], view["done"], view["waited"]
        if phase == "discard":
            return (f"Hand {view['hand']}: everyone discards one card face down — the menu in your DMs or "
                    f"`/loc discard`. {done} of {waited} done.")
        if phase == "play":
            return (f"Play {view['play']} of {view['plays']}: choose a card in private — the menu in your DMs "
                    f"or `/loc play`. {done} of {waited} cards down; they show together.")
        if phase == "settled":
            return f"Hand {view['hand']} is over."
        if not people_in_play(view):
            return (f"{WAITING_FOR_A_PERSON} Press **Sit in** or `/table join` "
                    "and the next hand is dealt at once.")
        return (f"Waiting for players: a hand needs {view['need']} with chips. "
                "`/table join` to sit in; the next hand is dealt at once.")

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        if event.kind == "discarded":
            return f"{name} discards a card face down ({data['done']} of {data['of']} done)"
        if event.kind == "chosen":
            return f"{name} chooses a card for play {data['play']} ({data['done']} of {data['of']} down)"
        if event.kind == "plays_open":
            return "Everyone has discarded: play 1 is open"
        if event.kind == "revealed":
            return f"Play {data['play']}: " + loc.reveal_line(data, data.get("deck", "tarot"), lambda p: names[p])
        if event.kind == "walkover":
            return f"{name} is the last one in the hand and takes {data['took']}"
        if event.kind == "dealt":
            return (f"Hand {data['hand']} is dealt to {len(data['players'])} players, "
                    f"each antes {data['ante']}: the pot is {data['pot']}")
        if event.kind == "settled":
            return f"Hand {data['round']} is over: " + ", ".join(
                f"{names[r['player']]} {r['net']:+}" for r in data["results"])
        if event.kind == "waiting" and not data.get("person", True):
            return "No person is in play and computers never play on alone: the table waits for someone to sit in"
        if event.kind == "waiting":
            return f"The table waits for players: a hand needs {data['need']} with chips, {data['have']} are in"
        if event.kind == "leaving":
            return f"{name} folds and leaves the table at the end of this hand"
        if event.kind == "sitout" and data.get("from_next_hand"):
            return f"{name} sits out from the next hand"
        return seat_words(event, names)

    def private_note(self, events: list[Event]) -> str:
        kinds = {e.kind for e in events}
        if "revealed" in kinds or "walkover" in kinds:
            return ""
        if "chosen" in kinds:
            return "Your card is down: nobody sees it until everyone has chosen."
        if "discarded" in kinds:
            return "Your discard stays face down: nobody sees it."
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
            return "You are not seated at this table.", None, []
        deck = view["deck"]
        lines = [self._hand_heading(view, me)]
        if view["reveals"]:
            latest = view["reveals"][-1]
            lines.append(f"Play {latest['play']}: " + loc.reveal_line(latest, deck, lambda p: names[p]))
        lines.append(self._hand_prompt(view, me))
        controls: list[Control] = []
        if me["can"] in ("discard", "play"):
            controls.append(self._menu(view, me))
        return "\n".join(lines), self._hand_image(view, me), controls

    def _hand_heading(self, view: dict, me: dict) -> str:
        seat = next(s for s in view["seats"] if s["player"] == me["player"])
        step = f"play {view['play']} of {view['plays']}" if view["phase"] == "play" else view["phase"]
        return (f"**Loc** — hand {view['hand']}, {step} · pot {view['pot']} · bet {view['bet']} · "
                f"your stack {seat['stack']}")

    def _hand_prompt(self, view: dict, me: dict) -> str:
        deck = view["deck"]
        progress = f"{view['done']} of {view['waited']}"
        if me["can"] == "discard":
            return "Choose one card to discard face down — nobody will see it."
        if me["can"] == "play":
            return f"Choose your card for play {view['play']}: nobody sees it until everyone has chosen."
        if me["choice"]:
            return (f"You play **{_label(me['choice'], deck)}** — hidden until everyone has chosen "
                    f"({progress} cards down).")
        if view["phase"] == "discard" and me["discard"]:
            return f"Your discard: {_label(me['discard'], deck)}. Waiting for the others ({progress} done)."
        if view["phase"] == "waiting":
            return "Waiting for players before the next hand."
        return "You are dealt in from the next hand."

    def _menu(self, view: dict, me: dict) -> SelectSpec:
        deck, kind = view["deck"], me["can"]
        options = tuple((_label(code, deck), loc.deck_code(card(code), deck)) for code in _by_strength(me["cards"]))
        placeholder = "Discard a card (face down)" if kind == "discard" else f"Your card for play {view['play']}"
        return SelectSpec(placeholder, kind, options)

    def _hand_image(self, view: dict, me: dict) -> Drawing | None:
        shown = _by_strength([c for c in me["cards"] if c != me["choice"]])
        if not shown and not me["choice"]:
            return None
        groups, labels = [], []
        if me["choice"]:
            groups.append([me["choice"]])
            labels.append(f"Your card for play {view['play']}")
        if me["discard"]:
            groups.append([me["discard"]])
            labels.append("Discarded")
        every = shown + [c for group in groups for c in group]
        style = game_faces("loc", loc.card_style(view["deck"]))
        info = plural(len(me["cards"]), "card") + " in hand" + (" · 1 discarded" if me["discard"] else "")
        return Drawing(render_hand, every, style, caption=f"Your Loc hand · hand {view['hand']}", groups=groups,
                       labels=labels, counts=False, info=info)


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
        await play(interaction, GAME, {"type": "discard", "card": card}, table)

    @group.command(name="play", description="Choose your card for this play; it shows when all have chosen")
    @app_commands.describe(card="A card in your hand, e.g. KC or 'the fool'")
    async def play_card(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "play", "card": card}, table)

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
