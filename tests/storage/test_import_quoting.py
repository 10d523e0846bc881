"""An import refusal, and Home's notice of a damaged file, quote the file's title and names
through `quotable`, each time they say them: a right-to-left override, a stray zero-width joiner,
BEL, ESC and NUL are shown as �, and the quoted text is isolated (FSI ... PDI), in English and in
Spanish (German for the notice)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from companion.i18n.catalog import Voice
from scoring import caro
from scoring.names import BIDI_CONTROLS, FSI, PDI
from scoring.said import render
from storage import Store, fingerprint
from storage.transfer import ImportRefused, read_export
from tests.support.storage.import_limits import NOW, export_of, record, small_match

TRICKS = "\u202e\u200d\x07\x1b\x00"  # reverses the line, joins, rings, escapes, ends a C string


def refusal(**setup: Any) -> ImportRefused:
    events = small_match().events
    events[0] = {**events[0], **setup}
    players = setup.get("players", events[0]["players"])
    with pytest.raises(ImportRefused) as error:
        read_export(export_of(record(events=events, fingerprint=fingerprint(events),
                                     players=players)), now=NOW)
    return error.value


def said_in(error: ImportRefused, language: str) -> str:
    return str(error) if language == "en" else render(error.said, Voice(language))


def inert(sentence: str) -> None:
    """No control character in `sentence`, and its only bidi controls are isolates that open and
    close in pairs (FSI ... PDI)."""
    assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in sentence), repr(sentence)
    depth = 0
    for ch in sentence:
        if ch == FSI:
            depth += 1
        elif ch == PDI:
            depth -= 1
            assert depth >= 0, repr(sentence)
        else:
            assert ch not in BIDI_CONTROLS, repr(sentence)
    assert depth == 0, repr(sentence)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_refused_name_and_the_match_it_names_are_both_quoted(language: str) -> None:
    error = refusal(players=[f"{TRICKS[0]}Ann{TRICKS[2]}", f"Ben{TRICKS[1:]}"])
    sentence = said_in(error, language)
    inert(sentence)
    # Named twice, in the match's label and in the rule's refusal: isolated both times.
    assert sentence.count(f"{FSI}\ufffdAnn\ufffd{PDI}") == 2, repr(sentence)
    assert "Ben\ufffd\ufffd\ufffd\ufffd" in sentence, repr(sentence)


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_unknown_games_title_is_quoted(language: str) -> None:
    error = refusal(game=f"Caro{TRICKS}")
    sentence = said_in(error, language)
    inert(sentence)
    assert f"{FSI}Caro\ufffd\ufffd\ufffd\ufffd\ufffd{PDI}:" in sentence, repr(sentence)
    assert "'Caro\\u202e\\u200d\\x07\\x1b\\x00'" in sentence, repr(sentence)  # its value, as data


@pytest.mark.parametrize("language", ["en", "es"])
def test_huge_names_are_cut_and_right_to_left_ones_isolated(language: str) -> None:
    error = refusal(players=["שרה", "\u202e" + "x" * 100_000])
    sentence = said_in(error, language)
    inert(sentence)
    assert f"{FSI}שרה{PDI}" in sentence, repr(sentence)
    assert len(sentence) <= 400


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_damaged_files_notice_quotes_the_title_and_names_the_index_held(
        tmp_path: Path, language: str) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
    file = data / "matches" / f"{bad}.json"
    raw = json.loads(file.read_bytes())
    raw["match"]["1"]["status"] = f"paused{TRICKS}"
    file.write_text(json.dumps(raw), encoding="utf-8")
    index = json.loads((data / "index.json").read_bytes())
    index["matches"][bad].update(game=f"Caro{TRICKS}", players=[f"{TRICKS[0]}Ann", "שרה"])
    (data / "index.json").write_text(json.dumps(index), encoding="utf-8")
    with Store(data) as store:
        (notice,) = store.notices
    sentence = str(notice) if language == "en" else render(notice.spoken(), Voice(language))
    inert(sentence)
    assert f"{FSI}Caro\ufffd\ufffd\ufffd\ufffd\ufffd{PDI}" in sentence, repr(sentence)
    assert f"{FSI}\ufffdAnn{PDI}" in sentence and f"{FSI}שרה{PDI}" in sentence, repr(sentence)
