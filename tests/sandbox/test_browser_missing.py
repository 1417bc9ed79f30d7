"""On a machine without Debian's chromium, the README's test line skips the browser tests and
its summary says why (`apt-get install chromium`); with TAROT_REQUIRE_BROWSER=1, as CI sets it,
they fail instead. Run on a real browser test of the sandbox in a pytest of its own, with
TAROT_CHROMIUM naming a browser that is not there."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.sandbox.helpers import REQUIRE_BROWSER, ROOT

BROWSER_TEST = "tests/sandbox/test_sandbox_page.py::test_blackjack_opened_from_the_composer_bets_by_button_and_survives_a_restart"


def run_browser_test(tmp_path, **env: str) -> subprocess.CompletedProcess:
    settings = {k: v for k, v in os.environ.items() if k != REQUIRE_BROWSER}
    settings.update(PYTHONPATH=str(ROOT), TAROT_CHROMIUM=str(tmp_path / "no-chromium-here"), **env)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", BROWSER_TEST],
                          cwd=ROOT, env=settings, capture_output=True, text=True, timeout=120)


def test_without_chromium_the_browser_tests_are_skipped_saying_why(tmp_path):
    ran = run_browser_test(tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "1 skipped" in ran.stdout and "passed" not in ran.stdout
    summary = ran.stdout[ran.stdout.index("short test summary"):]
    assert "SKIPPED" in summary and "apt-get install chromium" in summary


def test_where_a_browser_is_required_a_missing_chromium_fails(tmp_path):
    ran = run_browser_test(tmp_path, **{REQUIRE_BROWSER: "1"})
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "1 failed" in ran.stdout
    assert "apt-get install chromium" in ran.stdout and f"{REQUIRE_BROWSER}=1" in ran.stdout


def test_ci_requires_the_browser():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "apt-get install" in ci and "chromium" in ci
    assert f"{REQUIRE_BROWSER}=1 python -m pytest" in ci
