"""Major Baccarat in Discord: /baccarat create and bet; Player / Banker / Tie buttons."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import N_, _
from bot.i18n import translated as tr
from bot.tables import Table
from cogs.answers import language_option
from cogs.common import AmountForm, ButtonSpec, GameUI, create_table, play, register_ui, table_choices
from cogs.last_moves import narrate, seat_words, sitting_out_once
from games import baccarat
from games.base import Action, Event, Text
from games.cards import cards
from games.house import chips_text
from renders.baccarat import render_baccarat

GAME = "baccarat"
MAX_CHIPS = 1_000_000_000
SPOTS = ("player", "banker", "tie")
BET_WORDS = {"player": N_("{player} bets {amount} on Player"), "banker": N_("{player} bets {amount} on Banker"),
             "tie": N_("{player} bets {amount} on Tie")}
BET_LINES = {"player": N_("{player}: {amount} on Player → {outcome}"),
             "banker": N_("{player}: {amount} on Banker → {outcome}"), "tie": N_("{player}: {amount} on Tie → {outcome}")}
BET_FORMS = {"player": N_("Bet on Player"), "banker": N_("Bet on Banker"), "tie": N_("Bet on Tie")}
RULES = N_(
    "Punto banco: bet on **Player**, **Banker** or **Tie**; the bot deals both hands by the usual tableau.\n"
    "• Counts are mod 10: courts and tens 0; **majors count their number mod 10** (the Fool, 10, 20 are 0).\n"
    "• **A hand holding a major beats one without**; then the higher count; equal counts: more reversed "
    "cards wins; else a tie.\n"
    "• Player pays 1:1, Banker 1:1 less 5% commission, Tie 8:1 (Player and Banker bets come back on a tie).\n"
    "Start: `/baccarat create`, then `/table join` and the host's `/table start`."
)


def _reason(shown: dict) -> str:
    """Why the coup went as it did, in the reader's language: the game's marked text, or said
    again from its cards where a stored round kept the English words only."""
    reason = shown.get("reason")
    if not reason:
        return ""
    if isinstance(reason, Text):  # the coup just played (its event, the live state): translated as it is
        return tr(reason)
    return tr(baccarat.reason(cards(shown["player_cards"]), cards(shown["banker_cards"])))


class BaccaratUI(GameUI):
    game = GAME
    rules = RULES
    words_domain = GAME

    drawer = staticmethod(render_baccarat)

    def drawn_view(self, view: dict) -> dict:
        """The coup's reason in the reader's language (the render looks nothing up)."""
        last = view.get("last_round")
        return {**view, "reason": _reason(view) or None,
                "last_round": self.drawn_view(last) if last else last}

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        if view["phase"] == "betting":
            waiting = [names[s["player"]] for s in view["seats"]
                       if s["bet"] is None and not s["passed"] and not s["sitting_out"]]
            lines = [_("Bets open: Player, Banker or Tie, {low}–{high} chips.", low=view["min_bet"], high=view["max_bet"])]
            if waiting:
                lines.append(_("Waiting for: {players}", players=", ".join(waiting)))
            return lines
        lines = [_("Player {player_cards} = **{player}** · Banker {banker_cards} = **{banker}**",
                   player_cards=" ".join(view["player_cards"]), player=view["player_count"],
                   banker_cards=" ".join(view["banker_cards"]), banker=view["banker_count"]),
                 f"**{_reason(view)}.**"]
        for seat in view["seats"]:
            if seat["bet"]:
                amount, net = seat["bet"]["amount"], (seat["payout"] or 0) - seat["bet"]["amount"]
                lines.append(_(BET_LINES[seat["bet"]["on"]], player=names[seat["player"]], amount=amount,
                               outcome=tr(chips_text(net)) if net else _("a push, the bet comes back")))
        return lines

    def turn_in_dm(self, table: Table) -> bool:
        return False  # bets are placed on the table message

    def buttons(self, table: Table, view: dict) -> list[ButtonSpec]:
        if view["phase"] != "betting":
            return []
        return [ButtonSpec(_("Player"), "form.player", discord.ButtonStyle.primary),
                ButtonSpec(_("Banker"), "form.banker", discord.ButtonStyle.danger),
                ButtonSpec(_("Tie"), "form.tie", discord.ButtonStyle.success),
                ButtonSpec(_("Sit this one out"), "pass")]

    def action_for(self, code: str) -> Action | None:
        return None if code.startswith("form.") else super().action_for(code)

    def form_for(self, table: Table, player: int, code: str, step: str) -> discord.ui.Modal | None:
        spot = code.split(".", 1)[1]
        if spot not in SPOTS:
            return None
        view = table.view(None) or {}
        return AmountForm(_(BET_FORMS[spot]), table, {"type": "bet", "on": spot}, step,
                          view.get("min_bet", 1), view.get("max_bet", 1))

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(sitting_out_once(events), lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        if event.kind == "bet":
            return _(BET_WORDS[data["on"]], player=names[data["player"]], amount=data["amount"])
        if event.kind == "pass":
            return _("{player} sits this round out", player=names[data["player"]])
        if event.kind == "settled":
            told = [_("{player} {chips}", player=names[r["player"]], chips=tr(chips_text(r["net"]))) if r["net"]
                    else _("{player} gets the bet back", player=names[r["player"]]) for r in data["results"]]
            coup = _("Round {round}: Player {player_cards} = {player}, Banker {banker_cards} = {banker} — {reason}",
                     round=data["round"], player_cards=" ".join(data["player_cards"]), player=data["player_count"],
                     banker_cards=" ".join(data["banker_cards"]), banker=data["banker_count"],
                     reason=_reason(data))
            return coup + (f"; {', '.join(told)}" if told else "")
        return seat_words(event, names, "round")


register_ui(BaccaratUI())


class Baccarat(commands.Cog):
    group = app_commands.Group(name="baccarat", description="Major Baccarat: punto banco where majors beat minors")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open a Major Baccarat table in this channel")
    @app_commands.describe(min_bet="Smallest bet", max_bet="Largest bet", decks="Decks in the shoe (1-4)",
                           commission="Banker commission in percent (5 or 0)",
                           timer="Seconds for the betting window (0 = no timer)",
                           buy_in="Chips you bring from your wallet")
    @app_commands.choices(commission=[app_commands.Choice(name="5%", value=5), app_commands.Choice(name="none", value=0)])
    @language_option
    async def create(self, interaction: discord.Interaction,
                     min_bet: app_commands.Range[int, 1, 100_000] = 10,
                     max_bet: app_commands.Range[int, 1, 1_000_000] = 500,
                     decks: app_commands.Range[int, 1, 4] = 2,
                     commission: app_commands.Choice[int] | None = None,
                     timer: app_commands.Range[int, 0, 600] = 60,
                     buy_in: app_commands.Range[int, 1, MAX_CHIPS] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"min_bet": min_bet, "max_bet": max_bet, "decks": decks, "timer": timer,
                   "commission": commission.value if commission else 5}
        await create_table(interaction, GAME, options, buy_in, language)

    @group.command(name="bet", description="Bet on Player, Banker or Tie for the next round")
    @app_commands.choices(on=[app_commands.Choice(name=s.title(), value=s) for s in SPOTS])
    async def bet(self, interaction: discord.Interaction, on: app_commands.Choice[str],
                  amount: app_commands.Range[int, 1, MAX_CHIPS], table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "bet", "on": on.value, "amount": amount}, table)

    @bet.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Baccarat(bot))
