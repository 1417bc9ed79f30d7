"""A member's record card for /profile: their name, one plate per game (rounds played, won, lost,
pushes, net, streaks) and a line of the chips won and lost day by day. Pure: it receives plain
figures (cogs/records.py builds them), never a store or a Discord object."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from games.base import NP_
from renders import layout as L
from renders.words import ENGLISH, Words, speaking

PLATE_WIDTH = 250
CHART_WIDTH = 2 * PLATE_WIDTH + 12
CHART_HEIGHT = 130


@dataclass(frozen=True)
class GameCard:
    title: str
    word: str  # what one round of it is called: "round", "hand", "game"
    played: int
    won: int
    lost: int
    pushed: int
    net: int
    unit: str  # "chip" or "point"
    streak: int
    best_streak: int
    highlight: str = ""  # the game's own figure most worth a glance ("3 blackjacks")


def render_profile(name: str, where: str, games: Sequence[GameCard], chip_line: Sequence[tuple[int, int]],
                   words: Words = ENGLISH, dates: str = "") -> bytes:
    """The record card as PNG bytes. `chip_line`: (day number, running total of chips). `words`:
    the card's words in the reader's language; `dates`: the chart's span in words (by default
    "05 Jan 2026 to 12 Jan 2026 (UTC)")."""
    with speaking(words):
        plates = [_game_plate(game, words) for game in games]
        body = [L.flow(plates, CHART_WIDTH, gap=12, row_gap=12)]
        if chip_line:
            dates = dates or f"{_date(chip_line[0][0] - 1)} to {_date(chip_line[-1][0])} (UTC)"
            body.append(L.section(words("Chips won and lost"), L.column([_chart(chip_line), L.label(dates, 13, L.MUTED)],
                                                                       gap=4)))
        played = sum(g.played for g in games)
        info = words.plural("{count:,} finished round or game · {where}",
                            "{count:,} finished rounds and games · {where}", played, count=played, where=where)
        return L.to_png(L.compose(name, info, L.column(body, gap=16)))


def _date(day: int) -> str:
    return (datetime.date(1970, 1, 1) + datetime.timedelta(days=day)).strftime("%d %b %Y")


PLAYED = {"hand": NP_("{n:,} hand", "{n:,} hands"), "round": NP_("{n:,} round", "{n:,} rounds"),
          "game": NP_("{n:,} game", "{n:,} games")}
NETS = {"chip": NP_("net {n:+,} chip", "net {n:+,} chips"), "point": NP_("net {n:+,} point", "net {n:+,} points"),
        "battle": NP_("net {n:+,} battle", "net {n:+,} battles")}


def _plural(count: int, word: str, words: Words = ENGLISH) -> str:
    forms = PLAYED.get(word)
    if forms is None:
        return f"{L.number(count)} {word}{'' if count == 1 else 's'}"
    return words.plural(forms[0], forms[1], count)


def _net(count: int, unit: str, words: Words) -> str:
    forms = NETS.get(unit)
    if forms is None:
        return f"net {L.number(count, '+,')} {unit}{'' if abs(count) == 1 else 's'}"
    return words.plural(forms[0], forms[1], count)


def _game_plate(game: GameCard, words: Words = ENGLISH) -> L.Block:
    net_colour = L.WIN if game.net > 0 else L.LOSS if game.net < 0 else L.PUSH
    outcome = words("{won:,} won · {lost:,} lost", won=game.won, lost=game.lost) \
        + (words(" · {pushed:,} even", pushed=game.pushed) if game.pushed else "")
    details = [
        (_plural(game.played, game.word, words), L.MUTED),
        (outcome, L.TEXT),
        (_net(game.net, game.unit, words), net_colour),
        (words("streak {streak} · best {best}", streak=game.streak, best=game.best_streak),
         L.GOLD if game.streak else L.MUTED),
        (game.highlight, L.TEXT),
    ]
    return L.plate(game.title, details, PLATE_WIDTH)


def _chart(points: Sequence[tuple[int, int]]) -> L.Block:
    """The running total as a line over its days, the zero line dashed, the last value in gold."""
    first = points[0][0]
    line = [(first - 1, 0), *points]  # the line starts from nothing, the day before
    lowest, highest = min(0, *(v for _, v in line)), max(0, *(v for _, v in line))
    span_days = max(1, line[-1][0] - line[0][0])
    span_value = max(1, highest - lowest)
    pad_x, pad_y = 14, 12
    inner_w, inner_h = CHART_WIDTH - 2 * pad_x - 60, CHART_HEIGHT - 2 * pad_y
    last_label = L.label(L.number(line[-1][1], "+,"), 15, L.GOLD, bold=True)

    def paint(canvas: L.Canvas, x: int, y: int) -> None:
        draw = canvas.draw
        draw.rounded_rectangle((x, y, x + CHART_WIDTH - 1, y + CHART_HEIGHT - 1), radius=12, fill=L.FELT_DARK)

        def at(day: int, value: int) -> tuple[int, int]:
            return (x + pad_x + round((day - line[0][0]) / span_days * inner_w),
                    y + pad_y + round((highest - value) / span_value * inner_h))

        zero_y = at(line[0][0], 0)[1]
        for start in range(x + pad_x, x + pad_x + inner_w, 12):
            draw.line((start, zero_y, min(start + 6, x + pad_x + inner_w), zero_y), fill=L.MUTED, width=1)
        xy = [at(day, value) for day, value in line]
        colour = L.WIN if line[-1][1] >= 0 else L.LOSS
        draw.line(xy, fill=colour, width=3, joint="curve")
        end_x, end_y = xy[-1]
        draw.ellipse((end_x - 4, end_y - 4, end_x + 4, end_y + 4), fill=L.GOLD)
        last_label.paint(canvas, end_x + 10, max(y + 2, min(end_y - last_label.height // 2,
                                                            y + CHART_HEIGHT - last_label.height - 2)))

    return L.Block(CHART_WIDTH, CHART_HEIGHT, paint)
