"""Card sprites: every card in every style and orientation, reversal is a 180° turn, the back."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageStat

from games.cards import DECK_STYLES, card, full_deck
from renders.cards import COURT_LETTERS, card_height, card_image, rank_label

DECK = full_deck()


def _differs(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference over all channels (0 = identical)."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 4


def test_card_height_is_five_to_eight() -> None:
    assert card_height(120) == 192
    assert card_height(180) == 288
    assert card_height(90) == 144


@pytest.mark.parametrize("style", DECK_STYLES)
def test_every_card_both_ways_renders_at_its_size(style: str) -> None:
    assert len(DECK) == 78
    for c in DECK:
        for oriented in (c, c.turned()):
            image = card_image(oriented, 120, style)
            assert image.size == (120, 192), oriented
            assert image.mode == "RGBA"
            # rounded corners: the outermost corner pixel is transparent, the middle opaque
            assert image.getpixel((0, 0))[3] == 0
            assert image.getpixel((60, 96))[3] == 255


@pytest.mark.parametrize("width", [90, 120, 180, 77])
def test_sizes(width: int) -> None:
    for c in (card("KC"), card("16r"), None):
        assert card_image(c, width).size == (width, card_height(width))


@pytest.mark.parametrize("style", DECK_STYLES)
def test_reversed_is_upright_turned_180(style: str) -> None:
    for c in DECK:
        upright = card_image(c, 120, style)
        reversed_ = card_image(c.turned(), 120, style)
        turned = upright.transpose(Image.Transpose.ROTATE_180)
        assert turned.size == reversed_.size
        assert turned.tobytes() == reversed_.tobytes(), c  # every channel, every pixel
        # and it is not the same picture: the indices sit in the top corners only
        assert _differs(upright, reversed_) > 1, c


def test_sprites_are_cached() -> None:
    assert card_image(card("KC"), 120) is card_image(card("KC"), 120)
    assert card_image(card("KCr"), 120) is card_image(card("KCr"), 120)
    assert card_image(card("KC"), 120) is not card_image(card("KC"), 121)


def test_cards_all_differ_within_a_style() -> None:
    images = [card_image(c, 90) for c in DECK] + [card_image(None, 90)]
    seen = {img.tobytes() for img in images}
    assert len(seen) == len(images)


def test_styles_change_courts_and_names() -> None:
    for code in ("JC", "NS", "QP", "KW", "8", "11", "14", "0"):
        faces = {card_image(card(code), 120, style).tobytes() for style in DECK_STYLES}
        assert len(faces) > 1, code
    assert rank_label(card("JC"), "french") == "V"
    assert rank_label(card("KC"), "thoth") == "Kn"
    assert rank_label(card("NS"), "rws") == "N"
    assert rank_label(card("16"), "rws") == "6"
    assert rank_label(card("21"), "rws") == "A"
    assert rank_label(card("AP"), "marseille") == "A"
    assert [rank_label(card(c), "standard") for c in ("JS", "QC", "KP", "AW")] == ["J", "Q", "K", "A"]
    # court letters are distinct within each style
    for letters in COURT_LETTERS.values():
        assert len(set(letters.values())) == 4


def test_the_standard_style_draws_english_courts_and_a_plain_joker() -> None:
    """A standard deck (Loc) is not drawn in the French tarot style: J Q K, and a Joker
    without the tarot number."""
    for code in ("JS", "QC", "KP", "0"):
        assert card_image(card(code), 120, "standard").tobytes() != card_image(card(code), 120, "french").tobytes()
    assert card_image(card("5C"), 120, "standard").tobytes() == card_image(card("5C"), 120, "french").tobytes()


def test_minor_and_major_look_different() -> None:
    """Majors are a violet field; minors are paper-white."""
    centre = (60, 140)
    major = card_image(card("7"), 120).getpixel(centre)
    minor = card_image(card("7C"), 120).getpixel((8, 140))
    assert major[2] > major[1] + 30  # violet: more blue than green
    assert min(minor[:3]) > 220


def test_back_is_not_a_face() -> None:
    back = card_image(None, 120)
    assert back.size == (120, 192)
    for c in DECK:
        assert _differs(back, card_image(c, 120)) > 10


def test_concurrent_rendering_matches() -> None:
    card_image.cache_clear()
    codes = [c for c in DECK[:20]]

    def draw(c):  # type: ignore[no-untyped-def]
        return card_image(c, 133, "thoth").tobytes()

    with ThreadPoolExecutor(4) as pool:
        parallel = list(pool.map(draw, codes * 3))
    assert parallel == [draw(c) for c in codes * 3]


def test_unknown_style_draws_the_default() -> None:
    assert card_image(card("KC"), 120, "nope").tobytes() == card_image(card("KC"), 120).tobytes()


# --- cards you can read (issue 11) --------------------------------------------------------------


def _drawn(monkeypatch: pytest.MonkeyPatch, code: str, style: str = "rws") -> tuple[list[str], int]:
    """What drawing `code` writes (labels) and how many underlines it rules, from a fresh sprite."""
    from PIL import ImageDraw

    from renders import text

    said: list[str] = []
    rules: list[tuple[float, float, float, float]] = []
    real_text, real_rectangle = text.draw, ImageDraw.ImageDraw.rectangle

    def spy_text(d, xy, value, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(value)
        real_text(d, xy, value, *args, **kwargs)

    def spy_rectangle(self, xy, *args, **kwargs):  # type: ignore[no-untyped-def]
        rules.append(tuple(xy))
        real_rectangle(self, xy, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy_text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "rectangle", spy_rectangle)
    card_image.cache_clear()
    card_image(card(code), 120, style)
    card_image.cache_clear()
    monkeypatch.undo()
    flat = [r for r in rules if (r[2] - r[0]) > 2 * (r[3] - r[1])]
    return said, len(flat)


@pytest.mark.parametrize(("code", "underlines"), [
    ("6W", 2), ("9C", 2), ("6Wr", 2), ("9Cr", 2), ("7S", 0), ("10P", 0),
    ("6", 3), ("9", 3), ("16", 3), ("19r", 3), ("12", 0)])  # majors: both corners and the emblem
def test_sixes_and_nines_are_underlined_so_a_reversed_one_still_reads(
        monkeypatch: pytest.MonkeyPatch, code: str, underlines: int) -> None:
    assert _drawn(monkeypatch, code)[1] == underlines


@pytest.mark.parametrize(("code", "label"), [("12", "12"), ("0", "0"), ("21", "21"), ("1", "1"), ("16", "16")])
def test_french_style_trumps_show_their_trump_number(monkeypatch: pytest.MonkeyPatch, code: str, label: str) -> None:
    assert rank_label(card(code), "french") == label
    said, _ = _drawn(monkeypatch, code, "french")
    assert said.count(label) >= 2, said  # both corners
    assert not {"T", "S", "F"} & set(said), "no major suit letters on French trumps"
    assert rank_label(card("12"), "rws") == "2"  # the other styles keep the lesser label


def test_a_numbered_trumps_variant_keeps_the_deck_style_but_numbers_the_majors() -> None:
    from renders.cards import numbered_trumps

    for style in DECK_STYLES:
        numbered = numbered_trumps(style)
        assert rank_label(card("12"), numbered) == "12" and rank_label(card("0"), numbered) == "0"
        assert rank_label(card("NW"), numbered) == rank_label(card("NW"), style)  # courts as the style draws them
        assert _differs(card_image(card("KC"), 120, numbered), card_image(card("KC"), 120, style)) == 0
    assert _differs(card_image(card("12"), 120, numbered_trumps("rws")), card_image(card("12"), 120, "rws")) > 0


# --- each game's faces (issue 28, item 10) ---------------------------------------------------


def test_each_game_draws_its_cards_as_it_reads_them(drawn) -> None:  # type: ignore[no-untyped-def]
    """Only poker reads a major's poker index (lesser label and major suit); only poker,
    blackjack, baccarat (and Loc's records) read orientation: every table of the README's
    pictures draws its cards in its game's faces."""
    from docs import make_pictures
    from games import fairness
    from renders.cards import game_faces

    games = {"tarot": "french_tarot"}
    for key, (moment, render) in make_pictures.PICTURES.items():
        with fairness.predictable(f"picture-{key}-1"):
            view, names = moment()
        drawn.clear()
        render(view, names)
        assert drawn.styles and set(drawn.styles) == {game_faces(games.get(key, key))}, (key, set(drawn.styles))


@pytest.mark.parametrize(("code", "game", "corner", "not_drawn"), [
    ("21", "loc", "21", {"A", "F"}),  # the World: the highest trump but the Fool, never an ace
    ("13", "blackjack", "13", {"3", "T"}),  # Death counts 13
    ("13", "baccarat", "13", {"3", "T"}),
    ("11", "arcanoid", "11", {"A", "T"}),
    ("0", "rummy", "0", {"10", "F"}),
])
def test_majors_carry_their_number_where_the_game_reads_it(monkeypatch: pytest.MonkeyPatch, code: str, game: str,
                                                           corner: str, not_drawn: set[str]) -> None:
    from renders.cards import game_faces

    said, _ = _drawn(monkeypatch, code, game_faces(game))
    assert said.count(corner) >= 3, said  # both corners and the emblem
    assert not not_drawn & set(said), said


def test_poker_keeps_the_poker_index(monkeypatch: pytest.MonkeyPatch) -> None:
    from renders.cards import game_faces

    said, _ = _drawn(monkeypatch, "21", game_faces("poker"))
    assert said.count("A") == 2 and said.count("F") == 2, said


@pytest.mark.parametrize("game", ["arcanoid", "french_tarot", "rummy"])
def test_where_orientation_means_nothing_a_reversed_card_lies_upright(game: str, drawn) -> None:  # type: ignore[no-untyped-def]
    from renders import layout
    from renders.cards import game_faces

    style = game_faces(game)
    for code in ("9S", "16", "KC"):
        assert card_image(card(code + "r"), 90, style) is card_image(card(code), 90, style)
    fan = layout.fan(layout.parse(["9Sr", "16r", "KC"]), 90, style, codes=True)
    fan.paint(layout.Canvas(fan.width, fan.height), 0, 0)
    assert drawn.markers == 0 and [c.code for c, *_ in drawn.cards] == ["9S", "16", "KC"]
    assert "9S" in drawn.texts and "9Sr" not in drawn.texts


def test_where_orientation_counts_a_reversed_card_is_turned_and_marked(drawn) -> None:  # type: ignore[no-untyped-def]
    from renders import layout
    from renders.cards import game_faces

    for game in ("poker", "blackjack", "baccarat", "loc"):
        style = game_faces(game)
        turned = card_image(card("9S"), 90, style).transpose(Image.Transpose.ROTATE_180)
        assert card_image(card("9Sr"), 90, style).tobytes() == turned.tobytes()
    drawn.clear()
    fan = layout.fan(layout.parse(["9Sr", "KC"]), 90, game_faces("blackjack"))
    fan.paint(layout.Canvas(fan.width, fan.height), 0, 0)
    assert drawn.markers == 1


def test_an_arcanoid_table_draws_no_card_upside_down(drawn) -> None:  # type: ignore[no-untyped-def]
    """Arcanoid is played with no orientation: the issue found its reversed cards drawn upside
    down on the table image."""
    import json

    from docs import make_pictures
    from games import fairness
    from renders.arcanoid import render_arcanoid

    with fairness.predictable("picture-arcanoid-1"):
        view, names = make_pictures.arcanoid_picture()
    assert re.search(r'"\d+[WCSP]?r"', json.dumps(view)), "the view holds a reversed card"
    render_arcanoid(view, names)
    faces = [c for c in drawn.faces if c is not None]
    assert faces and not any(c.reversed for c in faces) and drawn.markers == 0
