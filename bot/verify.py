"""/verify: a revealed seed checked against the commitments this server's tables showed, and its
cards re-dealt and compared with the cards that were played."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.retention import retention_words
from bot.store import Store
from games import fairness
from games.base import IllegalAction
from games.cards import codes
from games.registry import GAMES


@dataclass(frozen=True)
class Verdict:
    matches: bool  # the re-dealt cards are the cards that were played
    commitment: str
    game: str
    label: str  # "hand 4", "shoe 2"
    table_id: int
    channel_id: int | None
    compared: int  # cards compared
    first_difference: int | None = None  # 1-based position of the first card that differs


async def verify(store: Store, guild_id: int, text: str, keep_days: float = 0) -> Verdict:
    """Refuses (IllegalAction) a text that cannot be a seed, a seed whose commitment no table of
    this server showed (or none whose record is still kept: `keep_days`, TAROT_KEEP_DAYS), and a
    deal still in play; otherwise re-deals and compares."""
    seed = text.strip()
    if not fairness.looks_like_seed(seed):
        raise IllegalAction(
            f"that is not a seed: a seed is the short text /history shows once a hand is over "
            f"(at most {fairness.MAX_SEED_LENGTH} characters, no spaces)")
    digest = fairness.commitment(seed)
    row = await store.deal(digest)
    if row is None or row["guild_id"] != guild_id:
        if keep_days > 0:
            raise IllegalAction(
                f"no table of this server has the commitment of that seed on record (sha256 {digest[:16]}…): it "
                f"is not a seed of this server's tables, or its hand is past retention and can no longer be "
                f"checked — {retention_words(keep_days)}")
        raise IllegalAction(f"no table of this server showed the commitment of that seed (sha256 {digest[:16]}…)")
    if row["seed"] is None:
        raise IllegalAction(f"that seed's {row['label']} is still being played: it can be checked once it is over")
    deck = GAMES[row["game"]].redeal(seed, json.loads(row["setup"]))
    played: list[str] = json.loads(row["cards"])
    count = min(len(played), len(deck))  # after the deck: a draw's reshuffled discards
    redealt = codes(deck[:count])
    difference = next((i + 1 for i, (a, b) in enumerate(zip(redealt, played, strict=True)) if a != b), None)
    table = await store.table_row(row["table_id"])
    return Verdict(difference is None, digest, row["game"], row["label"], row["table_id"],
                   None if table is None else table["channel_id"], count, difference)
