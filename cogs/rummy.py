"""Tarot Rummy in Discord: /rummy create (against a member or the computer), draw, discard,
call, meld and choose; Stock / Discard pile buttons; in DM the hand grouped by its melds, the
card menus to discard or call, and the dealer's-choice and identification menus."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import _, ngettext
from bot.i18n import translated as tr
from bot.tables import Table
from cogs.answers import language_option, own_choices, render_words
from cogs.common import (
    ButtonSpec,
    Control,
    Drawing,
    GameUI,
    SelectSpec,
    create_table,
    own_view,
    play,
    register_ui,
    table_choices,
    who,
)
from cogs.last_moves import narrate, seat_words
from cogs.option_words import LEVEL_CHOICES, LEVEL_HELP
from games import rummy
from games.base import N_, Action, Event, capitalised
from games.cards import DECK_STYLES, card, card_name
from games.rummy import melds as rm
from renders.rummy import render_rummy, render_rummy_hand

GAME = "rummy"
LIMIT_CHOICES = (5, 7, 10, 12, 15, 20)
COLUMN_LABELS = {"letter": N_("Hebrew letter (trumps)"), "astrology": N_("Astrological attribution (trumps)"),
                 "path": N_("Path number (trumps)"), "sphere": N_("Sphere (Ace to 10)"),
                 "element": N_("Element (suit cards)")}
# The answers of the element and astrology columns (a Hebrew letter, a path or a sphere's name is said as it is).
ANSWERS = {"Fire": N_("Fire"), "Water": N_("Water"), "Air": N_("Air"), "Earth": N_("Earth"), "Mercury": N_("Mercury"),
           "Moon": N_("Moon"), "Venus": N_("Venus"), "Aries": N_("Aries"), "Taurus": N_("Taurus"),
           "Gemini": N_("Gemini"), "Cancer": N_("Cancer"), "Leo": N_("Leo"), "Virgo": N_("Virgo"),
           "Jupiter": N_("Jupiter"), "Libra": N_("Libra"), "Scorpio": N_("Scorpio"), "Sagittarius": N_("Sagittarius"),
           "Capricorn": N_("Capricorn"), "Mars": N_("Mars"), "Aquarius": N_("Aquarius"), "Pisces": N_("Pisces"),
           "Sun": N_("Sun"), "Saturn": N_("Saturn")}
COLUMN_WORDS = {"letter": N_("letter"), "astrology": N_("astrology"), "path": N_("path"), "sphere": N_("sphere"),
                "element": N_("element")}  # a column as the move log names it
# The short rules /rules shows (in the reader's language).
RULES = N_(
    "Two players (or you against the computer) meld by the Tree of Life. Ten cards each, an upcard starts the "
    "discard pile; a turn is **draw** (stock or discard pile) then **discard**.\n"
    "• Melds of 3+: **Serpent** consecutive trumps · **Sword** a run in one suit · **Sphere** one rank, "
    "3–4 suits · **Path** Ace–10 of a suit joined by the trumps of their paths (8C 15 6C) · **Mother** 0 12 20 · "
    "**Double** planetary trumps · **Single** consecutive signs, round the zodiac.\n"
    "• Unmelded values: Ace–10 face value, courts 10, elemental trumps 3, planetary 7, zodiacal 12.\n"
    "• **Call** (discard face down) when your unmelded value is within the call limit (10). All melded: 22 + "
    "theirs. Otherwise they lay off onto your melds; you score the difference, or if you are **undercut** they "
    "score 22 + it. The stock running out kills the hand. The game goes past 156.\n"
    "Start: `/rummy create` (`opponent:bot` to play the computer); `/rummy meld` arranges melds by hand."
)


def meld_text(melds: list[dict]) -> str:
    return tr(rummy.meld_words(melds)) or _("none")


def shown(code: str) -> str:
    """A card's notation as Tarot Rummy text shows it: orientation means nothing in the game, so
    no `r` (the pictures draw every card upright too)."""
    return card(code).face.code


def card_label(code: str, style: str) -> str:
    return f"{shown(code)} — {tr(card_name(card(code), style, orientation=False))}"


def answer_label(choice: str) -> str:
    """An identification answer as the reader reads it (an element or a planet in their language)."""
    return _(ANSWERS[choice]) if choice in ANSWERS else choice


class RummyUI(GameUI):
    game = GAME
    rules = RULES
    words_domain = GAME

    drawer = staticmethod(render_rummy)

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        lines = [self._situation(view, names)]
        scores = " · ".join(f"{who(s['player'], names)} **{s['score']}**" for s in view["seats"])
        lines.append(_("Scores: {scores} (game to more than {target})", scores=scores, target=view["target"]))
        if view["phase"] in rummy.IN_HAND:
            top = shown(view["discard"][-1]) if view["discard"] else "—"
            lines.append(_("Discard pile: **{top}** · stock {stock} · {melds} · call limit {limit}", top=top,
                           stock=view["stock"], melds=rm.meld_set_words(view["melds"]), limit=view["call_limit"]))
        last = (view.get("last_round") or {}).get("ending")
        if last and view["phase"] not in ("over", "hand_over"):
            lines.append(_("Last hand: {said}.", said=rummy.ending_words(last, lambda p: who(p, names))))
        ending = (view.get("last_round") or {}).get("ending") if view["phase"] == "over" else view.get("ending")
        if view["phase"] in ("over", "hand_over") and ending:
            lines += [tr(line) for line in rummy.hand_summary(ending, lambda p: who(p, names))]
        return lines

    def _situation(self, view: dict, names: dict[int, str]) -> str:
        phase, pending = view["phase"], view["pending"]
        mover = who(pending[0], names) if pending else ""
        if phase == "draw":
            return _("{player} to draw: the stock or the discard pile.", player=mover)
        if phase == "discard":
            return _("{player} to discard a card, or call.", player=mover)
        if phase == "choosing":
            return _("{player} deals and chooses this hand's melds and call limit.", player=mover)
        if phase == "column":
            return _("{player} chooses the identification column.", player=mover)
        if phase == "identify":
            identify = view["identify"]
            return _("{player} answers identification question {number} of {total} by DM.", player=mover,
                     number=identify["asked"] + 1, total=identify["total"])
        if phase == "hand_over":
            return _("Hand {number} is over.", number=view["round"])
        winner = view.get("winner")
        return _("Game over: {player} wins.", player=who(winner, names)) if winner is not None else _("Game over.")

    def buttons(self, table: Table, view: dict) -> list[Control]:
        phase = view["phase"]
        if phase == "draw":
            return [ButtonSpec(_("Stock"), "draw.stock", discord.ButtonStyle.primary),
                    ButtonSpec(_("Discard pile"), "draw.discard", discord.ButtonStyle.secondary,
                               disabled=not view["discard"])]
        if phase == "choosing":
            return [self._choose_menu(view)]
        if phase == "column" and view.get("identify"):
            return [self._column_menu(view)]
        return []

    def _choose_menu(self, view: dict) -> SelectSpec:
        options = []
        limits = ("upcard",) if view["upcard_choice"] else LIMIT_CHOICES
        for melds in rm.MELD_SETS:
            for limit in limits:
                said = capitalised(tr(rm.meld_set_words(melds)))
                text = (_("{melds}, call limit = upcard value", melds=said) if limit == "upcard"
                        else _("{melds}, call limit {limit}", melds=said, limit=limit))
                options.append((text, f"{melds}.{view['options']['call_limit'] if limit == 'upcard' else limit}"))
        return SelectSpec(_("Dealer: choose the melds and call limit"), "choose", tuple(options))

    def _column_menu(self, view: dict) -> SelectSpec:
        columns = view["identify"]["columns"]
        return SelectSpec(_("Choose the identification column"), "column",
                          tuple((_(COLUMN_LABELS[c]), c) for c in columns))

    def action_for(self, code: str) -> Action | None:
        kind, _sep, rest = code.partition(".")
        if kind == "draw":
            return {"type": "draw", "from": rest}
        return super().action_for(code)

    def select_action(self, code: str, values: list[str]) -> Action:
        value = values[0] if values else ""
        if code == "choose":
            melds, _sep, limit = value.partition(".")
            return {"type": "choose", "melds": melds, "call_limit": int(limit) if limit.isdigit() else limit}
        if code == "column":
            return {"type": "column", "column": value}
        if code == "answer":
            return {"type": "answer", "choice": value}
        return {"type": code, "card": value}

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: self._event_text(event, names))

    def _event_text(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        if event.kind == "settled" and data.get("results"):
            return _("The game is over: {player} wins", player=names[data["winner"]])
        if event.kind in ("hand_end", "dead"):
            said = capitalised(tr(rummy.ending_words(data, lambda p: names[p], data.get("identification", False))))
            return _("{said}. The table shows both hands", said=said) if event.kind == "hand_end" else said
        if event.kind == "answer":
            if data["right"]:
                return _("{player} identifies {card} rightly", player=name, card=shown(data["card"]))
            return _("{player} misses {card}: the answer was {answer}, and the hand is not scored", player=name,
                     card=shown(data["card"]), answer=answer_label(data["answer"]))
        return self._move_text(event, name, names)

    def _move_text(self, event: Event, name: str, names: dict[int, str]) -> str:
        data = event.data
        if event.kind == "draw":
            return (_("{player} takes {card} from the discard pile", player=name, card=shown(data["card"])) if data["card"]
                    else _("{player} draws from the stock", player=name))
        if event.kind == "discard":
            return _("{player} discards {card}", player=name, card=shown(data["card"]))
        if event.kind == "call":
            return _("{player} calls, laying a card face down", player=name)
        if event.kind == "melds":
            return (_("{player} arranges their melds", player=name) if data["melds"]
                    else _("{player} lets the bot arrange their melds", player=name))
        if event.kind == "column":
            return ngettext("{player} chooses the column {column} ({n} question)",
                            "{player} chooses the column {column} ({n} questions)", data["questions"],
                            player=name, column=_(COLUMN_WORDS.get(data["column"], data["column"])))
        if event.kind == "chosen":
            return _("{player} deals with {melds} and a call limit of {limit}", player=name,
                     melds=rm.meld_set_words(data["melds"]), limit=data["call_limit"])
        if event.kind == "dealt":
            return _("Hand {number} is dealt by {dealer}: the upcard is {upcard}, call limit {limit}",
                     number=data["hand"], dealer=names[data["dealer"]], upcard=shown(data["upcard"]), limit=data["call_limit"])
        if event.kind == "forfeit":
            return _("{player} forfeits the game", player=name)
        return seat_words(event, names)

    def private_note(self, events: list[Event]) -> str:
        """The mover's own melds (the table is told only that they arranged them)."""
        for event in events:
            if event.kind == "melds" and event.data["melds"]:
                return _("Your melds are kept: {melds} (unmelded {value}).",
                         melds=" | ".join(" ".join(m) for m in event.data["melds"]), value=event.data["value"])
        return ""

    # --- the private hand ------------------------------------------------------------------

    def hand_players(self, table: Table, events: list[Event]) -> list[int]:
        """Both players when cards are dealt, and a player who arranged their melds (whoever
        must act is sent their turn by the presenter)."""
        view = table.view(None) or {}
        kinds = {e.kind for e in events}
        if "dealt" in kinds or ("started" in kinds and view.get("phase") in rummy.IN_HAND):
            return [p for p in table.players() if p >= 0]
        return [e.data["player"] for e in events if e.kind == "melds"]

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[Control]]:
        view = table.view(player) or {}
        me = view.get("me")
        if me is None:
            over = view.get("phase") == "over"
            return (_("The game is over — the table message shows the result.") if over
                    else _("You are not seated at this table.")), None, []
        style = view["style"]
        situation = self._my_situation(view, me) if player in view["pending"] else self._situation(view, names)
        lines = [_("**Tarot Rummy** — hand {number}. {situation}", number=view["round"], situation=situation),
                 _("Melds: {melds}", melds=meld_text(me["melds"])),
                 _("Unmelded: {cards} = **{value}** (call limit {limit})", cards=" ".join(map(shown, me["unmelded"])) or _("none"),
                   value=me["value"], limit=view["call_limit"])]
        if view["phase"] in rummy.IN_HAND:
            top = shown(view["discard"][-1]) if view["discard"] else "—"
            lines.append(_("Discard pile: **{top}** · stock {stock}", top=top, stock=view["stock"]))
        controls = self._my_controls(view, me, style)
        question = (view.get("identify") or {}).get("question")
        if question and player in view["pending"]:
            lines.append(self._question_text(question, style))
        image = Drawing(render_rummy_hand, me, style, words=render_words(GAME)) if me["hand"] else None
        return "\n".join(lines), image, controls

    def _my_situation(self, view: dict, me: dict) -> str:
        phase = view["phase"]
        if phase == "draw":
            return _("Your turn: draw from the stock or the discard pile.")
        if phase == "discard":
            if me["taken"]:
                return _("You took **{card}**: now discard a card, or call.", card=shown(me["drawn"]))
            return _("You drew **{card}**: now discard a card, or call.", card=shown(me["drawn"]))
        if phase == "choosing":
            return _("You deal: choose this hand's melds and call limit.")
        if phase == "column":
            return _("The caller won the hand: choose the identification column they must answer in.")
        return _("Answer the identification question below.")

    def _question_text(self, question: dict, style: str) -> str:
        name = card_name(card(question["card"]), style, orientation=False)
        return _("**Identify:** the {column} of **{card}**?", column=_(rm.COLUMN_NAMES[question["column"]]), card=name)

    def _my_controls(self, view: dict, me: dict, style: str) -> list[Control]:
        if me["player"] not in view["pending"]:
            return []
        phase = view["phase"]
        if phase == "draw":
            return self.buttons_for_draw(view)
        if phase == "discard":
            return self._card_menus(view, me, style)
        if phase == "choosing":
            return [self._choose_menu(view)]
        if phase == "column":
            return [self._column_menu(view)]
        if phase == "identify":
            question = view["identify"]["question"]
            return [SelectSpec(_("Your answer"), "answer", tuple((answer_label(c), c) for c in question["choices"]))]
        return []

    def buttons_for_draw(self, view: dict) -> list[Control]:
        return [ButtonSpec(_("Stock"), "draw.stock", discord.ButtonStyle.primary),
                ButtonSpec(_("Discard pile"), "draw.discard", disabled=not view["discard"])]

    def _card_menus(self, view: dict, me: dict, style: str) -> list[Control]:
        after = me["after_discard"]
        ordered = sorted(me["hand"], key=lambda code: (after.get(code, 0), code))
        discards = tuple((_("{card} (leaves {value})", card=card_label(c, style), value=after[c]), c)
                         for c in ordered if c != me["taken"])
        menus: list[Control] = [SelectSpec(_("Discard a card"), "discard", discards)]
        calls = tuple((_("Call: {card} face down (leaves {value})", card=card_label(c, style), value=after[c]), c)
                      for c in ordered if after[c] <= view["call_limit"])
        if calls:
            menus.append(SelectSpec(_("Call: discard face down and end the hand"), "call", calls))
        return menus


