"""games/records.py: what a finished round counts for each member, read from the games' own
events, on games played by their rules."""

from __future__ import annotations

import random

from games import poker
from games.base import SeatSpec
from games.french_tarot import computer_action
from games.french_tarot import rules as tarot
from games.records import Figure, Line, lines_from, tally

ALICE, BOB, COMPUTER = 101, 102, -1


def test_lines_sum_a_members_hands_and_leave_computers_out():
    results = [{"player": ALICE, "net": 10}, {"player": ALICE, "net": -25}, {"player": BOB, "net": 0},
               {"player": COMPUTER, "net": 40}, {"player": 0, "net": 5}]
    assert lines_from(results) == [Line(ALICE, -15, "lost"), Line(BOB, 0, "push")]


def play_poker_hand(seed: int) -> tuple[list, poker.State]:
    """One hand of poker by the computer's policy in both seats; the events of the move that ended it."""
    rng = random.Random(seed)
    state = poker.new(poker.Options(timer=0), [SeatSpec(ALICE, 200), SeatSpec(BOB, 200)])
    while True:
        player = poker.pending(state)[0]
        kinds = ("check", "call") if seed % 2 else ("check", "call", "fold")  # odd seeds go to the showdown
        moves = [m for m in poker.legal_actions(state, player) if m["type"] in kinds]
        events = poker.apply(state, player, rng.choice(moves))
        if any(e.kind == "settled" for e in events):
            return events, state


def test_poker_wins_at_showdown_and_without_are_told_apart():
    seen = set()
    for seed in range(40):
        events, state = play_poker_hand(seed)
        found = tally("poker", events, state)
        settled = next(e for e in events if e.kind == "settled")
        assert found.lines == lines_from(settled.data["results"])
        winners = [line.player for line in found.lines if line.outcome == "won"]
        showdown = any(e.kind == "showdown" for e in events)
        name = "won at showdown" if showdown else "won without showdown"
        assert found.figures == [Figure(p, name) for p in winners]
        seen.add(name)
    assert seen == {"won at showdown", "won without showdown"}


def test_a_french_tarot_deal_counts_the_takers_contract_and_its_outcome():
    players = [ALICE, BOB, 103, 104]
    state = tarot.new(tarot.Options(timer=0), [SeatSpec(p) for p in players])
    taker = contract = None
    while True:
        player = tarot.pending(state)[0]
        events = tarot.apply(state, player, computer_action(state, player))
        for event in events:
            if event.kind == "taker":
                taker, contract = event.data["player"], event.data["contract"]
        found = tally("tarot", events, state)
        if found.lines:
            break
    settled = next(e for e in events if e.kind == "settled")
    assert {line.player: line.net for line in found.lines} == {int(p): d for p, d in settled.data["scores"].items()}
    names = {(f.player, f.name) for f in found.figures}
    assert (taker, "deals taken") in names and (taker, f"taken as {contract}") in names
    assert ((taker, "deals made") in names) == settled.data["made"]
