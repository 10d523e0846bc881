"""A count typed on the phone's number pad (cards left in a hand, a score): the field, and what
was typed read as a number for the engine to check. Any game's screen may use it; it knows none.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

MAX_DIGITS = 6  # more is no count a table keeps: left as typed, for the engine to refuse


def typed_count(text: str) -> int | str:
    """What was typed, as a number when it is one, else as typed, for the engine to refuse with
    its own message (nothing the scorekeeper typed is dropped silently); "" when nothing was.

    >>> typed_count(" 7 "), typed_count("seven"), typed_count("-1"), typed_count("")
    (7, 'seven', '-1', '')
    >>> typed_count("٣")  # a digit of another script stays as typed: the engine says why
    '٣'
    """
    t = text.strip()
    return int(t) if t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS else t


def typed_score(text: str) -> int | str:
    """What was typed for a score that may be negative ("-3", "−3" with the typographic minus),
    as a number when it is one (however large: the engine says a too large one is), else as
    typed, for the engine to refuse; "" when nothing was.

    >>> typed_score("-3"), typed_score("\u22123"), typed_score(" 12 "), typed_score("1-2")
    (-3, -3, 12, '1-2')
    >>> typed_score("1234567")
    1234567
    """
    t = text.strip()
    sign, digits = (-1, t[1:]) if t[:1] in ("-", "\u2212") else (1, t)
    if digits.isascii() and digits.isdigit() and len(digits) <= 3 * MAX_DIGITS:
        return sign * int(digits)
    return t


def count_field(label: str, typed: str, on_change: Callable[[str], None], *,
                disabled: bool = False) -> ft.TextField:
    """A field for one count, opening the number pad: `typed` is the text as it stands (kept as
    typed, never reformatted under the fingers), `on_change` gets each new text ("" when
    cleared); read it with `typed_count`."""
    return ft.TextField(
        label=label, value=typed, keyboard_type=ft.KeyboardType.NUMBER, dense=True,
        disabled=disabled, on_change=lambda e: on_change(e.control.value or ""),
    )
