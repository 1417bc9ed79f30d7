"""The sandbox (not a test). Run: .venv/bin/python bench/bench_sandbox.py [--runs N] [--clicks N]

Start-up: starts `python -m bot --sandbox` in a fresh folder, as a person does, and times from
launching the process to the first page served: the home page at the printed address answering,
and then the first channel's page behind it. The second and later runs start on the database
the first left (as a restart does). Target: start to first page served <= 5 s.

Click to answer: in headless chromium, a Major Poker table against three computers (each pausing
1.5 s before its move, the sandbox's default), the person's Start, then Check or Call each turn;
times from the click to the page showing the table message changed. Target: median <= 0.5 s."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.helpers import (  # noqa: E402
    Sandbox,
    browser_page,
    open_channel,
    poker_click_answers,
)

TARGET_S = 5.0
ANSWER_TARGET_S = 0.5
COMPUTER_PAUSE_S = 1.5


def one_start(folder: Path) -> tuple[float, float]:
    """(seconds to the home page served, seconds to the first channel's page served)."""
    launched = time.perf_counter()
    sandbox = Sandbox(folder)
    try:
        with urllib.request.urlopen(sandbox.address, timeout=30) as home:
            home.read()
        served = time.perf_counter() - launched
        with urllib.request.urlopen(sandbox.address + "channel/blackjack", timeout=30) as channel:
            channel.read()
        channel_served = time.perf_counter() - launched
        if sandbox.interrupt() != 0:
            raise SystemExit("the sandbox did not stop cleanly:\n" + "".join(sandbox.output))
        return served, channel_served
    finally:
        sandbox.kill()


async def click_answers(folder: Path, clicks: int) -> list[float]:
    """Seconds from each click to its answer on the page, at a poker table of three computers."""
    async with browser_page() as page:
        sandbox = Sandbox(folder, computer_pause=COMPUTER_PAUSE_S)
        try:
            await open_channel(page, sandbox, "poker")
            answers = await poker_click_answers(page, clicks)
            sandbox.interrupt()
            return answers
        finally:
            sandbox.kill()


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        results = [one_start(Path(folder)) for _ in range(args.runs)]
    homes, channels = [r[0] for r in results], [r[1] for r in results]
    for name, values in (("home page served", homes), ("first channel page served", channels)):
        verdict = "met" if max(values) <= TARGET_S else "MISSED"
        print(f"start to {name:<26} runs={args.runs}  median {statistics.median(values):5.2f} s  "
              f"max {max(values):5.2f} s  (target <= {TARGET_S:g} s: {verdict})")
    if args.clicks:
        with tempfile.TemporaryDirectory() as folder:
            answers = asyncio.run(click_answers(Path(folder), args.clicks))
        median = statistics.median(answers)
        verdict = "met" if median <= ANSWER_TARGET_S else "MISSED"
        print(f"click to answer on the page (poker, 3 computers pausing {COMPUTER_PAUSE_S:g} s)  "
              f"clicks={len(answers)}  median {median:5.2f} s  p99 {p99(answers):5.2f} s  max {max(answers):5.2f} s  "
              f"(target median <= {ANSWER_TARGET_S:g} s: {verdict})")


if __name__ == "__main__":
    main()
