"""The drawing pool's memo (issue 31): a picture whose inputs the workers drew lately is answered
without a worker, the same bytes; other inputs (a changed view, other names, another keyword)
are drawn; the memo never holds more than its bounds."""

from __future__ import annotations

from bot.drawing import DrawingPool, Memo
from renders.blackjack import render_blackjack
from renders.hand import render_hand
from tests.renders.samples import NAMES, bj_playing


async def test_the_same_inputs_are_answered_from_the_memo_and_changed_ones_drawn():
    # a cold worker's first picture may pass the 5 s deadline on a loaded machine (and be drawn in a
    # thread, outside the memo): this test is about the memo, not the deadline
    pool = DrawingPool(1, deadline=120.0, warm=False)
    await pool.start()
    try:
        view = bj_playing()
        first = await pool.draw(render_blackjack, view, NAMES, "rws")
        assert pool.drawn == 1
        assert await pool.draw(render_blackjack, bj_playing(), dict(NAMES), "rws") == first
        assert (pool.drawn, pool.memo.reused) == (1, 1), "equal inputs: not drawn again"
        view["seats"][0]["stack"] += 1
        changed = await pool.draw(render_blackjack, view, NAMES, "rws")
        renamed = await pool.draw(render_blackjack, bj_playing(), {**NAMES, 1: "Someone else"}, "rws")
        assert changed == render_blackjack(view, NAMES, "rws") != first
        assert renamed != first and pool.drawn == 3
        captioned = await pool.draw(render_hand, ["2C"], caption="Cards of Alice")
        assert captioned != await pool.draw(render_hand, ["2C"]) and pool.drawn == 5
    finally:
        await pool.close()


async def test_a_pool_drawing_in_threads_keeps_no_memo():
    pool = DrawingPool(0)
    await pool.draw(render_hand, ["2C"])
    await pool.draw(render_hand, ["2C"])
    assert pool.memo.reused == 0


def test_the_memo_forgets_the_least_recently_used_past_its_bounds():
    memo = Memo(images=2, size=10)
    a, b, c = (Memo.key("renders.hand", "render_hand", ([code],), {}) for code in ("2C", "3C", "4C"))
    memo.put(a, b"aaaa")
    memo.put(b, b"bbbb")
    assert memo.get(a) == b"aaaa"  # a used last: b goes first
    memo.put(c, b"cccc")
    assert (memo.get(a), memo.get(b), memo.get(c)) == (b"aaaa", None, b"cccc")
    memo.put(b, b"bbbbbbbb")  # 4 + 4 + 8 bytes > 10: the two oldest go
    assert (memo.get(a), memo.get(c), memo.get(b)) == (None, None, b"bbbbbbbb")
    memo.put(a, b"x" * 11)  # larger than the whole memo: not kept
    assert memo.get(a) is None and memo.get(b) == b"bbbbbbbb"
