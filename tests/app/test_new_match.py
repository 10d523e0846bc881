"""New match: names as people write them, and one tap on Start makes one match."""

from __future__ import annotations

import pytest

from storage import Store
from tests.support.app.ui import add_players, button, host, open_page, see, type_into

pytestmark = pytest.mark.own_app  # counts its matches by stopping the app

FLAGS_13 = "🇦🇩🇦🇪🇦🇫🇦🇬🇦🇮🇦🇱🇦🇲🇦🇴🇦🇶🇦🇷🇦🇸🇦🇹🇦🇺"


def stored_players(app) -> list[list[str]]:
    app.stop()
    with Store(app.data) as store:
        return [list(s.players) for s in store.summaries()]


def test_a_flag_emoji_name_is_taken_and_look_alikes_are_refused(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Caro match").click()
    add_players(phone, FLAGS_13, "Ann", "Ben\u200b")  # 13 flags are 13 characters, not 26
    type_into(phone, "Player name", "ＡＮＮ")
    phone.keyboard.press("Enter")
    see(phone, "“ＡＮＮ” looks the same as Ann, who is already playing: choose another name.")
    type_into(phone, "Player name", "\u0410nn")  # a Cyrillic А: the same skeleton as Ann's
    phone.keyboard.press("Enter")
    see(phone, "“\u0410nn” looks the same as Ann, who is already playing: choose another name.")
    type_into(phone, "Player name", "\ue000")
    phone.keyboard.press("Enter")
    see(phone, "has a private-use character (U+E000, drawn differently on every phone) in it")
    button(phone, "Start match").click()
    phone.wait_for_url(lambda url: "/match/" in url)
    see(phone, "lays the first caro")
    assert stored_players(app) == [[FLAGS_13, "Ann", "Ben"]]  # the pasted zero-width space went


def test_a_double_tap_on_start_creates_one_match(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Caro match").click()
    add_players(phone, "Ann", "Ben")
    start = button(phone, "Start match").element_handle()
    phone.evaluate("(b) => { b.click(); b.click(); b.click(); }", start)  # one JS task: no gap
    phone.wait_for_url(lambda url: "/match/" in url)
    see(phone, "Ann lays the first caro")
    phone.wait_for_timeout(1000)  # let any later tap reach the server before counting
    assert stored_players(app) == [["Ann", "Ben"]]


def test_at_browser_zoom_200_the_name_field_keeps_the_row_and_add_goes_under_it(
        app, browser) -> None:
    """A 412 px phone at zoom 200% lays the page out 206 px wide: beside Add, the field's label
    took four lines ("Nomb / re del / jugad / or")."""
    context = browser.new_context(viewport={"width": 206, "height": 457}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        open_page(page, app.url)
        button(page, "New Caro match").click()
        field = host(page).get_by_role("textbox", name="Player name")
        add = button(page, "Add")
        field.wait_for()
        box, under = field.bounding_box(), add.bounding_box()
        assert box is not None and under is not None
        assert box["width"] >= 150, box  # the page less its padding
        assert under["y"] >= box["y"] + box["height"], (box, under)
        add_players(page, "Ann")  # it still adds
    finally:
        context.close()
