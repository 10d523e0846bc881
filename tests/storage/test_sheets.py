"""Remembered score sheets (issue 32, storage/sheets.py): kept as values, checked by the
sheet's engine, edited by keeping one of the same name, forgotten; a broken file costs only what
it broke."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.core import RuleViolation
from storage.sheets import FILE, Sheets

HEARTS = {"name": "Hearts", "players": ["Ann", "Ben", "Cleo", "Dan"], "lowest_wins": True,
          "end": "target", "target": 100, "rounds": None, "round_sum": 26}


def test_a_kept_sheet_is_read_back_as_values_latest_first(tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    assert sheets.all() == []
    sheets.keep(HEARTS)
    sheets.keep({**HEARTS, "name": "Yahtzee", "lowest_wins": False, "end": "rounds",
                 "target": None, "rounds": 13, "round_sum": None})
    assert [s["name"] for s in Sheets(tmp_path).all()] == ["Yahtzee", "Hearts"]
    assert Sheets(tmp_path).all()[1] == HEARTS
    doc = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    assert doc["sheets"][1] == HEARTS  # values, no text of any language


def test_keeping_one_of_the_same_name_edits_it(tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    sheets.keep({**HEARTS, "name": "HEARTS", "target": 50})
    assert sheets.all() == [{**HEARTS, "name": "HEARTS", "target": 50}]


def test_settings_no_sheet_could_start_from_are_refused_and_change_nothing(
        tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    for junk in ({**HEARTS, "players": ["Ann"]}, {**HEARTS, "name": ""}, {**HEARTS, "end": "x"},
                 {**HEARTS, "target": None}, "Hearts", None):
        with pytest.raises(RuleViolation):
            sheets.keep(junk)  # type: ignore[arg-type]
    assert sheets.all() == [HEARTS]


def test_forget_leaves_the_others(tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    sheets.keep({**HEARTS, "name": "Skat"})
    sheets.forget("hearts")
    assert [s["name"] for s in sheets.all()] == ["Skat"]
    sheets.forget("Nothing kept")
    with pytest.raises(RuleViolation):
        sheets.forget(3)  # type: ignore[arg-type]


def test_a_broken_entry_or_file_costs_only_what_it_broke(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text(json.dumps({"version": 1, "sheets": [
        {**HEARTS, "players": "Ann"}, HEARTS, 7]}), encoding="utf-8")
    assert Sheets(tmp_path).all() == [HEARTS]
    (tmp_path / FILE).write_text("{not json", encoding="utf-8")
    assert Sheets(tmp_path).all() == []
