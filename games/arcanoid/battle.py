"""Who wins a battle and who wins the game (rules/arcanoid.md, "Who wins a battle", "Who wins
the game"), and which commitments the Fool may steal. Pure functions of cards, shared by the
rules and the computer player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import N_, Text
from games.cards import KING, KNIGHT, PAGE, QUEEN, Card

FIELDS = ("swords", "staves", "cups", "coins")
FIELD_SUIT = {"swords": "S", "staves": "W", "cups": "C", "coins": "P"}
SUIT_FIELD = {suit: field for field, suit in FIELD_SUIT.items()}

FOOL, MAGICIAN, PRIESTESS, EMPRESS, EMPEROR, HIEROPHANT, LOVERS, CHARIOT = range(8)
JUSTICE, HERMIT, WHEEL, STRENGTH, HANGED_MAN, DEATH, TEMPERANCE, DEVIL = range(8, 16)
TOWER, STAR, MOON, SUN, JUDGMENT, WORLD = range(16, 22)
# Arcanoid goes by number, Marseille order: Justice is 8 and Strength 11 (rules/arcanoid.md).
ARCANA = {number: Text(name) for number, name in enumerate((  # marked: said in the reader's language
    N_("the Fool"), N_("the Magician"), N_("the High Priestess"), N_("the Empress"), N_("the Emperor"),
    N_("the Hierophant"), N_("the Lovers"), N_("the Chariot"), N_("Justice"), N_("the Hermit"),
    N_("the Wheel of Fortune"), N_("Strength"), N_("the Hanged Man"), N_("Death"),
    N_("Temperance"), N_("the Devil"), N_("the Tower"), N_("the Star"), N_("the Moon"),
    N_("the Sun"), N_("Judgment"), N_("the World")))}
# A battlefield as a text says it ("on swords"); a translation writes its own article around it.
FIELD_WORDS = {"swords": Text(N_("swords")), "staves": Text(N_("staves")), "cups": Text(N_("cups")),
               "coins": Text(N_("coins"))}


def field_word(field: str) -> str:
    """A battlefield's name, marked (an unknown one as it was typed)."""
    return FIELD_WORDS.get(field, field)


# Forms of a commitment, strongest first (tiers compare before anything else).
WORLD_FORM, IMPERIAL, ROYAL, ILLEGITIMATE, FORCE, ABDICATION = (
    "world", "imperial", "royal", "illegitimate", "force", "abdication")
JUDGMENT_FORM = "judgment"  # an abdication imposed by Judgment
TIER = {WORLD_FORM: 5, IMPERIAL: 4, ROYAL: 3, ILLEGITIMATE: 2, FORCE: 1, ABDICATION: 0, JUDGMENT_FORM: 0}
COUPLES = (IMPERIAL, ROYAL, ILLEGITIMATE)


def is_major(c: Card, number: int) -> bool:
    return c.is_major and c.rank == number


def is_numeric(c: Card) -> bool:
    return not c.is_major and c.rank <= 10


def form_of(cards: Sequence[Card], suit: str | None = None, transmute: bool = True) -> str | None:
    """The form these cards take committed on a battlefield of `suit` (None: any suit, as
    the cards show it), or None when they form no legal commitment. `transmute`: the Magician
    may carry one numeric card of another suit (DRESDEN and its relatives; not MALTA*)."""
    if not cards:
        return ABDICATION
    majors = sorted(c.rank for c in cards if c.is_major)
    minors = [c for c in cards if not c.is_major]
    if majors == [JUDGMENT] and not minors:
        return JUDGMENT_FORM
    if majors == [WORLD] and not minors:
        return WORLD_FORM
    if majors == [EMPRESS, EMPEROR] and not minors:
        return IMPERIAL
    if majors in ([EMPRESS, LOVERS], [EMPEROR, LOVERS]) and not minors:
        return ILLEGITIMATE
    if majors == [LOVERS] and len(minors) == 1 and minors[0].is_court and _suited(minors, suit):
        return ILLEGITIMATE
    if not majors and len(minors) == 2 and {c.rank for c in minors} == {QUEEN, KING} and _suited(minors, suit):
        return ROYAL
    if majors == [MAGICIAN] and transmute:
        return FORCE if _force_cards(minors, suit, allowed_off_suit=1) else None
    if majors:
        return None
    return FORCE if _force_cards(minors, suit, allowed_off_suit=0) else None


