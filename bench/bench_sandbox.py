"""Sandbox start-up (not a test). Run: .venv/bin/python bench/bench_sandbox.py [--runs N]

Starts `python -m bot --sandbox` in a fresh folder, as a person does, and times from launching
the process to the first page served: the home page at the printed address answering, and then
the first channel's page behind it. The second and later runs start on the database the first
left (as a restart does). Target: start to first page served <= 5 s."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.helpers import Sandbox  # noqa: E402

TARGET_S = 5.0


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        results = [one_start(Path(folder)) for _ in range(runs)]
    homes, channels = [r[0] for r in results], [r[1] for r in results]
    for name, values in (("home page served", homes), ("first channel page served", channels)):
        verdict = "met" if max(values) <= TARGET_S else "MISSED"
        print(f"start to {name:<26} runs={runs}  median {statistics.median(values):5.2f} s  "
              f"max {max(values):5.2f} s  (target <= {TARGET_S:g} s: {verdict})")


if __name__ == "__main__":
    main()
