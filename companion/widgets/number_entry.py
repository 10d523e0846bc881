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


def count_field(label: str, typed: str, on_change: Callable[[str], None], *,
                disabled: bool = False) -> ft.TextField:
    """A field for one count, opening the number pad: `typed` is the text as it stands (kept as
    typed, never reformatted under the fingers), `on_change` gets each new text ("" when
    cleared); read it with `typed_count`."""
    return ft.TextField(
        label=label, value=typed, keyboard_type=ft.KeyboardType.NUMBER, dense=True,
        disabled=disabled, on_change=lambda e: on_change(e.control.value or ""),
    )
