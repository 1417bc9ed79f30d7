"""The Arcanoid table image: a PNG of bounded size that draws only what the view holds."""

from __future__ import annotations

import io

from PIL import Image

import games.arcanoid as arc
from games.arcanoid.model import Options
from games.base import SeatSpec
from games.cards import card
from renders.arcanoid import render_arcanoid, render_round
from renders.layout import _label_mask
from tests.drawing import Drawn, frame_factor
from tests.games.arcanoid_helpers import act, table


def _mid_round(players: int) -> object:
    state = arc.new(Options(variant="KOBLENZ"), [SeatSpec(-p) for p in range(1, players + 1)])
    for _ in range(6 * players):
        if state.phase == "window":
            arc.apply(state, 0, {"type": "close_window"})
            continue
        player = arc.pending(state)[0]
        arc.apply(state, player, arc.computer_action(state, player))
    return state


EMBED_BOX = (400, 300)  # what an embed shows its image within (Discord, SimCord's preview)


def shown_scale(image: Image.Image) -> float:
    return min(EMBED_BOX[0] / image.width, EMBED_BOX[1] / image.height)


def test_ten_players_mid_round_is_a_small_png() -> None:
    """A crowded table keeps its four battlefields side by side: two to a row would make it
    tall, and the embed's box would show it smaller."""
    state = _mid_round(10)
    png = render_arcanoid(arc.view(state, None), {})
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and frame_factor(image) <= 5 and len(png) <= 250_000


def test_the_first_image_of_a_table_is_readable_at_the_size_an_embed_shows_it() -> None:
    """Four battlefields side by side made the first image 1438 x 227: an embed showed it at
    about 400 x 63, its words 4 px tall. It is drawn for the frame now, shown at half."""
    state = arc.new(Options(bots=2), [SeatSpec(1), SeatSpec(-1), SeatSpec(-2)])
    image = Image.open(io.BytesIO(render_arcanoid(arc.view(state, None), {1: "Ann"})))
    assert frame_factor(image) == 2 and shown_scale(image) == 0.5


def test_hidden_hands_do_not_change_the_public_picture() -> None:
    one = table({1: "9S 8S 2C 3C 4C 5C", 2: "KS QS 2W 3W 4W 5W"})
    two = table({1: "9S 8S 2C 3C 4C 5C", 2: "KP QP 6W 7W 8W 9W"})
    for state in (one, two):
        state.deck = sorted(state.deck, key=lambda c: c.code)
        act(state, 1, {"type": "commit", "field": "swords", "cards": ["9S", "8S"]}, close_after=False)
    assert render_arcanoid(arc.view(one, None), {}) == render_arcanoid(arc.view(two, None), {})


def test_secret_commitments_are_backs_and_the_round_picture_reveals_them() -> None:
    state = table({1: "9S 8S 2C 3C 4C 5C", 2: "KS QS 2W 3W 4W 5W"}, variant="KOBLENZ")
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["9S", "8S"], "secret": True})
    public = render_arcanoid(arc.view(state, None), {})
    mine = render_arcanoid(arc.view(state, 1), {})
    assert public != mine  # the owner sees the faces, everyone else the backs
    from games.arcanoid import rules

    battles = rules.battles(state)
    battles = {f: b if b["forces"] else {**b, "forces": [], "winner": 1, "credited": 1} for f, b in battles.items()}
    assert render_round(battles, 1, {}).startswith(b"\x89PNG")


def test_after_the_warm_up_the_first_table_image_draws_no_new_sprite() -> None:
    """renders.warm_up (run once at start-up) leaves the first image only its own drawing:
    no palette to compute, no card sprite to draw."""
    from renders import layout, warm_up
    from renders.cards import card_image

    layout.table_palette.cache_clear()
    card_image.cache_clear()
    warm_up()
    assert layout.table_palette.cache_info().currsize == 1
    for _ in range(6):  # random positions: Justice's row, daemons, reserves, secret backs
        state = _mid_round(10)
        drawn = card_image.cache_info().misses
        render_arcanoid(arc.view(state, None), {})
        assert card_image.cache_info().misses == drawn


