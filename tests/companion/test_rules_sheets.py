"""The rules sheets in Español, Deutsch and 日本語 (issue 21): one per game and language, each the
English sheet's shape (headings, lists, tables, ruling ids), in the words of its language's
glossary (docs/glossary/<lang>.md); GameUI.rules() picks the session's, English when there is
none, and the Rules screen of a German session shows the German sheet."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest
from flet.controls.context import _context_page

from companion.games import GAME_UIS, RULES_DIR
from companion.i18n import LANGUAGES, speak
from companion.i18n.choice import DEFAULT
from companion.widgets.rules_sheet import sheet_pieces
from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.tree import every

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = ROOT / "docs" / "glossary"
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT]
GAMES = sorted(GAME_UIS)
RULING = re.compile(r"\*\*([A-Z]\d+)\*\*")
NOTE = re.compile(r"\s*[(（][^)）]*[)）]")  # "(Mehrzahl: Caros)": a note, not the term


def sheet(game: str, code: str = DEFAULT) -> str:
    folder = RULES_DIR if code == DEFAULT else RULES_DIR / code
    return (folder / f"{game}.md").read_text(encoding="utf-8")


def shape(text: str) -> dict[str, object]:
    """What a translation keeps of its English sheet: headings by level, bullets, numbered
    items, each table's rows and columns, and the ruling ids in order."""
    lines = text.splitlines()
    tables: list[list[int]] = []
    previous = ""
    for line in lines:
        if line.startswith("|"):
            if not previous.startswith("|"):
                tables.append([])
            tables[-1].append(line.strip().strip("|").count("|") + 1)
        previous = line
    return {
        "headings": [len(line) - len(line.lstrip("#")) for line in lines if line.startswith("#")],
        "bullets": sum(1 for line in lines if re.match(r"- ", line)),
        "numbered": [int(m.group(1)) for line in lines if (m := re.match(r"(\d+)\. ", line))],
        "tables": tables,
        "rulings": RULING.findall(text),
    }


