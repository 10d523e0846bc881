"""Remembered score sheets: each named sheet game's settings (its name, players, how it is won,
its round sum), kept so the next night of it is one tap on Home (issue 32).

They are values in `<data folder>/sheets.json` ({"version": 1, "sheets": [settings, ...]}, the
latest first), written atomically; every entry is checked as the sheet's engine checks a new
match's settings when it is kept, and again as a stored one when read back, so a hand-edited or
damaged file costs only the entries it broke (a file that is not JSON reads as none, and is
kept aside, never overwritten, until a sheet is kept again)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scoring import core, sheet
from scoring.core import RuleViolation
from scoring.names import name_key
from storage.atomic import atomic_write

FILE = "sheets.json"
FIELDS = ("name", "players", "lowest_wins", "end", "target", "rounds", "round_sum")
MOST_KEPT = 50  # more is no list a Home screen shows

log = logging.getLogger("storage")


def sheet_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """`settings` (a sheet match's first event, or New match's values as the engine takes
    them) as a remembered sheet: checked by the engine, its values only (RuleViolation when a
    sheet could not start from them)."""
    if not isinstance(settings, Mapping):
        raise RuleViolation("bad-sheet", "A remembered sheet is a set of settings.")
    kept = {k: settings.get(k) for k in FIELDS}
    first = sheet.Match(**{**kept, "players": kept["players"]}).events[0]
    return {k: first[k] for k in FIELDS}


class Sheets:
    """The remembered sheets of one data folder; safe to share between threads."""

    def __init__(self, folder: Path) -> None:
        self._path = Path(folder) / FILE
        self._guard = threading.Lock()

    def _read(self) -> list[dict[str, Any]]:
        try:
            doc = json.loads(self._path.read_bytes())
        except FileNotFoundError:
            return []
        except (OSError, ValueError):
            log.warning("%s could not be read: no sheet is remembered until one is kept again",
                        self._path.name)
            return []
        found: list[dict[str, Any]] = []
        for entry in doc.get("sheets", []) if isinstance(doc, dict) else []:
            try:
                with core.stored_names():
                    found.append(sheet_settings(entry))
            except RuleViolation:
                log.warning("A remembered sheet in %s was left out: %s", self._path.name,
                            "its settings are not a sheet's")
        return found

    def all(self) -> list[dict[str, Any]]:
        """Every remembered sheet, the latest kept first."""
        with self._guard:
            return self._read()

    def keep(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Remember `settings` (checked: RuleViolation, and nothing changes, when they are not a
        sheet's), first in the list; one of the same name, as names are told apart, is
        replaced: that is how a sheet is edited."""
        kept = sheet_settings(settings)
        with self._guard:
            others = [s for s in self._read() if name_key(s["name"]) != name_key(kept["name"])]
            self._write([kept, *others][:MOST_KEPT])
        return kept

    def change(self, name: str, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Keep `settings` in place of the sheet called `name` (its name may change too), where
        it stood in the list. Checked as `keep` checks: RuleViolation, and nothing changes, when
        they are not a sheet's or no sheet is called `name`; another sheet of the new name is
        replaced."""
        if not isinstance(name, str):
            raise RuleViolation("bad-sheet", "A remembered sheet is named by a text.")
        kept = sheet_settings(settings)
        with self._guard:
            sheets = self._read()
            at = next((i for i, s in enumerate(sheets) if name_key(s["name"]) == name_key(name)),
                      None)
            if at is None:
                raise RuleViolation("no-sheet", "No score sheet of that name is remembered.")
            new = name_key(kept["name"])
            changed = [kept if i == at else s for i, s in enumerate(sheets)
                       if i == at or name_key(s["name"]) != new]
            self._write(changed)
        return kept

    def forget(self, name: str) -> None:
        """Forget the sheet called `name`; its matches stay as they are."""
        if not isinstance(name, str):
            raise RuleViolation("bad-sheet", "A remembered sheet is named by a text.")
        with self._guard:
            sheets = self._read()
            left = [s for s in sheets if name_key(s["name"]) != name_key(name)]
            if len(left) != len(sheets):
                self._write(left)

    def _write(self, sheets: list[dict[str, Any]]) -> None:
        data = json.dumps({"version": 1, "sheets": sheets}, ensure_ascii=False, indent=1)
        atomic_write(self._path, data.encode("utf-8"))
