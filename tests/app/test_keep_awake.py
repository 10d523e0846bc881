"""The screen stays on while a match screen is open (the browser's Screen Wake Lock), is let go
on Home, asked again when the page comes back to the front, and never asked once the Settings
switch is off.

The page's `navigator.wakeLock` and `document.visibilityState` are stand-ins (an init script)
that count what the page asks for and releases.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from scoring import caro
from tests.support.app.ui import button, host, open_page, see

SEEDS = {"live": lambda: caro.Match(players=["Ann", "Ben"])}

STAND_IN = """
window.__wake = {requests: 0, releases: 0, held: null, visible: "visible"};
Object.defineProperty(document, "visibilityState",
                      {configurable: true, get: () => window.__wake.visible});
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(type) {
    const wake = window.__wake;
    wake.requests += 1;
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.release = () => {
      if (wake.held === sentinel) {
        wake.held = null;
        wake.releases += 1;
        sentinel.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    wake.held = sentinel;
    return Promise.resolve(sentinel);
  },
}});
"""
SWITCH = "Keep the screen on during a match"


def wake(page: Page) -> dict[str, int | bool]:
    return page.evaluate("({requests: __wake.requests, releases: __wake.releases,"
                         " held: __wake.held !== null})")


def wait_for_wake(page: Page, **expected: int | bool) -> None:
    """Until the counts read `expected` (bounded: 50 looks, 100 ms apart)."""
    for _ in range(50):
        now = wake(page)
        if all(now[k] == v for k, v in expected.items()):
            return
        page.wait_for_timeout(100)
    assert {k: now[k] for k in expected} == expected


def open_match(page: Page, home: str) -> None:
    """Home, then the match from Continue (so the match screen has Home under it)."""
    page.add_init_script(STAND_IN)
    open_page(page, home)
    button(page, re.compile(r"^Open Caro: Ann, Ben")).click()
    button(page, "Big scoreboard").wait_for()


@pytest.mark.own_app  # the switch is saved in the app's preferences
def test_the_screen_stays_on_during_a_match_only(app, phone) -> None:
    open_match(phone, app.url)
    wait_for_wake(phone, requests=1, held=True)
    # An icon's tooltip shows its name on hover (or a long press) without renaming the button.
    button(phone, "Big scoreboard").hover()
    phone.wait_for_timeout(1500)
    assert button(phone, "Big scoreboard").count() == 1

    # In the background the browser lets the lock go itself; back in front it is asked again.
    phone.evaluate("""() => { __wake.visible = "hidden"; __wake.held.release();
                              document.dispatchEvent(new Event("visibilitychange")); }""")
    wait_for_wake(phone, requests=1, releases=1, held=False)
    phone.evaluate("""() => { __wake.visible = "visible";
                              document.dispatchEvent(new Event("visibilitychange")); }""")
    wait_for_wake(phone, requests=2, held=True)

    # The rules are part of the match: still on. Home is not.
    button(phone, "Rules").click()
    see(phone, "Caro: rules")
    wait_for_wake(phone, requests=2, held=True)
    button(phone, "Back").click()
    button(phone, "Big scoreboard").wait_for()
    # The pointer still rests on Back, whose tooltip (Flutter's own) adds to its name.
    button(phone, re.compile(r"^Back")).click()
    button(phone, "Settings").wait_for()
    wait_for_wake(phone, requests=2, releases=2, held=False)

    # Switched off in Settings: a match screen asks for nothing, now and after a reload.
    button(phone, "Settings").click()
    switch = host(phone).get_by_role("switch", name=SWITCH)
    switch.click()
    for _ in range(50):
        if phone.evaluate("localStorage.getItem('flutter.keep_screen_on')") == "false":
            break
        phone.wait_for_timeout(100)
    open_match(phone, app.url)
    phone.wait_for_timeout(500)
    assert wake(phone) == {"requests": 0, "releases": 0, "held": False}
    button(phone, "Back").click()
    button(phone, "Settings").click()
    host(phone).get_by_role("switch", name=SWITCH).wait_for()
    assert host(phone).get_by_role("switch", name=SWITCH).get_attribute("aria-checked") \
        == "false"
