"""The public deal algorithm `hmac-sha256-v1` (rules/fairness.md) and every game's deals under it.

The algorithm is checked against fixed vectors (the rule's example and those docs/fairness.md
publishes), computed by `reference` below: steps 1-6 written again in a few lines, apart from
the bot's code (it reads the card codes as text, with no import from `games`). Then properties:
a permutation, exactly ⌊n/2⌋ reversed, uniform(n) unbiased with its rejection boundary. Then,
for every game, played with the operating system's seeds as at a real table: the next deal's
commitment is known before the deal, the revealed record re-deals exactly the cards that left
the deck, nonces count 1, 2, 3 … and no seed shows before its deal is over."""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import fairness, house
from games.base import RUNTIME_PLAYER, Event, SeatSpec
from games.cards import card, codes, full_deck
from games.registry import GAMES

MAX_MOVES = 3000
DOCS = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
SCRIPT = DOCS.parent / "verify_deal.py"


def load_script() -> Any:
    """docs/verify_deal.py as a module, imported from its file (it has no project imports)."""
    spec = importlib.util.spec_from_file_location("verify_deal", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


verify_deal = load_script()

# --- an independent reimplementation ------------------------------------------------------------

SUIT_ORDER, RANK_ORDER = "WCSP", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]
CANONICAL = [r + s for s in SUIT_ORDER for r in RANK_ORDER] + [str(n) for n in range(22)]


