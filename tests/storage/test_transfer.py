"""Export (JSON and CSV) and import: round trips, refusals of bad or tampered files, duplicates."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import scoring
from storage import Store, fingerprint
from storage.transfer import (
    CSV_COLUMNS,
    FORMAT,
    VERSION,
    ImportRefused,
    export_csv,
    export_json,
    import_json,
    read_export,
)
from tests.support.storage import finished
from tests.support.storage.transfer import rows_of

# the matches of `filled`: every game's finished ones, and one in play
EVERY = len(finished.every_game())


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Store]:
    store = Store(tmp_path / "b")
    yield store
    store.close()


def doc(export) -> dict:
    return json.loads(export.data)


def refused(store: Store, data: bytes | str, *words: str) -> str:
    before = store.summaries()
    with pytest.raises(ImportRefused) as err:
        import_json(store, data)
    message = str(err.value)
    for word in words:
        assert word in message, message
    assert store.summaries() == before  # nothing stored
    return message


# -- JSON export and the round trip ---------------------------------------------------------------


def test_json_export_is_marked_and_holds_the_events(filled: Store) -> None:
    export = export_json(filled)
    data = doc(export)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert datetime.fromisoformat(data["exported"]).tzinfo is not None
    assert export.count == EVERY and len(data["matches"]) == EVERY and not export.problems
    assert export.filename.startswith("table-companion-") and export.filename.endswith(".json")
    assert str(export.message) == f"Exported {EVERY} matches to {export.filename}."
    by_id = {s.id: s for s in filled.summaries()}
    for record in data["matches"]:
        summary = by_id[record["id"]]
        assert record["fingerprint"] == summary.fingerprint == fingerprint(record["events"])
        assert record["game"] == summary.game and tuple(record["players"]) == summary.players
        assert tuple(record["winners"]) == summary.winners
        assert scoring.replay(record["events"]).events == filled.load(summary.id).events
    # oldest first, one match per line
    assert [r["id"] for r in data["matches"]] == [s.id for s in reversed(filled.summaries())]
    assert export.data.decode().count("\n") == EVERY + 2


def test_round_trip_into_a_new_data_folder_gives_identical_summaries(
    filled: Store, empty: Store, tmp_path: Path
) -> None:
    report = import_json(empty, export_json(filled).data)
    assert len(report.imported) == EVERY and report.skipped == ()
    assert str(report.message) == f"Imported {EVERY} matches."
    assert empty.summaries() == filled.summaries()  # ids, times, scores, fingerprints and all
    for summary in filled.summaries():
        assert empty.load(summary.id).events == filled.load(summary.id).events
    empty.close()
    with Store(tmp_path / "b") as again:  # and they were safely written, index and files
        assert again.summaries() == filled.summaries()


def test_single_match_export(filled: Store) -> None:
    summary = filled.summaries(status="finished")[0]
    export = export_json(filled, [summary.id])
    assert export.count == 1 and export.filename.endswith(f"-{summary.id}.json")
    assert export.filename.startswith(summary.game)
    assert [r["id"] for r in doc(export)["matches"]] == [summary.id]
    missing = export_json(filled, ["0123456789ab"])
    assert missing.count == 0 and [str(p) for p in missing.problems] == [
        "0123456789ab: no such match here"]


# -- CSV export -----------------------------------------------------------------------------------


def test_csv_has_one_row_per_score_change_with_running_totals(tmp_path: Path) -> None:
    with Store(tmp_path / "c") as store:
        mid = store.create(finished.ratel_penalty_finished())
        summary = store.summaries()[0]
        rows = rows_of(export_csv(store, [mid]))
    date = summary.played_at.astimezone().strftime("%Y-%m-%d %H:%M")
    at = summary.played_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")  # created whole: one time
    history = finished.ratel_penalty_finished().history
    assert [[r[c] for c in CSV_COLUMNS] for r in rows] == [
        [mid, "Ratel", date, "1", at, "Ben", "10", "penalty points", history[0]["text"], "10"],
        [mid, "Ratel", date, "1", at, "Cleo", "5", "penalty points", history[0]["text"], "5"],
        [mid, "Ratel", date, "2", at, "Ann", "3", "penalty points", history[1]["text"], "3"],
        [mid, "Ratel", date, "2", at, "Cleo", "10", "penalty points", history[1]["text"], "15"],
    ]


def test_csv_running_totals_end_at_the_final_scores_of_every_game(filled: Store) -> None:
    rows = rows_of(export_csv(filled))
    last: dict[tuple[str, str], int] = {}
    units = {"Caro": "points", "Careta": "points", "Ratel": {"damage", "penalty points"},
             "My Favorite Carrera RS": "trophies", "Score sheet": "points"}
    for row in rows:
        assert int(row["change"]) != 0 and row["reason"]
        assert row["unit"] in units[row["game"]]
        last[row["match"], row["player"]] = int(row["running total"])
    for summary in filled.summaries():
        match = filled.load(summary.id)
        got = {name: total for (mid, name), total in last.items() if mid == summary.id}
        if match.GAME == "caro":
            assert got == {p: s for p, s in match.scores.items() if s or p in got}
        elif match.GAME == "careta":  # by side: team names in a team match
            assert got == {side: pts for side, pts in match.points.items() if pts}
        elif match.GAME == "ratel":
            assert got == {p: s for p, s in match.scores.items() if s}
        elif match.GAME == "sheet":  # a total that came back to 0 still has its rows
            assert got == {p: t for p, t in match.totals.items() if p in got}
            assert {p for p, t in match.totals.items() if t} <= set(got)
        else:
            assert got == {p: t for p, t in match.trophies.items() if t}
    assert {row["game"] for row in rows} == {"Caro", "Careta", "Ratel", "My Favorite Carrera RS",
                                             "Score sheet"}


def test_csv_text_cannot_run_as_a_spreadsheet_formula(tmp_path: Path) -> None:
    m = scoring.GAMES["ratel"](["=SUM(A1)", "Ben"], mode="penalty", penalty_limit=5)
    m.record_round(out="Ben", hands={"=SUM(A1)": 6})
    with Store(tmp_path / "d") as store:
        store.create(m)
        rows = rows_of(export_csv(store))
    assert rows[0]["player"] == "'=SUM(A1)" and rows[0]["change"] == "6"
    assert rows[0]["reason"].startswith("Round 1 result")


# -- import: refusals -----------------------------------------------------------------------------


def test_files_that_are_no_export_are_refused(empty: Store) -> None:
    refused(empty, b"\xff\xfe\x00garbage", "not text")
    refused(empty, "{oops", "not valid JSON", "line 1, column 2")
    refused(empty, '{\n "format": "cut', "(Unterminated string at line 2, column 12)")
    refused(empty, "[1, 2]", "not a Table Companion export", FORMAT)
    refused(empty, json.dumps({"format": "other"}), "not a Table Companion export")
    newer = {"format": FORMAT, "version": VERSION + 1, "matches": []}
    refused(empty, json.dumps(newer), "newer version", f"format version {VERSION + 1}")
    refused(empty, json.dumps({"format": FORMAT, "version": "1"}), "no valid format version")
    refused(empty, json.dumps({"format": FORMAT, "version": 1}), "no list of matches")
    nothing = import_json(empty, json.dumps({"format": FORMAT, "version": 1, "matches": []}))
    assert str(nothing.message) == "The file holds no matches; nothing was imported."


def tampered(filled: Store, change, *, refingerprint: bool = False) -> str:
    """The export of `filled` with its Ratel penalty match changed by `change(record)`."""
    data = doc(export_json(filled))
    record = next(r for r in data["matches"] if r["events"][0].get("mode") == "penalty")
    change(record)
    if refingerprint:
        record["fingerprint"] = fingerprint(record["events"])
    return json.dumps(data)


def test_an_edited_event_is_caught_by_the_fingerprint(filled: Store, empty: Store) -> None:
    def lower(record: dict) -> None:  # still legal: Cleo had 5 cards left, not 10
        record["events"][2]["hands"]["Cleo"] = 5

    message = refused(empty, tampered(filled, lower), "Nothing was imported: match ")
    assert "(Ratel: Ann, Ben, Cleo): it was changed after it was exported" in message
    assert "do not match its fingerprint" in message


def test_events_the_rules_refuse_are_named(filled: Store, empty: Store) -> None:
    def illegal(record: dict) -> None:
        record["events"][2]["hands"]["Cleo"] = -1  # a negative number of cards left

    message = refused(empty, tampered(filled, illegal, refingerprint=True), "(Ratel: Ann, Ben")
    assert "its action 2 of 2 ('record_round') is refused: " in message

    def bad_setup(record: dict) -> None:
        record["events"][0]["mode"] = "sudden-death"

    refused(empty, tampered(filled, bad_setup, refingerprint=True), "its settings are refused")

    def unknown(record: dict) -> None:
        record["events"][1]["type"] = "cheat"

    refused(empty, tampered(filled, unknown, refingerprint=True), "its action 1 of 2 ('cheat')")


def test_a_summary_that_disagrees_with_the_events_is_refused(filled: Store, empty: Store) -> None:
    def lie(record: dict) -> None:
        record["winners"] = ["Cleo"]

    refused(empty, tampered(filled, lie), "it says its winners are ['Cleo']",
            "events give ['Ann']")

    def undated(record: dict) -> None:
        record["updated"] = "2025-05-01T10:00:00"

    refused(empty, tampered(filled, undated), "has no time zone")

    def unknown_game(record: dict) -> None:
        record["events"][0]["game"] = "chess"

    refused(empty, tampered(filled, unknown_game, refingerprint=True),
            "a game this version does not know ('chess')")

    def no_events(record: dict) -> None:
        record["events"] = []

    refused(empty, tampered(filled, no_events), "it has no list of events")


# -- import: duplicates and ids -------------------------------------------------------------------


def test_a_match_imported_twice_is_skipped_with_a_message(filled: Store, empty: Store) -> None:
    data = export_json(filled).data
    import_json(empty, data)
    before = empty.summaries()
    again = import_json(empty, data)
    assert again.imported == () and len(again.skipped) == EVERY
    assert str(again.message).startswith(
        f"Nothing imported. Skipped {EVERY} matches already stored: ")
    assert str(again.message).endswith(f"; and {EVERY - 3} more.")
    assert empty.summaries() == before
    # into the store it came from: all known already
    assert import_json(filled, data).imported == ()


def test_a_match_twice_in_one_file_is_stored_once(filled: Store, empty: Store) -> None:
    data = doc(export_json(filled))
    data["matches"].append(dict(data["matches"][0]))
    report = import_json(empty, json.dumps(data))
    assert len(report.imported) == EVERY and len(report.skipped) == 1
    assert str(report.message).startswith(
        f"Imported {EVERY} matches. Skipped 1 match already stored: ")
    assert len(empty.summaries()) == EVERY


def test_nothing_stored_is_overwritten_by_a_match_with_the_same_id(
    filled: Store, empty: Store
) -> None:
    other = scoring.GAMES["caro"](["Cleo", "Dan"])
    mine = empty.create(other)
    data = doc(export_json(filled))
    data["matches"][0]["id"] = mine  # another match that happens to have the same id
    data["matches"][1]["id"] = "../../escape"  # never used as a file name
    report = import_json(empty, json.dumps(data))
    assert len(report.imported) == EVERY and mine not in report.imported
    assert "../../escape" not in report.imported
    assert empty.load(mine).events == other.events
    assert len(empty.summaries()) == EVERY + 1


def test_imported_times_are_kept(filled: Store, empty: Store) -> None:
    data = doc(export_json(filled))
    data["matches"] = data["matches"][:1]
    data["matches"][0]["created"] = "2024-02-03T04:05:06.000007+02:00"
    data["matches"][0]["updated"] = "2024-02-03T05:00:00+00:00"
    (mid,) = import_json(empty, json.dumps(data)).imported
    summary = empty.summaries()[0]
    assert summary.id == mid
    assert summary.created == datetime(2024, 2, 3, 2, 5, 6, 7, tzinfo=UTC)
    assert summary.updated == datetime(2024, 2, 3, 5, 0, tzinfo=UTC)
    assert str(read_export(json.dumps(data))[0].label).startswith("Caro: ")
