"""An import's refusals are data (issue 21): each `ImportRefused` and `ImportIncomplete` carries
its sentence as a `Said`, whose `str()` is the English it always was (tests and logs keep it)
and which a German or Japanese device says in its own language, numbers as its locale writes
them; a refused match's reason too, a rule's refusal in the rule's own sentence. What a sentence
quotes from the file is bounded where it is taken: a sentence, not a page of names."""

from __future__ import annotations

import errno
import re
from collections.abc import Callable
from typing import Any

import pytest

from companion.i18n.catalog import Voice
from scoring.said import Listed, Said, render
from storage import fingerprint
from storage.transfer import (
    MAX_IMPORT_BYTES,
    MAX_MESSAGE,
    ImportIncomplete,
    ImportRefused,
    read_export,
)
from tests.support.app.english_left import EnglishCatalog
from tests.support.pseudo import Pseudo, tilded
from tests.support.storage.import_limits import NOW, export_of, record, small_match


def replayed(events: list[dict[str, Any]], **changes: Any) -> dict[str, Any]:
    """A record of `events` with their fingerprint: the file was not edited, its match is bad."""
    return record(events=events, fingerprint=fingerprint(events), **changes)


EVENTS = small_match().events
CHEAT = EVENTS + [{"type": "cheat"}]
ONE_PLAYER = [{**EVENTS[0], "players": ["Ann"]}] + EVENTS[1:]
LONG = EVENTS + [{"type": "lay", "colour": "red", "cell": [0, 0]}] * 1100
NO_MATCH = "Nothing was imported: match 1 of 1 (Caro: Ann, Ben): "
NOT_EXPORT = "This file is not a Table Companion export"

# Each refusal: the file, and the English sentence its str() said before it was data.
REFUSALS: dict[str, tuple[Callable[[], bytes | str], str]] = {
    "too large": (lambda: b"x" * (MAX_IMPORT_BYTES + 5),
                  "This file is too large to import (100 MB; at most 100 MB)."),
    "not text": (lambda: b"\xff\xfe\x00abc", f"{NOT_EXPORT}: it is not text."),
    "not JSON": (lambda: '{"a": ',
                 f"{NOT_EXPORT}: it is not valid JSON (Expecting value at line 1, column 7)."),
    "no format": (lambda: "[1]",
                  f'{NOT_EXPORT} (it lacks "format": "table-companion-matches").'),
    "no version": (lambda: export_of(version=0),
                   "This export has no valid format version (0)."),
    "newer": (lambda: export_of(version=7),
              "This export was written by a newer version of Table Companion (format version 7;"
              " this version reads up to 1). Update Table Companion to import it."),
    "no matches": (lambda: export_of(matches={}), "This export has no list of matches."),
    "too many events": (
        lambda: export_of(*[replayed(EVENTS + [{"type": "lay"}] * 4990) for _ in range(21)]),
        "Nothing was imported: this file holds 104832 events in all, more than the 100000 one "
        "import may bring. Export fewer matches at a time."),
    "nested": (lambda: "[" * 100_000 + "]" * 100_000, f"{NOT_EXPORT}: it is nested too deeply."),
    "not a record": (lambda: export_of(5),
                     "Nothing was imported: match 1 of 1: it is not a match record."),
    "no events": (lambda: export_of(record(events=[])),
                  "Nothing was imported: match 1 of 1: it has no list of events."),
    "long match": (lambda: export_of(replayed(EVENTS + [{"type": "lay"}] * 5000)),
                   NO_MATCH + "it has 5002 events, more than the 5000 a match may have here."),
    "edited": (lambda: export_of(record(events=CHEAT)),
               NO_MATCH + "it was changed after it was exported (its events do not match its "
               "fingerprint)."),
    "no settings": (lambda: export_of(replayed([{"type": "lay"}] + EVENTS)),
                    "Nothing was imported: match 1 of 1: its first event is not the match "
                    "settings."),
    "unknown game": (lambda: export_of(replayed([{**EVENTS[0], "game": "chess"}] + EVENTS[1:])),
                     "Nothing was imported: match 1 of 1 (chess: Ann, Ben): it is of a game "
                     "this version does not know ('chess')."),
    "not a date": (lambda: export_of(record(created="yesterday")),
                   NO_MATCH + "its created time 'yesterday' is not a date."),
    "no zone": (lambda: export_of(record(updated="2026-11-30T11:00:00")),
                NO_MATCH + "its updated time '2026-11-30T11:00:00' has no time zone."),
    "out of range": (lambda: export_of(record(updated="9999-12-31T23:59:59+00:00")),
                     NO_MATCH + "its updated time '9999-12-31T23:59:59+00:00' is not between "
                     "2000-01-01 and tomorrow."),
    "created after": (lambda: export_of(record(created="2026-11-30T12:00:00+00:00")),
                      NO_MATCH + "its created time '2026-11-30T12:00:00+00:00' is after its "
                      "updated time '2026-11-30T11:00:00+00:00'."),
    "refused action": (lambda: export_of(replayed(CHEAT)),
                       NO_MATCH + "its action 2 of 2 ('cheat') is refused: Unknown action "
                       "'cheat' for Caro."),
    "refused settings": (lambda: export_of(replayed(ONE_PLAYER)),
                         "Nothing was imported: match 1 of 1 (Caro: Ann): its settings are "
                         "refused: This game is for 2 to 4 players, not 1."),
    "long refused": (lambda: export_of(replayed(LONG)),
                     NO_MATCH + "one of its 1101 actions is refused: It is Ben's turn, not "
                     "nothing's."),
    "says players": (lambda: export_of(record(players=["Ann", "Cleo"])),
                     NO_MATCH + "it says its players are ['Ann', 'Cleo'], but its events give "
                     "['Ann', 'Ben']."),
    "says status": (lambda: export_of(record(status="finished")),
                    NO_MATCH + "it says its status is 'finished', but its events give "
                    "'active'."),
    "second match": (lambda: export_of(record(), record(created="nope")),
                     "Nothing was imported: match 2 of 2 (Caro: Ann, Ben): its created time "
                     "'nope' is not a date."),
}