def _powers_on_the_table() -> object:
    """Justice's row, a daemon's open hand, Strength's visible cards, a Chariot's reserve and
    a force on every battlefield."""
    state = table({1: "8 2S 3S 4S 5S 6S", 2: "15 2W 3W 4W 5W 6W", 3: "11 2C 3C 4C 5C 6C", 4: "7 9P 10P 2P 3P 4P"})
    act(state, 1, {"type": "play", "arcanum": "8"})
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["2S", "3S", "4S", "5S", "6S"]})
    act(state, 2, {"type": "play", "arcanum": "15"})
    act(state, 3, {"type": "play", "arcanum": "11", "option": "visible"})
    act(state, 4, {"type": "chariot", "cards": ["9P", "10P"]})
    act(state, 1, {"type": "commit", "field": "cups", "cards": []})
    seats = arc.view(state, None)["seats"]
    assert arc.view(state, None)["justice"] and any(s["kind"] == "daemon" and s["hand"] for s in seats)
    assert any(s["visible"] for s in seats) and any(s["reserve"] for s in seats)
    return state


def test_every_card_of_the_table_and_round_images_is_readable(drawn: Drawn) -> None:
    """rules/cards.md: a card drawn on a table image is at least ~90 px wide, on the
    battlefields, Justice's row, Strength's cards, the Chariot's reserve, the daemon's hand and
    the round's picture alike; a table too crowded for its cards in the frame (issue 28, item 8)
    names each one by its notation instead."""
    from games.arcanoid import rules

    rich = _powers_on_the_table()
    for state in (rich, _mid_round(2), _mid_round(4), _mid_round(10)):
        drawn.clear()
        _label_mask.cache_clear()  # every label drawn afresh, so the spy reads it
        view = arc.view(state, None)
        png = render_arcanoid(view, {})
        assert len(png) <= 250_000 and frame_factor(Image.open(io.BytesIO(png))) == 2
        if len(view["seats"]) < 10:  # ten seats' forces are named with their force, their cards left out
            faces = {c.face.code for c in drawn.faces if c is not None}
            words = " ".join(drawn.texts).replace(":", " ").split()
            unseen = [code for code in _public_cards(view) if card(code).face.code not in faces | set(words)]
            assert not unseen, unseen
    drawn.clear()
    battles = {f: b if b["forces"] else {**b, "winner": 1, "credited": 1} for f, b in rules.battles(rich).items()}
    render_round(battles, 1, {})
    widths = [width for *_, width in drawn.cards]
    assert widths and min(widths) >= 90, sorted(set(widths))


def _public_cards(view: dict) -> list[str]:
    """Every face-up card a spectator's view holds: the forces, Justice and what seats show."""
    codes = [*(view["justice"] or [])]
    for seat in view["seats"]:
        codes += [c for commit in seat["fields"].values() if commit["form"] not in ("secret", "judgment")
                  for c in commit["cards"] or []]
        for shown in (seat["hand"] if seat["kind"] == "daemon" else None, seat["visible"], seat["reserve"], seat["shown"]):
            codes += [c for c in shown or [] if c is not None]
    return codes


def test_the_round_picture_draws_a_battlefield_nobody_won() -> None:
    from games.arcanoid import rules

    state = table({1: "9S 8S 2C 3C 4C 5C", 2: "KS QS 2W 3W 4W 5W"})
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["9S", "8S"]})
    battles = rules.battles(state)
    assert battles["cups"]["credited"] is None
    assert render_round(battles, 1, {1: "Ann"}).startswith(b"\x89PNG")


def test_the_faces_carry_arcanoids_names_whatever_the_deck(drawn: Drawn) -> None:
    from games.cards import card
    from renders.cards import arcanoid_names, card_image

    card_image.cache_clear()
    for number in ("8", "11", "20"):
        card_image(card(number), 90, "rws")
    assert drawn.texts[-1] == "Judgement" and drawn.texts[drawn.texts.index("VIII") + 2] == "Strength", "the style's names"
    drawn.texts.clear()
    for number in ("8", "11r", "20"):
        card_image(card(number), 90, arcanoid_names("rws"))
    painted = drawn.texts
    assert painted[painted.index("VIII") + 2] == "Justice" and painted[painted.index("XI") + 2] == "Strength"
    assert "Judgment" in painted and "Judgement" not in painted
    drawn.texts.clear()
    render_arcanoid(arc.view(table({1: "2S 3S 4S 5S 6S 7S", 2: "2W 3W 4W 5W 6W 7W"}), None), {1: "Ann", 2: "Bob"})
    assert card_image(card("2S"), 90, arcanoid_names("rws")) is card_image(card("2S"), 90, "rws"), \
        "only the majors differ: the other faces are shared"
