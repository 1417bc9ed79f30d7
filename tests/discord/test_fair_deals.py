"""Provably fair deals at a Discord table, with the operating system's seeds: the table message
shows the hand's commitment from the start, /history reveals the seed once the hand is over and
never before, /verify confirms the seed and re-deals the cards; bad seeds are refused privately
and change nothing."""

from __future__ import annotations

import json
import re

import pytest

from games import fairness
from tests.discord.helpers import (
    first_poker_hand_folded,
    make_world,
    open_table,
    private_text,
    refused,
    table_message,
)
from tests.games.test_fair_deals import REFUSALS, dealt_by, rigged

pytestmark = pytest.mark.both_backends  # see tests/discord/conftest.py

SEED = re.compile(r"hand (\d+): seed `([0-9a-f]+)` · sha256 `([0-9a-f]{64})`")


def everything_in_the_channel(world) -> str:
    parts = []
    for message in world.channel.history():
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def test_a_poker_hand_is_committed_revealed_after_and_verified(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "poker", timer=0)
    [first] = table.module.deals_in_play(table.state)
    footer = table_message(world).embeds[0].footer.text
    assert f"hand 1: sha256 {first.commitment[:16]}…" in footer, footer
    status = (await alice.slash(world.channel, "table status")).response.embeds[0]
    assert first.commitment in status.description, "/table status shows the whole commitment"
    assert first.seed not in everything_in_the_channel(world)
    await refused(world, alice.slash(world.channel, "verify", seed=first.seed), "still being played")

    player = table.module.pending(table.state)[0]
    folder = alice if player == alice.id else bob
    await folder.slash(world.channel, "poker fold")
    [second] = table.module.deals_in_play(table.state)
    assert second.seed != first.seed
    assert f"hand 2: sha256 {second.commitment[:16]}…" in table_message(world).embeds[0].footer.text

    shown = await bob.slash(world.channel, "history")
    assert shown.ephemeral
    value = shown.response.embeds[0].fields[0].value
    number, seed, commitment = SEED.search(value).groups()
    assert (number, seed, commitment) == ("1", first.seed, first.commitment)
    assert fairness.commitment(seed) == commitment
    assert second.seed not in everything_in_the_channel(world) + value, "the next hand's seed stays secret"

    answer = await alice.slash(world.channel, "verify", seed=seed)
    text = private_text(answer)
    assert "Matches: re-dealt" in text and "hand 1" in text and commitment in text, text
    assert f"<#{world.channel.id}>" in text
    assert "re-dealt 4 cards" in text  # the two hole cards each, in deck order: the hand ended preflop

    await alice.slash(world.channel, "table end")  # hand 2 is cut short: nothing more is dealt from it
    text = private_text(await bob.slash(world.channel, "verify", seed=second.seed))
    assert "Matches: re-dealt 4 cards" in text and "hand 2" in text, text


async def test_bad_seeds_are_refused_privately_and_change_nothing(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "baccarat", timer=0)
    await refused(world, alice.slash(world.channel, "verify", seed="not a seed"), "not a seed")
    await refused(world, alice.slash(world.channel, "verify", seed="x" * 5000), "at most 64 characters")
    await refused(world, alice.slash(world.channel, "verify", seed="\u200b\u200b"), "not a seed")
    unknown = fairness.secret_seed()
    await refused(world, alice.slash(world.channel, "verify", seed=unknown), "no table of this server",
                  fairness.commitment(unknown)[:16])


