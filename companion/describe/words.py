"""Small pieces of English the screens share."""

from __future__ import annotations

# "Ann, Ben and Cleo": the engines' joiner, so a screen and a rule's message list alike.
from scoring.words import names as names


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards"; `many` where adding an s is wrong.

    >>> plural(1, "card"), plural(0, "card"), plural(2, "fuel", "fuel")
    ('1 card', '0 cards', '2 fuel')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"



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
