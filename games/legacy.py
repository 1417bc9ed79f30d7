"""States saved by the version before provably fair deals, read today.

That version kept one seed per table and shuffled every deal with `Random(f"{seed}:{n}")`: the
hand's number (poker, Loc, Tarot Rummy), the count of shuffles before it (French Tarot), the
shoe's shuffle (blackjack, baccarat). `upgrade` turns such a state into today's format: the deal
in play becomes an old-scheme deal (`old_scheme_deal`) whose seed is that same text, so
the cards still to come in this hand (a draw's refills, the rummy questions) are exactly those
of the old scheme; it is labelled as not verifiable, and the next hand (the next round's shoe, at
the house games) takes a fresh secret seed, committed as usual. The settled hands kept for
/history name their old seed the same way."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from games import fairness
from games.cards import Card, cards, full_deck, shuffle
from games.loc.rules import deck_cards

RECORDS = {"poker": "history", "blackjack": "history", "baccarat": "history", "loc": "history",
           "tarot": "records", "rummy": "records"}  # where each game keeps its settled hands
HOUSE = ("blackjack", "baccarat")
LIVE_RUMMY_PHASES = ("choosing", "draw", "discard", "column", "identify")  # a hand in play


def is_old(game: str, data: dict[str, Any]) -> bool:
    """Whether a stored state is in the old seed format (a table seed instead of deals)."""
    if game in HOUSE:
        return "seed" in data.get("shoe", {})
    return game in RECORDS and "seed" in data


OLD_SCHEME = "old scheme: not verifiable"


def old_scheme_deal(seed: str, label: str, **setup: Any) -> fairness.Deal:
    """A deal saved by the version before fair deals (seeded from the table's seed, never
    committed): kept so its cards play on exactly, labelled as not verifiable."""
    return fairness.Deal(seed, f"{label} ({OLD_SCHEME})", {**setup, "scheme": "old"}, scheme=fairness.LEGACY_SCHEME)


def redeal(game: str, seed: str, setup: dict[str, Any]) -> list[Card]:
    """The deck a deal of the `python-random-v0` scheme (before `hmac-sha256-v1`) shuffled, in
    the order its cards left it: what /verify compares a deal of that scheme with."""
    if game in HOUSE:
        aside = Counter(c.face.code for c in cards(setup.get("without", [])))
        faces = []
        for face in full_deck() * setup["decks"]:
            if aside[face.code]:
                aside[face.code] -= 1
            else:
                faces.append(face)
        return shuffle(faces, random.Random(seed))
    if game == "tarot":
        reshuffles = setup.get("reshuffles", 0)
        return shuffle(full_deck(), random.Random(f"{seed}:{reshuffles}" if reshuffles else seed))
    if game == "loc":
        return shuffle(deck_cards(setup["deck"]), random.Random(seed))
    deck = shuffle(full_deck(), random.Random(seed))
    return list(reversed(deck)) if game in ("rummy", "arcanoid") else deck


def upgrade(game: str, data: dict[str, Any]) -> dict[str, Any]:
    """Today's format of a stored state (unchanged when it is not in the old seed format)."""
    if not is_old(game, data):
        return data
    data = copy.deepcopy(data)
    if game in HOUSE:
        _upgrade_house(data)
    else:
        _upgrade_hand_game(game, data)
    for record in data.get(RECORDS[game]) or []:
        if isinstance(record, dict) and "seed" in record:
            deal = old_scheme_deal(str(record.pop("seed")), f"hand {record.get('hand')}")
            record["deals"] = [deal.named(revealed=True)]
    return data


def _upgrade_house(data: dict[str, Any]) -> None:
    """The shoe keeps its cards, in order; its shuffle's seed becomes an old-scheme deal."""
    old = data["shoe"]
    number = max(1, int(old.get("shuffles", 1)))
    deal = old_scheme_deal(f"{old['seed']}:{number - 1}", f"shoe {number}", decks=old["decks"])
    data["shoe"] = {"decks": old["decks"], "number": number, "deal": deal.to_dict(), "cards": old["cards"]}
    dealt_from = data.pop("dealt_from", "")
    data["round_deals"] = [deal.named(revealed=False)] if dealt_from else []
    data["retired"] = []


def _upgrade_hand_game(game: str, data: dict[str, Any]) -> None:
    """The hand in play (if any) is dealt from an old-scheme deal of the same seed text."""
    seed = data.pop("seed")
    shuffles = data.pop("deals", None)  # French Tarot: shuffles made so far
    if game == "poker":
        hand = data.get("hand")
        if hand is not None:
            hand["deal"] = old_scheme_deal(f"{seed}:{hand['number']}", f"hand {hand['number']}").to_dict()
        return
    if game == "tarot":
        number = data.get("hand_no", 1)
        in_play = shuffles and data.get("phase") != "over"
        deal = old_scheme_deal(f"{seed}:{shuffles - 1}", f"hand {number}", reshuffles=0) if in_play else None
    else:
        number = data.get("hand_no", data.get("hand", 1))
        dealing = data.get("phase") in (("discard", "play") if game == "loc" else LIVE_RUMMY_PHASES)
        deal = old_scheme_deal(f"{seed}:{number}", f"hand {number}") if dealing else None
    data["deal"] = deal.to_dict() if deal is not None else None
