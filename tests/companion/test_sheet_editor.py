"""Home's editor of a remembered score sheet (companion/games/sheet/kept.py) holds a sheet's
settings as New match's options hold them, and gives them back as New match does: a sheet
opened and saved unchanged is the same sheet; what is typed is refused as New match refuses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.sheet.kept import _typed
from companion.games.sheet.options import settings_of
from scoring.core import RuleViolation
from storage.sheets import Sheets

HEARTS = {"name": "Hearts", "players": ["Ann", "Ben", "Cleo", "Dan"], "lowest_wins": True,
          "end": "target", "target": 100, "rounds": None, "round_sum": 26}
UNO = {"name": "Uno", "players": ["Ann", "Ben"], "lowest_wins": False, "end": "keeper",
       "target": None, "rounds": None, "round_sum": None}


@pytest.mark.parametrize("kept", [HEARTS, UNO])
def test_a_sheet_saved_unchanged_is_the_same_sheet(kept: dict) -> None:
    assert {"players": kept["players"], **settings_of(_typed(kept))} == kept


def test_typed_changes_are_kept_or_refused_as_new_match_would(tmp_path: Path) -> None:
    sheets = Sheets(tmp_path)
    sheets.keep(HEARTS)
    typed = {**_typed(HEARTS), "end": "rounds", "rounds": "12", "round_sum": ""}
    sheets.change("Hearts", {"players": HEARTS["players"], **settings_of(typed)})
    assert sheets.all() == [{**HEARTS, "end": "rounds", "target": None, "rounds": 12,
                             "round_sum": None}]
    with pytest.raises(RuleViolation):
        sheets.change("Hearts", {"players": HEARTS["players"],
                                 **settings_of({**typed, "rounds": "twelve"})})
    assert sheets.all()[0]["rounds"] == 12
