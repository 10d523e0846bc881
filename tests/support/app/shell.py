"""Helpers of tests/app/test_shell.py that other tests share: start_caro."""

from __future__ import annotations

from tests.support.app.ui import (
    add_players,
    button,
    open_page,
    see,
)


def start_caro(page, url: str, *names: str) -> None:
    open_page(page, url)
    button(page, "New Caro match").click()
    add_players(page, *names)
    button(page, "Start match").click()
    see(page, f"{names[0]} lays the first caro")