register_ui(RummyUI())


async def hand_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The cards of the player's own hand, with what each leaves unmelded when known."""
    view = await own_view(interaction, GAME)
    me = (view or {}).get("me")
    if not me:
        return []
    wanted = current.strip().lower()
    after = me["after_discard"]
    choices = []
    for code in me["hand"]:
        label = card_label(code, view["style"])  # type: ignore[index]
        if code in after:
            label = _("{card} (leaves {value})", card=label, value=after[code])
        if wanted in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=code))
    return choices[:25]


async def meld_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The melds the bot sees now, one by one and all together, and `auto`."""
    view = await own_view(interaction, GAME)
    me = (view or {}).get("me")
    if not me:
        return []
    groups = [" ".join(m["cards"]) for m in me["melds"]]
    options = groups + ([" | ".join(groups)] if len(groups) > 1 else []) + ["auto"]
    wanted = current.strip().lower()
    return [app_commands.Choice(name=o[:100], value=o[:100]) for o in options if wanted in o.lower()][:25]


class Rummy(commands.Cog):
    group = app_commands.Group(name="rummy", description="Tarot Rummy: two players meld by the Tree of Life")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open a Tarot Rummy table in this channel")
    @app_commands.describe(opponent="human: another member joins; bot: play the computer",
                           melds="all seven meld types, or basic (Serpent, Sword, Sphere)",
                           call_limit="Most unmelded value a call may leave (default 10)",
                           target="The game ends when a score exceeds this (default 156)",
                           attributions="gd (Golden Dawn) or thoth (the Emperor and the Star exchanged)",
                           style="Deck style: also decides which of VIII and XI is Strength",
                           dealer_choice="The dealer sets melds and call limit before each deal",
                           upcard_choice="Each hand's call limit is the upcard's value",
                           identification="The winning caller identifies their melds' cards in a column",
                           timer="Seconds per turn (0 = no timer)", level=LEVEL_HELP)
    @app_commands.choices(
        level=LEVEL_CHOICES,
        opponent=[app_commands.Choice(name=o, value=o) for o in rummy.OPPONENTS],
        melds=own_choices("rummy", rm.MELD_SETS),
        attributions=[app_commands.Choice(name=a, value=a) for a in rm.ATTRIBUTIONS],
        style=[app_commands.Choice(name=s, value=s) for s in DECK_STYLES])
    @language_option
    async def create(self, interaction: discord.Interaction,
                     opponent: app_commands.Choice[str] | None = None,
                     melds: app_commands.Choice[str] | None = None,
                     call_limit: app_commands.Range[int, 0, 200] = 10,
                     target: app_commands.Range[int, 1, 10_000] = 156,
                     attributions: app_commands.Choice[str] | None = None,
                     style: app_commands.Choice[str] | None = None,
                     dealer_choice: bool = False, upcard_choice: bool = False, identification: bool = False,
                     timer: app_commands.Range[int, 0, 3600] = 120,
                     level: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"level": level.value if level else "normal", "opponent": opponent.value if opponent else "human", "melds": melds.value if melds else "all",
                   "call_limit": call_limit, "target": target,
                   "attributions": attributions.value if attributions else "gd",
                   "style": style.value if style else "rws", "dealer_choice": dealer_choice,
                   "upcard_choice": upcard_choice, "identification": identification, "timer": timer}
        await create_table(interaction, GAME, options, None, language)

    @group.command(name="draw", description="Take the top card of the stock or of the discard pile")
    @app_commands.rename(source="from")
    @app_commands.describe(source="stock or discard (the face-up pile)")
    @app_commands.choices(source=[app_commands.Choice(name="stock", value="stock"),
                                  app_commands.Choice(name="discard", value="discard")])
    async def draw(self, interaction: discord.Interaction, source: app_commands.Choice[str],
                   table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "draw", "from": source.value}, table)

    @group.command(name="discard", description="Discard a card face up, ending your turn")
    @app_commands.describe(card="A card of your hand: KC, 16, the tower…")
    async def discard(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "discard", "card": card}, table)

    @group.command(name="call", description="Discard face down and end the hand (unmelded value within the limit)")
    @app_commands.describe(card="The card you discard face down")
    async def call(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "call", "card": card}, table)

    @group.command(name="meld", description="Arrange your melds by hand (kept when no worse than the best)")
    @app_commands.describe(cards="One meld (8C 15 6C), several split by | , or auto")
    async def meld(self, interaction: discord.Interaction, cards: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "meld", "cards": cards}, table)

    @group.command(name="choose", description="Dealer's choice: this hand's melds and call limit")
    @app_commands.choices(melds=own_choices("rummy", rm.MELD_SETS))
    async def choose(self, interaction: discord.Interaction, melds: app_commands.Choice[str],
                     call_limit: app_commands.Range[int, 0, 200], table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "choose", "melds": melds.value, "call_limit": call_limit}, table)

    @discard.autocomplete("card")
    @call.autocomplete("card")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await hand_choices(interaction, current)

    @meld.autocomplete("cards")
    async def meld_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await meld_choices(interaction, current)

    @draw.autocomplete("table")
    @discard.autocomplete("table")
    @call.autocomplete("table")
    @meld.autocomplete("table")
    @choose.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Rummy(bot))
