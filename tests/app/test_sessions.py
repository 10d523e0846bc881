"""Tabs that come and go: a closed tab must never break what another tab does."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring import caro
from storage import Store
from tests.support.app.process import AppProcess, new_phone
from tests.support.app.shell import start_caro
from tests.support.app.ui import button, open_page, see, text


def lay_first_red(page) -> None:
    """Ann lays the match's first caro, a red, wherever the grid offers it."""
    button(page, re.compile(r"^Lay red")).click()
    button(page, re.compile(r"^row \d+, column \d+, empty; \w+ scores 10 here")).click()
    see(page, "Ben to lay")


def test_a_closed_tab_does_not_break_the_next_change_in_another(app, browser, phone) -> None:
    # Two tabs follow the same match; one is closed (its session lives on, without a browser).
    start_caro(phone, app.url, "Ann", "Ben")
    match_url = phone.url
    other = new_phone(browser)
    open_page(other, match_url)
    see(other, "Ann lays the first caro")
    other.context.close()
    phone.wait_for_timeout(500)  # the server notices the closed connection

    # The remaining tab lays, undoes and starts another match: each works and shows at once.
    lay_first_red(phone)
    button(phone, "Undo").click()
    see(phone, "Undone: ")
    start_caro(phone, app.url, "Cleo", "Dan")
    assert text(phone, "Error running app").count() == 0


def test_a_message_stays_with_the_match_it_was_said_on(app, phone) -> None:
    """Going straight from one match's address to another's in the same tab keeps the match
    screen mounted: the first match's last message must not show on the second."""
    start_caro(phone, app.url, "Cleo", "Dan")
    second = phone.url
    start_caro(phone, app.url, "Ann", "Ben")
    lay_first_red(phone)
    button(phone, "Undo").click()
    see(phone, "Undone: Ann laid the first caro")
    open_page(phone, second)
    see(phone, "Cleo lays the first caro")
    phone.wait_for_timeout(500)
    assert text(phone, "Ann laid the first caro").count() == 0


@pytest.mark.own_app  # restarts it
def test_redo_survives_a_server_restart(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    match_url = phone.url
    lay_first_red(phone)
    button(phone, "Undo").click()
    see(phone, "Undone: Ann laid the first caro")
    app.stop()
    app.start()
    open_page(phone, match_url)
    see(phone, "Ann lays the first caro")
    button(phone, "Redo").click()
    see(phone, "Redone: Ann laid the first caro")
    see(phone, "Ben to lay")


def test_notices_dismissed_in_one_tab_go_from_the_others(browser, phone, tmp_path) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        bad = store.create(caro.Match(players=["Ann", "Ben"]))
    (data / "matches" / f"{bad}.json").write_bytes(b"{broken")  # found damaged at the start
    app = AppProcess(data).start()
    try:
        other = browser.new_context(viewport={"width": 412, "height": 915}).new_page()
        for tab in (phone, other):
            open_page(tab, app.url)
            see(tab, "could not be read")
        button(phone, "Dismiss notices").click()
        expect(text(phone, "could not be read")).to_have_count(0)
        expect(text(other, "could not be read")).to_have_count(0)  # was: until reloaded
        other.context.close()
    finally:
        app.stop()
