"""The sandbox page in a real browser (Debian's chromium, headless): a blackjack table opened
from the composer, started, a bet placed with a button and the table image redrawn, the table
still there after Ctrl+C and a second start; and a French Tarot hand played from the page
against three computer players until the score sheet appears, the person's hand also arriving
on the page of their DMs with the bot."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from bot.sandbox import PERSON_NAME
from tests.sandbox.helpers import (
    Sandbox,
    browser_page,
    images_loaded,
    messages,
    open_channel,
    refresh,
    run_command,
)

MOST_TURNS = 120
SCORE_SHEET = "Running totals"
GAME_OVER = "game is over and the table is closed"


def screenshot_path(tmp_path: Path, name: str) -> Path:
    """Where a screenshot goes: the test's folder, or TAROT_SCREENSHOTS to look at them."""
    folder = Path(os.environ.get("TAROT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


async def image_digest(message: Any) -> str:
    """A digest of the image the page shows in a message (what the browser loaded)."""
    image = message.locator("img").first
    await image.wait_for()
    return await image.evaluate("""async (img) => {
        if (!img.complete) await new Promise(r => img.addEventListener('load', r, {once: true}));
        const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
        const digest = await crypto.subtle.digest('SHA-256', bytes);
        return Array.from(new Uint8Array(digest)).map(b => b.toString(16).padStart(2, '0')).join('');
    }""")


async def changed_image(page: Any, message: Any, before: str, seconds: float = 15) -> bool:
    """Whether the message's image changes from `before` within a few seconds (the page loads
    a new attachment after the message's text)."""
    for _ in range(int(seconds * 4)):
        if await image_digest(message) != before:
            return True
        await page.wait_for_timeout(250)
    return False


def table_message(page: Any, title: str) -> Any:
    return messages(page).filter(has_text=title).last


def tarot_table(page: Any) -> Any:
    return messages(page).filter(has_text=re.compile(r"French Tarot — (hand|round) \d")).last


async def test_blackjack_opened_from_the_composer_bets_by_button_and_survives_a_restart(tmp_path):
    sandbox = again = None
    try:
        async with browser_page() as page:
            sandbox = Sandbox(tmp_path)
            await open_channel(page, sandbox, "blackjack")
            await run_command(page, "blackjack create")
            await page.get_by_role("button", name="Start", exact=True).click()
            table = table_message(page, "Major Blackjack — round 1")
            await table.get_by_role("button", name="Bet 10", exact=True).wait_for()
            before = await image_digest(table)
            await table.get_by_role("button", name="Bet 10", exact=True).click()
            await table.get_by_role("button", name="Stand", exact=True).wait_for()
            assert await changed_image(page, table, before), "the table image was redrawn with the cards dealt"
            await images_loaded(page)
            await page.screenshot(path=screenshot_path(tmp_path, "sandbox-blackjack.png"))
            text = await table.inner_text()
            assert "Major Blackjack — round 1" in text and "Dealer:" in text and "to play" in text
            assert sandbox.interrupt() == 0, "".join(sandbox.output)
            assert (tmp_path / "data" / "sandbox.sqlite3").exists()

            again = Sandbox(tmp_path)
            await page.goto(again.address)
            assert "#blackjack: blackjack — playing" in await page.inner_text("body")
            await open_channel(page, again, "blackjack")
            table = table_message(page, "Major Blackjack — round 1")
            await table.get_by_role("button", name="Stand", exact=True).click()
            await messages(page).filter(has_text="Major Blackjack — round 2").last.wait_for()
            await images_loaded(page)
            await page.screenshot(path=screenshot_path(tmp_path, "sandbox-blackjack-resumed.png"))
            assert again.interrupt() == 0, "".join(again.output)
    finally:
        for run in (sandbox, again):
            if run is not None:
                run.kill()


async def play_my_turn(page: Any) -> bool:
    """One move of the person's, from the page: a bid button when the table asks for one (a
    garde sans le chien when still allowed, so the hand is played, with no dog to discard),
    else the first card the menu of `/hand` offers, played with `/tarot play`. False when it
    is not their turn."""
    table = tarot_table(page)
    # the enabled buttons read at once: read one by one, a busy page redrawing the message between
    # two reads once showed Pass without the garde sans beside it, and the hand was passed out
    enabled = await table.get_by_role("button").evaluate_all(
        "els => els.filter(e => e.getAttribute('aria-disabled') !== 'true').map(e => e.textContent.trim())")
    for label in ("Garde sans le chien", "Pass", "Play on"):
        if label in enabled:
            await table.get_by_role("button", name=label, exact=True).click()
            return True
    answers = messages(page).filter(has_text=f"{PERSON_NAME} used /hand")
    asked = await answers.count()
    await run_command(page, "hand")
    for _ in range(40):
        if await answers.count() > asked:
            break
        await page.wait_for_timeout(250)
    cards = await answers.last.locator(".select-option").evaluate_all("els => els.map(e => e.dataset.value)")
    if not cards:
        return False
    await run_command(page, "tarot play", card=cards[0])
    return True


async def test_a_french_tarot_hand_against_three_computers_is_played_to_its_score_sheet(tmp_path):
    sandbox = Sandbox(tmp_path)
    try:
        async with browser_page() as page:
            await open_channel(page, sandbox, "tarot")
            await run_command(page, "tarot create", bots="3", hands="1")
            await page.get_by_role("button", name="Start", exact=True).click()
            await tarot_table(page).wait_for()
            await open_channel(page, sandbox, "dm")  # the private hand, by DM
            dealt = messages(page).filter(has_text="French Tarot").last
            await dealt.locator("img").first.wait_for()
            assert "hand 1 of 1" in await dealt.inner_text()
            await open_channel(page, sandbox, "tarot")
            moves = 0
            for _ in range(MOST_TURNS):
                await refresh(page)
                if await page.get_by_text(SCORE_SHEET).count():
                    break
                if await page.get_by_text(GAME_OVER).count():  # no more turns: fail now, not 120 turns later
                    with contextlib.suppress(PlaywrightTimeout):
                        await page.get_by_text(SCORE_SHEET).last.wait_for(timeout=10_000)
                    break
                moves += await play_my_turn(page)
            sheet = page.get_by_text(SCORE_SHEET)
            if await sheet.count():
                await sheet.last.scroll_into_view_if_needed()
                await images_loaded(page)
            await page.screenshot(path=screenshot_path(tmp_path, "sandbox-tarot-score.png"))
            assert await sheet.count(), f"no score sheet after {moves} moves"
            assert moves >= 18, "the person played a card to each of the 18 tricks"
        assert sandbox.interrupt() == 0
    finally:
        sandbox.kill()
