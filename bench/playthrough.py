"""A play-through of the games in the sandbox, as a new user plays them (not a test). Run:
.venv/bin/python bench/playthrough.py [--out /tmp/playthrough] [--games blackjack,baccarat,...]

Starts `python -m bot --sandbox` in a fresh folder, opens a channel's page and the "Direct
messages" page in two tabs of headless chromium (the README's way), and plays each game a little
way against the house or the computers: typed commands sent with one Enter, buttons clicked in
either tab, forms filled. A screenshot of each step goes to --out (read them); each click is
timed to its visible answer. At the end it prints the timings and every wrong thing a page showed
on the way: SimCord's "Action outcome uncertain" / "Action was not completed", a raw mention or a
Python value, an image shown as unavailable, a table message of an earlier round that still
counts down, a typed line left unsent in the box."""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.sandbox import PERSON_NAME  # noqa: E402
from tests.sandbox.helpers import CHROMIUM_ARGS, Sandbox, need_chromium, open_channel, type_line  # noqa: E402

WRONG = {  # what no page may show -> why
    "Action outcome uncertain": "a page lost an action",
    "Action was not completed": "a click or line was refused by the page",
    "image unavailable": "an image shown as unavailable",
    "<@": "a raw mention",
    "None": "a Python value",
}
STALE_COUNTDOWN = """() => { const tables = Array.from(document.querySelectorAll('article.channel-message'))
    .filter((m) => / — (round|hand) \\d/.test(m.innerText));
  return tables.slice(0, -1).filter((m) => m.innerText.includes('time runs out in')).map((m) => m.innerText.split('\\n')
    .find((line) => / — (round|hand) \\d/.test(line))); }"""


class Run:
    """The two tabs, the screenshots, the timings and what was found wrong."""

    def __init__(self, channel: Any, dm: Any, out: Path) -> None:
        self.channel, self.dm, self.out = channel, dm, out
        self.step = 0
        self.answers: list[float] = []
        self.found: list[str] = []

    async def shot(self, game: str, what: str) -> None:
        """Both tabs' screenshots, and a look for anything wrong on them."""
        self.step += 1
        for name, page in (("channel", self.channel), ("dm", self.dm)):
            path = self.out / f"{self.step:02d}_{game}_{what}_{name}.png"
            await page.screenshot(path=path)
            text = await page.locator("body").inner_text()
            self.found += [f"{path.name}: {why} ({words!r})" for words, why in WRONG.items() if words in text]
        stale = await self.channel.evaluate(STALE_COUNTDOWN)
        self.found += [f"{game} {what}: an earlier table message still counts down: {title}" for title in stale]
        if await self.channel.locator("#channel-composer-input").input_value():
            self.found.append(f"{game} {what}: a typed line was left in the box")

    async def click(self, page: Any, message: Any, label: Any, exact: bool = True) -> None:
        """Clicks a button of a message and times it to the message changing on the page."""
        button = message.get_by_role("button", name=label, exact=exact).first
        await button.wait_for(timeout=30_000)
        before = await message.inner_text()
        started = time.monotonic()
        await button.click()
        try:
            await page.wait_for_function("([id, before]) => { const m = document.querySelector("
                                         "`article.channel-message[data-message-id=\"${id}\"]`);"
                                         " return m === null || m.innerText !== before; }",
                                         arg=[await message.get_attribute("data-message-id"), before],
                                         polling=20, timeout=15_000)
            self.answers.append(time.monotonic() - started)
        except Exception:  # noqa: BLE001 - a click with no visible answer is itself a finding
            self.found.append(f"no visible answer to {label!r} within 15 s")

    async def line(self, text: str, wait: float = 2.5) -> None:
        await type_line(self.channel, text)
        await self.channel.wait_for_timeout(int(wait * 1000))

    def table(self, title: str) -> Any:
        return self.channel.locator("article.channel-message").filter(has_text=re.compile(title)).last

    def newest_dm(self) -> Any:
        return self.dm.locator("article.channel-message").last

    async def until(self, test: Callable[[], Awaitable[bool]], seconds: float = 60) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if await test():
                return True
            await self.channel.wait_for_timeout(300)
        return False

    async def start(self, game: str, create: str) -> None:
        await open_channel(self.channel, self.sandbox, game)
        await self.line(create)
        await self.click(self.channel, self.table(r" — lobby"), "Start")
        await self.channel.wait_for_timeout(2000)
        await self.shot(game, "started")

    sandbox: Sandbox


