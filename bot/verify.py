"""/verify: a revealed seed checked against the commitments this server's tables showed, and its
cards re-dealt by the deal's own scheme (`hmac-sha256-v1`, or `python-random-v0` for deals made
before it) and compared with the cards that were played."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.retention import retention_words
from bot.store import Store
from games import fairness, legacy
from games.base import N_, IllegalAction, Text
from games.cards import codes


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
    scheme: str = fairness.SCHEME
    record: dict[str, Any] = field(default_factory=dict)  # what anyone needs to re-deal it
    refused: str | None = None  # why the record cannot be a deal the bot made (nothing was re-dealt)


def record_of(row: Any) -> dict[str, Any]:
    """A revealed deal's row as the record /history, /verify and docs/verify_deal.py read
    (rules/fairness.md); a deal of the earlier scheme keeps its scheme's name and setup. A row
    stored before records said how their deck was made (pack, decks, gathered) gets them from
    its deck (`fairness.made_of`: whole packs, else cards gathered from the shoe's decks)."""
    setup = json.loads(row["setup"] or "{}")
    cards = json.loads(row["cards"] or "[]")
    commitment = fairness.commitment(row["seed"])
    if setup.get("scheme") != fairness.SCHEME:
        return {"scheme": fairness.LEGACY_SCHEME, "seed": row["seed"], "commitment": commitment,
                "setup": setup, "cards": cards}
    made = setup if "gathered" in setup else fairness.made_of(setup["deck"], int(setup.get("decks", 1)))
    return {"scheme": fairness.SCHEME, "seed": row["seed"], "commitment": commitment, "client": setup["client"],
            "nonce": setup["nonce"], "pack": made["pack"], "decks": made["decks"], "gathered": made["gathered"],
            "deck": setup["deck"], "cards": cards}


def check(game: str, record: dict[str, Any]) -> tuple[int, int | None]:
    """(cards compared, first difference or None) of a record re-dealt by its scheme (a record
    of this scheme passed `fairness.problem` first)."""
    played: list[str] = record["cards"]
    if record["scheme"] == fairness.SCHEME:
        return len(played), fairness.first_difference(record)
    deck = legacy.redeal(game, record["seed"], record["setup"])
    count = min(len(played), len(deck))  # after the deck: a draw's reshuffled discards
    redealt = codes(deck[:count])
    return count, next((i + 1 for i, (a, b) in enumerate(zip(redealt, played[:count], strict=True)) if a != b), None)


async def verify(store: Store, guild_id: int, text: str, keep_days: float = 0) -> Verdict:
    """Refuses (IllegalAction) a text that cannot be a seed, a seed whose commitment no table of
    this server showed (or none whose record is still kept: `keep_days`, TAROT_KEEP_DAYS), and a
    deal still in play; otherwise re-deals and compares."""
    seed = text.strip()
    if not fairness.looks_like_seed(seed):
        raise IllegalAction(Text(N_("that is not a seed: a seed is the short text /history shows once a hand is over "
                                    "(at most {most} characters, no spaces)"), most=fairness.MAX_SEED_LENGTH))
    digest = fairness.commitment(seed)
    row = await store.deal(digest)
    if row is None or row["guild_id"] != guild_id:
        if keep_days > 0:
            raise IllegalAction(Text(N_("no table of this server has the commitment of that seed on record (sha256 "
                                        "{hash}…): it is not a seed of this server's tables, or its hand is past "
                                        "retention and can no longer be checked — {kept}"), hash=digest[:16],
                                     kept=retention_words(keep_days)))
        raise IllegalAction(Text(N_("no table of this server showed the commitment of that seed (sha256 {hash}…)"),
                                 hash=digest[:16]))
    if row["seed"] is None:
        raise IllegalAction(Text(N_("that seed's {deal} is still being played: it can be checked once it is over"),
                                 deal=row["label"]))
    record = record_of(row)
    refused = fairness.problem(record) if record["scheme"] == fairness.SCHEME else None
    compared, difference = (0, None) if refused else check(row["game"], record)
    table = await store.table_row(row["table_id"])
    return Verdict(difference is None and refused is None, digest, row["game"], row["label"], row["table_id"],
                   None if table is None else table["channel_id"], compared, difference, record["scheme"], record,
                   refused)
