"""Re-deal a Tarot Table deal (scheme hmac-sha256-v1, docs/fairness.md) with nothing but Python.

    python verify_deal.py deals.json      (a file from /history or /verify)
    python verify_deal.py                 (paste the JSON, then Ctrl-D)

Prints MATCHES or DOES NOT MATCH for each deal; exits 1 if any does not match."""

import hashlib
import hmac
import json
import sys


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


def check(record):
    """What is wrong with the record (None: it matches)."""
    if record.get("scheme") != "hmac-sha256-v1":
        return f"scheme {record.get('scheme')!r} is not hmac-sha256-v1 (use /verify for older deals)"
    if hashlib.sha256(record["seed"].encode()).hexdigest() != record["commitment"]:
        return "SHA-256 of the seed is not the commitment"
    dealt = shuffle(record["seed"], record["client"], record["nonce"], record["deck"])
    if len(record["cards"]) > len(dealt):
        return "more cards were played than the deck holds"
    for position, (played, redealt) in enumerate(zip(record["cards"], dealt[:len(record["cards"])], strict=True), 1):
        if played != redealt:
            return f"card {position} was {played}, the shuffle gives {redealt}"
    return None


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as file:
            data = json.load(file)
    else:
        data = json.loads(sys.stdin.read())
    records = data if isinstance(data, list) else [data]
    failed = 0
    for record in records:
        problem = check(record)
        failed += problem is not None
        head = f"nonce {record.get('nonce')}, commitment {str(record.get('commitment'))[:16]}…"
        print(f"{head}: " + (f"MATCHES ({len(record['cards'])} cards)" if problem is None
                             else f"DOES NOT MATCH: {problem}"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
