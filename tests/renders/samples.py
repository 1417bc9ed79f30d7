"""Sample views in the exact shape games.blackjack / games.baccarat produce, for the render
tests (and to look at: `python -m tests.renders.samples` writes them to /tmp/render_samples)."""

from __future__ import annotations

import random
from typing import Any

from games.cards import full_deck, shuffle

NAMES = {1: "Alice", 2: "Bob the Builder", 3: "Zoë 🎲", 4: "Dmitri", 5: "Eve",
         6: "Francesca Longname-Ottaviani", 7: "Gus"}


def _deck(seed: int) -> list[str]:
    return [c.code for c in shuffle(full_deck(), random.Random(seed))]


def bj_seat(player: int, stack: int = 500, bet: int | None = None, hands: list[dict] | None = None,
            passed: bool = False, sitting_out: bool = False) -> dict[str, Any]:
    return {"player": player, "stack": stack, "bet": bet, "passed": passed,
            "sitting_out": sitting_out, "hands": hands or []}


def bj_hand(cards: list[str], bet: int = 20, total: int = 0, status: str = "playing",
            result: str | None = None, payout: int | None = None) -> dict[str, Any]:
    return {"cards": cards, "bet": bet, "total": total, "status": status, "result": result,
            "payout": payout}


def blackjack(phase: str = "playing", seats: list[dict] | None = None,
              dealer: list[str | None] | None = None, dealer_total: int | None = None,
              turn: dict | None = None, last_round: dict | None = None) -> dict[str, Any]:
    return {"game": "blackjack", "phase": phase, "round": 4, "min_bet": 10, "max_bet": 500,
            "orientation": "best", "shoe_remaining": 131,
            "dealer": {"cards": dealer or [], "total": dealer_total},
            "seats": seats or [], "turn": turn, "last_round": last_round}


def bj_empty() -> dict[str, Any]:
    return blackjack("betting")


def bj_settled() -> dict[str, Any]:
    return blackjack("settled", dealer=["KC", "16r", "3S"], dealer_total=29, seats=[
        bj_seat(1, 540, 20, [bj_hand(["9Wr", "10Pr"], 20, 19, "stood", "win", 40)]),
        bj_seat(2, 470, 30, [bj_hand(["21"], 30, 21, "blackjack", "blackjack", 75)]),
        bj_seat(3, 480, 20, [bj_hand(["KSr", "5Cr", "9Pr"], 20, 24, "bust", "loss", 0)]),
        bj_seat(4, 500, 10, [bj_hand(["4Sr", "4Cr"], 10, 8, "stood", "push", 10)]),
    ])


def bj_betting() -> dict[str, Any]:
    return blackjack("betting", seats=[
        bj_seat(1, 520, 20), bj_seat(2, 470), bj_seat(3, 480, passed=True),
        bj_seat(4, 500, sitting_out=True)], last_round=bj_settled())


def bj_playing() -> dict[str, Any]:
    return blackjack("playing", dealer=["7Cr", None], seats=[
        bj_seat(1, 480, 20, [bj_hand(["16r", "3Wr"], 20, 19, "stood")]),
        bj_seat(2, 440, 30, [bj_hand(["QPr"], 30, 10, "playing")]),
        bj_seat(3, 460, 20, [bj_hand(["2Cr"], 20, 2)]),
    ], turn={"player": 2, "hand": 0})


def bj_crowded() -> dict[str, Any]:
    """Seven players, split-heavy: up to four hands of several cards each."""
    deck = _deck(7)

    def take(n: int) -> list[str]:
        return [deck.pop() for _ in range(n)]

    seats = []
    for player in range(1, 8):
        n_hands = 1 + (player * 3) % 4
        hands = [bj_hand(take(2 + (player + i) % 4), 25, 12 + i + player, "stood" if i else "playing")
                 for i in range(n_hands)]
        seats.append(bj_seat(player, 1000 + player * 37, 25, hands))
    return blackjack("playing", dealer=[deck.pop(), None], seats=seats,
                     turn={"player": 3, "hand": 1})


def bac_seat(player: int, stack: int = 500, on: str | None = None, amount: int = 0,
             passed: bool = False, sitting_out: bool = False,
             payout: int | None = None) -> dict[str, Any]:
    bet = {"on": on, "amount": amount} if on else None
    return {"player": player, "stack": stack, "bet": bet, "passed": passed,
            "sitting_out": sitting_out, "payout": payout}


