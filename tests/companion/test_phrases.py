"""Japanese lines break between phrases (issue 30): what a Japanese screen draws holds a word
joiner between the characters of each BudouX phrase; what it stores, exports or says through the
catalogs holds none. In every language a number stays on the line of the word, number or sign
beside it ("Cleo +10", "6 + 1 = 7"), drawn with no-break spaces."""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
import pytest
from babel.messages.pofile import read_po

import companion.i18n as i18n
from companion.i18n.extract import LOCALE
from companion.i18n.phrases import NBSP, WJ, numbers_held, phrased, plain
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.session_guard import session_with
from tests.support.companion.tree import every


def breaks(text: str) -> list[str]:
    """`text` cut where a line may break between two Japanese characters (no joiner there)."""
    pieces, piece = [], ""
    for char in text:
        if char == WJ:
            piece += "+"  # held to the next character
            continue
        if piece and not piece.endswith("+") and ord(piece[-1]) > 0x2FFF and ord(char) > 0x2FFF:
            pieces.append(piece)
            piece = ""
        piece += char
    return [p.replace("+", "") for p in [*pieces, piece]]


def japanese_forms() -> list[str]:
    with (LOCALE / "ja" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale="ja")
    forms: list[str] = []
    for message in catalog:
        if message.id:
            forms += message.string if isinstance(message.string, tuple) else [message.string]
    return [form for form in forms if form]


@pytest.mark.parametrize(("text", "lines"), [
    ("燃料5", ["燃料5"]),  # the review's "燃 / 料5"
    ("0トロフィー", ["0トロフィー"]),  # and "ト / ロフィー"
    ("カウサはセットの中で宣言します。", ["カウサは", "セットの", "中で", "宣言します。"]),
    ("PINを入力", ["PINを", "入力"]),
])
def test_a_line_breaks_only_between_phrases(text: str, lines: list[str]) -> None:
    assert breaks(phrased(text)) == lines


def test_a_line_may_break_after_a_closing_mark_and_before_an_opening_one() -> None:
    """A name after a colon or a pause is not held to what comes before it (the review's
    "マイフェイバリットカレラRS：An / n"), nor a bracket to the word before it."""
    for text in ("マイフェイバリットカレラRS：Ann、Ben、Cleo", "Moons（Ben、Dan）が対戦に勝利！",
                 "手札：Annが4枚、Cleoが4枚"):
        joined = phrased(text)
        assert plain(joined) == text
        for mark in "：、":
            assert mark + WJ not in joined, (text, mark)
        assert WJ + "（" not in joined, text
    assert breaks(phrased("燃料5、トロフィー2")) == ["燃料5、", "トロフィー2"]


def test_every_japanese_message_keeps_its_words_and_is_joined_once() -> None:
    forms = japanese_forms()
    assert len(forms) > 1000
    for form in forms:
        joined = phrased(form)
        assert plain(joined) == form
        assert phrased(joined) == joined  # a text drawn again is not joined twice
        assert WJ + " " not in joined and " " + WJ not in joined and WJ * 2 not in joined
        assert "{" + WJ not in joined  # placeholders whole (a screen joins filled text anyway)
    assert sum(WJ in phrased(form) for form in forms) > len(forms) * 0.9


def test_names_emoji_and_other_languages_are_left_as_they_are() -> None:
    for text in ("Hello world", "Zoë 🎲", "👨\u200d👩\u200d👧", "Ωμέγα", "김민준", "محمد"):
        assert phrased(text) == text
    named = phrased("\u2068山田太郎\u2069が勝ちました")  # a name isolated in a sentence
    assert "\u2068" + WJ not in named and WJ + "\u2069" not in named
    assert plain(named) == "\u2068山田太郎\u2069が勝ちました"


def test_a_japanese_screen_draws_joined_text_and_an_english_one_plain(tmp_path: Path) -> None:
    """On a real Flet session: Settings in English has no joiner; switched to 日本語, its texts
    are sent joined, while the catalogs themselves still answer plain text."""
    store = Store(tmp_path / "data")

    def texts(session) -> set[str]:
        return {c.value for c in every(session.page) if isinstance(c, ft.Text)
                and isinstance(c.value, str)}

    def labels(session) -> set[str]:
        return {c.semantics_label for c in every(session.page) if isinstance(c, ft.Text)
                and WJ in (c.value or "")}

    async def choose() -> tuple[set[str], set[str], str, set[str]]:
        session = await open_route(store, tmp_path, "/settings")
        english = texts(session)
        languages = next(c for c in every(session.page)
                         if isinstance(c, ft.RadioGroup) and c.value in i18n.LANGUAGES)
        session.apply_patch(languages._i, {"value": "ja"})
        await session.dispatch_event(languages._i, "change", "ja")
        await asyncio.sleep(0.1)
        return english, texts(session), i18n._("Settings"), labels(session)

    try:
        english, japanese, said, heard = run_apart(choose())
    finally:
        store.close()
    assert not any(WJ in text for text in english) and "Settings" in english
    assert said == "設定" and WJ not in said  # the catalog: plain
    assert phrased("設定") in japanese and "設定" not in japanese  # the screen: joined
    assert "設定" in heard and not any(WJ in label for label in heard)  # its name: plain
    assert not any(WJ in text for text in japanese if not any(
        ord(c) > 0x2FFF for c in text))  # nothing Japanese-free was joined


