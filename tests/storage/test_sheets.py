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


YAHTZEE = {"name": "Yahtzee", "players": ["Ann", "Ben"], "lowest_wins": False, "end": "rounds",
           "target": None, "rounds": 13, "round_sum": None}


def test_a_sheet_is_changed_in_place_its_name_too(tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    sheets.keep(YAHTZEE)  # first in the list
    changed = {**HEARTS, "name": "Black Lady", "players": ["Ann", "Ben", "Cleo"],
               "end": "keeper", "target": None, "round_sum": None}
    assert sheets.change("hearts", changed) == changed
    assert Sheets(tmp_path).all() == [YAHTZEE, changed]  # where it stood
    # renamed to another kept sheet's name: that one is replaced, not doubled
    sheets.change("Black Lady", {**changed, "name": "YAHTZEE"})
    assert [s["name"] for s in sheets.all()] == ["YAHTZEE"]


@pytest.mark.parametrize("change", [
    {"players": ["Ann"]}, {"name": ""}, {"end": "target", "target": "a lot"},
    {"round_sum": 10**9}, {"end": "rounds", "rounds": 0},
])
def test_a_refused_change_says_why_and_changes_nothing(tmp_path: Path,
                                                        change: dict) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    before = (tmp_path / FILE).read_bytes()
    with pytest.raises(RuleViolation) as refused:
        sheets.change("Hearts", {**HEARTS, **change})
    assert str(refused.value)  # a sentence
    assert (tmp_path / FILE).read_bytes() == before


def test_changing_a_sheet_not_kept_is_refused(tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    with pytest.raises(RuleViolation):
        sheets.change("Uno", YAHTZEE)
    with pytest.raises(RuleViolation):
        sheets.change(3, YAHTZEE)  # type: ignore[arg-type]
    assert sheets.all() == [HEARTS]
