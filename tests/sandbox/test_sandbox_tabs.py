"""The sandbox's pages as a person uses them, in a real browser (Debian's chromium, headless):
a whole command with no options typed in the message box runs on one Enter; a channel's page
and the DM page, open side by side in two tabs, both keep working, acted in alternately; the DM
page shows its newest message when it opens and keeps showing it as the hand's messages come
and are edited (a reader who scrolled up keeps their place); no image is ever shown as
unavailable. One sandbox serves the module."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout

from bot.sandbox import PERSON_NAME
from tests.sandbox.helpers import (
    Sandbox,
    browser_context,
    click_and_time,
    images_loaded,
    messages,
    need_chromium,
    open_channel,
    type_line,
)

UNCERTAIN = "Action outcome uncertain"
# Every image the page ever shows as unavailable (SimCord's ".media-unavailable", visible), from
# its start, looked at in every frame the page draws.
WATCH_UNAVAILABLE = """window.addEventListener('DOMContentLoaded', () => {
    window.unavailableMedia = [];
    const look = () => {
        for (const shown of document.querySelectorAll('.media-unavailable'))
            if (shown.checkVisibility({visibilityProperty: true}) && !window.unavailableMedia.includes(shown.textContent))
                window.unavailableMedia.push(shown.textContent);
        for (const image of document.querySelectorAll('img'))  // drawn broken: failed, still shown
            if (image.complete && image.naturalWidth === 0
                    && image.checkVisibility({visibilityProperty: true}) && !window.unavailableMedia.includes(image.alt))
                window.unavailableMedia.push(image.alt || image.getAttribute('src'));
        requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
});"""
BELOW_NEWEST = """() => { const timeline = document.getElementById('channel-timeline');
    return timeline.scrollHeight - timeline.scrollTop - timeline.clientHeight; }"""
AT_NEWEST_PX = 2
DM_TURNS = 2


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    need_chromium()
    running = Sandbox(tmp_path_factory.mktemp("sandbox"))
    try:
        yield running
        assert running.interrupt() == 0, "".join(running.output)
    finally:
        running.kill()


@asynccontextmanager
async def two_tabs() -> AsyncIterator[tuple[Any, Any]]:
    """Two tabs of one browser, as a person opens them (a window of laptop height, where the
    DM's hand images fill more than the page), in a browser context of their own, closed after."""
    async with browser_context(viewport={"width": 1280, "height": 700}) as context:
        await context.add_init_script(WATCH_UNAVAILABLE)
        yield await context.new_page(), await context.new_page()


async def assert_working(*pages: Any) -> None:
    for page in pages:
        status = await page.locator("body").inner_text()
        assert UNCERTAIN not in status, f"{page.url} reports: {UNCERTAIN}"
        assert await page.evaluate("() => window.unavailableMedia") == [], f"{page.url} showed an image as unavailable"


async def below_newest(page: Any) -> float:
    return await page.evaluate(BELOW_NEWEST)


async def shows_newest(page: Any) -> None:
    """The page settles on its newest message (the timeline scrolled to its end), images loaded."""
    await images_loaded(page)
    await page.wait_for_function(f"() => ({BELOW_NEWEST})() <= {AT_NEWEST_PX}", timeout=10_000)
    await page.wait_for_timeout(500)
    # and is there again once the page is still: a message edited meanwhile on a busy machine may
    # move it for a moment, but a page that jumped back up (the fault) stays off its newest message
    try:
        await page.wait_for_function(f"() => ({BELOW_NEWEST})() <= {AT_NEWEST_PX}", timeout=10_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the page moved off its newest message ({await below_newest(page)} px)") from None


SAFE_MOVES = ("Check", "Fold")  # no chips risked: the person is never out of the game


async def play_turn(page: Any, newest: Any, mine: str) -> None:
    """The person's next turn played on this page: once its newest message of the hand (`newest`)
    says it is theirs (`mine`), its Check (else Fold) is clicked, and the message changes. A page may still show the turn just played for a moment: a button that
    goes before it is clicked is looked for again."""
    for _ in range(600):
        message = newest(page)
        if await message.count() and mine in await message.inner_text():
            for label in SAFE_MOVES:
                button = message.get_by_role("button", name=label)
                if await button.count() and await button.first.get_attribute("aria-disabled") != "true":
                    try:
                        await click_and_time(page, message, button.first, click_within=3)
                        return
                    except PlaywrightTimeout:
                        break
        await page.wait_for_timeout(100)
    raise AssertionError(f"the person's turn never came: {(await messages(page).all_inner_texts())[-2:]}")


def newest_dm(page: Any) -> Any:
    return messages(page).last


def poker_table(page: Any) -> Any:
    return messages(page).filter(has_text=re.compile(r"Major Poker — hand \d")).last


async def test_a_whole_command_with_no_options_runs_on_one_enter(sandbox):
    async with two_tabs() as (page, _):
        await open_channel(page, sandbox, "blackjack")
        await type_line(page, "/blackjack create")
        lobby = messages(page).filter(has_text="Major Blackjack — lobby").last
        await lobby.get_by_role("button", name="Start", exact=True).wait_for(timeout=10_000)
        await type_line(page, "/hand")
        await messages(page).filter(has_text=f"{PERSON_NAME} used /hand").last.wait_for(timeout=10_000)
        await type_line(page, "/table end")
        await messages(page).filter(has_text=f"{PERSON_NAME} used /table").last.wait_for(timeout=10_000)
        assert await page.locator(".command-chip").count() == 0, "a command chip was left in the box"
        assert await page.locator("#channel-composer-input").input_value() == ""
        await assert_working(page)


async def test_the_channel_and_dm_pages_work_side_by_side(sandbox):
    async with two_tabs() as (channel, dm):
        await open_channel(channel, sandbox, "poker")
        await open_channel(dm, sandbox, "dm")  # the README's "Direct messages" page, in a second tab
        await type_line(channel, "/poker create bots:3")
        lobby = messages(channel).filter(has_text="Major Poker — lobby").last
        start = lobby.get_by_role("button", name="Start", exact=True)
        await start.wait_for(timeout=10_000)
        await click_and_time(channel, lobby, start)
        for _ in range(DM_TURNS):
            await play_turn(dm, newest_dm, "Your turn")
            await assert_working(channel, dm)
            await play_turn(channel, poker_table, f"@{PERSON_NAME} to act")
            await assert_working(channel, dm)
        await shows_newest(dm)  # kept at the newest as the hands came and were edited

        again = await dm.context.new_page()  # the DM page opened afresh shows its newest message
        await open_channel(again, sandbox, "dm")
        await shows_newest(again)

        await dm.mouse.move(700, 300)
        await dm.mouse.wheel(0, -400)  # the reader scrolls up: their place is kept
        await dm.wait_for_function(f"() => ({BELOW_NEWEST})() > {AT_NEWEST_PX}", timeout=10_000)
        dms = await messages(dm).count()
        await play_turn(channel, poker_table, f"@{PERSON_NAME} to act")
        await dm.wait_for_function(f"() => document.querySelectorAll('article.channel-message').length > {dms}",
                                   timeout=90_000)  # the next hand's DM, once the computers have played it out
        await dm.wait_for_timeout(500)
        assert await below_newest(dm) > AT_NEWEST_PX, "the reader was taken down to the newest message"
        await dm.mouse.wheel(0, 20_000)  # and back down: the page follows the newest again
        await shows_newest(dm)
        await assert_working(channel, dm, again)


CLICK_THEN_ENTER = """([label]) => {
    const start = Array.from(document.querySelectorAll('article.channel-message button'))
        .filter((button) => button.textContent.trim() === label).pop();
    start.click();
    const busy = document.getElementById('send-message').disabled;
    const box = document.getElementById('channel-composer-input');
    box.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true, cancelable: true}));
    return busy;
}"""


async def test_a_command_sent_while_a_click_completes_goes_once_the_page_is_free(sandbox):
    async with two_tabs() as (page, _):
        await open_channel(page, sandbox, "blackjack")
        await type_line(page, "/blackjack create")
        lobby = messages(page).filter(has_text="Major Blackjack — lobby").last
        await lobby.get_by_role("button", name="Start", exact=True).wait_for(timeout=10_000)
        box = page.locator("#channel-composer-input")
        await box.fill("/hand")
        answers = messages(page).filter(has_text=f"{PERSON_NAME} used /hand")
        before = await answers.count()  # an earlier test of the module may have asked too
        assert await page.evaluate(CLICK_THEN_ENTER, ["Start"]), "the page was still completing the click"
        await answers.nth(before).wait_for(timeout=15_000)
        await page.wait_for_function("() => document.getElementById('channel-composer-input').value === ''",
                                     timeout=10_000)  # the line sent, not left in the box
        await type_line(page, "/table end")
        await messages(page).filter(has_text=f"{PERSON_NAME} used /table").last.wait_for(timeout=10_000)
        await assert_working(page)


NUDGED_UP = "() => { document.getElementById('channel-timeline').scrollTop -= 400; }"


async def test_the_page_follows_the_newest_message_after_a_form_is_submitted(sandbox):
    async with two_tabs() as (page, _):
        await open_channel(page, sandbox, "baccarat")
        await type_line(page, "/baccarat create")
        lobby = messages(page).filter(has_text="Major Baccarat — lobby").last
        start = lobby.get_by_role("button", name="Start", exact=True)
        await start.wait_for(timeout=10_000)
        await click_and_time(page, lobby, start)
        window = messages(page).filter(has_text="Major Baccarat — round 1").last
        await window.get_by_role("button", name="Banker", exact=True).click()
        form = page.get_by_role("dialog")
        await form.locator("input").first.fill("20")
        await form.get_by_role("button", name="Submit").click()  # a press outside the messages
        # the answer moves the view at once (SimCord keeps a message in place as others come):
        # the press was no reader's, so the page goes back to the newest message
        await page.evaluate(NUDGED_UP)
        await messages(page).filter(has_text="Major Baccarat — round 2").last.wait_for(timeout=15_000)
        await shows_newest(page)  # the next window's buttons, not the last round's picture
        await type_line(page, "/table end")
        await messages(page).filter(has_text=f"{PERSON_NAME} used /table").last.wait_for(timeout=10_000)


async def crossed_by_a_publication(route: Any) -> None:
    """A typed line's request as it leaves when a publication of the page (the computers'
    moves) crossed the Enter: sent from the revision before the page's."""
    body = route.request.post_data_json
    if isinstance(body, dict) and body.get("kind") == "send_message" and body.get("published_revision", 0) > 1:
        await route.continue_(post_data=json.dumps({**body, "published_revision": body["published_revision"] - 1}))
    else:
        await route.continue_()


async def test_a_command_typed_as_the_page_is_published_again_still_runs(sandbox):
    async with two_tabs() as (page, _):
        await open_channel(page, sandbox, "rummy")
        await page.route("**/api/action", crossed_by_a_publication)
        answers = messages(page).filter(has_text=f"{PERSON_NAME} used /rules")
        before = await answers.count()
        await type_line(page, "/rules game:rummy")
        await answers.nth(before).wait_for(timeout=15_000)
        assert await page.locator("#channel-composer-input").input_value() == "", "the line was left in the box"
        assert "Action was not completed" not in await page.locator("#action-status").inner_text()


async def arriving_late(route: Any) -> None:
    await asyncio.sleep(1.5)  # a picture still on its way (the page shows its message first)
    await route.continue_()


async def test_an_image_on_its_way_or_failed_is_never_drawn_broken(sandbox):
    """An image whose picture is still on its way, or whose old address is no longer served
    after a redraw, is not drawn torn ("Embed 1 image" beside a broken icon): it appears once
    its picture does."""
    async with two_tabs() as (page, _):
        await open_channel(page, sandbox, "blackjack")
        await page.route("**/api/assets/**", arriving_late)
        await type_line(page, "/blackjack create")
        lobby = messages(page).filter(has_text="Major Blackjack — lobby").last
        await lobby.get_by_role("button", name="Start", exact=True).click()
        await messages(page).filter(has_text="Betting is open").last.wait_for(timeout=10_000)
        await images_loaded(page)
        assert await page.evaluate("() => window.unavailableMedia") == [], "an image was drawn broken"


class HeldReads:
    """A page's reads of its state held back while `held`: a page that has not read the newest
    publication yet (it reads every half second: a click just after the page changed can come
    before its next read)."""

    def __init__(self) -> None:
        self.released = asyncio.Event()
        self.released.set()

    def hold(self) -> None:
        self.released.clear()

    async def route(self, route: Any) -> None:
        await self.released.wait()
        await route.continue_()


async def test_a_click_right_after_an_update_is_answered(sandbox):
    """A click made just after the page changed, while the next change is being published (the
    table's picture drawn in, a line of the move log, here another tab's command in the channel):
    answered, not refused as sent from the page's revision before ("Action was not completed")."""
    async with two_tabs() as (page, other):
        await open_channel(page, sandbox, "loc")
        await open_channel(other, sandbox, "loc")
        reads = HeldReads()
        await page.route("**/api/state", reads.route)
        await type_line(page, "/loc create bots:3")
        start = messages(page).filter(has_text="Loc — lobby").last.get_by_role("button", name="Start", exact=True)
        await start.wait_for(timeout=10_000)
        reads.hold()
        answers = messages(other).filter(has_text=f"{PERSON_NAME} used /rules")
        before = await answers.count()
        await type_line(other, "/rules game:loc")  # the update: published to both pages of the channel
        await answers.nth(before).wait_for(timeout=15_000)
        async with page.expect_response("**/api/action") as clicked:
            await start.click()
        receipt = await (await clicked.value).json()
        reads.released.set()
        assert not receipt.get("rejected"), f"the click was refused: {receipt.get('diagnostics')}"
        await messages(page).filter(has_text=re.compile(r"Loc — hand 1")).last.wait_for(timeout=30_000)
        assert "Action was not completed" not in await page.locator("#action-status").inner_text()
        await assert_working(page, other)
        await type_line(page, "/table end")
        await messages(page).filter(has_text=f"{PERSON_NAME} used /table").last.wait_for(timeout=10_000)