def baccarat(phase: str = "betting", player_cards: list[str] | None = None,
             banker_cards: list[str] | None = None, player_count: int | None = None,
             banker_count: int | None = None, winner: str | None = None,
             seats: list[dict] | None = None, road: list[str] | None = None,
             last_round: dict | None = None) -> dict[str, Any]:
    return {"game": "baccarat", "phase": phase, "round": 9, "min_bet": 10, "max_bet": 1000,
            "commission": 5, "shoe_remaining": 240, "player_cards": player_cards or [],
            "banker_cards": banker_cards or [], "player_count": player_count,
            "banker_count": banker_count, "winner": winner, "seats": seats or [],
            "road": road or [], "last_round": last_round}


ROAD = ["player", "banker", "banker", "tie", "player", "player", "banker", "player", "banker",
        "banker", "banker", "tie", "player", "banker", "player", "player", "player", "banker"]


def bac_empty() -> dict[str, Any]:
    return baccarat()


def bac_settled() -> dict[str, Any]:
    return baccarat("settled", ["9C", "9Sr"], ["12", "3Wr", "5P"], 8, 0, "banker", seats=[
        bac_seat(1, 480, "player", 20, payout=0), bac_seat(2, 557, "banker", 60, payout=117),
        bac_seat(3, 500, "tie", 10, payout=0), bac_seat(4, 500, passed=True),
    ], road=ROAD)


def bac_betting() -> dict[str, Any]:
    return baccarat("betting", seats=[
        bac_seat(1, 480, "player", 20), bac_seat(2, 557), bac_seat(3, 500, "tie", 10),
        bac_seat(4, 500, sitting_out=True)], road=ROAD, last_round=bac_settled())


def bac_crowded() -> dict[str, Any]:
    sides = ["player", "banker", "tie"]
    seats = [bac_seat(p, 1000 + 13 * p, sides[p % 3], 10 * p, payout=(20 * p if p % 3 == 0 else 0))
             for p in range(1, 11)]
    return baccarat("settled", ["4Wr", "4Cr"], ["4S", "4P"], 8, 8, "player", seats=seats,
                    road=(ROAD * 5)[:80])


BLACKJACK = {"empty": bj_empty, "betting": bj_betting, "playing": bj_playing,
             "settled": bj_settled, "crowded": bj_crowded}
BACCARAT = {"empty": bac_empty, "betting": bac_betting, "settled": bac_settled,
            "crowded": bac_crowded}


def write_all(folder: str = "/tmp/render_samples") -> None:
    import os

    from renders.baccarat import render_baccarat
    from renders.blackjack import render_blackjack

    os.makedirs(folder, exist_ok=True)
    for key, make in BLACKJACK.items():
        with open(f"{folder}/blackjack_{key}.png", "wb") as f:
            f.write(render_blackjack(make(), NAMES))
    for key, make in BACCARAT.items():
        with open(f"{folder}/baccarat_{key}.png", "wb") as f:
            f.write(render_baccarat(make(), NAMES))



def pile_groups(n_per_group: int = 3, seed: int = 5) -> list[tuple[list[str], str]]:
    """The whole pack in groups of `n_per_group` with made-up value labels."""
    deck = _deck(seed)
    values = ["1", "3½", "4⅓", "½", "2⅔", "5", "0"]
    return [(deck[i:i + n_per_group], values[(i // n_per_group) % len(values)])
            for i in range(0, len(deck), n_per_group)]


def write_more(folder: str = "/tmp/render_samples") -> None:
    from renders.count import render_pile
    from renders.hand import render_hand

    deck = _deck(11)
    samples = {
        "hand_5": render_hand(deck[:5], caption="Alice's hand"),
        "hand_10": render_hand(deck[:10], caption="Alice's hand · Major Poker"),
        "hand_22": render_hand(deck[:22], style="thoth", caption="Tarot Rummy"),
        "hand_groups": render_hand(deck[:12], caption="Tarot Rummy", groups=[deck[:3], deck[3:7]],
                                   labels=["Run", "Set"]),
        "pile_78": render_pile(pile_groups(3), "Count · groups of 3"),
        "pile_78_singles": render_pile(pile_groups(1), "Count · one by one", style="french"),
        "pile_small": render_pile(pile_groups(2)[:4], "Count · groups of 2"),
    }
    for key, data in samples.items():
        with open(f"{folder}/{key}.png", "wb") as f:
            f.write(data)


if __name__ == "__main__":
    write_all()
    write_more()
