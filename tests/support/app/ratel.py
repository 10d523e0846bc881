"""Helpers of tests/app/test_ratel.py that other tests share: expect_row, new_match, turn."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.app.ui import (
    begin_new_match,
    button,
    choose_radio,
    host,
    see,
    text,
)


def new_match(page: Page, url: str, *names: str, starter: str | None = None,
              mode: str | None = None, limit_steps: int = 0) -> None:
    """Create the match through the new-match screen, as a scorekeeper does."""
    begin_new_match(page, url, "Ratel", *names)
    see(page, "Who starts (the SP)?")
    if starter:
        choose_radio(page, starter)
    if mode:
        choose_radio(page, mode)
    for _ in range(abs(limit_steps)):
        before = host(page).get_by_text(re.compile(r"^\d+ penalty points$")).inner_text()
        button(page, "More penalty points" if limit_steps > 0 else "Less penalty points").click()
        expect(host(page).get_by_text(re.compile(r"^\d+ penalty points$"))).not_to_have_text(before)
    button(page, "Start match").click()
    see(page, "Round 1 · ")


def row(page: Page, name: str):
    """A player's row, read as one line: hand or escape, damage or penalty points, tags."""
    return host(page).get_by_text(re.compile(
        rf"^{name}: (\d+ cards?, |escaped \w+, )?\d+ of \d+ (damage|penalty points)"))


def expect_row(page: Page, name: str, value: str) -> None:
    expect(row(page, name)).to_have_text(f"{name}: {value}")


def turn(page: Page, player: str) -> None:
    """Wait until the pad is `player`'s (each action below is by someone else than the last)."""
    expect(text(page, f"{player} to play", exact=True)).to_be_visible()