async def enabled(message: Any, label: Any) -> bool:
    button = message.get_by_role("button", name=label, exact=isinstance(label, str))
    return bool(await button.count()) and await button.first.get_attribute("aria-disabled") != "true"


async def blackjack(run: Run) -> None:
    await run.start("blackjack", "/blackjack create")
    for _ in range(4):  # bet from the DM once it offers bets (after a round), play on the table message
        table = run.table(r"Major Blackjack — round \d")
        in_dm = await enabled(run.newest_dm(), "Bet 10")
        await run.click(*((run.dm, run.newest_dm()) if in_dm else (run.channel, table)), "Bet 10")
        await run.channel.wait_for_timeout(1500)
        if await enabled(table, "Hit"):
            await run.click(run.channel, table, "Hit")
        while await enabled(table, "Split") or await enabled(table, "Stand"):
            await run.click(run.channel, table, "Split" if await enabled(table, "Split") else "Stand")
            await run.channel.wait_for_timeout(800)
        await run.shot("blackjack", "settled")
    await run.click(run.channel, run.table(r"Major Blackjack — round \d"), "Sit this one out")
    await run.shot("blackjack", "sat_out")
    await run.line("/table end")
    await run.shot("blackjack", "ended")


async def baccarat(run: Run) -> None:
    await run.start("baccarat", "/baccarat create")
    await run.table(r"Major Baccarat — round \d").get_by_role("button", name="Banker", exact=True).click()
    form = run.channel.get_by_role("dialog")
    await form.locator("input").first.fill("20")
    await form.get_by_role("button", name="Submit").click()
    await run.channel.wait_for_timeout(3000)
    await run.shot("baccarat", "settled")
    await run.click(run.channel, run.table(r"Major Baccarat — round \d"), "Sit this one out")
    await run.line("/table end")
    await run.shot("baccarat", "ended")


async def poker(run: Run) -> None:
    await run.start("poker", "/poker create bots:3")
    for turn in range(6):  # the DM and the table message in turn
        table = run.table(r"Major Poker — hand \d")
        if not await run.until(lambda: _says(run.table(r"Major Poker — hand \d"), f"@{PERSON_NAME} to act"), 90):
            break
        await run.channel.wait_for_timeout(800)  # a person reads before clicking
        page, message = (run.dm, run.newest_dm()) if turn % 2 else (run.channel, table)
        label = "Check" if await enabled(message, "Check") else re.compile(r"^Call")
        await run.click(page, message, label)
        await run.shot("poker", f"turn{turn}")
    await run.line("/table end")
    await run.shot("poker", "ended")


async def _says(message: Any, words: str) -> bool:
    return bool(await message.count()) and words in await message.inner_text()


async def tarot(run: Run) -> None:
    await run.start("tarot", "/tarot create players:5 bots:4")
    await run.until(lambda: _says(run.newest_dm(), "bid"), 60)
    await run.click(run.dm, run.newest_dm(), "Garde")  # a computer may still bid higher: then it takes
    if await run.until(lambda: _says(run.newest_dm(), "Call a king"), 60):
        await run.shot("tarot", "king")
        await run.click(run.dm, run.newest_dm(), re.compile(r"^Call King"), exact=False)
        await run.until(lambda: _says(run.newest_dm(), "Discard"), 60)
        await run.shot("tarot", "dog")
        await run.click(run.dm, run.newest_dm(), re.compile(r"^Suggested"), exact=False)
        await run.until(lambda: enabled(run.newest_dm(), "Play on"), 60)
        await run.click(run.dm, run.newest_dm(), "Play on")
    await run.shot("tarot", "play")
    await play_cards(run, "tarot", "hand 2 of", 600)
    await run.shot("tarot", "scored")
    await run.line("/table end")


CARD_VALUES = """() => { const shown = document.querySelectorAll('article.channel-message');
    return Array.from(shown[shown.length - 1].querySelectorAll('[role=option]')).map((o) => o.dataset.value); }"""


