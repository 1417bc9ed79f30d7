"""Major Blackjack in Discord: /blackjack create, bet, hit, stand, double, split; the table's
buttons; the player's hand by DM when it is their turn."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import N_, _, labelled, listed, ngettext, pgettext
from bot.i18n import translated as tr
from bot.tables import Table
from cogs.answers import language_option, own_choices, render_words
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
from cogs.last_moves import narrate, seat_words, sitting_out_once
from games import blackjack
from games.base import Action, Event, Text
from games.cards import card, card_name, cards
from renders.blackjack import hand_bet_text, render_blackjack
from renders.cards import game_faces
from renders.hand import render_hand

GAME = "blackjack"
MAX_CHIPS = 1_000_000_000
MOVE_WORDS = {  # a player's move in words, with their name; the second, when they play split hands
    "bet": (N_("{player} bets {amount}"), N_("{player} bets {amount}")),
    "pass": (N_("{player} sits this round out"), N_("{player} sits this round out")),
    "stand": (N_("{player} stands"), N_("{player} stands (hand {hand})")),
    "split": (N_("{player} splits"), N_("{player} splits (hand {hand})")),
    "turned": (N_("{player} turns {now}"), N_("{player} turns {now} (hand {hand})")),
}
DRAW_WORDS = {  # a hit or a double: (one hand, a split hand) × (still in, bust)
    ("hit", False): (N_("{player} hits and draws {card}: {total}"), N_("{player} hits and draws {card}: {total}, bust")),
    ("hit", True): (N_("{player} hits (hand {hand}) and draws {card}: {total}"),
                    N_("{player} hits (hand {hand}) and draws {card}: {total}, bust")),
    ("double", False): (N_("{player} doubles and draws {card}: {total}"),
                        N_("{player} doubles and draws {card}: {total}, bust")),
    ("double", True): (N_("{player} doubles (hand {hand}) and draws {card}: {total}"),
                       N_("{player} doubles (hand {hand}) and draws {card}: {total}, bust")),
}
RESULT_WORDS = {"win": N_("wins"), "blackjack": N_("wins with a blackjack"), "push": N_("pushes"), "loss": N_("loses")}
STATUS_WORDS = {"playing": N_("playing"), "stood": N_("stood"), "bust": N_("bust"), "blackjack": N_("blackjack"),
                "doubled": N_("doubled")}
RULES = N_(
    "Beat the dealer without going over 21. Minor cards count as usual (courts 10, Ace 1 or 11); "
    "**majors count their number, 0–21** — the World alone is a blackjack.\n"
    "• Bet in the betting window, then the dealer takes one card up and one down and you get **one** card.\n"
    "• Hit, Stand (even on one card), Double (two cards: double the bet, one more card), "
    "Split (two cards of the same value).\n"
    "• Dealer draws to 17. Settlement: bust loses; dealer bust wins; **a hand holding a major beats one "
    "without**; higher total; equal totals: more reversed cards wins; else push.\n"
    "• Win pays 1:1, blackjack 3:2.\n"
    "Start: `/blackjack create`, then `/table join` and the host's `/table start`."
)


def hand_text(hand: dict) -> str:
    shown = " ".join(hand["cards"]) or "—"
    return f"{shown} = **{hand['total']}**"


def _reason(hand: dict, dealer: list[str]) -> str:
    """Why a settled hand won or lost, in the reader's language: the game's marked text, or said
    again from the cards where a stored round kept the English words only."""
    reason = hand.get("reason")
    if not reason:
        return ""
    if isinstance(reason, Text):  # the round just settled (the live state): translated as it is
        return tr(reason)
    return tr(blackjack.reason(cards(hand["cards"]), cards(dealer)))


class BlackjackUI(GameUI):
    game = GAME
    rules = RULES
    words_domain = GAME

    drawer = staticmethod(render_blackjack)

    def drawn_view(self, view: dict) -> dict:
        """The settled hands' reasons in the reader's language (the render looks nothing up)."""
        dealer = view["dealer"]["cards"]
        seats = [{**seat, "hands": [{**hand, "reason": _reason(hand, dealer)} for hand in seat["hands"]]}
                 for seat in view["seats"]]
        last = view.get("last_round")
        return {**view, "seats": seats, "last_round": self.drawn_view(last) if last else last}

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        phase = view["phase"]
        if phase == "betting":
            waiting = [names[s["player"]] for s in view["seats"]
                       if s["bet"] is None and not s["passed"] and not s["sitting_out"]]
            lines = [_("Betting is open: {low}–{high} chips.", low=view["min_bet"], high=view["max_bet"])]
            if waiting:
                lines.append(_("Waiting for: {players}", players=", ".join(waiting)))
        elif phase == "playing" and view["turn"]:
            turn = view["turn"]
            seat = next((s for s in view["seats"] if s["player"] == turn["player"]), {"hands": []})
            player = who(turn["player"], names)
            split = turn["hand"] or len(seat["hands"]) > 1  # each of a split's hands is named
            lines = [_("{player} to play (hand {hand}).", player=player, hand=turn["hand"] + 1) if split
                     else _("{player} to play.", player=player)]
        else:
            lines = [self._result_line(seat, names, view["dealer"]["cards"]) for seat in view["seats"] if seat["hands"]]
        dealer = view["dealer"]
        if dealer["cards"]:
            shown = " ".join(c or "🂠" for c in dealer["cards"])
            lines.append(_("Dealer: {cards} = **{total}**", cards=shown, total=dealer["total"])
                         if dealer["total"] is not None else _("Dealer: {cards}", cards=shown))
        return lines

    def _result_line(self, seat: dict, names: dict[int, str], dealer: list[str]) -> str:
        parts = []
        for hand in seat["hands"]:
            word = _(RESULT_WORDS[hand["result"]]) if hand["result"] in RESULT_WORDS \
                else _(STATUS_WORDS.get(hand["status"], hand["status"]))
            net = f" ({hand['payout'] - hand['bet']:+})" if hand.get("payout") is not None else ""
            why = f" — {_reason(hand, dealer)}" if hand.get("reason") else ""
            parts.append(f"{hand_text(hand)} {word}{net}{why}")
        return labelled(names[seat["player"]], listed(parts))

    def buttons(self, table: Table, view: dict) -> list[ButtonSpec]:
        if view["phase"] == "betting":
            low, high = view["min_bet"], view["max_bet"]
            amounts = sorted({low, min(high, low * 5), min(high, low * 10)})
            bets = [ButtonSpec(_("Bet {amount}", amount=a), f"bet.{a}", discord.ButtonStyle.success) for a in amounts]
            return [*bets, ButtonSpec(_("Other amount…"), "betform"), ButtonSpec(_("Sit this one out"), "pass")]
        if view["phase"] != "playing" or not view["turn"]:
            return []
        legal = {a["type"] for a in blackjack.legal_actions(table.state, view["turn"]["player"])}
        moves = [(_("Hit"), "hit", discord.ButtonStyle.primary), (_("Stand"), "stand", discord.ButtonStyle.secondary),
                 (pgettext("blackjack move", "Double"), "double", discord.ButtonStyle.secondary),
                 (_("Split"), "split", discord.ButtonStyle.secondary)]
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
        return AmountForm(_("Your bet"), table, {"type": "bet"}, step, view.get("min_bet", 1), view.get("max_bet", 1))

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        return narrate(sitting_out_once(events), lambda event: self._words(event, names))

    def _words(self, event: Event, names: dict[int, str]) -> str:
        data = event.data
        name = names[data["player"]] if "player" in data else ""
        split = bool(data.get("hand"))
        hand = data.get("hand", 0) + 1
        if event.kind in ("hit", "double"):
            texts = DRAW_WORDS[event.kind, split]
            return _(texts[data["status"] == "bust"], player=name, hand=hand, card=data["card"], total=data["total"])
        if event.kind in MOVE_WORDS:
            return _(MOVE_WORDS[event.kind][split], **{**data, "player": name, "hand": hand})
        if event.kind == "dealt":
            hands = ", ".join(f"{names[h['player']]} {' '.join(h['cards'])}" for h in data["players"])
            return _("Round {round} is dealt: the dealer shows {card}; {hands}", round=data["round"],
                     card=data["dealer"][0], hands=hands)
        if event.kind == "dealer":
            return _("The dealer has {cards}: {total}", cards=" ".join(data["cards"]), total=data["total"])
        if event.kind == "settled":
            split = {r["player"] for r in data["results"] if r.get("hand")}  # whose hands are told apart
            told = [self._settled(r, names, r["player"] in split) for r in data["results"]]
            return _("Round {round} is settled: {results}", round=data["round"], results="; ".join(told)) if told else ""
        return seat_words(event, names, "round")

    def _settled(self, result: dict, names: dict[int, str], split: bool) -> str:
        word = _(RESULT_WORDS[result["result"]]) if result["result"] in RESULT_WORDS else result["result"]
        name = _("{player} (hand {hand})", player=names[result["player"]], hand=result["hand"] + 1) if split \
            else names[result["player"]]
        told = f"{name} {word} ({result['net']:+})"
        return told + (f": {tr(result['reason'])}" if result.get("reason") else "")  # said as the round settles

    def turn_in_dm(self, table: Table) -> bool:
        return table.state.phase == "playing"  # bets are placed on the table message

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[ButtonSpec]]:
        view = table.view(player) or {}
        seat = next((s for s in view.get("seats", []) if s["player"] == player), None)
        if seat is None:
            return _("You are not seated at this table."), None, []
        dealer = " ".join(c or "🂠" for c in view["dealer"]["cards"])
        lines = [ngettext("**Major Blackjack** — stack {n} chip.", "**Major Blackjack** — stack {n} chips.", seat["stack"])
                 + (_(" Dealer shows {cards}.", cards=dealer) if dealer else "")]
        hands = seat["hands"]
        words = render_words(GAME)
        mine = view.get("turn") and view["turn"]["player"] == player
        for number, hand in enumerate(hands, 1):
            bet = hand_bet_text(hand, seat, words)
            status = None if hand["status"] == "doubled" else _(STATUS_WORDS.get(hand["status"], hand["status"]))
            if mine and len(hands) > 1 and view["turn"]["hand"] == number - 1:
                status = _("your move")  # of two hands playing, the one asked for
            lines.append(_("Hand {number}: {hand} · bet {bet}", number=number, hand=hand_text(hand), bet=bet)
                         if status is None else  # a doubled hand's bet says it
                         _("Hand {number}: {hand} · bet {bet} — {status}", number=number, hand=hand_text(hand), bet=bet,
                           status=status))
        if not hands:
            lines.append(_("No cards yet this round."))
        buttons = self.buttons(table, view) if mine or view["phase"] == "betting" else []
        buttons += self._turn_buttons(view, seat) if mine else []
        lines.append(_("Your move.") if mine else "")
        image = self._hand_image(hands)
        return "\n".join(line for line in lines if line), image, buttons

    def _hand_image(self, hands: list[dict]) -> Drawing | None:
        """One hand as it is; a split hand as two, each under its own label."""
        if not hands:
            return None
        cards = [code for hand in hands for code in hand["cards"]]
        info = ngettext("{n} card", "{n} cards", len(cards))
        if len(hands) == 1:
            return Drawing(render_hand, cards, game_faces("blackjack"), caption=_("Your hand"), info=info)
        labels = [_("Hand {number} · {total}", number=number, total=hand["total"]) for number, hand in enumerate(hands, 1)]
        return Drawing(render_hand, cards, game_faces("blackjack"), caption=_("Your hands"), groups=[h["cards"] for h in hands],
                       labels=labels, counts=False, info=info)

    def _turn_buttons(self, view: dict, seat: dict) -> list[ButtonSpec]:
        if view.get("orientation") != "manual":
            return []
        hand_index = view["turn"]["hand"]
        hand = seat["hands"][hand_index]
        return [ButtonSpec(_("Turn {card}", card=tr(card_name(card(code), orientation=False)))[:80],
                           f"turn.{hand_index}.{i}")
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
    @app_commands.choices(orientation=own_choices("blackjack", ("best", "manual")))
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
