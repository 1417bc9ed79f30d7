"""Images (DESIGN.md, "Images (renders/)"): pure functions from a game's view to PNG bytes.

Imports games/ and Pillow only. Every function is thread-safe (they run in
`asyncio.to_thread`); card sprites, fonts and the palette are cached.

- `renders.cards.card_image(card | None, width, style)`: one card sprite (None: the back).
- `renders.blackjack.render_blackjack(view, names, style)`, `renders.baccarat.render_baccarat(...)`.
- `renders.hand.render_hand(cards, style, caption, groups)`: a player's private hand.
- `renders.count.render_pile(groups, title, style)`: the /count pile in its groups.
- `renders.layout`: the shared table layout every game builds on, and `to_png`.
"""
