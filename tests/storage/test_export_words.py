"""The export's and import's last English (issue 21): the matches an export leaves out, how a
message names a match ("Caro: Ann, Ben (2025-05-12)") and the store's notices are data, said in
the reader's language (the players as its lists go, the day as its dates go), their `str()` the
English it always was."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.i18n.catalog import Voice
from scoring import caro, ratel
from scoring.said import Clause, Day, Listed, Said, from_data, render, to_data
from storage import Store
from storage.transfer import ImportReport, export_csv, export_json, import_json, label
from tests.support.app.english_left import EnglishCatalog

DAY = datetime(2025, 5, 12, 18, 30, tzinfo=UTC)


def spoken(value: object, code: str) -> str:
    text = render(value, Voice(code))
    assert EnglishCatalog(code).left_in(text) == [], text
    return text


def test_a_label_is_data_its_english_as_before() -> None:
    named = label("caro", ["Ann", "Ben", "Cleo"], DAY)
    assert isinstance(named, Said)
    day = DAY.astimezone().strftime("%Y-%m-%d")  # the machine's day, as before
    assert str(named) == f"Caro: Ann, Ben, Cleo ({day})"
    assert str(label("ratel", ["Ann", "Ben"], None)) == "Ratel: Ann, Ben"
    assert str(label("chess", ["Ann"], None)) == "chess: Ann"  # a game not known: its id


def test_a_label_lists_the_players_and_writes_the_day_as_the_language_does() -> None:
    named = label("caro", ["Ana", "Ben", "Cleo"], DAY)
    assert render(named, Voice("es", UTC)) == "Caro: Ana, Ben y Cleo (12 may 2025)"
    assert render(named, Voice("de", UTC)) == "Caro: Ana, Ben und Cleo (12. Mai 2025)"
    assert render(named, Voice("ja", UTC)) == "カロ：Ana、Ben、Cleo（2025年5月12日）"  # its title
    assert render(named, Voice("en", UTC)) == "Caro: Ana, Ben and Cleo (12 May 2025)"


def test_the_day_is_the_viewers() -> None:
    late = datetime(2025, 5, 12, 23, 30, tzinfo=UTC)
    from zoneinfo import ZoneInfo

    tokyo = render(label("caro", ["Ann", "Ben"], late), Voice("ja", ZoneInfo("Asia/Tokyo")))
    assert tokyo.endswith("（2025年5月13日）"), tokyo


def test_day_and_clause_keep_as_data() -> None:
    for value in (Day(DAY), Clause(label("caro", ["Ann", "Ben"], DAY)),
                  Listed(("a", "b"), "parts")):
        assert from_data(json.loads(json.dumps(to_data(value)))) == value
    with pytest.raises(ValueError):
        from_data({"day": "2025-05-12T10:00:00"})  # no zone: not a moment


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "data") as opened:
        yield opened


def test_a_match_asked_for_that_is_not_here_is_said_in_german(store: Store) -> None:
    made = export_json(store, ["0123456789ab"])
    (problem,) = made.problems
    assert str(problem) == "0123456789ab: no such match here"
    assert render(problem, Voice("de")) == "0123456789ab: Diese Partie gibt es hier nicht"
    for code in ("de", "ja"):
        spoken(made.problems_said, code)


@pytest.mark.parametrize("export", [export_csv, export_json])
def test_an_export_with_a_damaged_match_says_the_problem_in_german(
        tmp_path: Path, store: Store, export) -> None:
    """In process: a match's file is broken while the store is open; the export leaves it out
    and its sentence, said in German, names the match and why, with no English left."""
    bad = store.create(caro.Match(players=["Ann", "Ben"]))
    store.create(ratel.Match(players=["Cleo", "Dan"]))
    (tmp_path / "data" / "matches" / f"{bad}.json").write_bytes(b"")  # emptied while open
    made = export(store)
    assert made.count == 1 and len(made.problems) == 1
    english = str(made.sentence("to matches.csv"))
    assert english.startswith("Exported 1 match to matches.csv. Left out, as they could not be "
                              "read: Caro: Ann, Ben (")
    assert english.endswith(f"The Caro match of Ann and Ben ({bad}) could not be read (the file "
                            "is empty); it was set aside; the other matches are fine.")
    german = spoken(made.sentence("nach matches.csv"), "de")
    assert "Nicht lesbar und daher ausgelassen: Caro: Ann und Ben (" in german
    assert (f"Die Partie von Ann und Ben (Caro, {bad}) konnte nicht gelesen werden (die Datei "
            "ist leer); sie wurde beiseitegelegt; die anderen Partien sind in Ordnung.") in german
    assert not german.endswith(".."), german  # the problem's full stop left to the sentence
    japanese = spoken(made.sentence("matches.csv"), "ja")
    assert "ファイルが空です" in japanese and not japanese.endswith("。。"), japanese


def test_several_left_out_are_joined_as_the_language_joins_them(store: Store) -> None:
    made = export_json(store, ["0123456789ab", "ba9876543210"])
    assert str(made.problems_said) == ("0123456789ab: no such match here; ba9876543210: no such "
                                       "match here")
    assert "／" in spoken(made.problems_said, "ja")


def test_a_store_notice_is_said_in_the_language(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
    (data / "matches" / f"{bad}.json").write_bytes(b"{broken")
    with Store(data) as store:
        (notice,) = store.notices
    assert str(notice).startswith(f"The Caro match of Ann and Ben ({bad}) could not be read (it "
                                  "is not valid JSON (Expecting property name")
    for code in ("de", "ja"):
        text = spoken(notice.spoken(), code)
        assert bad in text and "Expecting property name" in text  # json's words, quoted


def test_skipped_matches_are_said_in_the_language(store: Store) -> None:
    store.create(caro.Match(players=["Ann", "Ben"]))
    store.create(ratel.Match(players=["Cleo", "Dan", "Eve"]))
    file = export_json(store).data
    report = import_json(store, file)
    assert isinstance(report, ImportReport) and len(report.skipped) == 2
    english = str(report.message)
    assert english.startswith("Nothing imported. Skipped 2 matches already stored: Caro: Ann, "
                              "Ben (") and "; Ratel: Cleo, Dan, Eve (" in english
    german = spoken(report.message, "de")
    assert "Caro: Ann und Ben (" in german and "; Ratel: Cleo, Dan und Eve (" in german
    japanese = spoken(report.message, "ja")
    assert "Ann、Ben" in japanese and "／ラーテル：Cleo、Dan、Eve" in japanese  # its title
