"""Helpers of tests/app/test_carrera.py that other tests share: expect_pool, expect_row, new_match,
play, play_button."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.app.ui import (
    assert_buttons_named,
    begin_new_match,
    button,
    choose_radio,
    host,
    see,
    text,
)

TITLE = "My Favorite Carrera RS"


def new_match(page: Page, url: str, *names: str, lead: str | None = None,
              ties: str | None = None) -> None:
    begin_new_match(page, url, TITLE, *names)
    see(page, "Who leads the first trick?")
    if lead:
        choose_radio(page, lead)
    if ties:
        choose_radio(page, ties)
    button(page, "Start match").click()
    see(page, "Round 1 · trick 1 of 6")
    assert_buttons_named(page)  # the card buttons are one named node each
    # The app bar holds five icons: the long title would be cut to "My Fav…" there, and even
    # "Carrera RS" to "Carrer…".
    text(page, "Carrera", exact=True).wait_for()


TITLE_ON_PAD = re.compile(r"^\S+ (leads|plays to) trick \d$")


def play_button(page: Page, card: str, fuel: int = 0):
    """The one button that plays `card` with `fuel` (its name ends with the speed it gives)."""
    if card == "down":
        return button(page, "Play face down")
    return button(page, re.compile(rf"^Play {card} with {fuel or 'no'} fuel, speed \d+$"))


def play(page: Page, card: str, fuel: int = 0) -> None:
    """Play for the current player in one tap, then wait until the screen has moved on (the
    pad's title, "Ann leads trick 1", names another player or trick, or is gone)."""
    title = text(page, TITLE_ON_PAD)
    said = title.inner_text()
    play_button(page, card, fuel).click()
    text(page, said, exact=True).wait_for(state="detached")


def row(page: Page, name: str):
    """A player's row: fuel, momentum, trophies and this trick's card, read as one line."""
    return host(page).get_by_text(re.compile(rf"^{name}: \d fuel"))


def expect_row(page: Page, name: str, value: str) -> None:
    expect(row(page, name)).to_have_text(f"{name}: {value}")


def expect_pool(page: Page, market: int, discarded: int) -> None:
    def chips(n: int) -> str:
        return f"{n} chip" if n == 1 else f"{n} chips"

    see(page, f"Market: {chips(market)} · Discarded: {chips(discarded)}")
