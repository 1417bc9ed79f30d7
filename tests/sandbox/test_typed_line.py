"""A command typed whole in the sandbox's message box, read into the command and its options."""

from __future__ import annotations

import pytest

from bot.sandbox import NotACommand, split_typed

INVOCATIONS = ["blackjack create", "poker create", "table end", "hand", "tarot play"]


@pytest.mark.parametrize(("line", "read"), [
    ("/blackjack create", ("blackjack create", {})),
    ("/hand", ("hand", {})),
    ("  /table end  ", ("table end", {})),
    ("/poker create bots:3", ("poker create", {"bots": "3"})),
    ("/poker create bots:3 chips:500", ("poker create", {"bots": "3", "chips": "500"})),
    ("/tarot play card:XXI The World", ("tarot play", {"card": "XXI The World"})),
])
def test_a_line_is_read_into_its_command_and_options(line, read):
    assert split_typed(line, INVOCATIONS) == read


@pytest.mark.parametrize("line", ["/poker crate", "/poker create 3"])
def test_a_line_that_cannot_run_says_why(line):
    with pytest.raises(NotACommand):
        split_typed(line, INVOCATIONS)
