"""Small pieces of English the screens share."""

from __future__ import annotations

from collections.abc import Iterable


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards"; `many` where adding an s is wrong.

    >>> plural(1, "card"), plural(0, "card"), plural(2, "fuel", "fuel")
    ('1 card', '0 cards', '2 fuel')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def names(people: Iterable[str]) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cleo" ("" for nobody).

    >>> names([]), names(["Ann"]), names(["Ann", "Ben", "Cleo"])
    ('', 'Ann', 'Ann, Ben and Cleo')
    """
    items = list(people)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
