"""The Caro screen draws exactly the engine's colours: it keeps no list of its own."""

from __future__ import annotations

from companion.games.caro import look as caro_look
from scoring import caro


def test_every_engine_colour_has_a_fill_an_ink_and_a_distinct_letter() -> None:
    assert not hasattr(caro_look, "COLOURS")
    assert set(caro_look.FILL) == set(caro_look.INK) == set(caro_look.LETTER) == set(caro.COLOURS)
    assert len(set(caro_look.LETTER.values())) == len(caro.COLOURS)


def test_a_caro_letter_is_said_through_the_catalog_and_reads_as_before_in_english() -> None:
    assert {c: caro_look.letter(c) for c in caro.COLOURS} == caro_look.LETTER
    assert {("caro letter", v) for v in caro_look.LETTER.values()} <= set(caro.GLOSSARY)
