"""`Summary.scores`: the final scores kept in the index, and data folders from before them."""

from __future__ import annotations

import json
from pathlib import Path

from storage import Store
from tests.support.storage import finished


def test_summaries_hold_the_final_scores_of_finished_matches(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        ids = {
            "caro": store.create(finished.caro_finished()),
            "team": store.create(finished.careta_team_finished()),
            "penalty": store.create(finished.ratel_penalty_finished()),
            "damage": store.create(finished.ratel_damage_finished()),
            "carrera": store.create(finished.carrera_finished()),
            "active": store.create(finished.caro_in_play()),
        }
        scores = {name: dict(s.scores) for s in store.summaries() for name, mid in ids.items()
                  if s.id == mid}
        assert scores["caro"] == finished.caro_finished().scores
        assert scores["team"] == {"Ann": 0, "Ben": 1, "Cleo": 0, "Dan": 1}
        assert scores["penalty"] == {"Ann": 3, "Ben": 10, "Cleo": 15}
        assert scores["damage"] == scores["carrera"] == scores["active"] == {}
        # in seating order
        team = next(s for s in store.summaries() if s.id == ids["team"])
        assert [name for name, _ in team.scores] == ["Ann", "Ben", "Cleo", "Dan"]

        # a save after an undo that reopens the match clears them; redo brings them back
        match = store.load(ids["penalty"])
        match.undo()
        store.save(ids["penalty"], match)
        assert next(s for s in store.summaries() if s.id == ids["penalty"]).scores == ()
        match.redo()
        store.save(ids["penalty"], match)
    with Store(tmp_path / "data") as store:  # kept in the index across a restart
        summary = next(s for s in store.summaries() if s.id == ids["penalty"])
        assert dict(summary.scores) == {"Ann": 3, "Ben": 10, "Cleo": 15}


def strip_scores(folder: Path, *, match_files: bool) -> None:
    """Make the folder look written by the version before scores were kept."""
    index = folder / "index.json"
    tables = json.loads(index.read_text())
    for entry in tables["matches"].values():
        del entry["scores"]
    index.write_text(json.dumps(tables))
    if match_files:
        for path in (folder / "matches").glob("*.json"):
            tables = json.loads(path.read_text())
            del tables["match"]["1"]["scores"]
            path.write_text(json.dumps(tables))


def test_an_index_from_before_scores_is_brought_up_to_date(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        store.create(finished.caro_finished())
        store.create(finished.ratel_penalty_finished())
        before = store.summaries()
    strip_scores(folder, match_files=False)
    with Store(folder) as store:
        assert store.summaries() == before
    tables = json.loads((folder / "index.json").read_text())
    assert all("scores" in entry for entry in tables["matches"].values())


def test_match_files_from_before_scores_are_replayed_once(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        store.create(finished.careta_team_finished())
        store.create(finished.ratel_penalty_finished())
        store.create(finished.caro_in_play())
        before = store.summaries()
    strip_scores(folder, match_files=True)
    with Store(folder) as store:
        assert store.summaries() == before
        assert not store.notices
        for summary in before:  # and the files still load as they are
            store.load(summary.id)
        assert store.summaries() == before
    with Store(folder) as store:  # the index now has them: no replay needed
        assert store.summaries() == before