async def play_cards(run: Run, game: str, done: str | None, seconds: float,
                     moves: tuple[tuple[str, str], ...] = ((r"[Yy]our (lead|turn)", "play card"),)) -> None:
    """Whenever the DM's newest message asks for a move (`moves`: what it says -> the command),
    plays the first card its menu offers, by typed command, until the DM says `done` (None:
    for `seconds`)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = await run.newest_dm().inner_text()
        if done is not None and done in text:
            return
        command = next((command for asked, command in moves if re.search(asked, text)), None)
        cards = [c for c in await run.dm.evaluate(CARD_VALUES) if c] if command else []
        if cards:
            await run.line(f"/{game} {command}:{cards[0]}", wait=1.5)
            continue
        await run.dm.wait_for_timeout(500)
    if done is not None:
        run.found.append(f"{game}: '{done}' did not come within {seconds:.0f} s")


async def loc(run: Run) -> None:
    await run.start("loc", "/loc create bots:3")
    await play_cards(run, "loc", None, 120, moves=((r"Choose one card to discard", "discard card"),
                                                  (r"Choose your card for play", "play card")))
    await run.shot("loc", "played")
    await run.line("/table end")


async def arcanoid(run: Run) -> None:
    await run.start("arcanoid", "/arcanoid create bots:2")
    fields = {"S": "swords", "W": "staves", "C": "cups", "P": "coins"}
    used: set[str] = set()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and len(used) < 4:
        if not await _says(run.table(r"Arcanoid — round \d"), f"Turn: {PERSON_NAME}"):
            await run.channel.wait_for_timeout(500)
            continue
        cards = [c for c in await run.dm.evaluate(CARD_VALUES) if c and re.fullmatch(r"[AKQNJ0-9]{1,2}[SWCP]", c)]
        free = [c for c in cards if fields[c[-1]] not in used]
        if not free:
            break
        await run.line(f"/arcanoid commit field:{fields[free[0][-1]]} cards:{free[0]}")
        used.add(fields[free[0][-1]])
        await run.shot("arcanoid", f"commit{len(used)}")
    await run.line("/table end")
    await run.shot("arcanoid", "ended")


OPTIONS = """() => { const shown = document.querySelectorAll('article.channel-message');
    return Array.from(shown[shown.length - 1].querySelectorAll('[role=option]'))
      .map((o) => [o.dataset.value, o.innerText.trim()]); }"""


async def rummy(run: Run) -> None:
    """Against the computer: draw from the stock by the DM's button, then call when a card
    allows it, else discard the card that leaves least (typed), until the hand is over."""
    await run.start("rummy", "/rummy create opponent:bot")
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        if await run.table(r"Tarot Rummy — hand 2").count():  # hand 1 is over
            break
        dm = run.newest_dm()
        if await enabled(dm, "Stock"):
            await run.click(run.dm, dm, "Stock")
            continue
        options = [o for o in await run.dm.evaluate(OPTIONS) if o[0]]
        calls = [value for value, text in options if text.startswith("Call:")]
        if calls:
            await run.line(f"/rummy call card:{calls[0]}")
            await run.shot("rummy", "called")
        elif options:
            await run.line(f"/rummy discard card:{options[0][0]}", wait=1.5)
        else:
            await run.dm.wait_for_timeout(500)
    await run.channel.wait_for_timeout(2000)
    await run.shot("rummy", "over")
    await run.line("/table end")
    await run.shot("rummy", "ended")


GAMES = {"blackjack": blackjack, "baccarat": baccarat, "poker": poker, "tarot": tarot, "rummy": rummy, "loc": loc,
         "arcanoid": arcanoid}


async def play(out: Path, games: list[str]) -> Run:
    with tempfile.TemporaryDirectory() as folder:
        sandbox = Sandbox(Path(folder), computer_pause=0.5)
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=need_chromium(), args=CHROMIUM_ARGS)
                context = await browser.new_context(viewport={"width": 1280, "height": 1000})
                channel, dm = await context.new_page(), await context.new_page()
                await open_channel(dm, sandbox, "dm")  # the README's second tab
                run = Run(channel, dm, out)
                run.sandbox = sandbox
                for game in games:
                    try:
                        await GAMES[game](run)
                    except Exception as error:  # noqa: BLE001 - one game stuck is reported, the others played
                        run.found.append(f"{game}: stopped: {error!s:.300}")
                        await run.shot(game, "stopped")
                await browser.close()
            sandbox.interrupt()
            return run
        finally:
            sandbox.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("/tmp/playthrough"))
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    run = asyncio.run(play(args.out, args.games.split(",")))
    if run.answers:
        ordered = sorted(run.answers)
        print(f"{len(ordered)} timed clicks: median {statistics.median(ordered):.2f} s, "
              f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.2f} s, slowest {ordered[-1]:.2f} s")
    print(f"screenshots: {args.out}")
    print("found:" if run.found else "found nothing wrong")
    for finding in run.found:
        print(f"  {finding}")


if __name__ == "__main__":
    main()
