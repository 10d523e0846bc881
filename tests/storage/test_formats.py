"""Every format the store has written still opens, plays on and exports as a match made fresh
from the same events (issue 21: one schema bump, one migrate). The folders in fixtures/ were
written by the commits that introduced each format (fixtures/write_folder.py says how)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import scoring
from scoring.core import Match
from storage import SCHEMA, Store
from storage.index import Summary
from storage.transfer import export_csv, export_json, import_json

FIXTURES = Path(__file__).parent / "fixtures"
FORMATS = {  # folder: the schema its files carry
    "1-first": 1, "1-scores": 1, "1-redo": 1, "1-times": 1, "1-main": 1, "2-values": 2,
}

# One more action through the engine, for each fixture match.
PLAY_ON: dict[str, Callable[[Any], None]] = {
    "ratel": lambda m: m.record_round(out="Ben", hands={"Ann": 3, "Cleo": 10}),
    "careta": lambda m: m.doubt("Ann", True),
    "caro": lambda m: m.lay("red", (0, 1)),
}
# What differs between two stores by nature: ids and the times of saving.
OWN = ("id", "created", "updated")
CSV_OWN = ("match", "date", "taken at")


def copy(name: str, dest: Path) -> Path:
    shutil.copytree(FIXTURES / name, dest)
    return dest


def neutral(summary: Summary) -> dict[str, Any]:
    """A summary's content, its figures and names in English (a file of values and a fresh match
    of an engine that still words a unit give the same sentence; an index written before a
    Careta team's name was a value holds "Suns (Ann, Cleo)" as text until the match is saved
    again)."""
    return {
        "game": summary.game, "players": summary.players, "status": summary.status,
        "winners": summary.winners, "won_by": tuple(map(str, summary.won_by)),
        "scores": summary.scores,
        "events_count": summary.events_count, "fingerprint": summary.fingerprint,
        "standings": [(str(r.name), r.text) for r in summary.standings],
        "variant": str(summary.variant),
    }


def records(data: bytes) -> list[dict[str, Any]]:
    doc = json.loads(data)
    return [{k: v for k, v in r.items() if k not in OWN} for r in doc["matches"]]


def rows(data: bytes) -> list[dict[str, str]]:
    read = csv.DictReader(io.StringIO(data.decode("utf-8-sig")))
    return [{k: v for k, v in row.items() if k not in CSV_OWN} for row in read]


def test_every_fixture_is_of_the_schema_it_is_named_for() -> None:
    assert {p.name for p in FIXTURES.iterdir() if p.is_dir()} == set(FORMATS)
    assert max(FORMATS.values()) == SCHEMA
    for name, schema in FORMATS.items():
        files = [FIXTURES / name / "index.json", *(FIXTURES / name / "matches").iterdir()]
        assert len(files) == 4
        for path in files:
            assert json.loads(path.read_text("utf-8"))["meta"]["1"]["schema"] == schema


@pytest.mark.parametrize("name", FORMATS)
def test_a_folder_of_each_format_opens_plays_on_and_exports_as_a_fresh_match(
    name: str, tmp_path: Path
) -> None:
    before = {p.name: p.read_bytes() for p in (FIXTURES / name / "matches").iterdir()}
    folder = copy(name, tmp_path / "old")
    with Store(folder) as old, Store(tmp_path / "fresh") as fresh:
        assert old.notices == []
        summaries = old.summaries()
        assert sorted(s.game for s in summaries) == ["careta", "caro", "ratel"]
        for summary in summaries:
            match = old.load(summary.id)
            made = scoring.replay(match.events)
            mid = fresh.create(made)
            # the same summary as a match made fresh from its events, before and after one more
            assert neutral(summary) == neutral(_summary(fresh, mid))
            if summary.game == "ratel" and name not in ("1-first", "1-scores"):
                # the formats that kept the redo list: Ratel's second round, recorded then undone
                assert match.redo_events == [_next(made)]
            for m, store, key in ((match, old, summary.id), (made, fresh, mid)):
                PLAY_ON[m.GAME](m)
                store.save(key, m)
            assert neutral(_summary(old, summary.id)) == neutral(_summary(fresh, mid))
            saved, made_again = _summary(old, summary.id), _summary(fresh, mid)
            assert saved.won_by == made_again.won_by  # saved again: the names as values too
            assert [r.name for r in saved.standings] == [r.name for r in made_again.standings]
            assert records(export_json(old, [summary.id]).data) == records(
                export_json(fresh, [mid]).data)
            assert rows(export_csv(old, [summary.id]).data) == rows(
                export_csv(fresh, [mid]).data)
            assert old.load(summary.id).events == fresh.load(mid).events
    # saved in today's format; the fixture itself untouched
    for path in (folder / "matches").iterdir():
        assert json.loads(path.read_text("utf-8"))["meta"]["1"]["schema"] == SCHEMA
    assert json.loads((folder / "index.json").read_text("utf-8"))["meta"]["1"]["schema"] == SCHEMA
    assert {p.name: p.read_bytes() for p in (FIXTURES / name / "matches").iterdir()} == before


@pytest.mark.parametrize("name", FORMATS)
def test_a_folder_of_each_format_reopens_from_its_index_alone(name: str, tmp_path: Path) -> None:
    """After the first open (which reads every schema 1 file once), the index is trusted."""
    folder = copy(name, tmp_path / "old")
    with Store(folder) as store:
        first = {s.id: neutral(s) for s in store.summaries()}
    with Store(folder) as store:
        assert {s.id: neutral(s) for s in store.summaries()} == first
        for s in store.summaries():
            assert all(isinstance(r.value, int) for r in s.standings)


@pytest.mark.parametrize("name", FORMATS)
def test_an_export_of_each_format_imports_into_a_fresh_store(name: str, tmp_path: Path) -> None:
    with Store(copy(name, tmp_path / "old")) as old, Store(tmp_path / "new") as new:
        report = import_json(new, export_json(old).data)
        assert len(report.imported) == 3
        assert sorted(repr(neutral(s)) for s in old.summaries()) == sorted(
            repr(neutral(s)) for s in new.summaries())


def _summary(store: Store, mid: str) -> Summary:
    (found,) = [s for s in store.summaries() if s.id == mid]
    return found


def _next(m: Match) -> dict[str, Any]:
    """The event PLAY_ON adds to the match (on a twin: `m` is left as it is)."""
    twin = scoring.replay(m.events)
    PLAY_ON[m.GAME](twin)
    return twin.events[-1]
