"""The words outside the screens in a real browser (issue 21): a German phone's wrong PIN is
refused in German while the scorekeeper's English phone stays English, and a German page's
"Connection lost" notice (the page's own script) says it in German, the standings under it too.

Screenshots go to /tmp/server-words-*.png for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.i18n.catalog import Voice
from scoring import ratel
from tests.support.app.lan import unlock
from tests.support.app.language import phone_in
from tests.support.app.ui import button, open_page, see, text, type_into

pytestmark = pytest.mark.browser
DE = Voice("de")


def round_played() -> ratel.Match:
    match = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=15)
    match.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    return match


SEEDS = {"round played": round_played}


def test_a_wrong_pin_is_refused_in_the_watchers_language(lan_app, browser) -> None:
    keeper, watcher = phone_in(browser, "en-US"), phone_in(browser, "de-DE")
    unlock(keeper, lan_app.url)
    open_page(watcher, lan_app.url)
    button(watcher, DE.gettext("Share")).click()
    type_into(watcher, "PIN", "0000")
    button(watcher, DE.gettext("Unlock scorekeeping")).click()
    see(watcher, "Falsche PIN. Noch 4 Versuche, dann musst du warten.")
    expect(text(watcher, "Wrong PIN.")).to_have_count(0)
    watcher.wait_for_timeout(1000)  # a busy machine paints a moment after the semantics tree
    watcher.screenshot(path="/tmp/server-words-wrong-pin-de.png")
    open_page(keeper, lan_app.url)
    see(keeper, "1 wrong PIN tried")  # the keeper's own phone stays English


@pytest.mark.own_app
def test_a_german_pages_connection_lost_notice_is_german(app, browser) -> None:
    page = phone_in(browser, "de-DE")
    asked, answered = [], []
    page.on("request", lambda r: asked.append(r.url) if "/standings/" in r.url else None)
    page.on("requestfinished",
            lambda r: answered.append(r.url) if "/standings/" in r.url else None)
    open_page(page, f"{app.url}/match/{app.seeded['round played']}")
    see(page, DE.gettext("Undo"))
    # The page asks for the standings 100 ms after the socket's last message: the server stops
    # once the last of the start-up's messages (a busy machine sends some late) has its answer,
    # or the notice says, rightly, that the standings may be from before the last change.
    quiet = 0
    while quiet < 3:
        seen = len(asked)
        page.wait_for_timeout(300)
        quiet = quiet + 1 if asked and len(asked) == seen == len(answered) else 0
    app.stop()
    notice = page.locator("#connection-lost")
    expect(notice).to_be_visible(timeout=15_000)
    expect(notice).to_contain_text("Verbindung unterbrochen, wird wiederhergestellt …")
    expect(notice).to_contain_text("Tippen bewirkt nichts, bis die Verbindung wieder steht")
    # Which heading depends on whether a late start-up message outran the standings' answer
    # (on a loaded machine it may, and the notice then says so): either, in German.
    expect(notice).to_contain_text(re.compile(
        "Ratel, wie zuletzt auf diesem Bildschirm angezeigt"
        "|Ratel, Stand vor der letzten hier angezeigten Änderung"))
    expect(notice).to_contain_text("10 Strafpunkte")
    for english in ("Connection lost", "Taps do nothing", "as this screen", "penalty"):
        expect(notice).not_to_contain_text(english)
    page.wait_for_timeout(500)
    page.screenshot(path="/tmp/server-words-connection-lost-de.png")
