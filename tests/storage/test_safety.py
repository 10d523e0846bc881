"""Damaged and newer files, the folder lock, leftovers, file modes and threads."""

from __future__ import annotations

import gc
import json
import logging
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from storage import (
    SCHEMA,
    DamagedFileError,
    NewerSchemaError,
    Store,
    StoreLockedError,
    fingerprint,
)
from tests.support.storage.store import ROOT, child_env, played
from tests.support.tally import Tally

POSIX = os.name == "posix"


def match_path(folder: Path, mid: str) -> Path:
    return folder / "matches" / f"{mid}.json"


def damaged_files(folder: Path) -> list[Path]:
    return sorted((folder / "damaged").iterdir()) if (folder / "damaged").exists() else []


# -- damaged files -------------------------------------------------------------------------------


def garbage(raw: bytes) -> bytes:
    return b"\x00\xffPK\x03\x04 not what was written"


def empty(raw: bytes) -> bytes:
    return b""


def blank(raw: bytes) -> bytes:
    return b"  \n"


def truncated(raw: bytes) -> bytes:
    return raw[: len(raw) // 2]


def not_a_database(raw: bytes) -> bytes:
    return b"[1, 2, 3]"


def no_schema(raw: bytes) -> bytes:
    data = json.loads(raw)
    del data["meta"]
    return json.dumps(data).encode()


def no_events(raw: bytes) -> bytes:
    data = json.loads(raw)
    data["match"]["1"]["events"] = "lost"
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    "damage",
    [garbage, empty, blank, truncated, not_a_database, no_schema, no_events],
)
def test_a_damaged_file_is_moved_aside_with_a_notice(
    folder: Path, tally: type[Tally], damage, caplog: pytest.LogCaptureFixture
) -> None:
    with Store(folder) as store:
        bad, good = store.create(played(4)), store.create(played(5))
    path = match_path(folder, bad)
    broken = damage(path.read_bytes())
    path.write_bytes(broken)
    with caplog.at_level(logging.WARNING, logger="storage"), Store(folder) as store:
        assert [s.id for s in store.summaries()] == [good]
        assert store.load(good).events == json.loads(json.dumps(played(5).events))
        (notice,) = store.notices
        said = notice.said(where=True)
        assert f"({bad})" in said and "could not be read" in said and "damaged" in said
        assert "Tally match of Ann, Ben and Cleo" in said
        assert notice.match_id == bad and Path(notice.path).parent == folder / "damaged"
        assert str(folder) not in str(notice) and "it was set aside" in str(notice)
        with pytest.raises(KeyError):
            store.load(bad)
        store.dismiss_notices([notice])
        assert store.notices == []
        m = played(1)
        store.save(store.create(m), m)  # the rest keeps working
    assert notice.said(where=True) in caplog.text
    assert not path.exists()
    (kept,) = damaged_files(folder)
    assert kept.name.startswith(bad) and kept.read_bytes() == broken  # nothing lost
    with Store(folder) as store:  # moved once, not again
        assert store.notices == [] and len(store.summaries()) == 2


@pytest.mark.parametrize(
    "event",
    [
        {"type": "add", "player": "Zed", "n": 1, "note": ""},  # a rule refuses it
        {"type": "add", "player": "Ann", "n": "three"},  # nor this
        {"type": "add", "player": ["Ann"], "n": 1},  # the handler trips over it (TypeError)
        {"type": "steal"},  # not an action of the game
    ],
)
def test_events_that_do_not_replay_are_found_at_load(
    folder: Path, tally: type[Tally], event: dict
) -> None:
    with Store(folder) as store:
        bad, good = store.create(played(3)), store.create(played(2))
    path = match_path(folder, bad)
    data = json.loads(path.read_bytes())
    data["match"]["1"]["events"].append(event)
    path.write_text(json.dumps(data), "utf-8")
    with Store(folder) as store:
        assert len(store.summaries()) == 2  # it parses; only a replay can tell
        with pytest.raises(DamagedFileError, match="do not replay") as error:
            store.load(bad)
        assert error.value.moved_to and Path(error.value.moved_to).parent == folder / "damaged"
        assert [s.id for s in store.summaries()] == [good]
        assert len(store.notices) == 1 and "do not replay" in str(store.notices[0])
        assert str(folder) not in str(error.value)  # the path only in .moved_to
        with pytest.raises(KeyError):
            store.load(bad)
        store.load(good)
    with Store(folder) as store:
        assert [s.id for s in store.summaries()] == [good]
    assert json.loads(damaged_files(folder)[0].read_bytes()) == data


def test_damage_found_while_saving_keeps_the_live_match(store: Store) -> None:
    m = played(3)
    mid = store.create(m)
    match_path(store.folder, mid).write_bytes(b"{broken")
    m.add("Ann", 2)
    store.save(mid, m)
    assert store.load(mid).events == json.loads(json.dumps(m.events))
    (notice,) = store.notices
    assert "saved again" in str(notice)
    (kept,) = damaged_files(store.folder)
    assert kept.read_bytes() == b"{broken"


