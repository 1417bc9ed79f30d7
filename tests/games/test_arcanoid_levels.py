"""Arcanoid's three computer levels (issue 29): every level plays whole games legally; every
level's decision depends only on what its seat may see (the hidden cards dealt anew, or another
seed for the next refill, change nothing) and the same view gives the same decision; the easy
player neither reacts nor uses powers. (How strong each level is: `python -m bench.arena arcanoid`.)"""

from __future__ import annotations

import random

import pytest

import games.arcanoid as arc
from bench import arena
from games import fairness
from games.arcanoid import hard, rules
from games.arcanoid.model import DAEMON, MECHANICAL, Options
from games.base import LEVELS, SeatSpec
from games.cards import full_deck
from tests.games.arcanoid_helpers import act, check_cards, play, table

SMALL_BUDGET = 60  # simulated moves: enough to compare candidates, quick enough for the suite


@pytest.fixture(autouse=True)
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "BUDGET", SMALL_BUDGET)


def rehide(state: rules.State, player: int, rng: random.Random) -> rules.State:
    """A copy where every card `player` cannot see — the other players' hands (but the USA's
    cards turned up, which stay in or out of its hand), the deck, the discard pile — is dealt
    anew among the same places, with another seed for the next refill."""
    twin = arc.from_dict(arc.to_dict(state))
    me = twin.seat(player)
    mine = {player} | ({me.controller} if me is not None else set())
    hands = [s for s in twin.seats if s.controller not in mine and s.kind != DAEMON]
    kept = {id(s): [c for c in s.hand if c in s.shown] if s.kind == MECHANICAL else [] for s in hands}
    pool = [c for s in hands for c in s.hand if c not in kept[id(s)]] + twin.deck + twin.discard
    rng.shuffle(pool)
    for seat in sorted(hands, key=lambda s: s.kind != MECHANICAL):  # the USA first: its turned-up cards are known
        fits = [c for c in pool if c not in seat.shown][:len(seat.hand) - len(kept[id(seat)])]
        seat.hand[:] = kept[id(seat)] + fits
        for c in fits:
            pool.remove(c)
    twin.deck[:] = [pool.pop() for _ in range(len(twin.deck))]
    twin.discard[:] = pool
    twin.fair = fairness.Dealer(fairness.fresh_seed(), twin.fair.nonce)
    check_cards(twin)
    return twin


def decide_and_check(state: rules.State, player: int, level: str, rng: random.Random, check: bool) -> dict:
    action = arc.computer_action(state, player, level)
    assert action["type"] in {a["type"] for a in arc.legal_actions(state, player)}, action  # apply refuses the rest
    if check:
        assert arc.computer_action(state, player, level) == action, "the same view gave another decision"
        assert arc.computer_action(rehide(state, player, rng), player, level) == action, \
            f"a hidden card changed the {level} decision in the {state.phase}"
    return action


@pytest.mark.parametrize(("players", "gaza", "variant"), [(3, False, "DRESDEN"), (4, False, "NASSAU"), (2, True, "DRESDEN")])
def test_every_level_plays_whole_games_and_reads_no_hidden_card(players: int, gaza: bool, variant: str) -> None:
    with fairness.predictable(f"levels:{players}"):
        state = arc.new(Options(variant=variant, gaza=gaza, rounds=2), [SeatSpec(-p) for p in range(1, players + 1)])
    levels = {-p: LEVELS[(p + 1) % 3] for p in range(1, players + 1)}  # hard on the first seat
    rng = random.Random(players)
    play(state, lambda state, player: decide_and_check(state, player, levels[player], rng, rng.random() < 0.3))
    assert len(state.results) == 2 and state.winners


@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_with_cards_on_the_table_ignores_the_hidden_ones(level: str) -> None:
    state = table({1: "9S 8S 2C 3C 4C 5C", 2: "KS QS 2W 3W 4W 5W", 3: "0 16 6W 7W 8W 9W"}, top="AC AW AS 8P 9P 10P")
    act(state, 1, {"type": "discard", "card": "2C"})
    act(state, 2, {"type": "commit", "field": "staves", "cards": ["2W", "3W", "4W"]})
    rng = random.Random(3)
    action = arc.computer_action(state, 3, level)
    for _ in range(3):
        assert arc.computer_action(rehide(state, 3, rng), 3, level) == action


def test_the_easy_player_neither_reacts_nor_plays_powers() -> None:
    rich = table({1: "9S 10S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"})
    act(rich, 1, {"type": "commit", "field": "swords", "cards": ["9S", "10S"]}, close_after=False)
    assert arc.computer_action(rich, 2, "normal") == {"type": "fool"}
    assert arc.computer_action(rich, 2, "easy") == {"type": "pass"}
    tower = table({1: "16 2W 3W 4W 5W 6W", 2: "9S 10S 8S 2C 3C 4C", 3: "2P 3P 4P 5C 6C 7C"}, top="AC AW AS 8P 9P 10P")
    act(tower, 1, {"type": "discard", "card": "2W"})
    act(tower, 2, {"type": "commit", "field": "swords", "cards": ["9S", "10S", "8S"]})
    act(tower, 3, {"type": "commit", "field": "coins", "cards": ["2P", "3P"]})
    assert arc.computer_action(tower, 1, "normal")["type"] == "play"
    assert arc.computer_action(tower, 1, "easy") == {"type": "commit", "field": "staves", "cards": ["3W", "4W", "5W", "6W"]}


