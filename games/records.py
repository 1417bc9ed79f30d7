"""Players' records, from the events the games emit: which rounds (a hand, a deal, a coup, a
whole game of Rummy or Arcanoid) a move ended and what each member made of them, and each game's
own figures (contracts taken, pots taken, powers played…). Pure: the runtime stores what this
returns in the move's own transaction (bot/records.py).

Computers (negative ids) have no record. A round is won when the member came out ahead, lost when
behind, and a push when even; Rummy and Arcanoid are counted by the game, won by its winners."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games.arcanoid import battle
from games.base import N_, Event, Text

# The Arcanoid events that say a power was played, and the power's name as the game calls it.
ARCANOID_POWERS = {
    **{kind: battle.ARCANA[number] for kind, number in (
        ("looked", battle.PRIESTESS), ("justice", battle.JUSTICE), ("hermit", battle.HERMIT),
        ("wheel", battle.WHEEL), ("strength", battle.STRENGTH), ("hanged", battle.HANGED_MAN),
        ("death", battle.DEATH), ("temperance", battle.TEMPERANCE), ("daemon", battle.DEVIL),
        ("tower", battle.TOWER), ("judgment", battle.JUDGMENT), ("chariot", battle.CHARIOT))},
    "called": Text(N_("a call (Star, Moon, Sun)")),
}
# Figures stored under an earlier name, read as today's (records kept before issue 28).
RENAMED_FIGURES = {"played Judgement": "played Judgment", "played the Wheel": "played the Wheel of Fortune"}
BEST_PREFIX = "best "  # a figure kept at its highest value (with a note), not summed


@dataclass(frozen=True)
class Line:
    """One member's result of one finished round."""

    player: int
    net: int
    outcome: str  # "won", "lost" or "push"


@dataclass(frozen=True)
class Figure:
    """One of a game's own figures for a member: a count to add, or (named "best …") a value
    kept when it beats the stored one, with a note saying what it was."""

    player: int
    name: str
    value: int = 1
    note: str = ""

    @property
    def best(self) -> bool:
        return self.name.startswith(BEST_PREFIX)


@dataclass
class Tally:
    """What one move adds to the players' records."""

    lines: list[Line] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)

    def count(self, player: Any, name: str, value: int = 1, note: str = "") -> None:
        if is_member(player) and value:
            self.figures.append(Figure(int(player), name, int(value), note))


def is_member(player: Any) -> bool:
    return isinstance(player, int) and not isinstance(player, bool) and player > 0


def outcome_of(net: int) -> str:
    return "won" if net > 0 else "lost" if net < 0 else "push"


def lines_from(results: Iterable[dict[str, Any]]) -> list[Line]:
    """One line per member from a `settled` event's results (blackjack's split hands summed)."""
    nets: dict[int, int] = {}
    for result in results:
        player = result.get("player")
        if is_member(player) and "net" in result:
            nets[player] = nets.get(player, 0) + int(result["net"])
    return [Line(p, net, outcome_of(net)) for p, net in sorted(nets.items())]


def tally(game: str, events: list[Event], state: Any = None) -> Tally:
    """The records of one applied move: its events, and the game's state after it (French
    Tarot's score sheet of the deal it ended is read from there)."""
    found = Tally()
    counting = _GAMES.get(game, _plain)
    counting(found, events, state)
    return found


def _settled(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "settled" and e.data.get("results")]


def _plain(found: Tally, events: list[Event], state: Any) -> None:
    for event in _settled(events):
        found.lines += lines_from(event.data["results"])


def _blackjack(found: Tally, events: list[Event], state: Any) -> None:
    for event in _settled(events):
        found.lines += lines_from(event.data["results"])
        for result in event.data["results"]:
            found.count(result.get("player"), "hands")
            if result.get("result") == "blackjack":
                found.count(result.get("player"), "blackjacks")


def _baccarat(found: Tally, events: list[Event], state: Any) -> None:
    for event in _settled(events):
        found.lines += lines_from(event.data["results"])
        for result in event.data["results"]:
            found.count(result.get("player"), f"bets on {result.get('on')}")


def _poker(found: Tally, events: list[Event], state: Any) -> None:
    showdown = any(e.kind == "showdown" for e in events)
    for event in _settled(events):
        lines = lines_from(event.data["results"])
        found.lines += lines
        for line in lines:
            if line.outcome == "won":
                found.count(line.player, "won at showdown" if showdown else "won without showdown")


def _loc(found: Tally, events: list[Event], state: Any) -> None:
    for event in events:
        if event.kind == "revealed" and event.data.get("took"):
            found.count(event.data.get("taker"), "pots taken")
            found.count(event.data.get("taker"), "chips from pots", event.data["took"])
    _plain(found, events, state)


def _tarot(found: Tally, events: list[Event], state: Any) -> None:
    for event in _settled(events):
        found.lines += lines_from(event.data["results"])
        sheet = (getattr(state, "last_hand", None) or {}).get("sheet") or {}
        if sheet.get("round") == event.data.get("round"):
            _tarot_sheet(found, sheet)


def _tarot_sheet(found: Tally, sheet: dict[str, Any]) -> None:
    taker, partner = sheet.get("taker"), sheet.get("partner")
    found.count(taker, "deals taken")
    found.count(taker, f"taken as {sheet.get('contract')}")
    if sheet.get("made"):
        found.count(taker, "deals made")
    takers = {taker, partner}
    defenders = {s["player"] for s in sheet.get("scores", [])} - takers
    petit = sheet.get("petit_au_bout") or 0
    for player in (takers if petit > 0 else defenders if petit < 0 else set()):
        found.count(player, "petit au bout")
    for shown in sheet.get("poignees", []):
        found.count(shown.get("player"), "poignées")
    if sheet.get("chelem_made"):
        for player in takers:
            found.count(player, "chelems")


def _rummy(found: Tally, events: list[Event], state: Any) -> None:
    for event in events:
        if event.kind == "hand_end":  # both hands shown: each meld laid, the longest kept as the best
            for player, side in (event.data.get("players") or {}).items():
                for meld in side.get("melds", []):
                    cards = meld.get("cards", [])
                    found.count(int(player), "melds laid")
                    found.count(int(player), f"{BEST_PREFIX}meld", len(cards),
                                f"{str(meld.get('kind', '')).title()} {' '.join(cards)}".strip())
        elif event.kind == "settled" and event.data.get("results") and "winner" in event.data:
            winner = event.data["winner"]
            for result in event.data["results"]:
                player = result.get("player")
                if is_member(player):
                    won = player == winner
                    found.lines.append(Line(player, int(result.get("net", 0)), "won" if won else "lost"))


def _arcanoid(found: Tally, events: list[Event], state: Any) -> None:
    for event in events:
        power = ARCANOID_POWERS.get(event.kind)
        if power is not None:
            found.count(event.data.get("seat"), f"played {power}")
        elif event.kind == "settled":
            for result in event.data.get("results", []):
                found.count(result.get("player"), "rounds played")
                found.count(result.get("player"), "battles won", int(result.get("net", 0)))
        elif event.kind == "game_over":
            winners = set(event.data.get("winners", []))
            for seat, battles in sorted((event.data.get("scores") or {}).items()):
                player = int(seat)
                if is_member(player):
                    won = player in winners
                    found.lines.append(Line(player, int(battles), "won" if won else "lost"))


_GAMES: dict[str, Callable[[Tally, list[Event], Any], None]] = {
    "blackjack": _blackjack, "baccarat": _baccarat, "poker": _poker, "loc": _loc, "tarot": _tarot,
    "rummy": _rummy, "arcanoid": _arcanoid,
}