def glossary(code: str) -> dict[str, list[tuple[str, str]]]:
    """Each game's (English, translation) pairs from docs/glossary/<code>.md."""
    games: dict[str, list[tuple[str, str]]] = {}
    rows: list[tuple[str, str]] | None = None
    for line in (GLOSSARIES / f"{code}.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## .*\((\w+)\)$", line)
        if heading:
            rows = games.setdefault(heading.group(1), [])
        elif rows is not None and line.startswith("|") and not line.startswith("|---"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if cells[0] != "English":
                rows.append((NOTE.sub("", cells[0]), NOTE.sub("", cells[1])))
    return games


def used(term: str, text: str) -> bool:
    """Does `text` use the English `term`? A word in capitals (UP, PASS, SP) as written."""
    if term.isupper():
        return re.search(rf"\b{re.escape(term)}\b", text) is not None
    return re.search(rf"\b{re.escape(term)}", text, re.IGNORECASE) is not None


def says(term: str, text: str) -> bool:
    """Does `text` use the translated `term`, in any of its forms? Each word is compared by its
    first letters (all but two of a long word), so "Verbündeten" counts for "Verbündeter"."""
    stems = [re.escape(word[:max(4, len(word) - 2)]) for word in term.split()]
    return re.search(r"\w*\s+".join(stems), text, re.IGNORECASE) is not None


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_a_sheet_per_game(code: str) -> None:
    assert sorted(p.stem for p in (RULES_DIR / code).glob("*.md")) == GAMES


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_a_translated_sheet_keeps_the_english_ones_shape(game: str, code: str) -> None:
    english, translated = shape(sheet(game)), shape(sheet(game, code))
    assert translated == english
    assert english["rulings"], "the English sheet names its rulings"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_game_has_a_glossary_in_every_language(code: str) -> None:
    terms = glossary(code)
    assert sorted(terms) == GAMES
    for game, rows in terms.items():
        assert len(rows) >= 10, f"{code} {game}: a glossary of a handful of words"
        assert all(english and translation for english, translation in rows)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_a_sheet_says_its_glossarys_terms(game: str, code: str) -> None:
    english, translated = sheet(game), sheet(game, code)
    checked = [(e, t) for e, t in glossary(code)[game] if used(e, english)]
    missing = [f"{e} -> {t}" for e, t in checked if not says(t, translated)]
    assert len(checked) >= 8 and not missing


def test_the_checks_tell_a_term_from_a_lookalike() -> None:
    assert says("Verbündeter", "mit einem Verbündeten") and not says("Verbündeter", "Bund")
    assert says("angesagter Wert", "der angesagte Wert") and says("ダメージ", "1ダメージを受け")
    assert used("SP", "player (SP)") and not used("SP", "Spirit") and not used("ally", "totally")


class FakePage:
    """Stands for a session's page: language() finds the session by the page in Flet's context."""


@pytest.fixture
def in_session() -> Iterator:
    tokens: list = []
    yield lambda page: tokens.append(_context_page.set(page))
    for token in reversed(tokens):
        _context_page.reset(token)


@pytest.mark.parametrize("code", TRANSLATED)
def test_rules_are_the_sessions_language(code: str, in_session) -> None:
    page = FakePage()
    speak(page, code)
    in_session(page)
    for game, ui in GAME_UIS.items():
        assert ui.rules() == sheet(game, code)


def test_english_outside_a_session_and_for_a_session_speaking_english(in_session) -> None:
    assert GAME_UIS["caro"].rules() == sheet("caro")
    page = FakePage()
    speak(page, "en")
    in_session(page)
    assert GAME_UIS["ratel"].rules() == sheet("ratel")


def test_a_language_without_its_sheet_reads_english(in_session, monkeypatch,
                                                    tmp_path: Path) -> None:
    (tmp_path / "de").mkdir()
    (tmp_path / "caro.md").write_text("# English", encoding="utf-8")
    monkeypatch.setattr("companion.games.RULES_DIR", tmp_path)
    page = FakePage()
    speak(page, "de")
    in_session(page)
    assert GAME_UIS["caro"].rules() == "# English"


def _rules_screen_in_german(folder: Path) -> list[ft.Control]:
    """On a real Flet session: Deutsch chosen in Settings, then a Caro match's Rules screen; the
    Markdown and texts it draws."""

    async def rules_in_german(store: Store, mid: str) -> list[ft.Control]:
        session = await open_route(store, folder, "/settings")
        session.connection.page_url = "http://127.0.0.1:8550"  # Flet reads it when a route changes
        languages = next(c for c in every(session.page)
                         if isinstance(c, ft.RadioGroup) and c.value in LANGUAGES)
        session.apply_patch(languages._i, {"value": "de"})
        await session.dispatch_event(languages._i, "change", "de")
        await asyncio.sleep(0.1)
        await session.dispatch_event(session.page._i, "route_change",
                                     {"route": f"/match/{mid}/rules"})
        await asyncio.sleep(0.2)
        return [c for c in every(session.page) if isinstance(c, ft.Markdown | ft.Text)]

    with Store(folder / "data") as store:
        mid = store.create(caro.Match(["Ann", "Ben"]))
        return run_apart(rules_in_german(store, mid))


def test_the_rules_screen_of_a_german_session_shows_the_german_sheet(tmp_path: Path) -> None:
    shown = _rules_screen_in_german(tmp_path)
    # the sheet in pieces, each ruling its own (a "Why?" link opens it at one)
    assert [c.value for c in shown if isinstance(c, ft.Markdown)] == [
        text for _ruling, text in sheet_pieces(sheet("caro", "de"))]


def test_a_game_without_any_sheet_has_no_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               in_session) -> None:
    """No sheet in any language (a new game's, before it is written): None, not an error."""
    monkeypatch.setattr("companion.games.RULES_DIR", tmp_path)
    assert GAME_UIS["caro"].rules() is None
    page = FakePage()
    speak(page, "de")
    in_session(page)
    assert GAME_UIS["caro"].rules() is None


def test_the_rules_screen_of_a_game_without_a_sheet_says_so_in_the_sessions_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In German for a German session, where it used to raise FileNotFoundError."""
    monkeypatch.setattr("companion.games.RULES_DIR", tmp_path / "rules")
    shown = _rules_screen_in_german(tmp_path)
    assert not [c for c in shown if isinstance(c, ft.Markdown)]
    assert "Für Caro gibt es hier noch kein Regelblatt." in [c.value for c in shown]