def test_a_file_removed_while_open_is_written_again_by_a_save(store: Store) -> None:
    m = played(2)
    mid = store.create(m)
    match_path(store.folder, mid).unlink()
    m.add("Ben", 1)
    store.save(mid, m)
    assert store.load(mid).events == json.loads(json.dumps(m.events))


def test_a_match_file_replaced_by_a_folder_is_reported_as_damaged(
    folder: Path, tally: type[Tally]
) -> None:
    with Store(folder) as store:
        bad, good = store.create(played(4)), store.create(played(5))
    path = match_path(folder, bad)
    path.unlink()
    path.mkdir()
    (path / "kept.txt").write_text("mine")
    with Store(folder) as store:
        assert [s.id for s in store.summaries()] == [good]
        (notice,) = store.notices  # was: dropped from the list without a word
        assert f"({bad})" in str(notice) and "it is a folder, not a file" in str(notice)
        assert "damaged" in notice.said(where=True)
    assert not path.exists()
    (kept,) = damaged_files(folder)
    assert kept.name.startswith(bad) and (kept / "kept.txt").read_text() == "mine"


def test_a_match_file_turning_into_a_folder_while_open_is_reported(store: Store) -> None:
    bad, good = store.create(played(2)), store.create(played(3))
    path = match_path(store.folder, bad)
    path.unlink()
    path.mkdir()
    with pytest.raises(DamagedFileError, match="it is a folder, not a file"):
        store.load(bad)
    assert [s.id for s in store.summaries()] == [good]
    assert len(store.notices) == 1 and damaged_files(store.folder)[0].is_dir()


def test_a_damaged_index_is_moved_aside_and_rebuilt(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        ids = {store.create(played(n)) for n in range(3)}
        expected = store.summaries()
    (folder / "index.json").write_bytes(b'{"meta": {"1": {"schema": 1}}, "matches": ')
    with Store(folder) as store:
        assert store.summaries() == expected and {s.id for s in expected} == ids
        (notice,) = store.notices
        assert "list of matches" in str(notice) and "rebuilt" in str(notice)
    assert [p.name.startswith("index") for p in damaged_files(folder)] == [True]


def test_a_file_that_is_not_a_match_is_ignored(store: Store) -> None:
    (store.folder / "matches" / "notes.txt").write_text("mine")
    (store.folder / "matches" / "._mac.json").write_bytes(b"\x00")
    mid = store.create(played(1))
    store.close()
    with Store(store.folder) as again:
        assert [s.id for s in again.summaries()] == [mid] and again.notices == []
    assert (store.folder / "matches" / "notes.txt").read_text() == "mine"


# -- newer schema --------------------------------------------------------------------------------


def newer(tables: dict) -> bytes:
    return json.dumps({**tables, "meta": {"1": {"schema": SCHEMA + 1}}, "x": {}}).encode()


def test_a_newer_match_file_is_refused_and_left_alone(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        mid, other = store.create(played(2)), store.create(played(1))
    path = match_path(folder, mid)
    path.write_bytes(newer(json.loads(path.read_bytes())))
    stranger = match_path(folder, "from-the-future")
    stranger.write_bytes(newer({"anything": {"1": {"a": 1}}}))
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (path, stranger)}
    for _ in range(2):  # and again at the next start
        with Store(folder) as store:
            assert [s.id for s in store.summaries()] == [other]
            assert len(store.notices) == 2
            assert all("newer version" in str(n) for n in store.notices)
            with pytest.raises(NewerSchemaError, match="newer version") as error:
                store.load(mid)
            assert error.value.version == SCHEMA + 1
            with pytest.raises(NewerSchemaError):
                store.save(mid, played(3))
            with pytest.raises(NewerSchemaError):
                store.delete("from-the-future")
            store.save(other, played(2))
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (path, stranger)} == before
    assert damaged_files(folder) == []


def test_a_match_file_turning_newer_while_open_is_not_overwritten(store: Store) -> None:
    m = played(2)
    mid = store.create(m)
    path = match_path(store.folder, mid)
    path.write_bytes(newer(json.loads(path.read_bytes())))
    before = path.read_bytes()
    m.add("Ann", 1)
    with pytest.raises(NewerSchemaError, match="left as it is"):
        store.save(mid, m)
    assert path.read_bytes() == before and store.summaries() == []


