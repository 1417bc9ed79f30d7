"""Major Poker in Discord: /poker create and the betting commands, the table's Check / Call /
Bet… / Raise… / Fold / All-in buttons (only the legal ones enabled; the amounts only on the
actor's own DM and /hand buttons), amounts by form, hole cards by DM (with Turn buttons at
`manual` tables and the discard menu at the draw), and a notice in the channel and in their
last DM when a player busts out."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import _, labelled, ngettext
from bot.i18n import translated as tr
from bot.tables import Table
from cogs.answers import language_option, own_choices
from cogs.common import (
    WAITING_FOR_A_PERSON,
    AmountForm,
    ButtonSpec,
    Control,
    Drawing,
    GameUI,
    SelectSpec,
    create_table,
    find_table,
    people_in_play,
    play,
    register_ui,
    table_choices,
    who,
)
from cogs.last_moves import narrate, seat_words
from cogs.option_words import LEVEL_CHOICES, LEVEL_HELP
from games import poker
from games.base import N_, Action, Event, IllegalAction, Text, mention
from games.cards import card, card_name
from games.pots import pot_name
from renders.hand import render_hand
from renders.poker import render_poker

GAME = "poker"
MAX_CHIPS = 1_000_000_000
STREET_NAMES = {"preflop": N_("Before the flop"), "flop": N_("Flop"), "turn": N_("Turn"), "river": N_("River"),
                "predraw": N_("Before the draw"), "draw": N_("The draw"), "postdraw": N_("After the draw")}
MOVE_WORDS = {"check": N_("{player} checks"), "call": N_("{player} calls {amount}"), "bet": N_("{player} bets {amount}"),
              "raise": N_("{player} raises to {amount}"), "fold": N_("{player} folds"),
              "allin": N_("{player} is all-in for {amount}")}
STAND_PAT = N_("Stand pat (draw none)")
MAJOR_POKER = N_("**Major Poker**")
# The short rules /rules shows (in the reader's language).
RULES = N_(
    "No-limit **hold'em** (2 hole cards, 5 on the board, best five of seven) or five-card **draw** (one draw, "
    "two betting rounds), blinds, side pots.\n"
    "• Majors are three extra suits: First {0, 21}, Second {1–10}, Third {11–20}; a major ranks by its last "
    "digit (1, 11, 21 are Aces; 0, 10, 20 are tens) and never has courts.\n"
    "• **Any hand holding a major beats every hand without one** — a royal flush loses to a major high card.\n"
    "• Cards are of a kind only with the same rank **and orientation**: a reversed pair beats the same pair "
    "upright. Straights and flushes ignore orientation. Straight flush ranks above five of a kind.\n"
    "• Orientation `best`: your hole cards are turned for your best hand at showdown; `manual`: you turn them "
    "in your DM (or `/poker turn`).\n"
    "• `/poker check | call | bet | raise | fold | allin`, `/poker discard` at the draw; `/history` for your last hands.\n"
    "Start: `/poker create`, then `/table join` and the host's `/table start`."
)


def _cards_text(codes: list[str | None]) -> str:
    return " ".join(c or "🂠" for c in codes) or "—"


def _seat(view: dict, player: int) -> dict | None:
    return next((s for s in view.get("seats", []) if s["player"] == player), None)


def _street(street: str) -> str:
    return _(STREET_NAMES[street]) if street in STREET_NAMES else street


def _reason(pot: dict) -> str:
    """Why a pot went where it did, in the reader's language (a reason stored before a restart
    is English)."""
    if pot.get("reason_text"):
        return tr(Text.from_marked(pot["reason_text"]))
    return pot.get("reason") or ""


def _category(hand: dict) -> str:
    return _(hand["category"]) if hand.get("category") else ""


def _and(players: list[str]) -> str:
    """"alice", "alice and bob", "alice and bob and carol"."""
    said = players[0] if players else ""
    for other in players[1:]:
        said = _("{first} and {second}", first=said, second=other)
    return said


class PokerUI(GameUI):
    game = GAME

    drawer = staticmethod(render_poker)
    words_domain = "poker"
    rules = RULES

    def drawn_view(self, view: dict) -> dict:
        """The pots' reasons in the reader's language (the render looks nothing up)."""
        if view.get("pots") and any(p.get("reason") for p in view["pots"]):
            view = {**view, "pots": [{**p, "reason": _reason(p) or None, "reason_text": None} for p in view["pots"]]}
        last = view.get("last_round")
        if last and last.get("pots"):
            view = {**view, "last_round": self.drawn_view(last)}
        return view

    # --- the table message -------------------------------------------------------------

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        if view.get("final"):
            return self._result_lines(view, names)
        if view["phase"] == "waiting" and not people_in_play(view) and len(view["seats"]) > 1:
            return [_("{waiting} Press **Sit in** or `/table join` and the next hand is dealt at once.",
                      waiting=_(WAITING_FOR_A_PERSON))]
        if view["phase"] == "waiting":
            return [_("Waiting for a second player with chips: `/table join` to sit down.")]
        lines = [_("{street} · pot **{pot}** · blinds {small}/{big}", street=_street(view["phase"]), pot=view["pot"],
                   small=view["small_blind"], big=view["big_blind"])]
        if view["board"]:
            lines.append(_("Board: {cards}", cards=_cards_text(view["board"])))
        turn = view.get("turn")
        if turn and turn["action"] == "draw":
            lines.append(_("{player} draws: discard with the menu in your DM or `/poker discard`.",
                           player=who(turn["player"], names)))
        elif turn and turn["to_call"]:
            lines.append(_("{player} to act — {owed} to call.", player=who(turn["player"], names), owed=turn["to_call"]))
        elif turn:
            lines.append(_("{player} to act — checking is free.", player=who(turn["player"], names)))
        return lines

    def _result_lines(self, view: dict, names: dict[int, str]) -> list[str]:
        lines = [_("Hand {number} is over.", number=view["round"])]
        for i, pot in enumerate(view["pots"]):
            name = tr(pot_name(i, len(view["pots"])))
            winners = _and([names[p] for p in pot["winners"]])
            reason = _reason(pot)
            lines.append(_("{pot} of {amount} to **{players}** — {reason}", pot=name, amount=pot["amount"],
                           players=winners, reason=reason) if reason
                         else _("{pot} of {amount} to **{players}**", pot=name, amount=pot["amount"], players=winners))
        for hand in view.get("hands", []):
            shown = _("{player}: {cards} — {category}", player=names[hand["player"]], cards=_cards_text(hand["cards"]),
                      category=_category(hand))
            lines.append(shown + (_(" (wins {amount})", amount=hand["won"]) if hand["won"] else ""))
        if view.get("board"):
            lines.append(_("Board: {cards}", cards=_cards_text(view["board"])))
        return lines

    def buttons(self, table: Table, view: dict) -> list[Control]:
        """The table message's buttons, everyone's to read: they name the moves the seat to act
        has, never its amounts (the status line says whose turn and what it owes; the actor's
        DM and /hand carry the amounts on their own buttons)."""
        turn = view.get("turn")
        if not turn or view.get("final"):
            return []
        if turn["action"] == "draw":
            return [ButtonSpec(_(STAND_PAT), "discard", discord.ButtonStyle.secondary)]
        return self._betting_buttons(turn, amounts=False)

    def _betting_buttons(self, turn: dict, amounts: bool) -> list[ButtonSpec]:
        """`amounts`: the labels carry the actor's figures (only on the actor's own hand)."""
        legal = set(turn["legal"])
        owed, most = turn["to_call"], turn["max_to"]
        raise_low = turn["min_raise_to"] if turn["current_bet"] else turn["min_bet"]
        specs = [
            (_("Check"), "check", discord.ButtonStyle.secondary),
            (_("Call {amount}", amount=owed) if amounts and "call" in legal else _("Call"), "call",
             discord.ButtonStyle.primary),
            (_("Bet {amount}+", amount=raise_low) if amounts and "bet" in legal else _("Bet…"), "betform",
             discord.ButtonStyle.success),
            (_("Raise to {amount}+", amount=raise_low) if amounts and "raise" in legal else _("Raise…"), "raiseform",
             discord.ButtonStyle.success),
            (_("Fold"), "fold", discord.ButtonStyle.danger),
            (_("All-in {amount}", amount=most) if amounts and "allin" in legal else _("All-in"), "allin",
             discord.ButtonStyle.danger),
        ]
        codes = {"betform": "bet", "raiseform": "raise"}
        return [ButtonSpec(label, code, style, disabled=codes.get(code, code) not in legal)
                for label, code, style in specs]

    def action_for(self, code: str) -> Action | None:
        if code in ("betform", "raiseform"):
            return None
        if code.startswith("turn."):
            return {"type": "turn", "card": int(code.split(".", 1)[1])}
        if code == "discard":
            return {"type": "discard", "cards": []}
        return {"type": code}

    def form_for(self, table: Table, player: int, code: str, step: str) -> discord.ui.Modal | None:
        """The amount form, for the seat to act alone: anyone else is refused before it opens
        (its range would be another seat's)."""
        turn = (table.view(player) or {}).get("turn") or {}
        if turn.get("action") != "bet":
            return None
        poker.verify_betting_turn(table.state, player)
        if code == "betform":
            return AmountForm(_("Your bet"), table, {"type": "bet"}, step, turn["min_bet"], turn["max_to"])
        return AmountForm(_("Raise to (your total this betting round)"), table, {"type": "raise"}, step,
                          turn["min_raise_to"], turn["max_to"])

    def select_action(self, code: str, values: list[str]) -> Action:
        return {"type": code, "cards": list(values)}

    def announcements(self, events: list[Event], names: dict[int, str]) -> list[str]:
        """Players out of chips leave the table: the channel is told."""
        busted = [e.data["player"] for e in events if e.kind == "busted"]
        if not busted:
            return []
        out = ", ".join(mention(p) for p in busted)
        said = ngettext("{players} is out of chips and leaves the table.",
                        "{players} are out of chips and leave the table.", len(busted), players=out)
        back = _(" `/daily` and `/table join` to come back.") if any(p > 0 for p in busted) else ""
        return [said + back]

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        if event.kind == "action":
            said = _(MOVE_WORDS[data["move"]], player=name, amount=data["amount"])
            return _("{move} (sitting out)", move=said) if data["auto"] else said
        if event.kind == "draw":
            return ngettext("{player} draws {n} card", "{player} draws {n} cards", data["count"], player=name) \
                if data["count"] else _("{player} stands pat", player=name)
        if event.kind == "turned":
            return _("{player} turns a card over", player=name)
        if event.kind == "dealt":
            small, big = data["blinds"]["small"], data["blinds"]["big"]
            return _("Hand {number} is dealt: {button} has the button, {small} posts {small_blind}, "
                     "{big} posts {big_blind}", number=data["hand"], button=names[data["button"]], small=names[small[0]],
                     small_blind=small[1], big=names[big[0]], big_blind=big[1])
        if event.kind == "street" and not data["cards"]:
            return _("{street} begins", street=_street(data["street"]))  # the draw: no card dealt
        if event.kind == "street":
            return labelled(_street(data["street"]), _cards_text(data["cards"]))
        if event.kind == "uncalled":
            return _("{amount} uncalled goes back to {player}", amount=data["amount"], player=name)
        if event.kind == "showdown":
            return _("Showdown: {hands}", hands="; ".join(self._shown(h, names) for h in data["hands"]))
        if event.kind == "settled":
            won = [_("{player} wins {amount}", player=names[r["player"]], amount=r["won"]) for r in data["results"]
                   if r["won"]]
            return _("Hand {number} is over: {winners}", number=data["round"], winners=", ".join(won)) if won \
                else _("Hand {number} is over", number=data["round"])
        return seat_words(event, names)

    def _shown(self, hand: dict, names: dict[int, str]) -> str:
        shown = _("{player} shows {cards}", player=names[hand["player"]], cards=_cards_text(hand["cards"]))
        return shown + (f" ({_category(hand)})" if hand.get("category") else "")

    # --- private hands -----------------------------------------------------------------

    def farewell(self, table: Table, player: int, names: dict[int, str]) -> str | None:
        """A player the last hand left without chips: how it ended, and that they are out."""
        last = (table.view(None) or {}).get("last_round")
        seat = _seat(last, player) if last else None
        if seat is None or seat["stack"] or seat.get("left"):
            return None
        return "\n".join([_("**Major Poker** — you are out of chips and have left the table."),
                          *self._result_lines(last, names), _("`/daily` and `/table join` to come back.")])

    def hand_players(self, table: Table, events: list[Event]) -> list[int]:
        view = table.view(None) or {}
        kinds = {e.kind for e in events}
        players: list[int] = []
        if kinds & {"dealt", "started"}:
            players += [s["player"] for s in view.get("seats", []) if s["in_hand"]]
        players += [e.data["player"] for e in events if e.kind == "draw" and e.data["count"]]
        unique: list[int] = []
        for player in players:
            if player > 0 and player not in unique:
                unique.append(player)
        return unique

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[Control]]:
        view = table.view(player) or {}
        seat = _seat(view, player)
        if seat is None:
            return self.farewell(table, player, names) or _("You are not seated at this table."), None, []
        if not seat["in_hand"]:
            return (ngettext("**Major Poker** — stack {n} chip. You'll be dealt in at the next hand.",
                             "**Major Poker** — stack {n} chips. You'll be dealt in at the next hand.", seat["stack"]),
                    None, [])
        hole = seat["cards"]
        lines = [ngettext("**Major Poker**, hand {number} — stack {n} chip, pot {pot}.",
                          "**Major Poker**, hand {number} — stack {n} chips, pot {pot}.", seat["stack"],
                          number=view["round"], pot=view["pot"]),
                 _("Your cards: {cards}", cards=", ".join(tr(card_name(card(c))) for c in hole if c))]
        if view["board"]:
            lines.append(_("Board: {cards}", cards=_cards_text(view["board"])))
        if seat["folded"]:
            lines.append(_("You folded this hand."))
        elif view["orientation"] == "best":
            lines.append(_("At the showdown I turn your cards for your best hand."))
        else:
            lines.append(_("Manual orientation: turn your cards before the showdown — what you set is shown."))
        turn = view.get("turn") or {}
        mine = turn.get("player") == player
        controls: list[Control] = []
        if mine and turn["action"] == "bet":
            owed = turn["to_call"]
            lines.append(_("**Your turn** — {owed} to call.", owed=owed) if owed
                         else _("**Your turn** — checking is free."))
            controls += self._betting_buttons(turn, amounts=True)
        if mine and turn["action"] == "draw":
            lines.append(_("**Your draw** — pick the cards to replace, or stand pat."))
            options = tuple((tr(card_name(card(c)))[:100], c) for c in hole if c)
            controls.append(SelectSpec(_("Cards to discard"), "discard", options, 1, len(options)))
            controls.append(ButtonSpec(_(STAND_PAT), "discard"))
        if view["orientation"] == "manual" and not seat["folded"]:
            controls += [ButtonSpec(_("Turn {card}", card=tr(card_name(card(c), orientation=False)))[:80], f"turn.{i}",
                                    lasting=True) for i, c in enumerate(hole) if c][:5]
        image = self._hand_image(hole, view["board"], table)
        return "\n".join(lines), image, controls

    def _hand_image(self, hole: list[str | None], board: list[str], table: Table) -> Drawing | None:
        mine = [c for c in hole if c]
        if not mine:
            return None
        style = getattr(table.options, "style", "rws")
        info = ngettext("{n} card", "{n} cards", len(mine) + len(board))
        if board:
            return Drawing(render_hand, [*mine, *board], style, caption=_("Your hand"), groups=[mine, board],
                           labels=[_("Your cards"), _("Board")], info=info)
        return Drawing(render_hand, mine, style, caption=_("Your hand"), info=info)


