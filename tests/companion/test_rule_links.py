"""Rule references are links, not codes in sentences (issue 30): an engine names the ruling a
sentence applies as data beside it (`Said.ruling`, `RuleViolation.ruling`), no message of any
catalog holds a ruling's id, and each ruling named is one its game's rules sheet has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games import RULES_DIR
from companion.i18n.extract import LOCALE, TEMPLATE, TRANSLATED
from companion.widgets.rules_sheet import rulings, sheet_controls, sheet_pieces
from scoring import RuleViolation, careta, carrera, ratel
from scoring.said import from_data, ruling_of, said, to_data

ROOT = Path(__file__).resolve().parents[2]
SHEET_IDS = set().union(*(rulings(p.read_text(encoding="utf-8"))
                          for p in RULES_DIR.rglob("*.md")))
# A ruling's id as the sheets write them (K6, R2, M5, C10), or "rule 5" said of one.
RULE_ID = re.compile(r"\b[A-Z][0-9]{1,2}\b")


def messages(path: Path) -> list[str]:
    with path.open("rb") as source:
        catalog = read_po(source)
    texts = []
    for message in catalog:
        if not message.id:
            continue
        for part in (message.id, message.string):
            texts += [part] if isinstance(part, str) else list(part)
    return [text for text in texts if text]


def test_the_sheets_name_their_rulings() -> None:
    assert {"K6", "R2", "M5", "C9"} <= SHEET_IDS


@pytest.mark.parametrize("path", [TEMPLATE, *(LOCALE / code / "LC_MESSAGES" / "messages.po"
                                              for code in TRANSLATED)],
                         ids=["template", *TRANSLATED])
def test_no_catalog_message_holds_a_rulings_id(path: Path) -> None:
    held = [text for text in messages(path)
            if any(found in SHEET_IDS for found in RULE_ID.findall(text))]
    assert held == []


# Where each game's code names a ruling as data: `ruling="K6"` or `.citing("K6")`.
CITED = re.compile(r"""(?:ruling=|citing\(|with_why\(.*?,\s*)["']([A-Z][0-9]{1,2})["']""",
                   re.DOTALL)
GAME_SOURCES = {
    "careta": ["scoring/careta", "companion/games/careta"],
    "ratel": ["scoring/ratel.py", "companion/games/ratel"],
    "carrera": ["scoring/carrera.py", "companion/games/carrera"],
    "caro": ["scoring/caro.py", "companion/games/caro"],
}


@pytest.mark.parametrize("game", sorted(GAME_SOURCES))
def test_every_ruling_cited_is_one_of_its_games_sheet(game: str) -> None:
    sheet = rulings((RULES_DIR / f"{game}.md").read_text(encoding="utf-8"))
    cited: set[str] = set()
    for where in GAME_SOURCES[game]:
        path = ROOT / where
        for source in ([path] if path.is_file() else sorted(path.rglob("*.py"))):
            cited |= set(CITED.findall(source.read_text(encoding="utf-8")))
    assert cited - sheet == set()
    assert cited, f"{game} cites no ruling"


def refusal(action) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        action()
    return caught.value


def test_a_refusal_names_its_ruling_beside_its_sentence() -> None:
    m = careta.Match(players=["Ann", "Ben"], deck_master="Ann")
    m.start_set()
    m.start_game("up")
    m.play("Ben", careta.PASS)
    m.play("Ann", 5)
    error = refusal(lambda: m.ally("Ben", 5))
    assert (error.ruling, str(error)) == ("K6", "Ben said PASS and may not play an ally.")
    assert error.said.ruling == "K6"


def test_a_ruling_inside_a_phrase_is_found_and_a_plain_refusal_has_none() -> None:
    error = refusal(lambda: careta.is_valid_ally(careta.Card(5), careta.Card(6)))
    assert error.rule == "colour-needed" and error.ruling == "K3"
    r = ratel.Match(players=["Ann", "Ben"])
    assert refusal(lambda: r.play(1, 9)).ruling == "R1"
    c = carrera.Match(players=["Ann", "Ben", "Cleo"])
    assert refusal(lambda: c.play(carrera.FACE_DOWN, fuel=1)).ruling == "M2"
    assert refusal(lambda: c.play("9")).ruling is None


def test_caros_numbered_rules_keep_their_words_and_cite_the_ruling_that_reads_them() -> None:
    from scoring import caro

    m = caro.Match(players=["Ann", "Ben"])
    m.lay("grey", (0, 0))
    (problem,) = m.violations("grey", (0, 1))
    assert (problem.ruling, str(problem)) == (
        "C3", "Rule 1: grey cannot go next to the grey at row 0, column 0.")


def test_an_entry_names_its_ruling_too() -> None:
    m = carrera.Match(players=["Ann", "Ben", "Cleo"], ties="ask")
    for card in ("3", "4A", "4B"):
        m.play(card)
    assert m.pending_tie and ruling_of(m.history[-1]["said"]) == "M5"


def test_a_ruling_is_kept_as_data() -> None:
    sentence = said("{player} passes.", player="Ann").citing("R2")
    assert from_data(to_data(sentence)) == sentence
    assert to_data(sentence)["ruling"] == "R2"
    assert ruling_of(from_data(to_data(said("outer {x}", x=sentence)))) == "R2"
    with pytest.raises(ValueError):
        from_data({"said": "x", "ruling": 6})


def test_the_sheet_is_cut_at_its_rulings_and_marks_the_one_opened() -> None:
    sheet = (RULES_DIR / "ja" / "careta.md").read_text(encoding="utf-8")
    pieces = sheet_pieces(sheet)
    assert "".join(text for _r, text in pieces).replace("\n", "") == sheet.replace("\n", "")
    assert [r for r, _t in pieces if r] == [f"K{n}" for n in range(1, 12)]
    controls = sheet_controls(sheet, "K6")
    marked = [c for c in controls if getattr(c, "bgcolor", None)]
    assert [c.key.value for c in marked] == ["K6"]
