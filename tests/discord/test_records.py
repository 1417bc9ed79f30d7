"""Players' records through SimCord: /profile after played rounds (and after a restart),
/leaderboard by game, period and measure, a member with no record, each game's own figures."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from PIL import Image

from bot import create_bot, records
from cogs.common import GAME_TITLES
from cogs.records import record_word
from games import blackjack
from games.base import IllegalAction
from tests.bot.helpers import random_move, records_rows
from tests.discord.helpers import make_world, open_table, wallet
from tests.discord.test_arcanoid_play import dm_move

DAY = 86_400


async def play_blackjack_rounds(world: Any, rounds: int, bets: dict[int, int]) -> None:
    """Each member bets, then stands on every hand, `rounds` times."""
    table = world.table()
    for _ in range(rounds):
        for member in world.members:
            await member.slash(world.channel, "blackjack bet", amount=bets[member.id])
        while table.state.phase == "playing":
            turn = blackjack.view(table.state)["turn"]["player"]
            member = next(m for m in world.members if m.id == turn)
            await member.slash(world.channel, "blackjack stand")


async def profile_of(asking: Any, channel: Any, **options: Any) -> Any:
    """The /profile answer (deferred, then sent as a follow-up)."""
    result = await asking.slash(channel, "profile", **options)
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None, "the profile came"
    return answer


def field(message: Any, title: str) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name == title)


@pytest.mark.both_backends
async def test_three_blackjack_rounds_show_in_the_profile_and_survive_a_restart(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    before = {m.id: await wallet(world, m) for m in world.members}
    await open_table(world, "blackjack", seed=31, timer=0)
    await play_blackjack_rounds(world, 3, {alice.id: 10, bob.id: 50})
    for member in world.members:
        await member.slash(world.channel, "table leave")
    change = {m.id: await wallet(world, m) - before[m.id] for m in world.members}

    shown = await profile_of(alice, world.channel)
    assert shown.ephemeral, "private by default"
    text = field(shown, "Major Blackjack")
    assert text.startswith("3 rounds: ") and f"Net {change[alice.id]:+} chip" in text, text
    assert "Blackjacks " in text and "in 3 hands" in text
    assert shown.attachments and shown.attachments[0].filename == "profile.png"
    card = Image.open(io.BytesIO(await shown.attachments[0].read()))
    assert card.width >= 400 and card.height >= 150

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    again = await profile_of(bob, world.channel, member=alice.user, public=True)
    assert not again.ephemeral, "shown to the channel when asked"
    assert field(again, "Major Blackjack") == text
    bobs = field(await profile_of(bob, world.channel), "Major Blackjack")
    assert bobs.startswith("3 rounds: ") and f"Net {change[bob.id]:+} chip" in bobs
    world.guild.remove_member(bob)
    await simcord_env.settle()
    kept = await profile_of(alice, world.channel, member=bob.user)
    assert field(kept, "Major Blackjack") == bobs, "a member who left keeps their record on the server"


async def test_a_member_with_no_record_is_told_so(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    said = await profile_of(carol, world.channel)
    assert said.ephemeral and "You have no record on this server yet" in said.content and not said.embeds
    theirs = await profile_of(carol, world.channel, member=bob.user, game="poker", public=True)
    assert theirs.ephemeral, "a member with no record is told so privately, even when asked to show it"
    assert "bob has no record at Major Poker on this server yet" in theirs.content
    board = (await carol.slash(world.channel, "leaderboard", game="poker", period="week")).response
    assert board.ephemeral and "Nobody has finished a hand of Major Poker here in that time" in board.embeds[0].description
    refused = (await carol.slash(world.channel, "leaderboard", period="week")).response
    assert refused.ephemeral and refused.content.startswith("Choose a game")


def ranked(board: str) -> list[tuple[str, str]]:
    """(mention, the rest of the line) of each numbered line of a leaderboard."""
    return re.findall(r"^\d+\. (<@\d+>) — (.*)$", board, flags=re.MULTILINE)


@pytest.mark.both_backends
async def test_the_leaderboard_orders_members_by_measure_and_period(simcord_env, monkeypatch):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    start = {m.id: await wallet(world, m) for m in world.members}
    await open_table(world, "blackjack", seed=7, timer=0)
    await play_blackjack_rounds(world, 3, {alice.id: 10, bob.id: 20, carol.id: 30})
    for member in world.members:
        await member.slash(world.channel, "table leave")
    await world.bot.retention.stop()  # its ten-minute rounds would each be waited for over nine days
    await simcord_env.advance_time(9 * DAY)  # those rounds are out of this week
    middle = {m.id: await wallet(world, m) for m in world.members}
    world.members, world.channel = [alice, bob], world.guild.create_text_channel("later")
    await open_table(world, "blackjack", seed=8, timer=0)
    await play_blackjack_rounds(world, 2, {alice.id: 40, bob.id: 10})
    for member in world.members:
        await member.slash(world.channel, "table leave")
    end = {m.id: await wallet(world, m) for m in (alice, bob, carol)}
    mention = {m.mention: m.id for m in (alice, bob, carol)}

    async def board(**options: Any) -> str:
        answer = (await carol.slash(world.channel, "leaderboard", game="blackjack", **options)).response
        assert answer.ephemeral
        return answer.embeds[0].description

    week = ranked(await board(period="week"))
    assert {mention[m] for m, _ in week} == {alice.id, bob.id}, "carol played before this week"
    nets = [end[mention[m]] - middle[mention[m]] for m, _ in week]
    assert nets == sorted(nets, reverse=True)
    assert all(line == f"{net:+} chips over 2 rounds" or line == f"{net:+} chip over 2 rounds"
               for (_, line), net in zip(week, nets, strict=True))

    all_time = ranked(await board(period="all", by="net"))
    totals = [end[mention[m]] - start[mention[m]] for m, _ in all_time]
    assert len(all_time) == 3 and totals == sorted(totals, reverse=True)

    by_wins = ranked(await board(by="wins"))
    wins = [int(line.split(" won of ")[0]) for _, line in by_wins]
    assert len(by_wins) == 3 and wins == sorted(wins, reverse=True)
    played = {mention[m]: int(re.search(r"won of (\d+) round", line).group(1)) for m, line in by_wins}
    assert played == {alice.id: 5, bob.id: 5, carol.id: 3}

    few = await board(by="win rate")
    assert not ranked(few) and f"at least {records.WIN_RATE_MIN_ROUNDS} rounds" in few
    monkeypatch.setattr(records, "WIN_RATE_MIN_ROUNDS", 4)
    rates = await board(by="win rate")
    assert "at least 4 rounds" in rates
    shown = [(mention[m], int(line.split("%")[0])) for m, line in ranked(rates)]
    assert {p for p, _ in shown} == {alice.id, bob.id}, "carol has fewer than 4 rounds"
    assert [r for _, r in shown] == sorted((r for _, r in shown), reverse=True)


WINDOW = 40  # Arcanoid's reaction windows: longer than SimCord's settle limit, closed by the test's clock
# Each game played through the real bot until the member's first round of it is recorded: the
# members, and the options that make a whole game short (Rummy's and Arcanoid's records count games).
GAME_TABLES = {
    "blackjack": (2, {}), "baccarat": (2, {}), "poker": (2, {}), "loc": (1, {"bots": 2}),
    "tarot": (1, {"players": 3, "bots": 2}), "rummy": (1, {"opponent": "bot", "target": 20}),
    "arcanoid": (1, {"bots": 2, "rounds": 1, "reaction_seconds": WINDOW}),
}
OWN_FIGURES = {"blackjack": "Blackjacks ", "baccarat": "Bets on player ", "poker": "Won at showdown ",
               "loc": "Pots taken ", "tarot": "Deals taken ", "rummy": "Best meld ", "arcanoid": "Battles won "}
OWN_FIGURES_FR = {"blackjack": re.compile(r"Blackjacks \d+ en 1 donne"), "baccarat": re.compile("Mises sur joueur "),
                  "poker": re.compile("Gagnées à l’abattage "), "loc": re.compile("Pots remportés "),
                  "tarot": re.compile("Contrats pris "), "rummy": re.compile("(Meilleure|Aucune) combinaison "),
                  "arcanoid": re.compile("Batailles gagnées ")}


async def play_until_recorded(env: Any, world: Any, game: str) -> Any:
    """The members play (as the computer would where the game has one, else at random) and the
    computers play their own moves, until the first member has a record of the game."""
    service, table, member = world.bot.tables, world.table(), world.members[0]
    module, rng = table.module, random.Random(5)
    for _ in range(4000):
        await env.settle()
        if not (await records.profile(service.store, world.guild.id, member.id, game)).empty:
            return table
        if getattr(table.state, "phase", "") == "window":
            await env.advance_time(WINDOW)  # an Arcanoid reaction window closes by its time
            continue
        waiting = [p for p in module.pending(table.state) if p > 0]
        if not waiting:
            await env.advance_time(2)  # a computer's move
            continue
        if game == "arcanoid":  # from the DM, as its own tests play it (its windows' timers start there)
            await dm_move(member, table)
            continue
        if hasattr(module, "computer_action"):
            player, move = waiting[0], module.computer_action(table.state, waiting[0])
        else:
            player, move = random_move(table, rng)
        try:
            await service.act(table, player, move)
        except IllegalAction:
            await env.advance_time(2)
    raise AssertionError(f"no {game} round was recorded ({getattr(table.state, 'phase', '')}, "
                         f"{module.pending(table.state)}, {table.status}, {module.is_over(table.state)})")


@pytest.mark.parametrize("game", sorted(GAME_TABLES))
async def test_each_games_own_figures_after_a_played_round(simcord_env, game, monkeypatch):
    members, options = GAME_TABLES[game]
    world = make_world(simcord_env, ("alice", "bob")[:members])
    world.bot.tables.computer_pause = 0
    await open_table(world, game, timer=0, **options)
    table = await play_until_recorded(simcord_env, world, game)
    alice = world.members[0]
    title = GAME_TITLES[game]
    text = field(await profile_of(alice, world.channel, game=game), title)
    assert text.startswith(f"1 {record_word(game)}: "), text
    assert OWN_FIGURES[game] in text, text
    if game == "tarot":
        taken = [h for h in table.state.history if h["taker"] == alice.id]
        assert f"Deals taken {len(taken)}, made {sum(1 for h in taken if h['made'])}" in text
    if game == "arcanoid":
        assert f"Battles won {table.module.scores(table.state).get(str(alice.id), 0)} in 1 round" in text
    await own_figures_in_every_language(monkeypatch, world, game)
    store = world.bot.tables.store
    live = await records_rows(store)
    rebuilt = await records.rebuild(store)
    assert rebuilt.stopped == [] and await records_rows(store) == live, "a replay of the log finds the same records"


async def own_figures_in_every_language(monkeypatch: pytest.MonkeyPatch, world: Any, game: str) -> None:
    """The same record asked for by a member whose Discord speaks the pseudo-language (every
    word marked), then French (the game's own figures in French words)."""
    from tests.discord.languages import speak, untranslated

    alice = world.members[0]
    speak(monkeypatch, {alice.id: "en-XA"})
    embed = (await profile_of(alice, world.channel, game=game)).embeds[0]
    for shown in (embed.title or "", embed.description or "", *(f"{f.name} {f.value}" for f in embed.fields)):
        assert untranslated(shown, ("alice",)) == [], shown
    speak(monkeypatch, {alice.id: "fr"})
    french = " ".join(f.value for f in (await profile_of(alice, world.channel, game=game)).embeds[0].fields)
    assert OWN_FIGURES_FR[game].search(french), french  # (every word marked: the pseudo-language above)
