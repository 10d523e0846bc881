"""Words the screens share: what a score counts, said with its number in the session's language.

Every sentence here is a literal English message id (`ngettext`, `_`), so the catalogs carry it
and each language picks its own plural form; the number is written by the language's `Words`
(`say(n)`: a negative with the typographic minus in English).
"""

from __future__ import annotations

import re

from companion.i18n import N_ as N_  # re-exported: the marker lives with the catalogs
from companion.i18n import _, ngettext, say
from scoring.said import MINUS, Signed


def figure(n: int | float) -> str:
    """A count as the screens write it: the session's language's digits, a negative with the
    minus sign (U+2212), never a hyphen.

    >>> figure(3), figure(0), figure(-10)
    ('3', '0', '−10')
    """
    return say(n)


def signed(n: int) -> str:
    """A change, always signed ("+18", "−1").

    >>> signed(18), signed(-1)
    ('+18', '−1')
    """
    return say(Signed(n))


_HYPHEN_MINUS = re.compile(r"(?<![\w\-\u2212])-(?=\d)")


def minus_signs(text: str) -> str:
    """`text` (a summary stored before figures were data) with each negative number's hyphen
    made a minus; a hyphen inside a word or between figures ("2026-12-02", "1-3") stays.

    >>> minus_signs("Ann -10 points"), minus_signs("-2/10"), minus_signs("steps 1-3")
    ('Ann −10 points', '−2/10', 'steps 1-3')
    """
    return _HYPHEN_MINUS.sub(MINUS, text)


def _form(n: int | float) -> int:
    # gettext picks a form by a whole number; a fraction (an average, 12.5) takes the form of
    # many, as it does in each language the app speaks (CLDR's "other" in en, es, de and ja).
    return n if isinstance(n, int) else 2


def amount(unit: str, n: int | float, written: str | None = None) -> str:
    """`n` of what a score counts (a `Count`'s or `FinalScore`'s unit), "12 points",
    "1 trophy"; `written`: the figure already written (an average "12.5"). A unit no game
    has is said as written.

    >>> amount("penalty", 1), amount("points", -10), amount("fuel", 2), amount("coins", 3)
    ('1 penalty point', '−10 points', '2 fuel', '3 coins')
    """
    text = written if written is not None else say(n)
    k = _form(n)
    if unit == "points":
        return ngettext("{n} point", "{n} points", k).format(n=text)
    if unit == "penalty":
        return ngettext("{n} penalty point", "{n} penalty points", k).format(n=text)
    if unit == "damage":
        return ngettext("{n} damage", "{n} damage", k).format(n=text)
    if unit == "trophies":
        return ngettext("{n} trophy", "{n} trophies", k).format(n=text)
    if unit == "fuel":
        return ngettext("{n} fuel", "{n} fuel", k).format(n=text)
    return f"{text} {unit}"


def change(name: str, delta: int, unit: str) -> str:
    """A change as the timeline says it: "Ann +18" (plain points), "Ben −1 trophy".

    >>> change("Ann", 18, "points"), change("Ben", -1, "trophies"), change("Cy", 2, "fuel")
    ('Ann +18', 'Ben −1 trophy', 'Cy +2 fuel')
    """
    if unit == "points":
        return _("{player} {change}").format(player=name, change=signed(delta))
    return _("{player} {change}").format(player=name,
                                         change=amount(unit, abs(delta), signed(delta)))


def unit_title(unit: str, *, teams: bool = False) -> str:
    """What a chart or a column counts: "Points", "Team points", "Penalty points", "Fuel".

    >>> unit_title("points", teams=True), unit_title("penalty"), unit_title("coins")
    ('Team points', 'Penalty points', 'Coins')
    """
    if unit == "points":
        return _("Team points") if teams else _("Points")
    if unit == "penalty":
        return _("Penalty points")
    if unit == "damage":
        return _("Damage")
    if unit == "trophies":
        return _("Trophies")
    if unit == "fuel":
        return _("Fuel")
    return unit.capitalize()


def counted(unit: str) -> str:
    """What a score counts, in a sentence's middle: "points", "penalty points".

    >>> counted("penalty"), counted("trophies")
    ('penalty points', 'trophies')
    """
    if unit == "points":
        return _("points")
    if unit == "penalty":
        return _("penalty points")
    if unit == "damage":
        return _("damage")
    if unit == "trophies":
        return _("trophies")
    if unit == "fuel":
        return _("fuel")
    return unit
