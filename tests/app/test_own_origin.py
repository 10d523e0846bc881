"""The served app loads everything from its own origin, and says so in its
Content-Security-Policy (issue 23, item 7: Flet's client asked cdn.jsdelivr.net for Rive's runtime
at every start).

A fresh browser profile (nothing cached) loads the app and opens a match; every request the
profile makes (the page, its workers) must be to the app's own origin, and the page must report
no Content-Security-Policy violation (a blocked load would be one).
"""

from __future__ import annotations

from playwright.sync_api import Page

from companion.server.own_origin import directive
from scoring import caro
from tests.support.app.origins import WATCH_VIOLATIONS, about_policy, origin_of
from tests.support.app.process import new_phone
from tests.support.app.ui import open_page, see


def _first_caro() -> caro.Match:
    match = caro.Match(players=["Ann", "Ben"], starter="Ann")
    match.lay("red", (match.area, match.area))
    return match


SEEDS = {"first caro": _first_caro}


def watched(page: Page) -> tuple[list[str], list[str]]:
    """(requests, console lines about the policy) of the page's whole profile from now on."""
    requests: list[str] = []
    console: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: console.append(message.text)
            if about_policy(message.text) else None)
    page.add_init_script(WATCH_VIOLATIONS)
    return requests, console


def test_the_app_and_a_match_load_nothing_from_another_origin(app, browser) -> None:
    phone = new_phone(browser)
    requests, console = watched(phone)
    page = phone.goto(app.url)
    csp = page.headers.get("content-security-policy", "")
    for name in ("default-src", "script-src", "connect-src"):
        assert directive(csp, name).split()[0] == "'self'", (name, csp)
    assert "'unsafe-inline'" not in directive(csp, "script-src")

    open_page(phone, f"{app.url}/match/{app.seeded['first caro']}")
    see(phone, _first_caro().history[-1]["text"])
    phone.wait_for_timeout(1_000)  # the client's late loads (Rive's set-up) have been asked for

    foreign = [url for url in requests if origin_of(url) != app.url]
    assert not foreign, f"requests to other origins: {foreign}"
    assert any(url.endswith("/rive_native.js") for url in requests), (
        "the client asked the app itself for Rive's runtime (not a CDN)")
    assert phone.evaluate("window.__violations") == []
    assert console == []
    for path in ("/main.dart.js", "/main.dart.wasm", "/no-cdn/rive/wasm/rive_native.js"):
        response = phone.request.get(f"{app.url}{path}")
        assert response.ok and b"cdn.jsdelivr.net" not in response.body(), path
        assert directive(response.headers["content-security-policy"], "default-src") == "'self'"
