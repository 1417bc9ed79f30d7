"""Playing in another language through SimCord, and reading everything a member sees.

SimCord sends `en-US` as every interaction's locale and the server's: `speak` wraps its
interaction payload builder so that chosen members (and the server) speak another language.
`seen` gathers every text a member can read: the channel's messages, their DMs and the private
answers they were given (contents, embeds, buttons, menus and their options), and the words
drawn on images (the strings handed to the renders). `untranslated` finds, in a text of the
pseudo-language, what was not marked — text that never went through a catalog."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator
from typing import Any

import discord
import pytest
from simcord import interactions

from bot import i18n
from tests.discord.helpers import make_world

# A marked text; an image may cut a long one short ("…" in place of its end) or wrap it over two
# lines (one ends unclosed, the next begins with the close).
MARKED = re.compile(rf"{i18n.OPEN_MARK}[^{i18n.OPEN_MARK}{i18n.CLOSE_MARK}]*({i18n.CLOSE_MARK}|…$|\.\.\.$|$)"
                    rf"|^[^{i18n.OPEN_MARK}{i18n.CLOSE_MARK}]*{i18n.CLOSE_MARK}")
WRAPPED = re.compile(rf"{i18n.OPEN_MARK}[^{i18n.OPEN_MARK}{i18n.CLOSE_MARK}]*$|^[^{i18n.OPEN_MARK}{i18n.CLOSE_MARK}]*{i18n.CLOSE_MARK}")
# What no language translates: mentions, timestamps, card codes (KC, 10W, 21r), numbers,
# hashes, commands (`/tarot play`), emojis and punctuation.
NEUTRAL = re.compile(
    r"<[@#!&]*\d+>|<t:\d+(:\w)?>|`[^`]*`|https?://\S+|\b[0-9a-f]{12,}\b|"
    r"\b(?:[AJNQK]|10|[1-9])[WCSP]r?\b|\b\d+r?\b|\bsha256\b|\b[IVXL]+\b")
WORD = re.compile(r"[^\W\d_]{2,}")


def speak(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str], server: str = "en-US") -> None:
    """Interactions of the members listed (id -> Discord locale) carry that locale, and every
    interaction carries the server's locale `server`."""
    build = interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, built = build(*args, **kwargs)
        built["locale"] = locales.get(int(kwargs["user_id"]), built["locale"])
        if "guild_locale" in built:
            built["guild_locale"] = server
        return record, built

    monkeypatch.setattr(interactions, "base_payload", payload)


def message_texts(message: discord.Message) -> Iterator[str]:
    yield message.content or ""
    for embed in message.embeds:
        yield from (embed.title or "", embed.description or "", embed.footer.text or "", embed.author.name or "")
        for field in embed.fields:
            yield from (field.name or "", field.value or "")
    for row in message.components:
        for item in getattr(row, "children", [row]):
            yield from (getattr(item, "label", None) or "", getattr(item, "placeholder", None) or "")
            for option in getattr(item, "options", []) or []:
                yield from (option.label or "", option.description or "")


def untranslated(text: str, names: tuple[str, ...] = (), wrapped: bool = False) -> list[str]:
    """The words of a pseudo-language text outside every marker (members' names aside);
    `wrapped`: a line of an image's wrapped text (see WRAPPED)."""
    while True:
        stripped = MARKED.sub(" ", text)
        if stripped == text and wrapped:
            stripped = WRAPPED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    for name in names:
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    return WORD.findall(NEUTRAL.sub(" ", text))


