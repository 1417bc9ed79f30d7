"""Arcanoid in Discord: /arcanoid create, commit, discard, play, fool, vote; the hand by DM
with menus for the legal moves (a commit menu per form, an arcanum menu with its targets, the
Wheel's discards, a further call), the Fool's and the vote's buttons, and the table image with
the four battlefields. Private results (the High Priestess's look, a Fool's look at a secret
commitment) appear only in their player's own DM view."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.tables import Table
from cogs.common import (
    ButtonSpec,
    Control,
    GameUI,
    SelectSpec,
    create_table,
    find_table,
    play,
    register_ui,
    table_choices,
)
from games import arcanoid as arc
from games.arcanoid.battle import ARCANA, FIELDS
from games.base import Action, Event, IllegalAction
from games.cards import card, card_name
from renders.arcanoid import render_arcanoid, render_round, seat_name
from renders.hand import render_hand

GAME = "arcanoid"
MENU_SIZE = 25


def encode(action: Action) -> str:
    """A move as a menu value (at most 100 characters): `type=commit|field=swords|cards=9S.10S`."""
    parts = []
    for key, value in action.items():
        if isinstance(value, list):
            value = ".".join(value) or "-"
        elif isinstance(value, bool):
            value = "1" if value else "0"
        parts.append(f"{key}={value}")
    return "|".join(parts)[:100]


def decode(value: str) -> Action:
    action: Action = {}
    for part in value.split("|"):
        key, _, raw = part.partition("=")
        if key == "cards":
            action[key] = [] if raw == "-" else raw.split(".")
        elif key in ("secret", "chariot"):
            action[key] = raw == "1"
        elif key == "target":
            try:
                action[key] = int(raw)
            except ValueError:
                action[key] = raw
        else:
            action[key] = raw
    return action


def label_of(code: str) -> str:
    return f"{code} · {card_name(card(code))}"


class ArcanoidUI(GameUI):
    game = GAME

    def render(self, view: dict, names: dict[int, str], style: str) -> bytes:
        return render_arcanoid(view, names, style)

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        lines = [self._step_line(view, names)]
        lines.append(f"Deck {view['deck']} · discard {view['discard']} · round {view['round']} of {view['rounds']} "
                     f"· {view['variant']}{' + GAZA' if view['gaza'] else ''}")
        if view["results"]:
            latest = view["results"][-1]
            lines.append("Last round: " + ", ".join(f"{f} {names.get(p, 'USA' if p == -200 else p)}"
                                                     for f, p in latest.items()))
        scores = {int(p): n for p, n in view["scores"].items() if n}
        if scores:
            lines.append("Battles won: " + ", ".join(f"{names.get(p, p)} {n}" for p, n in sorted(
                scores.items(), key=lambda kv: -kv[1])))
        if view["commitment"] and view["phase"] != "over":
            lines.append(f"Deal commitment (SHA-256): `{view['commitment'][:16]}…` — the seed shows when the round ends.")
        return lines

    def _step_line(self, view: dict, names: dict[int, str]) -> str:
        phase = view["phase"]
        if phase == "over":
            return "Game over — winner: " + ", ".join(names.get(p, str(p)) for p in view["winners"])
        if phase == "window":
            return (f"Reaction window ({view['window']['seconds']} s): a Fool or a Hermit may act now. "
                    "Those who can have a button in their DMs.")
        if phase == "vote":
            return f"The deck is empty: refill vote — waiting for {names.get(view['pending'][0], 'a player')}."
        seat = next(s for s in view["seats"] if s["player"] == view["turn"])
        return f"Turn: **{seat_name(seat, names)}** — play from your DM menus or `/arcanoid commit|discard|play`."

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        kinds = {e.kind: e for e in events}
        if "stolen" in kinds:
            return f"The Fool takes that commitment on {kinds['stolen'].data['field']}."
        if "fool_lost" in kinds:
            return "The Fool looked but could not steal: it is lost. Your DM shows what you saw."
        if "looked" in kinds:
            return "You look at that hand: it is in your DM view (`/hand`), for you alone."
        if "committed" in kinds:
            return f"Committed on {kinds['committed'].data['field']}."
        if "discarded" in kinds:
            return "Discarded face down."
        return "Done."

    def announcements(self, events: list[Event]) -> list[str]:
        lines = []
        for event in events:
            if event.kind == "round_over":
                winners = event.data["winners"]
                lines.append(f"Round {event.data['round']} is over: " + ", ".join(
                    f"{f} → {_mention(p)}" for f, p in winners.items()))
            elif event.kind == "game_over":
                lines.append("Arcanoid is over. Winner: " + ", ".join(_mention(p) for p in event.data["winners"]))
                standings = sorted(event.data["scores"].items(), key=lambda kv: -kv[1])
                lines.append("Standings (battles won): " + ", ".join(f"{_mention(int(p))} {n}" for p, n in standings)
                             + " — `/leaderboard game:arcanoid` counts rounds and battles.")
            elif event.kind == "vote":
                lines.append("The deck is empty: each player votes on refilling it (one no keeps it empty).")
        return lines

    def announcement_image(self, table: Table, events: list[Event], names: dict[int, str]) -> bytes | None:
        """The end of a round: its four battles, everything revealed, and their winners."""
        over = next((e for e in events if e.kind == "round_over"), None)
        if over is None:
            return None
        return render_round(over.data["battles"], over.data["round"], names)

    def hand_players(self, table: Table, events: list[Event]) -> list[int]:
        """Everyone at a new round; otherwise who must act now, and who may react in a window."""
        state = table.state
        kinds = {e.kind for e in events}
        humans = [p for p in arc.players(state) if p > 0]
        if kinds & {"started", "round_open"}:
            return humans
        wanted = [p for p in arc.pending(state) + arc.reactors(state) if p > 0]
        wanted += [e.data["player"] for e in events if e.kind in ("looked", "fool_lost") and e.data.get("player", 0) > 0]
        return list(dict.fromkeys(p for p in wanted if p in humans))

    def action_for(self, code: str) -> Action | None:
        return {"fool": {"type": "fool"}, "pass": {"type": "pass"}, "refill_yes": {"type": "vote", "refill": True},
                "refill_no": {"type": "vote", "refill": False}, "sitin": {"type": "sitin"},
                "stopcall": {"type": "call", "card": None}}.get(code, {"type": code})

    def select_action(self, code: str, values: list[str]) -> Action:
        if code == "wheel":
            return {"type": "wheel", "cards": list(values)}
        if code == "discard":
            return {"type": "discard", "card": values[0]}
        if code == "call":
            return {"type": "call", "card": values[0]}
        return decode(values[0])

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, bytes | None, list[Control]]:
        view = table.view(player) or {}
        me = view.get("me")
        if me is None:
            return "You are not seated at this table.", None, []
        lines = [f"**Arcanoid** — round {view['round']} of {view['rounds']} · {self._step_line(view, names)}"]
        for look in me["looks"]:
            who = names.get(look["player"], str(look["player"]))
            what = "High Priestess" if look["by"] == "priestess" else "Fool"
            lines.append(f"Your {what} look at {who}: {' '.join(look['cards']) or 'no cards'} (only you see this).")
        if me["reactions"]:
            lines.append("**You may react now**: " + " or ".join(
                {"fool": "steal that commitment with the Fool", "hermit": "make a Hermit move"}[r] for r in me["reactions"]))
        controls = self._controls(table, view, me, player)
        hand = me["hand"] + me["visible"]
        image = render_hand(hand, caption="Your Arcanoid hand") if hand else None
        return "\n".join(lines), image, controls

    def _controls(self, table: Table, view: dict, me: dict, player: int) -> list[Control]:
        legal = arc.legal_actions(table.state, player)
        kinds = {a["type"] for a in legal}
        controls: list[Control] = []
        if view["phase"] == "vote" and "vote" in kinds:
            return [ButtonSpec("Refill the deck", "refill_yes", discord.ButtonStyle.success),
                    ButtonSpec("Keep it empty", "refill_no", discord.ButtonStyle.danger)]
        if view["phase"] == "choice" and legal:
            return self._choice_controls(view, legal)
        if "fool" in kinds:
            controls.append(ButtonSpec("Play the Fool: steal it", "fool", discord.ButtonStyle.danger))
        if "pass" in kinds and ("fool" in kinds or "hermit" in me["reactions"]):
            controls.append(ButtonSpec("Let it stand", "pass"))
        if "sitin" in kinds:
            controls.append(ButtonSpec("Take my seat back", "sitin", discord.ButtonStyle.primary))
        moves = [a for a in legal if a["type"] in arc.TURN_MOVES]
        if not moves:
            return controls
        discards = [a["card"] for a in moves if a["type"] == "discard"]
        menus: list[Control] = []
        if discards:
            menus.append(SelectSpec("Discard a card (face down)", "discard",
                                    tuple((label_of(c), c) for c in discards[:MENU_SIZE])))
        commits = _best_commits([a for a in moves if a["type"] == "commit"])
        if commits:
            menus.append(SelectSpec("Commit on a battlefield", "mv1",
                                    tuple((_move_label(a, view), encode(a)) for a in commits[:MENU_SIZE])))
        powers = [a for a in moves if a["type"] not in ("discard", "commit")]
        if powers:
            menus.append(SelectSpec("Play an arcanum", "mv2",
                                    tuple((_move_label(a, view), encode(a)) for a in _few_powers(powers)[:MENU_SIZE])))
        return menus + controls

    def _choice_controls(self, view: dict, legal: list[Action]) -> list[Control]:
        choice = view["choice"]
        if "discard" in choice:
            hand = view["me"]["hand"]
            count = choice["discard"]
            return [SelectSpec(f"Discard {count} cards after the Wheel", "wheel",
                               tuple((label_of(c), card(c).face.code) for c in hand[:MENU_SIZE]), count, count)]
        open_fields = [f for f in FIELDS if f not in next(s for s in view["seats"] if s["player"] == choice["seat"])["fields"]]
        suits = {"swords": "S", "staves": "W", "cups": "C", "coins": "P"}
        wanted = [f"{r}{suits[f]}" for f in open_fields for r in ("K", "Q", "N", "J", "10", "9")]
        return [SelectSpec("Call another card", "call", tuple((label_of(c), c) for c in wanted[:24])),
                ButtonSpec("Stop calling (draw)", "stopcall")]


def _mention(player: int) -> str:
    if player == -200:
        return "the USA"
    return f"Computer {-player}" if player < 0 else f"<@{player}>"


def _best_commits(commits: list[Action]) -> list[Action]:
    """The commit menu: per battlefield its abdication and its strongest forms (Discord shows
    25 options; `/arcanoid commit` takes any other)."""
    from games.arcanoid.battle import FIELD_SUIT, form_of, strength_key
    from games.cards import from_codes

    by_field: dict[str, list[tuple[tuple[float, ...], Action]]] = {}
    for action in commits:
        cards = from_codes(action["cards"])
        form = form_of([c for c in cards if not (c.is_major and c.rank == 1)] or cards, FIELD_SUIT[action["field"]]) or "force"
        key = strength_key(form, cards) if cards else (0.0,)
        by_field.setdefault(action["field"], []).append((key, action))
    chosen: list[Action] = []
    for field in FIELDS:
        ranked = sorted(by_field.get(field, []), key=lambda ka: ka[0], reverse=True)
        chosen += [a for _, a in ranked[:5]]
    return chosen


def _few_powers(powers: list[Action]) -> list[Action]:
    """One entry per arcanum and target: calls only for courts and tens."""
    kept = []
    for action in powers:
        call = action.get("call")
        if isinstance(call, str) and call[:-1] not in ("K", "Q", "N", "J", "10") and not call.isdigit() \
                and call not in ("swords", "staves", "cups", "coins", "trumps", "fool"):
            continue
        kept.append(action)
    return kept


def _move_label(action: Action, view: dict) -> str:
    kind = action["type"]
    if kind == "commit":
        cards = " ".join(action["cards"]) or "nothing (abdicate)"
        extra = f" + {action['second']}" if action.get("second") else ""
        extra += " (secret)" if action.get("secret") else ""
        extra += " with the Chariot's reserve" if action.get("chariot") else ""
        return f"{action['field'].title()}{extra}: {cards}"
    if kind == "play":
        name = ARCANA[int(action["arcanum"])]
        details = [str(action[k]) for k in ("call", "option", "field") if k in action]
        if "target" in action:
            seat = next((s for s in view["seats"] if s["player"] == action["target"]), None)
            details.insert(0, f"on {seat_name(seat, {}) if seat else action['target']}")
        return f"{name} {' '.join(details)}".strip()
    return kind.replace("_", " ").capitalize() + (": " + " ".join(action.get("cards", [])) if action.get("cards") else "")


register_ui(ArcanoidUI())


async def _own_cards(interaction: discord.Interaction) -> list[str]:
    ref = getattr(interaction.namespace, "table", None)
    try:
        table = await find_table(interaction, GAME, ref)
    except IllegalAction:
        return []
    view = table.view(interaction.user.id) or {}
    me = view.get("me")
    if not me:
        return []
    return [card(c).face.code for c in me["hand"] + me["visible"] + (view.get("justice") or [])]


async def _card_choices(interaction: discord.Interaction, current: str, several: bool) -> list[app_commands.Choice[str]]:
    """Cards from the player's own hand; for a list, the typed part stays and the last word completes."""
    head, _, last = current.rpartition(" ") if several else ("", "", current)
    taken = set(head.upper().split())
    choices = []
    for code in await _own_cards(interaction):
        if code in taken or last.strip().upper() not in label_of(code).upper():
            continue
        value = f"{head} {code}".strip()
        choices.append(app_commands.Choice(name=(value if several else label_of(code))[:100], value=value[:100]))
    return choices[:25]