def test_a_newer_index_refuses_the_folder(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        store.create(played(1))
    index = folder / "index.json"
    index.write_bytes(newer(json.loads(index.read_bytes())))
    before = index.read_bytes()
    for _ in range(2):  # the lock is released after the refusal
        with pytest.raises(NewerSchemaError, match="newer version of Table Companion"):
            Store(folder)
    assert index.read_bytes() == before and damaged_files(folder) == []


# -- the folder lock -----------------------------------------------------------------------------


HOLD = """
import sys, time
from storage import Store
try:
    store = Store(sys.argv[1])
except Exception as error:
    print(type(error).__name__, error, flush=True)
    sys.exit(3)
print("ready", flush=True)
time.sleep(float(sys.argv[2]))
store.close()
"""


def run_holder(folder: Path, seconds: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder), str(seconds)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
        cwd=ROOT,
    )


def test_a_second_store_in_the_same_process_is_refused(store: Store) -> None:
    with pytest.raises(StoreLockedError, match="already open in this process"):
        Store(store.folder)
    with pytest.raises(StoreLockedError):
        Store(store.folder / ".." / store.folder.name)  # the same folder by another path
    store.create(played(1))  # the first one is unharmed


def test_a_second_process_is_refused(store: Store) -> None:
    other = run_holder(store.folder, 0)
    out, err = other.communicate(timeout=30)
    assert other.returncode == 3, err
    assert out.startswith("StoreLockedError") and "already open in another process" in out
    assert f"(pid {os.getpid()})" in out
    store.close()
    other = run_holder(store.folder, 0)
    out, err = other.communicate(timeout=30)
    assert (other.returncode, out.strip()) == (0, "ready"), err


def test_a_process_holding_the_folder_is_refused_then_its_death_frees_it(
    folder: Path, tally: type[Tally]
) -> None:
    holder = run_holder(folder, 60)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreLockedError, match=f"another process \\(pid {holder.pid}\\)"):
            Store(folder)
    finally:
        holder.kill()  # SIGKILL: no close, no cleanup
        holder.communicate(timeout=30)
    with Store(folder) as store:  # no stale lock
        assert store.summaries() == []


def test_a_store_dropped_without_close_frees_the_folder(folder: Path, tally: type[Tally]) -> None:
    store = Store(folder)
    mid = store.create(played(2))
    del store
    gc.collect()
    with Store(folder) as again:
        assert [s.id for s in again.summaries()] == [mid]


# -- leftovers and modes -------------------------------------------------------------------------


def test_leftover_temp_files_are_cleaned_on_open(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        mid = store.create(played(1))
    leftovers = [folder / ".index.json.0a1b2c3d.tmp", folder / "matches" / f".{mid}.json.9f.tmp"]
    for path in leftovers:
        path.write_bytes(b'{"half a')
    mine = [folder / "notes.tmp", folder / "matches" / "keep.txt"]
    for path in mine:
        path.write_text("not the store's")
    with Store(folder) as store:
        assert store.notices == [] and [s.id for s in store.summaries()] == [mid]
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in mine)


@pytest.mark.skipif(not POSIX, reason="POSIX file modes")
def test_files_are_readable_by_the_user_only(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        m = played(2)
        mid = store.create(m)
        m.add("Ann", 1)
        store.save(mid, m)
        bad = store.create(played(1))
    match_path(folder, bad).write_bytes(b"")
    with Store(folder) as store:
        assert len(store.notices) == 1
    paths = [folder, *folder.rglob("*")]
    assert {p.relative_to(folder).as_posix() for p in paths if p.is_dir()} == {
        ".",
        "matches",
        "damaged",
    }
    for path in paths:
        assert stat.S_IMODE(path.stat().st_mode) == (0o700 if path.is_dir() else 0o600), path
    assert len([p for p in paths if p.is_file()]) == 4  # lock, index, match, damaged


# -- threads -------------------------------------------------------------------------------------


def test_threads_saving_at_once_lose_nothing(store: Store) -> None:
    errors: list[BaseException] = []
    start = threading.Barrier(5)
    matches: dict[str, Tally] = {}

    def player(k: int) -> None:
        try:
            m = Tally(["Ann", "Ben"], limit=10_000)
            start.wait()
            mid = store.create(m)
            matches[mid] = m
            for i in range(60):
                m.add(["Ann", "Ben"][i % 2], k + 1, note=f"thread {k} move {i}")
                store.save(mid, m)
        except BaseException as error:
            errors.append(error)

    def reader() -> None:
        try:
            start.wait()
            for _ in range(60):
                for s in store.summaries():
                    store.load(s.id)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=player, args=(k,)) for k in range(4)]
    threads.append(threading.Thread(target=reader))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == [] and len(matches) == 4
    store.close()
    with Store(store.folder) as again:
        assert {s.id: s.events_count for s in again.summaries()} == dict.fromkeys(matches, 61)
        for mid, m in matches.items():
            assert again.load(mid).events == json.loads(json.dumps(m.events))
            assert again.find_fingerprint(fingerprint(m.events)) == mid