def refusal(name: str) -> ImportRefused:
    with pytest.raises(ImportRefused) as refused:
        read_export(REFUSALS[name][0](), now=NOW)
    return refused.value


def quoted_words(value: Any) -> set[str]:
    """The words of every text argument in a said value: what it quotes (names, the file's
    values, json's own words), which no catalog translates."""
    if isinstance(value, str):
        return set(re.findall(r"[A-Za-z]+", value))
    if isinstance(value, Said):
        return set().union(*(quoted_words(v) for v in value.args.values()))
    if isinstance(value, Listed):
        return set().union(*(quoted_words(v) for v in value.items))
    return set()


@pytest.mark.parametrize("name", list(REFUSALS))
def test_each_refusal_is_data_and_its_english_is_as_before(name: str) -> None:
    refused = refusal(name)
    assert isinstance(refused.said, Said)
    assert str(refused) == str(refused.said) == REFUSALS[name][1]


@pytest.mark.parametrize("name", list(REFUSALS))
def test_each_refusal_goes_whole_through_the_catalogs(name: str) -> None:
    """Rendered in a language whose every message is tildes, no English is left but what the
    sentence quotes: every template and phrase of it went through the catalog."""
    refused = refusal(name)
    text = render(refused.said, Pseudo(tilded))
    left = set(re.findall(r"[A-Za-z]+", text))
    assert left <= quoted_words(refused.said), (text, left - quoted_words(refused.said))


@pytest.mark.parametrize("code", ["de", "ja"])
@pytest.mark.parametrize("name", list(REFUSALS))
def test_each_refusal_speaks_german_and_japanese(name: str, code: str) -> None:
    refused = refusal(name)
    text = render(refused.said, Voice(code))
    assert EnglishCatalog(code).left_in(text) == [], text
    assert text != str(refused) and len(text) <= MAX_MESSAGE


def test_a_refused_match_says_the_rule_in_the_language_and_one_full_stop() -> None:
    refused = refusal("refused action")
    german = render(refused.said, Voice("de"))
    assert german == ("Nichts wurde importiert: Partie 1 von 1 (Caro: Ann und Ben): Aktion 2 von 2 "
                      "('cheat') wird abgelehnt: Unbekannte Aktion 'cheat' für Caro.")
    japanese = render(refusal("refused settings").said, Voice("ja"))
    assert japanese.endswith("。") and not japanese.endswith("。。"), japanese
    assert render(refusal("no events").said, Voice("ja")).endswith("ありません。")


def test_numbers_are_written_as_the_locale_writes_them() -> None:
    refused = refusal("too many events")
    assert "104832" in str(refused) and "100000" in str(refused)  # the English, plain as before
    german = render(refused.said, Voice("de"))
    assert "104.832" in german and "100.000" in german, german
    assert "104,832" in render(refused.said, Voice("ja"))
    line = refusal("not JSON").said
    assert render(line, Voice("de")).endswith(
        "(Expecting value in Zeile 1, Spalte 7).")  # json's own words, quoted as they are


def test_a_full_disk_is_said_in_the_language_with_the_systems_reason() -> None:
    stopped = ImportIncomplete(3, 7, OSError(errno.ENOSPC, "No space left on device"))
    assert isinstance(stopped.said, Said)
    assert str(stopped) == str(stopped.said) == (
        "Stored 3 of the 7 new matches, then the disk refused the rest (No space left on "
        "device). Importing the same file again is safe: the 3 stored are skipped, the others "
        "stored.")
    german = render(stopped.said, Voice("de"))
    assert german.startswith("Gespeichert: 3 von 7 neuen Partien") and (
        "(No space left on device)" in german)
    assert EnglishCatalog("ja").left_in(render(stopped.said, Voice("ja"))) == []


def test_what_a_refusal_quotes_from_the_file_is_bounded_not_its_reason_cut() -> None:
    """A huge name in the settings, or a thousand players: the sentence names the match briefly
    and still says why (was: the name filled the 400 characters and the reason was cut off)."""
    huge = [{**EVENTS[0], "players": ["x" * 5000, "Ben"]}] + EVENTS[1:]
    crowd = [{**EVENTS[0], "players": [f"P{n}" for n in range(1000)]}]
    for events, why in ((huge, "is longer than 24 characters."),
                        (crowd, "This game is for 2 to 4 players, not 1000.")):
        with pytest.raises(ImportRefused) as refused:
            read_export(export_of(replayed(events)), now=NOW)
        english = str(refused.value)
        assert english.endswith(why) and len(english) <= MAX_MESSAGE, english
        for code in ("de", "ja"):
            assert len(render(refused.value.said, Voice(code))) <= MAX_MESSAGE
    assert "(Caro: P0, P1, P2, P3, P4, P5, P6, P7, …)" in english  # eight names, then "…"
