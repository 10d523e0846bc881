"""One lock a match: a save held open on one match (its fsync) delays no read of another, and
the one door's guarantees hold (an action is never seen half done, a stale one is refused).

Each test holds a save of match A open on an Event and counts what finished before it was let
go; the waits' timeouts only keep a broken build from hanging the run."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.server.standings import Board, StandingsEndpoint, open_boards
from companion.session.follow_up import follow_up_id, open_follow_up, take_back
from companion.session.open_matches import OpenMatches, StaleView
from scoring import caro
from scoring.core import Match
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.storage.store_writes import WAIT, in_thread


class HeldStore(Store):
    """A store whose saves of the match `held` wait until `release` is set."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.held: str | None = None
        self.saving = threading.Event()
        self.release = threading.Event()

    def save(self, mid: str, match: Match) -> None:
        if mid == self.held:
            self.saving.set()
            self.release.wait(WAIT)
        super().save(mid, match)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[HeldStore]:
    with HeldStore(tmp_path) as held:
        yield held


def pair() -> caro.Match:
    return caro.Match(players=["Ann", "Ben"])


def hold_a_save(store: HeldStore, tables: OpenMatches, mid: str, seen: int | None = None
                ) -> tuple[threading.Thread, threading.Event, dict]:
    """Start an action on `mid` whose save waits for `store.release`; returns once it waits."""
    store.held = mid
    started = in_thread(lambda: tables.act(mid, lambda m: m.lay("red", (6, 6)), seen=seen))
    assert store.saving.wait(WAIT), "the held save never started"
    return started


def test_reads_and_changes_of_another_match_do_not_wait_for_a_held_save(
    store: HeldStore
) -> None:
    tables = OpenMatches(store)
    a, b = tables.create(pair()), tables.create(pair())
    tables.act(b, lambda m: m.lay("red", (7, 7)))
    saving_a, saved_a, _ = hold_a_save(store, tables, a)
    finished: list[str] = []

    def other_match() -> None:
        finished.append(str(tables.get(b).match.board))
        finished.append(str(tables.read_open(b, lambda m: m.standing_figures())))
        finished.append(str(open_boards(tables)(b)))
        tables.act(b, lambda m: m.lay("black", (7, 8)), seen=1)
        finished.append("acted on b")
        finished.append(str(tables.made_by(b, 2, None)))
        c = tables.create(pair())
        tables.delete(c)
        finished.append("made and deleted c")
        finished.append(str(len(store.summaries())))

    _, done, out = in_thread(other_match)
    assert done.wait(WAIT) and "error" not in out, out
    assert not saved_a.is_set(), "the save of a was still held while b was read and changed"
    assert len(finished) == 7 and finished[3] == "acted on b"
    store.release.set()
    assert saved_a.wait(WAIT)
    saving_a.join(WAIT)
    assert tables.get(a).version == 1 and tables.get(b).version == 2


def test_a_read_of_the_match_being_saved_waits_for_its_save(store: HeldStore) -> None:
    tables = OpenMatches(store)
    a = tables.create(pair())
    _, saved_a, _ = hold_a_save(store, tables, a)
    order: list[str] = []
    _, read, out = in_thread(lambda: order.append(
        f"read {tables.read_open(a, lambda m: dict(m.board))}"))
    assert not read.wait(0.2)  # no elapsed time is asserted: the order below is what counts
    order.append("released")
    store.release.set()
    assert read.wait(WAIT) and saved_a.wait(WAIT) and "error" not in out
    assert order == ["released", "read {(6, 6): 'red'}"]


def test_an_action_from_the_same_view_waits_and_is_refused_as_stale(store: HeldStore) -> None:
    tables = OpenMatches(store)
    a = tables.create(pair())
    _, first, first_out = hold_a_save(store, tables, a, seen=0)
    _, second, second_out = in_thread(
        lambda: tables.act(a, lambda m: m.lay("black", (6, 7)), seen=0))
    store.release.set()
    assert first.wait(WAIT) and second.wait(WAIT)
    assert "error" not in first_out and isinstance(second_out.get("error"), StaleView)
    assert tables.get(a).version == 1 and store.load(a).board == {(6, 6): "red"}


