"""Re-deal a Tarot Table deal (scheme hmac-sha256-v1, docs/fairness.md) with nothing but Python.

    python verify_deal.py deals.json      (a file from /history or /verify)
    python verify_deal.py                 (paste the JSON, then Ctrl-D)

The unshuffled deck is rebuilt here, never taken on trust: a record whose deck is not the one
its "pack", "decks" and "gathered" make is refused, since with a deck of its own choosing
whoever knows the seed could put any cards on top. Prints MATCHES, DOES NOT MATCH or REFUSED
for each deal, with the client string that was mixed in; exits 1 unless every deal matches."""

import hashlib
import hmac
import json
import re
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]
TAROT = [rank + suit for suit in "WCSP" for rank in RANKS] + [str(n) for n in range(22)]
PACKS = {"tarot": TAROT, "standard": [c for c in TAROT[:56] if not c.startswith("N")] + ["0"]}  # Loc's: no Knights
MAX_DECKS = 8


def shown(value):
    """A record's value as JSON writes it."""
    return json.dumps(value, ensure_ascii=False)


def shuffle(seed, client, nonce, deck):
    """Steps 1-6 of the recipe: the deck, top card first."""
    def words():
        counter = 0
        while True:
            block = hmac.new(seed.encode(), f"{client}:{nonce}:{counter}".encode(), hashlib.sha256).digest()
            for i in range(0, 32, 4):
                yield int.from_bytes(block[i:i + 4], "big")
            counter += 1
    stream = words()

    def uniform(n):
        while True:
            w = next(stream)
            if w < 2**32 - 2**32 % n:
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


def deck_problem(record):
    """Why the record's deck is not the unshuffled deck rebuilt from its pack, decks, gathered."""
    pack, decks, gathered, deck = (record.get(k) for k in ("pack", "decks", "gathered", "deck"))
    if gathered is None:
        return "the record does not say how its deck was made (saved before it did): ask /verify for it again"
    if pack not in PACKS or type(decks) is not int or not 1 <= decks <= MAX_DECKS or type(gathered) is not bool:
        return (f"pack {shown(pack)}, decks {shown(decks)}, gathered {shown(gathered)} is no deck the bot deals "
                f"(packs: {', '.join(PACKS)}; 1 to {MAX_DECKS} decks; gathered: true or false)")
    if not isinstance(deck, list) or not deck:
        return "the deck is missing"
    if not gathered:  # a first deal or a shoe: whole packs, one after the other
        whole = PACKS[pack] * decks
        if deck != whole:
            return f"the deck is not {decks} whole {pack} deck(s) in the canonical order"
        return None
    for position, code in enumerate(deck):  # a shuffle inside a hand: the gathered cards, in order
        if code not in PACKS[pack]:
            return f"{shown(code)} is not an upright card of the {pack} pack"
        if deck.count(code) > decks:
            return f"{code} is in the gathered deck {deck.count(code)} times, more than the {decks} deck(s) in play"
        if position and TAROT.index(code) < TAROT.index(deck[position - 1]):
            return f"the gathered cards are not in the canonical order: {code} comes after {deck[position - 1]}"
    return None


def check(record):
    """What is wrong with the record (None: it matches), and whether it was refused unchecked."""
    if record.get("scheme") != "hmac-sha256-v1":
        return f"scheme {shown(record.get('scheme'))} is not hmac-sha256-v1 (use /verify for older deals)", True
    if not isinstance(record.get("seed"), str) or \
            hashlib.sha256(record["seed"].encode()).hexdigest() != record.get("commitment"):
        return "SHA-256 of the seed is not the commitment", True
    nonce = record.get("nonce")
    if not (type(nonce) is int and nonce >= 1 or isinstance(nonce, str) and re.fullmatch("[1-9][0-9]*", nonce)):
        return f"the nonce must be a positive whole number written plainly (7, not \"07\"): it is {shown(nonce)}", True
    if not isinstance(record.get("client"), str):
        return "the client string is missing", True
    played = record.get("cards")
    if not isinstance(played, list) or not played:
        return "the record names no card that left the deck", True
    problem = deck_problem(record)
    if problem:
        return problem, True
    dealt = shuffle(record["seed"], record["client"], nonce, record["deck"])
    if len(played) > len(dealt):
        return "more cards were played than the deck holds", False
    for position, (card, redealt) in enumerate(zip(played, dealt, strict=False), 1):
        if card != redealt:
            return f"card {position} was {card}, the shuffle gives {redealt}", False
    return None, False


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as file:
            data = json.load(file)
    else:
        data = json.loads(sys.stdin.read())
    records = data if isinstance(data, list) else [data]
    failed = 0
    for record in records:
        problem, refused = check(record) if isinstance(record, dict) else ("not a record", True)
        failed += problem is not None
        record = record if isinstance(record, dict) else {}
        head = (f"nonce {shown(record.get('nonce'))}, commitment {str(record.get('commitment'))[:16]}…, "
                f"client string {shown(record.get('client'))}")
        if problem is None:
            made = "gathered cards" if record["gathered"] else f"{record['decks']} whole {record['pack']} deck(s)"
            print(f"{head}: MATCHES ({len(record['cards'])} cards; unshuffled deck: {made}, {len(record['deck'])} cards)")
        else:
            print(f"{head}: {'REFUSED' if refused else 'DOES NOT MATCH'}: {problem}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
