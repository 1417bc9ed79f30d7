"""Fair deals at a Discord table, for every game (rules/fairness.md): members set their client
seeds with /fair seed; the lobby shows the first deal's commitment and /fair show the next one;
the cards dealt are the top of the public shuffle of the record's deck; each commitment shown
before a deal is the SHA-256 of the seed revealed after it; a member's new seed changes their
next deal and is in its record; nonces count 1, 2, 3 … at the table; docs/verify_deal.py accepts
a real record from /history and rejects a tampered one."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games import fairness
from games.base import RUNTIME_PLAYER
from games.cards import card, codes
from tests.discord.helpers import latest_with_buttons, make_world, private_text, refused, table_message
from tests.games.test_fair_deals import SETUPS, reference

pytestmark = pytest.mark.both_backends  # see tests/discord/conftest.py

VERIFY_DEAL = Path(__file__).resolve().parents[2] / "docs" / "verify_deal.py"
SHA = re.compile(r"sha256 `([0-9a-f]{64})`")
GAMES = {  # game -> (members, /<game> create options)
    "poker": (2, {"timer": 0}),
    "blackjack": (2, {"timer": 0, "decks": 1}),
    "baccarat": (2, {"timer": 0, "decks": 1}),
    "loc": (3, {"timer": 0}),
    "tarot": (2, {"timer": 0, "players": 3, "bots": 1, "hands": 3}),
    "rummy": (2, {"timer": 0}),
    "arcanoid": (2, {"timer": 0}),
}
NAMES = ("alice", "bob", "carol")


def held(game: str, state: Any) -> list[str] | None:
    """The cards the first deal gave out, as the players (and the dog, the upcard) hold them."""
    if game == "tarot":
        return codes([c for hand in state.hands for c in hand] + state.dog)
    if game == "rummy":
        return codes([c for s in state.seats for c in s.hand] + state.discard)
    if game == "loc":
        return codes([c for s in state.seats for c in s.cards])
    if game == "arcanoid":
        return codes([c for s in state.seats for c in s.hand])
    if game == "poker":
        return codes([c for hole in state.hand.holes for c in hole])
    return None  # the house games deal from the shoe once bets are in


def remaining(game: str, state: Any) -> list[str] | None:
    """What is left of the deal's deck, top first, where the game keeps it."""
    return codes({"poker": lambda: state.hand.deck, "rummy": lambda: state.stock, "arcanoid": lambda: state.deck,
                  "blackjack": lambda: state.shoe.cards, "baccarat": lambda: state.shoe.cards}.get(game, list)())


def faces(codes_: list[str]) -> Counter:
    return Counter(card(c).face.code for c in codes_)


async def set_seed(member: Any, world: Any, value: str) -> None:
    text = private_text(await member.slash(world.channel, "fair seed", value=value))
    assert f"`{value}`" in text


async def shown_next_commitment(member: Any, world: Any) -> str:
    """The next deal's commitment at the channel's table, as /fair show tells it."""
    text = private_text(await member.slash(world.channel, "fair show"))
    line = next(line for line in text.splitlines() if f"<#{world.channel.id}>" in line)
    return SHA.search(line).group(1)


