"""Discord-level fixtures, and which Discord-level tests run on both store backends.

Every Discord-level test runs on SQLite. Those that exercise the store run on PostgreSQL as
well — marked `both_backends` (on the test, or `pytestmark` on the module):
- restarts: each game's restart test (blackjack, poker, Loc, rummy, French Tarot, Arcanoid) and
  the timers re-armed after a restart (test_tables_and_wallets.py);
- concurrency: test_bursts.py, a double click and two moves at once (test_refusals.py);
- chips: test_tables_and_wallets.py and test_ending_and_limits.py (whole modules), the poker side
  pot and the blackjack rounds ending with the wallets right, a table post that fails, a member
  leaving the server with their chips;
- deals committed and revealed in the store: test_fair_deals.py;
- several processes: test_cluster_dm.py (PostgreSQL only: a shard cluster needs it).
The rest (whole games against the computer, words, refusals of bad input, renders…) shows the
same code on either store, so it runs once, on SQLite; the store itself, the table service and the
crash tests (tests/bot/) run on both backends in full."""

from __future__ import annotations

import pytest

import cogs.presenter
from tests.conftest import BACKENDS, database_for

BOTH_BACKENDS = "both_backends"


def pytest_configure(config):
    config.addinivalue_line("markers", f"{BOTH_BACKENDS}: a Discord-level test also run on PostgreSQL")


def pytest_generate_tests(metafunc):
    if "db_path" in metafunc.fixturenames:
        both = metafunc.definition.get_closest_marker(BOTH_BACKENDS) is not None
        metafunc.parametrize("db_path", BACKENDS if both else ("sqlite",), indirect=True)


@pytest.fixture
def db_path(request, tmp_path):
    """What TAROT_DB would hold: a SQLite file, or for `both_backends` tests also PostgreSQL."""
    return database_for(request, tmp_path, request.param)


@pytest.fixture(autouse=True)
def unpaced_table_edits(monkeypatch):
    """SimCord waits for the bot's sleeps in real time: the table message's one-a-second pacing
    would add a second to every other click. Tests run it unpaced (still one edit in flight,
    still coalesced); tests/discord/test_bursts.py puts the real pacing back."""
    monkeypatch.setattr(cogs.presenter, "EDIT_SPACING", 0.0)
