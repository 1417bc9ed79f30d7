"""The arena's duplicate deals (`bench/arena.py`, issue 29): a deal played again by the same
players replays exactly — every deal drawn during it (a petit sec's redeal, a poker deck made
again, an Arcanoid refill or round) the same cards, the play ending in the same state — and
played with the players rotated through the seats it meets the same cards, so the luck of the
cards cancels between a duplicate deal's plays. Cheap players (normal, easy, the baselines) play
the same deals as the hard ones would: what is checked is the dealing, not the players."""

from __future__ import annotations

import pytest

from bench import arena

CASES: dict[str, tuple[int, int, list[str]]] = {  # game: players, seed, each seat's player
    "tarot": (4, 3, ["normal", "easy", "random", "normal"]),
    "poker": (3, 3, ["normal", "caller", "maniac"]),
    "poker-draw": (4, 5, ["normal", "caller", "easy", "maniac"]),
    "rummy": (2, 3, ["normal", "easy"]),
    "loc": (4, 3, ["normal", "easy", "random", "normal"]),
    "arcanoid": (3, 5, ["normal", "easy", "random"]),  # one play refills in round 3, the other not
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_deal_played_again_by_the_same_players_replays_exactly(game: str) -> None:
    players, seed, kinds = CASES[game]
    first = arena.GAMES[game](players, seed, kinds)
    again = arena.GAMES[game](players, seed, kinds)
    assert first.deals, "the arena's dealer notes every deal"
    assert again.deals == first.deals
    assert again.final == first.final  # the state the play ended in, seeds to come included
    assert again.results == first.results


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_deal_played_with_the_players_rotated_meets_the_same_cards(game: str) -> None:
    players, seed, kinds = CASES[game]
    first = arena.GAMES[game](players, seed, kinds)
    rotated = arena.GAMES[game](players, seed, kinds[1:] + kinds[:1])
    assert rotated.deals[0] == first.deals[0]
    both = {label for label, _ in first.deals} & {label for label, _ in rotated.deals}
    assert [d for d in rotated.deals if d[0] in both] == [d for d in first.deals if d[0] in both]
    if game == "arcanoid":  # a whole game: its five rounds in both, after refills in one only
        assert {f"round {n}" for n in range(1, 6)} <= both
        assert len(first.deals) != len(rotated.deals)