class Seen:
    """Everything the members of a world saw, gathered as it is shown."""

    def __init__(self) -> None:
        self.private: list[discord.Message] = []
        self.drawn: list[str] = []

    def answer(self, result: Any) -> Any:
        """Keeps an interaction's private answers; returns the result."""
        for message in [result.response, *result.followups]:
            if message is not None and message.flags.ephemeral:
                self.private.append(message)
        return result

    def texts(self, world: Any) -> Iterator[tuple[str, str]]:
        """(where, text) for every text shown: the channel, each member's DMs, private answers,
        and the words drawn on images."""
        for message in world.channel.history():
            yield from (("channel", t) for t in message_texts(message) if t)
        for member in world.members:
            channel = member.user.dm_channel
            for message in channel.history() if channel is not None else []:
                yield from ((f"DM to {member.user.name}", t) for t in message_texts(message) if t)
        for message in self.private:
            yield from (("private answer", t) for t in message_texts(message) if t)
        yield from (("image", t) for t in self.drawn if t)


def watch_drawings(monkeypatch: pytest.MonkeyPatch, seen: Seen) -> None:
    """Every text drawn on an image is kept (the tests draw in threads, in this process); the
    labels drawn before are forgotten, so that each is drawn (and seen) again.
    The cards' own faces are left out: a deck's printed names are its artwork, drawn in the
    deck's language (translated faces remain to be done)."""
    from renders import cards, layout, text

    draw, card_image = text.draw, cards.card_image
    on_a_face = threading.local()

    def drawn(d: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        if not getattr(on_a_face, "yes", False):
            seen.drawn.append(words)
        draw(d, xy, words, *args, **kwargs)

    def face(*args: Any, **kwargs: Any) -> Any:
        on_a_face.yes = True
        try:
            return card_image(*args, **kwargs)
        finally:
            on_a_face.yes = False

    layout._label_mask.cache_clear()
    monkeypatch.setattr(text, "draw", drawn)
    monkeypatch.setattr(cards, "card_image", face)
    monkeypatch.setattr(layout, "card_image", face)


def one_member_speaking(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str,
                        watch: Any = None) -> tuple[Any, Any, Seen]:
    """A world whose one member, alice, and whose server speak `locale`: what she is shown
    (images' words too, through `watch`, by default `watch_drawings`) is gathered in the Seen
    returned; computers move at once."""
    speak(monkeypatch, {}, server=locale)
    world = make_world(env, names=("alice",))
    alice = world.members[0]
    speak(monkeypatch, {alice.id: locale}, server=locale)
    seen = Seen()
    (watch or watch_drawings)(monkeypatch, seen)
    world.bot.tables.computer_pause = 0
    return world, alice, seen


def assert_all_marked(shown: Any, names: tuple[str, ...], wrapped_images: bool = False, most: int = 40) -> None:
    """Every (where, text) shown went through a catalog (names are the members'); with
    `wrapped_images`, an image's line may be part of a marked text it wrapped."""
    missed = {f"{where}: {text!r} → {words}" for where, text in shown
              if (words := untranslated(text, names, wrapped=wrapped_images and where == "image"))}
    assert not missed, "shown without a translation:\n" + "\n".join(sorted(missed)[:most])


def without_codes(text: str) -> str:
    """A text without what is not English even when it looks it: commands, mentions, codes, the
    names of attached files (deal.json)."""
    return re.sub(r"`[^`]*`|/\w+( \w+)?|<[@#]\d+>|\bsha256\b|\b\w+\.json\b", " ", text)


def assert_no_english(texts: Iterable[tuple[str, str]], *english: re.Pattern[str]) -> None:
    """No text a French member saw (where, text) holds a word of the `english` patterns, outside
    commands, mentions and codes."""
    found = {f"{where}: {text!r} → {[w for p in english for w in p.findall(without_codes(text))]}"
             for where, text in texts if any(p.search(without_codes(text)) for p in english)}
    assert not found, "English shown to a French member:\n" + "\n".join(sorted(found)[:40])


def assert_words_used(texts: Iterable[tuple[str, str]], words: Iterable[str]) -> None:
    """Each of the game's own French words was shown somewhere (the French really reached them)."""
    everything = " ".join(text for _where, text in texts)
    unused = [word for word in words if word not in everything]
    assert not unused, f"French words never shown: {unused}"
