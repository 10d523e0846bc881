"""`scoring.names.quotable`, the one function every text quoted from a file or a page goes
through: bounded, its control, invisible and bidi characters shown as �, right-to-left or
bidi-tricked text isolated, emoji and accents whole, quoting twice the same as once."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.names import BIDI_CONTROLS, FSI, PDI, graphemes, quotable, shown
from storage.index import cut, quoted

RLO, ZWJ, BEL, ESC, NUL = "\u202e", "\u200d", "\x07", "\x1b", "\x00"
FAMILY = "👩\u200d👩\u200d👧\u200d👦"  # one emoji of seven codes, held by ZWJs


def test_a_right_to_left_override_is_replaced_and_the_text_isolated() -> None:
    assert quotable(f"{RLO}Ann") == f"{FSI}\ufffdAnn{PDI}"
    assert quotable(f"Caro{RLO}tset") == f"{FSI}Caro\ufffdtset{PDI}"


def test_every_bidi_control_is_replaced() -> None:
    for control in BIDI_CONTROLS:
        inner = quotable(f"a{control}b")[1:-1]
        assert inner == "a\ufffdb", hex(ord(control))


def test_control_characters_are_replaced() -> None:
    assert quotable(f"A{BEL}n{ESC}[31mn{NUL}") == "A\ufffdn\ufffd[31mn\ufffd"
    assert quotable("Ann\nBen\r\t") == "Ann\ufffdBen\ufffd\ufffd"
    assert quotable("a\u2028b\u2029c\x85d") == "a\ufffdb\ufffdc\ufffdd"


def test_a_stray_zero_width_joiner_is_replaced_one_in_an_emoji_kept() -> None:
    assert quotable(f"Ann{ZWJ}Ben") == "Ann\ufffdBen"
    assert quotable(f"{ZWJ}Ann") == "\ufffdAnn"
    assert quotable(f"{FAMILY} Ann") == f"{FAMILY} Ann"
    assert quotable("🇫🇷 👍🏽 ©\ufe0f") == "🇫🇷 👍🏽 ©\ufe0f"


def test_plain_text_is_left_as_it_is() -> None:
    for text in ("Ann", "Zoë", "José Ñúñez", "Ünal Öz", "さくら", "김민준", "x" * 60, ""):
        assert quotable(text) == text


def test_right_to_left_letters_are_isolated() -> None:
    assert quotable("שרה") == f"{FSI}שרה{PDI}"
    assert quotable("Ann and سارا") == f"{FSI}Ann and سارا{PDI}"


def test_a_huge_string_is_cut_to_the_bound_quickly() -> None:
    huge = "x" * 10_000_000
    assert quotable(huge) == "x" * 59 + "…"
    assert len(quotable(huge, 24)) == 24
    assert quotable(RLO * 1_000_000, 10) == FSI + "\ufffd" * 9 + "…" + PDI


def test_a_cut_never_splits_a_grapheme() -> None:
    accented = "e\u0301" * 50  # é as a letter and its accent
    out = quotable(accented)
    assert out.endswith("…") and out[:-1] == "e\u0301" * 29 and len(out) <= 60
    flags = "🇫🇷" * 40
    assert quotable(flags)[:-1] == "🇫🇷" * 29
    families = FAMILY * 20
    assert quotable(families)[:-1] == FAMILY * 8
    mixed = "a" * 58 + FAMILY
    assert quotable(mixed) == "a" * 58 + "…"  # the family does not fit whole: it goes whole


def test_a_lone_surrogate_is_replaced() -> None:
    assert quotable("a\ud800b\udfffc") == "a\ufffdb\ufffdc"


def test_combining_marks_stay_on_their_letters() -> None:
    assert quotable("Zoe\u0308 A\u030a") == "Zoe\u0308 A\u030a"


def test_quoting_twice_is_quoting_once() -> None:
    for text in (f"{RLO}Ann", "שרה", "x" * 100, f"A{BEL}", FAMILY * 20, "e\u0301" * 50):
        once = quotable(text)
        assert quotable(once) == once


def test_a_text_posing_as_quoted_gains_nothing() -> None:
    # Its own isolate around a bidi control: both are replaced, and it is isolated anew.
    assert quotable(f"{FSI}{RLO}x{PDI}") == f"{FSI}\ufffd\ufffdx\ufffd{PDI}"


def test_not_text_is_quoted_as_its_repr() -> None:
    assert quotable(5) == "5" and quotable(None) == "None" and quotable(["a"]) == "['a']"


def test_the_older_names_quote_through_it() -> None:
    assert shown(f"{RLO}Ann") == f"{FSI}\ufffdAnn{PDI}"
    assert quoted(f"{RLO}x") == "'\\u202ex'"  # repr escapes it, and nothing acts on the line
    assert quoted("שרה") == f"{FSI}'שרה'{PDI}"
    assert cut("x" * 100, 10) == "x" * 9 + "…"
    assert cut("e\u0301" * 10, 10) == "e\u0301" * 4 + "…"


def test_an_invisible_mark_on_a_letter_is_shown_as_a_mark_of_its_own() -> None:
    # Hypothesis found it in CI: a combining grapheme joiner and a Khmer inherent vowel (both
    # invisible) on "0", one grapheme, come out as "0" and two �, three.
    assert quotable("0\u034f\u17b4", 3) == "0\ufffd\ufffd"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.integers(min_value=2, max_value=80))
def test_any_text_comes_out_bounded_and_inert(text: str, most: int) -> None:
    out = quotable(text, most)
    inner = out[1:-1] if out.startswith(FSI) and out.endswith(PDI) else out
    assert len(inner) <= most
    assert not any(ch in BIDI_CONTROLS for ch in inner)
    assert not any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") for ch in inner)
    if len(text) <= most and not out.startswith(FSI):
        assert len(out) == len(text)
    # Whole graphemes of the text, each as it was or replaced, then at most "…"; a replaced
    # mark that joined the letter before it (an invisible combining character) is a � of its own.
    body = inner.removesuffix("…") if len(text) > most else inner
    replaced = max(0, body.count("\ufffd") - text.count("\ufffd"))
    assert len(graphemes(body)) <= len(graphemes(text)) + replaced + 1
    assert quotable(out, most) == out
