"""The Store's API: round trips, summaries, restarts, errors (against a real folder)."""

from __future__ import annotations

import json
import logging
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

import scoring
from storage import (
    SCHEMA,
    DamagedFileError,
    NewerSchemaError,
    Store,
    StoreClosedError,
    UnknownGameError,
    fingerprint,
)
from tests.support.games import hook
from tests.support.storage.store import PLAYERS, crash_copy, played
from tests.support.tally import Plain, Tally


def roundtrip(events: list[dict]) -> list[dict]:
    return json.loads(json.dumps(events))


# -- round trips ---------------------------------------------------------------------------------


def test_create_save_load_round_trip(store: Store) -> None:
    m = played(3)
    mid = store.create(m)
    assert isinstance(mid, str) and mid
    back = store.load(mid)
    assert type(back) is Tally and back.events == roundtrip(m.events) and back.total == m.total
    m.add("Ann", 7)
    store.save(mid, m)
    m.undo()
    m.undo()
    store.save(mid, m)
    m.redo()
    store.save(mid, m)
    back = store.load(mid)
    assert back.events == roundtrip(m.events) and len(back.events) == 4
    assert back.total == {"Ann": 1, "Ben": 2, "Cleo": 3}
    assert back.redo_events == roundtrip(m.redo_events) and back.can_redo  # Ann's 7


def test_events_are_kept_exactly(store: Store) -> None:
    m = Tally(["Zoë", "Ünal", "李"], limit=5)
    m.add("李", 2, note='quotes " and \\ and \n newline and emoji 🎲')
    mid = store.create(m)
    assert store.load(mid).events == roundtrip(m.events)


def test_summary_fields(store: Store) -> None:
    before = datetime.now(UTC)
    m = played(4, limit=10)
    mid = store.create(m)
    (s,) = store.summaries()
    assert (s.id, s.game, s.title, s.players, s.status) == (
        mid,
        "storage-tally",
        "Tally",
        ("Ann", "Ben", "Cleo"),
        "active",
    )
    assert s.winners == () and s.events_count == 5 and s.fingerprint == fingerprint(m.events)
    # a game that words its standings only (no figures): each row's text is its value
    assert [(r.name, r.value) for r in s.standings] == [("Ann", "5"), ("Cleo", "3"), ("Ben", "2")]
    assert [r.text for r in s.standings] == ["5", "3", "2"]
    assert before <= s.created == s.updated <= datetime.now(UTC)
    m.add("Ben", 9)
    store.save(mid, m)
    (s2,) = store.summaries()
    assert s2.status == "finished" and s2.winners == ("Ben",) and s2.events_count == 6
    assert s2.created == s.created and s2.updated > s.updated
    assert s2.standings[0][:2] == ("Ben", "11")


def test_game_without_standings_still_saves(store: Store) -> None:
    m = Plain(["Ann", "Ben"], limit=3)
    mid = store.create(m)
    m.add("Ann", 3)
    store.save(mid, m)
    (s,) = store.summaries()
    assert s.standings == () and s.status == "finished" and s.winners == ("Ann",)
    assert type(store.load(mid)) is Plain


GAME_IDS = sorted(scoring.GAMES)


@pytest.mark.parametrize(
    "game",
    GAME_IDS
    or [pytest.param(None, marks=pytest.mark.skip(reason="scoring.GAMES is empty for now"))],
)
def test_every_registered_game_round_trips(folder: Path, game: str) -> None:
    cls = scoring.GAMES[game]
    m = hook(game).fresh()
    with Store(folder) as store:
        mid = store.create(m)
        (s,) = store.summaries()
        assert (s.id, s.game, s.events_count) == (mid, game, 1)
        assert s.players == tuple(m.players) and s.fingerprint == fingerprint(m.events)
        assert s.status == ("finished" if m.is_over else "active")
        back = store.load(mid)
        assert type(back) is cls and back.events == roundtrip(m.events)
        store.save(mid, back)
    with Store(folder) as store:
        assert store.load(mid).events == roundtrip(m.events)
        assert store.summaries()[0].fingerprint == fingerprint(m.events)


# -- summaries -----------------------------------------------------------------------------------


def test_summaries_most_recent_first_and_filtered(store: Store) -> None:
    a, b, c = played(1), played(2), played(3, limit=8)
    ida, idb, idc = store.create(a), store.create(b), store.create(c)
    assert [s.id for s in store.summaries()] == [idc, idb, ida]
    a.add("Ann", 1)
    store.save(ida, a)
    assert [s.id for s in store.summaries()] == [ida, idc, idb]
    c.add("Cleo", 5)  # Cleo reaches 8 >= 3
    store.save(idc, c)
    assert [s.id for s in store.summaries()] == [idc, ida, idb]
    assert [s.id for s in store.summaries("active")] == [ida, idb]
    assert [s.id for s in store.summaries("finished")] == [idc]
    with pytest.raises(ValueError, match="status"):
        store.summaries("done")