async def test_a_baccarat_shoe_is_revealed_when_it_is_replaced_and_checked_in_another_server_refused(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "baccarat", timer=0, decks=1)
    shoe = table.state.shoe.deal
    assert f"shoe 1: sha256 {shoe.commitment[:16]}…" in table_message(world).embeds[0].footer.text
    await alice.slash(world.channel, "baccarat bet", on="player", amount=20)
    await bob.slash(world.channel, "baccarat bet", on="banker", amount=20)
    value = (await alice.slash(world.channel, "history")).response.embeds[0].fields[0].value
    assert shoe.commitment in value and shoe.seed not in value and "shown once it is over" in value

    table.state.shoe.cards = table.state.shoe.cards[:10]  # low: the next coup takes a new shoe
    await alice.slash(world.channel, "baccarat bet", on="player", amount=20)
    await bob.slash(world.channel, "baccarat bet", on="banker", amount=20)
    fields = (await alice.slash(world.channel, "history")).response.embeds[0].fields
    first_coup = fields[-1].value
    assert f"seed `{shoe.seed}`" in first_coup
    text = private_text(await bob.slash(world.channel, "verify", seed=shoe.seed))
    assert "Matches: re-dealt" in text and "shoe 1" in text, text

    other = make_world(simcord_env, ("carol",), channel="elsewhere")
    await refused(other, other.members[0].slash(other.channel, "verify", seed=shoe.seed), "no table of this server")


async def stored_record(world, commitment: str) -> tuple[dict, list[str]]:
    row = await world.bot.tables.store.deal(commitment)
    return json.loads(row["setup"]), json.loads(row["cards"])


async def store_forged(world, commitment: str, setup: dict, cards: list[str]) -> None:
    async with world.bot.tables.store.transaction() as tx:
        await tx.execute("UPDATE deals SET setup=?, cards=? WHERE commitment=?",
                         (json.dumps(setup), json.dumps(cards), commitment))


async def test_verify_refuses_every_forged_record_and_checks_old_ones(simcord_env):
    """Issue 27, item 3: /verify rebuilds the unshuffled deck itself. A stored record with a
    rigged deck order, 78 copies of one card, a nonce "07" or " 7", no cards, or gathered cards
    more often than the decks in play is refused, saying why; a record stored before records
    said how their deck was made still verifies, and the answer names the client string."""
    world = make_world(simcord_env)
    alice, bob = world.members
    table, first = await first_poker_hand_folded(world)
    setup, cards = await stored_record(world, first.commitment)
    text = private_text(await bob.slash(world.channel, "verify", seed=first.seed))
    assert "Matches: re-dealt 4 cards" in text and f"client string `{setup['client']}`" in text, text
    assert "unshuffled deck: 1 whole tarot deck (78 cards)" in text

    record = {**setup, "seed": first.seed, "commitment": first.commitment, "cards": cards}
    one_card = {**record, "deck": ["21"] * 78}
    gathered = {**record, "gathered": True, "deck": ["AW", "AW", "2W", "0", "21"]}
    forged = {
        "a rigged deck order": rigged(record, "21"),
        "78 copies of one card": {**one_card, "cards": dealt_by(one_card, 4)},
        'nonce "07"': {**record, "nonce": "07"},
        'nonce " 7"': {**record, "nonce": " 7"},
        "no cards": {**record, "cards": []},
        "a gathered card more often than the decks": {**gathered, "cards": dealt_by(gathered, 4)},
    }
    assert forged.keys() == REFUSALS.keys()
    for name, fake in forged.items():
        await store_forged(world, first.commitment, {k: v for k, v in fake.items() if k != "cards"}, fake["cards"])
        text = private_text(await bob.slash(world.channel, "verify", seed=first.seed))
        assert "Refused, nothing re-dealt" in text and REFUSALS[name][0] in text, (name, text)
        assert "Matches" not in text

    old = {k: v for k, v in setup.items() if k not in ("pack", "decks", "gathered")}  # as stored before
    await store_forged(world, first.commitment, old, cards)
    text = private_text(await bob.slash(world.channel, "verify", seed=first.seed))
    assert "Matches: re-dealt 4 cards" in text, text
    stale = rigged({**old, "seed": first.seed, "client": setup["client"], "cards": cards}, "21")
    await store_forged(world, first.commitment, {k: v for k, v in stale.items() if k != "cards"}, stale["cards"])
    text = private_text(await bob.slash(world.channel, "verify", seed=first.seed))
    assert "Refused" in text and "not in the canonical order" in text, text
