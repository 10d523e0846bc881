"""The table's language: every word a screen shows goes through here.

Screens mark their own English with `_("...")` (and `ngettext`, `pgettext`), and turn what an
engine says (`scoring.said`: a `Said`, a `RuleViolation`'s `.said`, a history entry's "said")
into text with `say(value)`. Both answer in the language of the session being drawn (the
device's choice, else its browser's, else English).

This module is the one seam: the catalogs (Babel, gettext .po files under companion/locale/,
catalog.py) sit behind `words()`, and which language a session speaks is choice.py's. `_`,
`ngettext`, `pgettext` and `say` ask `words()` at each call, so a test may patch it.
"""

from __future__ import annotations

import weakref
from datetime import tzinfo
from typing import Any

import flet as ft

from companion.i18n import phrases
from companion.i18n.catalog import Voice
from companion.i18n.choice import DEFAULT, LANGUAGES, known
from scoring.said import Words, isolated, render

__all__ = ["LANGUAGES", "N_", "Voice", "_", "language", "ngettext", "npgettext", "pgettext", "say",
           "speak", "words"]



class _ByPage:
    """Each session's voice, by its page's identity (a closed page's goes with it).

    Not a WeakKeyDictionary: that finds a key with ==, and a Page (a dataclass) compares every
    field of itself, tens of microseconds a lookup; a match screen asks hundreds of times a
    render (every cell's name), so a lookup by identity keeps a tap quick."""

    def __init__(self) -> None:
        self._held: dict[int, tuple[weakref.ref[ft.Page], Voice]] = {}

    def get(self, page: ft.Page) -> Voice | None:
        held = self._held.get(id(page))
        return held[1] if held is not None and held[0]() is page else None

    def __setitem__(self, page: ft.Page, voice: Voice) -> None:
        key = id(page)
        # Called as the page is freed, before its id can be another's.
        self._held[key] = (weakref.ref(page, lambda _, key=key: self._held.pop(key, None)),
                           voice)

    def __len__(self) -> int:
        return len(self._held)


# A page that never chose speaks `_DEFAULT`: English, times in this machine's zone.
_voices = _ByPage()
_DEFAULT: Voice | None = None


def _default() -> Voice:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Voice(DEFAULT)
    return _DEFAULT


def _page() -> ft.Page | None:
    try:
        return ft.context.page
    except RuntimeError:  # outside any session (a script, a test, the server's own work)
        return None


def words() -> Words:
    """The `Words` (catalog and locale) of the session being drawn or handled."""
    page = _page()
    voice = _voices.get(page) if page is not None else None
    return voice if voice is not None else _default()


def voice() -> Voice:
    """As `words()`, with the session's times too (describe/when.py)."""
    found = words()
    return found if isinstance(found, Voice) else _default()


def language(page: ft.Page | None = None) -> str:
    """The code of the language the session of `page` (else the current one) speaks."""
    page = page if page is not None else _page()
    found = _voices.get(page) if page is not None else None
    return found.code if found is not None else DEFAULT


def speak(page: ft.Page, code: str, zone: tzinfo | None = None) -> None:
    """From now on the session of `page` speaks `code` (one of LANGUAGES; anything else is
    refused with ValueError), its times in `zone` (None: this machine's)."""
    if known(code) is None:
        raise ValueError(f"Unknown language {code!r}; choose one of {', '.join(LANGUAGES)}.")
    _voices[page] = Voice(code, zone)


def say(value: Any) -> str:
    """What an engine said (a `Said`, `Term`, `Listed`, `Signed`, a name or a number), as text in
    the session's language."""
    return render(value, words())


def N_(message: str) -> str:
    """Marks English kept as it is for now (a module's constant) to be translated where it is
    shown, with `_(CONSTANT)`: extraction finds it here, and nothing is looked up."""
    return message


class Template(str):
    """A translated message: a str whose `format` isolates each text it fills in (a name in
    Arabic or Hebrew keeps its own direction and cannot reorder the sentence: scoring.said's
    `isolated`), so every sentence a screen fills with a name is safe in this one place."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return str.format(self, *map(isolated, args),
                          **{key: isolated(value) for key, value in kwargs.items()})

    def format_map(self, mapping: Any) -> str:
        return str.format_map(self, {key: isolated(value) for key, value in mapping.items()})


def _(message: str) -> str:
    """A screen's own English sentence in the session's language."""
    return Template(words().gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence the number `n` asks for, in the session's language; the result
    still holds its placeholders: `ngettext("{n} card", "{n} cards", n).format(n=n)`."""
    return Template(words().ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """A word that means different things in different places (a game's glossary)."""
    return Template(words().pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` for a sentence that reads differently in some places (`pgettext`'s context)."""
    return Template(words().npgettext(context, singular, plural, n))


def _speaks_japanese() -> bool:
    return getattr(words(), "code", None) == "ja"


# Every text a Japanese session draws breaks its lines between phrases (phrases.py): installed
# with the catalogs, so whatever draws words draws them so.
phrases.install(_speaks_japanese)
