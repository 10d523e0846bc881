"""One language's words: its gettext catalog (companion/locale/<code>/LC_MESSAGES/messages.po,
read with Babel once, the first time a session speaks it) and CLDR's ways of writing numbers,
lists and dates (Babel's formatters).

The .po files are read as they are, at run time: no compiled .mo is kept in the tree or built,
and a language nobody speaks costs nothing. A message missing from a catalog, left empty or
marked fuzzy (a translator's guess) is said in English, its id.
"""

from __future__ import annotations

import gettext
import logging
import threading
from collections.abc import Callable
from datetime import datetime, tzinfo
from pathlib import Path

from babel.core import Locale
from babel.dates import format_skeleton, get_datetime_format
from babel.lists import format_list
from babel.numbers import format_decimal

from scoring.said import MINUS

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
log = logging.getLogger(__name__)


def english_plural(n: int) -> int:
    return 0 if n == 1 else 1


class Catalog:
    """The translated messages of one language, looked up by (context, id)."""

    def __init__(self, code: str, path: Path | None = None) -> None:
        self.code = code
        self.plural: Callable[[int], int] = english_plural
        self.single: dict[tuple[str | None, str], str] = {}
        self.forms: dict[tuple[str | None, str], tuple[str, ...]] = {}
        if path is not None and path.is_file():
            self._read(path)

    def _read(self, path: Path) -> None:
        from babel.messages.pofile import read_po  # only once a language is spoken

        with path.open("rb") as source:
            catalog = read_po(source, locale=self.code)
        # The catalog's own Plural-Forms (e.g. "nplurals=1; plural=0;" for Japanese), through
        # the standard library's gettext reader of that C expression.
        self.plural = gettext.c2py(catalog.plural_expr)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            if isinstance(message.string, str):
                if message.string:
                    self.single[(message.context, key)] = message.string
            elif all(message.string):
                self.forms[(message.context, key)] = tuple(message.string)

    def gettext(self, context: str | None, message: str) -> str:
        return self.single.get((context, message), message)

    def ngettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        forms = self.forms.get((context, singular))
        if forms is None:
            return singular if n == 1 else plural
        index = self.plural(abs(n))
        return forms[index] if 0 <= index < len(forms) else forms[-1]


_catalogs: dict[str, Catalog] = {}
_reading = threading.Lock()  # two sessions asking for a language at once read it once


def read_languages() -> list[str]:
    """The languages whose catalogs this process has read."""
    return sorted(_catalogs)


def catalog(code: str) -> Catalog:
    """The catalog of `code` (one of the app's languages), read on first use."""
    found = _catalogs.get(code)
    if found is not None:
        return found
    with _reading:
        found = _catalogs.get(code)
        if found is None:
            path = None if code == "en" else LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
            try:
                found = Catalog(code, path)
            except Exception as error:  # a damaged catalog costs its words, not the app
                log.warning("Could not read the %s catalog (%s); English instead.", code, error)
                found = Catalog(code)
            _catalogs[code] = found
    return found


NUMBERS_KEPT = 4096  # a session's written whole numbers kept (its screens use a few dozen)
CLDR_LOCALE = {"en": "en_GB"}  # the CLDR locale a language's formats come from


class Voice:
    """One session's `Words` (scoring.said): its language's catalog and CLDR formats, and the
    time zone its times are shown in (the viewer's; None: this machine's)."""

    def __init__(self, code: str, zone: tzinfo | None = None) -> None:
        self.code = code
        # English as the engines write it (scoring.said.ENGLISH): "Ann, Ben and Cleo",
        # "29 Nov 2026": British English's CLDR formats, not American's serial comma.
        self.locale = Locale.parse(CLDR_LOCALE.get(code, code))
        self.zone = zone
        self._catalog = catalog(code)
        self._numbers: dict[int, str] = {}  # whole numbers as written, up to NUMBERS_KEPT

    # Words (scoring.said)
    def gettext(self, message: str) -> str:
        return self._catalog.gettext(None, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(None, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog.gettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(context, singular, plural, n)

    def number(self, n: int | float) -> str:
        # A match screen writes the same few numbers again at each render (every cell's row
        # and column, each score): Babel's formatter, tens of microseconds a call, runs once
        # for each of them.
        found = self._numbers.get(n) if type(n) is int else None
        if found is not None:
            return found
        text = format_decimal(abs(n), locale=self.locale)
        text = f"{MINUS}{text}" if n < 0 else text  # the typographic minus, as the engines'
        if type(n) is int and len(self._numbers) < NUMBERS_KEPT:
            self._numbers[n] = text
        return text

    def listed(self, items: list[str], style: str) -> str:
        if not items:
            return ""
        if style == "members":  # a bare separator, the language's own
            # Translators: between two names in a list with no "and" ("Ann, Ben"; Japanese 、).
            return self.pgettext("between names", ", ").join(items)
        return format_list(items, style="or" if style == "or" else "standard",
                           locale=self.locale)

    # Times, in the viewer's zone
    def local(self, moment: datetime) -> datetime:
        return moment.astimezone(self.zone)

    def date(self, moment: datetime) -> str:
        """'29 Nov 2026', '29. Nov. 2026', '2026年11月29日'."""
        return format_skeleton("yMMMd", self.local(moment), locale=self.locale)

    def date_time(self, moment: datetime) -> str:
        """'29 Nov 2026, 19:32' as the language joins a date and a time."""
        local = self.local(moment)
        return (get_datetime_format("medium", locale=self.locale)
                .replace("{1}", self.date(local))
                .replace("{0}", format_skeleton("Hm", local, locale=self.locale)))
