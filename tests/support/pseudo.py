"""Pseudo languages for the tests that prove every word goes through a catalog (issue 21).

A `Pseudo` is a `Words` (scoring/said.py) whose every message and glossary word is its English id
changed by one `mark`: wrapped in ⟦ ⟧, upper-cased, or its letters turned to "~". Whatever English
is left on a page or in a rendered sentence was never handed to a catalog. Each test picks the
mark its check reads best, and how the language writes numbers and lists.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from scoring.said import ENGLISH

PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def outside_placeholders(change: Callable[[str], str]) -> Callable[[str], str]:
    """`change` applied to a template's text, its {placeholders} kept (format still fills them)."""
    def mark(template: str) -> str:
        return "".join(part if PLACEHOLDER.fullmatch(part) else change(part)
                       for part in PLACEHOLDER.split(template))
    return mark


def bracketed(message: str) -> str:
    return f"⟦{message}⟧"


shouted = outside_placeholders(str.upper)
tilded = outside_placeholders(lambda text: re.sub(r"[A-Za-z]", "~", text))


def joined(items: list[str], style: str) -> str:
    return " & ".join(items)


class Pseudo:
    """A language whose every message is `mark(id)`; `asked` keeps each id looked up, to show the
    words really went through here."""

    code = "en"  # the language it stands in for, as a session's voice (companion.i18n.language)

    def __init__(self, mark: Callable[[str], str], *,
                 number: Callable[[int | float], str] = ENGLISH.number,
                 listed: Callable[[list[str], str], str] = joined) -> None:
        self.mark, self._number, self._listed = mark, number, listed
        self.asked: list[str] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return self.mark(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def number(self, n: int | float) -> str:
        return self._number(n)

    def listed(self, items: list[str], style: str) -> str:
        return self._listed(items, style)

    def date(self, moment: datetime) -> str:
        return ENGLISH.date(moment)
