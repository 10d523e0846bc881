"""A save writes its file outside the store's lock: while one match's disk write is held open
(its fsync on a slow card), the list, the notices and the other matches' loads, saves and
creations go on; the same match's load, save and delete wait for it, and so does close.

Each test holds one match's write on an Event and counts what finished before it was let go;
the waits' timeouts only keep a broken build from hanging the run."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from scoring import caro
from storage import Store
from tests.support.storage.store_writes import HeldWrites, in_thread

WAIT = 20  # seconds a step may take before the test gives up on it (never reached when right)


def pair() -> caro.Match:
    return caro.Match(players=["Ann", "Ben"])


def held_save(store: HeldWrites, mid: str, match: caro.Match) -> tuple[threading.Event, dict]:
    """Save `match` as `mid` in a thread whose file write waits; returns once it waits."""
    store.held = mid
    _, done, out = in_thread(lambda: store.save(mid, match))
    assert store.writing.wait(WAIT), "the held write never started"
    return done, out


def test_a_held_write_of_one_match_holds_up_nothing_of_another(tmp_path: Path) -> None:
    with HeldWrites(tmp_path) as store:
        a_match, b_match = pair(), pair()
        a, b = store.create(a_match), store.create(b_match)
        store.load(a)  # known, so its next save replaces the file unread
        a_match.lay("red", (6, 6))
        saved_a, _ = held_save(store, a, a_match)
        finished: list[str] = []

        def other() -> None:
            finished.append(f"{len(store.summaries())} listed")
            finished.append(f"{len(store.notices)} notices")
            finished.append(str(store.load(b).board))
            b_match.lay("red", (7, 7))
            store.save(b, b_match)
            finished.append("saved b")
            finished.append(f"created {store.create(pair())}")
            store.delete(finished[-1].split()[1])
            finished.append("deleted it")

        _, done, out = in_thread(other)
        assert done.wait(WAIT) and "error" not in out, out
        assert not saved_a.is_set() and len(finished) == 6
        order: list[str] = []
        _, loaded, loaded_out = in_thread(lambda: order.append(str(store.load(a).board)))
        assert not loaded.wait(0.2)  # no time is asserted: the order below is what counts
        order.insert(0, "released")
        store.release.set()
        assert saved_a.wait(WAIT) and loaded.wait(WAIT) and "error" not in loaded_out
        assert order == ["released", "{(6, 6): 'red'}"]
        assert {s.id: s.events_count for s in store.summaries()} == {a: 2, b: 2}
    with Store(tmp_path) as again:
        assert again.load(a).board == {(6, 6): "red"} and again.load(b).board == {(7, 7): "red"}


def test_close_waits_for_a_held_write_and_the_index_has_it(tmp_path: Path) -> None:
    store = HeldWrites(tmp_path)
    match = pair()
    mid = store.create(match)
    store.load(mid)
    match.lay("red", (6, 6))
    saved, _ = held_save(store, mid, match)
    _, closed, out = in_thread(store.close)
    assert not closed.wait(0.2)
    store.release.set()
    assert saved.wait(WAIT) and closed.wait(WAIT) and "error" not in out
    with Store(tmp_path) as again:
        assert [s.events_count for s in again.summaries()] == [2]
        assert again.load(mid).board == {(6, 6): "red"}


def test_a_failed_held_write_changes_nothing_and_the_next_save_goes_through(
        tmp_path: Path) -> None:
    with HeldWrites(tmp_path) as store:
        match = pair()
        mid = store.create(match)
        store.load(mid)
        match.lay("red", (6, 6))
        store.fail = True
        saved, out = held_save(store, mid, match)
        store.release.set()
        assert saved.wait(WAIT) and isinstance(out.get("error"), OSError)
        assert store.summaries()[0].events_count == 1 and store.load(mid).board == {}
        store.held = None
        store.save(mid, match)
        assert store.load(mid).board == {(6, 6): "red"}


@pytest.mark.parametrize("step", ["save", "delete"])
def test_the_same_matchs_save_and_delete_wait_for_its_write(tmp_path: Path, step: str) -> None:
    with HeldWrites(tmp_path) as store:
        match = pair()
        mid = store.create(match)
        store.load(mid)
        match.lay("red", (6, 6))
        saved, _ = held_save(store, mid, match)
        second = (lambda: store.save(mid, match)) if step == "save" else (
            lambda: store.delete(mid))
        _, done, out = in_thread(second)
        assert not done.wait(0.2)  # no time is asserted: it is let go only below
        store.release.set()
        assert saved.wait(WAIT) and done.wait(WAIT) and "error" not in out, out
        assert (store.load(mid).board == {(6, 6): "red"} if step == "save"
                else store.summaries() == [])
