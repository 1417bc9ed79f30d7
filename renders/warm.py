"""One image of every kind the bot draws, drawn by each drawing worker before it takes its first
job (bot/draw_worker.py): the fonts, labels, card sprites, the palette and Pillow's encoder are
then paid for at start-up, not by the first player to look. The views come from real games,
dealt and played a few moves, so they keep the shape the games give them today."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from typing import Any

from games import arcanoid, baccarat, blackjack, french_tarot, loc, poker, rummy
from games.base import SeatSpec
from renders import layout, sprite_sizes
from renders.arcanoid import STYLE as ARCANOID_STYLE
from renders.arcanoid import render_arcanoid, render_round
from renders.baccarat import render_baccarat
from renders.blackjack import render_blackjack
from renders.cards import numbered_trumps
from renders.count import render_pile
from renders.french_tarot import render_tarot
from renders.hand import render_hand
from renders.loc import render_loc
from renders.poker import render_poker
from renders.records import GameCard, render_profile
from renders.rummy import render_rummy, render_rummy_hand

NAMES = {1: "Alice", 2: "Bob the Builder", 3: "Zoë", 4: "Dmitri", -1: "Computer 1", -2: "Computer 2"}
STYLE = "rws"  # a table's default style: every card's sprites are drawn in it (other styles' on first use)
Sample = tuple[Callable[..., bytes], tuple, dict[str, Any]]


def kind(function: Callable[..., bytes]) -> str:
    """How a kind of image is named in a worker's report: its drawing function's full name."""
    return f"{function.__module__}.{function.__name__}"


def warm_every_kind() -> list[str]:
    """The palette and the PNG encoder loaded, then every sample drawn; the kinds drawn, in
    order. A sample that fails is told on stderr and left out: the worker still serves, only
    colder. The rest of the card sprites are `sprite_fills`, taken between jobs."""
    layout.warm_up([])
    warmed: list[str] = []
    for make in SAMPLES:
        try:
            for function, args, kwargs in make():
                function(*args, **kwargs)
                if kind(function) not in warmed:
                    warmed.append(kind(function))
        except Exception:
            print(f"drawing worker: the warm-up's {make.__name__} failed", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
    return warmed


def sprite_fills() -> list[Callable[[], object]]:
    """Every card at the sizes and styles table images use (a crowded table's smaller ones
    too), and at the hand's, a step at a time."""
    sizes = list(dict.fromkeys([*sprite_sizes(), *((width, STYLE) for width in layout.SMALLER_CARDS),
                                (layout.HAND_CARD, STYLE)]))
    return [fill for width, style in sizes for fill in layout.sprite_fills(width, style)]


def seats(count: int, stack: int = 1000) -> list[SeatSpec]:
    return [SeatSpec(player, stack) for player in range(1, count + 1)]


def house_game(module: Any, bet: dict[str, Any]) -> Any:
    """A blackjack or baccarat table dealt: both players bet the least."""
    state = module.new(module.Options(), seats(2))
    for player in module.pending(state):
        module.apply(state, player, {**bet, "amount": state.options.min_bet})
    return state


def played(module: Any, state: Any, moves: int) -> Any:
    """`moves` of the computer player's choices, whoever's turn it is."""
    for _ in range(moves):
        if not module.pending(state):
            break
        player = module.pending(state)[0]
        module.apply(state, player, module.computer_action(state, player))
    return state


def blackjack_samples() -> list[Sample]:
    state = house_game(blackjack, {"type": "bet"})
    cards = [code for seat in blackjack.view(state, 1)["seats"] for hand in seat["hands"] for code in hand["cards"]]
    return [(render_blackjack, (blackjack.view(state), NAMES, STYLE), {}),
            (render_hand, (cards,), {}),
            (render_hand, (cards,), {"caption": "Your hands", "groups": [cards[:1], cards[1:]],
                                     "labels": ["Hand 1 · 11", "Hand 2 · 9"], "counts": False})]


