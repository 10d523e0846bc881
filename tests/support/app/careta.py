"""Helpers of tests/app/test_careta.py that other tests share: new_match, points, seat, tap."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.app.ui import (
    begin_new_match,
    button,
    see,
    text,
)


def new_match(page: Page, url: str, *names: str) -> None:
    begin_new_match(page, url, "Careta", *names)
    see(page, "Deck Master")


def seat(page: Page, name: str, line: str) -> None:
    """A seat's line, e.g. "Ben: states 7 · unmasked, out of this game"."""
    expect(text(page, re.compile(rf"^{name}: (?!\d)")).first).to_have_text(f"{name}: {line}")


def points(page: Page, side: str, n: int, target: int = 10) -> None:
    """The points table's row for a player or team ("Cleo: 5 of 10")."""
    expect(text(page, re.compile(rf"^{side}( \(.*\))?: \d+ of {target}$"))).to_have_text(
        re.compile(rf"^{side}( \(.*\))?: {n} of {target}$"))


def tap(page: Page, name: str | re.Pattern[str], then: str) -> None:
    """Tap a button, then wait for the message line to say what the engine recorded."""
    button(page, name).click()
    see(page, then)
