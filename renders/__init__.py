"""Images (DESIGN.md, "Images (renders/)"): pure functions from a game's view to PNG bytes.

Imports games/ and Pillow only. Every function is thread-safe (they run in
`asyncio.to_thread`); card sprites, fonts and the palette are cached.

- `renders.cards.card_image(card | None, width, style)`: one card sprite (None: the back).
- `renders.blackjack.render_blackjack(view, names, style)`, `renders.baccarat.render_baccarat(...)`.
- `renders.hand.render_hand(cards, style, caption, groups)`: a player's private hand.
- `renders.count.render_pile(groups, title, style)`: the /count pile in its groups.
- `renders.layout`: the shared table layout every game builds on, and `to_png`.
- `renders.warm_up()`: fills those caches once, at start-up, where images are drawn in threads;
  a drawing worker process draws one image of every kind instead (`renders.warm`).
"""


def warm_up() -> None:
    """The one place the shared caches are filled before the first table is drawn: the table
    palette and the card sprites at the sizes table images use (each table render that draws
    cards at its own sizes names them in its `SPRITE_WIDTHS`). Without it the first image
    drawn after a start takes ten times as long as the rest."""
    from renders import layout

    for width, style in sprite_sizes():
        layout.warm_up([width], style)


def sprite_sizes() -> list[tuple[int, str]]:
    """The (width, style) pairs table images draw their cards at."""
    from renders import arcanoid, layout
    from renders.cards import NUMBERED, with_flags

    widths = dict.fromkeys([layout.TABLE_CARD, *arcanoid.SPRITE_WIDTHS])
    return [*((width, "rws") for width in widths),
            (layout.TABLE_CARD, with_flags("rws", NUMBERED)),  # majors by number (the rest are shared)
            *((width, arcanoid.STYLE) for width in arcanoid.SPRITE_WIDTHS)]  # Arcanoid's majors' faces
