"""Helpers of tests/scoring/test_caro_said.py that other tests share: capitals."""

from __future__ import annotations

from tests.support.pseudo import Pseudo, shouted


def capitals() -> Pseudo:
    """A language that writes every word it is asked for in capitals, so a lower-case letter
    left on the page is one no catalog was asked to translate."""
    return Pseudo(shouted, number=lambda n: f"#{n}",
                  listed=lambda items, style: (" & " if style == "and" else " | ").join(items))
