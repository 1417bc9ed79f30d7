"""The README's pictures. Run from the repository root: .venv/bin/python docs/make_pictures.py

One table image per game, drawn by the project's own renderers from a game played by its own
rules (the computer players play every seat that has one; the house games' players bet and
stand), into docs/<game>.png; with `--screenshot`, also a screenshot of the sandbox page in a
real browser (Debian's chromium, headless): docs/sandbox.png. Every deal comes from a fixed
seed, so the pictures change only when the rules or the renderers do."""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games import arcanoid, baccarat, blackjack, fairness, french_tarot, loc, poker, rummy  # noqa: E402
from games.base import RUNTIME_PLAYER, SeatSpec, mention  # noqa: E402
from renders.arcanoid import render_arcanoid  # noqa: E402
from renders.baccarat import render_baccarat  # noqa: E402
from renders.blackjack import render_blackjack  # noqa: E402
from renders.french_tarot import render_tarot  # noqa: E402
from renders.loc import render_loc  # noqa: E402
from renders.poker import render_poker  # noqa: E402
from renders.rummy import render_rummy  # noqa: E402

DOCS = ROOT / "docs"
PERSON = 1
MOST_MOVES = 2000


def names(players: list[int]) -> dict[int, str]:
    return {p: "Alice" if p == PERSON else mention(p) for p in players}


def play(module: ModuleType, state: Any, move: Callable[[Any, int], dict], until: Callable[[Any], bool]) -> Any:
    """Moves for whoever the game waits on, until `until(state)`."""
    for _ in range(MOST_MOVES):
        if until(state):
            return state
        waiting = module.pending(state)
        if not waiting:
            break
        module.apply(state, waiting[0], move(state, waiting[0]))
    raise RuntimeError(f"{module.NAME}: the picture's moment never came")


def computer(module: ModuleType) -> Callable[[Any, int], dict]:
    return lambda state, player: module.computer_action(state, player)


def house_player(module: ModuleType, bet: dict[int, dict]) -> Callable[[Any, int], dict]:
    """Bets as given, then stands (blackjack) — a person at a house table."""
    def move(state: Any, player: int) -> dict:
        kinds = {a["type"] for a in module.legal_actions(state, player)}
        if "bet" in kinds:
            return bet[player]
        return {"type": "stand"} if "stand" in kinds else {"type": "pass"}
    return move


def blackjack_picture() -> tuple[dict, dict[int, str]]:
    seats = [SeatSpec(p, 1000) for p in (PERSON, 2, 3)]
    state = blackjack.new(blackjack.Options(), seats)
    bets = {p: {"type": "bet", "amount": a} for p, a in ((PERSON, 50), (2, 20), (3, 100))}
    play(blackjack, state, house_player(blackjack, bets), lambda s: blackjack.view(s, None)["phase"] == "playing")
    return blackjack.view(state, None), {PERSON: "Alice", 2: "Ana", 3: "Bo"}


def baccarat_picture() -> tuple[dict, dict[int, str]]:
    seats = [SeatSpec(p, 1000) for p in (PERSON, 2)]
    state = baccarat.new(baccarat.Options(), seats)
    bets = {PERSON: {"type": "bet", "on": "banker", "amount": 50}, 2: {"type": "bet", "on": "player", "amount": 30}}
    play(baccarat, state, house_player(baccarat, bets), lambda s: s.last_round is not None)
    return baccarat.view(state, None), {PERSON: "Alice", 2: "Ana"}


def poker_picture() -> tuple[dict, dict[int, str]]:
    players = [PERSON, -1, -2, -3]
    state = poker.new(poker.Options(), [SeatSpec(p, 1000) for p in players])
    play(poker, state, computer(poker), lambda s: s.hand is not None and s.hand.street == "river")
    return poker.view(state, None), names(players)


