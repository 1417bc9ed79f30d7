"""Arcanoid told in words (cogs/arcanoid_words.py, the Arcanoid UI's `describe`): every event
kind the game emits has its words; over random games every line names seats by name, never
an id, a hidden card or an orientation; each power reads as a member expects; and the cards
have one name each in every menu (8 Justice, 11 Strength, Judgment, staves)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import games.arcanoid as arc
from cogs import arcanoid_words as words
from cogs.arcanoid import ArcanoidUI
from cogs.arcanoid_menus import label_of
from games import fairness
from games.arcanoid import rules
from games.arcanoid.model import VARIANTS, Options
from games.arcanoid.words import card_title, does, whose
from games.base import Event, SeatSpec
from tests.games.arcanoid_helpers import act, close, seat, table

UI = ArcanoidUI()
GAME_SOURCES = sorted((Path(rules.__file__).parent).glob("*.py"))
REVERSED_CODE = re.compile(r"\b(?:10|[2-9AJNQK])[SWCP]r\b|\b\d{1,2}r\b")
YOU_WITH_AN_S = re.compile(r"\bYou (?:\w+s)\b|\bYou's\b")


def emitted_kinds() -> set[str]:
    """Every event kind games/arcanoid can emit, read from its source (and the deal events)."""
    kinds = {"deal_committed", "deal_revealed"}
    for source in GAME_SOURCES:
        kinds |= set(re.findall(r'Event\(\s*"(\w+)"', source.read_text()))
        kinds |= set(re.findall(r'Event\(\s*"(\w+)" if', source.read_text()))
        kinds |= set(re.findall(r'else "(\w+)", \{"player"', source.read_text()))
    return kinds


def test_every_event_kind_the_game_emits_has_words() -> None:
    kinds = emitted_kinds()
    assert {"committed", "stolen", "tower", "judgment", "called", "revealed", "looked", "sitout"} <= kinds
    untold = sorted(kinds - set(words.TELLERS) - words.SILENT)
    assert not untold, f"events with no words: {untold}"


NAMES = {1: "Ann", 2: "Bob", 3: "You", -1: "Computer 1", -2: "Computer 2", -101: "Daemon of Ann",
         -102: "Daemon of Bob", -103: "Daemon of You", -200: "USA"}


def random_game(seed: int, players: list[int], variant: str, gaza: bool) -> list[list[Event]]:
    """A random legal game; the events of each move."""
    rng = random.Random(seed)
    counter = iter(range(10**6))
    real = fairness.set_source(lambda: f"w{seed}-{next(counter)}")
    moves: list[list[Event]] = []
    try:
        state = arc.new(Options(variant=variant, gaza=gaza, rounds=1), [SeatSpec(p) for p in players])
        for _ in range(3000):
            if arc.is_over(state):
                break
            if state.phase == "window":
                movers = arc.reactors(state)
                if movers and rng.random() < 0.6:
                    player = rng.choice(movers)
                    legal = [a for a in arc.legal_actions(state, player) if a["type"] != "pass"]
                    moves.append(arc.apply(state, player, rng.choice(legal)))
                else:
                    moves.append(arc.apply(state, rules.RUNTIME, {"type": "close_window"}))
                continue
            player = arc.pending(state)[0]
            legal = [a for a in arc.legal_actions(state, player) if a["type"] != "leave"]
            commits = [a for a in legal if a["type"] == "commit"]
            action = rng.choice(commits) if commits and rng.random() < 0.35 else rng.choice(legal)
            moves.append(arc.apply(state, player, action))
        assert arc.is_over(state)
    finally:
        fairness.set_source(real)
    return moves


@pytest.mark.parametrize(("players", "variant", "gaza"), [
    ([1, -1], "DRESDEN", True), ([1, 2, 3, -1], "KOBLENZ", False), ([3, -2, 2], "NASSAU", False),
    ([1, -1, -2, 2], "MALTA*", False), ([3, 1], "WORMS*", True)])
def test_every_move_of_random_games_is_told_by_name(players: list[int], variant: str, gaza: bool) -> None:
    assert variant in VARIANTS
    seen: set[str] = set()
    for seed in range(6):
        for events in random_game(seed, players, variant, gaza):
            said = UI.describe(events, NAMES)
            told = [e for e in events if e.kind not in words.SILENT]
            assert len(said.splitlines()) == len(told), (events, said)
            seen |= {e.kind for e in told}
            for line in said.splitlines():
                assert line and not line.startswith(("a ", "your")), line
                assert not re.search(r"<@|-\d|None|Player|\{|\}|\[|\]|'seat'", line), line
                assert not REVERSED_CODE.search(line), f"an orientation shows: {line}"
                assert not YOU_WITH_AN_S.search(line), f"grammar: {line}"
                assert "Judgement" not in line and "Wands" not in line and "wands" not in line, line
    assert {"committed", "discarded", "round_over", "game_over"} <= seen


def tell(events: list[Event], names: dict[int, str] | None = None) -> str:
    return UI.describe(events, names or NAMES)


def test_a_computers_powers_read_with_their_targets() -> None:
    state = table({1: "21 2S 3S 2W 5C 6C", 2: "16 0 9C 8C 2P 3P"})
    names = {1: "Ann", 2: "Computer 2"}
    events = arc.apply(state, 1, {"type": "commit", "field": "staves", "cards": ["2W"]})
    assert tell(events, names).splitlines()[0] == "Ann commits 2W on staves."
    close(state)
    told = tell(arc.apply(state, 2, {"type": "play", "arcanum": "16", "target": 1, "field": "staves"}), names)
    assert told.startswith("Computer 2 plays the Tower on Ann's staves: that commitment is destroyed.")


def test_the_fool_judgment_the_world_and_abdication_read_as_they_are() -> None:
    state = table({1: "9C 8C 2S 3S 2W 20", 2: "0 21 9P 8P 2C 3C", 3: "4W 5W 6W 7W 8W 9W"})
    names = {1: "Ann", 2: "Computer 1", 3: "You"}
    arc.apply(state, 1, {"type": "commit", "field": "cups", "cards": ["9C", "8C"]})
    stole = tell(arc.apply(state, 2, {"type": "fool"}), names)
    assert stole.startswith("Computer 1 steals Ann's commitment on cups with the Fool: 9C 8C.")
    world = tell(arc.apply(state, 2, {"type": "commit", "field": "coins", "cards": ["21"]}), names)
    assert world.startswith("Computer 1 commits the World on coins: everyone else abdicates there.")
    close(state)
    assert seat(state, 3).fields["coins"].form == "abdication"
    abdicated = tell(arc.apply(state, 3, {"type": "commit", "field": "swords", "cards": []}), names)
    assert abdicated.startswith("You abdicate on swords."), abdicated
    assert "Committed" not in abdicated
    close(state)
    judged = tell(arc.apply(state, 1, {"type": "play", "arcanum": "20", "target": 3, "field": "staves"}), names)
    assert judged.startswith("Ann plays Judgment on your staves: You abdicate there."), judged


def test_calls_and_looks_never_tell_a_hidden_card() -> None:
    state = table({1: "2 19 18 17 5 2C", 2: "KC QS 9W 3W 4W 5W"}, top="7C 8C 9C 10C")
    names = {1: "Computer 1", 2: "Ann"}
    looked = tell(arc.apply(state, 1, {"type": "play", "arcanum": "2", "target": 2}), names)
    assert looked == "Computer 1 plays the High Priestess and looks at Ann's hand."
    assert not re.search(r"KC|QS|9W", looked)
    shown = tell(arc.apply(state, 1, {"type": "play", "arcanum": "5", "call": "swords"}), names)
    assert shown == "Computer 1 plays the Hierophant and calls swords: Ann shows QS."
    sun = tell(arc.apply(state, 1, {"type": "play", "arcanum": "19", "call": "KC"}), names)
    assert sun.startswith("Computer 1 plays the Sun and calls King of cups — Ann hands it over.")


def test_a_failed_moon_call_and_the_call_after_it() -> None:
    state = table({1: "18 2S 3S 4S 5S 6S", 2: "KC QS 9W 3W 4W 5W"}, top="7C 8C 9C")
    first = tell(arc.apply(state, 1, {"type": "play", "arcanum": "18", "call": "KP"}), {1: "Computer 1", 2: "Ann"})
    assert first == "Computer 1 plays the Moon and calls King of coins — nobody else holds it."
    again = tell(arc.apply(state, 1, {"type": "call", "card": "KC"}), {1: "Computer 1", 2: "Ann"})
    assert again.startswith("Computer 1 calls again: King of cups — Ann hands it over.")


def test_a_secret_commitment_is_told_without_its_cards() -> None:
    state = table({1: "9S 8S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"}, variant="KOBLENZ")
    said = tell(arc.apply(state, 1, {"type": "commit", "field": "swords", "cards": ["9S", "8S"], "secret": True}),
                {1: "Ann", 2: "Bob"})
    assert said.splitlines()[0] == "Ann commits 2 cards face down on swords (secret)."
    stolen = tell(arc.apply(state, 2, {"type": "fool"}), {1: "Ann", 2: "Bob"})
    assert stolen.startswith("Bob steals Ann's commitment on swords with the Fool (secret).")
    assert "9S" not in said + stolen and "8S" not in said + stolen


def test_the_devil_names_the_daemon_and_its_moves() -> None:
    state = table({1: "15 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="10S 9S 8S 7S AS 2C 3C")
    names = {1: "Ann", 2: "Bob", -101: "Daemon of Ann"}
    raised = tell(arc.apply(state, 1, {"type": "play", "arcanum": "15"}), names)
    assert raised == "Ann plays the Devil and raises a daemon, Daemon of Ann, with six cards face up."
    act(state, 2, {"type": "discard", "card": "2W"})
    committed = tell(arc.apply(state, 1, {"type": "commit", "field": "swords", "cards": ["10S", "9S"]}), names)
    assert committed.splitlines()[0] == "Daemon of Ann commits 10S 9S on swords."


def test_couples_name_their_majors() -> None:
    state = table({1: "3 4 6 QS 2C 3C", 2: "2W 3W 4W 5W 6W 7W"})
    said = tell(arc.apply(state, 1, {"type": "commit", "field": "swords", "cards": ["3", "4"], "second": "cups"}),
                {1: "Ann", 2: "Bob"})
    assert said.splitlines()[0] == "Ann commits the Empress and the Emperor on swords and cups (the imperial couple)."


@pytest.mark.parametrize(("code", "name"), [("8", "8 · VIII Justice"), ("11", "11 · XI Strength"),
                                            ("20", "20 · XX Judgment"), ("2W", "2W · 2 of staves"),
                                            ("JP", "JP · Page of coins"), ("9Sr", "9S · 9 of swords"),
                                            ("16r", "16 · XVI The Tower")])
def test_one_name_per_card_in_the_menus(code: str, name: str) -> None:
    assert label_of(code) == name


def test_names_agree_with_you() -> None:
    assert does("You", "plays") == "You play" and does("Ann", "plays") == "Ann plays"
    assert does("You", "has") == "You have" and does("You", "hands") == "You hand"
    assert whose("You") == "your" and whose("Ann") == "Ann's"
    assert card_title("0") == "0 The Fool"


def test_a_new_round_is_told() -> None:
    assert tell([Event("round_open", {"round": 2, "commitment": "x"})]) == "Round 2 is dealt: six cards each."
