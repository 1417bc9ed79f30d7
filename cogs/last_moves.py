"""The table's last moves, told in words: who did what, a person or a computer, as a short part
of the table message. The words are each game's `GameUI.describe`; the moves of one turn of
computers (their moves one after another, with no person's between) read as one block. The
lines live in the table's notes (`extra["last_moves"]`), so they are stored with the table and
a restarted bot shows them again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import N_, _, chips, ngettext
from bot.tables import Table
from bot.tables.timers import TIMER_ORIGIN
from games.base import Event

KEY = "last_moves"
ENTRIES_KEPT = 5  # the newest moves (a computers' block counts as one)
ENTRY_LIMIT = 500  # characters of one entry; a long computers' block keeps its newest moves
FIELD_LIMIT = 1024  # characters in a Discord embed field's value
FIELD_NAME = N_("Last moves")
COMPUTER_ORIGIN = "computer"
TIMED_OUT = N_("⏱️ time ran out: ")


def record(table: Table, text: str, origin: Any) -> bool:
    """Adds one move's words to the table's last moves; whether anything was added. Only the
    moves a person's turn timer played are marked timed out (not a reaction window's close)."""
    text = " ".join(text.split())
    if not text:
        return False
    by_computers = origin == COMPUTER_ORIGIN
    if origin == TIMER_ORIGIN:
        text = _(TIMED_OUT) + text
    entries: list[dict[str, Any]] = table.extra.setdefault(KEY, [])
    if by_computers and entries and entries[-1].get("computers"):
        text = f"{entries[-1]['text']} {text}"
        entries.pop()
    entries.append({"text": _trimmed(text), "computers": by_computers})
    del entries[:-ENTRIES_KEPT]
    while len(entries) > 1 and sum(len(e["text"]) + 3 for e in entries) > FIELD_LIMIT:
        del entries[0]  # kept no longer than the field shows: every move stores the table's notes
    return True


def _trimmed(text: str) -> str:
    """The entry within its limit: the newest words kept, whole sentences where it can."""
    if len(text) <= ENTRY_LIMIT:
        return text
    tail = text[-(ENTRY_LIMIT - 1):]
    sentence = tail.find(". ")
    return "…" + (tail[sentence + 2:] if 0 <= sentence < ENTRY_LIMIT // 2 else tail)


def lines(table: Table) -> list[str]:
    """The last moves as members read them, oldest first."""
    return [("🤖 " if e.get("computers") else "• ") + e["text"] for e in table.extra.get(KEY, [])]


def field_value(table: Table) -> str | None:
    """The table message's "Last moves" field: the newest lines that fit (None: no move yet)."""
    shown: list[str] = []
    length = 0
    for line in reversed(lines(table)):
        if length + len(line) + 1 > FIELD_LIMIT:
            break
        shown.insert(0, line)
        length += len(line) + 1
    return "\n".join(shown) or None


def narrate(events: list[Event], words: Callable[[Event], str]) -> str:
    """A move's events in words, one sentence each (`words` gives "" for an event not told)."""
    said = [text.rstrip(".") for text in (words(e) for e in events) if text]
    return " ".join(f"{text}." for text in said)  # a name starting a sentence is written as its owner wrote it


def sitting_out_once(events: list[Event]) -> list[Event]:
    """A house game's move that sits a round out (`pass`) and, with it, the seat (a person's timer
    ran out again): told once, by the sitting out ("Guest sits out", not "Guest sits this round
    out. Guest sits out.")."""
    sitting = {e.data.get("player") for e in events if e.kind == "sitout" and not e.data.get("computer")}
    if not sitting:  # nearly every move: nothing to leave out
        return events
    return [e for e in events if not (e.kind == "pass" and e.data.get("player") in sitting)]


def seat_words(event: Event, names: dict[int, str], deal: str = "hand") -> str:
    """The events every game with seats emits alike: arriving, leaving, sitting out and in, a
    new shoe (`deal`: the game's word for a deal, "hand" or "round")."""
    data = event.data
    name = names[data["player"]] if "player" in data else ""
    stack = _(" with {chips}", chips=chips(data["stack"])) if data.get("stack") else ""
    if event.kind == "joined":
        return _("{player} sits down", player=name) + stack
    if event.kind in ("left", "busted") and (event.kind == "busted" or data.get("reason") == "no chips"):
        return _("{player} is out of chips and leaves the table", player=name)
    if event.kind == "left":
        return _("{player} leaves the table", player=name) + stack
    if event.kind == "leaving":
        if deal == "round":
            return _("{player} will leave the table at the end of this round", player=name)
        return _("{player} will leave the table at the end of this hand", player=name)
    if event.kind == "sitout":
        return _("A computer plays for {player} for now", player=name) if data.get("computer") \
            else _("{player} sits out", player=name)
    if event.kind == "sitin":
        return _("{player} sits back in", player=name)
    if event.kind == "replaced":
        return _("{player} takes {other}'s seat", player=names[data["by"]], other=name)
    if event.kind == "shuffle":
        return ngettext("A new shoe is shuffled ({n} card)", "A new shoe is shuffled ({n} cards)", data["cards"])
    return ""
