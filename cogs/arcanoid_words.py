"""Arcanoid told in words, as a member reads it at the table: every event games/arcanoid emits,
a computer's, a daemon's and the USA's too, one line each (`tell`). Only what the whole table may
know: a High Priestess look never says what was seen, a secret commitment never its cards.
Seats are named by the table's `names` (members, "Computer N", "Daemon of Ann", "USA")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.arcanoid.battle import ARCANA
from games.arcanoid.words import card_title, card_words, does, face_code, whose
from games.base import Event

Names = dict[int, str]

FORM_WORDS = {"imperial": "the imperial couple", "royal": "the royal couple", "illegitimate": "the Lovers' couple"}
HIEROPHANT_CALLS = {"trumps": "the trumps", "fool": "the Fool"}
# Events told elsewhere, or bookkeeping with nothing for a member to read.
SILENT = frozenset({
    "deal_committed",  # the deal's commitment is on the table message's footer
    "deal_revealed",  # the seed is in /history and /verify once the round is over
    "settled",  # the leaderboard's record of the round: the round_over line says who won
    "window",  # no one's move: the table message's status shows the open window and its countdown
    "window_closed",  # nor its closing: the status shows the next turn
})


FALLBACKS = ("a daemon", "a player")


def name_of(names: Names, player: Any) -> str:
    """A seat's name from the table's names (a seat the names do not know is named by kind)."""
    found = names.get(player) if isinstance(player, int) else None
    if found:
        return found
    if player == -200:
        return "USA"
    return "a daemon" if isinstance(player, int) and player <= -101 else "a player"


def tell(events: list[Event], names: Names) -> list[str]:
    """The lines that tell these events, in order."""
    lines = []
    for event in events:
        teller = TELLERS.get(event.kind)
        if teller is None:
            continue
        line = teller(event.data, names)
        if line.startswith(FALLBACKS):  # a member's own name keeps its case; these words open a sentence
            line = line[:1].upper() + line[1:]
        if line:
            lines.append(line)
    return lines


def _committed(data: dict[str, Any], names: Names) -> str:
    who, field = name_of(names, data["seat"]), data["field"]
    form = data.get("form")
    if form == "abdication":
        return f"{does(who, 'abdicates')} on {field}."
    if form == "world":
        return f"{does(who, 'commits')} the World on {field}: everyone else abdicates there."
    if data.get("completion"):
        return f"{does(who, 'completes')} the ace on {field} with {card_words(data['cards'])}."
    if not data["cards"]:
        count = data.get("count", 0)
        return f"{does(who, 'commits')} {count} card{'s' if count != 1 else ''} face down on {field} (secret)."
    where = f"{field} and {data['second']}" if data.get("second") else field
    what = card_words(data["cards"])
    form_word = FORM_WORDS.get(form or "")
    return f"{does(who, 'commits')} {what} on {where}" + (f" ({form_word})." if form_word else ".")


def _stolen(data: dict[str, Any], names: Names) -> str:
    who, victim = name_of(names, data["seat"]), name_of(names, data["victim"])
    shown = f": {card_words(data['cards'])}" if data["cards"] else " (secret)"
    return f"{does(who, 'steals')} {whose(victim)} commitment on {data['field']} with the Fool{shown}."


def _fool_lost(data: dict[str, Any], names: Names) -> str:
    who, victim = name_of(names, data["seat"]), name_of(names, data["victim"])
    return (f"{does(who, 'plays')} the Fool on {whose(victim)} secret commitment on {data['field']}: "
            "it cannot be stolen, and the Fool is lost.")


def _revealed(data: dict[str, Any], names: Names) -> str:
    who = name_of(names, data["by"])
    call = HIEROPHANT_CALLS.get(data["call"], data["call"])
    shown = "; ".join(f"{does(name_of(names, int(p)), 'shows')} {card_words(c)}" for p, c in data["shown"].items())
    return f"{does(who, 'plays')} the Hierophant and calls {call}: " + (shown or "nobody holds any") + "."


def _called(data: dict[str, Any], names: Names) -> str:
    who, called = name_of(names, data["seat"]), card_title(data["card"])
    arcanum = data.get("arcanum")
    if data.get("again"):
        head = f"{does(who, 'calls')} again: {called}"
    elif arcanum is None:
        head = f"{does(who, 'calls')} {called}"
    else:
        head = f"{does(who, 'plays')} {ARCANA[arcanum]} and calls {called}"
    if data["from"] is None:
        return f"{head} — nobody else holds it."
    return f"{head} — {does(name_of(names, data['from']), 'hands')} it over."


def _round_over(data: dict[str, Any], names: Names) -> str:
    won = ", ".join(f"{field} {name_of(names, p) if p is not None else 'nobody'}"
                    for field, p in data["winners"].items())
    return f"Round {data['round']} is over — battles won: {won}."


def _game_over(data: dict[str, Any], names: Names) -> str:
    return "The game is over. Winner: " + (" and ".join(name_of(names, p) for p in data["winners"]) or "nobody") + "."


def _chariot(data: dict[str, Any], names: Names) -> str:
    who, held = name_of(names, data["seat"]), card_words(data["cards"])
    if data.get("added"):
        return f"{does(who, 'adds')} {held} to the Chariot's reserve."
    return f"{does(who, 'puts')} the Chariot down" + (f" holding {held} in reserve." if held else " holding nothing.")


def _who(data: dict[str, Any], names: Names, key: str = "seat") -> str:
    return name_of(names, data[key])


def _target(data: dict[str, Any], names: Names) -> str:
    return "themself" if data["target"] == data["seat"] else name_of(names, data["target"])


Teller = Callable[[dict[str, Any], Names], str]
TELLERS: dict[str, Teller] = {
    "round_open": lambda d, n: f"Round {d['round']} is dealt: six cards each.",
    "committed": _committed,
    "discarded": lambda d, n: f"{does(_who(d, n), 'discards')} a card face down.",
    "stolen": _stolen,
    "fool_lost": _fool_lost,
    "looked": lambda d, n: (f"{does(_who(d, n), 'plays')} the High Priestess and looks at "
                            f"{whose(name_of(n, d['target']))} hand."),
    "revealed": _revealed,
    "justice": lambda d, n: (f"{does(_who(d, n), 'plays')} Justice: six cards go on the table for everyone "
                             f"({card_words(d['row'])})." if d["row"] else
                             f"{does(_who(d, n), 'plays')} Justice: the deck is empty, so its row stays bare."),
    "hermit": lambda d, n: f"{does(_who(d, n), 'plays')} the Hermit: three moves out of turn, in reaction windows.",
    "wheel": lambda d, n: f"{does(_who(d, n), 'plays')} the Wheel of Fortune and draws five cards.",
    "strength": lambda d, n: (f"{does(_who(d, n), 'plays')} Strength and draws two cards face up."
                              if d["option"] == "visible" else
                              f"{does(_who(d, n), 'plays')} Strength and draws one more card (a hand of seven)."),
    "hanged": lambda d, n: (f"{does(_who(d, n), 'plays')} the Hanged Man on {_target(d, n)}: that hand is "
                            "discarded and a new one drawn."),
    "death": lambda d, n: f"{does(_who(d, n), 'plays')} Death: the deck is discarded and stays empty this round.",
    "temperance": lambda d, n: (f"{does(_who(d, n), 'plays')} Temperance on {d['field']}: only abdication or "
                                "Judgment there for now."),
    "temperance_removed": lambda d, n: f"{does(_who(d, n), 'takes')} Temperance off the table.",
    "daemon": lambda d, n: (f"{does(_who(d, n), 'plays')} the Devil and raises a daemon, "
                            f"{name_of(n, d['daemon'])}, with six cards face up."),
    "tower": lambda d, n: (f"{does(_who(d, n), 'plays')} the Tower on {whose(name_of(n, d['target']))} {d['field']}: "
                           "that commitment is destroyed."),
    "called": _called,
    "judgment": lambda d, n: (f"{does(_who(d, n), 'plays')} Judgment on {whose(name_of(n, d['target']))} "
                              f"{d['field']}: {does(_target(d, n), 'abdicates')} there."
                              if d["target"] != d["seat"] else
                              f"{does(_who(d, n), 'plays')} Judgment on {d['field']} and abdicates there."),
    "chariot": _chariot,
    "chariot_dropped": lambda d, n: f"{does(_who(d, n), 'discards')} the Chariot and its reserve.",
    "finished_round": lambda d, n: (f"{does(_who(d, n), 'has')} committed on all four battlefields and is "
                                    "out of play this round."),
    "vote": lambda d, n: "The deck is empty: each player votes on refilling it from the discard pile.",
    "voted": lambda d, n: (f"{does(_who(d, n, 'player'), 'votes')} to refill the deck." if d["refill"] else
                           f"{does(_who(d, n, 'player'), 'votes')} to keep the deck empty."),
    "refilled": lambda d, n: f"The deck is refilled from the discard pile ({d['deck']} cards).",
    "deck_dry": lambda d, n: "The deck stays empty for the rest of the round.",
    "left": lambda d, n: f"{does(_who(d, n, 'player'), 'leaves')} the game: a computer plays that seat now.",
    "sitout": lambda d, n: f"A computer plays for {_who(d, n, 'player')} for now.",
    "sitin": lambda d, n: f"{does(_who(d, n, 'player'), 'plays')} again in person.",
    "round_over": _round_over,
    "game_over": _game_over,
}


__all__ = ["SILENT", "TELLERS", "face_code", "name_of", "tell"]