register_ui(PokerUI())


# --- commands ------------------------------------------------------------------------------


async def _my_hole(interaction: discord.Interaction) -> tuple[Table, list[str]]:
    table = await find_table(interaction, GAME)
    seat = _seat(table.view(interaction.user.id) or {}, interaction.user.id)
    return table, [c for c in (seat or {}).get("cards", []) if c]


async def _card_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        _table, hole = await _my_hole(interaction)
    except IllegalAction:
        return []
    typed = current.lower()
    choices = []
    for code in hole:
        label = f"{code} — {tr(card_name(card(code)))}"
        if typed in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=code))
    return choices[:25]


class Poker(commands.Cog):
    group = app_commands.Group(name="poker", description="Major Poker: hold'em and draw; majors beat minors")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open a Major Poker table in this channel")
    @app_commands.describe(small_blind="Small blind", big_blind="Big blind",
                           min_buy_in="Smallest buy-in, in big blinds", max_buy_in="Largest buy-in, in big blinds",
                           format="holdem (2-10 seats) or draw (five-card draw, 2-8 seats)",
                           orientation="best: your cards are turned for your best hand; manual: you turn them",
                           timer="Seconds per turn (0 = no timer)", buy_in="Chips you bring from your wallet",
                           bots="Seats the bot's computer players fill (they bring your stack, lent by the house)",
                           level=LEVEL_HELP)
    @app_commands.choices(format=[app_commands.Choice(name=f, value=f) for f in poker.FORMATS],
                          orientation=own_choices("poker", poker.ORIENTATIONS),
                          level=LEVEL_CHOICES)
    @language_option
    async def create(self, interaction: discord.Interaction,
                     small_blind: app_commands.Range[int, 1, 1_000_000] = 5,
                     big_blind: app_commands.Range[int, 1, 2_000_000] = 10,
                     min_buy_in: app_commands.Range[int, 1, 10_000] = 20,
                     max_buy_in: app_commands.Range[int, 1, 10_000] = 100,
                     format: app_commands.Choice[str] | None = None,
                     orientation: app_commands.Choice[str] | None = None,
                     timer: app_commands.Range[int, 0, 600] = 60,
                     buy_in: app_commands.Range[int, 1, MAX_CHIPS] | None = None,
                     bots: app_commands.Range[int, 0, poker.MAX_SEATS - 1] = 0,
                     level: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"small_blind": small_blind, "big_blind": big_blind, "min_buy_in": min_buy_in,
                   "max_buy_in": max_buy_in, "format": format.value if format else "holdem",
                   "orientation": orientation.value if orientation else "best", "timer": timer, "bots": bots,
                   "level": level.value if level else "normal"}
        await create_table(interaction, GAME, options, buy_in, language)

    @group.command(name="check", description="Check: pass the action without betting")
    async def check(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "check"}, table)

    @group.command(name="call", description="Call the bet")
    async def call(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "call"}, table)

    @group.command(name="bet", description="Make the first bet of this betting round")
    @app_commands.describe(amount="Chips to bet")
    async def bet(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_CHIPS],
                  table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "bet", "amount": amount}, table)

    @group.command(name="raise", description="Raise to a total for this betting round")
    @app_commands.describe(to="Your total bet this betting round after the raise")
    async def raise_(self, interaction: discord.Interaction, to: app_commands.Range[int, 1, MAX_CHIPS],
                     table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "raise", "amount": to}, table)

    @group.command(name="fold", description="Fold your hand")
    async def fold(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "fold"}, table)

    @group.command(name="allin", description="Put all your chips in")
    async def allin(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "allin"}, table)

    @group.command(name="turn", description="Turn one of your hole cards (manual orientation tables)")
    @app_commands.describe(card="The card to turn, e.g. KC or 'king of cups'")
    async def turn(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "turn", "card": card}, table)

    @group.command(name="discard", description="At the draw: the cards to replace ('none' to stand pat)")
    @app_commands.describe(cards="Cards to discard, e.g. '2W 7C 16', or 'none'")
    async def discard(self, interaction: discord.Interaction, cards: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "discard", "cards": cards}, table)

    @turn.autocomplete("card")
    async def turn_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _card_choices(interaction, current)

    @discard.autocomplete("cards")
    async def discard_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The cards typed so far, followed by each card still in the hand."""
        try:
            _table, hole = await _my_hole(interaction)
        except IllegalAction:
            return []
        words = current.split()
        done = words if current.endswith(" ") else words[:-1]
        prefix = " ".join(done)
        choices = [app_commands.Choice(name=_("none (stand pat)"), value="none")] if not done else []
        for code in hole:
            if code.upper() in (w.upper() for w in done):
                continue
            value = f"{prefix} {code}".strip()
            choices.append(app_commands.Choice(name=f"{value} — {tr(card_name(card(code)))}"[:100], value=value))
        return choices[:25]

    @check.autocomplete("table")
    @call.autocomplete("table")
    @bet.autocomplete("table")
    @raise_.autocomplete("table")
    @fold.autocomplete("table")
    @allin.autocomplete("table")
    @turn.autocomplete("table")
    @discard.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Poker(bot))
