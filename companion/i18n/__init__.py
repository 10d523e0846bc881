"""The table's language: every word a screen shows goes through here.

Screens mark their own English with `_("...")` (and `ngettext`, `pgettext`), and turn what an
engine says (`scoring.said`: a `Said`, a `RuleViolation`'s `.said`, a history entry's "said")
into text with `say(value)`. Both answer in the language of the session being drawn (the
device's choice, else its browser's, else English).

This module is the one seam: today it answers in English (the engines' ids are English); the
catalogs (Babel, gettext .po files under companion/locale/) plug in behind `words()` without any
screen changing.
"""

from __future__ import annotations

from typing import Any

from scoring.said import ENGLISH, Words, render


def words() -> Words:
    """The `Words` (catalog and locale) of the session being drawn or handled."""
    return ENGLISH


def say(value: Any) -> str:
    """What an engine said (a `Said`, `Term`, `Listed`, `Signed`, a name or a number), as text in
    the session's language."""
    return render(value, words())


def _(message: str) -> str:
    """A screen's own English sentence in the session's language."""
    return words().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence the number `n` asks for, in the session's language; the result
    still holds its placeholders: `ngettext("{n} card", "{n} cards", n).format(n=n)`."""
    return words().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A word that means different things in different places (a game's glossary)."""
    return words().pgettext(context, message)
