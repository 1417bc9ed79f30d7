"""What speaking a language costs (issue 30: "translation is a lookup, not a cost"), not a test:
this checkout in English and in French beside another checkout (`--ref`, e.g. the English-only
baseline before the translation went in), in the same invocation, each run a fresh process
(PYTHONPATH the checkout), alternating `--repeats` times. Run from the repository root:

    .venv/bin/python bench/bench_language.py --ref /path/to/baseline [--repeats 3] [--only poker] [--what messages]

Per game, CPU time (`time.process_time`), median and p99:
- image: the table picture drawn as a warm drawing worker draws it (renders/warm.py's views,
  caches settled), its words in English or French (cogs.answers.render_words);
- message: building one move's texts and controls as the presenter does, without Discord: the
  move told in words (`describe`) and kept in the last moves, the status lines, the last-moves
  field and the embed, the buttons and their `discord.ui.View`, and the person's private hand
  (`hand_view`: its text, controls and the drawing's inputs, not drawn), over whole games
  played by the computer player (the same states timed in English and in French, in turn; the
  same deals in every run and checkout, the seeds drawn from a seeded generator).

`--fonts`: this checkout run a third way, its pictures in Pillow's bundled font (the one before
Roboto), to tell what the font changed from what the language did.

A checkout without bot/i18n.py's languages is timed in English only. The ratios are of medians
of the runs' medians; read them, not the absolute figures, on a busy machine."""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

RESULT = "RESULT "
FONT_ENV = "BENCH_LANGUAGE_FONT"
GAMES = ("blackjack", "baccarat", "poker", "tarot", "rummy", "loc", "arcanoid")


# --- the worker: one checkout, one process ------------------------------------------------------

def languages() -> list[str]:
    try:
        from bot import i18n
    except ImportError:
        return ["en"]
    return ["en", "fr"] if hasattr(i18n, "speaking") and "fr" in i18n.languages() else ["en"]


def speaking(language: str) -> Any:
    import contextlib

    if language == "en" and languages() == ["en"]:
        return contextlib.nullcontext()
    from bot import i18n

    return i18n.speaking(language)


def ui_of(game: str) -> Any:
    import importlib

    from cogs.common import UIS

    for module in ("blackjack", "baccarat", "poker", "tarot", "rummy", "loc", "arcanoid"):
        importlib.import_module(f"cogs.{module}")
    return UIS[game]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def image_times(runs: int, only: str) -> dict[str, dict[str, list[float]]]:
    """Per game and language: the CPU ms of each drawing of its table picture."""
    from bot import draw_worker
    from renders import warm

    warm.warm_every_kind()
    getattr(draw_worker, "settle", lambda: None)()
    spoken = languages()
    out: dict[str, dict[str, list[float]]] = {}
    for make in warm.SAMPLES:
        game = make.__name__.removesuffix("_samples")
        if game not in GAMES or only not in game:
            continue
        function, args, kwargs = make()[0]
        ui = ui_of(game)
        draws = {}
        for language in spoken:
            words = {}
            if getattr(ui, "words_domain", None):
                from cogs.answers import render_words

                with speaking(language):
                    words = {"words": render_words(ui.words_domain)}
            draws[language] = functools.partial(function, *args, **kwargs, **words)
            draws[language]()  # its text's caches warmed as a worker's are by then
        times: dict[str, list[float]] = {language: [] for language in spoken}
        for run in range(runs):
            for language in spoken if run % 2 == 0 else spoken[::-1]:
                start = time.process_time()
                draws[language]()
                times[language].append((time.process_time() - start) * 1000)
        out[game] = times
    return out


def dealt_alike(game: str) -> None:
    """The same deals and computer choices in every run and checkout: the seeds the fairness
    scheme draws from the operating system, and `random`, drawn from a generator seeded by the game."""
    import random
    import secrets
    import zlib

    seeded = random.Random(zlib.crc32(game.encode()))
    secrets.token_hex = lambda nbytes=32: seeded.randbytes(nbytes or 32).hex()
    random.seed(zlib.crc32(game.encode()))


