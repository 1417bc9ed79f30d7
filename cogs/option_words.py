"""A table's options in words, for the lobby: "Golden Dawn attributions", not "gd"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from discord import app_commands

from bot import i18n
from bot.i18n import N_, _, ngettext
from games.base import LEVELS
from games.rummy.melds import meld_set_words
from renders.french_tarot import METHODS

STYLES = {"rws": N_("Rider–Waite–Smith cards"), "marseille": N_("Marseille cards"), "thoth": N_("Thoth cards"),
          "french": N_("French tarot cards (trumps numbered)")}
LEVEL_WORDS = {"easy": N_("easy computer players (a newcomer can beat them)"),
               "normal": N_("normal computer players (rules of thumb)"),
               "hard": N_("hard computer players (they search the possible deals)")}
LEVELS_RULE = N_("Computer players: `level:` on `create` sets how well they play — **easy** (a newcomer beats "
                 "them), **normal** (rules of thumb, the default) or **hard** (they imagine the hidden cards and "
                 "search).")
LEVEL_HELP = "How well the computer players play: easy, normal (default) or hard (docs/computers.md)"
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
ORIENTATION = {"best": N_("reversals set for your best hand"), "manual": N_("you turn your own cards")}


def _timer(options: Any) -> str:
    seconds = int(getattr(options, "timer", 0) or 0)
    return ngettext("{n} second per turn", "{n} seconds per turn", seconds) if seconds else _("no turn timer")


def _poker(o: Any) -> list[str]:
    game = _("Texas hold'em") if o.format == "holdem" else _("five-card draw")
    return [_("{game}, blinds {small}/{big}", game=game, small=o.small_blind, big=o.big_blind),
            _("buy-in {low}–{high} big blinds ({least}–{most} chips)", low=o.min_buy_in, high=o.max_buy_in,
              least=o.min_buy_in * o.big_blind, most=o.max_buy_in * o.big_blind),
            _(ORIENTATION[o.orientation]), _(STYLES.get(o.style, o.style))]


def _house(o: Any) -> list[str]:
    """The bets and the shoe of a house game (blackjack, baccarat)."""
    return [_("bets {low}–{high} chips", low=o.min_bet, high=o.max_bet),
            ngettext("{n} deck in the shoe", "{n} decks in the shoe", o.decks)]


def _blackjack(o: Any) -> list[str]:
    return [*_house(o), _(ORIENTATION[o.orientation])]


def _baccarat(o: Any) -> list[str]:
    commission = _("{percent}% commission on banker wins", percent=o.commission) if o.commission \
        else _("no commission on banker wins")
    return [*_house(o), commission]


def _loc(o: Any) -> list[str]:
    deck = _("played with the tarot deck") if o.deck == "tarot" else _("played with a standard deck with a Joker")
    trumps = _("any trump takes the pot") if o.pot_trumps == "all" else _("only the trumps 15–21 and the Fool take the pot")
    return [ngettext("bets of {n} chip", "bets of {n} chips", o.bet), deck, trumps]


def _tarot(o: Any) -> list[str]:
    deals = ngettext("{n} deal", "{n} deals", o.hands) if o.hands else _("one deal per player")
    players = ngettext("{n} players, {bots} of them computer players", "{n} players, {bots} of them computer players",
                       o.players, bots=o.bots) if o.bots else ngettext("{n} player", "{n} players", o.players)
    fool = {"exchange": N_("the Excuse is exchanged for a low card"), "adjust": N_("the Excuse's half point is adjusted"),
            "fool_alone": N_("the Excuse is counted alone")}.get(o.excuse_settlement, o.excuse_settlement)
    method = _(METHODS.get(o.count_method, o.count_method))
    return [players, deals, _("card points counted by the {method} method", method=method), _(fool),
            _(STYLES.get(o.style, o.style))]


RUMMY_ATTRIBUTIONS = {"gd": N_("Golden Dawn attributions"), "thoth": N_("Thoth attributions")}
RUMMY_FLAGS = (("dealer_choice", N_("the dealer sets the melds and call limit before each deal")),
               ("upcard_choice", N_("the upcard's value is the call limit")),
               ("identification", N_("callers identify their cards")))


def _rummy(o: Any) -> list[str]:
    lines = [_("against the computer") if o.opponent == "bot" else _("against another member"),
             i18n.translated(meld_set_words(o.melds)), _(RUMMY_ATTRIBUTIONS.get(o.attributions, o.attributions)),
             ngettext("call with {n} point or fewer unmelded", "call with {n} points or fewer unmelded", o.call_limit),
             ngettext("game to {n} point", "game to {n} points", o.target), _(STYLES.get(o.style, o.style))]
    return lines + [_(text) for flag, text in RUMMY_FLAGS if getattr(o, flag)]


def _arcanoid(o: Any) -> list[str]:
    gaza = _("GAZA: the USA plays a mechanical seat") if o.gaza else _("no GAZA seat")
    return [_("the {variant} variant", variant=o.variant), gaza, ngettext("{n} round", "{n} rounds", o.rounds),
            ngettext("{n} second to react to a commitment", "{n} seconds to react to a commitment", o.reaction_seconds)]


WORDS: dict[str, Callable[[Any], list[str]]] = {
    "poker": _poker, "blackjack": _blackjack, "baccarat": _baccarat, "loc": _loc, "tarot": _tarot, "rummy": _rummy,
    "arcanoid": _arcanoid,
}


def _value_words(value: Any) -> str:
    """An option's value as words (never a Python literal: yes/no, not True/False)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value_words(v) for v in value) or "none"
    return "none" if value is None else str(value)


def level_line(options: Any) -> str | None:
    """The table's computer level, for its status; None at a table without computers."""
    if not getattr(options, "bots", 0) or not hasattr(options, "level"):
        return None
    return f"🤖 {_(LEVEL_WORDS[options.level]).capitalize()}"


def option_words(game: str, options: Any) -> str:
    """The lobby's Options field."""
    describe = WORDS.get(game)
    if describe is None:
        from dataclasses import asdict

        return "\n".join(f"{k.replace('_', ' ')}: {_value_words(v)}" for k, v in asdict(options).items())[:1024]
    lines = [*describe(options), _timer(options)]
    if getattr(options, "bots", 0) and hasattr(options, "level"):
        lines.append(_(LEVEL_WORDS[options.level]))
    return "\n".join(f"• {line[:1].upper()}{line[1:]}" for line in lines)[:1024]
