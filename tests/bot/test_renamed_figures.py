"""A figure kept under an earlier name (issue 28, item 11: "played Judgement" before the powers
took the game's own names) is read as today's, its count added to what is kept under that name."""

from __future__ import annotations

from bot import records
from games.records import ARCANOID_POWERS, Figure, Line, Tally
from tests.bot.helpers import GUILD, close_service, open_service

ALICE = 101


async def test_a_power_counted_under_its_old_name_adds_to_the_games_name(sqlite_path):
    service, _ = await open_service(sqlite_path)
    store = service.store
    kept = [Figure(ALICE, "played Judgement"), Figure(ALICE, "played Judgement"), Figure(ALICE, "played Judgment"),
            Figure(ALICE, "played the Wheel")]
    async with store.transaction() as tx:
        await records.write_tally(tx, GUILD, "arcanoid", Tally([Line(ALICE, 3, "won")], kept), 1_700_000_000)
    (mine,) = (await records.profile(store, GUILD, ALICE)).games
    assert ARCANOID_POWERS["judgment"] == "Judgment" and ARCANOID_POWERS["wheel"] == "the Wheel of Fortune"
    assert mine.figures == {"played Judgment": (3, ""), "played the Wheel of Fortune": (1, "")}
    await close_service(service)
