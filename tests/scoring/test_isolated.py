"""A right-to-left name inside a sentence, a list or a score line is isolated (FSI ... PDI), in
the one place text enters a sentence: scoring.said's render (issue 30)."""

from __future__ import annotations

from scoring.names import quotable
from scoring.said import ENGLISH, ISOLATE, POP, isolated, listed, said


def test_a_right_to_left_name_is_isolated_in_a_list() -> None:
    assert str(listed(["陳大文", "محمد", "דוד"], "names")) == (
        f"陳大文, {ISOLATE}محمد{POP}, {ISOLATE}דוד{POP}")


def test_a_name_in_a_sentence_keeps_its_score_beside_it() -> None:
    assert str(said("{player} scores {points}.", player="דוד", points=3)) == (
        f"{ISOLATE}דוד{POP} scores 3.")


def test_left_to_right_text_is_left_as_it_is() -> None:
    for text in ("Ann", "陳大文", "김민준", "Zoë 🎲", "B3", "अनन्या", "สมชาย"):
        assert isolated(text) == text
        assert str(said("{player} passes.", player=text)) == f"{text} passes."


def test_isolating_twice_changes_nothing() -> None:
    once = isolated("محمد")
    assert isolated(once) == once
    assert isolated(quotable("محمد")) == quotable("محمد")
    # a sentence whose names are isolated already is not wrapped again
    line = str(listed(["محمد", "Ann"], "names"))
    assert isolated(line) == line == f"{ISOLATE}محمد{POP}, Ann"


def test_not_text_is_returned_as_it_is() -> None:
    assert isolated(3) == 3 and isolated(None) is None
    assert ENGLISH.number(3) == "3"
