"""A lost connection on a match screen: the notice says so, the last standings stay readable under
it (Flet's client covers the page with "Working..."), taps do nothing, and once the server is
back the page takes taps again, its next notice showing the standings as they are then.

Screenshots go to /tmp/connection-lost-*.png for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring import ratel
from tests.support.app.ui import button, open_page, see, text

pytestmark = pytest.mark.browser

ROWS = "#connection-lost-standings .standing"


def round_played() -> ratel.Match:
    match = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=15)
    match.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    return match


SEEDS = {"round played": round_played}


def standings_shown(page: Page) -> list[tuple[str, str, str]]:
    """The notice's rows as (name, what they have, the note under it: "" for none)."""
    return [tuple(cells) for cells in page.evaluate("""(rows) =>
        [...document.querySelectorAll(rows)].map((row) => {
            const [name, figure] = row.children;
            const note = figure.querySelector('.note');
            return [name.textContent, figure.firstChild.textContent,
                    note ? note.textContent : ''];
        })""", ROWS)]


def readable(page: Page) -> list[str]:
    """What keeps the notice's standings from being read: a row whose name or figure another
    element covers (the point at its middle belongs to something else), text under 16 px, or
    a contrast against the card under 7:1 (WCAG's AAA)."""
    return page.evaluate("""(rows) => {
        const luminance = (css) => {
            const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((v) => {
                const c = Number(v) / 255;
                return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const card = document.querySelector('#connection-lost-standings');
        const ground = luminance(getComputedStyle(card).backgroundColor);
        const faults = [];
        for (const cell of document.querySelectorAll(rows + ' > *')) {
            const box = cell.getBoundingClientRect();
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            if (top === null || !cell.contains(top)) faults.push(cell.textContent + ': covered');
            const style = getComputedStyle(cell);
            const ink = luminance(style.color);
            const ratio = (Math.max(ink, ground) + 0.05) / (Math.min(ink, ground) + 0.05);
            if (ratio < 7) faults.push(cell.textContent + ': contrast ' + ratio.toFixed(2));
            if (parseFloat(style.fontSize) < 16) faults.push(cell.textContent + ': small');
        }
        return faults;
    }""", ROWS)


def cut(app, page: Page) -> None:
    """Stop the server and wait for the page's notice."""
    app.stop()
    expect(page.locator("#connection-lost")).to_be_visible(timeout=15_000)


@pytest.mark.own_app
def test_the_last_standings_stay_readable_while_the_connection_is_lost(app, phone) -> None:
    match_url = f"{app.url}/match/{app.seeded['round played']}"
    with phone.expect_response(lambda r: "/standings/" in r.url and r.ok):
        open_page(phone, match_url)
        see(phone, "10 penalty points")
    undo = button(phone, "Undo").bounding_box()

    cut(app, phone)
    notice = phone.locator("#connection-lost")
    expect(notice).to_contain_text("Connection lost, reconnecting")
    expect(notice).to_contain_text("Taps do nothing until the connection is back")
    expect(notice).to_contain_text("Ratel, as this screen last showed it")
    # Round 2 about to start: everyone holds a full hand again.
    assert standings_shown(phone) == [
        ("Ann", "0 penalty points", "10 cards in hand"),
        ("Ben", "10 penalty points", "10 cards in hand"),
        ("Cleo", "5 penalty points", "10 cards in hand")]
    assert readable(phone) == []
    phone.wait_for_timeout(500)
    phone.screenshot(path="/tmp/connection-lost-ratel.png")
    # A tap on Undo while the server is away: nothing is sent, nothing is kept for later.
    phone.mouse.click(undo["x"] + undo["width"] / 2, undo["y"] + undo["height"] / 2)

    app.start()  # the same port: the page reconnects by itself
    expect(notice).to_have_count(0, timeout=30_000)
    see(phone, "Round 1 is over")
    expect(text(phone, "10 penalty points")).to_have_count(1)  # the tap did not undo the round
    answers: list = []
    phone.on("response", lambda r: answers.append(r) if "/standings/" in r.url else None)
    button(phone, "Undo").click()
    see(phone, re.compile(r"^Round 1 · "))
    expect(text(phone, "10 penalty points")).to_have_count(0)
    for _ in range(100):  # the page asks again after each change its socket brings
        if any(a.ok and "10 penalty" not in a.text() for a in answers):
            break
        phone.wait_for_timeout(100)
    else:
        raise AssertionError("the page never asked for the standings after the Undo")

    # The server's answers stop reaching the page, then Redo: the connection goes before the
    # page has the standings after it. The notice shows the last it has and says so.
    phone.route("**/standings/**", lambda route: route.abort())
    button(phone, "Redo").click()
    see(phone, re.compile(r"^Round 2 · "))
    see(phone, "10 penalty points")
    cut(app, phone)
    expect(notice).to_contain_text("Ratel before the last change this screen showed")
    assert standings_shown(phone) == [
        ("Ann", "0 penalty points", "10 cards in hand"),
        ("Ben", "0 penalty points", "10 cards in hand"),
        ("Cleo", "0 penalty points", "10 cards in hand")]
    phone.unroute("**/standings/**")
    app.start()  # the fixture expects the app it started to be running
    expect(notice).to_have_count(0, timeout=30_000)


def test_elsewhere_the_notice_shows_no_standings(app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "History").wait_for()
    phone.evaluate("() => window.dispatchEvent(new Event('offline'))")  # the phone's Wi-Fi goes
    expect(phone.locator("#connection-lost")).to_be_visible()
    expect(phone.locator("#connection-lost-standings")).to_have_count(0)
