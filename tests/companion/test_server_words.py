"""The words outside the screens (issue 21): the session's refusals are data, said in the language
of the device that reads them; the "Connection lost" notice's standings in the language its page
asks for; and the page scripts' sentences (companion/web/words.js) are the catalogs'."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES
from companion.i18n.catalog import Voice
from companion.i18n.page_words import PAGE_WORDS, WORDS_JS, script, table
from companion.server.standings import MAX_QUERY, language, open_boards, said_rows
from companion.session.access import ClosedToNew, Gate, Locked, PinRefused
from companion.session.open_matches import OpenMatches, StaleView
from companion.session.preferences import NotSaved, Preferences
from scoring import caro
from scoring.said import render
from storage import Store
from tests.support.companion.standings_endpoint import MID, endpoint, get

PIN = "2468"
GERMAN = Voice("de")


def german(error: Exception) -> str:
    return render(error.said, GERMAN)  # as a German device's screen says it (say(error.said))


def test_a_wrong_pin_is_said_in_the_trying_devices_language_and_its_code_and_english_stay() -> None:
    gate = Gate(PIN, clock=lambda: 1000.0)
    who = gate.new_pass("10.0.0.9")
    with pytest.raises(PinRefused) as wrong:
        gate.unlock(who, "0000")
    assert wrong.value.rule == "wrong-pin"
    assert str(wrong.value) == "Wrong PIN. 4 tries left before a wait."
    assert german(wrong.value) == "Falsche PIN. Noch 4 Versuche, dann musst du warten."
    assert render(wrong.value.said, Voice("ja")) == (
        "PINが違います。あと4回間違えると待ち時間が発生します。")
    for _ in range(4):
        with pytest.raises(PinRefused):
            gate.unlock(who, "0000")
    with pytest.raises(PinRefused) as wait:
        gate.unlock(who, PIN)  # the right PIN, too soon: not checked
    assert wait.value.rule == "pin-wait" and not gate.allows(who)
    assert str(wait.value) == "Too many wrong PINs on this device: wait 30 s before trying again."
    assert german(wait.value) == ("Zu viele falsche PINs auf diesem Gerät: Warte 30 Sek., bevor du "
                                  "es noch einmal versuchst.")
    assert render(wait.value.said, Voice("es")).startswith("Demasiados PIN incorrectos")


def test_the_session_refusals_have_every_language(tmp_path: Path) -> None:
    refusals = [Locked(), ClosedToNew(), StaleView()]
    assert [r.rule for r in refusals] == ["locked", "closed-to-new", "stale-view"]
    for refusal in refusals:
        for code in ("es", "de", "ja"):
            assert render(refusal.said, Voice(code)) != str(refusal), (code, str(refusal))
    assert german(Locked()).startswith("Nur der Punkteschreiber kann die Partie hier ändern")


def test_a_preference_not_saved_says_so_in_the_devices_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    preferences = Preferences(tmp_path)

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)  # a full disk: the choice applies, unsaved
    with pytest.raises(NotSaved) as refused:
        preferences.theme = "dark"
    assert preferences.theme == "dark"
    assert str(refused.value).startswith("The theme is changed, but it could not be saved (")
    assert german(refused.value).startswith("Das Design ist geändert")


def test_the_standings_notice_speaks_the_language_its_page_asks_for(tmp_path: Path) -> None:
    match = caro.Match(["Ann", "Ben"])
    match.lay("grey", (0, 0))
    with Store(tmp_path / "s") as store:
        mid = store.create(match)
        tables = OpenMatches(store)
        tables.get(mid)
        board = open_boards(tables)(mid)
        assert said_rows(board, "en")[1] == [("Ann", "10"), ("Ben", "0")]

        guard, asked, _ = endpoint(lambda wanted: board if wanted == MID else None)
        english = get(guard, f"/standings/{MID}")[1]
        answers = {}
        for code in LANGUAGES:
            scope_path = f"/standings/{MID}"
            status, body = get_with_query(guard, scope_path, f"lang={code}".encode())
            assert status == 200
            answers[code] = body
        assert answers["en"] == english
        assert [row["name"] for row in answers["de"]["rows"]] == ["Ann", "Ben"]
        # Caro's plain points are figures alone; a unit would be said in the language.
        for code in LANGUAGES:
            assert [row["text"] for row in answers[code]["rows"]] == [
                GERMAN.number(10) if code == "de" else Voice(code).number(10),
                Voice(code).number(0)]


def get_with_query(guard, path: str, query: bytes) -> tuple[int, dict]:
    from tests.support.companion.apart import run_apart

    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "query_string": query,
             "headers": [(b"host", b"127.0.0.1:8550"), (b"sec-fetch-site", b"same-origin")]}
    run_apart(guard(scope, receive, send))
    return sent[0]["status"], json.loads(sent[1]["body"])


@pytest.mark.parametrize("query", [b"", b"lang=fr", b"lang=de&lang=ja", b"lang=../../etc",
                                   b"lang=" + b"d" * MAX_QUERY, b"lang=%00de", b"lang=DE"])
def test_a_language_the_app_does_not_speak_is_english(query: bytes) -> None:
    assert language({"query_string": query}) == "en"


def test_a_unit_in_the_standings_is_said_in_the_asked_language(tmp_path: Path) -> None:
    from scoring import ratel

    match = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=15)
    match.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    from companion.server.standings import Board

    board = Board(match.TITLE, match.standing_figures())
    assert said_rows(board, "en")[1][1] == ("Ben", "10 penalty points")
    assert said_rows(board, "de")[1][1] == ("Ben", "10 Strafpunkte")
    assert not re.search(r"[A-Za-z]", said_rows(board, "ja")[1][1][1])


# -- the page's own scripts ----------------------------------------------------------------------


def test_words_js_is_what_the_catalogs_give() -> None:
    assert WORDS_JS.read_text(encoding="utf-8") == script(), (
        "run `python -m companion.i18n.page_words` after translating")


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_each_page_sentence_is_the_catalogs_translation(code: str) -> None:
    found = re.search(r"const WORDS = (\{.*?\n  \});", WORDS_JS.read_text(encoding="utf-8"),
                      re.S)
    assert found is not None
    shown = json.loads(found.group(1))[code]
    voice = Voice(code)
    assert shown == table(code)
    for key, english in PAGE_WORDS.items():
        assert shown[key] == voice.gettext(english)
        if code != "en":
            assert shown[key] != english, (code, key)  # translated, not English left over


def test_the_page_scripts_say_no_english_of_their_own() -> None:
    """connection.js and start.js take every sentence from words.js."""
    web = Path(__file__).resolve().parents[2] / "companion"
    for path in (web / "server" / "web" / "connection.js", web / "web" / "start.js"):
        code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                         if not line.lstrip().startswith("//"))
        for english in PAGE_WORDS.values():
            words = re.sub(r"\{\w+\}", "", english).strip(" ,")[:20]
            assert words and words not in code, (path.name, english)
