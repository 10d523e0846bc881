"""Imports that would cost too much, carry impossible dates, nest too deeply, or meet a full
disk: each is refused (or stopped) with a sentence, and nothing but `ImportRefused` escapes."""

from __future__ import annotations

import errno
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
import storage.atomic
from storage import Store, fingerprint
from storage.transfer import (
    FORMAT,
    MAX_EVENTS_PER_FILE,
    MAX_EVENTS_PER_MATCH,
    VERSION,
    ImportIncomplete,
    ImportRefused,
    export_json,
    import_json,
    read_export,
)
from tests.support.storage import finished
from tests.support.storage.import_limits import NOW, record, small_match


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Store]:
    store = Store(tmp_path / "b")
    yield store
    store.close()


def export_of(*records: Any) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "matches": list(records)})


def refused(store: Store, data: bytes | str, *words: str) -> str:
    before = store.summaries()
    with pytest.raises(ImportRefused) as err:
        import_json(store, data, now=NOW)
    for word in words:
        assert word in str(err.value), str(err.value)
    assert store.summaries() == before
    return str(err.value)


def test_a_valid_record_is_imported(empty: Store) -> None:  # the baseline the refusals bend
    assert len(import_json(empty, export_of(record()), now=NOW).imported) == 1


# -- dates ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"updated": "9999-12-31T23:59:59.999999+00:00"}, ["updated time", "and tomorrow"]),
        ({"created": "0001-01-01T00:00:00+05:00"}, ["created time", "not between 2000-01-01"]),
        ({"created": "0001-01-01T00:00:00-05:00"}, ["created time"]),
        ({"created": "1999-12-31T23:59:59+00:00"}, ["created time"]),
        ({"updated": "2026-12-02T12:00:01+00:00"}, ["updated time"]),  # tomorrow and a second
        ({"created": "2026-11-30T12:00:00+00:00"}, ["is after its updated time"]),
        ({"updated": "2026-11-30T11:00:00+99:00"}, ["is not a date"]),
    ],
)
def test_dates_out_of_range_are_refused(empty: Store, changes: dict, words: list[str]) -> None:
    refused(empty, export_of(record(**changes)), "Nothing was imported: match 1 of 1", *words)


def test_a_far_future_date_already_stored_does_not_carry_later_saves(tmp_path: Path) -> None:
    """A store holding a time far ahead (imported before dates were checked) still dates its
    saves now: following that time would date every later save after it (and past 9999,
    overflow)."""
    folder = tmp_path / "data"
    with Store(folder) as store:
        mid = store.create(small_match())
    path = folder / "matches" / f"{mid}.json"
    data = json.loads(path.read_bytes())
    data["match"]["1"]["updated"] = "8999-12-31T23:59:59.999999+00:00"
    for written_later in ("played", "at", "redo_at"):  # a file from before actions had times
        data["match"]["1"].pop(written_later)
    path.write_text(json.dumps(data), "utf-8")
    with Store(folder) as store:
        assert store.summaries()[0].updated.year == 8999  # as it was read
        other = store.create(small_match())
        assert store.summaries()[1].id == other and store.summaries()[1].updated.year < 8999
        m = store.load(mid)
        m.lay("black", (6, 7))
        store.save(mid, m)
        # the saved match is dated now (not past 8999), and after the new one
        assert [s.id for s in store.summaries()] == [mid, other]
        assert store.summaries()[0].updated.year < 8999
    with Store(folder) as store:
        assert len(store.load(mid).events) == 3


