"""The index off the save and create paths: what is read and written, crashes at every step.

`create` and `save` write only the match file (the index is written at open when out of date, at
close, and now and then by `create_many`), and `save` replaces the file without reading it while
it is the one the store last wrote. These tests count the reads and writes, kill the store (by
copying the folder as it is) before every file-system call of a create and a save, and open a
folder exactly as the previous version of the store left it.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import storage.atomic
from scoring.core import Standing
from storage import AtomicJSONStorage, Store, fingerprint
from storage.atomic import is_temp_file
from tests.support.storage.store import crash_copy, played
from tests.support.tally import Tally

# -- counting index writes and file reads --------------------------------------------------------


class Counts:
    """Index writes and file reads, by name (`index.json` or a match id)."""

    def __init__(self) -> None:
        self.index_writes = 0
        self.reads: list[str] = []

    def match_reads(self) -> list[str]:
        return [name for name in self.reads if name != "index"]


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Counts:
    seen = Counts()
    read, write = AtomicJSONStorage.read, Store._write_index
    summary = Store._read_summary

    def counted_read(self: AtomicJSONStorage) -> Any:
        seen.reads.append(self.path.stem)
        return read(self)

    def counted_write(self: Store) -> None:
        seen.index_writes += 1
        write(self)

    def counted_summary(self: Store, mid: str, known: Any) -> None:
        seen.reads.append(mid)
        summary(self, mid, known)

    monkeypatch.setattr(AtomicJSONStorage, "read", counted_read)
    monkeypatch.setattr(Store, "_write_index", counted_write)
    monkeypatch.setattr(Store, "_read_summary", counted_summary)
    return seen


def index_ids(folder: Path) -> set[str]:
    return set(json.loads((folder / "index.json").read_bytes())["matches"])


def later_tick(folder: Path) -> None:
    """Date the index a second after the files, as it is when the clock ticked in between (in
    the same tick the next open would read the files again, to be safe)."""
    newest = max(p.stat().st_mtime_ns for p in (folder / "matches").iterdir())
    os.utime(folder / "index.json", ns=(newest + 10**9, newest + 10**9))


def roundtrip(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return json.loads(json.dumps(events))


def test_create_save_and_delete_write_no_index(
    folder: Path, tally: type[Tally], counts: Counts
) -> None:
    with Store(folder) as store:
        assert counts.index_writes == 1  # a new folder gets its (empty) index at open
        m, short = played(2), played(1, limit=3)
        mid, sid, gone = store.create(m), store.create(short), store.create(played(3))
        short.add("Ben", 5)
        store.save(sid, short)  # finished: the status changes
        short.undo()
        store.save(sid, short)  # active again
        m.add("Ann", 1)
        store.save(mid, m)
        store.delete(gone)
        assert counts.index_writes == 1 and index_ids(folder) == set()
        assert counts.match_reads() == []  # no save read its file: each was the one just written
    assert counts.index_writes == 2 and index_ids(folder) == {mid, sid}
    later_tick(folder)
    with Store(folder) as store:  # a clean restart: nothing read but the index, nothing written
        assert counts.reads[-1] == "index" and counts.index_writes == 2
        assert {s.id: s.events_count for s in store.summaries()} == {mid: 4, sid: 2}


def test_a_save_reads_the_file_only_when_it_cannot_tell_it_is_its_own(
    folder: Path, tally: type[Tally], counts: Counts
) -> None:
    with Store(folder) as store:
        m, other = played(2), played(3)
        mid, oid = store.create(m), store.create(other)
    with Store(folder) as store:
        counts.reads.clear()
        m.add("Ann", 1)
        store.save(mid, m)  # trusted from the index, settings unknown: read once
        m.add("Ben", 1)
        store.save(mid, m)
        loaded = store.load(oid)  # a load learns the settings: its saves read nothing
        loaded.add("Cleo", 2)
        store.save(oid, loaded)
        assert counts.reads == [mid, oid]
        path = folder / "matches" / f"{mid}.json"
        path.write_bytes(path.read_bytes() + b" ")  # rewritten by someone else, still valid
        m.add("Cleo", 1)
        store.save(mid, m)
        assert counts.reads == [mid, oid, mid]
        assert store.load(mid).events == roundtrip(m.events)
        assert store.load(oid).events == roundtrip(loaded.events)


def test_a_file_replaced_behind_the_store_is_still_checked_before_a_save(store: Store) -> None:
    m, stranger = played(2), played(2, players=["Dan", "Eve"])
    mid, sid = store.create(m), store.create(stranger)
    path = store.folder / "matches" / f"{mid}.json"
    # Another match's file copied over it, with the recorded mtime: only the size differs.
    st = path.stat()
    shutil.copyfile(store.folder / "matches" / f"{sid}.json", path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size != st.st_size
    m.add("Ann", 1)
    with pytest.raises(ValueError, match="settings differ"):
        store.save(mid, m)
    assert path.read_bytes() == (store.folder / "matches" / f"{sid}.json").read_bytes()
    with pytest.raises(ValueError, match="settings differ"):  # and without reading, too
        store.save(sid, played(3))
    assert store.load(sid).events == roundtrip(stranger.events)


def test_create_many_writes_the_index_now_and_then(
    folder: Path, tally: type[Tally], counts: Counts, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storage.store.CHECKPOINT", 10)
    with Store(folder) as store:
        writes = counts.index_writes
        for _ in range(8):  # an import of 8 chunks of 4: 32 matches
            store.create_many((played(1), None, None, None) for _ in range(4))
        # once 10 matches are missing from it (a quarter of the store only from 40 on)
        assert counts.index_writes - writes == 2  # after the 3rd and the 6th chunk
        assert len(index_ids(folder)) == 24
        ids = {s.id for s in store.summaries()}
        assert len(ids) == 32
    assert index_ids(folder) == ids


# -- a crash before any file-system call of a create or a save -----------------------------------


class Crash(BaseException):
    """A kill: raised by the hook once the folder was copied as it was at that moment."""


class Killer:
    """Stands in for `os` in storage.atomic: before the n-th call that touches the disk, copy the
    folder (what a kill would leave: nothing after it runs, not even the `except` clean-up) and
    raise `Crash`."""

    CALLS = ("open", "write", "fsync", "fstat", "close", "replace", "unlink")

    def __init__(self, folder: Path, dest: Path, at: int) -> None:
        self.folder, self.dest, self.at, self.calls = folder, dest, at, 0
        self.fired = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name not in self.CALLS:
            return real

        def call(*args: Any, **kwargs: Any) -> Any:
            if self.fired:  # a dead process runs nothing more (a `finally` may try)
                raise Crash(name)
            if self.calls == self.at:
                shutil.copytree(self.folder, self.dest)
                self.fired = True
                raise Crash(name)
            self.calls += 1
            return real(*args, **kwargs)

        return call


def crash_at_every_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prepare: Callable[[Store], Any],
    act: Callable[[Store, Any], None],
) -> Iterator[tuple[Path, Any]]:
    """Yield (crashed folder, what `prepare` returned) for a crash before every call `act`
    makes, then for the folder once `act` returned (the copy taken while still open)."""
    for at in range(1000):  # far more than a create or a save makes
        folder = tmp_path / f"run-{at}" / "data"
        store = Store(folder)
        try:
            given = prepare(store)
            killer = Killer(folder, tmp_path / f"run-{at}" / "crashed", at)
            with monkeypatch.context() as patch:
                patch.setattr(storage.atomic, "os", killer)
                try:
                    act(store, given)
                except Crash:
                    crashed = True
                else:
                    crashed = False
                    crash_copy(store, killer.dest)
        finally:
            store.close()
        yield killer.dest, given
        if not crashed:
            assert at >= 9  # it did go through the steps of a durable write
            return
    raise AssertionError("the action never finished")


def check_folder(folder: Path) -> Store:
    """Open a crashed folder: no notice, no leftover, index and files agree, every match loads."""
    store = Store(folder)
    assert store.notices == []
    assert not [n for n in os.listdir(folder / "matches") if is_temp_file(n)]
    files = {p.stem for p in (folder / "matches").glob("*.json")}
    assert {s.id for s in store.summaries()} == files
    for s in store.summaries():
        m = store.load(s.id)
        assert fingerprint(m.events) == s.fingerprint and len(m.events) == s.events_count
    return store


def test_a_crash_at_any_step_of_a_create_leaves_the_match_whole_or_absent(
    tmp_path: Path, tally: type[Tally], monkeypatch: pytest.MonkeyPatch
) -> None:
    new = played(4)
    outcomes = []

    def prepare(store: Store) -> str:
        return store.create(played(2))

    for crashed, kept in crash_at_every_step(
        tmp_path, monkeypatch, prepare, lambda store, _: store.create(new)
    ):
        with check_folder(crashed) as store:
            others = [s.id for s in store.summaries() if s.id != kept]
            if others:
                assert store.load(others[0]).events == roundtrip(new.events)
            assert store.load(kept).events == roundtrip(played(2).events)
            outcomes.append(len(others))
        # and the index written at that open agrees with the files at the next one
        with check_folder(crashed) as store:
            assert len(store.summaries()) == 1 + outcomes[-1]
    assert outcomes[0] == 0 and outcomes[-1] == 1 and outcomes == sorted(outcomes)


def test_a_crash_at_any_step_of_a_save_leaves_the_old_or_the_new_events(
    tmp_path: Path, tally: type[Tally], monkeypatch: pytest.MonkeyPatch
) -> None:
    m = played(3, limit=8)

    def prepare(store: Store) -> str:
        mid = store.create(played(3, limit=8))
        store.close()  # the index lists it
        return mid

    def act(store: Store, mid: str) -> None:
        store.save(mid, m)

    m.add("Ann", 9)  # the save finishes the match: a status change
    seen = []
    for at in range(2):  # the first save after opening reads the file, the next ones do not
        outcomes = []

        def reopen_and_save(store: Store, mid: str, first: bool = at == 0) -> None:
            again = Store(store.folder)
            try:
                if not first:
                    again.load(mid)
                act(again, mid)
            finally:
                again.close()

        for crashed, mid in crash_at_every_step(
            tmp_path / f"pass-{at}", monkeypatch, prepare, reopen_and_save
        ):
            with check_folder(crashed) as store:
                (summary,) = store.summaries()
                outcomes.append(summary.fingerprint == fingerprint(m.events))
                assert summary.status == ("finished" if outcomes[-1] else "active")
                if not outcomes[-1]:
                    assert store.load(mid).events == roundtrip(played(3, limit=8).events)
        assert outcomes[0] is False and outcomes[-1] is True and outcomes == sorted(outcomes)
        seen.append(len(outcomes))
    assert seen[0] == seen[1]  # the same file-system steps, whether the file was read or not


# -- a folder written by the previous version ----------------------------------------------------

# Written by the store as it was before the index left the create and save paths (commit
# cf0a962): two matches created with fixed times and ids, then the store closed.
OLD_MATCH_A = (
    '{"meta":{"1":{"schema":1}},"match":{"1":{"created":"2026-11-01T10:00:00.000000+00:00",'
    '"updated":"2026-11-01T10:05:00.000000+00:00","status":"finished","winners":["Ben"],'
    '"standings":[["Ben","3"],["Ann","1"]],"scores":[],"events":[{"type":"setup","game":'
    '"storage-tally","players":["Ann","Ben"],"limit":3},{"type":"add","player":"Ann","n":1,'
    '"note":""},{"type":"add","player":"Ben","n":3,"note":""}],"redo":[]}}}'
)
OLD_MATCH_B = (
    '{"meta":{"1":{"schema":1}},"match":{"1":{"created":"2026-11-02T10:00:00.000000+00:00",'
    '"updated":"2026-11-02T10:01:00.000000+00:00","status":"active","winners":[],"standings":'
    '[["Cleo","2"],["Dan","0"]],"scores":[],"events":[{"type":"setup","game":"storage-tally",'
    '"players":["Cleo","Dan"],"limit":50},{"type":"add","player":"Cleo","n":2,"note":""}],'
    '"redo":[]}}}'
)
OLD_INDEX = (
    '{"meta":{"1":{"schema":1}},"matches":{"0000000000aa":{"game":"storage-tally","players":'
    '["Ann","Ben"],"status":"finished","created":"2026-11-01T10:00:00.000000+00:00","updated":'
    '"2026-11-01T10:05:00.000000+00:00","winners":["Ben"],"standings":[["Ben","3"],["Ann","1"]],'
    '"events_count":3,"fingerprint":'
    '"b482326af89c6475b066470b8c10d0fea4fb471deda5edb55161ba4cd05162e6","scores":[],"stat":'
    '[1796136149015322395,408]},"0000000000bb":{"game":"storage-tally","players":["Cleo","Dan"],'
    '"status":"active","created":"2026-11-02T10:00:00.000000+00:00","updated":'
    '"2026-11-02T10:01:00.000000+00:00","winners":[],"standings":[["Cleo","2"],["Dan","0"]],'
    '"events_count":2,"fingerprint":'
    '"a7ac516d0d0852a08f8bdd6f1d9ae2a836561683decfd1745ff10745c334afac","scores":[],"stat":'
    '[1796136149019845630,359]}}}'
)


def old_folder(folder: Path) -> None:
    """Lay the folder down byte for byte, with the mtimes its index recorded."""
    index = json.loads(OLD_INDEX)["matches"]
    (folder / "matches").mkdir(parents=True)
    for mid, text in (("0000000000aa", OLD_MATCH_A), ("0000000000bb", OLD_MATCH_B)):
        path = folder / "matches" / f"{mid}.json"
        path.write_text(text, "utf-8")
        mtime, size = index[mid]["stat"]
        assert path.stat().st_size == size
        os.utime(path, ns=(mtime, mtime))
    (folder / "index.json").write_text(OLD_INDEX, "utf-8")
    later = max(entry["stat"][0] for entry in index.values()) + 10**9
    os.utime(folder / "index.json", ns=(later, later))


def test_a_folder_written_by_the_previous_version_opens_as_it_is(
    folder: Path, tally: type[Tally], counts: Counts
) -> None:
    old_folder(folder)
    with Store(folder) as store:
        # Schema 1's standings are English text: each match file is read (and replayed) once
        # for its values, and the index written in schema 2 (storage/migrate.py).
        assert sorted(counts.match_reads()) == ["0000000000aa", "0000000000bb"]
        assert counts.index_writes == 1
        a, b = store.summaries()  # most recently updated first
        assert (b.id, b.status, b.winners, b.events_count) == ("0000000000aa", "finished",
                                                                ("Ben",), 3)
        assert b.standings == (Standing("Ben", "3"), Standing("Ann", "1"))
        assert (a.id, a.status, a.players) == ("0000000000bb", "active", ("Cleo", "Dan"))
        m = store.load(a.id)
        assert fingerprint(m.events) == a.fingerprint
        assert fingerprint(store.load(b.id).events) == b.fingerprint
        m.add("Dan", 1)
        store.save(a.id, m)
        mid = store.create(played(1))
    counts.reads.clear()
    with Store(folder) as store:
        assert counts.match_reads() == []  # the index of schema 2 is trusted as it is
        assert {s.id: s.events_count for s in store.summaries()} == {
            "0000000000aa": 3, "0000000000bb": 3, mid: 2
        }


def test_a_folder_the_previous_version_left_in_a_crash_is_brought_up_to_date(
    folder: Path, tally: type[Tally]
) -> None:
    old_folder(folder)
    # Killed after a save of b (its file changed, the index did not) and a delete of a whose
    # index write never came: the entry of a has no file, that of b a stale stat.
    path = folder / "matches" / "0000000000bb.json"
    tables = json.loads(path.read_text("utf-8"))
    tables["match"]["1"]["events"].append({"type": "add", "player": "Dan", "n": 4, "note": ""})
    path.write_text(json.dumps(tables), "utf-8")
    (folder / "matches" / "0000000000aa.json").unlink()
    with Store(folder) as store:
        (b,) = store.summaries()
        assert b.events_count == 3 and store.notices == []
        assert fingerprint(store.load(b.id).events) == b.fingerprint
    assert index_ids(folder) == {"0000000000bb"}
