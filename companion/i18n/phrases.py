"""Lines break where a reader expects: Japanese between phrases, never inside a word; every
language never between a number and the word, number or sign beside it.

Japanese is written without spaces, and the renderer (Flutter's line breaker, UAX #14) may break
a line between any two of its characters: "燃 / 料5", "ト / ロフィー". Here BudouX (a phrase
segmenter made for Japanese line breaking) finds the phrases of what a Japanese screen shows, and
a word joiner (U+2060, which forbids a break and draws nothing) goes between the characters of
each phrase, so a line breaks only between two phrases, as a Japanese reader expects. In every
language a no-break space holds a number to its neighbours: "Cleo / +10" and "6 + 1 / = 7" were
drawn so (`numbers_held`).

Only what is drawn is joined: `install` makes every `ft.Text` join its value as Flet sends it
(`before_update`), its accessible name staying the plain text. The catalogs, engines and stored
files never hold a joiner, so an export, a file name or a player's name stays as typed, and a
text field is never touched.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import flet as ft

WJ = "\u2060"  # WORD JOINER: no line break on either side
NBSP = "\u00a0"  # NO-BREAK SPACE: a space a line never breaks at
KEPT = 4096  # phrased texts kept (a session's screens show a few hundred distinct ones)

_parser: Any = None
_kept: dict[str, str] = {}


def _cjk(code: int) -> bool:
    """A character UAX #14 lets a line break beside (ideographs, kana, CJK punctuation, the
    full-width forms): the ones a phrase must hold together."""
    return (0x3000 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0x3400 <= code <= 0x4DBF
            or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x3FFFF)


# Where a Japanese line may break even inside a phrase BudouX found: after a closing mark or a
# pause, before an opening one. Joined there, a title with a name after its colon
# ("マイフェイバリットカレラRS：Ann、Ben") was one unbreakable run, and the line broke inside
# the name ("An / n"); a team was never parted from its bracket ("Moons（Ben、").
CLOSING = frozenset("、。，．：；！？）」』】〕〉》")
OPENING = frozenset("（「『【〔〈《")


def _joinable(a: str, b: str) -> bool:
    """May a joiner go between `a` and `b`? Between two characters of which at least one is
    Japanese, the other Japanese or an ASCII letter or digit ("5点", "PINを"), unless `a`
    closes or `b` opens (CLOSING, OPENING). Never beside a space, punctuation of Latin text, a
    format character (a name's isolates), an emoji or a combining mark: those keep their own
    rules, and an emoji sequence stays whole."""
    if a in CLOSING or b in OPENING:
        return False
    ca, cb = ord(a), ord(b)
    ja, jb = _cjk(ca), _cjk(cb)
    if not (ja or jb):
        return False
    return (ja or (ca < 0x80 and a.isalnum())) and (jb or (cb < 0x80 and b.isalnum()))


def join(phrases: list[str]) -> str:
    """The phrases as one text, with a word joiner between the characters of each phrase where
    a line could otherwise break."""
    out: list[str] = []
    for phrase in phrases:
        for i, char in enumerate(phrase):
            if i and _joinable(phrase[i - 1], char):
                out.append(WJ)
            out.append(char)
    return "".join(out)


def _segmenter() -> Any:
    global _parser
    if _parser is None:
        import budoux  # the Japanese model only, on the first Japanese text

        _parser = budoux.load_default_japanese_parser()
    return _parser


def phrased(text: str) -> str:
    """`text` with its phrases held together (a text with no Japanese comes back as it is)."""
    found = _kept.get(text)
    if found is not None:
        return found
    if WJ in text or not any(_cjk(ord(c)) for c in text):
        result = text  # joined already, or nothing to join
    else:
        result = "\n".join(join(_segmenter().parse(line)) for line in text.split("\n"))
    if len(_kept) >= KEPT:
        _kept.clear()
    _kept[text] = result
    return result


# A number and the word or sign beside it stay on one line in every language: "Cleo +10",
# "Ann 4", "0 Trophäen", "6 + 1 = 7", "50 %" (issue 30: the lines broke as "Cleo / +10",
# "6 + 1 / = 7").
SIGNS = "+-−±"
OPERATORS = "+-−±=×÷"  # beside a number, held to it: "6 + 1", "= 7", "3 - 1"
UNITS = "%‰°€$£¥"  # after a number, held to it: "50 %"
HELD_AT_MOST = 20  # characters: a longer run is left free to break (a long name and its score
# held together would, on a narrow chip at 200 % text, be cut inside a word instead)
_kept_held: dict[str, str] = {}


def _format(char: str) -> bool:
    """An invisible format character: a name's isolates (U+2066-2069), a joiner, a mark."""
    return unicodedata.category(char) == "Cf"


def _neighbour(text: str, i: int, step: int) -> tuple[str, int]:
    """The first visible character from `i` on, going `step` (1 or -1), and its index; a name
    isolated for right-to-left text is read through its isolates ("\u2068محمد\u2069 3")."""
    while 0 <= i < len(text) and _format(text[i]):
        i += step
    return (text[i], i) if 0 <= i < len(text) else ("", i)


def _holds(text: str, i: int) -> bool:
    """Is the space at `i` one between a number and the word, number, operator or unit beside
    it?"""
    left, _ = _neighbour(text, i - 1, -1)
    right, at = _neighbour(text, i + 1, 1)
    if left.isdigit() and (right.isalnum() or right in OPERATORS or right in UNITS):
        return True
    number_next = right.isdigit() or (
        right in SIGNS and _neighbour(text, at + 1, 1)[0].isdigit())
    return number_next and (left.isalnum() or left in OPERATORS)


def numbers_held(text: str) -> str:
    """`text` with a no-break space for each space between a number and the word, number,
    operator or unit beside it. A space beside other punctuation ("2 · Ende", "20:31 – 21:05")
    stays a place to break, and so does every space of a held run longer than HELD_AT_MOST (a
    run ends at a space left to break or a line's end)."""
    if " " not in text or not any(c.isdigit() for c in text):
        return text
    found = _kept_held.get(text)
    if found is not None:
        return found
    out: list[str] = []
    run: list[int] = []  # the indexes in `out` of the current run's held spaces
    length = 0  # the current run's characters
    for i, char in enumerate(text + "\n"):  # a line's end after the last closes its run
        if char == " " and 0 < i < len(text) - 1 and _holds(text, i):
            run.append(len(out))
            out.append(NBSP)
            length += 1
            continue
        if char in " \n":
            if length > HELD_AT_MOST:
                for at in run:
                    out[at] = " "
            run, length = [], 0
        else:
            length += 1
        out.append(char)
    result = "".join(out[:-1])
    if len(_kept_held) >= KEPT:
        _kept_held.clear()
    _kept_held[text] = result
    return result


def plain(text: str) -> str:
    """`text` as a person reads it: without the joiners `phrased` put in, its no-break spaces
    (`numbers_held`'s, or a catalog's own) as spaces."""
    return text.replace(WJ, "").replace(NBSP, " ")


_installed = False


def drawn(text: str, japanese: bool) -> str:
    """`text` as a screen draws it: its numbers held to their words, and in Japanese its
    phrases held together."""
    held = numbers_held(text)
    return phrased(held) if japanese else held


def install(speaks_japanese: Callable[[], bool]) -> None:
    """Make every `ft.Text` join its value as it is sent: its numbers held to their words in
    every session, its phrases in one where `speaks_japanese()` (once per process; later calls
    change nothing)."""
    global _installed
    if _installed:
        return
    before = ft.Text.before_update
    _installed = True

    def before_update(self: ft.Text) -> None:
        before(self)
        value, spans = self.value, self.spans
        if not ((isinstance(value, str) and value) or spans):
            return
        japanese = speaks_japanese()
        if isinstance(value, str) and value != getattr(self, "_drawn", None):
            joined = drawn(value, japanese)
            # A screen reader, and a search of the page, read the words as written: the label
            # is the plain text, unless the screen gave one of its own; ours follows the value.
            label = self.semantics_label
            ours = label is None or label == getattr(self, "_plain_label", None)
            if joined != value:
                self.value = joined
                object.__setattr__(self, "_drawn", joined)
                if ours:
                    self.semantics_label = value
                    object.__setattr__(self, "_plain_label", value)
            elif ours and label is not None:  # a value that needs no joining any more
                self.semantics_label = None
                object.__setattr__(self, "_plain_label", None)
        for span in spans or ():
            if isinstance(span.text, str) and span.text:
                joined = drawn(span.text, japanese)
                if joined != span.text:
                    span.text = joined

    ft.Text.before_update = before_update  # type: ignore[method-assign]