def test_times_out_of_range_already_stored_are_read_as_now(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        mid = store.create(small_match())
    path = folder / "matches" / f"{mid}.json"
    data = json.loads(path.read_bytes())
    data["match"]["1"]["created"] = "0001-01-01T00:00:00+05:00"
    data["match"]["1"]["updated"] = "9999-12-31T23:59:59.999999+00:00"
    path.write_text(json.dumps(data), "utf-8")
    before = datetime.now(UTC)
    with Store(folder) as store:
        (summary,) = store.summaries()
        for moment in (summary.created, summary.updated):
            assert before <= moment <= datetime.now(UTC)
            moment.astimezone()  # what the lists show: was OverflowError
        m = store.load(mid)
        m.lay("black", (6, 7))
        store.save(mid, m)
    with Store(folder) as store:
        assert store.summaries()[0].created == summary.created  # saved as read


# -- malformed input ------------------------------------------------------------------------------


def test_deep_nesting_and_huge_numbers_are_refused(empty: Store) -> None:
    refused(empty, "[" * 100_000 + "]" * 100_000, "nested too deeply")
    head = f'{{"format": "{FORMAT}", "version": '
    refused(empty, head + '1, "matches": ' + "[" * 100_000 + "}", "not a Table Companion export")
    rec = json.dumps(record())[:-1] + ', "x": ' + "[" * 50_000 + "]" * 50_000 + "}"
    refused(empty, head + '1, "matches": [' + rec + "]}", "nested too deeply")
    refused(empty, head + "9" * 5000 + "}", "not valid JSON")


def test_a_refusal_quotes_the_file_briefly(empty: Store) -> None:
    huge = "x" * 100_000
    events = small_match().events
    events[0] = {**events[0], "players": [huge, "Ben"]}
    for rec in (record(created=huge), record(winners=[huge]),
                record(events=events, fingerprint=fingerprint(events))):
        message = refused(empty, export_of(rec), "Nothing was imported: match 1 of 1")
        assert len(message) <= 400


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8,
)
DATES = st.sampled_from([
    "9999-12-31T23:59:59.999999+00:00", "0001-01-01T00:00:00+05:00", "0001-01-01",
    "2026-11-30T10:00:00+23:59", "9999-12-31T23:59:59-23:59", "2026-02-30T00:00:00Z", "",
]) | st.text(max_size=30)
FIELDS = ["id", "game", "players", "status", "winners", "created", "updated", "fingerprint",
          "events"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=st.dictionaries(st.sampled_from(FIELDS), JSON | DATES, max_size=3),
    event_changes=st.dictionaries(st.sampled_from(["type", "game", "players", "colour", "cell"]),
                                  JSON, max_size=2),
    refingerprint=st.booleans(),
)
def test_any_crafted_record_is_read_or_refused_never_a_traceback(
    changes: dict, event_changes: dict, refingerprint: bool
) -> None:
    rec = record(**changes)
    events = rec.get("events")
    if event_changes and isinstance(events, list) and events and isinstance(events[-1], dict):
        events[-1].update(event_changes)
        if refingerprint:
            rec["fingerprint"] = fingerprint(events)
    try:
        read_export(export_of(rec), now=NOW)
    except ImportRefused as error:
        assert 0 < len(str(error)) <= 400


# -- what one import may cost ---------------------------------------------------------------------


def replays_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = scoring.replay

    def counting(events: list) -> Any:
        calls.append(len(events))
        return real(events)

    monkeypatch.setattr(scoring, "replay", counting)
    return calls


def test_a_match_too_long_is_refused_before_any_replay(
    empty: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = replays_counted(monkeypatch)
    events = small_match().events
    long = events + [{"type": "lay", "colour": "red", "cell": [6, 7]}] * MAX_EVENTS_PER_MATCH
    message = refused(empty, export_of(record(events=long, fingerprint=fingerprint(long))),
                      f"it has {MAX_EVENTS_PER_MATCH + 2} events", f"{MAX_EVENTS_PER_MATCH}")
    assert "match 1 of 1" in message and calls == []


def test_a_file_of_too_many_events_is_refused_before_any_replay(
    empty: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = replays_counted(monkeypatch)
    per = MAX_EVENTS_PER_MATCH
    n = MAX_EVENTS_PER_FILE // per + 1
    filler = [{"type": "lay"}] * (per - 2)
    records = [record(events=small_match().events + filler) for _ in range(n)]
    refused(empty, export_of(*records), f"{n * per} events in all", f"{MAX_EVENTS_PER_FILE}")
    assert calls == []


# -- a full disk ----------------------------------------------------------------------------------


def test_a_full_disk_says_how_many_were_stored_and_a_retry_stores_the_rest(
    tmp_path: Path, empty: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store(tmp_path / "a") as source:
        for match in finished.every_game():
            source.create(match)
        data = export_json(source).data
    real = storage.atomic.atomic_write
    written: list[str] = []

    def full_after_three(path: Any, raw: bytes, **kwargs: Any) -> Any:
        if "matches" in str(path) and len(written) >= 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(str(path))
        return real(path, raw, **kwargs)

    monkeypatch.setattr(storage.atomic, "atomic_write", full_after_three)
    with pytest.raises(ImportIncomplete) as stopped:
        import_json(empty, data)
    message = str(stopped.value)
    every = len(json.loads(data)["matches"])  # each game's finished matches, and one in play
    assert message.startswith(
        f"Stored 3 of the {every} new matches, then the disk refused the rest")
    assert "No space left on device" in message and "again is safe" in message
    assert stopped.value.stored == 3 and len(empty.summaries()) == 3
    monkeypatch.setattr(storage.atomic, "atomic_write", real)  # space freed
    again = import_json(empty, data)
    assert len(again.imported) == every - 3 and len(again.skipped) == 3
    assert len(empty.summaries()) == every


def test_a_long_refused_match_is_not_searched_for_its_refused_event(
    empty: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = replays_counted(monkeypatch)
    long = small_match().events + [{"type": "lay", "colour": "red", "cell": [0, 0]}] * 1_100
    message = refused(empty, export_of(record(events=long, fingerprint=fingerprint(long))),
                      "one of its 1101 actions is refused: ")
    assert "match 1 of 1 (Caro: Ann, Ben)" in message
    assert calls == [len(long), 1]  # was: a dozen replays of growing prefixes
    short = small_match().events + [{"type": "lay", "colour": "red", "cell": [0, 0]}]
    refused(empty, export_of(record(events=short, fingerprint=fingerprint(short))),
            "its action 2 of 2 ('lay') is refused")
