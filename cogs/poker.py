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
from bot.tables import Table
from cogs.answers import language_option
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
from games.base import Action, Event, IllegalAction, mention, plural
from games.cards import card, card_name
from games.pots import pot_name
from renders.hand import render_hand
from renders.poker import render_poker

GAME = "poker"
MAX_CHIPS = 1_000_000_000
STREET_NAMES = {"preflop": "Before the flop", "flop": "Flop", "turn": "Turn", "river": "River",
                "predraw": "Before the draw", "draw": "The draw", "postdraw": "After the draw"}
MOVE_WORDS = {"check": "checks", "call": "calls {amount}", "bet": "bets {amount}", "raise": "raises to {amount}",
              "fold": "folds", "allin": "is all-in for {amount}"}


def _cards_text(codes: list[str | None]) -> str:
    return " ".join(c or "🂠" for c in codes) or "—"


def _seat(view: dict, player: int) -> dict | None:
    return next((s for s in view.get("seats", []) if s["player"] == player), None)


class PokerUI(GameUI):
    game = GAME

    drawer = staticmethod(render_poker)

    # --- the table message -------------------------------------------------------------

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        if view.get("final"):
            return self._result_lines(view, names)
        if view["phase"] == "waiting" and not people_in_play(view) and len(view["seats"]) > 1:
            return [f"{WAITING_FOR_A_PERSON} Press **Sit in** or `/table join` "
                    "and the next hand is dealt at once."]
        if view["phase"] == "waiting":
            return ["Waiting for a second player with chips: `/table join` to sit down."]
        lines = [f"{STREET_NAMES.get(view['phase'], view['phase'])} · pot **{view['pot']}** · "
                 f"blinds {view['small_blind']}/{view['big_blind']}"]
        if view["board"]:
            lines.append("Board: " + _cards_text(view["board"]))
        turn = view.get("turn")
        if turn and turn["action"] == "draw":
            lines.append(f"{who(turn['player'], names)} draws: discard with the menu in your DM or `/poker discard`.")
        elif turn:
            owed = f"{turn['to_call']} to call" if turn["to_call"] else "checking is free"
            lines.append(f"{who(turn['player'], names)} to act — {owed}.")
        return lines

    def _result_lines(self, view: dict, names: dict[int, str]) -> list[str]:
        lines = [f"Hand {view['round']} is over."]
        for i, pot in enumerate(view["pots"]):
            name = pot_name(i, len(view["pots"]))
            winners = " and ".join(names[p] for p in pot["winners"])
            why = f" — {pot['reason']}" if pot.get("reason") else ""
            lines.append(f"{name} of {pot['amount']} to **{winners}**{why}")
        for hand in view.get("hands", []):
            lines.append(f"{names[hand['player']]}: {_cards_text(hand['cards'])} — "
                         f"{hand['category']}" + (f" (wins {hand['won']})" if hand["won"] else ""))
        if view.get("board"):
            lines.append("Board: " + _cards_text(view["board"]))
        return lines

    def buttons(self, table: Table, view: dict) -> list[Control]:
        """The table message's buttons, everyone's to read: they name the moves the seat to act
        has, never its amounts (the status line says whose turn and what it owes; the actor's
        DM and /hand carry the amounts on their own buttons)."""
        turn = view.get("turn")
        if not turn or view.get("final"):
            return []
        if turn["action"] == "draw":
            return [ButtonSpec("Stand pat (draw none)", "discard", discord.ButtonStyle.secondary)]
        return self._betting_buttons(turn, amounts=False)

    def _betting_buttons(self, turn: dict, amounts: bool) -> list[ButtonSpec]:
        """`amounts`: the labels carry the actor's figures (only on the actor's own hand)."""
        legal = set(turn["legal"])
        owed, most = turn["to_call"], turn["max_to"]
        raise_low = turn["min_raise_to"] if turn["current_bet"] else turn["min_bet"]
        specs = [
            ("Check", "check", discord.ButtonStyle.secondary),
            (f"Call {owed}" if amounts and "call" in legal else "Call", "call", discord.ButtonStyle.primary),
            (f"Bet {raise_low}+" if amounts and "bet" in legal else "Bet…", "betform", discord.ButtonStyle.success),
            (f"Raise to {raise_low}+" if amounts and "raise" in legal else "Raise…", "raiseform",
             discord.ButtonStyle.success),
            ("Fold", "fold", discord.ButtonStyle.danger),
            (f"All-in {most}" if amounts and "allin" in legal else "All-in", "allin", discord.ButtonStyle.danger),
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
            return AmountForm("Your bet", table, {"type": "bet"}, step, turn["min_bet"], turn["max_to"])
        return AmountForm("Raise to (your total this betting round)", table, {"type": "raise"}, step,
                          turn["min_raise_to"], turn["max_to"])

    def select_action(self, code: str, values: list[str]) -> Action:
        return {"type": code, "cards": list(values)}

    def announcements(self, events: list[Event]) -> list[str]:
        """Players out of chips leave the table: the channel is told."""
        busted = [e.data["player"] for e in events if e.kind == "busted"]
        if not busted:
            return []
        out, one = ", ".join(mention(p) for p in busted), len(busted) == 1
        back = " `/daily` and `/table join` to come back." if any(p > 0 for p in busted) else ""
        return [f"{out} {'is' if one else 'are'} out of chips and {'leaves' if one else 'leave'} the table.{back}"]

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        if event.kind == "action":
            said = f"{name} {MOVE_WORDS[data['move']].format(amount=data['amount'])}"
            return said + (" (sitting out)" if data["auto"] else "")
        if event.kind == "draw":
            return f"{name} draws {plural(data['count'], 'card')}" if data["count"] else f"{name} stands pat"
        if event.kind == "turned":
            return f"{name} turns a card over"
        if event.kind == "dealt":
            small, big = data["blinds"]["small"], data["blinds"]["big"]
            return (f"Hand {data['hand']} is dealt: {names[data['button']]} has the button, "
                    f"{names[small[0]]} posts {small[1]}, {names[big[0]]} posts {big[1]}")
        if event.kind == "street" and not data["cards"]:
            return f"{STREET_NAMES.get(data['street'], data['street'])} begins"  # the draw: no card dealt
        if event.kind == "street":
            return f"{STREET_NAMES.get(data['street'], data['street'])}: {_cards_text(data['cards'])}"
        if event.kind == "uncalled":
            return f"{data['amount']} uncalled goes back to {name}"
        if event.kind == "showdown":
            return "Showdown: " + "; ".join(f"{names[h['player']]} shows {_cards_text(h['cards'])}"
                                            + (f" ({h['category']})" if h.get("category") else "")
                                            for h in data["hands"])
        if event.kind == "settled":
            won = [f"{names[r['player']]} wins {r['won']}" for r in data["results"] if r["won"]]
            return f"Hand {data['round']} is over: " + ", ".join(won) if won else f"Hand {data['round']} is over"
        return seat_words(event, names)

    # --- private hands -----------------------------------------------------------------

    def farewell(self, table: Table, player: int, names: dict[int, str]) -> str | None:
        """A player the last hand left without chips: how it ended, and that they are out."""
        last = (table.view(None) or {}).get("last_round")
        seat = _seat(last, player) if last else None
        if seat is None or seat["stack"] or seat.get("left"):
            return None
        return "\n".join(["**Major Poker** — you are out of chips and have left the table.",
                          *self._result_lines(last, names), "`/daily` and `/table join` to come back."])

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
            return self.farewell(table, player, names) or "You are not seated at this table.", None, []
        if not seat["in_hand"]:
            return (f"**Major Poker** — stack {plural(seat['stack'], 'chip')}. You'll be dealt in at the next hand.",
                    None, [])
        hole = seat["cards"]
        lines = [f"**Major Poker**, hand {view['round']} — stack {plural(seat['stack'], 'chip')}, pot {view['pot']}.",
                 "Your cards: " + ", ".join(card_name(card(c)) for c in hole if c)]
        if view["board"]:
            lines.append("Board: " + _cards_text(view["board"]))
        if seat["folded"]:
            lines.append("You folded this hand.")
        elif view["orientation"] == "best":
            lines.append("At the showdown I turn your cards for your best hand.")
        else:
            lines.append("Manual orientation: turn your cards before the showdown — what you set is shown.")
        turn = view.get("turn") or {}
        mine = turn.get("player") == player
        controls: list[Control] = []
        if mine and turn["action"] == "bet":
            owed = turn["to_call"]
            lines.append(f"**Your turn** — {owed} to call." if owed else "**Your turn** — checking is free.")
            controls += self._betting_buttons(turn, amounts=True)
        if mine and turn["action"] == "draw":
            lines.append("**Your draw** — pick the cards to replace, or stand pat.")
            options = tuple((card_name(card(c))[:100], c) for c in hole if c)
            controls.append(SelectSpec("Cards to discard", "discard", options, 1, len(options)))
            controls.append(ButtonSpec("Stand pat (draw none)", "discard"))
        if view["orientation"] == "manual" and not seat["folded"]:
            controls += [ButtonSpec(f"Turn {card_name(card(c), orientation=False)}"[:80], f"turn.{i}", lasting=True)
                         for i, c in enumerate(hole) if c][:5]
        image = self._hand_image(hole, view["board"], table)
        return "\n".join(lines), image, controls

    def _hand_image(self, hole: list[str | None], board: list[str], table: Table) -> Drawing | None:
        mine = [c for c in hole if c]
        if not mine:
            return None
        style = getattr(table.options, "style", "rws")
        if board:
            return Drawing(render_hand, [*mine, *board], style, caption="Your hand", groups=[mine, board],
                               labels=["Your cards", "Board"])
        return Drawing(render_hand, mine, style, caption="Your hand")


register_ui(PokerUI())


# --- commands ------------------------------------------------------------------------------


async def _my_hole(interaction: discord.Interaction) -> tuple[Table, list[str]]:
    table = await find_table(interaction, GAME)
    seat = _seat(table.view(interaction.user.id) or {}, interaction.user.id)
    return table, [c for c in (seat or {}).get("cards", []) if c]


async def _card_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        _, hole = await _my_hole(interaction)
    except IllegalAction:
        return []
    typed = current.lower()
    choices = []
    for code in hole:
        label = f"{code} — {card_name(card(code))}"
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
                          orientation=[app_commands.Choice(name=o, value=o) for o in poker.ORIENTATIONS],
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
            _, hole = await _my_hole(interaction)
        except IllegalAction:
            return []
        words = current.split()
        done = words if current.endswith(" ") else words[:-1]
        prefix = " ".join(done)
        choices = [app_commands.Choice(name="none (stand pat)", value="none")] if not done else []
        for code in hole:
            if code.upper() in (w.upper() for w in done):
                continue
            value = f"{prefix} {code}".strip()
            choices.append(app_commands.Choice(name=f"{value} — {card_name(card(code))}"[:100], value=value))
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