def test_the_easy_player_commits_a_strong_force_without_looking_at_the_battlefield() -> None:
    state = table({1: "10S 9S 8S 2C 3C 4C", 2: "7S 6S 5S 2W 3P 5C"}, top="AC AW AS 8P 9P 10P")
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["10S", "9S", "8S"]})
    # 18 loses to 27: the normal player keeps its swords, the easy player commits them anyway
    assert arc.computer_action(state, 2, "normal")["type"] == "discard"
    assert arc.computer_action(state, 2, "easy") == {"type": "commit", "field": "swords", "cards": ["7S", "6S", "5S"]}


def test_a_hard_decision_is_the_same_wherever_the_state_is_rebuilt() -> None:
    """The runtime hands a hard decision to a worker as the state's dict: the rebuilt state
    decides the same."""
    with fairness.predictable("rebuilt"):
        state = arc.new(Options(rounds=1), [SeatSpec(-p) for p in range(1, 5)])
    for _ in range(6):
        player = arc.pending(state)[0]
        arc.apply(state, player, arc.computer_action(state, player))
        if state.phase == "window":
            arc.apply(state, rules.RUNTIME, {"type": "close_window"})
    player = arc.pending(state)[0]
    assert arc.computer_action(arc.from_dict(arc.to_dict(state)), player, "hard") == \
        arc.computer_action(state, player, "hard")


# --- the search's own machinery: the copy, the imagined deals (issue 29) -------------------------


def states_along_a_game(players: int, variant: str, gaza: bool, every: int = 3) -> list[rules.State]:
    """Snapshots (rebuilt from their dicts) of a whole game played by normal computers, every
    `every` moves, with reaction windows, refills and daemons where the game brings them."""
    with fairness.predictable(f"along:{players}:{variant}:{gaza}"):
        state = arc.new(Options(variant=variant, gaza=gaza, rounds=2), [SeatSpec(-p) for p in range(1, players + 1)])
    found: list[rules.State] = []

    def normal(state: rules.State, player: int) -> dict:
        if len(found) * every < state.sequence + len(state.log) and arc.pending(state) == [player]:
            found.append(arc.from_dict(arc.to_dict(state)))
        return arc.computer_action(state, player)

    play(state, normal)
    return found


def without_history(state: rules.State) -> dict:
    return {**arc.to_dict(state), "history": []}


@pytest.mark.parametrize(("players", "variant", "gaza"), [(3, "DRESDEN", False), (4, "NASSAU", True), (5, "KOBLENZ", False)])
def test_the_search_copy_is_the_whole_state_and_shares_nothing_that_play_changes(players: int, variant: str, gaza: bool) -> None:
    """The copy made by hand (`hard._copy`) holds what a deep copy holds (but the finished
    rounds' record), and playing it on to the end of its round leaves the original as it was."""
    for state in states_along_a_game(players, variant, gaza):
        before = arc.to_dict(state)
        twin = hard._copy(state)
        assert arc.to_dict(twin) == {**before, "history": []}
        deep = hard.copy.deepcopy(state)
        start = twin.round
        while twin.round == start and not arc.is_over(twin):
            if twin.phase == "window":
                arc.react_in_turn(twin, lambda p: arc.computer_action(twin, p))  # noqa: B023
                arc.react_in_turn(deep, lambda p: arc.computer_action(deep, p))  # noqa: B023
            else:
                player = arc.pending(twin)[0]
                action = arc.computer_action(twin, player)
                arc.apply(twin, player, action)
                arc.apply(deep, player, action)
            if twin.round == start:  # the next round's deal draws a fresh seed in each
                assert without_history(twin) == without_history(deep)
        assert arc.to_dict(state) == before


@pytest.mark.parametrize(("players", "variant", "gaza"), [(3, "DRESDEN", False), (2, "NASSAU", True), (4, "KOBLENZ", False)])
def test_an_imagined_deal_keeps_what_the_seat_sees_and_plays_out_the_same_twice(players: int, variant: str, gaza: bool) -> None:
    """Every card once; the seat's own cards, every place's size and everything on the table
    as they are; a round played out in it (refills included) ends the same way twice; the real
    state untouched."""
    for state in states_along_a_game(players, variant, gaza, every=5):
        if state.phase not in ("play", "window") or not arc.pending(state):
            continue
        player = arc.pending(state)[0]
        before = arc.to_dict(state)
        world = hard.imagine_world(state, player, random.Random(7))
        check_cards(world)
        mine, seen = rules.view(state, player), rules.view(world, player)
        for key in ("me", "justice", "temperance", "touched", "deck", "discard", "results"):
            assert seen[key] == mine[key], key
        assert [(s["player"], s["hand_count"], s["fields"], s["visible"], s["shown"]) for s in seen["seats"]] == \
            [(s["player"], s["hand_count"], s["fields"], s["visible"], s["shown"]) for s in mine["seats"]]
        action = arc.computer_action(state, player)
        assert hard.rollout(world, player, action) == hard.rollout(world, player, action)
        assert arc.to_dict(state) == before