def test_a_follow_up_is_made_and_taken_back_while_another_save_is_held(
    store: HeldStore
) -> None:
    tables = OpenMatches(store)
    a, done_match = tables.create(pair()), tables.create(pair())
    keeper = tables.session()
    _, saved_a, _ = hold_a_save(store, tables, a)

    def follow() -> str:
        fid = open_follow_up(keeper, done_match, pair)
        assert open_follow_up(keeper, done_match, pair) == fid  # made once
        return take_back(keeper, fid, seen=0)

    _, done, out = in_thread(follow)
    assert done.wait(WAIT) and out.get("value") == done_match, out
    assert not saved_a.is_set()
    store.release.set()
    assert saved_a.wait(WAIT)
    with pytest.raises(KeyError):
        tables.get(follow_up_id(done_match))


def test_no_lock_is_left_behind_by_ids_that_are_not_open(store: HeldStore) -> None:
    tables = OpenMatches(store)
    a = tables.create(pair())
    tables.act(a, lambda m: m.lay("red", (6, 6)))
    for n in range(200):
        assert tables.read_open(f"{n:012x}", lambda m: m) is None
        with pytest.raises(KeyError):
            tables.get(f"{n:012x}")
    tables.read_open(a, lambda m: m)
    tables.delete(a)
    assert tables._locks == {}


def test_standings_of_another_match_are_answered_while_a_lookup_waits_for_a_save(
    store: HeldStore
) -> None:
    tables = OpenMatches(store)
    a, b = tables.create(pair()), tables.create(pair())
    _, saved_a, _ = hold_a_save(store, tables, a)
    looked: list[str] = []

    def lookup(mid: str) -> Board | None:
        board = open_boards(tables)(mid)
        looked.append(mid)
        return board

    async def app(scope, receive, send) -> None:  # nothing else is asked of it
        raise AssertionError(scope)

    guard = StandingsEndpoint(app, lookup, frozenset({"http://127.0.0.1:8550"}))
    headers = [(b"host", b"127.0.0.1:8550"), (b"sec-fetch-site", b"same-origin")]

    async def get(mid: str) -> int:
        sent: list[dict] = []

        async def send(message: dict) -> None:
            sent.append(message)

        await guard({"type": "http", "method": "GET", "path": f"/standings/{mid}",
                     "headers": headers}, None, send)
        return sent[0]["status"]

    async def both() -> list[Any]:
        import asyncio

        first = asyncio.create_task(get(a))
        while a not in guard.busy:
            await asyncio.sleep(0)
        statuses = [await get(b), await get(a), list(looked)]  # a's lookup still waits
        store.release.set()
        statuses.append(await first)
        return statuses

    assert run_apart(both()) == [200, 503, [b], 200]
    assert saved_a.wait(WAIT) and looked == [b, a]


def test_with_the_real_store_a_held_disk_write_holds_up_no_list_or_other_match(
        tmp_path: Path) -> None:
    """The store writes a file outside its own lock too (tests/storage/test_store_writes.py):
    Home's list and another match's tap go on while one match's fsync is held."""
    from tests.support.storage.store_writes import HeldWrites

    with HeldWrites(tmp_path) as store:
        tables = OpenMatches(store)
        a, b = tables.create(pair()), tables.create(pair())
        store.held = a
        _, saved_a, _ = in_thread(lambda: tables.act(a, lambda m: m.lay("red", (6, 6))))
        assert store.writing.wait(WAIT)
        home = tables.session()

        def other_match() -> int:
            tables.act(b, lambda m: m.lay("red", (7, 7)))
            return len(home.summaries())

        _, done, out = in_thread(other_match)
        assert done.wait(WAIT) and out.get("value") == 2, out
        assert not saved_a.is_set()
        store.release.set()
        assert saved_a.wait(WAIT)
        assert tables.get(a).version == 1 and store.load(a).board == {(6, 6): "red"}
