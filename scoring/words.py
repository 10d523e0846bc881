"""The one English list joiner: the engines' messages and the screens both say "A, B and C"."""

from __future__ import annotations

from collections.abc import Iterable


def names(items: Iterable[object]) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cleo" ("" for nobody); any item as `str()` says it.

    >>> names([]), names(["Ann"]), names(["Ann", "Ben"]), names(["Ann", "Ben", "Cleo"])
    ('', 'Ann', 'Ann and Ben', 'Ann, Ben and Cleo')
    """
    parts = [str(item) for item in items]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
