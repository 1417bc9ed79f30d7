"""Arcanoid told in words, as a member reads it at the table: every event games/arcanoid emits,
a computer's, a daemon's and the USA's too, one line each (`tell`), in the language spoken now.
Only what the whole table may know: a High Priestess look never says what was seen, a secret
commitment never its cards. Seats are named by the table's `names` (members, "Computer N",
"Daemon of Ann", "USA").

Every line is one whole sentence of the catalog with named parameters (word order differs
between languages). In English a seat called "You" agrees with its verb ("You play", "your
staves"): `say` adjusts the English sentence, a translation is left as it is."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot import i18n
from bot.i18n import N_, _, pgettext
from bot.i18n import translated as tr
from games.arcanoid.battle import ARCANA, field_word
from games.arcanoid.words import card_title, does, face_code, is_you
from games.base import Event
from games.cards import card

Names = dict[int, str]

FORM_WORDS = {"imperial": N_("the imperial couple"), "royal": N_("the royal couple"),
              "illegitimate": N_("the Lovers' couple")}
# Events told elsewhere, or bookkeeping with nothing for a member to read.
SILENT = frozenset({
    "deal_committed",  # the deal's commitment is on the table message's footer
    "deal_revealed",  # the seed is in /history and /verify once the round is over
    "settled",  # the leaderboard's record of the round: the round_over line says who won
    "window",  # no one's move: the table message's status shows the open window and its countdown
    "window_closed",  # nor its closing: the status shows the next turn
})
# The verbs a seat's name governs in the sentences below (English agreement with "You").
VERBS = ("abdicates", "adds", "calls", "commits", "completes", "discards", "hands", "has", "leaves", "plays",
         "puts", "shows", "steals", "takes", "votes")


# --- one sentence in the language spoken now --------------------------------------------------


def say(msgid: str, /, **params: Any) -> str:
    """A whole sentence of the catalog in the language spoken now, its parameters filled in."""
    language = i18n.current.get()
    return i18n.translate(_agreeing(msgid, params) if language == i18n.SOURCE else msgid, language, **params)


def say_n(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """`say` with a plural form chosen by `count` (`{n}`)."""
    if i18n.current.get() != i18n.SOURCE:
        return i18n.ngettext(singular, plural, count, **params)
    return say(singular if abs(count) == 1 else plural, n=count, **params)


def _agreeing(template: str, params: dict[str, Any]) -> str:
    """The English sentence with each seat called "You" agreeing: `{player}'s` reads `your`
    and its verb loses its s (`You play`, `You have`)."""
    for key, value in params.items():
        if not isinstance(value, str) or not is_you(value):
            continue
        slot = re.escape("{" + key + "}")
        template = re.sub(f"{slot}'s", "your", template)
        template = re.sub(f"({slot}) ({'|'.join(VERBS)})\\b",
                          lambda m: f"{m[1]} {does('You', m[2]).split(' ', 1)[1]}", template)
    return template


def name_of(names: Names, player: Any) -> str:
    """A seat's name from the table's names (a seat the names do not know is named by kind)."""
    found = names.get(player) if isinstance(player, int) else None
    if found:
        return found
    if player == -200:
        return _("USA")
    return _("a daemon") if isinstance(player, int) and player <= -101 else _("a player")


def cards_said(items: Any) -> str:
    """Cards in a sentence: numeric and court cards by their notation, majors by name
    (`9S 10S`, `the Empress and the Emperor`, `the Lovers and QS`)."""
    words = []
    for item in items:
        c = card(item) if isinstance(item, str) else item
        words.append(tr(ARCANA[c.rank]) if c.is_major else c.face.code)
    if len(words) > 1 and any(not w[:1].isalnum() or " " in w for w in words):
        return _("{cards} and {card}", cards=", ".join(words[:-1]), card=words[-1])
    return " ".join(words)


def names_said(players: list[str]) -> str:
    """Names joined: `Ann`, `Ann and Bob`; `nobody` for none."""
    if not players:
        return _("nobody")
    joined = players[0]
    for name in players[1:]:
        joined = _("{first} and {second}", first=joined, second=name)
    return joined


def field(name: str) -> str:
    """A battlefield's name in the language spoken now (`swords`)."""
    return tr(field_word(name))


def hierophant_call(call: str) -> str:
    """What the Hierophant calls, as a sentence says it: `swords`, `the trumps`, `the Fool`."""
    calls = {"swords": pgettext("Hierophant's call", "swords"), "staves": pgettext("Hierophant's call", "staves"),
             "cups": pgettext("Hierophant's call", "cups"), "coins": pgettext("Hierophant's call", "coins"),
             "trumps": _("the trumps"), "fool": _("the Fool")}
    return calls.get(call, call)


def tell(events: list[Event], names: Names) -> list[str]:
    """The lines that tell these events, in order."""
    lines = []
    fallbacks = (_("a daemon"), _("a player"))
    for event in events:
        teller = TELLERS.get(event.kind)
        if teller is None:
            continue
        line = teller(event.data, names)
        if line.startswith(fallbacks):  # a member's own name keeps its case; these words open a sentence
            line = line[:1].upper() + line[1:]
        if line:
            lines.append(line)
    return lines


