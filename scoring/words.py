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


def given(value: object) -> str:
    """A refused input as a sentence quotes it: a text or a number as typed, anything else by
    its kind (an import file can hold any JSON: a sentence never prints a Python list).

    >>> given("up"), given(7), given(["Cleo"]), given({"a": 1}), given(None)
    ("'up'", '7', 'a list', 'a mapping', 'nothing')
    """
    if value is None:
        return "nothing"
    if isinstance(value, (str, int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"
