"""What speaking a language costs, in instructions (valgrind's callgrind), not a test: immune to
the machine's load, where bench_language.py's CPU times are not. Per game, one process builds
each move's texts and controls in English and in French on two tables, as bench_language.py
does; after `--warm` moves the English builds run inside `functools.reduce` and the French ones
inside `itertools.starmap`, so the inclusive instruction counts of those two C functions are
each language's cost (the language is entered outside them; the cyclic GC is collected and
frozen after the warm-up and off during a build: a full collection lands on whichever build
allocates then). Run from the repository root, with valgrind installed:

    .venv/bin/python bench/ir_language.py [--ref /path/to/baseline] [--only rummy] [--moves 80] [--warm 20] [--versus en-GB]

Prints instructions a move (steady state) per game: English, French, their ratio, and English
against the other checkout's English (`--ref`, e.g. the English-only baseline before the
translation went in; a checkout without bot/i18n.py's languages builds in English only).

`--versus en-GB`: the second language is English said through the translation path (British
English: Babel knows it, no catalog has it; numbers and plurals as English has them, no
elision): its ratio to English is what the translation itself costs (the lookups and the
parameters handled), apart from what the French words cost (longer texts, accented letters)."""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_language as bl  # noqa: E402 - the bench's own harness, from this folder

WRAPPERS = {"functools_reduce": 0, "starmap_next": 1}  # the C function each language's builds run in


def worker(game: str, moves: int, warm: int, versus: str) -> None:
    from renders.warm import NAMES

    try:
        from bot import i18n
        getattr(i18n, "load", lambda: None)()
    except ImportError:
        pass
    names, spoken = dict(NAMES), bl.languages()
    if versus and len(spoken) > 1:
        spoken = [spoken[0], versus]
    ui = bl.ui_of(game)
    bl.dealt_alike(game)
    module, state = bl.new_state(game)
    tables = {language: bl.table_of(game, state) for language in spoken}
    played = 0
    for move in range(moves):
        events = bl.next_move(module, state)
        if events is None:
            break
        if move == warm:
            gc.collect()
            gc.freeze()
        for language in spoken if move % 2 == 0 else spoken[::-1]:
            def build(*_ignored: object, language: str = language, events: list = events) -> None:
                bl.build(ui, tables[language], events, names)

            with bl.speaking(language):
                if move < warm:
                    build()
                    continue
                gc.disable()
                if language == spoken[0]:
                    functools.reduce(build, [0, 1])
                else:
                    list(itertools.starmap(build, [()]))
                gc.enable()
        played = move + 1
    print(f"STEADY {max(played - warm, 0)}")


def counted(checkout: str, game: str, args: argparse.Namespace) -> list[float]:
    """Instructions a steady move, per language (English first), in a checkout."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        env = {**os.environ, "PYTHONPATH": checkout, "PYTHONHASHSEED": "0"}
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                               os.path.abspath(__file__), "--worker", game, "--moves", str(args.moves),
                               "--warm", str(args.warm), "--versus", args.versus], env=env, cwd=checkout, capture_output=True, text=True,
                              check=False)
        steady = int(re.search(r"STEADY (\d+)", done.stdout).group(1))  # type: ignore[union-attr]
        table = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                               capture_output=True, text=True, check=False).stdout
    costs = [0.0, 0.0]
    for line in table.splitlines():
        for function, index in WRAPPERS.items():
            if line.rstrip().endswith(f":{function}") or f":{function} [" in line:
                costs[index] = max(costs[index], int(line.split()[0].replace(",", "")) / max(steady, 1))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", default="", help="another checkout (the baseline): its English beside this one's")
    parser.add_argument("--only", default="", help="games whose name contains this")
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--warm", type=int, default=20, help="moves built before counting starts")
    parser.add_argument("--versus", default="", help="the second language (default French): en-GB, English through the translation path")
    parser.add_argument("--worker", metavar="GAME", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.moves, args.warm, args.versus)
        return
    here = os.path.dirname(HERE)
    print(f"instructions a move (steady state): English, {args.versus or 'French'}, ratio[, English/ref English]")
    for game in bl.GAMES:
        if args.only not in game:
            continue
        english, french = counted(here, game, args)
        line = f"  {game:<10} en {english:12,.0f}  fr {french:12,.0f}  fr/en {french / english:.3f}"
        if args.ref:
            line += f"  en/ref-en {english / counted(args.ref, game, args)[0]:.3f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