# --- the events ---------------------------------------------------------------------------------


def _committed(data: dict[str, Any], names: Names) -> str:
    who, where = name_of(names, data["seat"]), field(data["field"])
    form = data.get("form")
    if form == "abdication":
        return say(N_("{player} abdicates on {field}."), player=who, field=where)
    if form == "world":
        return say(N_("{player} commits the World on {field}: everyone else abdicates there."), player=who, field=where)
    if data.get("completion"):
        return say(N_("{player} completes the ace on {field} with {cards}."), player=who, field=where,
                   cards=cards_said(data["cards"]))
    if not data["cards"]:
        return say_n(N_("{player} commits {n} card face down on {field} (secret)."),
                     N_("{player} commits {n} cards face down on {field} (secret)."), data.get("count", 0),
                     player=who, field=where)
    what = cards_said(data["cards"])
    couple = _(FORM_WORDS[form]) if form in FORM_WORDS else None
    if data.get("second"):
        second = field(data["second"])
        if couple:
            return say(N_("{player} commits {cards} on {field} and {second} ({couple})."), player=who, cards=what,
                       field=where, second=second, couple=couple)
        return say(N_("{player} commits {cards} on {field} and {second}."), player=who, cards=what, field=where,
                   second=second)
    if couple:
        return say(N_("{player} commits {cards} on {field} ({couple})."), player=who, cards=what, field=where,
                   couple=couple)
    return say(N_("{player} commits {cards} on {field}."), player=who, cards=what, field=where)


def _stolen(data: dict[str, Any], names: Names) -> str:
    who, victim, where = name_of(names, data["seat"]), name_of(names, data["victim"]), field(data["field"])
    if data["cards"]:
        return say(N_("{player} steals {victim}'s commitment on {field} with the Fool: {cards}."), player=who,
                   victim=victim, field=where, cards=cards_said(data["cards"]))
    return say(N_("{player} steals {victim}'s commitment on {field} with the Fool (secret)."), player=who,
               victim=victim, field=where)


def _fool_lost(data: dict[str, Any], names: Names) -> str:
    return say(N_("{player} plays the Fool on {victim}'s secret commitment on {field}: it cannot be stolen, and "
                  "the Fool is lost."), player=name_of(names, data["seat"]), victim=name_of(names, data["victim"]),
               field=field(data["field"]))


def _revealed(data: dict[str, Any], names: Names) -> str:
    shown = "; ".join(say(N_("{player} shows {cards}"), player=name_of(names, int(p)), cards=cards_said(c))
                      for p, c in data["shown"].items())
    return say(N_("{player} plays the Hierophant and calls {call}: {shown}."), player=name_of(names, data["by"]),
               call=hierophant_call(data["call"]), shown=shown or _("nobody holds any"))


def _called(data: dict[str, Any], names: Names) -> str:
    who, called = name_of(names, data["seat"]), tr(card_title(data["card"]))
    arcanum = data.get("arcanum")
    if data["from"] is None:
        if data.get("again"):
            return say(N_("{player} calls again: {card} — nobody else holds it."), player=who, card=called)
        if arcanum is None:
            return say(N_("{player} calls {card} — nobody else holds it."), player=who, card=called)
        return say(N_("{player} plays {arcanum} and calls {card} — nobody else holds it."), player=who,
                   arcanum=tr(ARCANA[arcanum]), card=called)
    giver = name_of(names, data["from"])
    if data.get("again"):
        return say(N_("{player} calls again: {card} — {giver} hands it over."), player=who, card=called, giver=giver)
    if arcanum is None:
        return say(N_("{player} calls {card} — {giver} hands it over."), player=who, card=called, giver=giver)
    return say(N_("{player} plays {arcanum} and calls {card} — {giver} hands it over."), player=who,
               arcanum=tr(ARCANA[arcanum]), card=called, giver=giver)


def battles_won(winners: dict[str, Any], names: Names) -> str:
    """Each battlefield and who won it: `swords Ann, staves nobody, …`."""
    return ", ".join(_("{field} {player}", field=field(f), player=name_of(names, p) if p is not None else _("nobody"))
                     for f, p in winners.items())


def _round_over(data: dict[str, Any], names: Names) -> str:
    return say(N_("Round {round} is over — battles won: {won}."), round=data["round"],
               won=battles_won(data["winners"], names))


def _game_over(data: dict[str, Any], names: Names) -> str:
    return say(N_("The game is over. Winner: {players}."),
               players=names_said([name_of(names, p) for p in data["winners"]]))


def _chariot(data: dict[str, Any], names: Names) -> str:
    who, held = name_of(names, data["seat"]), cards_said(data["cards"])
    if data.get("added"):
        return say(N_("{player} adds {cards} to the Chariot's reserve."), player=who, cards=held)
    if held:
        return say(N_("{player} puts the Chariot down holding {cards} in reserve."), player=who, cards=held)
    return say(N_("{player} puts the Chariot down holding nothing."), player=who)


