"""The sandbox at a person's pace, in a real browser (Debian's chromium, headless): a command
typed whole as the README prints it runs; every click is answered on the page, in turn; an
Arcanoid commitment is answered while its reaction window is still open; the simulated clock
keeps to the wall clock (the messages' times, the turn's countdown). No pace is checked here:
a busy machine is slower, not wrong — bench/bench_sandbox.py prints the pace beside its targets."""

from __future__ import annotations

import re
import time
from datetime import datetime
from typing import Any

from bot.sandbox import PERSON_NAME
from tests.sandbox.helpers import (
    Sandbox,
    browser_page,
    fill_command,
    messages,
    open_channel,
    poker_click_answers,
    run_command,
    send,
    type_line,
)

COMPUTER_PAUSE = 1.5  # the sandbox's default: each computer waits this long before it moves
CLICKS = 6
ARCANOID_WINDOW_S = 60  # the longest window: an answer held until it closed could not come in time
ARCANOID_ANSWER_WAIT_S = 30  # how long the test waits for that answer: half the window
CLOCK_GRAIN_S = 1.0  # a message's time and a countdown are shown to the second
IDLE_S = 6  # the sandbox left alone first: a clock that stood still would fall this far behind
SUITS = {"S": "swords", "W": "staves", "C": "cups", "P": "coins"}
# Known deals (tests/seeds.py predict, in the sandbox's process) where the steps depend on the
# cards: the person's Check or Call never stakes their last chip before the clicks are done (a
# random deal could bust them in hand 1), and their first Arcanoid hand holds a minor card.
POKER_DEALS = "pace-poker"
ARCANOID_DEALS = "pace-arcanoid"


async def test_a_command_typed_whole_runs_and_a_wrong_one_is_explained(tmp_path):
    async with browser_page() as page:
        sandbox = Sandbox(tmp_path)
        try:
            await open_channel(page, sandbox, "poker")
            await type_line(page, "/poker crate")
            await messages(page).filter(has_text="is not a command here").last.wait_for(timeout=10_000)
            await type_line(page, "/poker create bots:x")
            await messages(page).filter(has_text="takes a whole number from 0 to 9, not").last.wait_for(timeout=10_000)
            await type_line(page, "/poker create bots:3")
            lobby = messages(page).filter(has_text="Major Poker — lobby").last
            await lobby.get_by_role("button", name="Start", exact=True).wait_for(timeout=10_000)
            seated = await lobby.inner_text()
            assert all(f"Computer {n}" in seated for n in (1, 2, 3)), seated
            assert f"@{PERSON_NAME}" in seated and "<@" not in seated, "the host is named, not a raw mention"
            assert not await messages(page).filter(has_text=re.compile(r"^\s*/poker create bots:3\s*$")).count(), \
                "the typed line became the command, not a message"
            assert sandbox.interrupt() == 0, "".join(sandbox.output)
        finally:
            sandbox.kill()


async def test_every_click_is_answered_on_the_page_in_turn_whatever_the_computers_pauses(tmp_path):
    async with browser_page() as page:
        sandbox = Sandbox(tmp_path, computer_pause=COMPUTER_PAUSE, deals=POKER_DEALS)
        try:
            await open_channel(page, sandbox, "poker")
            answers = await poker_click_answers(page, CLICKS)  # each click's answer shown before the next click
            assert len(answers) == CLICKS, answers
            assert sandbox.interrupt() == 0, "".join(sandbox.output)
        finally:
            sandbox.kill()


async def my_hand(page: Any) -> list[str]:
    """The person's Arcanoid hand, from the discard menu of their DM, once it is their turn."""
    for _ in range(300):
        dealt = messages(page).filter(has_text=re.compile(rf"Turn: (You|{PERSON_NAME})\b")).last
        if await dealt.count():
            cards = await dealt.locator(".select-option").evaluate_all("els => els.map(e => e.dataset.value)")
            cards = [card for card in cards if re.fullmatch(r"\d+|(?:10|[2-9AJNQK])[SWCP]", card)]
            if cards:
                return cards
        await page.wait_for_timeout(100)
    shown = await messages(page).all_inner_texts()
    raise AssertionError(f"the person's Arcanoid turn never came: {shown[-3:]}")


