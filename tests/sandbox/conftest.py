"""The sandbox's browser tests share one chromium: launching it (and Playwright's driver) for
each test cost seconds a test on a busy machine. The browser is launched the first time a test
asks for one (tests/sandbox/helpers.py `chromium_browser`) and closed when the last test of this
folder is done; each test still opens its own browser context, so no page, storage, script or
route of one test is seen by another. A browser shared across tests must live on one event
loop, so the asynchronous tests of this folder run on the session's loop."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.sandbox.helpers import SHARED_BROWSER

HERE = Path(__file__).resolve().parent
LOOP_SCOPE = "session"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.resolve().parents and item.get_closest_marker("asyncio") is not None:
            item.add_marker(pytest.mark.asyncio(loop_scope=LOOP_SCOPE), append=False)


@pytest_asyncio.fixture(scope="package", loop_scope=LOOP_SCOPE, autouse=True)
async def one_browser_for_the_folder() -> AsyncIterator[None]:
    SHARED_BROWSER.on = True
    try:
        yield
    finally:
        SHARED_BROWSER.on = False
        await SHARED_BROWSER.close()
