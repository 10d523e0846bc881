"""Small pieces of English the screens share."""

from __future__ import annotations

import re

# "Ann, Ben and Cleo": the engines' joiner, so a screen and a rule's message list alike.
from scoring.words import names as names


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards"; `many` where adding an s is wrong.

    >>> plural(1, "card"), plural(0, "card"), plural(2, "fuel", "fuel")
    ('1 card', '0 cards', '2 fuel')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


# Negative figures on screen take the typographic minus (U+2212), never a hyphen: "-10" beside
# "−10" on one screen reads as two different things. The engines' data stays ASCII.
MINUS = "\u2212"
_HYPHEN_MINUS = re.compile(r"(?<![\w\-\u2212])-(?=\d)")


def figure(n: int) -> str:
    """A count as the screens write it.

    >>> figure(3), figure(0), figure(-10)
    ('3', '0', '−10')
    """
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """A change, always signed.

    >>> signed(18), signed(0), signed(-1)
    ('+18', '+0', '−1')
    """
    return figure(n) if n < 0 else f"+{n}"


def minus_signs(text: str) -> str:
    """`text` (an engine's "-10 points") with each negative number's hyphen made a minus; a
    hyphen inside a word or between figures ("2026-12-02", "1-3") stays.

    >>> minus_signs("Ann -10 points, 3 fuel"), minus_signs("-2/10"), minus_signs("steps 1-3")
    ('Ann −10 points, 3 fuel', '−2/10', 'steps 1-3')
    """
    return _HYPHEN_MINUS.sub(MINUS, text)



# What a score counts (a `Match.SCORE_UNIT`, a `Count`'s or a `FinalScore`'s unit), said of one
# and of several. A unit not listed is said as it is written.
UNITS: dict[str, tuple[str, str]] = {
    "points": ("point", "points"),
    "penalty": ("penalty point", "penalty points"),
    "damage": ("damage", "damage"),
    "trophies": ("trophy", "trophies"),
    "fuel": ("fuel", "fuel"),
}


def unit_words(unit: str) -> tuple[str, str]:
    """How `unit` is said of one and of several.

    >>> unit_words("penalty"), unit_words("coins")
    (('penalty point', 'penalty points'), ('coins', 'coins'))
    """
    return UNITS.get(unit, (unit, unit))