def new_state(game: str) -> Any:
    from games.base import SeatSpec
    from games.registry import GAMES as MODULES

    module = MODULES[game]
    if game == "arcanoid":
        seats = [SeatSpec(1, 0), *(SeatSpec(-n, 0) for n in (1, 2, 3))]
    else:
        count = {"blackjack": 3, "baccarat": 3, "rummy": 2}.get(game, 4)
        seats = [SeatSpec(player, 1000) for player in range(1, count + 1)]
    return module, module.new(module.Options(), seats)


def next_move(module: Any, state: Any) -> list[Any] | None:
    """The computer player's next move (or a reaction window closed); None when play stops."""
    window = getattr(module, "reaction_window", None)
    if window is not None and window(state) is not None:
        return module.apply(state, module.RUNTIME, {"type": "close_window"})
    pending = module.pending(state)
    if not pending:
        return None
    return module.apply(state, pending[0], move_of(module, state, pending[0]))


def move_of(module: Any, state: Any, player: int) -> dict[str, Any]:
    """The computer player's choice; in a house game (no computer player before the translation
    went in, the same choices in both checkouts): the least bet on the banker, then hit while
    under 15."""
    if module.__name__ not in ("games.blackjack", "games.baccarat"):
        return module.computer_action(state, player)
    if state.phase == "betting":
        return {"type": "bet", "amount": state.options.min_bet, "on": "banker"}
    seat, hand, _index = module._my_turn(state, player)
    return {"type": "hit" if module.total(hand.cards) < 15 else "stand"}


def table_of(game: str, state: Any) -> Any:
    from bot.tables import Table

    table = Table({"id": 1, "guild_id": 1, "channel_id": 1, "game": game, "options": "{}", "host_id": 1,
                   "status": "active", "lobby": "[]", "version": 1, "deadline": None, "extra": "{}",
                   "state": None})
    table.set_state(state, None)
    return table


def build(ui: Any, table: Any, events: list[Any], names: dict[int, str]) -> None:
    """One move's texts and controls, as the presenter builds them (without Discord)."""
    import discord

    from cogs import last_moves
    from cogs.controls import action_view

    last_moves.record(table, ui.describe(events, names), None)
    view = table.view(None)
    embed = discord.Embed(description="\n".join(ui.status_lines(table, view, names))[:4000])
    told = last_moves.field_value(table)
    if told:
        embed.add_field(name="moves", value=told, inline=False)
    action_view(table, ui.buttons(table, view))
    text, _drawing, controls = ui.hand_view(table, 1, names)
    action_view(table, controls)


async def message_times(moves: int, only: str) -> dict[str, dict[str, list[float]]]:
    """Per game and language: the CPU µs of building each move's texts and controls."""
    from renders.warm import NAMES

    names = dict(NAMES)
    spoken = languages()
    out: dict[str, dict[str, list[float]]] = {}
    for name in GAMES:
        if only not in name:
            continue
        game = name
        ui = ui_of(game)
        dealt_alike(game)
        module, state = new_state(game)
        tables = {language: table_of(game, state) for language in spoken}
        times: dict[str, list[float]] = {language: [] for language in spoken}
        for move in range(moves):
            events = next_move(module, state)
            if events is None:
                break
            for language in spoken if move % 2 == 0 else spoken[::-1]:
                with speaking(language):
                    start = time.process_time()
                    build(ui, tables[language], events, names)
                    times[language].append((time.process_time() - start) * 1e6)
        out[name] = times
    return out


def bundled_font() -> None:
    """This checkout's pictures drawn in Pillow's bundled font, as before Roboto (`--fonts`):
    what the font changed, apart from the language."""
    from PIL import ImageFont

    from renders import text

    if hasattr(text, "_face"):
        text._face = ImageFont.load_default


