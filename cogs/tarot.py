"""French Tarot in Discord: /tarot create, bid, call, discard, play and announce; bid and call
buttons on the table; each player's hand by DM as an image with a menu of the cards legal now
(a multi-select for the discard); the score sheet of every hand as an image and as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import _, labelled, listed, ngettext
from bot.i18n import translated as tr
from bot.tables import Table
from cogs.answers import language_option, render_words
from cogs.card_words import read_cards
from cogs.common import (
    ButtonSpec,
    Control,
    Drawing,
    GameUI,
    SelectSpec,
    autocomplete_table,
    create_table,
    play,
    register_ui,
    table_choices,
)
from cogs.common import (
    who as seat_who,
)
from cogs.last_moves import narrate, seat_words
from cogs.option_words import LEVEL_CHOICES, LEVEL_HELP
from games import french_tarot as ft
from games.base import N_, Action, Event, Text
from games.cards import card
from games.french_tarot import ai as tarot_ai
from renders.cards import game_faces
from renders.french_tarot import CONTRACTS, LEVELS, METHODS, contract_text, render_tarot, verdict
from renders.hand import render_hand

GAME = "tarot"
# The short rules /rules shows (in the reader's language).
RULES = N_(
    "French Tarot (FFT rules), 3–5 players; computer players can fill seats (`bots`).\n"
    "• Bid once each, higher or pass: **Prise** ×1 < **Garde** ×2 < **Garde sans** ×4 < **Garde contre** ×6. "
    "With 5 the taker calls a king: its holder is the secret partner.\n"
    "• Prise, garde: the dog is shown; the taker discards as many (no king, no oudler; trumps only if forced).\n"
    "• Follow suit; void, trump; always overtrump if you can. The **Excuse** excuses: it stays with its side "
    "for an empty card.\n"
    "• Oudlers (1, 21, Excuse) set the points needed: 56, 51, 41, 36 of 91. Score (25 + difference) × contract, "
    "petit au bout, poignées, chelem; zero-sum.\n"
    "Start: `/tarot create players:4 bots:3`, then Start; play from your DM menu or `/tarot play`."
)
BID_STYLES = {"pass": discord.ButtonStyle.secondary, "prise": discord.ButtonStyle.primary,
              "garde": discord.ButtonStyle.primary, "garde_sans": discord.ButtonStyle.success,
              "garde_contre": discord.ButtonStyle.danger}
MAX_OPTIONS = 25


def who(names: dict[int, str], player: int | None) -> str:
    return seat_who(player, names)


def shown(code: str) -> str:
    """A card's notation as French Tarot text shows it: orientation means nothing in the game,
    so no `r` (a reversed card is the same card)."""
    return card(code).face.code


def card_label(code: str, style: str = "rws") -> str:
    """A card for a menu: its code and its name in the table's deck style."""
    return f"{shown(code)} · {tr(ft.tarot_name(card(code), style))}"


def trick_text(entries: list[dict[str, Any]], names: dict[int, str]) -> str:
    return ", ".join(f"{shown(entry['card'])} ({who(names, entry['player'])})" for entry in entries)


LAST_TRICK = N_("Last trick ({number})")
TRICK = N_("Trick {number}")


def taken_text(trick: dict[str, Any], names: dict[int, str], title: str = TRICK) -> str:
    """A finished trick with its cards: "Trick 3: 7C (alice), KC (bob), 2C (Computer 1) — taken by bob."."""
    plays = trick.get("plays") or trick.get("cards") or []
    return _("{heading}: {cards} — taken by {player}.", heading=_(title, number=trick["number"]),
             cards=trick_text(plays, names), player=who(names, trick["winner"]))


