"""The one bounded map a worker keeps things in (scorekeeper/web/memory.py), at the edges of its bounds."""

from __future__ import annotations

import threading

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.web import memory
from scorekeeper.web.memory import Kept


def test_a_count_bound_drops_the_least_recently_used_first():
    kept = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # a is now the most recently used
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c"), len(kept)) == (1, None, 3, 2)


def test_a_byte_bound_counts_each_value_by_its_size_and_never_keeps_one_past_it():
    kept = Kept(10, getsizeof=len)
    kept.put("a", b"12345")
    kept.put("b", b"12345")
    assert kept.size == 10 and len(kept) == 2  # exactly at the bound: both kept
    kept.put("c", b"1")
    assert kept.get("a") is None and kept.size == 6
    kept.put("big", b"x" * 11)  # past the whole bound: not kept, nothing dropped for it
    assert kept.get("big") is None and kept.size == 6 and len(kept) == 2
    kept.put("b", b"x" * 11)  # a value past the bound does not replace the one kept
    assert kept.get("b") == b"12345"


def test_unless_keeps_the_value_already_there():
    kept = Kept(4)
    kept.put("game", 5)
    kept.put("game", 4, unless=lambda old: old > 4)
    assert kept.get("game") == 5
    kept.put("game", 6, unless=lambda old: old > 6)
    assert kept.get("game") == 6


@given(st.lists(st.tuples(st.integers(0, 20), st.binary(max_size=12)), max_size=60), st.integers(1, 40))
def test_whatever_is_put_the_bound_holds_and_the_last_value_put_is_the_one_kept(puts, bound):
    kept = Kept(bound, getsizeof=len)
    last = {}
    for key, value in puts:
        kept.put(key, value)
        if len(value) <= bound:
            last[key] = value
        assert kept.size <= bound and kept.size == sum(len(kept.get(k) or b"") for k in kept)
    for key in kept:
        assert kept.get(key) == last[key]


def test_threads_putting_at_once_leave_it_within_its_bound():
    kept = Kept(50)

    def put(offset: int) -> None:
        for number in range(2000):
            kept.put(offset + number, number)
            kept.get(offset + number // 2)

    threads = [threading.Thread(target=put, args=(offset * 10_000,)) for offset in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(kept) == 50 and len(kept.keys()) == 50


def test_each_app_has_its_own_map_by_name(app):
    with app.app_context():
        made = memory.kept("a test's map", lambda: Kept(3))
        assert memory.kept("a test's map", lambda: Kept(9)) is made


def test_a_qr_code_is_drawn_once_a_link_and_label_and_is_what_drawing_it_makes(app, monkeypatch):
    from scorekeeper.web import links

    drawn = []
    draw = links._draw
    monkeypatch.setattr(links, "_draw", lambda url, label: drawn.append((url, label)) or draw(url, label))
    with app.app_context():
        first = links.qr_svg("https://pitch.test/games/a/join#key=one")
        assert links.qr_svg("https://pitch.test/games/a/join#key=one") == first == draw(
            "https://pitch.test/games/a/join#key=one", "QR code of the co-scorer link")
        other_key = links.qr_svg("https://pitch.test/games/a/join#key=two")  # a changed key: another code
        other_label = links.qr_svg("https://pitch.test/games/a/join#key=one", "QR code of table 1's link")
        assert len({first, other_key, other_label}) == 3
        assert 'aria-label="QR code of table 1&#39;s link"' in other_label
    assert drawn == [("https://pitch.test/games/a/join#key=one", "QR code of the co-scorer link"),
                     ("https://pitch.test/games/a/join#key=two", "QR code of the co-scorer link"),
                     ("https://pitch.test/games/a/join#key=one", "QR code of table 1's link")]