async def test_an_arcanoid_commitment_is_answered_while_its_reaction_window_is_open(tmp_path):
    async with browser_page() as page:
        sandbox = Sandbox(tmp_path, computer_pause=COMPUTER_PAUSE, deals=ARCANOID_DEALS)
        try:
            await open_channel(page, sandbox, "arcanoid")
            await run_command(page, "arcanoid create", bots="2", reaction_seconds=str(ARCANOID_WINDOW_S))
            await page.get_by_role("button", name="Start", exact=True).click()
            await messages(page).filter(has_text="Arcanoid — round 1").last.wait_for()
            await open_channel(page, sandbox, "dm")
            hand = await my_hand(page)
            newest = messages(page).last
            assert "Arcanoid" in await newest.inner_text() and await newest.is_visible()
            assert await newest.evaluate("e => e.getBoundingClientRect().top < window.innerHeight"), \
                "the DM page opens at its newest message"
            minor = next(card for card in hand if card[-1] in SUITS)
            replies = messages(page).filter(has_text=f"{PERSON_NAME} used /arcanoid")
            before = await replies.count()
            await fill_command(page, "arcanoid commit", field=SUITS[minor[-1]], cards=minor)
            await send(page)
            await page.wait_for_function(
                "([n, name]) => Array.from(document.querySelectorAll('article.channel-message'))"
                ".filter(e => e.innerText.includes(`${name} used /arcanoid`)).length > n",
                arg=[before, PERSON_NAME], polling=20, timeout=ARCANOID_ANSWER_WAIT_S * 1000)
            reply = await replies.last.inner_text()
            assert "swords" in reply.lower() or "staves" in reply.lower() or "cups" in reply.lower() \
                or "coins" in reply.lower(), reply
            assert sandbox.interrupt() == 0, "".join(sandbox.output)
        finally:
            sandbox.kill()


def wall_time(shown_iso: str) -> float:
    """A time the page shows, in seconds since the epoch."""
    return datetime.fromisoformat(shown_iso.replace("Z", "+00:00")).timestamp()


async def test_the_simulated_clock_keeps_to_the_wall_clock(tmp_path):
    async with browser_page() as page:
        sandbox = Sandbox(tmp_path)
        try:
            await open_channel(page, sandbox, "blackjack")
            await page.wait_for_timeout(IDLE_S * 1000)
            asked = time.time()
            await run_command(page, "blackjack create")
            await page.get_by_role("button", name="Start", exact=True).click()
            table = messages(page).filter(has_text="Major Blackjack — round 1").last
            await table.get_by_role("button", name="Bet 10", exact=True).wait_for()
            posted = await table.locator("time.message-time, time.message-gutter-time").first.get_attribute("datetime")  # a grouped message has its time in the gutter
            countdown = table.locator("time.discord-timestamp").last
            deadline, words = await countdown.get_attribute("datetime"), await countdown.inner_text()
            seen = time.time()
            # between the command and the page showing its table, however long that took here
            # (a clock that stood still would show the sandbox's start, IDLE_S before)
            assert asked - CLOCK_GRAIN_S <= wall_time(posted) <= seen + CLOCK_GRAIN_S, \
                f"the table was posted at {posted}: the command was sent {seen - asked:.1f} s before it showed"
            assert asked - CLOCK_GRAIN_S <= wall_time(deadline) - 60 <= seen + CLOCK_GRAIN_S, \
                f"the 60 s turn ends at {deadline}"
            left = re.fullmatch(r"in (\d+) seconds?|in 1 minute", words)
            assert left and int(left.group(1) or 60) <= 60, words
            assert sandbox.interrupt() == 0, "".join(sandbox.output)
        finally:
            sandbox.kill()
