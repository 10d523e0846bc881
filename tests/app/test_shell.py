"""The shell as a person uses it: start a match, reload, continue, delete, history, settings."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.app.shell import start_caro
from tests.support.app.ui import (
    add_players,
    button,
    choose_radio,
    go_to,
    host,
    open_page,
    see,
    text,
    type_into,
)


def test_bad_player_names_are_refused_with_a_message(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Caro match").click()
    add_players(phone, "Ann")
    type_into(phone, "Player name", "ann")
    phone.keyboard.press("Enter")
    see(phone, "ann is already playing.")
    type_into(phone, "Player name", "x" * 25)
    button(phone, "Add").click()
    see(phone, "is longer than 24 characters.")
    type_into(phone, "Player name", "   ")
    button(phone, "Add").click()
    see(phone, "Type a name first.")
    button(phone, "Start match").click()
    see(phone, "This game is for 2 to 4 players, not 1.")
    assert "/new/caro" in phone.url


def add_more(page, first_number: int, *names: str) -> None:
    """Add players after `first_number - 1` others (add_players counts from 1)."""
    for n, name in enumerate(names, start=first_number):
        type_into(page, "Player name", name)
        page.keyboard.press("Enter")
        see(page, f"{n}.")


def test_a_new_match_message_goes_as_soon_as_its_cause_is_fixed(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Caro match").click()
    button(phone, "Start match").click()
    see(phone, "This game is for 2 to 4 players, not 0.")
    add_more(phone, 1, "Ann")
    expect(text(phone, "This game is for 2 to 4 players")).to_have_count(0)
    button(phone, "Start match").click()
    see(phone, "This game is for 2 to 4 players, not 1.")  # checked anew, with the new count
    expect(text(phone, "This game is for 2 to 4 players")).to_have_count(1)
    add_more(phone, 2, "Ben", "Cleo", "Dan")
    expect(text(phone, "This game is for 2 to 4 players")).to_have_count(0)
    type_into(phone, "Player name", "Eve")
    phone.keyboard.press("Enter")
    see(phone, "This game takes at most 4 players.")
    button(phone, "Remove Dan").click()
    expect(text(phone, "Dan")).to_have_count(0)
    expect(text(phone, "This game takes at most 4 players.")).to_have_count(0)
    # The name being typed is kept: nothing a user entered is lost.
    assert host(phone).get_by_role("textbox", name="Player name").input_value() == "Eve"
    add_more(phone, 4, "Eve")
    expect(text(phone, "This game takes at most 4 players.")).to_have_count(0)
    button(phone, "Start match").click()
    see(phone, "Ann lays the first caro")


@pytest.mark.own_app  # restarts it, and opens the only match on Home
def test_a_match_survives_reload_and_restart_and_can_be_continued(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    button(phone, re.compile(r"^Lay grey")).click()
    button(phone, re.compile(r"^row 6, column 6")).click()
    see(phone, "Ann laid the first caro, grey at row 6, column 6: 10.")
    match_url = phone.url
    phone.reload()
    open_page(phone, match_url)
    see(phone, "Ben to lay")
    app.stop()
    app.start()
    open_page(phone, app.url)
    see(phone, "Continue")
    button(phone, re.compile(r"^Open Caro: Ann, Ben")).click()
    see(phone, "Ben to lay")
    see(phone, "Ann laid the first caro, grey at row 6, column 6: 10.")


@pytest.mark.own_app  # Home and History hold only its match
def test_delete_asks_first_and_history_lists_finished_matches(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    open_page(phone, app.url)
    see(phone, "Continue")
    button(phone, "Delete Caro: Ann, Ben").click()
    button(phone, "Cancel").click()
    see(phone, "Continue")
    button(phone, "Delete Caro: Ann, Ben").click()
    button(phone, "Delete").click()
    text(phone, "Continue").wait_for(state="detached")
    go_to(phone, "History", "Export all as JSON")
    see(phone, "No finished matches yet")


@pytest.mark.own_app  # restarts it, and changes the preferences
def test_theme_choice_survives_a_restart(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "Settings").click()
    see(phone, str(app.data))
    choose_radio(phone, "Dark")
    saved = app.data / "preferences.json"
    for _ in range(100):  # the tap reaches the app before it is stopped, as a person's would
        if saved.exists() and "dark" in saved.read_text():
            break
        phone.wait_for_timeout(100)
    app.stop()
    app.start()
    open_page(phone, app.url + "/settings")
    radio = host(phone).get_by_role("radio", name="Dark")
    radio.wait_for()
    assert radio.get_attribute("aria-checked") == "true"
    assert (app.data / "preferences.json").read_text().count("dark") == 1


def test_the_page_is_titled_table_companion_not_flet(app, phone) -> None:
    from companion import APP_DESCRIPTION, APP_NAME

    phone.goto(app.url)  # the served index.html, before the app's session has started
    assert phone.title() == APP_NAME == "Table Companion"
    description = phone.locator("meta[name='description']").get_attribute("content")
    assert description == APP_DESCRIPTION
    manifest = phone.request.get(f"{app.url}/manifest.json").json()
    assert (manifest["name"], manifest["description"]) == (APP_NAME, APP_DESCRIPTION)
    open_page(phone, f"{app.url}/history")  # and once it runs, on any screen
    button(phone, "Export all as JSON").wait_for()
    assert phone.title() == APP_NAME