def sheet_text(sheet: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The score sheet as text: both piles counted group by group, the numbers, the shares."""
    lines = [_("**Hand {round}: {verdict}** (×{multiplier})", round=sheet["round"], verdict=verdict_text(sheet, names),
               multiplier=sheet["multiplier"])]
    for pile in sheet["piles"]:
        side = _("Taker's side") if pile["side"] == "taker" else _("Defence")
        groups = " + ".join(f"({' '.join(shown(c) for c in codes)}) {value}" for codes, value in pile["groups"])
        if pile.get("excuse_alone"):
            groups += _(" + (0 alone) 4")
        if pile.get("adjust"):
            groups += _(" {adjust} for the Excuse", adjust=pile["adjust"])
        lines.append(labelled(side, f"**{pile['points']}** = {groups}"))
    if sheet["excuse"]:
        lines.append(excuse_text(sheet))
    lines.append(_("Counted in twos, {method} method. ", method=_(METHODS.get(sheet["method"], sheet["method"])))
                 + _numbers(sheet, names))
    shares = ", ".join(f"{who(names, s['player'])} {s['delta']:+d}" for s in sheet["scores"])
    totals = " · ".join(f"{who(names, s['player'])} {s['total']:+d}" for s in sheet["scores"])
    # the sheet counts from the taker's side: each defender's figure has the other sign
    lines += [_("Per defender **{points:+d}** → {shares}", points=-sheet["per_defender"], shares=shares),
              _("Running totals: {totals}", totals=totals)]
    return lines


def excuse_text(sheet: dict[str, Any]) -> str:
    """How the Excuse was settled, in the reader's language (a sheet stored before the texts
    were marked keeps its English words)."""
    marked = sheet.get("excuse_text")
    return tr(Text.from_marked(marked)) if marked else sheet["excuse"]


def verdict_text(sheet: dict[str, Any], names: dict[int, str]) -> str:
    return verdict(sheet, names, render_words("tarot"))


def _numbers(sheet: dict[str, Any], names: dict[int, str]) -> str:
    rounded = "" if str(sheet["rounded"]) == sheet["points"] else f" → {sheet['rounded']}"
    parts = [_("Oudlers {oudlers} → {needed} needed", oudlers=sheet["oudlers"], needed=sheet["needed"]),
             _("points {points}", points=sheet["points"]) + rounded,
             _("difference {difference:+d}", difference=sheet["difference"]),
             f"(25 + {abs(sheet['difference'])}) × {sheet['multiplier']} = {sheet['base']}"]
    if sheet["petit_au_bout"]:
        parts.append(_("petit au bout {points:+d}", points=sheet["petit_au_bout"]))
    parts += [_("poignée {level} ({player}) {bonus} to the winners", level=_(LEVELS.get(p["level"], p["level"])),
                player=who(names, p["player"]), bonus=p["bonus"]) for p in sheet["poignees"]]
    if sheet["chelem"]:
        parts.append(_("chelem {points:+d}", points=sheet["chelem"]))
    return listed(parts) + "."


class TarotUI(GameUI):
    game = GAME

    drawer = staticmethod(render_tarot)
    words_domain = "tarot"
    rules = RULES

    def render(self, view: dict, names: dict[int, str], style: str) -> bytes:
        return render_tarot(self.drawn_view(view), names, style, render_words("tarot"))

    def drawn_view(self, view: dict) -> dict:
        """The sheet's note on the Excuse in the reader's language (the scored hand's, or the
        last one under the final ranking)."""
        if view.get("sheet", {}).get("excuse_text"):
            return {**view, "sheet": {**view["sheet"], "excuse": excuse_text(view["sheet"])}}
        last = view.get("last_round") or {}
        if last.get("sheet", {}).get("excuse_text"):
            return {**view, "last_round": self.drawn_view(last)}
        return view

    # --- the table message ------------------------------------------------------------------

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        if view["phase"] == "scored":
            return sheet_text(view["sheet"], names)
        if view["phase"] == "over":
            return self._final_lines(view, names)
        if view["phase"] == "passed":
            return [_("Hand {round} of {deals}: everyone passed; the next dealer deals.", round=view["round"],
                      deals=view["deals"])]
        lines = [_("Hand {round} of {deals} · dealer {dealer}", round=view["round"], deals=view["deals"],
                   dealer=who(names, view["dealer"]))]
        lines += [_("Deal annulled: {player} held the Petit sec ({cards}); dealt again.", player=who(names, a["player"]),
                    cards=" ".join(shown(c) for c in a["cards"])) for a in view.get("annulled") or []]
        lines += self._phase_lines(view, names)
        totals = " · ".join(f"{who(names, s['player'])} {s['total']:+d}" for s in view["seats"])
        lines.append(_("Totals: {totals}", totals=totals))
        return lines

    def _phase_lines(self, view: dict, names: dict[int, str]) -> list[str]:
        phase, turn = view["phase"], who(names, view.get("turn"))
        if phase == "bidding":
            spoken = [f"{who(names, b['player'])} {_(CONTRACTS[b['contract']])}" for b in view["bids"] if b["contract"]]
            return ([_("Bids: {bids}.", bids=", ".join(spoken))] if spoken else []) + [_("{player} to speak.", player=turn)]
        lines = [f"**{contract_text(view, names, words=render_words('tarot'))}**"]
        if view.get("partner") is not None:
            lines.append(_("Partner: {player} (played the called card).", player=who(names, view["partner"])))
        if view.get("dog"):
            lines.append(_("Dog: {cards}", cards=" ".join(shown(c) for c in view["dog"])))
        if phase == "calling":
            lines.append(_("{player} is calling a king (privately, from their hand's controls).", player=turn))
        elif phase == "discarding":
            lines.append(ngettext("{player} takes the dog and discards {n} card.",
                                  "{player} takes the dog and discards {n} cards.", view["dog_size"], player=turn))
        elif phase == "chelem":
            lines.append(_("{player} to announce a chelem or play on.", player=turn))
        else:
            lines.append(self._trick_line(view, names, turn))
        if view.get("chelem"):
            lines.append(_("Chelem announced by {player}.", player=who(names, view["taker"])))
        lines += [_("Poignée {level} of {player}: {cards}", level=_(LEVELS[s["poignee"]["level"]]),
                    player=who(names, s["player"]), cards=" ".join(shown(c) for c in s["poignee"]["cards"]))
                  for s in view["seats"] if s.get("poignee")]
        return lines

    def _trick_line(self, view: dict, names: dict[int, str], turn: str) -> str:
        last = view.get("last_trick")
        if view["trick"]:
            current = _("Trick {number}: {cards}. {player} to play.", number=view["trick_number"],
                        cards=trick_text(view["trick"], names), player=turn)
            return current + (f"\n{taken_text(last, names, LAST_TRICK)}" if last else "")
        return (f"{taken_text(last, names)} " if last else "") + _("{player} to lead.", player=turn)

    def _final_lines(self, view: dict, names: dict[int, str]) -> list[str]:
        lines = [ngettext("**Game over after {n} hand.** Final ranking:", "**Game over after {n} hands.** Final ranking:",
                          view["deals"])]
        lines += [f"{e['rank']}. {who(names, e['player'])} {e['total']:+d}" for e in view.get("ranking") or []]
        last = view.get("last_round")
        if last and last.get("sheet"):
            lines += [""] + sheet_text(last["sheet"], names)
        return lines

    def buttons(self, table: Table, view: dict) -> list[Control]:
        """On the table message: the bids (only the legal ones) and the chelem decision. The
        call is offered to the taker alone (DM, /hand): which courts may be called tells what the
        taker holds (a queen only with all four kings). Cards are played from the DM menu."""
        phase = view["phase"]
        if phase == "bidding":
            return bid_buttons(table)
        if phase == "chelem":
            return chelem_buttons()
        return []

    def action_for(self, code: str) -> Action | None:
        kind, _dot, rest = code.partition(".")
        if kind == "bid":
            return {"type": "bid", "contract": rest}
        if kind == "call":
            return {"type": "call", "card": rest}
        if kind == "discard":
            return {"type": "discard", "cards": rest.split(".")}
        if kind == "poignee":
            return {"type": "announce", "what": "poignee", "level": rest}
        if kind == "chelem":
            return {"type": "announce", "what": "chelem"}
        if kind == "nochelem":
            return {"type": "no_chelem"}
        return super().action_for(code)

    def select_action(self, code: str, values: list[str]) -> Action:
        if code == "discard":
            return {"type": "discard", "cards": list(values)}
        return {"type": "play", "card": values[0] if values else ""}

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: _describe(event, names))

    # --- private hands ----------------------------------------------------------------------

    def hand_players(self, table: Table, events: list[Event]) -> list[int]:
        """Everyone at a new deal (whoever must move is sent their turn by the presenter)."""
        if {e.kind for e in events} & {"started", "round_open"}:
            return [p for p in table.players() if p >= 0]
        return []

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[Control]]:
        if not table.active or player not in table.players():
            return _("You are not seated at this table."), None, []
        state = table.state
        view = ft.view(state, player)
        if view["phase"] == "over":
            return "\n".join(self._final_lines(view, names)), None, []
        seat = state.players.index(player)
        text = [(_("**French Tarot** — hand {round} of {deals}. ", round=view["round"], deals=view["deals"])
                 + _your_role(view, player)).rstrip()]
        text += _prompt(state, seat, view, names)
        controls = private_controls(state, seat)
        image = _hand_image(state, seat, view)
        return "\n".join(text), image, controls


def _describe(event: Event, names: dict[int, str]) -> str:
    data = event.data
    name = names[data["player"]] if "player" in data else ""
    if event.kind in TOLD:
        return TOLD[event.kind](data, name, names)
    if event.kind == "trick":
        # its cards were told as played
        return _("{player} takes trick {number}", player=names[data["winner"]], number=data["number"])
    if event.kind == "settled" and not data.get("passed"):
        scores = ", ".join(f"{names[int(p)]} {d:+}" for p, d in data["scores"].items())
        if data["made"]:
            return _("Hand {round} is scored: the contract is made; {scores}", round=data["round"], scores=scores)
        return _("Hand {round} is scored: the contract is lost; {scores}", round=data["round"], scores=scores)
    return seat_words(event, names)


def _cards(codes: list[str]) -> str:
    return " ".join(shown(c) for c in codes)


def _bid_told(d: dict[str, Any], n: str) -> str:
    if d["contract"] == "pass":
        return _("{player} passes", player=n)
    return _("{player} bids {contract}", player=n, contract=_(CONTRACTS[d["contract"]]))


def _discard_told(d: dict[str, Any], n: str) -> str:
    told = ngettext("{player} discards {n} card", "{player} discards {n} cards", d["count"], player=n)
    return told + (_(", showing the trumps {cards}", cards=_cards(d["trumps"])) if d["trumps"] else "")


TOLD: dict[str, Callable[[dict[str, Any], str, dict[int, str]], str]] = {
    "dealt": lambda d, n, names: _("Hand {round} is dealt by {player}", round=d["round"], player=names[d["dealer"]]),
    "bid": lambda d, n, names: _bid_told(d, n),
    "all_passed": lambda d, n, names: _("Everyone passed: the next dealer deals"),
    "taker": lambda d, n, names: _("{player} takes the contract: {contract}", player=n,
                                   contract=_(CONTRACTS[d["contract"]])),
    "called": lambda d, n, names: _("{player} calls {card}", player=n, card=shown(d["card"])) if d.get("card")
    else _("{player} calls a king", player=n),
    "dog": lambda d, n, names: _("The dog is shown: {cards}", cards=_cards(d["cards"])),
    "dog_unseen": lambda d, n, names: _("The dog stays face down and counts for the taker") if d["counts_for"] == "taker"
    else _("The dog stays face down and counts for the defence"),
    "discarded": lambda d, n, names: _discard_told(d, n),
    "chelem": lambda d, n, names: _("{player} announces a chelem", player=n),
    "poignee": lambda d, n, names: _("{player} shows a {level} poignée: {cards}", player=n,
                                     level=_(LEVELS.get(d["level"], d["level"])), cards=_cards(d["cards"])),
    "play_begins": lambda d, n, names: _("Play begins: {player} leads", player=names[d["leader"]]),
    "played": lambda d, n, names: _("{player} plays {card}", player=n, card=shown(d["card"])),
    "partner": lambda d, n, names: _("{player} plays the called card {card}: the partner is known", player=n,
                                     card=shown(d["card"])),
    "game_over": lambda d, n, names: _("The game is over: {ranking}", ranking=", ".join(
        f"{r['rank']}. {names[r['player']]} {r['total']}" for r in d["ranking"])),
}


def _your_role(view: dict, player: int) -> str:
    if view.get("taker") == player:
        return _("You are the taker ({contract}).", contract=_(CONTRACTS[view["contract"]]))
    if view.get("you_are_partner"):
        return _("You hold the called card {card}: you play with the taker.", card=view["called"])
    if view.get("taker") is not None:
        return _("You defend.")
    return ""


def _prompt(state: ft.State, seat: int, view: dict, names: dict[int, str]) -> list[str]:
    if ft.turn_seat(state) != seat:
        turn = view.get("turn")
        lines = [_("Waiting for {player}.", player=who(names, turn)) if turn is not None else ""]
        if view["trick"]:
            lines.append(_("On the table: {cards}.", cards=trick_text(view["trick"], names)))
        return lines + _last_trick_lines(view, names)
    phase = state.phase
    if phase == "bidding":
        return [_("**Your turn to bid.**")]
    if phase == "calling":
        return [_("**Call a king**: its holder plays with you, secretly until the card is played.")]
    if phase == "discarding":
        plain, trumps, _rest = ft.discard_options(state.hands[seat], len(state.dog))
        more = len(plain) + len(trumps) - MAX_OPTIONS
        note = _(" The menu lists {count} of them; `/tarot discard` takes any.", count=MAX_OPTIONS) if more > 0 else ""
        return [_("**Discard {count} cards** (no king, no oudler; a trump only if nothing else is possible). "
                  "The dog was {cards}.", count=len(state.dog), cards=_cards(view["dog"] or [])) + note]
    if phase == "chelem":
        return [_("**Announce a chelem** (all the tricks: +400 made, −200 failed) or play on.")]
    if view["trick"]:
        return [_("**Your turn to play.** On the table: {cards}.", cards=trick_text(view["trick"], names)),
                *_last_trick_lines(view, names)]
    return [_("**Your lead.**"), *_last_trick_lines(view, names)]


def _last_trick_lines(view: dict, names: dict[int, str]) -> list[str]:
    """The last trick taken, as a player at a real table may still look at it."""
    last = view.get("last_trick") if view.get("phase") == "playing" else None
    return [taken_text(last, names, LAST_TRICK)] if last else []


def _hand_image(state: ft.State, seat: int, view: dict) -> Drawing:
    """The hand drawn upright, its codes without `r`: orientation means nothing in French Tarot."""
    hand = [shown(c) for c in view["hand"]]
    style = state.options.style
    caption = _("Your hand · hand {round}", round=view["round"])
    info = ngettext("{n} card", "{n} cards", len(hand))
    if state.phase == "playing" and ft.turn_seat(state) == seat and len(view["legal"]) < len(hand):
        return Drawing(render_hand, hand, game_faces("french_tarot", style), caption=caption, info=info,
                       groups=[[shown(c) for c in view["legal"]]], labels=[_("Playable now")],
                       rest=_("Hand"))
    return Drawing(render_hand, hand, game_faces("french_tarot", style), caption=caption, info=info)


SHOW_POIGNEE = (N_("Show a simple poignée"), N_("Show a double poignée"), N_("Show a triple poignée"))


def bid_buttons(table: Table) -> list[Control]:
    if not table.active:
        return []
    return [ButtonSpec(_(CONTRACTS[c]), f"bid.{c}", BID_STYLES[c]) for c in ft.legal_bids(table.state)]


def call_buttons(state: ft.State) -> list[Control]:
    if state.taker is None:
        return []
    return [ButtonSpec(_("Call {card}", card=ft.tarot_name(c, state.options.style)), f"call.{c.code}",
                       discord.ButtonStyle.primary) for c in ft.callable_cards(state.hands[state.taker])]


def chelem_buttons() -> list[Control]:
    return [ButtonSpec(_("Play on"), "nochelem", discord.ButtonStyle.primary),
            ButtonSpec(_("Announce a chelem"), "chelem", discord.ButtonStyle.danger)]


def private_controls(state: ft.State, seat: int) -> list[Control]:
    """The moves legal now for this seat, as DM buttons and menus."""
    controls: list[Control] = []
    if ft.turn_seat(state) == seat:
        controls += _turn_controls(state, seat)
    controls += [ButtonSpec(_(SHOW_POIGNEE[level]), f"poignee.{ft.POIGNEE_LEVELS[level]}",
                            discord.ButtonStyle.success) for level in ft.poignee_levels(state, seat)[-1:]]
    return controls


def _turn_controls(state: ft.State, seat: int) -> list[Control]:
    phase = state.phase
    if phase == "bidding":
        return [ButtonSpec(_(CONTRACTS[c]), f"bid.{c}", BID_STYLES[c]) for c in ft.legal_bids(state)]
    if phase == "calling":
        return call_buttons(state)
    if phase == "chelem":
        return chelem_buttons()
    if phase == "discarding":
        return _discard_controls(state, seat)
    legal = ft.legal_cards(state, seat)
    options = tuple((card_label(c.code, state.options.style), c.code) for c in ft.sort_hand(legal))
    return [SelectSpec(_("Play a card"), "play", options[:MAX_OPTIONS])]


def _discard_controls(state: ft.State, seat: int) -> list[Control]:
    count = len(state.dog)
    plain, trumps, _forced = ft.discard_options(state.hands[seat], count)
    choices = ft.sort_hand(plain + trumps)[:MAX_OPTIONS]
    options = tuple((card_label(c.code, state.options.style), c.code) for c in choices)
    suggested = tarot_ai.choose_discard(state.hands[seat], count)
    return [SelectSpec(_("Choose the {count} cards to discard", count=count), "discard", options, count, count),
            ButtonSpec(_("Suggested: {cards}", cards=" ".join(c.face.code for c in suggested)),
                       "discard." + ".".join(c.code for c in suggested))]


# --- the commands ------------------------------------------------------------------------------


async def _my_seat(interaction: discord.Interaction) -> tuple[ft.State, int] | None:
    table = await autocomplete_table(interaction, GAME)
    if table is None or not table.active or interaction.user.id not in table.players():
        return None
    state = table.state
    return state, state.players.index(interaction.user.id)


def _choices(codes: list[str], current: str, style: str) -> list[app_commands.Choice[str]]:
    wanted = current.strip().lower()
    found = [c for c in codes if wanted in card_label(c, style).lower()]
    return [app_commands.Choice(name=card_label(c, style)[:100], value=c) for c in found][:MAX_OPTIONS]


CONTRACT_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in CONTRACTS.items()]
METHOD_CHOICES = [app_commands.Choice(name=m, value=m) for m in ft.counting.METHODS]
SETTLEMENT_CHOICES = [app_commands.Choice(name=s.replace("_", " "), value=s) for s in ft.SETTLEMENTS]
STYLE_CHOICES = [app_commands.Choice(name=s, value=s) for s in ft.DECK_STYLES]


class Tarot(commands.Cog):
    group = app_commands.Group(name="tarot", description="French Tarot: 3-5 players, bids, the dog, tricks, the counter")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open a French Tarot table in this channel")
    @app_commands.describe(players="Players at the table (3, 4 or 5)", bots="Seats the bot's computer players fill",
                           hands="Hands in the game (0: one dealt by each player)",
                           count_method="How the score sheet counts the piles",
                           excuse_settlement="How the score sheet settles the Excuse",
                           timer="Seconds per turn (0 = no timer)", style="Deck style of the images",
                           level=LEVEL_HELP)
    @app_commands.choices(count_method=METHOD_CHOICES, excuse_settlement=SETTLEMENT_CHOICES, style=STYLE_CHOICES,
                          level=LEVEL_CHOICES)
    @language_option
    async def create(self, interaction: discord.Interaction, players: app_commands.Range[int, 3, 5] = 4,
                     bots: app_commands.Range[int, 0, 4] = 0, hands: app_commands.Range[int, 0, ft.MAX_HANDS] = 0,
                     count_method: app_commands.Choice[str] | None = None,
                     excuse_settlement: app_commands.Choice[str] | None = None,
                     timer: app_commands.Range[int, 0, 600] = 120,
                     style: app_commands.Choice[str] | None = None,
                     level: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"players": players, "bots": bots, "hands": hands, "timer": timer,
                   "level": level.value if level else None,
                   "count_method": count_method.value if count_method else None,
                   "excuse_settlement": excuse_settlement.value if excuse_settlement else None,
                   "style": style.value if style else None}
        await create_table(interaction, GAME, options, None, language)

    @group.command(name="bid", description="Bid a contract, or pass")
    @app_commands.choices(contract=CONTRACT_CHOICES)
    async def bid(self, interaction: discord.Interaction, contract: app_commands.Choice[str],
                  table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "bid", "contract": contract.value}, table)

    @group.command(name="call", description="Five players: call the king whose holder plays with you")
    @app_commands.describe(king="The card to call, e.g. KC or king of cups")
    async def call(self, interaction: discord.Interaction, king: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "call", "card": read_cards(king)}, table)

    @group.command(name="discard", description="The taker's discard after taking the dog")
    @app_commands.describe(cards="The cards, e.g. 3C 5C 7C QS 2W 4W")
    async def discard(self, interaction: discord.Interaction, cards: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "discard", "cards": read_cards(cards)}, table)

    @group.command(name="play", description="Play a card to the trick")
    @app_commands.describe(card="The card, e.g. KC, 21, excuse")
    async def play_card(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "play", "card": read_cards(card)}, table)

    @group.command(name="announce", description="Show a poignée (before your first card) or announce a chelem (taker)")
    @app_commands.choices(what=[app_commands.Choice(name="poignée", value="poignee"),
                                app_commands.Choice(name="chelem", value="chelem")],
                          level=[app_commands.Choice(name=level, value=level) for level in ft.POIGNEE_LEVELS])
    async def announce(self, interaction: discord.Interaction, what: app_commands.Choice[str],
                       level: app_commands.Choice[str] | None = None, table: str | None = None) -> None:
        action: Action = {"type": "announce", "what": what.value}
        if level is not None:
            action["level"] = level.value
        await play(interaction, GAME, action, table)

    @play_card.autocomplete("card")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        mine = await _my_seat(interaction)
        if mine is None:
            return []
        state, seat = mine
        cards = ft.legal_cards(state, seat) or ft.sort_hand(state.hands[seat])
        return _choices([c.face.code for c in cards], current, state.options.style)

    @call.autocomplete("king")
    async def king_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        mine = await _my_seat(interaction)
        hand = mine[0].hands[mine[1]] if mine else []
        return _choices([c.face.code for c in ft.callable_cards(hand)], current, mine[0].options.style if mine else "rws")

    @discard.autocomplete("cards")
    async def discard_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        mine = await _my_seat(interaction)
        if mine is None or mine[0].phase != "discarding":
            return []
        state, seat = mine
        suggested = " ".join(c.face.code for c in tarot_ai.choose_discard(state.hands[seat], len(state.dog)))
        typed = current.split()
        plain, trumps, _forced = ft.discard_options(state.hands[seat], len(state.dog))
        rest = [c.face.code for c in ft.sort_hand(plain + trumps) if c.face.code not in typed]
        prefix = " ".join(typed)
        extended = [f"{prefix} {code}".strip() for code in rest]
        return [app_commands.Choice(name=_("Suggested: {cards}", cards=suggested), value=suggested)] + [
            app_commands.Choice(name=text[-100:], value=text[-100:]) for text in extended][:MAX_OPTIONS]

    @bid.autocomplete("table")
    @call.autocomplete("table")
    @discard.autocomplete("table")
    @play_card.autocomplete("table")
    @announce.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


register_ui(TarotUI())


async def setup(bot: TarotBot) -> None:
    read_cards("")  # the cards' names in every language, read once now rather than at the first typed card
    await bot.add_cog(Tarot(bot))
