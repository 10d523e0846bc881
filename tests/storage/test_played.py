"""A match is dated by when it was played: each action keeps the time it was taken.

Undo and Redo in an old match leave its date (History, Continue, the statistics periods) where
it was; only a new action dates it now. The times survive a restart, and a file from before
actions had times reads as it did (its last save's time).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scoring import caro
from storage import Store
from storage.transfer import export_csv
from tests.support.storage.transfer import rows_of

LONG_AGO = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def old_match(store: Store) -> str:
    """A match of two lays played long ago (as an import or an earlier run stored it)."""
    m = caro.Match(players=["Ann", "Ben"])
    m.lay("grey", (0, 0))
    m.lay("red", (0, 1))
    return store.create(m, created=LONG_AGO, updated=LONG_AGO + timedelta(minutes=5))


def clock(start: datetime) -> Iterator[datetime]:
    moment = start
    while True:
        moment += timedelta(minutes=1)
        yield moment


def test_undo_and_redo_in_an_old_match_do_not_move_its_date(tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        mid = old_match(store)
        fresh = store.create(caro.Match(players=["Cleo", "Dan"]))
        m = store.load(mid)
        m.undo()
        store.save(mid, m)
        assert store.summaries()[1].played_at == LONG_AGO + timedelta(minutes=5)
        m.undo()
        store.save(mid, m)
        assert store.summaries()[1].played_at == LONG_AGO  # only the settings are left
        m.redo()
        m.redo()
        store.save(mid, m)
        summary = store.summaries()[1]
        assert summary.id == mid and summary.played_at == LONG_AGO + timedelta(minutes=5)
        assert summary.updated > LONG_AGO + timedelta(days=1)  # it was saved today all the same
        assert store.summaries()[0].id == fresh  # the fresh match stays the latest played
    with Store(tmp_path / "d") as store:  # the times are kept in the file
        assert store.summaries()[1].played_at == LONG_AGO + timedelta(minutes=5)
        m = store.load(mid)
        m.lay("black", (0, 2))
        store.save(mid, m)  # a new action: played now
        assert store.summaries()[0].id == mid
        assert store.summaries()[0].played_at > LONG_AGO + timedelta(days=1)


def test_an_undone_action_keeps_its_time_across_a_restart_for_redo(tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        mid = store.create(caro.Match(players=["Ann", "Ben"]))
        times = clock(datetime.now(UTC))
        store._now = lambda: next(times)  # type: ignore[method-assign]
        m = store.load(mid)
        m.lay("grey", (0, 0))
        store.save(mid, m)
        laid = store.action_times(mid)[1]
        m.undo()
        store.save(mid, m)
    with Store(tmp_path / "d") as store:
        m = store.load(mid)
        m.redo()
        store.save(mid, m)
        assert store.action_times(mid)[1] == laid


def test_csv_rows_say_when_each_action_was_taken(tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        mid = store.create(caro.Match(players=["Ann", "Ben"]))
        times = clock(datetime(2026, 5, 2, 18, 0, tzinfo=UTC))
        store._now = lambda: next(times)  # type: ignore[method-assign]
        m = store.load(mid)
        for colour, cell in (("grey", (0, 0)), ("red", (0, 1)), ("black", (1, 1))):
            m.lay(colour, cell)
            store.save(mid, m)
        rows = rows_of(export_csv(store, [mid]))
    local = [datetime(2026, 5, 2, 18, n, tzinfo=UTC).astimezone().strftime("%Y-%m-%d %H:%M:%S")
             for n in (1, 2, 3)]
    assert rows and all(r["taken at"] == local[int(r["action"]) - 1] for r in rows)
    assert len({r["taken at"] for r in rows}) > 1
    assert {r["unit"] for r in rows} == {"points"}


def test_a_file_from_before_actions_had_times_is_dated_by_its_last_save(tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        mid = old_match(store)
    path = tmp_path / "d" / "matches" / f"{mid}.json"
    data = json.loads(path.read_text())
    for written_later in ("played", "at", "redo_at"):
        data["match"]["1"].pop(written_later)
    path.write_text(json.dumps(data))
    (tmp_path / "d" / "index.json").unlink()
    with Store(tmp_path / "d") as store:
        assert store.summaries()[0].played is None
        assert store.summaries()[0].played_at == LONG_AGO + timedelta(minutes=5)
        m = store.load(mid)
        m.undo()
        store.save(mid, m)  # an Undo in it still does not date it today
        assert store.summaries()[0].played_at == LONG_AGO + timedelta(minutes=5)


def test_a_save_of_a_match_whose_times_were_let_go_reads_them_from_its_file(
        tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("storage.store.TIMES_KEPT", 1)
    with Store(tmp_path / "d") as store:
        mid = old_match(store)
        m = store.load(mid)
        store.create(caro.Match(players=["Cleo", "Dan"]))  # lets the old match's times go
        m.undo()
        store.save(mid, m)
        assert store.summaries()[1].played_at == LONG_AGO + timedelta(minutes=5)


def played_with_a_pause(store: Store, start: datetime = datetime(2026, 5, 2, 18, 0, tzinfo=UTC)
                        ) -> str:
    """A match whose actions were taken a minute apart: lay, lay, pause, resume, lay (the pause
    lasted one minute of the four between the first lay and the last)."""
    mid = store.create(caro.Match(players=["Ann", "Ben"]))
    times = clock(start)
    store._now = lambda: next(times)  # type: ignore[method-assign]
    m = store.load(mid)
    for act in (lambda: m.lay("grey", (0, 0)), lambda: m.lay("red", (0, 1)), m.pause, m.resume,
                lambda: m.lay("black", (1, 1))):
        act()
        store.save(mid, m)
    return mid


def test_a_match_is_timed_from_its_first_action_to_its_last_less_its_pauses(
        tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        mid = played_with_a_pause(store)
        assert store.summaries()[0].played_for == 3 * 60
        m = store.load(mid)
        m.undo()  # the last lay: the match ends with its resume
        store.save(mid, m)
        assert store.summaries()[0].played_for == 2 * 60
        m.undo()  # the resume: paused at its last action, the pause has lasted nothing yet
        store.save(mid, m)
        assert store.summaries()[0].played_for == 2 * 60
        m.redo()
        m.redo()
        store.save(mid, m)
        assert store.summaries()[0].played_for == 3 * 60
    with Store(tmp_path / "d") as store:  # read back from the index
        assert store.summaries()[0].played_for == 3 * 60
    (tmp_path / "d" / "index.json").unlink()
    with Store(tmp_path / "d") as store:  # and from the match file's times
        assert store.summaries()[0].played_for == 3 * 60


def test_an_index_from_before_lengths_reads_them_from_the_files(tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        played_with_a_pause(store)
    path = tmp_path / "d" / "index.json"
    data = json.loads(path.read_text())
    for entry in data["matches"].values():
        entry.pop("played_for")
    path.write_text(json.dumps(data))
    with Store(tmp_path / "d") as store:
        assert store.summaries()[0].played_for == 3 * 60


def test_a_match_without_the_times_of_its_actions_has_no_length(tmp_path: Path) -> None:
    with Store(tmp_path / "d") as store:
        mid = old_match(store)  # stored with many events at once, as an import does
        assert store.summaries()[0].played_for is None
        m = store.load(mid)
        m.lay("black", (1, 1))
        store.save(mid, m)  # one action timed now does not time the rest
        assert store.summaries()[0].played_for is None
    path = tmp_path / "d" / "matches" / f"{mid}.json"
    data = json.loads(path.read_text())
    for written_later in ("played", "at", "redo_at", "untimed"):
        data["match"]["1"].pop(written_later)
    path.write_text(json.dumps(data))
    (tmp_path / "d" / "index.json").unlink()
    with Store(tmp_path / "d") as store:  # a file from before times were kept still loads
        assert store.summaries()[0].played_for is None
        assert len(store.load(mid).events) == 4
    (tmp_path / "d" / "index.json").unlink()
    with Store(tmp_path / "d") as store:  # nor does a restart give it one
        assert store.summaries()[0].played_for is None


def test_export_and_import_keep_the_pauses(tmp_path: Path) -> None:
    """A pause is an event: it travels with the match (its length does not: an import has no
    times of its actions)."""
    from storage.transfer import export_json, import_json

    with Store(tmp_path / "a") as store:
        mid = played_with_a_pause(store, datetime.now(UTC))
        data = export_json(store, [mid]).data
        events = store.load(mid).events
    with Store(tmp_path / "b") as store:
        (new,) = import_json(store, data).imported
        again = store.load(new)
        assert again.events == events and again.pauses == [(3, "pause"), (4, "resume")]
        assert store.summary(new).played_for is None
