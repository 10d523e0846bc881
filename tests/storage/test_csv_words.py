"""The CSV export speaks the exporting device's language: its headers, the game's title and unit
(as the game declares them) and each row's reason come from the data (a history entry's "said")
through the `say` it is given; numbers stay plain numbers and times ISO, for a spreadsheet.
Without `say` it is English."""

from __future__ import annotations

import csv
import io
import re

from scoring import GAMES
from scoring.said import render
from storage import Store
from storage.transfer import CSV_COLUMNS, CSV_HEADERS, export_csv
from tests.support.pseudo import Pseudo, tilded

ISO = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?")
CARD = re.compile(r"\b\d+[A-Z]\b")  # a card as printed on it (Carrera's "4B"), no word


def table(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_english_by_default_as_before(filled: Store) -> None:
    head, *rows = table(export_csv(filled).data)
    assert tuple(head) == CSV_COLUMNS == (
        "match", "game", "date", "action", "taken at", "player", "change", "unit", "reason",
        "running total")
    texts = {}
    for summary in filled.summaries():
        match = filled.load(summary.id)
        texts[summary.id] = [entry["text"] for entry in match.history]
    for mid, _, _, action, _, _, _, unit, reason, _ in rows:
        assert reason == texts[mid][int(action) - 1]  # the entry's English, as it always was
        assert unit in {"points", "damage", "penalty points", "trophies"}


UNITS = [unit for cls in GAMES.values() for unit in cls.UNITS.values()]


def test_a_pseudo_language_leaves_no_english_but_names(filled: Store) -> None:
    pseudo = Pseudo(tilded)
    head, *rows = table(export_csv(filled, say=lambda value: render(value, pseudo)).data)
    assert head == [render(header, pseudo) for header in CSV_HEADERS]
    assert all(set(cell) <= set("~ ") for cell in head)
    titles, names = set(), set()
    for summary in filled.summaries():
        match = filled.load(summary.id)
        titles.add(render(match.title_word(), pseudo))  # as every screen says it
        names.update(match.players)
        names.update(getattr(match, "points", {}) if match.GAME == "careta" else ())  # teams
    assert rows and {row[1] for row in rows} == titles
    for _, _, date, action, taken, _name, change, unit, reason, total in rows:
        assert ISO.fullmatch(date) and ISO.fullmatch(taken)
        assert action.isdigit() and int(change) and int(total) is not None  # plain numbers
        assert unit in {render(declared.words, pseudo) for declared in UNITS}
        assert not re.search(r"[A-Za-z]", unit)
        for known in sorted(names, key=len, reverse=True):
            reason = reason.replace(known, "")
        reason = CARD.sub("", reason)
        assert not re.search(r"[A-Za-z]", reason), reason
