"""Any eyes (issue 31): the scores read with their names, a legal Caro cell told from a free one
by its brightness (>= 3:1, from the colours drawn), quick-add names read as what a tap does."""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import expect

from tests.support.app.contrast import pixels, ratio
from tests.support.app.ui import button, open_page, see, text
from tests.support.games import hook

SEEDS = {"caro": hook("caro").in_play}


def fill(png: bytes) -> tuple[int, int, int]:
    """A cell's commonest colour: its fill."""
    return Counter(pixels(png)).most_common(1)[0][0]


def test_scores_read_with_their_names_and_legal_cells_stand_out_by_brightness(
        app, phone) -> None:
    open_page(phone, f"{app.url}/match/{app.seeded['caro']}")
    see(phone, "Ann to lay")
    # One name a chip: "Ann, 10 points, ahead", not "Ann, leads, Ben, 10, 8".
    expect(text(phone, "Ann, 10 points, ahead", exact=True)).to_have_count(1)
    expect(text(phone, "Ben, 8 points", exact=True)).to_have_count(1)
    expect(text(phone, "ahead", exact=True)).to_have_count(0)

    button(phone, re.compile(r"^Lay red")).click()
    legal = button(phone, re.compile(r"^row [−-]?\d+, column [−-]?\d+, empty; red scores")).first
    legal.wait_for()
    free = button(phone, re.compile(r"^row [−-]?\d+, column [−-]?\d+, empty$")).first
    phone.wait_for_timeout(400)
    contrast = ratio(fill(legal.screenshot()), fill(free.screenshot()))
    assert contrast >= 3, contrast


def test_a_quick_add_name_reads_as_add_and_the_name(app, phone) -> None:
    # Ann and Ben have played before: the seeded match
    open_page(phone, app.url)
    button(phone, "New Caro match").click()
    button(phone, "Add Ann").click()
    see(phone, "1.")
    expect(button(phone, "Add Ann")).to_have_count(0)
