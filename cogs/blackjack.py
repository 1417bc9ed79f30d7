"""Major Blackjack in Discord: /blackjack create, bet, hit, stand, double, split; the table's
buttons; the player's hand by DM when it is their turn."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.tables import Table
from cogs.answers import language_option
from cogs.common import (
    AmountForm,
    ButtonSpec,
    Drawing,
    GameUI,
    create_table,
    play,
    register_ui,
    table_choices,
    who,
)
from cogs.last_moves import narrate, seat_words
from games import blackjack
from games.base import Action, Event, plural
from games.cards import card, card_name
from renders.blackjack import hand_bet_text, render_blackjack
from renders.cards import game_faces
from renders.hand import render_hand

GAME = "blackjack"
MAX_CHIPS = 1_000_000_000
MOVE_WORDS = {  # a player's move in words, after their name
    "bet": "bets {amount}",
    "pass": "sits this round out",
    "stand": "stands",
    "split": "splits",
    "turned": "turns {now}",
}
RESULT_WORDS = {"win": "wins", "blackjack": "wins with a blackjack", "push": "pushes", "loss": "loses"}


def hand_text(hand: dict) -> str:
    shown = " ".join(hand["cards"]) or "—"
    return f"{shown} = **{hand['total']}**"


class BlackjackUI(GameUI):
    game = GAME

    drawer = staticmethod(render_blackjack)

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        phase = view["phase"]
        if phase == "betting":
            waiting = [names[s["player"]] for s in view["seats"]
                       if s["bet"] is None and not s["passed"] and not s["sitting_out"]]
            lines = [f"Betting is open: {view['min_bet']}–{view['max_bet']} chips."]
            if waiting:
                lines.append("Waiting for: " + ", ".join(waiting))
        elif phase == "playing" and view["turn"]:
            turn = view["turn"]
            seat = next((s for s in view["seats"] if s["player"] == turn["player"]), {"hands": []})
            which = f" (hand {turn['hand'] + 1})" if turn["hand"] or len(seat["hands"]) > 1 else ""  # split: each named
            lines = [f"{who(turn['player'], names)} to play{which}."]
        else:
            lines = [self._result_line(seat, names) for seat in view["seats"] if seat["hands"]]
        dealer = view["dealer"]
        if dealer["cards"]:
            total = f" = **{dealer['total']}**" if dealer["total"] is not None else ""
            lines.append("Dealer: " + " ".join(c or "🂠" for c in dealer["cards"]) + total)
        return lines

    def _result_line(self, seat: dict, names: dict[int, str]) -> str:
        parts = []
        for hand in seat["hands"]:
            word = RESULT_WORDS.get(hand["result"] or "", hand["status"])
            net = f" ({hand['payout'] - hand['bet']:+})" if hand.get("payout") is not None else ""
            why = f" — {hand['reason']}" if hand.get("reason") else ""
            parts.append(f"{hand_text(hand)} {word}{net}{why}")
        return f"{names[seat['player']]}: " + "; ".join(parts)

    def buttons(self, table: Table, view: dict) -> list[ButtonSpec]:
        if view["phase"] == "betting":
            low, high = view["min_bet"], view["max_bet"]
            amounts = sorted({low, min(high, low * 5), min(high, low * 10)})
            bets = [ButtonSpec(f"Bet {a}", f"bet.{a}", discord.ButtonStyle.success) for a in amounts]
            return [*bets, ButtonSpec("Other amount…", "betform"), ButtonSpec("Sit this one out", "pass")]
        if view["phase"] != "playing" or not view["turn"]:
            return []
        legal = {a["type"] for a in blackjack.legal_actions(table.state, view["turn"]["player"])}
        moves = [("Hit", "hit", discord.ButtonStyle.primary), ("Stand", "stand", discord.ButtonStyle.secondary),
                 ("Double", "double", discord.ButtonStyle.secondary), ("Split", "split", discord.ButtonStyle.secondary)]
        return [ButtonSpec(label, code, style, disabled=code not in legal) for label, code, style in moves]

    def action_for(self, code: str) -> Action | None:
        if code == "betform":
            return None
        if code.startswith("turn."):
            _, hand, position = code.split(".")
            return {"type": "turn", "hand": int(hand), "card": int(position)}
        return super().action_for(code)

    def form_for(self, table: Table, player: int, code: str, step: str) -> discord.ui.Modal | None:
        view = table.view(None) or {}
        return AmountForm("Your bet", table, {"type": "bet"}, step, view.get("min_bet", 1), view.get("max_bet", 1))

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(events, lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        which = f" (hand {data['hand'] + 1})" if data.get("hand") else ""
        if event.kind in ("hit", "double"):
            did = "hits" if event.kind == "hit" else "doubles"
            bust = ", bust" if data["status"] == "bust" else ""
            return f"{name} {did}{which} and draws {data['card']}: {data['total']}{bust}"
        if event.kind in MOVE_WORDS:
            return f"{name} {MOVE_WORDS[event.kind].format(**data)}{which}"
        if event.kind == "dealt":
            hands = ", ".join(f"{names[h['player']]} {' '.join(h['cards'])}" for h in data["players"])
            return f"Round {data['round']} is dealt: the dealer shows {data['dealer'][0]}; {hands}"
        if event.kind == "dealer":
            return f"The dealer has {' '.join(data['cards'])}: {data['total']}"
        if event.kind == "settled":
            split = {r["player"] for r in data["results"] if r.get("hand")}  # whose hands are told apart
            told = [f"{names[r['player']]}" + (f" (hand {r['hand'] + 1})" if r["player"] in split else "")
                    + f" {RESULT_WORDS.get(r['result'], r['result'])} ({r['net']:+})"
                    + (f": {r['reason']}" if r.get("reason") else "") for r in data["results"]]
            return f"Round {data['round']} is settled: " + "; ".join(told) if told else ""
        return seat_words(event, names, "round")

    def turn_in_dm(self, table: Table) -> bool:
        return table.state.phase == "playing"  # bets are placed on the table message

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[ButtonSpec]]:
        view = table.view(player) or {}
        seat = next((s for s in view.get("seats", []) if s["player"] == player), None)
        if seat is None:
            return "You are not seated at this table.", None, []
        dealer = " ".join(c or "🂠" for c in view["dealer"]["cards"])
        shows = f" Dealer shows {dealer}." if dealer else ""
        lines = [f"**Major Blackjack** — stack {plural(seat['stack'], 'chip')}.{shows}"]
        hands = seat["hands"]
        mine = view.get("turn") and view["turn"]["player"] == player
        for number, hand in enumerate(hands, 1):
            status = "" if hand["status"] == "doubled" else f" — {hand['status']}"  # the bet says it
            if mine and len(hands) > 1 and view["turn"]["hand"] == number - 1:
                status = " — your move"  # of two hands playing, the one asked for
            lines.append(f"Hand {number}: {hand_text(hand)} · bet {hand_bet_text(hand, seat)}{status}")
        if not hands:
            lines.append("No cards yet this round.")
        buttons = self.buttons(table, view) if mine or view["phase"] == "betting" else []
        buttons += self._turn_buttons(view, seat) if mine else []
        lines.append("Your move." if mine else "")
        image = self._hand_image(hands)
        return "\n".join(line for line in lines if line), image, buttons

    def _hand_image(self, hands: list[dict]) -> Drawing | None:
        """One hand as it is; a split hand as two, each under its own label."""
        if not hands:
            return None
        cards = [code for hand in hands for code in hand["cards"]]
        if len(hands) == 1:
            return Drawing(render_hand, cards, game_faces("blackjack"))
        labels = [f"Hand {number} · {hand['total']}" for number, hand in enumerate(hands, 1)]
        return Drawing(render_hand, cards, game_faces("blackjack"), caption="Your hands", groups=[h["cards"] for h in hands], labels=labels,
                           counts=False)

    def _turn_buttons(self, view: dict, seat: dict) -> list[ButtonSpec]:
        if view.get("orientation") != "manual":
            return []
        hand_index = view["turn"]["hand"]
        hand = seat["hands"][hand_index]
        return [ButtonSpec(f"Turn {card_name(card(code), orientation=False)}"[:80], f"turn.{hand_index}.{i}")
                for i, code in enumerate(hand["cards"])][:5]


register_ui(BlackjackUI())


class Blackjack(commands.Cog):
    group = app_commands.Group(name="blackjack", description="Major Blackjack: majors count 0-21 and beat minors")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open a Major Blackjack table in this channel")
    @app_commands.describe(min_bet="Smallest bet", max_bet="Largest bet", decks="Decks in the shoe (1-4)",
                           orientation="best: your cards are placed reversed; manual: you turn them",
                           timer="Seconds per turn and betting window (0 = no timer)",
                           buy_in="Chips you bring from your wallet")
    @app_commands.choices(orientation=[app_commands.Choice(name=o, value=o) for o in ("best", "manual")])
    @language_option
    async def create(self, interaction: discord.Interaction,
                     min_bet: app_commands.Range[int, 1, 100_000] = 10,
                     max_bet: app_commands.Range[int, 1, 1_000_000] = 500,
                     decks: app_commands.Range[int, 1, 4] = 2,
                     orientation: app_commands.Choice[str] | None = None,
                     timer: app_commands.Range[int, 0, 600] = 60,
                     buy_in: app_commands.Range[int, 1, MAX_CHIPS] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"min_bet": min_bet, "max_bet": max_bet, "decks": decks, "timer": timer,
                   "orientation": orientation.value if orientation else "best"}
        await create_table(interaction, GAME, options, buy_in, language)

    @group.command(name="bet", description="Bet for the next round")
    async def bet(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_CHIPS],
                  table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "bet", "amount": amount}, table)

    @group.command(name="hit", description="Take another card")
    async def hit(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "hit"}, table)

    @group.command(name="stand", description="Keep your hand as it is")
    async def stand(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "stand"}, table)

    @group.command(name="double", description="Double your bet on two cards and take exactly one more")
    async def double(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "double"}, table)

    @group.command(name="split", description="Split two cards of the same value into two hands")
    async def split(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "split"}, table)

    @bet.autocomplete("table")
    @hit.autocomplete("table")
    @stand.autocomplete("table")
    @double.autocomplete("table")
    @split.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Blackjack(bot))
