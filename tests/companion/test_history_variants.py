"""History says each distinct variant once a render (issue 32: a night's score sheets repeat a
few, and a sheet's "Hearts · lowest wins at 100" is a nested sentence), and the store shares
one value for equal variants read back, so a list finds the one it said by its identity."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from companion.describe.words import said_once
from scoring import sheet
from scoring.said import ENGLISH, render
from storage.index import from_index_doc, index_doc
from storage.store import _summarise


class Counting:
    """English, counting the templates it is asked for."""

    def __init__(self) -> None:
        self.asked: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(ENGLISH, name)

    def gettext(self, message: str) -> str:
        self.asked[message] = self.asked.get(message, 0) + 1
        return ENGLISH.gettext(message)


def _variant(name: str, target: int) -> Any:
    return sheet.Match.variant_said_of({"name": name, "lowest_wins": True, "end": "target",
                                        "target": target})


def test_each_distinct_variant_is_said_once_a_render() -> None:
    # 30 rows of 3 variants, each row its own object (as read from a file)
    rows = [_variant(name, target) for _ in range(10)
            for name, target in (("Hearts", 100), ("Hearts", 50), ("Uno", 500))]
    counting = Counting()
    say = said_once(counting)
    texts = [say(v) for v in rows]
    assert texts == [render(v, ENGLISH) for v in rows]
    assert counting.asked["{game} · {rule}"] == 3
    assert counting.asked["lowest wins at {target}"] == 3
    assert say("") == "" and say(["odd"]) == "['odd']"  # any value, a list too


def test_equal_variants_read_back_are_one_value() -> None:
    now = datetime.now(UTC)
    one = _summarise("a" * 12, sheet.Match(["Ann", "Ben"], name="Hearts", lowest_wins=True,
                                           end="target", target=100), created=now, updated=now)
    other = dataclasses.replace(one, id="b" * 12)
    a, _ = from_index_doc(one.id, index_doc(one, (0, 0)))
    b, _ = from_index_doc(other.id, index_doc(other, (0, 0)))
    assert a.variant == one.variant and a.variant is b.variant
