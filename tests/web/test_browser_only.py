"""What cannot exist in a browser is hidden, not broken: no Share, PIN or data folder; Settings
says where the matches are kept, and, where the browser refused to keep its storage, says so
beside Export. One profile (the browser refuses `persist()`), the app started once."""

from __future__ import annotations

import pytest

from companion.screens.settings import MAY_BE_CLEARED
from tests.support.app.ui import button, host, see, text
from tests.support.web.site import web_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app(browser, site):
    with web_app(browser, site, storage_kept=False) as shared:
        yield shared


def test_home_offers_no_share(app) -> None:
    page = app.at_home()
    for name in ("History", "Statistics", "Settings"):
        button(page, name).wait_for()
    assert button(page, "Share").count() == 0


def test_the_share_address_typed_by_hand_explains_instead_of_asking_for_a_pin(app) -> None:
    page = app.at_home()
    page.evaluate("location.hash = '#/share'")
    see(page, "Sharing needs a computer")
    see(page, "table-companion --lan")
    assert host(page).get_by_role("textbox").count() == 0
    assert button(page, "Unlock scorekeeping").count() == 0


def test_settings_say_the_matches_are_in_this_browser_and_may_be_cleared(app) -> None:
    page = app.at_home()
    button(page, "Settings").click()
    see(page, "Every match is saved in this browser")
    see(page, MAY_BE_CLEARED[:60])
    button(page, "Export all as JSON").wait_for()
    assert text(page, "/home/pyodide").count() == 0
    assert text(page, "on this computer").count() == 0