def tarot_picture() -> tuple[dict, dict[int, str]]:
    players = [PERSON, -1, -2, -3]
    options = french_tarot.Options(players=4, bots=3, hands=3)  # a deal everyone passes is dealt again
    state = french_tarot.new(options, [SeatSpec(p) for p in players])
    play(french_tarot, state, computer(french_tarot),
         lambda s: french_tarot.view(s, None).get("trick_number", 0) >= 6 and len(s.trick) == 3)
    return french_tarot.view(state, None), names(players)


def rummy_picture() -> tuple[dict, dict[int, str]]:
    players = [PERSON, -1]
    state = rummy.new(rummy.Options(opponent="bot"), [SeatSpec(p) for p in players])
    play(rummy, state, computer(rummy), lambda s: rummy.view(s, None)["stock"] <= 44)
    return rummy.view(state, None), names(players)


def loc_picture() -> tuple[dict, dict[int, str]]:
    players = [PERSON, -1, -2, -3]
    state = loc.new(loc.Options(), [SeatSpec(p, 500) for p in players])
    play(loc, state, computer(loc), lambda s: s.phase == "play" and s.play == 4)
    return loc.view(state, None), names(players)


def arcanoid_picture() -> tuple[dict, dict[int, str]]:
    players = [PERSON, -1, -2, -3]
    state = arcanoid.new(arcanoid.Options(), [SeatSpec(p) for p in players])
    for _ in range(MOST_MOVES):  # computers move; a reaction window closes when its time is up
        if len(arcanoid.view(state, None)["touched"]) >= 3:
            break
        waiting = arcanoid.pending(state)
        if waiting:
            arcanoid.apply(state, waiting[0], arcanoid.computer_action(state, waiting[0]))
        else:
            arcanoid.apply(state, RUNTIME_PLAYER, {"type": "close_window"})
    return arcanoid.view(state, None), names(players)


PICTURES: dict[str, tuple[Callable[[], tuple[dict, dict[int, str]]], Callable[..., bytes]]] = {
    "blackjack": (blackjack_picture, render_blackjack),
    "baccarat": (baccarat_picture, render_baccarat),
    "poker": (poker_picture, render_poker),
    "tarot": (tarot_picture, render_tarot),
    "rummy": (rummy_picture, render_rummy),
    "loc": (loc_picture, render_loc),
    "arcanoid": (arcanoid_picture, render_arcanoid),
}


def table_pictures() -> None:
    for game, (moment, render) in PICTURES.items():
        with fairness.predictable(f"picture-{game}-1"):  # the same deal every time
            view, who = moment()
        path = DOCS / f"{game}.png"
        path.write_bytes(render(view, who))
        print(f"wrote {path.relative_to(ROOT)}")


async def sandbox_screenshot() -> None:
    """The sandbox in a real browser: a poker table against three computers, a few moves in."""
    from tests.sandbox.helpers import Sandbox, browser_page, images_loaded, open_channel, refresh, run_command

    with tempfile.TemporaryDirectory() as folder:
        sandbox = Sandbox(Path(folder), computer_pause=0.2)
        try:
            async with browser_page() as page:
                await open_channel(page, sandbox, "poker")
                await run_command(page, "poker create", bots="3")
                await page.get_by_role("button", name="Start", exact=True).click()
                for _ in range(3):
                    await page.wait_for_timeout(1500)
                    await refresh(page)
                    call = page.get_by_role("button", name="Call", exact=True, disabled=False)
                    if await call.count():
                        await call.last.click()
                await refresh(page)
                await images_loaded(page)
                shot = Path(folder) / "sandbox.png"
                await page.screenshot(path=shot)
                shutil.copy(shot, DOCS / "sandbox.png")
                print("wrote docs/sandbox.png")
        finally:
            sandbox.interrupt()
            sandbox.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--screenshot", action="store_true", help="also the sandbox page in chromium")
    args = parser.parse_args()
    table_pictures()
    if args.screenshot:
        asyncio.run(sandbox_screenshot())


if __name__ == "__main__":
    main()
