"""Why a match file or an index entry is damaged, said in the reader's language (issue 21):
storage/index.py's reasons are data, each a whole sentence, their `str()` the English they
always were, what they quote from the file cut short. Both ways one reaches a screen are said in
German and Japanese with no English left: Home's notice of a file set aside at open, and the
error of a match that cannot be opened (its view says `.said`). The Spanish notices start with a
capital, whatever their subject."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.i18n.catalog import Voice
from scoring import caro
from scoring.said import Said, render
from storage import Store
from storage.errors import DamagedFileError
from storage.index import QUOTED, from_index_doc, summary_from_match_doc
from tests.support.app.english_left import EnglishCatalog


def spoken(value: object, code: str) -> str:
    text = render(value, Voice(code))
    assert EnglishCatalog(code).left_in(text) == [], text
    return text


def edited(file: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """The match document of `file` changed by `change` (the file otherwise as written)."""
    data = json.loads(file.read_bytes())
    change(data["match"]["1"])
    file.write_text(json.dumps(data), encoding="utf-8")


def reason(doc: Any) -> Said:
    with pytest.raises(DamagedFileError) as error:
        summary_from_match_doc("0123456789ab", doc)
    assert isinstance(error.value.said, Said) and error.value.reason == error.value.said
    return error.value.said


GOOD = {"status": "active", "created": "2025-05-12T10:00:00+00:00",
        "updated": "2025-05-12T10:00:00+00:00", "winners": [], "standings": [],
        "events": [{"type": "setup", "game": "caro", "players": ["Ann", "Ben"]}]}


@pytest.mark.parametrize(("change", "english"), [
    ({"status": "paused"}, "its status 'paused' is neither active nor finished"),
    ({"events": []}, "it has no list of events"),
    ({"events": [{"type": "lay"}]}, "its first event is not the match settings"),
    ({"created": "yesterday"}, "its created time 'yesterday' is not a date"),
    ({"updated": "2025-05-12T10:00:00"},
     "its updated time '2025-05-12T10:00:00' has no time zone"),
    ({"played": 7}, "its played time 7 is not a date"),
    ({"winners": "Ann"}, "its winners are not a list of names"),
    ({"standings": [["Ann"]]}, "its standings are not a list of (name, value, unit, more) rows"),
    ({"scores": [["Ann", "ten"]]}, "its scores are not a list of (name, number) pairs"),
])
def test_each_reason_is_a_sentence_its_english_as_before(change: dict[str, Any],
                                                          english: str) -> None:
    words = reason({**GOOD, **change})
    assert str(words) == english
    for code in ("es", "de", "ja"):
        assert render(words, Voice(code)) != english
        spoken(words, code)


def test_the_players_and_a_doc_that_is_no_match() -> None:
    setup = {"type": "setup", "game": "caro", "players": "Ann"}
    assert str(reason({**GOOD, "events": [setup]})) == "its players are not a list of names"
    assert str(reason(["not", "a", "match"])) == "it holds no match"


def test_a_value_from_the_file_is_quoted_and_cut_short() -> None:
    words = reason({**GOOD, "status": "x" * 5000})
    assert len(str(words)) < QUOTED + 50 and "…" in str(words)
    assert "x" * QUOTED not in spoken(words, "de")


def test_a_bad_index_entry_is_said_and_logged_not_shown() -> None:
    with pytest.raises(DamagedFileError) as error:
        from_index_doc("0123456789ab", {"game": "caro"})
    assert str(error.value) == "the index entry of 0123456789ab is incomplete"
    assert "0123456789ab" in spoken(error.value.said, "ja")
    entry = {"stat": [1, 2], "events_count": 1, "fingerprint": "", "game": "caro",
             "status": "active", "created": "2025-05-12T10:00:00+00:00",
             "updated": "2025-05-12T10:00:00+00:00", "players": ["Ann"], "winners": [],
             "standings": [], "variant": {"said": 3}}
    with pytest.raises(DamagedFileError, match="its variant is not a value") as error:
        from_index_doc("0123456789ab", entry)
    spoken(error.value.said, "de")


def test_home_notice_of_a_damaged_file_says_why_in_german_and_japanese(tmp_path: Path) -> None:
    """At open: the file's status is no status; Home's notice says so in the language."""
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
    edited(data / "matches" / f"{bad}.json", lambda doc: doc.update(status="paused"))
    with Store(data) as store:
        (notice,) = store.notices
        assert bad not in {s.id for s in store.summaries()}
    assert str(notice) == (f"The Caro match of Ann and Ben ({bad}) could not be read (its status "
                           "'paused' is neither active nor finished); it was set aside; the "
                           "other matches are fine.")
    german = spoken(notice.spoken(), "de")
    assert ("(ihr Status 'paused' ist weder laufend noch beendet); sie wurde beiseitegelegt"
            in german), german
    japanese = spoken(notice.spoken(), "ja")
    assert "状態'paused'は進行中でも終了でもありません" in japanese, japanese


def test_a_match_that_cannot_be_opened_says_why_in_german_and_japanese(tmp_path: Path) -> None:
    """While the store is open: the file's time is no date; opening the match fails, and the
    error its view says (`.said`) is in the language."""
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
        edited(data / "matches" / f"{bad}.json", lambda doc: doc.update(created="yesterday"))
        with pytest.raises(DamagedFileError) as error:
            store.load(bad)
    assert "(its created time 'yesterday' is not a date)" in str(error.value)
    german = spoken(error.value.said, "de")
    assert "Erstellungszeit 'yesterday' ist kein Datum)" in german, german
    japanese = spoken(error.value.said, "ja")
    assert "作成時刻'yesterday'が日時の形式ではありません" in japanese, japanese


def newer_notice(tmp_path: Path) -> Any:
    data = tmp_path / "data"
    with Store(data) as store:
        mid = store.create(caro.Match(players=["Ann", "Ben"]))
    file = data / "matches" / f"{mid}.json"
    raw = json.loads(file.read_bytes())
    raw["meta"]["1"]["schema"] += 1
    file.write_text(json.dumps(raw), encoding="utf-8")
    with Store(data) as store:
        (notice,) = store.notices
    return mid, notice


def test_the_newer_version_notice_starts_with_a_capital_in_spanish(tmp_path: Path) -> None:
    mid, notice = newer_notice(tmp_path)
    assert str(notice).startswith(f"The match {mid} was saved by a newer version")
    spanish = render(notice.spoken(), Voice("es"))
    assert spanish.startswith(f"No se puede abrir la partida {mid}: se guardó con una versión "
                              "más reciente"), spanish
    assert spoken(notice.spoken(), "de").startswith(f"Die Partie {mid} wurde mit einer neueren")
    assert spoken(notice.spoken(), "ja").startswith(f"対戦（{mid}）は新しいバージョン")


def test_every_store_notice_starts_with_a_capital(tmp_path: Path) -> None:
    """The subjects ("la partida …", "la lista de partidas …") are lowercase in Spanish: no
    notice starts with one, the damaged index's and a damaged match's included."""
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
    (data / "index.json").write_bytes(b"")
    (data / "matches" / f"{bad}.json").write_bytes(b"")
    with Store(data) as store:
        notices = store.notices
    assert len(notices) == 2
    for notice in notices:
        for where in (False, True):
            for code in ("es", "de"):
                text = render(notice.spoken(where=where), Voice(code))
                assert text[0].isupper(), text