def baccarat_samples() -> list[Sample]:
    state = house_game(baccarat, {"type": "bet", "on": "banker"})
    return [(render_baccarat, (baccarat.view(state), NAMES, STYLE), {})]


def poker_samples() -> list[Sample]:
    state = played(poker, poker.new(poker.Options(), seats(3)), 4)
    me = poker.view(state, 1)
    mine = [code for seat in me["seats"] if seat["player"] == 1 for code in seat["cards"] or [] if code]
    board = [code for code in me["board"] if code]
    return [(render_poker, (poker.view(state), NAMES, STYLE), {}),
            (render_hand, ([*mine, *board], STYLE), {"caption": "Your hand", "groups": [mine, board],
                                                     "labels": ["Your cards", "Board"]})]


def tarot_samples() -> list[Sample]:
    state = french_tarot.new(french_tarot.Options(), seats(4))
    hand = [code.rstrip("r") for code in french_tarot.view(state, 1)["hand"]]
    return [(render_tarot, (french_tarot.view(state), NAMES, STYLE), {}),
            (render_hand, (hand, numbered_trumps(STYLE), "Your hand · hand 1"),
             {"groups": [hand[:3]], "labels": ["Playable now"]})]


def rummy_samples() -> list[Sample]:
    state = played(rummy, rummy.new(rummy.Options(), seats(2)), 2)
    return [(render_rummy, (rummy.view(state), NAMES, STYLE), {}),
            (render_rummy_hand, (rummy.view(state, 1)["me"], STYLE), {})]


def loc_samples() -> list[Sample]:
    state = played(loc, loc.new(loc.Options(), seats(4)), 4)
    me = loc.view(state, 1)["me"]
    style = loc.card_style(loc.view(state)["deck"], STYLE)
    return [(render_loc, (loc.view(state), NAMES, STYLE), {}),
            (render_hand, (me["cards"], style, "Your Loc hand · hand 1"),
             {"groups": [me["cards"][:1]], "labels": ["Discarded"], "counts": False, "info": "5 cards in hand"})]


def arcanoid_samples() -> list[Sample]:
    """The table mid-round, a hand, and the picture of a round played to its end by computers."""
    state = arcanoid.new(arcanoid.Options(), [SeatSpec(1, 0), *(SeatSpec(-n, 0) for n in (1, 2, 3))])
    me = arcanoid.view(state, 1)["me"]
    samples: list[Sample] = [(render_arcanoid, (arcanoid.view(state), NAMES, STYLE), {}),
                             (render_hand, ([code.rstrip("r") for code in me["hand"]],),
                              {"caption": "Your Arcanoid hand", "style": ARCANOID_STYLE})]
    for _ in range(2000):
        if arcanoid.reaction_window(state) is not None:
            events = arcanoid.apply(state, arcanoid.RUNTIME, {"type": "close_window"})
        else:
            player = arcanoid.pending(state)[0]
            events = arcanoid.apply(state, player, arcanoid.computer_action(state, player))
        over = [e for e in events if e.kind == "round_over"]
        if over:
            return [*samples, (render_round, (over[0].data["battles"], over[0].data["round"], NAMES), {})]
    return samples


def count_samples() -> list[Sample]:
    deck = [code for seat in blackjack.view(house_game(blackjack, {"type": "bet"}))["seats"]
            for hand in seat["hands"] for code in hand["cards"]]
    return [(render_pile, ([(deck[:2], "9"), (deck[2:], "8½")], "17½ points"), {})]


def profile_samples() -> list[Sample]:
    games = [GameCard("Major Poker", "hand", 40, 18, 20, 2, 350, "chip", 3, 5, "2 royal flushes"),
             GameCard("French Tarot", "deal", 12, 7, 5, 0, -120, "point", -1, 4)]
    return [(render_profile, ("Alice", "Tarot Club", games, [(20_000 + day, 15 * day) for day in range(30)]), {})]


SAMPLES: list[Callable[[], list[Sample]]] = [
    blackjack_samples, baccarat_samples, poker_samples, tarot_samples, rummy_samples, loc_samples,
    arcanoid_samples, count_samples, profile_samples]
