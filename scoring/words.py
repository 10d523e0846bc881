"""A refused input as a sentence quotes it (`given_said`, as data; `given`, its English), and the
English list joiner some callers outside the engines still use (`names`)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from scoring.names import quotable
from scoring.said import ENGLISH, Said, said


def names(items: Iterable[object]) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cleo" ("" for nobody); any item as `str()` says it.

    >>> names([]), names(["Ann"]), names(["Ann", "Ben"]), names(["Ann", "Ben", "Cleo"])
    ('', 'Ann', 'Ann and Ben', 'Ann, Ben and Cleo')
    """
    return ENGLISH.listed([str(item) for item in items], "and")


def given(value: object) -> str:
    """A refused input as a sentence quotes it: a text or a number as typed (`quotable`: cut
    short, nothing in it acting on the sentence), anything else by its kind (an import file can
    hold any JSON: a sentence never prints a Python list).

    >>> given("up"), given(7), given(["Cleo"]), given({"a": 1}), given(None)
    ("'up'", '7', 'a list', 'a mapping', 'nothing')
    """
    if value is None:
        return "nothing"
    if isinstance(value, (str, int, float)):
        return quotable(repr(value))
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


def given_said(value: object) -> Said | str | int:
    """`given` as data, for a refusal's sentence (scoring/said.py): a text or a decimal as typed,
    a whole number as a number (the reader's digits), anything else by its kind, in words a
    person reads (never Python's: no True, no type names).

    >>> [str(given_said(v)) for v in ("up", 7, ["Cleo"], {"a": 1}, None, True, 2.5j)]
    ["'up'", '7', 'a list', 'a mapping', 'nothing', 'a yes or a no', 'a value of another kind']
    >>> given_said(-2)  # a number: "−2" in English, as the reader's locale writes it elsewhere
    -2
    """
    if value is None:
        return said("nothing")
    if isinstance(value, bool):
        return said("a yes or a no")
    if isinstance(value, int):
        return value
    if isinstance(value, str) or (isinstance(value, float) and math.isfinite(value)):
        return quotable(repr(value))
    if isinstance(value, (list, tuple)):
        return said("a list")
    if isinstance(value, dict):
        return said("a mapping")
    return said("a value of another kind")  # a nan, a set, bytes, an object
