"""`Summary.won_by`: who won as the standings name them (a Careta team with its members), kept
beside `winners` (the players, which statistics count), and folders from before it was kept."""

from __future__ import annotations

import json
from pathlib import Path

from storage import Store
from tests.support.storage import finished


def test_a_team_win_is_kept_as_the_team_and_its_players(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        team = store.create(finished.careta_team_finished())
        solo = store.create(finished.ratel_damage_finished())
        active = store.create(finished.caro_in_play())
        got = {s.id: s for s in store.summaries()}
        assert [str(w) for w in got[team].won_by] == ["Moons (Ben, Dan)"]
        assert got[team].winners == ("Ben", "Dan")
        assert got[solo].won_by == got[solo].winners == ("Ann", "Cleo")
        assert got[active].won_by == ()
        match = store.load(team)  # an undo reopens the match: nobody has won
        match.undo()
        store.save(team, match)
        assert next(s for s in store.summaries() if s.id == team).won_by == ()
        match.redo()
        store.save(team, match)
    with Store(tmp_path / "data") as store:  # kept in the index across a restart
        (won,) = next(s for s in store.summaries() if s.id == team).won_by
        assert str(won) == "Moons (Ben, Dan)"


def test_a_folder_from_before_won_by_reads_the_winners_until_the_match_is_opened(
        tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        team = store.create(finished.careta_team_finished())
    index = folder / "index.json"
    tables = json.loads(index.read_text())
    for entry in tables["matches"].values():
        del entry["won_by"]
    index.write_text(json.dumps(tables))
    for path in (folder / "matches").glob("*.json"):
        tables = json.loads(path.read_text())
        del tables["match"]["1"]["won_by"]
        path.write_text(json.dumps(tables))
    with Store(folder) as store:
        assert store.summaries()[0].won_by == ("Ben", "Dan")  # as the old version showed it
        assert not store.notices
        store.load(team)  # opening the match brings its summary up to date
        assert [str(w) for w in store.summaries()[0].won_by] == ["Moons (Ben, Dan)"]
