"""A match kept before the rules for new names (issue 23) still opens, exports and imports."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring import careta, ratel
from scoring.core import RuleViolation, stored_names
from storage import Store
from storage.transfer import export_json, import_json

OLD_NAMES = ["Ann", "\u0410nn", "\ue000"]  # a look-alike and a private-use character


def kept_before_the_rules() -> ratel.Match:
    with stored_names():  # what an older version accepted
        match = ratel.Match(players=OLD_NAMES, mode="penalty")
    match.record_round(out="Ann", hands={"\u0410nn": 4, "\ue000": 6})
    return match


def test_an_old_match_opens_after_a_restart_and_imports_elsewhere(tmp_path: Path) -> None:
    with Store(tmp_path / "a") as store:
        mid = store.create(kept_before_the_rules())
    with Store(tmp_path / "a") as store:  # a restart reads it from its file
        match = store.load(mid)
        assert match.players == OLD_NAMES and len(match.events) == 2
        assert store.notices == []  # nothing set aside as damaged
        export = export_json(store)
    assert export.count == 1 and export.problems == ()
    with Store(tmp_path / "b") as other:
        report = import_json(other, export.data)
        assert len(report.imported) == 1
        assert other.load(report.imported[0]).events == match.events
        again = other.load(report.imported[0]).play_again()
        assert again.players == OLD_NAMES


def test_an_old_careta_match_with_look_alike_teams_opens(tmp_path: Path) -> None:
    teams = {"\u0410NN": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}
    with pytest.raises(RuleViolation):
        careta.Match(["Ann", "Ben", "Cleo", "Dan"], teams=teams)
    with stored_names():
        old = careta.Match(["Ann", "Ben", "Cleo", "Dan"], teams=teams)
    with Store(tmp_path / "a") as store:
        mid = store.create(old)
    with Store(tmp_path / "a") as store:
        assert store.load(mid).teams == teams
