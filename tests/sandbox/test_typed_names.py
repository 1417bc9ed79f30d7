"""A typed command naming a computer player where a member is wanted (issue 28, item 12): the
answer says what a computer is, never that the name is unknown."""

from __future__ import annotations

import pytest

from bot.sandbox import NotACommand, typed_value

MEMBER = {"name": "member", "type": 6}  # a user option, as Discord declares it
PEOPLE = {"guest": "the guest", "me": "the guest", "you": "the guest"}


def refusal(command: str, raw: str) -> str:
    with pytest.raises(NotACommand) as refused:
        typed_value(command, MEMBER, raw, PEOPLE)
    return str(refused.value)


def test_a_computers_profile_is_answered_with_why_it_has_none() -> None:
    said = refusal("profile", "Computer 1")
    assert said == "Computer 1 is a computer player: computers keep no record (only members' rounds are counted).", said


def test_a_computer_named_elsewhere_is_told_apart_from_an_unknown_name() -> None:
    assert refusal("wallet", "@computer 2").startswith("computer 2 is a computer player, not a member. ")
    assert refusal("profile", "bob") == "`member` names a member: guest, me, you."
    assert typed_value("profile", MEMBER, "Guest", PEOPLE) == "the guest"
