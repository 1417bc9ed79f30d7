"""Players' records: written in the transaction of the move that ends a round (never lost, never
counted twice), read from aggregate tables by their keys (never from the action log): a member's
totals and streaks per game (`records`), their results per UTC day (`record_days`: the periods of
/leaderboard and the chip line of /profile) and each game's own figures (`record_figures`).
What a move adds comes from games/records.py; `rebuild` replays the action log still kept."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot import fair
from bot.store import ADD_DAY, ADD_FIGURE, ADD_RECORD, BEST_FIGURE, Store, Tx, unpacked_state
from games.base import SeatSpec
from games.records import RENAMED_FIGURES, Figure, Line, Tally, tally
from games.registry import GAMES

DAY = 86_400
PERIODS = {"day": 1, "week": 7, "month": 30}  # UTC days counted back from today (today included)
MEASURES = ("net", "wins", "win rate")
WIN_RATE_MIN_ROUNDS = 10  # fewer rounds than this and a win rate says little: left off that ranking
LEADERBOARD_SIZE = 10
CHIP_LINE_DAYS = 90

RECORDS_TABLES = ("records", "record_days", "record_figures")


# --- writing ---------------------------------------------------------------------------------


async def record_move(tx: Tx, guild_id: int, game: str, events: list[Any], state: Any, at: float) -> None:
    """Within the move's transaction: what the move adds to its players' records. Rows are
    written member by member in id order (after the table, its deals, the wallets and the house:
    bot/tables/chips.py's one lock order), so two moves never wait in a circle."""
    found = tally(game, events, state)
    if found.lines or found.figures:
        await write_tally(tx, guild_id, game, found, at)


async def write_tally(tx: Tx, guild_id: int, game: str, found: Tally, at: float) -> None:
    day = int(at // DAY)
    players = sorted({line.player for line in found.lines} | {f.player for f in found.figures})
    for player in players:
        for line in (line for line in found.lines if line.player == player):
            await _write_line(tx, guild_id, game, line, day, at)
        for figure in sorted((f for f in found.figures if f.player == player), key=lambda f: f.name):
            await _write_figure(tx, guild_id, game, figure)


async def _write_line(tx: Tx, guild_id: int, game: str, line: Line, day: int, at: float) -> None:
    won, lost = int(line.outcome == "won"), int(line.outcome == "lost")
    pushed = int(line.outcome == "push")
    await tx.execute(ADD_RECORD, (guild_id, line.player, game, won, lost, pushed, line.net, max(line.net, 0),
                                  won, won, at))
    await tx.execute(ADD_DAY, (guild_id, game, day, line.player, won, line.net))


async def _write_figure(tx: Tx, guild_id: int, game: str, figure: Figure) -> None:
    sql = BEST_FIGURE if figure.best else ADD_FIGURE
    await tx.execute(sql, (guild_id, figure.player, game, figure.name, figure.value, figure.note))


# --- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    game: str
    played: int
    won: int
    lost: int
    pushed: int
    net: int
    best_win: int
    streak: int
    best_streak: int
    figures: dict[str, tuple[int, str]] = field(default_factory=dict)  # name -> (value, note)


@dataclass(frozen=True)
class Profile:
    games: list[GameRecord]
    chip_line: list[tuple[int, int]]  # (UTC day, chips won or lost since the line began), chip games only

    @property
    def empty(self) -> bool:
        return not self.games


async def profile(store: Store, guild_id: int, user_id: int, game: str | None = None, today: int = 0) -> Profile:
    """The member's record on this server: every game they played (or `game` only)."""
    where, params = "guild_id=? AND user_id=?", (guild_id, user_id)
    if game is not None:
        where, params = where + " AND game=?", (*params, game)
    rows = await store.fetchall(
        "SELECT game, played, won, lost, pushed, net, best_win, streak, best_streak FROM records "
        f"WHERE {where} ORDER BY played DESC, game", params)
    figures: dict[str, dict[str, tuple[int, str]]] = {}
    for name, figure, value, note in await store.fetchall(
            f"SELECT game, figure, value, note FROM record_figures WHERE {where}", params):
        known = figures.setdefault(name, {})
        figure = RENAMED_FIGURES.get(figure, figure)  # a count kept under an earlier name adds to today's
        known[figure] = (known.get(figure, (0, ""))[0] + int(value), note)
    games = [GameRecord(*(int(v) if i else v for i, v in enumerate(row)), figures=figures.get(row[0], {}))
             for row in rows]
    return Profile(games, await chip_line(store, guild_id, user_id, game, today))


async def chip_line(store: Store, guild_id: int, user_id: int, game: str | None, today: int) -> list[tuple[int, int]]:
    """The member's chips won and lost at the chip games, day by day over the last
    CHIP_LINE_DAYS days, as a running total."""
    chip_games = [name for name, module in GAMES.items() if module.CHIPS and game in (None, name)]
    if not chip_games:
        return []
    marks = ", ".join("?" for _ in chip_games)
    rows = await store.fetchall(
        f"SELECT day, SUM(net) FROM record_days WHERE guild_id=? AND user_id=? AND day >= ? AND game IN ({marks}) "
        "GROUP BY day ORDER BY day", (guild_id, user_id, today - CHIP_LINE_DAYS, *chip_games))
    line, total = [], 0
    for day, net in rows:
        total += int(net)
        line.append((int(day), total))
    return line


@dataclass(frozen=True)
class Standing:
    player: int
    played: int
    won: int
    net: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


async def leaderboard(store: Store, guild_id: int, game: str, period: str, by: str, today: int,
                      limit: int = LEADERBOARD_SIZE) -> list[Standing]:
    """The server's best at `game` over `period` ("all", or the last day, week or month of UTC
    days), by net, wins or win rate (members with WIN_RATE_MIN_ROUNDS rounds or more)."""
    if period == "all":
        source = "SELECT user_id, played, won, net FROM records WHERE guild_id=? AND game=?"
        params: tuple = (guild_id, game)
    else:
        source = ("SELECT user_id, SUM(played) AS played, SUM(won) AS won, SUM(net) AS net FROM record_days "
                  "WHERE guild_id=? AND game=? AND day > ? GROUP BY user_id")
        params = (guild_id, game, today - PERIODS[period])
    order = {"net": "net DESC, played DESC", "wins": "won DESC, net DESC",
             "win rate": "won * 1.0 / played DESC, played DESC"}[by]
    having = " WHERE played >= ?" if by == "win rate" else ""
    extra = (WIN_RATE_MIN_ROUNDS,) if by == "win rate" else ()
    rows = await store.fetchall(
        f"WITH ranked AS ({source}) SELECT user_id, played, won, net FROM ranked{having} "
        f"ORDER BY {order}, user_id LIMIT ?", (*params, *extra, limit))
    return [Standing(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]


def day_of(at: float) -> int:
    return int(at // DAY)


# --- rebuilding from the action log ------------------------------------------------------------


@dataclass
class Rebuilt:
    tables: int = 0
    rounds: int = 0
    stopped: list[str] = field(default_factory=list)  # tables whose replay stopped early, and why


async def rebuild(store: Store, progress: Callable[[str], None] | None = None) -> Rebuilt:
    """The records made again from the action log still kept, in one transaction that first
    empties them: every table that started is replayed from its start seats, its seeds and its
    moves, and counted only when the replay ends exactly at the table's stored state (a table
    whose first moves were pruned, or whose replay departs from what was stored, is left out
    and named in the report)."""
    report = Rebuilt()
    rows = await store.fetchall(
        "SELECT id, guild_id, game, options, start_seats, state, extra FROM tables "
        "WHERE start_seats IS NOT NULL ORDER BY id")
    async with store.transaction() as tx:
        for name in RECORDS_TABLES:
            await tx.execute(f"DELETE FROM {name}")
        for row in rows:
            report.tables += 1
            tallies, problem = await _replayed(store, row)
            if problem is not None:
                report.stopped.append(f"table {row[0]}: {problem}; not counted")
                continue
            for found, at in tallies:
                report.rounds += len(found.lines)
                await write_tally(tx, row[1], row[2], found, at)
            if progress is not None:
                progress(f"table {row[0]}: {len(tallies)} moves counted")
    return report


async def _replayed(store: Store, row: Any) -> tuple[list[tuple[Tally, float]], str | None]:
    """What each move of the table's log adds to the records, and what stops the replay from
    being trusted (None: it reached the stored state)."""
    table_id, game, options_json, seats_json, stored, extra_json = row[0], row[2], row[3], row[4], row[5], row[6]
    module = GAMES.get(game)
    state_json = unpacked_state(stored)
    if module is None or not state_json:
        return [], f"no game {game!r} in this version" if module is None else "no stored state"
    log = await store.fetchall("SELECT version, player, action, at FROM actions WHERE table_id=? ORDER BY version",
                               (table_id,))
    if log and log[0][0] != 1:
        return [], "its first moves were pruned"
    revealed = await store.fetchall("SELECT seed, setup FROM deals WHERE table_id=? AND seed IS NOT NULL", (table_id,))
    tallies: list[tuple[Tally, float]] = []
    times = iter([at for *_, at in log])

    def count(events: list, state: Any) -> None:
        at = next(times)
        found = tally(game, events, state)
        if found.lines or found.figures:
            tallies.append((found, at))

    try:
        seeds = fair.seeds_in_deal_order(module, revealed, module.from_dict(json.loads(state_json)))
        state = fair.replayed(module, module.Options(**json.loads(options_json)),
                              [SeatSpec(**s) for s in json.loads(seats_json)], json.loads(extra_json or "{}"), seeds,
                              [(player, json.loads(action)) for _version, player, action, _at in log], count)
    except Exception as error:  # the log does not replay on this version
        return [], f"the replay stopped ({type(error).__name__}: {error})"
    if module.to_dict(state) != json.loads(state_json):
        return [], "the replay does not reach the stored state"
    return tallies, None
