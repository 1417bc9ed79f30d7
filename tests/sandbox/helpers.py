"""Running `python -m bot --sandbox` as a person does, in a subprocess, and driving its page in
a real browser: Debian's chromium, headless, through Playwright (never a downloaded browser).
Where chromium is missing the browser tests are skipped, saying so (`apt-get install chromium`),
unless TAROT_REQUIRE_BROWSER=1 (as `.ci/run` sets it): then they fail."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout
from playwright.async_api import async_playwright

from bot.sandbox import PERSON_NAME

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
REQUIRE_BROWSER = "TAROT_REQUIRE_BROWSER"  # "1": a missing chromium fails the browser tests (CI)
CHROMIUM_MISSING = "Debian's chromium is not installed: apt-get install chromium (the sandbox's browser tests need it)"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ADDRESS = re.compile(r"open (http://127\.0\.0\.1:\d+/) in your browser")
START_TIMEOUT = 60
STOP_TIMEOUT = 30


# `python -m bot` with its deals made predictable first (tests/seeds.py predict), for a test
# whose steps depend on the cards: the name of the seeds follows the command's arguments.
PREDICTED_BOT = ("import runpy, sys; from tests.seeds import predict; predict(sys.argv.pop()); "
                 "runpy.run_module('bot', run_name='__main__', alter_sys=True)")


class Sandbox:
    """One run of the sandbox in `folder` (its data/ lives there). `deals`: the name of the
    predictable seeds its tables deal from (a known deal, as tests/seeds.py `predict` gives in
    process), else the operating system's secret ones."""

    def __init__(self, folder: Path, computer_pause: float = 0.2, deals: str | None = None) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        env.pop("DISCORD_TOKEN", None)
        self.started = time.monotonic()
        command = ["-m", "bot"] if deals is None else ["-c", PREDICTED_BOT]
        options = ["--sandbox", "--computer-pause", str(computer_pause)] + ([] if deals is None else [deals])
        self.process = subprocess.Popen(
            [sys.executable, *command, *options],
            cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.output: list[str] = []
        self.address = self._read_address()

    def _read_address(self) -> str:
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                break
            self.output.append(line)
            found = ADDRESS.search(line)
            if found:
                return found.group(1)
        self.process.kill()
        raise AssertionError("the sandbox printed no address:\n" + "".join(self.output))

    def interrupt(self) -> int:
        """Ctrl+C, as in a terminal; the exit status."""
        self.process.send_signal(signal.SIGINT)
        try:
            status = self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the sandbox did not stop on Ctrl+C") from None
        assert self.process.stdout is not None
        self.output.append(self.process.stdout.read())
        return status

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def chromium_path() -> str | None:
    """The system chromium: TAROT_CHROMIUM when set (a browser elsewhere), else `chromium` on
    the PATH or Debian's /usr/bin/chromium; None when there is none."""
    named = os.environ.get("TAROT_CHROMIUM")
    found = [named] if named else [shutil.which("chromium"), CHROMIUM]
    return next((path for path in found if path and Path(path).is_file()), None)


def need_chromium() -> str:
    """The chromium to drive; a test without one is skipped with the reason, or fails where
    TAROT_REQUIRE_BROWSER=1 (CI must never skip the browser tests)."""
    path = chromium_path()
    if path is not None:
        return path
    if os.environ.get(REQUIRE_BROWSER) == "1":
        pytest.fail(f"{CHROMIUM_MISSING}; {REQUIRE_BROWSER}=1 makes that a failure", pytrace=False)
    pytest.skip(CHROMIUM_MISSING)


class SharedBrowser:
    """One chromium for a whole test session (tests/sandbox/conftest.py turns it on): launched
    the first time a test asks for a browser, closed when the session ends. Every test still
    gets a context of its own (its own pages, cookies, scripts and routes), so tests stay apart."""

    def __init__(self) -> None:
        self.on = False
        self._playwright: Any = None
        self._browser: Any = None

    async def browser(self, chromium: str) -> Any:
        if self._browser is None or not self._browser.is_connected():
            await self.close()
            self._playwright = await async_playwright().start()
            self._browser = await self._playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        return self._browser

    async def close(self) -> None:
        browser, playwright, self._browser, self._playwright = self._browser, self._playwright, None, None
        if browser is not None:
            await browser.close()
        if playwright is not None:
            await playwright.stop()


SHARED_BROWSER = SharedBrowser()


@asynccontextmanager
async def chromium_browser() -> AsyncIterator[Any]:
    """The browser to open pages in: the session's shared one when the tests turned it on,
    else one launched for this use and closed after (bench/, docs/)."""
    chromium = need_chromium()
    if SHARED_BROWSER.on:
        yield await SHARED_BROWSER.browser(chromium)
        return
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@asynccontextmanager
async def browser_context(**options: Any) -> AsyncIterator[Any]:
    """A fresh browser context (its own pages, storage and routes), closed after."""
    async with chromium_browser() as browser:
        context = await browser.new_context(**options)
        try:
            yield context
        finally:
            await context.close()


@asynccontextmanager
async def browser_page() -> AsyncIterator[Any]:
    async with browser_context(viewport={"width": 1280, "height": 1000}) as context:
        yield await context.new_page()


async def open_channel(page: Any, sandbox: Sandbox, name: str) -> None:
    """From the sandbox's home page, follow the channel's link (`dm`: the DMs with the bot) to
    its page."""
    await page.goto(sandbox.address)
    link = "Direct messages with the bot" if name == "dm" else f"#{name}"
    await page.get_by_role("link", name=link).click()
    await page.locator("#channel-composer-input").wait_for()


async def run_command(page: Any, command: str, **options: str) -> None:
    """Type a slash command in the composer, pick it, fill its options, send it."""
    await fill_command(page, command, **options)
    await send(page)


async def fill_command(page: Any, command: str, **options: str) -> None:
    """Type a slash command in the composer, pick it and fill its options, without sending."""
    box = page.locator("#channel-composer-input")
    await box.click()
    await box.type(f"/{command}")
    await page.get_by_text(f"/{command}", exact=True).last.click()  # picked from the list
    await page.locator(".command-chip").wait_for()
    for name, value in options.items():
        field = page.locator(f'.command-option-input[data-option="{name}"]')
        if not await field.count():  # an optional option: pick it from the list first
            ghost = page.locator(".command-ghost")  # "+N more": the list again
            if await ghost.count():
                await ghost.click()
            await page.locator(".command-popup").get_by_text(name, exact=True).click()
        await field.fill(value)


async def send(page: Any, tries: int = 3) -> None:
    """Send the composed command; the message box comes back once it has gone. On a loaded
    machine the page may still be busy with the last action and keep the command: send again."""
    box = page.locator("#channel-composer-input")
    for _ in range(tries):
        await page.locator("#send-message").click()
        try:
            await box.wait_for(state="visible", timeout=10_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("the page kept the command instead of sending it")


async def refresh(page: Any) -> None:
    """The preview publishes what happened since (the computers' moves) when asked."""
    await page.locator("#refresh").click()
    await page.wait_for_timeout(300)


def messages(page: Any) -> Any:
    return page.locator("article.channel-message")


async def images_loaded(page: Any) -> None:
    """Wait until every image on the page has loaded (the page fetches attachments after the
    text), so a screenshot shows them."""
    await page.wait_for_function(
        "() => Array.from(document.images).every(img => img.complete && img.naturalWidth > 0)", timeout=15_000)


async def text_of(page: Any, message_id: str) -> str:
    return await page.locator(f'article.channel-message[data-message-id="{message_id}"]').inner_text()


async def click_and_time(page: Any, message: Any, button: Any, timeout: float = 15, click_within: float = 30) -> float:
    """Seconds from clicking a button of a message to the page showing that message changed
    (the answer: the move shown, the next turn's buttons), polled every 20 ms in the page."""
    message_id = await message.get_attribute("data-message-id")
    before = await text_of(page, message_id)
    clicked = time.monotonic()
    await button.click(timeout=click_within * 1000)
    await page.wait_for_function(
        """([id, before]) => {
            const shown = document.querySelector(`article.channel-message[data-message-id="${id}"]`);
            return shown !== null && shown.innerText !== before;
        }""", arg=[message_id, before], polling=20, timeout=timeout * 1000)
    return time.monotonic() - clicked


async def type_line(page: Any, line: str) -> None:
    """Type a line in the message box and press Enter, as a person does."""
    box = page.locator("#channel-composer-input")
    await box.click()
    await box.type(line, delay=20)
    await page.wait_for_timeout(300)  # the command list follows the typing; Enter sends once it has
    await page.keyboard.press("Enter")


async def my_poker_turn(page: Any, seconds: float = 60) -> tuple[Any, Any]:
    """(the table message, the button that keeps the person in the hand: Check, Call, else
    All-in) once it is the person's turn."""
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        table = messages(page).filter(has_text=re.compile(r"Major Poker — hand \d")).last
        text = await table.inner_text() if await table.count() else ""
        if f"@{PERSON_NAME} to act" in text:
            for label in ("Check", re.compile(r"^Call( \d+)?$"), re.compile(r"^All-in")):
                button = table.get_by_role("button", name=label)
                if await button.count() and await button.first.get_attribute("aria-disabled") != "true":
                    return table, button.first
        await page.wait_for_timeout(100)
    raise AssertionError(f"the person's turn never came; the table shows: {text}")


async def poker_click_answers(page: Any, clicks: int) -> list[float]:
    """Seconds from each of the person's clicks to its answer on the page: a poker table with
    three computers created, started, then played with the button that keeps them in the hand."""
    await run_command(page, "poker create", bots="3")
    lobby = messages(page).filter(has_text="Major Poker — lobby").last
    start = lobby.get_by_role("button", name="Start", exact=True)
    await start.wait_for()
    answers = [await click_and_time(page, lobby, start)]
    while len(answers) < clicks:
        table, button = await my_poker_turn(page)
        answers.append(await click_and_time(page, table, button))
    return answers