def test_saving_unchanged_events_writes_nothing(store: Store) -> None:
    m = played(2)
    mid = store.create(m)
    path = store.folder / "matches" / f"{mid}.json"
    before = (path.stat().st_mtime_ns, store.summaries()[0].updated)
    store.save(mid, m)
    assert (path.stat().st_mtime_ns, store.summaries()[0].updated) == before


def test_delete(store: Store) -> None:
    keep, gone = store.create(played(1)), store.create(played(2))
    store.delete(gone)
    assert [s.id for s in store.summaries()] == [keep]
    assert not (store.folder / "matches" / f"{gone}.json").exists()
    with pytest.raises(KeyError):
        store.load(gone)
    with pytest.raises(KeyError):
        store.delete(gone)


def test_fingerprint_finds_the_same_events(store: Store) -> None:
    m = played(5)
    mid = store.create(m)
    assert store.find_fingerprint(fingerprint(roundtrip(m.events))) == mid
    assert store.find_fingerprint(fingerprint(played(4).events)) is None
    twin = store.create(Tally.replay(m.events))  # an import of the same match
    assert store.find_fingerprint(fingerprint(m.events)) == twin


# -- restarts ------------------------------------------------------------------------------------


def test_restart_keeps_everything(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        a, b, c = played(2), played(3, limit=4), played(1, limit=2)
        ida, idb, idc = store.create(a), store.create(b), store.create(c)
        b.add("Ben", 5)
        store.save(idb, b)  # finished
        c.add("Ann", 5)
        store.save(idc, c)  # finished ...
        c.undo()
        store.save(idc, c)  # ... and active again
        a.add("Cleo", 2)
        store.save(ida, a)
        before = store.summaries()
    with Store(folder) as store:
        assert store.summaries() == before
        # most recently played first: c's Undo took it back to when it was set up
        assert [s.id for s in before] == [ida, idb, idc]
        assert [s.status for s in before] == ["active", "finished", "active"]
        assert store.load(ida).events == roundtrip(a.events)
        assert store.load(idc).events == roundtrip(c.events)
        assert store.notices == []


def test_a_restart_keeps_what_redo_would_apply_again(folder: Path, tally: type[Tally],
                                                    caplog: pytest.LogCaptureFixture) -> None:
    with Store(folder) as store:
        m = played(4)
        mid = store.create(m)
        m.undo()
        m.undo()
        store.save(mid, m)
        plain = store.create(played(2))  # never undone: nothing to redo
    with Store(folder) as store:
        loaded = store.load(mid)
        assert loaded.redo_events == roundtrip(m.redo_events)
        loaded.redo()
        m.redo()
        assert loaded.events == roundtrip(m.events) and loaded.can_redo
        assert not store.load(plain).can_redo
    # A file from before Redo was kept, or with a list that does not apply: it loads, without
    # anything to redo.
    path = next((folder / "matches").glob(f"{mid}.*"))
    doc = json.loads(path.read_text())
    doc["match"]["1"]["redo"] = [{"type": "add", "player": "Zed", "n": 1, "note": ""}]
    path.write_text(json.dumps(doc))
    with Store(folder) as store, caplog.at_level(logging.WARNING):
        loaded = store.load(mid)
        assert loaded.events == roundtrip(m.events[:-1]) and not loaded.can_redo
        assert store.notices == []
    assert "do not apply" in caplog.text


def test_restart_after_a_crash_keeps_updated_and_status(store: Store, tmp_path: Path) -> None:
    m, other = played(2), played(1, limit=3)
    mid, oid = store.create(m), store.create(other)
    other.add("Ben", 9)
    store.save(oid, other)  # finished: the index is written
    other.undo()
    store.save(oid, other)  # active again: written again
    for _ in range(5):
        m.add("Ann", 1)
        store.save(mid, m)  # only the match file changes
    expected = store.summaries()
    with Store(crash_copy(store, tmp_path / "crashed")) as after:
        assert after.summaries() == expected
        assert after.load(mid).events == roundtrip(m.events)


def test_index_lost_is_rebuilt_from_the_files(store: Store, tmp_path: Path) -> None:
    ids = [store.create(played(n, limit=3)) for n in range(4)]
    expected = store.summaries()
    copy = crash_copy(store, tmp_path / "copy")
    (copy / "index.json").unlink()
    with Store(copy) as again:
        assert again.summaries() == expected and again.notices == []
        assert {s.id for s in again.summaries()} == set(ids)


def test_a_file_changed_in_the_same_tick_as_the_index_is_read_again(
    folder: Path, tally: type[Tally], tmp_path: Path
) -> None:
    m = played(1)
    with Store(folder) as store:
        mid = store.create(m)
    store = Store(folder)  # the index records this file's mtime and size
    recorded = (store.folder / "matches" / f"{mid}.json").stat()
    m.undo()
    m.add("Ann", 2, note="x" * 55)  # same size, other content (its times now dated: no "untimed")
    store.save(mid, m)
    copy = crash_copy(store, tmp_path / "copy")
    path = copy / "matches" / f"{mid}.json"
    assert path.stat().st_size == recorded.st_size
    # As if the save had landed in the clock tick of the index write: mtime and size unchanged.
    os.utime(path, ns=(recorded.st_mtime_ns, recorded.st_mtime_ns))
    os.utime(copy / "index.json", ns=(recorded.st_mtime_ns, recorded.st_mtime_ns))
    store.close()
    with Store(copy) as again:
        assert again.summaries()[0].fingerprint == fingerprint(m.events)


def test_a_clean_restart_reads_no_match_file(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        mid = store.create(played(3))
    path, index = folder / "matches" / f"{mid}.json", folder / "index.json"
    st = path.stat()
    # The index was written at close, a moment later than the file (here: a second later).
    os.utime(index, ns=(st.st_mtime_ns + 10**9, st.st_mtime_ns + 10**9))
    path.write_bytes(b"#" * st.st_size)  # same size ...
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # ... same mtime: not read at open
    with Store(folder) as store:
        assert [s.id for s in store.summaries()] == [mid]
        with pytest.raises(DamagedFileError, match="not valid JSON"):
            store.load(mid)  # found when it is read
        assert store.summaries() == []


def test_updated_stays_ordered_if_the_clock_goes_back(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = played(1), played(2)
    ida, idb = store.create(a), store.create(b)

    class Past(datetime):
        @classmethod
        def now(cls, tz: object = None) -> datetime:
            return datetime(2001, 1, 1, tzinfo=UTC)

    monkeypatch.setattr("storage.store.datetime", Past)
    a.add("Ann", 1)
    store.save(ida, a)
    assert [s.id for s in store.summaries()] == [ida, idb]


# -- refusals ------------------------------------------------------------------------------------


def test_unknown_id_raises_key_error(store: Store) -> None:
    store.create(played(1))
    for call in (store.load, store.delete, lambda mid: store.save(mid, played(1))):
        with pytest.raises(KeyError):
            call("no-such-id")
        with pytest.raises(KeyError):
            call("../index")


def test_save_refuses_another_match_under_an_id(store: Store) -> None:
    mid = store.create(played(2))
    with pytest.raises(ValueError, match="settings differ"):
        store.save(mid, Tally(["Dan", "Eve"]))
    with pytest.raises(ValueError, match="Tally match, not Plain"):
        store.save(mid, Plain(PLAYERS))
    with pytest.raises(TypeError):
        store.save(mid, object())  # type: ignore[arg-type]
    assert store.load(mid).events == roundtrip(played(2).events)


def test_unregistered_game_is_refused_and_kept(folder: Path, tally: type[Tally]) -> None:
    with Store(folder) as store:
        mid = store.create(played(2))
    del scoring.GAMES[Tally.GAME]
    with Store(folder) as store:
        with pytest.raises(UnknownGameError, match="does not know"):
            store.load(mid)
        with pytest.raises(UnknownGameError):
            store.create(played(1))
        assert [s.id for s in store.summaries()] == [mid]
        assert store.notices == []


def test_closed_store_refuses_with_a_clear_error(folder: Path, tally: type[Tally]) -> None:
    store = Store(folder)
    mid = store.create(played(1))
    store.close()
    store.close()  # twice is fine
    calls = [
        lambda: store.save(mid, played(2)),
        lambda: store.load(mid),
        lambda: store.delete(mid),
        lambda: store.create(played(1)),
        lambda: store.summaries(),
        lambda: store.find_fingerprint("x"),
    ]
    for call in calls:
        with pytest.raises(StoreClosedError, match="is closed"):
            call()
    with Store(folder) as again:  # and the folder is free again
        assert again.load(mid).events == roundtrip(played(1).events)


def test_folder_and_schema(store: Store) -> None:
    assert store.folder.is_absolute() and store.folder.is_dir()
    mid = store.create(played(1))
    data = json.loads((store.folder / "matches" / f"{mid}.json").read_text("utf-8"))
    assert data["meta"] == {"1": {"schema": SCHEMA}}
    store.close()  # a create writes no index; close does
    index = json.loads((store.folder / "index.json").read_text("utf-8"))
    assert index["meta"] == {"1": {"schema": SCHEMA}} and list(index["matches"]) == [mid]
    assert issubclass(NewerSchemaError, Exception)