def _suited(minors: Sequence[Card], suit: str | None) -> bool:
    suits = {c.suit for c in minors}
    return len(suits) == 1 and (suit is None or suits == {suit})


def _force_cards(minors: Sequence[Card], suit: str | None, allowed_off_suit: int) -> bool:
    """Numeric cards; or one knave or knight with at most one ace; all of the suit except,
    with the Magician, one numeric card."""
    if not minors:
        return False
    if suit is None:
        suit = _main_suit(minors)
    off = [c for c in minors if c.suit != suit]
    if len(off) > allowed_off_suit or any(not is_numeric(c) for c in off):
        return False
    courts = [c for c in minors if c.is_court]
    if not courts:
        return True
    if len(courts) != 1 or courts[0].rank not in (PAGE, KNIGHT):
        return False
    rest = [c for c in minors if not c.is_court]
    return len(rest) <= 1 and all(c.rank == 1 for c in rest)


def _main_suit(minors: Sequence[Card]) -> str:
    """The suit most of the cards share (the battlefield's, when the caller does not say)."""
    counts: dict[str, int] = {}
    for c in minors:
        counts[c.suit] = counts.get(c.suit, 0) + 1 + (10 if c.is_court else 0)  # type: ignore[index]
    return max(counts, key=lambda s: counts[s])


def force(cards: Sequence[Card]) -> float:
    """A knight 17.5, a knave 14.5 (an ace beside them adds nothing), numerics their sum."""
    minors = [c for c in cards if not c.is_major]
    if any(c.rank == KNIGHT for c in minors):
        return 17.5
    if any(c.rank == PAGE for c in minors):
        return 14.5
    return float(sum(c.rank for c in minors))


def strength_key(form: str, cards: Sequence[Card]) -> tuple[float, ...]:
    """Higher is stronger, before the order of commitments: the tier, then for forces the
    force, fewer cards, the higher single card."""
    if form != FORCE:
        return (TIER[form],)
    minors = [c for c in cards if not c.is_major]
    return (TIER[FORCE], force(cards), -len(minors), max(c.rank for c in minors))


def winner_index(entries: Sequence[tuple[str, Sequence[Card]]]) -> int:
    """The winning entry of one battlefield: `entries` are (form, cards) in the order they
    were made. Abdicators win only when all abdicated: then the last one."""
    if all(TIER[form] == 0 for form, _ in entries):
        return len(entries) - 1
    best = max(range(len(entries)), key=lambda i: (strength_key(*entries[i]), -i))
    return best


def battle_winner(commitments: Sequence[tuple[Any, Sequence[Card]]], field: str | None = None) -> Any:
    """The winner of one battlefield: `commitments` are (player, cards) in the order they were
    made, `[]` an abdication. `field` (optional) names the battlefield's suit for royal
    couples and forces; otherwise the cards' own suit is taken."""
    if not commitments:
        raise ValueError("a battle needs at least one commitment")
    suit = FIELD_SUIT[field] if field is not None else None
    entries = []
    for player, cards in commitments:
        form = form_of(list(cards), suit)
        if form is None:
            raise ValueError(f"{player}'s cards {[c.code for c in cards]} are no legal commitment")
        entries.append((form, list(cards)))
    return commitments[winner_index(entries)][0]


def can_steal(cards: Sequence[Card]) -> bool:
    """Whether the Fool may steal this commitment: not a couple of any kind, not the World,
    not an abdication (Judgment included), nothing with an ace."""
    form = form_of(list(cards))
    if form != FORCE:
        return False
    return not any(not c.is_major and c.rank == 1 for c in cards)


def game_winners(rounds: Sequence[dict[str, Any]]) -> list[Any]:
    """The game's winner(s) from each round's battle winners, oldest round first: most battles;
    then most rounds with at least one battle won; then most battles in the last round, then
    the round before, ...; otherwise the tied players share the win."""
    players: list[Any] = []
    for battle in rounds:
        for field in FIELDS:
            if battle.get(field) is not None and battle[field] not in players:
                players.append(battle[field])
    if not players:
        return []

    def key(player: Any) -> tuple[int, ...]:
        per_round = [sum(1 for f in FIELDS if battle.get(f) == player) for battle in rounds]
        return (sum(per_round), sum(1 for n in per_round if n), *reversed(per_round))

    best = max(key(p) for p in players)
    return [p for p in players if key(p) == best]