def reference(seed: str, client: str, nonce: int, deck: list[str]) -> list[str]:
    """rules/fairness.md steps 1-6, as a player would write them."""
    def words():
        counter = 0
        while True:
            block = hmac.new(seed.encode(), f"{client}:{nonce}:{counter}".encode(), hashlib.sha256).digest()
            for i in range(0, 32, 4):
                yield int.from_bytes(block[i:i + 4], "big")
            counter += 1

    stream = words()

    def uniform(n: int) -> int:
        while (w := next(stream)) >= 2**32 - 2**32 % n:
            pass
        return w % n

    n, p = len(deck), list(range(len(deck)))
    for i in range(n // 2):
        j = i + uniform(n - i)
        p[i], p[j] = p[j], p[i]
    turned = set(p[:n // 2])
    cards = [c + "r" if i in turned else c for i, c in enumerate(deck)]
    for i in range(n - 1, 0, -1):
        j = uniform(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def bot_deal(seed: str, client: str, nonce: int, deck: list[str]) -> list[str]:
    return codes(fairness.shuffled([card(c) for c in deck], seed, client, nonce))


# --- fixed vectors ----------------------------------------------------------------------------------

ZEROS = "0" * 64
# (seed, client string, nonce, unshuffled deck, the top cards of the deal), as docs/fairness.md publishes
VECTORS = [
    (ZEROS, "alice,bob", 1, CANONICAL, "3C 3Sr 13 6Sr JP 2Wr 4Cr 18 NP 14"),
    (hashlib.sha256(b"tarot table").hexdigest(), "", 7, CANONICAL, "7S JW 6W 10C 15r NPr 13 6r 8r 1r"),
    ("0123456789abcdef" * 4, "lucky-7,c0ffee,Zoë", 3, CANONICAL * 4, "8Sr QSr KC 15r 11 10W JS 7P NPr 9r"),
    ("f" * 64, "x", 2, ["AW", "2W", "3W", "4W", "5W"], "AWr 5Wr 2W 4W 3W"),
]


def test_the_rules_example_first_block_and_first_uniform() -> None:
    block = hmac.new(b"0" * 64, b"alice,bob:1:0", hashlib.sha256).digest()
    stream = fairness.Stream(ZEROS, "alice,bob", 1)
    first = int.from_bytes(block[:4], "big")
    assert stream.word() == first == 3592757846
    assert fairness.Stream(ZEROS, "alice,bob", 1).uniform(78) == first % 78 == 2
    assert block.hex().startswith("d6252256d4565880")


@pytest.mark.parametrize(("seed", "client", "nonce", "deck", "top"), VECTORS)
def test_the_published_vectors(seed: str, client: str, nonce: int, deck: list[str], top: str) -> None:
    dealt = bot_deal(seed, client, nonce, deck)
    assert dealt[:len(top.split())] == top.split() == reference(seed, client, nonce, deck)[:len(top.split())]
    assert dealt == reference(seed, client, nonce, deck)


def test_docs_publish_these_vectors() -> None:
    text = DOCS.read_text()
    for _, client, nonce, _, top in VECTORS:
        assert top in text and f"nonce {nonce}" in text and (client == "" or f"`{client}`" in text)


def test_the_canonical_deck_is_the_rules_order() -> None:
    assert codes(full_deck()) == CANONICAL
    assert codes(fairness.canonical([card("5Pr"), card("0"), card("AW"), card("KC")])) == ["AW", "KC", "5P", "0"]


@settings(max_examples=150, deadline=None)
@given(seed=st.text("0123456789abcdef", min_size=64, max_size=64), client=st.text(max_size=40),
       nonce=st.integers(1, 10**6), size=st.integers(0, 320))
def test_many_seeds_match_the_reference(seed: str, client: str, nonce: int, size: int) -> None:
    deck = (CANONICAL * 5)[:size]
    assert bot_deal(seed, client, nonce, deck) == reference(seed, client, nonce, deck)


# --- properties -----------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(seed=st.text(min_size=1, max_size=64), nonce=st.integers(1, 10**9), size=st.integers(0, 312))
def test_a_deal_is_a_permutation_with_exactly_half_reversed(seed: str, nonce: int, size: int) -> None:
    deck = [card(c) for c in (CANONICAL * 4)[:size]]
    dealt = fairness.shuffled(deck, seed, "a,b", nonce)
    assert Counter(c.face for c in dealt) == Counter(deck)
    assert sum(c.reversed for c in dealt) == size // 2


def test_uniform_rejects_exactly_the_words_at_or_above_the_boundary() -> None:
    for n in (1, 2, 3, 7, 78, 234, 312, 2**31 + 1):
        limit = 2**32 - 2**32 % n
        assert limit % n == 0 and 2**32 - limit < n  # below the limit every residue is equally often
        words = iter([2**32 - 1, limit, limit - 1])
        stream = fairness.Stream(ZEROS, "", 1)
        stream.word = lambda w=words: next(w)  # type: ignore[method-assign]
        expected = (limit - 1) % n
        if limit == 2**32:  # n divides 2^32: nothing is ever rejected
            assert stream.uniform(n) == (2**32 - 1) % n
            continue
        assert stream.uniform(n) == expected  # 2^32-1 and the limit itself were discarded


def test_uniform_is_unbiased_over_many_draws() -> None:
    stream = fairness.Stream("bias check", "", 1)
    n, draws = 78, 78_000
    counts = Counter(stream.uniform(n) for _ in range(draws))
    expected = draws / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    assert set(counts) == set(range(n))
    assert chi2 < 130  # 77 degrees of freedom: p < 0.0002 above this; the draws are fixed by the seed


def test_uniform_refuses_nothing_to_choose_from() -> None:
    with pytest.raises(ValueError):
        fairness.Stream(ZEROS, "", 1).uniform(0)


def test_the_dealer_commits_its_next_seed_before_it_deals_and_counts_nonces() -> None:
    dealer = fairness.new_dealer()
    dealer.clients = {"5": "five", "3": "three"}
    shown = dealer.next_commitment
    deal, cards = dealer.draw("hand 1", [5, -1, 3])
    assert deal.commitment == shown and deal.nonce == 1 and deal.client == "five,three"  # seat order, no computer
    assert codes(cards) == reference(deal.seed, "five,three", 1, CANONICAL)
    assert dealer.next_commitment != shown and dealer.draw("hand 2", [3])[0].nonce == 2


# --- every game ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    options: dict[str, Any]
    seats: list[SeatSpec]
    bet: dict[str, Any] | None = None  # house games: each round's bet (their default is to pass)


SETUPS = {
    "blackjack": Setup({"decks": 1}, [SeatSpec(1, 10_000)], {"type": "bet", "amount": 10}),
    "baccarat": Setup({"decks": 1}, [SeatSpec(1, 10_000)], {"type": "bet", "on": "player", "amount": 10}),
    "poker": Setup({"timer": 0}, [SeatSpec(1, 1000), SeatSpec(2, 1000)]),
    "loc": Setup({}, [SeatSpec(1, 500), SeatSpec(2, 500), SeatSpec(3, 500)]),
    "tarot": Setup({"players": 3, "hands": 3}, [SeatSpec(1), SeatSpec(2), SeatSpec(3)]),
    "rummy": Setup({}, [SeatSpec(1), SeatSpec(2)]),
    "arcanoid": Setup({"rounds": 3}, [SeatSpec(1), SeatSpec(2), SeatSpec(3)]),
}
CLIENTS = {1: "one", 2: "two:2", 3: "three"}


def move(module: Any, setup: Setup, state: Any) -> list[Event]:
    if not module.pending(state):  # an open reaction window (Arcanoid): its time runs out
        return module.apply(state, RUNTIME_PLAYER, {"type": "close_window"})
    player = module.pending(state)[0]
    betting = setup.bet is not None and getattr(state, "phase", None) == "betting"
    action = setup.bet if betting else module.default_action(state, player)
    return module.apply(state, player, action)


def everything_shown(module: Any, state: Any) -> str:
    """Every view (each player's and a spectator's) and every /history record, as text."""
    players = [*module.players(state), None]
    shown = [module.view(state, p) for p in players]
    shown += [module.history(state, p) for p in players if p is not None]
    return json.dumps(shown)


def new_table(name: str) -> tuple[Any, Setup, Any]:
    module, setup = GAMES[name], SETUPS[name]
    dealer = fairness.new_dealer()
    dealer.clients = {str(p): seed for p, seed in CLIENTS.items()}
    first_commitment = dealer.next_commitment
    state = module.new(module.Options(**setup.options), list(setup.seats), fair=dealer)
    [first] = module.deals_in_play(state)
    assert first.commitment == first_commitment, "the first deal is the one committed before the table started"
    return module, setup, state


def play_until_revealed(name: str, count: int = 1) -> tuple[Any, Any, list[dict[str, Any]], list[Event]]:
    """A table (secret seeds) played by safe moves until `count` deals are revealed. Returns the
    module, the state, the revealed records and every event seen. A house shoe is run low after
    a round, so the next round replaces (and reveals) it."""
    module, setup, state = new_table(name)
    secrets_ = {d.seed for d in module.deals_in_play(state)} | {state.fair.next_seed}
    committed_before = {state.fair.next_commitment, *(d.commitment for d in module.deals_in_play(state))}
    seen: list[Event] = []
    revealed: list[dict[str, Any]] = []
    for _ in range(MAX_MOVES):
        shown = everything_shown(module, state)
        assert not [s for s in secrets_ if s in shown], "a seed was shown before its deal was over"
        if setup.bet is not None and getattr(state, "history", None):
            state.shoe.cards = state.shoe.cards[:10]  # low: the next round takes a new shoe
        next_commitment = state.fair.next_commitment
        events = move(module, setup, state)
        seen += events
        for event in events:
            if event.kind == "deal_committed":
                assert event.data["commitment"] == next_commitment, "a deal spends the seed committed before it"
                next_commitment = state.fair.next_commitment
            if event.kind == "deal_revealed":
                revealed.append(event.data)
                secrets_.discard(event.data["seed"])
        secrets_ |= {d.seed for d in module.deals_in_play(state)} | {state.fair.next_seed}
        committed_before.add(state.fair.next_commitment)
        if len(revealed) >= count:
            assert all(r["commitment"] in committed_before for r in revealed)
            return module, state, revealed, seen
    raise AssertionError(f"{name}: {count} deals were not revealed in {MAX_MOVES} moves")


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_revealed_record_re_deals_exactly_the_cards_that_left_the_deck(name: str) -> None:
    module, state, [record, *_], _ = play_until_revealed(name)
    assert record["scheme"] == fairness.SCHEME and fairness.commitment(record["seed"]) == record["commitment"]
    assert re.fullmatch(r"[0-9a-f]{64}", record["seed"]), "a server seed is 32 bytes from secrets"
    assert record["client"] == ",".join(CLIENTS[s.player] for s in SETUPS[name].seats)
    assert len(record["cards"]) >= 3
    assert reference(record["seed"], record["client"], record["nonce"], record["deck"])[:len(record["cards"])] \
        == record["cards"]
    assert fairness.first_difference(record) is None
    assert fairness.problem(record) is None and verify_deal.check(record) == (None, False), \
        "both checkers rebuild this unshuffled deck themselves"
    assert record["gathered"] is False and record["deck"] == list(fairness.PACKS[record["pack"]]) * record["decks"]
    tampered = {**record, "cards": [record["cards"][1], record["cards"][0], *record["cards"][2:]]}
    assert fairness.first_difference(tampered) == 1
    assert fairness.first_difference({**record, "client": record["client"] + "x"}) is not None
    history = [d for p in module.players(state) for r in module.history(state, p) for d in r["deals"]]
    assert any(d["seed"] == record["seed"] and d["commitment"] == record["commitment"] for d in history), \
        "/history shows the seed and its commitment once the deal is over"


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_nonces_count_the_tables_deals_from_one(name: str) -> None:
    _, state, _, seen = play_until_revealed(name, count=3)
    nonces = [e.data["nonce"] for e in seen if e.kind == "deal_committed"]
    assert nonces == list(range(2, 2 + len(nonces))) and len(nonces) >= 2  # deal 1 was drawn at the start
    assert state.fair.nonce == nonces[-1]


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_next_deal_is_committed_and_its_seed_stays_secret(name: str) -> None:
    module, state, [record, *_], _ = play_until_revealed(name)
    upcoming = state.fair.next_seed
    assert upcoming != record["seed"] and fairness.commitment(upcoming) == state.fair.next_commitment
    assert upcoming not in everything_shown(module, state)
    assert all(d.seed not in everything_shown(module, state) for d in module.deals_in_play(state))


def test_fresh_seeds_are_secret_and_tests_can_make_them_predictable() -> None:
    seeds = {fairness.fresh_seed() for _ in range(100)}
    assert len(seeds) == 100 and all(re.fullmatch(r"[0-9a-f]{64}", s) for s in seeds)
    with fairness.predictable("t") as source:
        assert fairness.fresh_seed() == hashlib.sha256(b"t:1").hexdigest() and source.count == 1
    assert fairness.fresh_seed() != hashlib.sha256(b"t:2").hexdigest()


@pytest.mark.parametrize(("text", "ok"), [
    ("3f2a" * 8, True), ("", False), ("x" * 65, False), ("two words", False), ("tab\there", False),
    ("\u200b" * 3, False),
])
def test_what_may_be_a_seed_is_checked_before_any_work(text: str, ok: bool) -> None:
    assert fairness.looks_like_seed(text) is ok


def test_a_rummy_hand_saved_before_this_scheme_draws_the_same_next_card() -> None:
    """The old stock's top was its end; loaded today, its top is its first card: the same card."""
    state = GAMES["rummy"].new(GAMES["rummy"].Options(), [SeatSpec(1), SeatSpec(2)])
    old = GAMES["rummy"].to_dict(state)
    old.pop("fair")
    old["stock"] = list(reversed(old["stock"]))  # as the version before saved it
    loaded = GAMES["rummy"].from_dict(old)
    assert loaded.stock == state.stock and loaded.stock[0] == state.stock[0]


# --- forged records: refused by the checkers (issue 27, item 3) ----------------------------------


def dealt_by(record: dict[str, Any], count: int) -> list[str]:
    """The cards a forger writes: the top `count` of the shuffle of the record's own deck."""
    return reference(record["seed"], record["client"], record["nonce"], record["deck"])[:count]


def rigged(record: dict[str, Any], top: str) -> dict[str, Any]:
    """The deck reordered so that `top` comes out first: the shuffle's permutation depends only on
    seed, client, nonce and the deck's length, so whoever knows the seed can do this."""
    positions = reference(record["seed"], record["client"], record["nonce"], [str(i) for i in range(len(record["deck"]))])
    first = int(positions[0].rstrip("r"))  # the deck position the shuffle puts on top
    deck = list(record["deck"])
    wanted = deck.index(top)
    if deck[wanted] == deck[first]:  # the shuffle already puts it on top: rig the next card there instead
        wanted = next(i for i in range(len(deck)) if deck[i] != deck[first])
    deck[first], deck[wanted] = deck[wanted], deck[first]
    return {**record, "deck": deck, "cards": dealt_by({**record, "deck": deck}, len(record["cards"]))}


def honest(nonce: int = 4, decks: int = 1, gathered: list[str] | None = None) -> dict[str, Any]:
    """A record the bot's dealer makes (the seed of a finished deal), eight cards taken."""
    dealer = fairness.Dealer(hashlib.sha256(b"forgeries").hexdigest(), nonce - 1)
    dealer.clients = {"7": "alices-own-seed"}
    deal, deck = dealer.draw("hand 4", [7], decks=decks, gathered=None if gathered is None else
                             [card(c) for c in gathered])
    for _ in range(min(8, len(deck))):
        deal.take(deck)
    return deal.record()


def forgeries() -> dict[str, dict[str, Any]]:
    record = honest()
    one_card = {**record, "deck": ["21"] * 78}
    gathered = honest(gathered=["AW", "2W", "3W", "KC", "5S", "0", "6", "21"])
    doubled = {**gathered, "deck": ["AW", "AW", "2W", "3W", "KC", "5S", "0", "21"]}
    return {
        "a rigged deck order": rigged(record, "21"),
        "78 copies of one card": {**one_card, "cards": dealt_by(one_card, 8)},
        'nonce "07"': {**record, "nonce": "07", "cards": dealt_by({**record, "nonce": "07"}, 8)},
        'nonce " 7"': {**record, "nonce": " 7", "cards": dealt_by({**record, "nonce": " 7"}, 8)},
        "no cards": {**record, "cards": []},
        "a gathered card more often than the decks": {**doubled, "cards": dealt_by(doubled, 8)},
    }


REFUSALS = {  # what each forgery is refused for, in the bot's words and the script's
    "a rigged deck order": ("not 1 whole tarot deck in the canonical order", "not 1 whole tarot deck(s)"),
    "78 copies of one card": ("not 1 whole tarot deck in the canonical order", "not 1 whole tarot deck(s)"),
    'nonce "07"': ("written plainly", "written plainly"),
    'nonce " 7"': ("written plainly", "written plainly"),
    "no cards": ("no card that left the deck", "no card that left the deck"),
    "a gathered card more often than the decks": ("AW is in the gathered deck 2 times, more than the 1 deck",
                                                  "AW is in the gathered deck 2 times, more than the 1 deck"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_forged_record_is_refused_by_the_bot_and_by_the_script(name: str) -> None:
    forged = forgeries()[name]
    if "deck" in name or "card" in name and forged["cards"]:  # re-dealing alone trusted the deck: it "matched"
        assert fairness.first_difference(forged) is None
    bots, scripts = REFUSALS[name]
    assert bots in (fairness.problem(forged) or ""), fairness.problem(forged)
    problem, refused = verify_deal.check(forged)
    assert refused and scripts in problem, problem


def test_the_rigged_record_would_put_the_forgers_card_on_top() -> None:
    forged = forgeries()["a rigged deck order"]
    assert forged["cards"][0].rstrip("r") == "21" and forged["deck"] != honest()["deck"]


def test_the_script_run_with_plain_python_refuses_every_forgery_and_prints_the_client_string(tmp_path: Path) -> None:
    path = tmp_path / "deals.json"
    path.write_text(json.dumps([honest(), *forgeries().values()]))
    run = subprocess.run([sys.executable, "-I", str(SCRIPT), str(path)], capture_output=True, text=True, timeout=60)
    lines = run.stdout.splitlines()
    assert run.returncode == 1 and len(lines) == 1 + len(REFUSALS), run.stdout + run.stderr
    assert "MATCHES" in lines[0] and 'client string "alices-own-seed"' in lines[0], lines[0]
    assert "1 whole tarot deck(s), 78 cards" in lines[0]
    assert all(": REFUSED: " in line and "alices-own-seed" in line for line in lines[1:]), run.stdout


@pytest.mark.parametrize("decks", [1, 2])
def test_honest_gathered_and_shoe_records_pass_both_checkers(decks: int) -> None:
    on_table = [card("AW"), card("5Sr"), card("21")]
    shoe = house.new_shoe(fairness.new_dealer(), [1], decks, number=2, without=on_table)  # a shoe mid-round
    for _ in range(5):
        shoe.deal.take(shoe.cards)
    records = [shoe.deal.record(), honest(decks=decks), honest(gathered=["7P", "KW", "0", "3C"])]
    assert records[0]["gathered"] and records[0]["decks"] == decks and len(records[0]["deck"]) == 78 * decks - 3
    for record in records:
        assert fairness.problem(record) is None and verify_deal.check(record) == (None, False), record["deck"][:5]
    out_of_order = {**records[2], "deck": ["3C", "KW", "7P", "0"]}
    assert "not in the canonical order: KW comes after 3C" in fairness.problem(out_of_order)
    assert "not in the canonical order" in verify_deal.check(out_of_order)[0]


def test_a_record_saved_before_it_said_how_its_deck_was_made() -> None:
    """The script asks for it again (/verify gives it with the fields); a deal in a state saved
    before reads its make from its deck: whole packs, else gathered cards."""
    old = {k: v for k, v in honest().items() if k not in ("pack", "decks", "gathered")}
    problem, refused = verify_deal.check(old)
    assert refused and "ask /verify for it again" in problem
    whole = fairness.Deal.from_dict({"seed": "s", "label": "hand 1", "deck": codes(full_deck()), "nonce": 1})
    gathered = fairness.Deal.from_dict({"seed": "s", "label": "hand 1 deck 2", "deck": ["AW", "0"], "nonce": 2})
    standard = fairness.Deal.from_dict({"seed": "s", "label": "hand 1", "deck": list(fairness.PACKS["standard"])})
    assert whole.make() == {"pack": "tarot", "decks": 1, "gathered": False}
    assert gathered.make() == {"pack": "tarot", "decks": 1, "gathered": True}
    assert standard.make() == {"pack": "standard", "decks": 1, "gathered": False}
    assert fairness.Deal.from_dict(whole.to_dict()) == whole


def test_a_standard_loc_deck_is_its_own_pack() -> None:
    module = GAMES["loc"]
    dealer = fairness.new_dealer()
    state = module.new(module.Options(deck="standard"), [SeatSpec(p, 500) for p in (1, 2, 3)], fair=dealer)
    [deal] = module.deals_in_play(state)
    record = deal.record()
    assert record["pack"] == "standard" and len(record["deck"]) == 53 and "NW" not in record["deck"]
    assert fairness.problem(record) is None and verify_deal.check(record) == (None, False)
    assert "card 12 is QW, the unshuffled deck has NW" in fairness.problem({**record, "pack": "tarot"})
