"""Table, hand and pile images: valid PNGs of sensible sizes, hidden cards drawn face down,
what each view says is what the image shows (cards, markers, names, totals, results)."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageStat

from games.cards import card
from renders import layout, text
from renders.baccarat import render_baccarat
from renders.blackjack import render_blackjack
from renders.cards import card_height, card_image
from renders.count import render_pile
from renders.hand import render_hand
from tests.drawing import Drawn, frame_factor
from tests.renders import samples as S


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def _mean_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def _view_cards(view: dict) -> list[str | None]:
    if view["game"] == "blackjack":
        found = list(view["dealer"]["cards"])
        for seat in view["seats"]:
            for hand in seat["hands"]:
                found += hand["cards"]
        return found
    return view["player_cards"] + view["banker_cards"]


# --- blackjack ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(S.BLACKJACK))
def test_blackjack_views_render(key: str, drawn: Drawn) -> None:
    view = S.BLACKJACK[key]()
    data = render_blackjack(view, S.NAMES)
    image = _png(data)
    assert frame_factor(image) == 2
    assert len(data) < 400_000
    shown = view if view["dealer"]["cards"] or not view["last_round"] else view["last_round"]
    expected = _view_cards(shown)
    if key == "crowded":  # seven players, up to four split hands each: the dealer and one-hand seats drawn
        _split_hands_summarised(view, drawn)
        return
    assert len(drawn.cards) == len(expected)
    assert drawn.markers == sum(1 for code in expected if code and code.endswith("r"))
    for _c, _x, _y, width in drawn.cards:
        assert width >= (72 if shown is not view else 90)  # the last round, under the next one's bets


def _split_hands_summarised(view: dict, drawn: Drawn) -> None:
    """A crowded table draws the dealer's cards and each one-hand seat's, upside down where
    reversed (in smaller cards, without markers); every split hand is a line with its count of
    cards and its total."""
    whole = list(view["dealer"]["cards"]) + [code for seat in view["seats"] if len(seat["hands"]) == 1
                                             for code in seat["hands"][0]["cards"]]
    assert [c if c is None else c.code for c in drawn.faces] == whole and drawn.markers == 0
    for seat in view["seats"]:
        if len(seat["hands"]) > 1:
            for hand in seat["hands"]:
                assert any(t.startswith(f"{len(hand['cards'])} cards: {hand['total']}") for t in drawn.texts)


def test_blackjack_playing_shows_hole_card_as_back(drawn: Drawn) -> None:
    view = S.bj_playing()
    assert view["dealer"]["cards"] == ["7Cr", None]
    image = _png(render_blackjack(view, S.NAMES)).convert("RGB")
    hole = [(x, y, w) for c, x, y, w in drawn.cards if c is None]
    assert len(hole) == 1
    x, y, w = hole[0]
    h = card_height(w)
    inset = 8  # skip the rounded corners, where felt and shadow show
    box = (x + inset, y + inset, x + w - inset, y + h - inset)
    region = image.crop(box)
    sprite_box = (inset, inset, w - inset, h - inset)
    back = card_image(None, w).convert("RGB").crop(sprite_box)
    assert _mean_diff(region, back) < 4
    for face in ("7C", "KS", "16", "AP"):
        assert _mean_diff(region, card_image(card(face), w).convert("RGB").crop(sprite_box)) > 25
    # the dealer's up card is a face, reversed, with its marker
    up = [(c, x) for c, x, _y, _w in drawn.cards if c is not None and c == card("7Cr")]
    assert up


def test_blackjack_texts(drawn: Drawn) -> None:
    view = S.bj_settled()
    view["seats"][3]["player"] = 42  # not in names
    render_blackjack(view, S.NAMES)
    said = drawn.joined()
    assert "Alice" in said and "Bob the Builder" in said
    assert "Zoë" in said and "🎲" not in said  # the accent drawn, the emoji dropped
    assert "A player" in said and "Player 42" not in said
    assert "Dealer · 29 · BUST" in said
    assert "Win +20" in said and "paid" not in said  # the net gain, as /history shows it
    assert "24 · BUST" in said
    assert "21 · blackjack".upper() in said.upper()
    assert "\nPush" in said
    assert "round 4" in said


def test_blackjack_turn_is_marked(drawn: Drawn) -> None:
    render_blackjack(S.bj_playing(), S.NAMES)
    assert "TO ACT" in drawn.texts
    before = drawn.texts.index("TO ACT")
    assert "Bob the Builder" in drawn.texts[before - 2: before + 2]
    drawn.texts.clear()
    view = S.bj_playing()
    view["turn"] = None
    render_blackjack(view, S.NAMES)
    assert "TO ACT" not in drawn.texts


def test_blackjack_crowded_summarises_but_stays_readable(drawn: Drawn) -> None:
    view = S.bj_crowded()
    assert len(view["seats"]) == 7 and max(len(s["hands"]) for s in view["seats"]) == 4
    image = _png(render_blackjack(view, S.NAMES))
    widths = {w for _c, _x, _y, w in drawn.cards}
    assert widths == {layout.SMALLER_CARDS[1]}  # 32 px once the frame shows the picture at half
    assert frame_factor(image) == 2


def test_blackjack_empty_table_says_so(drawn: Drawn) -> None:
    render_blackjack(S.bj_empty(), {})
    assert any("No one is seated" in t for t in drawn.texts)


# --- baccarat -------------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(S.BACCARAT))
def test_baccarat_views_render(key: str, drawn: Drawn) -> None:
    view = S.BACCARAT[key]()
    data = render_baccarat(view, S.NAMES)
    image = _png(data)
    assert frame_factor(image) == 2
    shown = view if view["player_cards"] or not view["last_round"] else view["last_round"]
    expected = _view_cards(shown)
    assert [c.code for c in drawn.faces] == expected
    if key == "crowded":  # ten seats: smaller cards, upside down where reversed, without markers
        assert all(w == layout.SMALLER_CARDS[1] for _c, _x, _y, w in drawn.cards) and drawn.markers == 0
        return
    assert all(w == layout.TABLE_CARD for _c, _x, _y, w in drawn.cards)
    assert drawn.markers == sum(1 for code in expected if code.endswith("r"))


def test_baccarat_ten_seats_and_results(drawn: Drawn) -> None:
    view = S.bac_crowded()
    assert len(view["seats"]) == 10
    render_baccarat(view, {1: "Alice"})
    said = drawn.joined()
    assert "Alice" in said and "A player" in said and "Player 10" not in said
    assert "PLAYER · 8" in said and "BANKER · 8" in said
    assert "WINS" in said
    assert "Bet 30 on Player" in said and "Win +30" in said and "paid" not in said  # the net, not the payout
    assert "Bet 20 on Tie" in said and "Loss" in said


# --- hand and pile --------------------------------------------------------------------------


def test_hand_renders_big_cards_with_codes(drawn: Drawn) -> None:
    codes = ["KC", "16r", "0", "AP", "10Sr"]
    image = _png(render_hand(codes, caption="Your hand"))
    assert [c for c, *_ in drawn.cards] == [card(code) for code in codes]
    assert {w for *_, w in drawn.cards} == {layout.HAND_CARD}
    assert all(code in drawn.texts for code in codes)
    assert drawn.markers == 2
    assert image.height >= card_height(layout.HAND_CARD)


def test_long_hand_overlaps_then_wraps(drawn: Drawn) -> None:
    deck = [c.code for c in S.full_deck()]
    image = _png(render_hand(deck[:10]))
    xs = [x for _c, x, _y, _w in drawn.cards]
    assert xs[1] - xs[0] < layout.HAND_CARD  # overlapping
    assert image.width <= 1200
    drawn.cards.clear()
    image = _png(render_hand(deck[:30], style="french"))
    assert len({y for _c, _x, y, _w in drawn.cards}) >= 2  # wrapped into rows
    assert image.width <= 1200


def test_hand_groups(drawn: Drawn) -> None:
    cards = ["KC", "QC", "NC", "5W", "5S", "5P", "2C"]
    render_hand(cards, groups=[["KC", "QC", "NC"], ["5W", "5S", "5P"]], labels=["Run", "Set"])
    assert len(drawn.cards) == len(cards)
    said = drawn.joined()
    assert "RUN · 3" in said and "SET · 3" in said and "HAND" in said


def test_hand_face_down(drawn: Drawn) -> None:
    _png(render_hand([None, "KC"]))
    assert drawn.cards[0][0] is None


def test_pile_of_the_whole_pack(drawn: Drawn) -> None:
    groups = S.pile_groups(3)
    data = render_pile(groups, "Count · groups of 3")
    image = _png(data)
    assert len(data) < 1_000_000
    assert len(drawn.cards) == 78
    assert min(w for *_, w in drawn.cards) >= 68
    assert frame_factor(image) <= 4
    # fractions are typeset, never drawn as glyphs the font lacks
    assert not any("½" in t or "⅓" in t for t in drawn.texts)
    assert "3" in drawn.texts and "1" in drawn.texts and "2" in drawn.texts


def test_pile_singles_and_small(drawn: Drawn) -> None:
    _png(render_pile(S.pile_groups(1), "one by one", style="thoth"))
    assert len(drawn.cards) == 78
    drawn.cards.clear()
    _png(render_pile([(["KC", "1"], "4½")], "small"))
    assert {w for *_, w in drawn.cards} == {120}
    _png(render_pile([], "empty"))


# --- shared pieces --------------------------------------------------------------------------


def test_clean_text() -> None:
    assert text.clean("Zoë 🎲") == "Zoë"
    assert text.clean("🎲🎲") == "?"
    assert text.clean("Ünïcödé – test") == "Ünïcödé – test"
    assert text.clean("Terminée après «\u00a0l'écart\u00a0» · cœur, garçon, hôte") \
        == "Terminée après «\u00a0l'écart\u00a0» · cœur, garçon, hôte"  # every letter of French
    assert text.clean("ẍ  1\u202f000") == "x 1\u00a0000"  # a letter the font lacks loses its accent; a no-break space stays
    assert text.clean("Dame ♥") == "Dame H"
    assert layout.player_name({5: "🎲🎲"}, 5) == "A player"  # nothing drawable: never the member's id
    assert layout.player_name({}, -3) == "Computer 3"
    assert layout.player_name({5: "Zoë"}, 5) == "Zoë"


def test_to_png_is_small_and_paletted() -> None:
    image = Image.new("RGB", (300, 200), layout.FELT)
    image.paste(card_image(card("KC"), 120), (10, 4), card_image(card("KC"), 120))
    data = layout.to_png(image)
    out = _png(data)
    assert out.mode == "P" and out.size == (300, 200)
    assert _mean_diff(out.convert("RGB"), image) < 1.5
    assert _png(layout.to_png(image, adaptive=True)).size == (300, 200)


def test_renders_are_pure_and_thread_safe() -> None:
    views = [S.bj_crowded(), S.bj_settled(), S.bj_playing()]
    expected = [render_blackjack(v, S.NAMES) for v in views]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda v: render_blackjack(v, S.NAMES), views * 4))
    assert got == expected * 4
    # and the view is not modified
    view = S.bj_playing()
    render_blackjack(view, S.NAMES)
    assert view == S.bj_playing()
