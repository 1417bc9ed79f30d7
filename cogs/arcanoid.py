"""Arcanoid in Discord: /arcanoid create, commit, discard, play, fool, vote; the hand by DM
with menus for the legal moves (a commit menu per form, an arcanum menu with its targets, the
Wheel's discards, a further call), the Fool's and the vote's buttons, and the table image with
the four battlefields. Private results (the High Priestess's look, a Fool's look at a secret
commitment) appear only in their player's own DM view."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.i18n import N_, _, ngettext
from bot.i18n import translated as tr
from bot.tables import Table
from cogs import arcanoid_menus as menus
from cogs import arcanoid_words as words
from cogs.answers import language_option, render_words
from cogs.common import (
    ButtonSpec,
    Control,
    Drawing,
    GameUI,
    SelectSpec,
    autocomplete_table,
    create_table,
    is_whole_number,
    names_for,
    own_view,
    play,
    register_ui,
    table_choices,
)
from cogs.option_words import LEVEL_CHOICES, LEVEL_HELP
from games import arcanoid as arc
from games.arcanoid.battle import ARCANA, FIELDS
from games.arcanoid.words import face_code, major_title
from games.base import Action, Event, IllegalAction, Text
from games.base import seat_name as base_seat_name
from games.cards import card
from renders.arcanoid import render_arcanoid, render_round, seat_name
from renders.cards import arcanoid_names
from renders.hand import render_hand

GAME = "arcanoid"
WORDS = ("common", "arcanoid")  # the images' words: the cards' names of common, and Arcanoid's own
# The short rules /rules shows (in the reader's language).
RULES = N_(
    "Four battles at once — swords, staves, cups, coins — over five rounds; 2–10 players, computer "
    "players with `bots`.\n"
    "• Six cards each. A turn: **discard** one card (face down), **commit** once on a battlefield, or play "
    "an arcanum; then draw back to six. Committing four times takes you out of the round.\n"
    "• Commitments on X: numeric cards of X (their sum), the knave (14.5) or knight (17.5) alone or with "
    "an ace, the queen with the king, or nothing (abdication). Majors: Magician transmutes one card, "
    "Empress+Emperor win one or two fields, the Lovers with a court or with one of them, the World takes an "
    "untouched field.\n"
    "• Best first: World, Empress+Emperor, queen+king, Lovers' couples, then force (ties: fewer cards, higher "
    "card, earlier). Abdicators win only if all abdicate (the last one).\n"
    "• After each commitment a **reaction window** opens: the **Fool** steals it (not couples, aces, the World "
    "or abdications); a **Hermit** moves out of turn. Other powers: High Priestess, Hierophant, Chariot, "
    "Justice, Wheel, Strength, Hanged Man, Death, Temperance, Tower, Star, Moon, Sun, Judgment.\n"
    "• The **Devil** raises a daemon with an open hand, seated just before you: you play its turns, and out "
    "of turn its Fool and its Hermit (DM buttons, `/arcanoid fool daemon:true`). Its wins are yours.\n"
    "• Empty deck: a unanimous vote refills it from the discards. Most battles won wins the game.\n"
    "• Variants: DRESDEN (default), NASSAU (Temperance binds its owner), KOBLENZ (one secret commitment a "
    "round), MALTA* (the Magician commits secretly), WORMS* (a lone ace completed once) — MALTA* and WORMS* "
    "without MAINZ's own changes, which are lost; `gaza` adds the mechanical USA player.\n"
    "Start: `/arcanoid create bots:2`, then Start; play from your DM menus or `/arcanoid commit|discard|play`."
)


class ArcanoidUI(GameUI):
    game = GAME
    rules = RULES
    words_domain = WORDS

    drawer = staticmethod(render_arcanoid)

    def seat_names(self, table: Table, names: dict[int, str]) -> dict[int, str]:
        """The common seats' names, the USA's in the language spoken now."""
        return {p: _("USA") if p == USA else name for p, name in super().seat_names(table, names).items()}

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        lines = [self._step_line(view, names)]
        figures = {"deck": view["deck"], "discard": view["discard"], "round": view["round"], "rounds": view["rounds"],
                   "variant": view["variant"]}
        lines.append(_("Deck {deck} · discard {discard} · round {round} of {rounds} · rules variant {variant} with "
                       "GAZA (`/rules arcanoid`)", **figures) if view["gaza"] else
                     _("Deck {deck} · discard {discard} · round {round} of {rounds} · rules variant {variant} "
                       "(`/rules arcanoid`)", **figures))
        if view["results"]:
            lines.append(_("Last round: {won}", won=words.battles_won(view["results"][-1], names)))
        scores = {int(p): n for p, n in view["scores"].items() if n}
        if scores:
            lines.append(_("Battles won: {scores}", scores=", ".join(
                _("{player}: {n}", player=_seat(p, names), n=n) for p, n in sorted(scores.items(), key=lambda kv: -kv[1]))))
        return lines

    def _step_line(self, view: dict, names: dict[int, str]) -> str:
        phase = view["phase"]
        if phase == "over":
            return _("Game over — winner: {players}", players=", ".join(_seat(p, names) for p in view["winners"]))
        if phase == "window":
            return _("Reaction window after {what}: a Fool or a Hermit may answer now (those who can have a button "
                     "in their DMs).", what=_window_subject(view, names))
        if phase == "vote":
            return _("The deck is empty: refill vote — waiting for {player}.",
                     player=names.get(view["pending"][0]) or _("a player"))
        seat = next(s for s in view["seats"] if s["player"] == view["turn"])
        if seat.get("controller", seat["player"]) < 0:  # a computer's seat, its daemon or the USA: no menus to point to
            return _("Turn: **{player}**.", player=seat_called(seat, names))
        return _("Turn: **{player}** — play from your DM menus or `/arcanoid commit|discard|play`.",
                 player=seat_called(seat, names))

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        """Every event told as the table reads it (cogs/arcanoid_words.py), one line each."""
        return "\n".join(words.tell(events, names))

    def announcements(self, events: list[Event], names: dict[int, str]) -> list[str]:
        lines = []
        for event in events:
            if event.kind == "round_over":
                won = ", ".join(_("{field} → {player}", field=words.field(f), player=_mention(p, names))
                                for f, p in event.data["winners"].items())
                lines.append(_("Round {round} is over: {won}", round=event.data["round"], won=won))
            elif event.kind == "game_over":
                lines.append(_("Arcanoid is over. Winner: {players}",
                               players=", ".join(_mention(p, names) for p in event.data["winners"])))
                scores = sorted(event.data["scores"].items(), key=lambda kv: -kv[1])
                standings = ", ".join(_("{player}: {n}", player=_mention(int(p), names), n=n) for p, n in scores)
                lines.append(_("Standings (battles won): {standings} — `/leaderboard game:arcanoid` and `/profile` "
                               "count games and battles won.", standings=standings))
            elif event.kind == "vote":
                lines.append(_("The deck is empty: each player votes on refilling it (one no keeps it empty)."))
        return lines

    def announcement_image(self, table: Table, events: list[Event], names: dict[int, str]) -> Drawing | None:
        """The end of a round: its four battles, everything revealed, and their winners."""
        over = next((e for e in events if e.kind == "round_over"), None)
        if over is None:
            return None
        return Drawing(render_round, over.data["battles"], over.data["round"], names, words=render_words(WORDS))

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
        kind, _sep, daemon = code.partition(".")
        if kind == "dfool":  # the Fool in the hand of one's daemon: dfool.<daemon seat>
            return {"type": "fool", "seat": int(daemon) if is_whole_number(daemon.lstrip("-")) else daemon}
        return {"fool": {"type": "fool"}, "pass": {"type": "pass"}, "refill_yes": {"type": "vote", "refill": True},
                "refill_no": {"type": "vote", "refill": False}, "sitin": {"type": "sitin"},
                "stopcall": {"type": "call", "card": None}}.get(code, {"type": code})

    def select_action(self, code: str, values: list[str]) -> Action:
        if code == "wheel":
            return {"type": "wheel", "cards": list(values)}
        if code == "discard":
            return {"type": "discard", "card": values[0]}
        if code.startswith("call"):
            return {"type": "call", "card": values[0]}
        if code.startswith(menus.PICK + "."):
            return menus.picked_action(code, values)
        return menus.decode(values[0])

    def opens_page(self, code: str, values: list[str]) -> bool:
        """Back, or a choice of a battlefield or an arcanum (its value a page, not a move)."""
        return code == menus.BACK_CODE or (code.startswith("go") and bool(values) and not menus.is_move(values[0]))

    def page_for(self, table: Table, player: int, code: str, values: list[str], names: dict[int, str]) -> tuple[str, list[Control]]:
        view = table.view(player) or {}
        if view.get("me") is not None and code != menus.BACK_CODE:
            legal = arc.legal_actions(table.state, player)
            found = menus.page(values[0], legal, {**view, "_names": names})
            if found is not None:
                return found
        text, _image, controls = self.hand_view(table, player, names)
        return text, controls

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[Control]]:
        view = table.view(player) or {}
        me = view.get("me")
        if me is None:
            return _("You are not seated at this table."), None, []
        step = self._step_line(view, names)
        if view["phase"] == "window" and not me["reactions"]:  # kept until the reader's turn: true after the window too
            step = _("After {what}: a reaction window of {seconds} seconds for a Fool or a Hermit, then play goes on.",
                     what=_window_subject(view, names), seconds=table.options.reaction_seconds)
        lines = [_("**Arcanoid** — round {round} of {rounds} · {step}", round=view["round"], rounds=view["rounds"],
                   step=step)]
        for look in me["looks"]:
            who = words.name_of(names, look["player"])
            seen = " ".join(face_code(c) for c in look["cards"]) or _("no cards")
            if look["by"] == "priestess":
                lines.append(words.say(N_("Your High Priestess look at {player}'s cards: {cards} (only you see "
                                          "this)."), player=who, cards=seen))
            else:
                lines.append(words.say(N_("Your Fool look at {player}'s cards: {cards} (only you see this)."),
                                       player=who, cards=seen))
        if me["reactions"]:
            lines.append(reaction_prompt(view, me, names, table.deadline))
        controls = self._controls(table, {**view, "_names": names}, me, player)
        caption, hand = hand_shown(view, me, names)
        image = Drawing(render_hand, hand, caption=caption, info=ngettext("{n} card", "{n} cards", len(hand)),
                        style=CARD_STYLE) if hand else None
        return "\n".join(lines), image, controls

    def _controls(self, table: Table, view: dict, me: dict, player: int) -> list[Control]:
        legal = arc.legal_actions(table.state, player)
        kinds = {a["type"] for a in legal}
        controls: list[Control] = []
        if view["phase"] == "vote" and "vote" in kinds:
            return [ButtonSpec(_("Refill the deck"), "refill_yes", discord.ButtonStyle.success),
                    ButtonSpec(_("Keep it empty"), "refill_no", discord.ButtonStyle.danger)]
        if view["phase"] == "choice" and legal:
            return self._choice_controls(view, legal)
        if {"type": "fool"} in legal:
            controls.append(ButtonSpec(_("Play the Fool: steal it"), "fool", discord.ButtonStyle.danger))
        for action in legal:
            if action["type"] == "fool" and "seat" in action:
                controls.append(ButtonSpec(_("Your daemon plays its Fool: steal it"), f"dfool.{action['seat']}",
                                           discord.ButtonStyle.danger))
        if "pass" in kinds and me["reactions"]:
            controls.append(ButtonSpec(_("Let it stand"), "pass"))
        if "sitin" in kinds:
            controls.append(ButtonSpec(_("Take my seat back"), "sitin", discord.ButtonStyle.primary))
        return menus.main_menus(legal, view) + controls

    def _choice_controls(self, view: dict, legal: list[Action]) -> list[Control]:
        choice = view["choice"]
        if "discard" in choice:
            hand = view["me"]["hand"]
            count = choice["discard"]
            return [SelectSpec(ngettext("Discard {n} card after the Wheel", "Discard {n} cards after the Wheel", count),
                               "wheel", tuple((menus.label_of(c), face_code(c)) for c in hand[:menus.MENU_SIZE]),
                               count, count)]
        return [*menus.call_menus(legal), ButtonSpec(_("Stop calling (draw)"), "stopcall")]


REACTIONS = {"fool": N_("steal that commitment with the Fool"), "daemon_fool": N_("steal it with your daemon's Fool"),
             "hermit": N_("make a Hermit move"), "daemon_hermit": N_("make a move for your daemon with its Hermit")}
USA = -200  # the GAZA seat
CARD_STYLE = arcanoid_names("rws")  # the faces carry Arcanoid's names (8 Justice, 11 Strength, Judgment)


def _window_subject(view: dict, names: dict[int, str]) -> str:
    """What the open reaction window follows: `Ann's commitment on swords (9S 10S)`, `Ann's
    commitment on swords (secret)`, `Ann's Judgment on Bob's staves` (a commitment made on
    another's battlefield), or `Ann's move` (any move while a Hermit is out)."""
    window = view["window"]
    who = _seat_called(view, window["after"], names)
    field = window["field"]
    if field is None:
        return words.say(N_("{player}'s move"), player=who)
    where = words.field(field)
    holder = window.get("holder", window["after"])
    seat = next((s for s in view["seats"] if s["player"] == holder), None)
    commit = (seat or {}).get("fields", {}).get(field)
    if holder != window["after"]:
        owner = _seat_called(view, holder, names)
        if commit and commit["cards"]:
            return words.say(N_("{player}'s {cards} on {holder}'s {field}"), player=who,
                             cards=words.cards_said(commit["cards"]), holder=owner, field=where)
        return words.say(N_("{player}'s commitment on {holder}'s {field}"), player=who, holder=owner, field=where)
    if commit is None:
        return words.say(N_("{player}'s commitment on {field}"), player=who, field=where)
    if commit["form"] == "secret" or not commit["cards"]:
        return words.say(N_("{player}'s commitment on {field} (secret)"), player=who, field=where)
    return words.say(N_("{player}'s commitment on {field} ({cards})"), player=who, field=where,
                     cards=words.cards_said(commit["cards"]))


def _seat_called(view: dict, player: int, names: dict[int, str]) -> str:
    seat = next((s for s in view["seats"] if s["player"] == player), None)
    return seat_called(seat, names) if seat else words.name_of(names, player)


def seat_called(seat: dict, names: dict[int, str]) -> str:
    """A seat's name as the table shows it (a daemon after its master, the USA), in the
    language spoken now."""
    return seat_name(seat, names, render_words(WORDS))


def _seat(player: int, names: dict[int, str]) -> str:
    return names.get(player) or tr(base_seat_name(player))


def reaction_prompt(view: dict, me: dict, names: dict[int, str], deadline: float | None) -> str:
    """The DM line of a player who may react: whose commitment, where, which cards (or secret),
    what they may do and when the window closes (a live countdown to the real deadline)."""
    said = [_(REACTIONS[r]) for r in me["reactions"]]
    choices = said[0]
    for more in said[1:]:
        choices = _("{first} or {second}", first=choices, second=more)
    what = _window_subject(view, names)
    if deadline:
        when = f"<t:{int(deadline)}:R>"  # a live countdown in every client
        return _("**You may react to {what}** — the window closes {when}: {choices}.", what=what, when=when,
                 choices=choices)
    return _("**You may react to {what}**: {choices}.", what=what, choices=choices)


def hand_shown(view: dict, me: dict, names: dict[int, str]) -> tuple[str, list[str]]:
    """The hand the DM's image shows: on the turn of a daemon the player is master of, the
    daemon's (the cards they play now); otherwise their own. Drawn upright, codes without `r`:
    orientation means nothing in Arcanoid."""
    turn = view.get("turn")
    if turn in me.get("daemons", []) and view.get("turn_controller") == me["player"] and view["phase"] != "window":
        daemon = next((s for s in view["seats"] if s["player"] == turn), None)
        if daemon is not None:
            held = (daemon["hand"] or []) + daemon["visible"]
            return _("{daemon}: its hand, yours to play", daemon=seat_called(daemon, names)), [face_code(c) for c in held]
    return _("Your Arcanoid hand"), [face_code(c) for c in me["hand"] + me["visible"]]


def _mention(player: int | None, names: dict[int, str]) -> str:
    """A seat as the channel's news names it: a member by mention, a daemon after its master
    ("Daemon of Ann"), a computer by its name."""
    if player is None:
        return _("nobody")
    if player == USA:
        return _("the USA")
    return f"<@{player}>" if player > 0 else _seat(player, names)


register_ui(ArcanoidUI())


async def _own_cards(interaction: discord.Interaction) -> list[str]:
    view = await own_view(interaction, GAME) or {}
    me = view.get("me")
    if not me:
        return []
    held = [me]
    if getattr(interaction.namespace, "daemon", False):  # a move for one's daemon: its cards
        held = [s for s in view["seats"] if s["player"] in me["daemons"]]
    return [card(c).face.code for s in held for c in (s["hand"] or []) + s["visible"]] + \
        [card(c).face.code for c in view.get("justice") or []]


async def _card_choices(interaction: discord.Interaction, current: str, several: bool) -> list[app_commands.Choice[str]]:
    """Cards from the player's own hand; for a list, the typed part stays and the last word completes."""
    head, _sep, last = current.rpartition(" ") if several else ("", "", current)
    taken = set(head.upper().split())
    choices = []
    for code in await _own_cards(interaction):
        if code in taken or last.strip().upper() not in menus.label_of(code).upper():
            continue
        value = f"{head} {code}".strip()
        choices.append(app_commands.Choice(name=(value if several else menus.label_of(code))[:100], value=value[:100]))
    return choices[:25]


def for_daemon(table: Table, player: int, action: Action) -> Action:
    """/arcanoid commit|discard|play daemon:true: the move for the player's daemon whose Hermit
    may move now (else their latest daemon, and the rules say why not)."""
    me = (table.view(player) or {}).get("me") or {}
    ready, daemons = me.get("hermit_daemons") or [], me.get("daemons") or []
    if not daemons:
        raise IllegalAction(NO_DAEMON)
    return {**action, "seat": ready[0] if ready else daemons[-1]}


async def move(interaction: discord.Interaction, action: Action, table_ref: str | None, daemon: bool) -> None:
    """A move command, for the player's own seat or (`daemon`) their daemon's Hermit move."""
    if not daemon:
        await play(interaction, GAME, action, table_ref)
        return
    await play(interaction, GAME, lambda found: for_daemon(found, interaction.user.id, action), table_ref)


def seats_by_name(table: Table, names: dict[int, str]) -> dict[int, str]:
    """Every seat of the round in play by the name the table shows (computers, daemons and
    the USA included)."""
    return {s["player"]: seat_called(s, names) for s in (table.view(None) or {}).get("seats", [])}


MENTION = re.compile(r"<@!?(\d{1,20})>")
NO_DAEMON = Text(N_("you have no daemon at this table (the Devil raises one)"))


def target_seat(table: Table, names: dict[int, str], typed: str) -> int:
    """The seat a typed `target` names: a seat's name (any case) or a member's mention;
    refused with the names it may take."""
    seats = seats_by_name(table, names)
    wanted = typed.strip()
    mentioned = MENTION.fullmatch(wanted)
    if mentioned and int(mentioned[1]) in seats:
        return int(mentioned[1])
    found = [p for p, name in seats.items() if name.lower() == wanted.lower()]
    if not found:  # a name as English says it ("Daemon of Ann"), typed in another language
        english = {s["player"]: seat_name(s, names) for s in (table.view(None) or {}).get("seats", [])}
        found = [p for p, name in english.items() if name.lower() == wanted.lower()]
    if len(found) == 1:
        return found[0]
    listed = ", ".join(seats.values())
    if found:
        raise IllegalAction(Text(N_("several seats are called {name}: aim with the `target` option's list ({seats})"),
                                 name=repr(wanted), seats=listed))
    raise IllegalAction(Text(N_("{name} is no seat at this table: the target is one of {seats}"), name=repr(wanted[:40]),
                             seats=listed))


def require_target(table: Table, player: int, names: dict[int, str], arcanum: str) -> None:
    """An arcanum of the player's (or their daemon's) hand that aims at a seat, played without
    `target`, is refused with the seats it may aim at (the game alone could only say "name the
    target player"); any other mistake is the move's to refuse."""
    try:
        number = arc.powers.arcanum_of(arcanum)
    except IllegalAction:
        return
    held = any(c.is_major and c.rank == number
               for seat in table.state.seats if seat.controller == player for c in seat.hand)
    if held and "target" in arc.rules.ARCANUM_KEYS.get(number, set()):
        listed = ", ".join(seats_by_name(table, names).values())
        raise IllegalAction(Text(N_("{arcanum} aims at a seat: add the `target` option, one of {seats}"),
                                 arcanum=major_title(number), seats=listed))


def fool_action(table: Table, player: int, daemon: bool | None) -> Action:
    """/arcanoid fool: the player's own Fool, or the Fool of a daemon they are master of (asked
    for, or the only one that may steal now); the rules refuse what may not be done."""
    own: Action = {"type": "fool"}
    if daemon is False or table.state is None:
        return own
    legal = arc.legal_actions(table.state, player)
    if daemon is None and own in legal:
        return own
    theirs = [a for a in legal if a["type"] == "fool" and "seat" in a]
    if theirs:
        return theirs[0]
    if daemon:
        me = (table.view(player) or {}).get("me") or {}
        if not me.get("daemons"):
            raise IllegalAction(NO_DAEMON)
        return {**own, "seat": me["daemons"][-1]}
    return own


FIELD_CHOICES = [app_commands.Choice(name=f, value=f) for f in FIELDS]
DAEMON_HELP = "For your daemon: its Hermit's move out of turn, in a reaction window"


class Arcanoid(commands.Cog):
    group = app_commands.Group(name="arcanoid", description="Arcanoid: four battles at once with the 22 major arcana")

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="create", description="Open an Arcanoid table in this channel")
    @app_commands.describe(bots="Computer players to seat (0-9)", rounds="Rounds in the game (default 5)",
                           variant="DRESDEN (default), NASSAU, KOBLENZ, MALTA*, WORMS*",
                           gaza="Add the mechanical USA player (for 2-3 players)",
                           reaction_seconds="Seconds of each reaction window for the Fool and the Hermit (default 20)",
                           timer="Seconds per turn before the default move (0 = no timer)", level=LEVEL_HELP)
    @app_commands.choices(variant=[app_commands.Choice(name=v, value=v) for v in ("DRESDEN", "NASSAU", "KOBLENZ", "MALTA*", "WORMS*")],
                          level=LEVEL_CHOICES)
    @language_option
    async def create(self, interaction: discord.Interaction, bots: app_commands.Range[int, 0, 9] = 0,
                     rounds: app_commands.Range[int, 1, 20] = 5, variant: app_commands.Choice[str] | None = None,
                     gaza: bool = False, reaction_seconds: app_commands.Range[int, 2, 60] = 20,
                     timer: app_commands.Range[int, 0, 600] = 120,
                     level: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None) -> None:
        options = {"level": level.value if level else "normal", "bots": bots, "rounds": rounds, "variant": variant.value if variant else "DRESDEN",
                   "gaza": gaza, "reaction_seconds": reaction_seconds, "timer": timer}
        await create_table(interaction, GAME, options, None, language)

    @group.command(name="commit", description="Commit forces on a battlefield (no cards: abdicate)")
    @app_commands.describe(field="The battlefield", cards="Cards from your hand, e.g. '9S 10S' (empty: abdicate)",
                           second="A second battlefield for the Empress and Emperor (or the Lovers with one)",
                           secret="KOBLENZ: your one secret commitment of the round",
                           chariot="Commit your Chariot's reserve too", daemon=DAEMON_HELP)
    @app_commands.choices(field=FIELD_CHOICES, second=FIELD_CHOICES)
    async def commit(self, interaction: discord.Interaction, field: app_commands.Choice[str], cards: str = "",
                     second: app_commands.Choice[str] | None = None, secret: bool = False, chariot: bool = False,
                     daemon: bool = False, table: str | None = None) -> None:
        action: Action = {"type": "commit", "field": field.value, "cards": cards}
        if second is not None:
            action["second"] = second.value
        if secret:
            action["secret"] = True
        if chariot:
            action["chariot"] = True
        await move(interaction, action, table, daemon)

    @group.command(name="discard", description="Discard one card face down")
    @app_commands.describe(daemon=DAEMON_HELP)
    async def discard(self, interaction: discord.Interaction, card: str, daemon: bool = False,
                      table: str | None = None) -> None:
        await move(interaction, {"type": "discard", "card": card}, table, daemon)

    @group.command(name="play", description="Play a major arcanum's power")
    @app_commands.describe(arcanum="The arcanum, e.g. 16 or 'the tower'",
                           target="The seat it aims at, by its name (a member, a computer, a daemon, the USA)",
                           field="The battlefield (Temperance, Tower, Judgment)",
                           call="What you call (Hierophant: a suit, trumps or fool; Star/Moon/Sun: a card)",
                           option="Strength: visible or hidden", daemon=DAEMON_HELP)
    @app_commands.choices(field=FIELD_CHOICES, option=[app_commands.Choice(name=o, value=o) for o in ("visible", "hidden")])
    async def play_arcanum(self, interaction: discord.Interaction, arcanum: str, target: str | None = None,
                           field: app_commands.Choice[str] | None = None, call: str | None = None,
                           option: app_commands.Choice[str] | None = None, daemon: bool = False,
                           table: str | None = None) -> None:
        action: Action = {"type": "play", "arcanum": arcanum}
        if field is not None:
            action["field"] = field.value
        if call is not None:
            action["call"] = call
        if option is not None:
            action["option"] = option.value

        def aimed(found: Table) -> Action:
            built = dict(action)
            if target is not None:
                built["target"] = target_seat(found, names_for(self.bot, found), target)
            else:
                require_target(found, interaction.user.id, names_for(self.bot, found), arcanum)
            return for_daemon(found, interaction.user.id, built) if daemon else built

        await play(interaction, GAME, aimed, table)

    @group.command(name="fool", description="In a reaction window: steal the commitment just made with the Fool")
    @app_commands.describe(daemon="Play your daemon's Fool (default: yours, or your daemon's when only it may)")
    async def fool(self, interaction: discord.Interaction, daemon: bool | None = None, table: str | None = None) -> None:
        await play(interaction, GAME, lambda found: fool_action(found, interaction.user.id, daemon), table)

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
        named = {c: tr(ARCANA[int(c)]) for c in majors}  # in the member's language
        return [app_commands.Choice(name=f"{c} · {named[c]}", value=c) for c in majors
                if current.lower() in f"{c} {named[c]}".lower() or current.lower() in f"{c} {ARCANA[int(c)]}".lower()][:25]

    @play_arcanum.autocomplete("target")
    async def target_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await autocomplete_table(interaction, GAME)
        if found is None or not found.active:
            return []
        seats = seats_by_name(found, names_for(self.bot, found))
        typed = current.strip().lower()
        return [app_commands.Choice(name=name[:100], value=name[:100]) for name in seats.values()
                if typed in name.lower()][:25]

    @commit.autocomplete("table")
    @discard.autocomplete("table")
    @play_arcanum.autocomplete("table")
    @fool.autocomplete("table")
    @vote.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await table_choices(interaction, GAME, current)


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Arcanoid(bot))


__all__ = ["Arcanoid", "ArcanoidUI", "Any"]