def worker(args: argparse.Namespace) -> None:
    if os.environ.get(FONT_ENV) == "bundled":
        bundled_font()
    try:
        from bot import i18n
    except ImportError:
        i18n = None
    getattr(i18n, "load", lambda: None)()  # the catalogs, read as the bot reads them at start-up
    result = {"messages": asyncio.run(message_times(args.moves, args.only)) if args.what != "images" else {},
              "images": image_times(args.runs, args.only) if args.what != "messages" else {}}
    print(RESULT + json.dumps(result))


# --- the driver: the runs alternating, the figures side by side ---------------------------------

def run(checkout: str, args: argparse.Namespace, font: str = "") -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": checkout, FONT_ENV: font}
    command = [sys.executable, os.path.abspath(__file__), "--worker", "--runs", str(args.runs),
               "--moves", str(args.moves), "--only", args.only, "--what", args.what]
    done = subprocess.run(command, env=env, cwd=checkout, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT)]
    if not lines:
        raise SystemExit(f"{checkout}: no result\n{done.stderr[-3000:]}")
    return json.loads(lines[-1].removeprefix(RESULT))


def report(kind: str, unit: str, runs: list[tuple[str, dict[str, Any]]]) -> None:
    """Per game, each variant's median of the runs' medians (and p99 of all), and the ratios to
    the reference's English."""
    print(f"{kind} ({unit} CPU: median of the runs' medians / p99 of every sample)")
    variants: dict[tuple[str, str], dict[str, list[list[float]]]] = {}
    for side, result in runs:
        for game, by_language in result[kind].items():
            for language, values in by_language.items():
                if values:
                    variants.setdefault((side, language), {}).setdefault(game, []).append(values)
    for game in GAMES:
        cells, medians = [], {}
        for (side, language), games in variants.items():
            if game not in games:
                continue
            median = statistics.median(statistics.median(values) for values in games[game])
            medians[(side, language)] = median
            every = [value for values in games[game] for value in values]
            cells.append(f"{side}-{language} {median:8.2f} / {pct(every, 0.99):8.2f}")
        if not cells:
            continue
        ratios = []
        base = medians.get(("ref", "en"))
        for key in (("this", "en"), ("this", "fr"), ("bundled", "en"), ("bundled", "fr")):
            if base and key in medians:
                ratios.append(f"{key[0]}-{key[1]}/ref-en {medians[key] / base:.2f}")
        if ("ref", "fr") in medians and ("this", "fr") in medians:
            ratios.append(f"this-fr/ref-fr {medians[('this', 'fr')] / medians[('ref', 'fr')]:.2f}")
        if ("this", "fr") in medians:
            ratios.append(f"fr/en {medians[('this', 'fr')] / medians[('this', 'en')]:.2f}")
        if ("bundled", "en") in medians:
            ratios.append(f"this-en/bundled-en {medians[('this', 'en')] / medians[('bundled', 'en')]:.2f}")
        print(f"  {game:<10} " + "  ".join(cells) + "   " + "  ".join(ratios))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", default="", help="another checkout (the baseline), run alternately")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--runs", type=int, default=30, help="drawings of each picture a run")
    parser.add_argument("--moves", type=int, default=150, help="moves of each game a run")
    parser.add_argument("--only", default="", help="games whose name contains this")
    parser.add_argument("--what", choices=("both", "messages", "images"), default="both")
    parser.add_argument("--fonts", action="store_true",
                        help="this checkout's pictures in Pillow's bundled font too (the font apart from the language)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sides = [("ref", args.ref, ""), ("this", here, "")] if args.ref else [("this", here, "")]
    if args.fonts:
        sides.append(("bundled", here, "bundled"))
    runs: list[tuple[str, dict[str, Any]]] = []
    for repeat in range(args.repeats):
        for side, checkout, font in sides if repeat % 2 == 0 else sides[::-1]:
            runs.append((side, run(checkout, args, font)))
        print(f"repeat {repeat + 1}/{args.repeats} done; load average {os.getloadavg()[0]:.2f}", flush=True)
    if args.what != "images":
        report("messages", "µs a move", runs)
    if args.what != "messages":
        report("images", "ms a table picture", runs)


if __name__ == "__main__":
    main()
