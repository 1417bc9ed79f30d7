"""Arcanoid's one name for each card, as its rules call them whatever the deck style: Justice is
8 and Strength 11, Judgment, the suits as the battlefields (swords, staves, cups, coins). Cards
are named by their face: orientation means nothing in Arcanoid, so no text shows it. The menus,
the autocompletes, the messages and the images all take their names from here."""

from __future__ import annotations

from games.arcanoid.battle import SUIT_FIELD
from games.base import N_, Text
from games.cards import ROMAN, STYLE_COURTS, Card, card

COURTS = STYLE_COURTS["rws"]  # the courts as the cards are drawn: Page, Knight, Queen, King
# A major's name opening a title (ARCANA capitalised), marked.
MAJOR_TITLES = (
    N_("The Fool"), N_("The Magician"), N_("The High Priestess"), N_("The Empress"), N_("The Emperor"),
    N_("The Hierophant"), N_("The Lovers"), N_("The Chariot"), N_("Justice"), N_("The Hermit"),
    N_("The Wheel of Fortune"), N_("Strength"), N_("The Hanged Man"), N_("Death"), N_("Temperance"),
    N_("The Devil"), N_("The Tower"), N_("The Star"), N_("The Moon"), N_("The Sun"), N_("Judgment"),
    N_("The World"))
OF_FIELD = {"swords": N_("{rank} of swords"), "staves": N_("{rank} of staves"), "cups": N_("{rank} of cups"),
            "coins": N_("{rank} of coins")}


def major_title(number: int) -> str:
    """A major's name as a card shows it: `Justice`, `The Tower`, `Judgment` (marked)."""
    return Text(MAJOR_TITLES[number])


def card_title(item: Card | str) -> str:
    """A card's name: `VIII Justice`, `9 of swords`, `Page of staves`, `Ace of coins` (marked)."""
    c = card(item) if isinstance(item, str) else item
    if c.is_major:
        return Text("{numeral} {name}", numeral=ROMAN[c.rank], name=major_title(c.rank))
    rank = Text(N_("Ace")) if c.rank == 1 else Text(COURTS[c.rank]) if c.rank in COURTS else str(c.rank)
    return Text(OF_FIELD[SUIT_FIELD[c.suit]], rank=rank)  # type: ignore[index]


def face_code(item: Card | str) -> str:
    """The card's notation without an orientation: `9S`, `16`."""
    c = card(item) if isinstance(item, str) else item
    return c.face.code


def card_label(item: Card | str) -> str:
    """A menu's or autocomplete's label: `8 · VIII Justice`, `9S · 9 of swords` (marked)."""
    return Text("{code} · {card}", code=face_code(item), card=card_title(item))


# --- grammar for any name, "You" included (a member may be called that) --------------------

IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were"}


def is_you(name: str) -> bool:
    return name.strip().lower() == "you"


def does(name: str, verb: str) -> str:
    """`name` with a verb in the third person agreeing with it: `Ann plays`, `You play`."""
    if not is_you(name):
        return f"{name} {verb}"
    if verb in IRREGULAR:
        return f"{name} {IRREGULAR[verb]}"
    if verb.endswith("ies"):
        return f"{name} {verb[:-3]}y"
    if verb.endswith(("ches", "shes", "sses", "xes")):
        return f"{name} {verb[:-2]}"
    return f"{name} {verb[:-1] if verb.endswith('s') else verb}"


def whose(name: str) -> str:
    """The possessive of a name: `Ann's`, `your` (for a member called You)."""
    return "your" if is_you(name) else f"{name}'s"


def capitalised(text: str) -> str:
    """The text with its first letter upper case (a sentence that starts with `your`)."""
    return text[:1].upper() + text[1:]
