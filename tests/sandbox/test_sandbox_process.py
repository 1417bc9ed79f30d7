"""`python -m bot --sandbox` as a person runs it: it prints an address that answers (the home
page, and each channel's page behind it), opens no browser, and Ctrl+C stops it with status 0,
its database kept. Without a token, `python -m bot` offers the sandbox."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request

from tests.sandbox.helpers import ROOT, Sandbox


def fetch(url: str) -> tuple[int, str, str]:
    """Status, final address (after redirects) and body of a GET."""
    with urllib.request.urlopen(url, timeout=20) as answer:
        return answer.status, answer.url, answer.read().decode()


def test_the_printed_address_answers_and_ctrl_c_stops_it_cleanly(tmp_path):
    sandbox = Sandbox(tmp_path)
    try:
        status, _, home = fetch(sandbox.address)
        assert status == 200
        for game in ("blackjack", "baccarat", "poker", "tarot", "rummy", "loc", "arcanoid"):
            assert f'href="/channel/{game}"' in home
            described = re.search(rf'href="/channel/{game}">#{game}</a> <span>([^<]+)</span>', home)
            assert described and f"/{game} create" in described.group(1), f"#{game} has a description"
        assert 'href="/channel/dm"' in home
        status, landed, page = fetch(sandbox.address + "channel/poker")
        assert status == 200 and landed != sandbox.address + "channel/poker", "sent on to the channel's page"
        assert "<html" in page.lower()
        status, _, _ = fetch(sandbox.address + "channel/dm")
        assert status == 200
        try:
            fetch(sandbox.address + "channel/nowhere")
            raise AssertionError("an unknown channel must not answer 200")
        except urllib.error.HTTPError as missing:
            assert missing.code == 404
        assert sandbox.interrupt() == 0, "".join(sandbox.output)
        assert "Sandbox stopped" in "".join(sandbox.output)
        assert (tmp_path / "data" / "sandbox.sqlite3").is_file()
        assert not (tmp_path / "data" / "tarot.sqlite3").exists(), "the sandbox keeps to its own database"
    finally:
        sandbox.kill()


def test_without_a_token_the_bot_says_so_and_offers_the_sandbox(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    ran = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert ran.returncode == 2
    assert "No Discord bot token found" in ran.stderr
    assert "python -m bot --sandbox" in ran.stderr