def _who(data: dict[str, Any], names: Names, key: str = "seat") -> str:
    return name_of(names, data[key])


def _justice(data: dict[str, Any], names: Names) -> str:
    if data["row"]:
        return say(N_("{player} plays Justice: six cards go on the table for everyone ({cards})."),
                   player=_who(data, names), cards=cards_said(data["row"]))
    return say(N_("{player} plays Justice: the deck is empty, so its row stays bare."), player=_who(data, names))


def _strength(data: dict[str, Any], names: Names) -> str:
    if data["option"] == "visible":
        return say(N_("{player} plays Strength and draws two cards face up."), player=_who(data, names))
    return say(N_("{player} plays Strength and draws one more card (a hand of seven)."), player=_who(data, names))


def _hanged(data: dict[str, Any], names: Names) -> str:
    if data["target"] == data["seat"]:
        return say(N_("{player} plays the Hanged Man on themself: that hand is discarded and a new one drawn."),
                   player=_who(data, names))
    return say(N_("{player} plays the Hanged Man on {target}: that hand is discarded and a new one drawn."),
               player=_who(data, names), target=name_of(names, data["target"]))


def _judgment(data: dict[str, Any], names: Names) -> str:
    if data["target"] == data["seat"]:
        return say(N_("{player} plays Judgment on {field} and abdicates there."), player=_who(data, names),
                   field=field(data["field"]))
    return say(N_("{player} plays Judgment on {target}'s {field}: {target} abdicates there."),
               player=_who(data, names), target=name_of(names, data["target"]), field=field(data["field"]))


def _voted(data: dict[str, Any], names: Names) -> str:
    if data["refill"]:
        return say(N_("{player} votes to refill the deck."), player=_who(data, names, "player"))
    return say(N_("{player} votes to keep the deck empty."), player=_who(data, names, "player"))


Teller = Callable[[dict[str, Any], Names], str]
TELLERS: dict[str, Teller] = {
    "round_open": lambda d, n: say(N_("Round {round} is dealt: six cards each."), round=d["round"]),
    "committed": _committed,
    "discarded": lambda d, n: say(N_("{player} discards a card face down."), player=_who(d, n)),
    "stolen": _stolen,
    "fool_lost": _fool_lost,
    "looked": lambda d, n: say(N_("{player} plays the High Priestess and looks at {target}'s hand."),
                               player=_who(d, n), target=name_of(n, d["target"])),
    "revealed": _revealed,
    "justice": _justice,
    "hermit": lambda d, n: say(N_("{player} plays the Hermit: three moves out of turn, in reaction windows."),
                               player=_who(d, n)),
    "wheel": lambda d, n: say(N_("{player} plays the Wheel of Fortune and draws five cards."), player=_who(d, n)),
    "strength": _strength,
    "hanged": _hanged,
    "death": lambda d, n: say(N_("{player} plays Death: the deck is discarded and stays empty this round."),
                              player=_who(d, n)),
    "temperance": lambda d, n: say(N_("{player} plays Temperance on {field}: only abdication or Judgment there for "
                                      "now."), player=_who(d, n), field=field(d["field"])),
    "temperance_removed": lambda d, n: say(N_("{player} takes Temperance off the table."), player=_who(d, n)),
    "daemon": lambda d, n: say(N_("{player} plays the Devil and raises a daemon, {daemon}, with six cards face up."),
                               player=_who(d, n), daemon=name_of(n, d["daemon"])),
    "tower": lambda d, n: say(N_("{player} plays the Tower on {target}'s {field}: that commitment is destroyed."),
                              player=_who(d, n), target=name_of(n, d["target"]), field=field(d["field"])),
    "called": _called,
    "judgment": _judgment,
    "chariot": _chariot,
    "chariot_dropped": lambda d, n: say(N_("{player} discards the Chariot and its reserve."), player=_who(d, n)),
    "finished_round": lambda d, n: say(N_("{player} has committed on all four battlefields and is out of play this "
                                          "round."), player=_who(d, n)),
    "vote": lambda d, n: _("The deck is empty: each player votes on refilling it from the discard pile."),
    "voted": _voted,
    "refilled": lambda d, n: say_n(N_("The deck is refilled from the discard pile ({n} card)."),
                                   N_("The deck is refilled from the discard pile ({n} cards)."), d["deck"]),
    "deck_dry": lambda d, n: _("The deck stays empty for the rest of the round."),
    "left": lambda d, n: say(N_("{player} leaves the game: a computer plays that seat now."),
                             player=_who(d, n, "player")),
    "sitout": lambda d, n: say(N_("A computer plays for {player} for now."), player=_who(d, n, "player")),
    "sitin": lambda d, n: say(N_("{player} plays again in person."), player=_who(d, n, "player")),
    "round_over": _round_over,
    "game_over": _game_over,
}


__all__ = ["SILENT", "TELLERS", "cards_said", "face_code", "field", "name_of", "say", "tell"]
