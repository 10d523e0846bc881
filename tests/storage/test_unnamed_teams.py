"""A Careta team left unnamed is a value in every file (issue 21): the events keep its letter, a
summary's standings and `won_by` keep the sentence as data (`scoring.said.to_data`), and the CSV
export says it in the exporting device's language ("Team A" in German, whichever device started
the match). Files written before, with a team's name as text, read as they were."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from companion.i18n.catalog import Voice
from scoring import careta
from scoring.said import Said, render
from storage import Store
from storage.transfer import export_csv

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


def won_by_team_b(teams: dict[str, list[str]], unnamed: list[str]) -> careta.Match:
    m = careta.Match(PLAYERS, teams=teams, target=1, unnamed_teams=unnamed)
    m.start_set()
    m.start_game("up")
    m.play("Ben", 3)
    m.doubt("Ann", True)  # Ben told the truth: +1 for team B, who reach the target
    return m


def rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_a_summary_keeps_the_unnamed_team_as_a_value(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        mid = store.create(won_by_team_b({"A": ["Ann", "Cleo"], "B": ["Ben", "Dan"]},
                                         ["A", "B"]))
    files = [*folder.glob("matches/*.json"), folder / "index.json"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "Team B (" not in text and "Team A (" not in text  # no words, only values
    with Store(folder) as store:  # read back, from the index and from the match file
        summary = store.summaries()[0]
        assert summary.id == mid and summary.winners == ("Ben", "Dan")
        (won,) = summary.won_by
        assert isinstance(won, Said) and str(won) == "Team B (Ben, Dan)"
        assert render(won, Voice("ja")) == "チームB（Ben、Dan）"
        assert [render(row.name, Voice("es")) for row in summary.standings] == [
            "Equipo A (Ann, Cleo)", "Equipo B (Ben, Dan)"]
    index = folder / "index.json"
    index.unlink()  # the summary made again from the match file alone
    with Store(folder) as store:
        assert store.summaries()[0].won_by == (won,)


def test_the_csv_export_in_german_says_team_a(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        store.create(won_by_team_b({"A": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}, ["A", "B"]))
        german = rows(export_csv(store, say=lambda value: render(value, Voice("de"))).data)
        spanish = rows(export_csv(store, say=lambda value: render(value, Voice("es"))).data)
    assert [row[5] for row in german[1:]] == ["Team B"]  # the "player" column: the side
    assert "Team B" in german[1][8] and "Equipo" not in german[1][8]  # the reason, in German
    assert [row[5] for row in spanish[1:]] == ["Equipo B"]


def test_a_team_stored_with_its_name_as_text_reads_as_it_was(tmp_path: Path) -> None:
    """A match from before: a Spanish device stored "Equipo B" as the team's name."""
    with Store(tmp_path / "data") as store:
        store.create(won_by_team_b({"Equipo A": ["Ann", "Cleo"], "Equipo B": ["Ben", "Dan"]},
                                   []))
        assert [str(w) for w in store.summaries()[0].won_by] == ["Equipo B (Ben, Dan)"]
        german = rows(export_csv(store, say=lambda value: render(value, Voice("de"))).data)
    assert [row[5] for row in german[1:]] == ["Equipo B"]


def test_a_summary_with_a_name_that_is_no_value_is_a_damaged_file(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        store.create(won_by_team_b({"A": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}, ["A", "B"]))
    (path,) = folder.glob("matches/*.json")
    tables = json.loads(path.read_text(encoding="utf-8"))
    tables["match"]["1"]["won_by"] = [{"signed": 3}]  # a value, but no name
    path.write_text(json.dumps(tables), encoding="utf-8")
    (folder / "index.json").unlink()
    with Store(folder) as store:
        assert store.summaries() == [] and store.notices  # moved aside with a message
