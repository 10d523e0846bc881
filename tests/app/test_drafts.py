"""What is typed or picked and not yet committed stays for the page: a Ratel result half entered
and a New match form half filled, through another screen and back, and a reload of the tab
(companion/session/drafts.py). Nothing of it reaches the match's file."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import ratel
from tests.support.app.ui import (
    add_players,
    button,
    choose_radio,
    go_to,
    host,
    open_page,
    see,
    type_into,
)

SEEDS = {"penalty": lambda: ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty",
                                        penalty_limit=15)}


def field(page: Page, label: str):
    return host(page).get_by_role("textbox", name=label)


def shows(page: Page, label: str, value: str) -> None:
    """The field `label` holds `value` (Flutter's input holds its text only while focused)."""
    box = field(page, label)
    box.click()
    expect(box).to_have_value(value)


@pytest.mark.own_app  # it reads the store, which the app holds while it runs
def test_a_ratel_result_half_entered_stays_through_settings_rules_and_a_reload(
        app, phone) -> None:
    mid = app.seeded["penalty"]
    url = f"{app.url}/match/{mid}"
    open_page(phone, url)
    see(phone, "Round 1 · Ann leads")
    button(phone, "Enter result only").click()
    choose_radio(phone, "Ben went out")
    type_into(phone, "Ann's cards left", "7")
    see(phone, "Type the cards left in every other hand.")

    def still_there() -> None:
        expect(host(phone).get_by_role("radio", name="Ben went out")).to_be_checked()
        shows(phone, "Ann's cards left", "7")
        shows(phone, "Cleo's cards left", "")

    # Home, Settings, Home, and the match again: the match screen was gone meanwhile.
    button(phone, "Back").click()
    go_to(phone, "Settings", "Language")
    button(phone, "Back").click()
    button(phone, "History").wait_for()
    open_page(phone, url)  # the tab loaded again: the same session, the same drafts
    see(phone, "Round 1 · Ann leads")
    still_there()
    # The rules, opened over the match, and back.
    go_to(phone, "Rules", "Ratel: rules")
    button(phone, "Back").click()
    see(phone, "Round 1 · Ann leads")
    still_there()

    # Finished and recorded, the draft goes with its round.
    type_into(phone, "Cleo's cards left", "3")
    button(phone, "Record round 1").click()
    see(phone, "Round 2 · ")
    expect(host(phone).get_by_role("radio", name="Ben went out")).not_to_be_checked()
    expect(field(phone, "Ann's cards left")).to_have_count(0)
    # Only the round recorded is in the file, never a draft.
    with app.stopped_store() as store:
        events = store.load(mid).events
    assert [e["type"] for e in events] == ["setup", "record_round"]


def test_a_new_match_form_half_filled_stays_after_leaving_it(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Ratel match").click()
    add_players(phone, "Ann", "Ben", "Cleo")
    choose_radio(phone, "Ben")
    choose_radio(phone, "Penalty points: cards left in hand count")
    type_into(phone, "Player name", "Da")

    def still_there() -> None:
        for n, name in enumerate(("Ann", "Ben", "Cleo"), 1):
            see(phone, f"{n}.")
            expect(button(phone, f"Remove {name}")).to_have_count(1)
        expect(host(phone).get_by_role("radio", name="Ben")).to_be_checked()
        expect(host(phone).get_by_role(
            "radio", name="Penalty points: cards left in hand count")).to_be_checked()
        shows(phone, "Player name", "Da")

    button(phone, "Back").click()
    go_to(phone, "Settings", "Language")
    button(phone, "Back").click()
    go_to(phone, "New Ratel match", "Players in seating order")
    still_there()
    # Another game's form is its own.
    button(phone, "Back").click()
    go_to(phone, "New Careta match", "Players in seating order")
    expect(button(phone, "Remove Ann")).to_have_count(0)
    shows(phone, "Player name", "")
    button(phone, "Back").click()
    go_to(phone, "New Ratel match", "Players in seating order")
    still_there()
    # Started, the form is spent: the next New match is empty.
    button(phone, "Start match").click()
    see(phone, "Round 1 · Ben leads")
    button(phone, "Back").click()
    go_to(phone, "New Ratel match", "Players in seating order")
    expect(button(phone, "Remove Ann")).to_have_count(0)
    shows(phone, "Player name", "")