def turned_over(state: rules.State, player: int) -> rules.State:
    """A copy where every card `player` cannot see also lies the other way up."""
    twin = arc.from_dict(arc.to_dict(state))
    me = twin.seat(player)
    mine = {player} | ({me.controller} if me is not None else set())
    for seat in twin.seats:
        if seat.controller not in mine and seat.kind not in (DAEMON, MECHANICAL):
            seat.hand[:] = [c.turned() for c in seat.hand]
    twin.deck[:] = [c.turned() for c in twin.deck]
    twin.discard[:] = [c.turned() for c in twin.discard]
    return twin


def test_a_full_search_reads_no_hidden_card_and_gives_the_same_view_the_same_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a dozen imagined deals (the suite's other tests search one or two): the hidden
    cards dealt anew, or turned the other way, change no decision, and asking twice gives the
    same answer."""
    monkeypatch.setattr(hard, "BUDGET", 600)
    rng = random.Random(29)
    states = [s for s in states_along_a_game(3, "DRESDEN", False, every=9) if s.phase == "play"][:6]
    assert len(states) >= 4
    for state in states:
        player = arc.pending(state)[0]
        action = arc.computer_action(state, player, "hard")
        assert arc.computer_action(state, player, "hard") == action
        assert arc.computer_action(rehide(state, player, rng), player, "hard") == action
        assert arc.computer_action(turned_over(state, player), player, "hard") == action


def test_an_imagined_refill_is_shuffled_from_the_world_seed_and_records_nothing() -> None:
    """The refill of an imagined deal (or its next round): the gathered cards, in an order set
    by the world's seed (drawn from the view) and the deal's label alone; the cards leave the
    deck unrecorded."""
    gathered = full_deck()[:30]
    dealer = hard._ImaginedDealer("imagined-1", 3)
    deal, deck = dealer.draw("round 2 refill 1", [-1, -2], gathered=gathered)
    assert sorted(c.code for c in deck) == sorted(c.code for c in gathered)
    assert dealer.draw("round 2 refill 1", [-2, -1], gathered=reversed(gathered))[1] == deck
    assert hard._ImaginedDealer("imagined-2", 3).draw("round 2 refill 1", [-1, -2], gathered=gathered)[1] != deck
    assert dealer.draw("round 2 refill 2", [-1, -2], gathered=gathered)[1] != deck
    assert len(dealer.draw("round 3", [-1, -2])[1]) == 78
    top = deck[0]
    assert deal.take(deck) == top and deal.dealt == [] and deal.commitment == ""
    assert (dealer.next_seed, dealer.nonce) == ("imagined-1", 3)


def test_an_imagined_player_holds_at_most_one_card_it_would_have_played_at_once() -> None:
    """Once every seat has moved, another player's imagined hand agrees with its play: of the
    cards a player plays at its first chance (the free looks, Justice, Strength, the Devil, the
    World on an untouched battlefield) it holds at most one, the card drawn since; the cards
    stay the same set."""
    state = table({1: "2 5 8 11 15 21", 2: "2S 3S 4S 5S 6S 7S", 3: "2W 3W 4W 5W 6W 7W"},
                  top="AC AW AS 8P 9P 10P 2C 3C")
    act(state, 1, {"type": "discard", "card": "2"})
    act(state, 2, {"type": "discard", "card": "2S"})
    act(state, 3, {"type": "discard", "card": "2W"})
    for k in range(20):
        world = hard.imagine_world(state, 3, random.Random(k))
        check_cards(world)
        for seat in world.seats[:2]:
            assert sum(hard._telltale(world, seat, c) for c in seat.hand) <= 1, [c.code for c in seat.hand]


def test_every_play_of_an_arena_deal_meets_the_same_refills_and_rounds() -> None:
    """The arena's duplicate deals (`bench/arena.py`): the same seats on the same seed play the
    same game to its end (every refill and round dealt from the seed and the deal's label, not
    from seeds drawn in turn), so the luck of the cards cancels between the plays."""
    first = arena.arcanoid_play(3, 5, ["normal", "easy", "normal"])
    again = arena.arcanoid_play(3, 5, ["normal", "easy", "normal"])
    assert first.results == again.results
    dealer = arena.arcanoid_game(3, 5).fair
    other = arena.arcanoid_game(3, 5).fair
    other.draw("round 1 refill 1", [-1, -2, -3])  # one deal more before: the next ones are the same
    assert dealer.draw("round 2", [-1, -2, -3])[1] == other.draw("round 2", [-1, -2, -3])[1]