def lines_of(text: str) -> list[str]:
    """`text` cut at each place a line may break between words (a plain space)."""
    return text.split(" ")


@pytest.mark.parametrize(("text", "pieces"), [
    ("Cleo +10", ["Cleo +10"]),  # the review's "Cleo / +10"
    ("6 + 1 = 7", ["6 + 1 = 7"]),  # and "6 + 1 / = 7"
    ("auf der Hand: Ann 4 und Cleo 4", ["auf", "der", "Hand:", "Ann 4 und", "Cleo 4"]),
    ("Ben 0 Trophäen", ["Ben 0 Trophäen"]),
    ("Ann −3", ["Ann −3"]),
    # beside other punctuation a line may still break
    ("Runde 2 · Ende der Partie", ["Runde 2", "·", "Ende", "der", "Partie"]),
    ("20:31 – 21:05", ["20:31", "–", "21:05"]),
    ("No number here", ["No", "number", "here"]),
    # a run too long for a narrow chip is left free to break (HELD_AT_MOST)
    ("Maximiliana-Josefina 10 Punkte", ["Maximiliana-Josefina", "10", "Punkte"]),
])
def test_a_number_keeps_to_the_word_beside_it(text: str, pieces: list[str]) -> None:
    held = numbers_held(text)
    assert [piece.replace(NBSP, " ") for piece in lines_of(held)] == pieces
    assert plain(held) == text and numbers_held(held) == held


def message(code: str, msgid: str, form: int = 0) -> str:
    with (LOCALE / code / "LC_MESSAGES" / "messages.po").open("rb") as source:
        found = read_po(source, locale=code).get(msgid)
    assert found is not None, msgid
    return found.string[form] if isinstance(found.string, tuple) else found.string


@pytest.mark.parametrize(("code", "msgid", "values", "drawn"), [  # "~": a no-break space
    ("de", "After step {n} of {total}", {"n": 3, "total": 12}, "Nach Schritt~3~von~12"),
    ("es", "After step {n} of {total}", {"n": 3, "total": 12}, "Tras el paso~3~de~12"),
    ("ja", "{player} {points}", {"player": "Ann", "points": "+10"}, "Ann~+10"),
    ("es", "{n}%", {"n": 50}, "50~%"),
])
def test_a_catalogs_filled_message_is_drawn_with_its_numbers_held(
        code: str, msgid: str, values: dict, drawn: str) -> None:
    filled = message(code, msgid).format(**values)
    assert numbers_held(filled) == drawn.replace("~", NBSP)
    assert plain(numbers_held(filled)) == plain(filled)


def test_a_screen_sends_held_numbers_and_a_screen_reader_hears_plain_text() -> None:
    """On a real Flet session in English: the text is sent with no-break spaces, its semantics
    label is the text as written and follows a new value, a label of the screen's own stays,
    and a text with no number is left alone."""
    setters: list = []

    @ft.component
    def Host() -> ft.Control:
        value, set_value = ft.use_state("Cleo +10")
        setters.append(set_value)
        return ft.Column([ft.Text(value), ft.Text("Ann wins"),
                          ft.Text("Labelled 3 times", semantics_label="its own label"),
                          ft.Text("\u2068محمد\u2069 3\nAnn +3")])

    def sent(session) -> list[tuple[str, str | None]]:
        return [(c.value, c.semantics_label) for c in every(session.page)
                if isinstance(c, ft.Text)]

    async def look() -> list[list[tuple[str, str | None]]]:
        session, _ = session_with(Host)
        seen = [sent(session)]
        for value in ("Ann wins", "Ben 7"):
            setters[-1](value)
            await asyncio.sleep(0.05)
            session.get_page_patch()
            seen.append(sent(session)[:1])
        return seen

    first, no_number, number_again = run_apart(look())
    assert first == [("Cleo\u00a0+10", "Cleo +10"), ("Ann wins", None),
                     ("Labelled\u00a03\u00a0times", "its own label"),
                     ("\u2068محمد\u2069\u00a03\nAnn\u00a0+3", "\u2068محمد\u2069 3\nAnn +3")]
    assert no_number == [("Ann wins", None)]
    assert number_again == [("Ben\u00a07", "Ben 7")]


def test_a_text_changed_in_place_has_its_label_follow_its_value() -> None:
    """A text whose value a screen changes in place (not drawn anew by a component): the label
    the hook gave it follows the value, and goes when the value needs no holding."""
    text = ft.Text("Cleo +10")
    text.before_update()
    assert (text.value, text.semantics_label) == ("Cleo\u00a0+10", "Cleo +10")
    text.before_update()  # drawn again, unchanged
    assert (text.value, text.semantics_label) == ("Cleo\u00a0+10", "Cleo +10")
    text.value = "Ann wins"
    text.before_update()
    assert (text.value, text.semantics_label) == ("Ann wins", None)
    text.value = "Ben 7"
    text.before_update()
    assert (text.value, text.semantics_label) == ("Ben\u00a07", "Ben 7")
    own = ft.Text("Dan 3", semantics_label="Dan, three points")
    own.before_update()
    assert (own.value, own.semantics_label) == ("Dan\u00a03", "Dan, three points")