FIELD_CHOICES = [app_commands.Choice(name=f, value=f) for f in FIELDS]


class Arcanoid(commands.Cog):
    group = app_commands.Group(name="arcanoid", description="Arcanoid: four battles at once with the 22 major arcana")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open an Arcanoid table in this channel")
    @app_commands.describe(bots="Computer players to seat (0-9)", rounds="Rounds in the game (default 5)",
                           variant="DRESDEN (default), NASSAU, KOBLENZ, MALTA*, WORMS*",
                           gaza="Add the mechanical USA player (for 2-3 players)",
                           reaction_seconds="Seconds of each reaction window (the Fool, the Hermit)",
                           timer="Seconds per turn before the default move (0 = no timer)")
    @app_commands.choices(variant=[app_commands.Choice(name=v, value=v) for v in ("DRESDEN", "NASSAU", "KOBLENZ", "MALTA*", "WORMS*")])
    async def create(self, interaction: discord.Interaction, bots: app_commands.Range[int, 0, 9] = 0,
                     rounds: app_commands.Range[int, 1, 20] = 5, variant: app_commands.Choice[str] | None = None,
                     gaza: bool = False, reaction_seconds: app_commands.Range[int, 2, 60] = 8,
                     timer: app_commands.Range[int, 0, 600] = 120) -> None:
        options = {"bots": bots, "rounds": rounds, "variant": variant.value if variant else "DRESDEN",
                   "gaza": gaza, "reaction_seconds": reaction_seconds, "timer": timer}
        await create_table(interaction, GAME, options, None)

    @group.command(name="commit", description="Commit forces on a battlefield (no cards: abdicate)")
    @app_commands.describe(field="The battlefield", cards="Cards from your hand, e.g. '9S 10S' (empty: abdicate)",
                           second="A second battlefield for the Empress and Emperor (or the Lovers with one)",
                           secret="KOBLENZ: your one secret commitment of the round",
                           chariot="Commit your Chariot's reserve too")
    @app_commands.choices(field=FIELD_CHOICES, second=FIELD_CHOICES)
    async def commit(self, interaction: discord.Interaction, field: app_commands.Choice[str], cards: str = "",
                     second: app_commands.Choice[str] | None = None, secret: bool = False, chariot: bool = False,
                     table: str | None = None) -> None:
        action: Action = {"type": "commit", "field": field.value, "cards": cards}
        if second is not None:
            action["second"] = second.value
        if secret:
            action["secret"] = True
        if chariot:
            action["chariot"] = True
        await play(interaction, GAME, action, table)

    @group.command(name="discard", description="Discard one card face down")
    async def discard(self, interaction: discord.Interaction, card: str, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "discard", "card": card}, table)

    @group.command(name="play", description="Play a major arcanum's power")
    @app_commands.describe(arcanum="The arcanum, e.g. 16 or 'the tower'", target="The player it aims at",
                           field="The battlefield (Temperance, Tower, Judgment)",
                           call="What you call (Hierophant: a suit, trumps or fool; Star/Moon/Sun: a card)",
                           option="Strength: visible or hidden")
    @app_commands.choices(field=FIELD_CHOICES, option=[app_commands.Choice(name=o, value=o) for o in ("visible", "hidden")])
    async def play_arcanum(self, interaction: discord.Interaction, arcanum: str, target: discord.User | None = None,
                           field: app_commands.Choice[str] | None = None, call: str | None = None,
                           option: app_commands.Choice[str] | None = None, table: str | None = None) -> None:
        action: Action = {"type": "play", "arcanum": arcanum}
        if target is not None:
            action["target"] = target.id
        if field is not None:
            action["field"] = field.value
        if call is not None:
            action["call"] = call
        if option is not None:
            action["option"] = option.value
        await play(interaction, GAME, action, table)

    @group.command(name="fool", description="In a reaction window: steal the commitment just made with the Fool")
    async def fool(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "fool"}, table)

    @group.command(name="vote", description="The refill vote: refill the empty deck from the discard pile?")
    async def vote(self, interaction: discord.Interaction, refill: bool, table: str | None = None) -> None:
        await play(interaction, GAME, {"type": "vote", "refill": refill}, table)

    @commit.autocomplete("cards")
    async def cards_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _card_choices(interaction, current, several=True)

    @discard.autocomplete("card")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _card_choices(interaction, current, several=False)

    @play_arcanum.autocomplete("arcanum")
    async def arcanum_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        majors = [c for c in await _own_cards(interaction) if c.isdigit()]
        return [app_commands.Choice(name=f"{c} · {ARCANA[int(c)]}", value=c) for c in majors
                if current.lower() in f"{c} {ARCANA[int(c)]}".lower()][:25]

    @commit.autocomplete("table")
    @discard.autocomplete("table")
    @play_arcanum.autocomplete("table")
    @fool.autocomplete("table")
    @vote.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Arcanoid(bot))


__all__ = ["Arcanoid", "ArcanoidUI", "decode", "encode", "Any"]
