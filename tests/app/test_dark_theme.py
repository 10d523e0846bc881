"""Every game's match screen in the dark theme (chosen in Settings, as a scorekeeper does): each
text on it, scoreboard, pads and notes alike, stands out from what it is drawn on.

Screenshots go to /tmp/dark-*.png for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.support.app.contrast import ink_contrast
from tests.support.app.ui import choose_radio, open_page, see
from tests.support.storage.finished import (
    careta_in_play,
    caro_in_play,
    carrera_in_play,
    ratel_in_play,
)

pytestmark = pytest.mark.browser

# WCAG AA asks 4.5:1 of body text. Disabled controls are exempt (and drawn faint on purpose).
LEAST = 4.5
# Caro's empty cells are named for screen readers ("row 1, column 2, empty", "row −1, column 0,
# empty": a negative with the typographic minus, U+2212, as every screen writes it) but draw no
# text: their outline against the page (1.5:1 here) is a shape, not words, and is not judged as
# text.
EMPTY_CELL = re.compile(r"^row −?\d+, column −?\d+, empty$")


SEEDS = {"Caro": caro_in_play, "Careta": careta_in_play, "Carrera": carrera_in_play,
         "Ratel": ratel_in_play}
SIGNS = {"Caro": "Ann to lay", "Careta": "Cleo plays a card", "Carrera": "Ann leads trick 2",
         "Ratel": "Round 2 result"}


def texts_in_view(page: Page) -> list[dict]:
    """The semantics tree's texts on screen that no other text holds (a button's or a row's
    own words), each with its box; disabled ones are left out."""
    return page.evaluate("""() => {
        const found = [];
        for (const node of document.querySelectorAll('flt-semantics-host flt-semantics')) {
            const words = (node.getAttribute('aria-label') || '').trim() ||
                [...node.childNodes].filter((c) => c.nodeType === 3 || c.tagName === 'SPAN')
                    .map((c) => c.textContent).join('').trim();
            if (!words || node.closest('[aria-disabled="true"]')) continue;
            if (node.querySelector('flt-semantics[aria-label], flt-semantics span')) continue;
            const r = node.getBoundingClientRect();
            if (r.width < 8 || r.height < 8 || r.top < 0 || r.bottom > innerHeight ||
                r.left < 0 || r.right > innerWidth) continue;
            found.push({words, x: r.x, y: r.y, width: r.width, height: r.height});
        }
        return found;
    }""")


@pytest.mark.own_app
def test_every_match_screen_reads_in_the_dark_theme(app, phone) -> None:
    open_page(phone, f"{app.url}/settings")
    choose_radio(phone, "Dark")
    faint: list[str] = []
    for game, sign in SIGNS.items():
        open_page(phone, f"{app.url}/match/{app.seeded[game]}")
        see(phone, sign)
        phone.wait_for_timeout(1500)  # a busy machine paints a moment after the semantics tree
        phone.screenshot(path=f"/tmp/dark-{game.lower()}.png")
        texts = texts_in_view(phone)
        assert len(texts) > 5, f"{game}: too few texts found to judge: {texts}"
        for found in (t for t in texts if not EMPTY_CELL.match(t["words"])):
            clip = {k: found[k] for k in ("x", "y", "width", "height")}
            contrast, ground, ink = ink_contrast(phone.screenshot(clip=clip))
            if contrast < LEAST:
                faint.append(f"{game}: {found['words']!r} {contrast:.1f}:1 ({ink} on {ground})")
    assert not faint, "texts too faint in the dark theme:\n" + "\n".join(faint)
