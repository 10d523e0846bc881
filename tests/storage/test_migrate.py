"""storage/migrate.py and the values a summary keeps: standings whose unit and second figure are
data (or an engine's plain words), read back equal from a match file and from the index; a
schema 1 file that does not replay, or a schema 2 one with a malformed value, reported as before.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from scoring.core import Standing
from scoring.said import said_n, term_n
from storage import SCHEMA, DamagedFileError, Store
from storage.atomic import encode
from storage.migrate import migrate
from tests.support.tally import Tally


class Figures(Tally):
    """Tally with standings as data: points as a glossary word, and a second figure."""

    GAME = "storage-figures"
    TITLE = "Figures"

    def standing_figures(self) -> list[Standing]:
        return [Standing(p, t, term_n("tally unit", "point", "points", t),
                         said_n("{n} go", "{n} goes", 2)) for p, t in self.total.items()]


class Worded(Figures):
    """The same with an engine's plain words (before its branch made them data)."""

    GAME = "storage-worded"

    def standing_figures(self) -> list[Standing]:
        return [Standing(p, t, "points", f"{t} more") for p, t in self.total.items()]


class Odd(Figures):
    """Standings holding something no file can: the summary goes without, the save does not."""

    GAME = "storage-odd"

    def standing_figures(self) -> list[Standing]:
        return [Standing(p, t, object()) for p, t in self.total.items()]


@pytest.fixture
def games() -> Iterator[None]:
    for cls in (Tally, Figures, Worded, Odd):
        scoring.GAMES[cls.GAME] = cls
    yield
    for cls in (Tally, Figures, Worded, Odd):
        scoring.GAMES.pop(cls.GAME, None)


def _played(cls: type[Tally]) -> Tally:
    m = cls(["Ann", "Ben"], limit=9)
    m.add("Ann", 2)
    m.add("Ben", 1)
    return m


@pytest.mark.parametrize("cls", [Figures, Worded])
def test_standings_come_back_equal_from_the_file_and_from_the_index(
    cls: type[Tally], tmp_path: Path, games: None
) -> None:
    with Store(tmp_path) as store:
        mid = store.create(_played(cls))
        (made,) = store.summaries()
    expected = tuple(_played(cls).standing_figures())
    assert made.standings == expected
    with Store(tmp_path) as store:  # from the index
        assert store.summaries()[0].standings == expected
    os.remove(tmp_path / "index.json")
    with Store(tmp_path) as store:  # from the match file
        assert store.summaries()[0].standings == expected
        assert [r.text for r in store.summaries()[0].standings] == (
            ["2 points, 2 goes", "1 point, 2 goes"] if cls is Figures
            else ["2 points, 2 more", "1 points, 1 more"])
    tables = json.loads((tmp_path / "matches" / f"{mid}.json").read_text("utf-8"))
    row = tables["match"]["1"]["standings"][0]
    assert row[:2] == ["Ann", 2] and tables["meta"]["1"]["schema"] == SCHEMA


def test_standings_no_file_can_hold_cost_the_summary_not_the_save(
    tmp_path: Path, games: None
) -> None:
    with Store(tmp_path) as store:
        mid = store.create(_played(Odd))
        assert store.summaries()[0].standings == ()
        assert store.load(mid).events == _played(Odd).events


def _schema_1(events: list[dict], standings: list) -> bytes:
    doc = {"created": "2026-11-01T10:00:00.000000+00:00",
           "updated": "2026-11-01T10:05:00.000000+00:00", "status": "active", "winners": [],
           "standings": standings, "events": events}
    return json.dumps({"meta": {"1": {"schema": 1}}, "match": {"1": doc}}).encode()


def test_a_schema_1_file_that_does_not_replay_is_reported_as_before(
    tmp_path: Path, games: None
) -> None:
    bad = _played(Tally).events + [{"type": "add", "player": "Zed", "n": 1, "note": ""}]
    (tmp_path / "matches").mkdir(parents=True)
    (tmp_path / "matches" / "0000000000aa.json").write_bytes(
        _schema_1(bad, [["Ann", "2"], ["Ben", "1"]]))
    with Store(tmp_path) as store:
        (summary,) = store.summaries()
        assert summary.standings == () and summary.events_count == 4
        with pytest.raises(DamagedFileError, match="do not replay"):
            store.load(summary.id)
        assert store.summaries() == []


def test_a_schema_1_file_gets_its_times_redo_and_values() -> None:
    events = _played(Tally).events
    scoring.GAMES[Tally.GAME] = Tally
    try:
        tables = migrate(json.loads(_schema_1(events, [["Ann", "2 points"]])))
    finally:
        scoring.GAMES.pop(Tally.GAME)
    doc = tables["match"]["1"]
    assert tables["meta"]["1"]["schema"] == SCHEMA
    assert doc["standings"] == [["Ann", "2", "", ""], ["Ben", "1", "", ""]]
    assert doc["redo"] == [] and doc["redo_at"] == [] and doc["scores"] == []
    assert doc["at"] == ["2026-11-01T10:00:00.000000+00:00",
                         "2026-11-01T10:05:00.000000+00:00",
                         "2026-11-01T10:05:00.000000+00:00"]
    assert doc["played"] == doc["at"][-1] and doc["won_by"] == []
    assert migrate(tables) is tables  # today's format is left as it is


def test_a_schema_1_index_entry_is_read_again_from_its_file() -> None:
    entry = {"game": "caro", "standings": [["Ann", "12 points"]], "variant": "short game",
             "stat": [5, 6]}
    tables = migrate({"meta": {"1": {"schema": 1}}, "matches": {"0000000000aa": entry}})
    assert tables["matches"]["0000000000aa"] == {"game": "caro", "standings": [],
                                                 "variant": "", "stat": [-1, -1]}


@pytest.mark.parametrize("standings", [
    [["Ann", 2, {"said": 3}, ""]],          # a value to_data never makes
    [["Ann", 2, "", ""], ["Ben", True, "", ""]],  # a figure that is no number
    [["Ann", "2 points"]],                  # schema 1's text rows in a schema 2 file
])
def test_a_schema_2_file_with_a_malformed_row_is_moved_aside(
    standings: list, tmp_path: Path, games: None
) -> None:
    with Store(tmp_path) as store:
        mid = store.create(_played(Figures))
    path = tmp_path / "matches" / f"{mid}.json"
    tables = json.loads(path.read_text("utf-8"))
    tables["match"]["1"]["standings"] = standings
    path.write_bytes(encode(tables))
    os.remove(tmp_path / "index.json")
    with Store(tmp_path) as store:
        assert store.summaries() == []
        (notice,) = store.notices
        assert "standings" in str(notice)
    assert not path.exists() and len(list((tmp_path / "damaged").iterdir())) == 1