async def step(world: Any, game: str, table: Any) -> None:
    """One move as the timer would play it (a house game's seat bets), through the service."""
    module, state = table.module, table.state
    waiting = [p for p in module.pending(state) if p > 0]
    if not module.pending(state):
        await world.bot.tables.act(table, RUNTIME_PLAYER, {"type": "close_window"})
    elif waiting:
        player = waiting[0]
        bet = SETUPS[game].bet
        action = bet if bet is not None and state.phase == "betting" else module.default_action(state, player)
        await world.bot.tables.act(table, player, action)
    await world.env.settle()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_deals_the_public_shuffle_of_the_committed_seed_and_the_players_seeds(simcord_env, game):
    count, options = GAMES[game]
    world = make_world(simcord_env, NAMES[:count])
    world.bot.tables.computer_pause = 0
    host, *guests = world.members
    for member in world.members:
        await set_seed(member, world, f"{member.user.name}-lucky")
    await refused(world, host.slash(world.channel, "fair seed", value="two words"), "space", "1 to 64")
    await refused(world, host.slash(world.channel, "fair seed", value="bell\x07"), "does not print")

    await host.slash(world.channel, f"{game} create", **options)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    committed = next(f.value for f in lobby.embeds[0].fields if f.name == "First deal, committed")
    first_commitment = SHA.search(committed).group(1)
    for guest in guests:
        await guest.click(lobby, label="Join")
    await host.click(latest_with_buttons(world.channel, "Join", "Start"), label="Start")
    table = world.table()
    module, state = table.module, table.state

    [first] = module.deals_in_play(state)
    people = [p for p in module.players(state) if p > 0]
    by_id = {m.id: m for m in world.members}
    assert first.commitment == first_commitment and first.nonce == 1
    assert first.client == ",".join(f"{by_id[p].user.name}-lucky" for p in people), "seat order, no computer"
    shuffled = reference(first.seed, first.client, 1, first.deck)
    assert shuffled[:len(first.dealt)] == first.dealt, "cards leave from the top of the public shuffle"
    if held(game, state) is not None:
        assert faces(held(game, state)) == faces(first.dealt), "what the players hold is what left the deck"
    left = remaining(game, state)
    if left:
        assert left == shuffled[len(first.dealt):len(first.dealt) + len(left)]
    assert first.seed not in json.dumps(table.view(None)) + (table_message(world).embeds[0].footer.text or "")

    changer = world.members[-1]
    await set_seed(changer, world, "changed-mind")
    upcoming = await shown_next_commitment(host, world)
    assert upcoming == state.fair.next_commitment and f"{upcoming[:16]}…" in table_message(world).embeds[0].footer.text
    for _ in range(400):
        if table.state.fair.nonce >= 2:
            break
        if SETUPS[game].bet is not None and table.state.phase == "betting" and table.state.history:
            table.state.shoe.cards = table.state.shoe.cards[:10]  # low: the next round takes a new shoe
        await step(world, game, table)
    assert table.state.fair.nonce >= 2, "the table dealt again"
    await host.slash(world.channel, "table end")

    rows = await world.bot.store.fetchall("SELECT seed FROM deals WHERE table_id=? AND seed IS NOT NULL", (table.id,))
    records = {}
    for (seed,) in rows:  # every deal is over once the table ended: /verify gives each one's record
        answer = await guests[0].slash(world.channel, "verify", seed=seed)
        said = private_text(answer)
        # a deal its table ended before any card left it (an Arcanoid refill) has nothing to re-deal
        assert "Matches" in said or "names no card that left the deck" in said, said
        [attached] = [a for a in answer.response.attachments if a.filename == "deal.json"]
        record = json.loads(await attached.read())
        records[record["nonce"]] = record
    assert sorted(records) == list(range(1, len(rows) + 1)) and len(rows) >= 2, "nonces 1, 2, 3 …"
    history = await host.slash(world.channel, "history")
    listed = [a for a in (history.response.attachments if history.response else []) if a.filename == "deals.json"]
    for record in json.loads(await listed[0].read()) if listed else []:  # the deals of the hands /history lists
        assert record == records[record["nonce"]]
    assert listed or game == "arcanoid", "/history attaches the records of its hands' deals"

    one, two = records[1], records[2]
    assert one["commitment"] == first_commitment == fairness.commitment(one["seed"]), "shown in the lobby"
    assert two["commitment"] == upcoming == fairness.commitment(two["seed"]), "shown by /fair show before"
    assert one["scheme"] == two["scheme"] == fairness.SCHEME
    new_client = ",".join("changed-mind" if p == changer.id else f"{by_id[p].user.name}-lucky" for p in people)
    assert two["client"] == new_client and "changed-mind" not in one["client"]
    old_client = two["client"].replace("changed-mind", f"{changer.user.name}-lucky")
    assert reference(two["seed"], old_client, 2, two["deck"]) != reference(two["seed"], two["client"], 2, two["deck"])
    for record in (one, two):
        assert reference(record["seed"], record["client"], record["nonce"], record["deck"])[:len(record["cards"])] \
            == record["cards"]

    text = private_text(await guests[0].slash(world.channel, "verify", seed=two["seed"]))
    if two["cards"]:
        assert "Matches" in text and fairness.SCHEME in text and "nonce 2" in text and "changed-mind" in text

    dealt_from = [record for record in (one, two) if record["cards"]]  # a deal ended before any card left it
    # (an Arcanoid refill) has nothing to re-deal: /verify and the standalone checker refuse it, saying so
    checked = await run_verify_deal(tmp_json(dealt_from))
    assert checked.returncode == 0 and checked.stdout.count("MATCHES") == len(dealt_from), checked.stdout
    if not two["cards"]:
        assert "names no card that left the deck" in text
        empty = await run_verify_deal(tmp_json([two]))
        assert empty.returncode == 1 and "names no card" in empty.stdout
    tampered = {**one, "cards": [one["cards"][1], one["cards"][0], *one["cards"][2:]]}
    rejected = await run_verify_deal(tmp_json(tampered))
    assert rejected.returncode == 1 and "DOES NOT MATCH" in rejected.stdout and "card 1" in rejected.stdout
    wrong_seed = await run_verify_deal(tmp_json({**one, "seed": two["seed"]}))
    assert wrong_seed.returncode == 1 and "not the commitment" in wrong_seed.stdout


def tmp_json(data: Any) -> Path:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
        json.dump(data, handle)
    return Path(handle.name)


async def run_verify_deal(path: Path) -> subprocess.CompletedProcess:
    """docs/verify_deal.py as a player runs it: a separate Python, the standard library only."""
    try:
        return subprocess.run([sys.executable, "-I", str(VERIFY_DEAL), str(path)], capture_output=True, text=True,
                              timeout=60, check=False)
    finally:
        path.unlink()
