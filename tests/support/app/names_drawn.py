"""Helpers of tests/app/test_names_drawn.py that other tests share: assert_every_name_drawn,
cut_off, type_the_names, remove_the_names."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.support.app.origins import origin_of
from tests.support.app.pixels import Ink, glyphs, ink, same_box
from tests.support.app.ui import add_players, button, host, see

NAMES = ("さくら", "Zoë 🎲", "Łukasz", "Ωμέγα", "김민준")
# Issue 30's, a second table of them (Careta takes 8 players): with the first, 12 writing systems
# (kana, kanji, Hangul, Latin, Greek, Cyrillic, simplified and traditional hanzi, Arabic, Hebrew,
# Devanagari, Thai) and emoji. 伟 is in the simplified file only, 黃 in the traditional only.
MORE_NAMES = ("Ольга", "王伟", "黃淑華", "محمد", "דוד", "अनन्या", "สมชาย")
RIGHT_TO_LEFT = ("محمد", "דוד")
WARNING = "has letters the app cannot draw"


TOFU = "ꔀꔁꔂ"  # Vai: in none of the app's fonts


LOOKS = 40  # the fonts arrive after the first frame: up to 40 looks, 250 ms apart


def cut_off(page: Page, own: str) -> list[str]:
    """Abort every request of the page's profile that is not to `own` origin (as a phone with
    no network beyond the app would see it); the list they are recorded in."""
    refused: list[str] = []

    def route(request_route) -> None:
        if origin_of(request_route.request.url) == origin_of(own):
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.context.route("**/*", route)
    return refused


def glyphs_of(page: Page, name: str) -> list[Ink]:
    box = host(page).get_by_text(name, exact=True).first.bounding_box()
    assert box is not None, name
    return glyphs(ink(page.screenshot(clip=box)))


def boxes_drawn(page: Page, names: tuple[str, ...] = NAMES) -> dict[str, int] | None:
    """How many glyphs of each name are drawn as the missing-glyph box; None while the Vai
    name is not three boxes of one size (the check could not tell a box)."""
    tofu = glyphs_of(page, TOFU)
    if len(tofu) != len(TOFU) or not all(same_box(tofu[0], g) for g in tofu):
        return None
    return {name: sum(same_box(tofu[0], g) for g in glyphs_of(page, name)) for name in names}


def assert_every_name_drawn(page: Page, names: tuple[str, ...] = NAMES) -> None:
    """Looked at again (a bounded number of times) while a box is seen: the page registers
    the fonts after its first frame."""
    for _ in range(LOOKS):
        boxes = boxes_drawn(page, names)
        if boxes is not None and not any(boxes.values()):
            return
        page.wait_for_timeout(250)
    assert boxes is not None, "the Vai name is not drawn as boxes: the check cannot tell one"
    raise AssertionError(f"glyphs drawn as boxes, by name: {boxes}")


def type_the_names(page: Page, names: tuple[str, ...] = NAMES, new: bool = True) -> None:
    """From Home (`new`), else on New match with no players, a new Careta match (up to 8
    players) with the names and the Vai one, which New match warns of."""
    if new:
        button(page, "New Careta match").click()
    add_players(page, *names, TOFU)
    see(page, f"{len(names) + 1}.")
    see(page, WARNING)


def remove_the_names(page: Page, names: tuple[str, ...] = NAMES) -> None:
    """Remove each player (the last first) and the Vai one, back to no players."""
    for name in (TOFU, *reversed(names)):
        button(page, f"Remove {name}").click()
        host(page).get_by_text(name, exact=True).first.wait_for(state="detached")


def alike(a: Ink, b: Ink) -> bool:
    """Two glyphs of one size (to within a pixel) whose ink mostly agrees: the same character
    of the same font, wherever on the line it was drawn."""
    if abs(len(a) - len(b)) > 1 or abs(len(a[0]) - len(b[0])) > 1:
        return False
    rows, columns = min(len(a), len(b)), min(len(a[0]), len(b[0]))
    same = sum(a[y][x] == b[y][x] for y in range(rows) for x in range(columns))
    return same >= 0.85 * rows * columns


def text_lines(image: Ink) -> list[Ink]:
    """The lines of text of an image: runs of rows holding ink."""
    found: list[Ink] = []
    for row in image:
        if any(row):
            if not found or found[-1] is None:
                found.append([])
            found[-1].append(row)
        elif found and found[-1] is not None:
            found.append(None)
    return [line for line in found if line]


def card_lines(page: Page, label: str) -> list[list[Ink]]:
    """The glyphs of each line of the button whose label starts with `label` (a Home card: its
    text, left of its icons), top to bottom, each left to right."""
    box = host(page).get_by_role("button", name=re.compile("^" + re.escape(label))).first \
        .bounding_box()
    assert box is not None, label
    box = {**box, "width": box["width"] * 0.7}
    return [glyphs(line) for line in text_lines(ink(page.screenshot(clip=box)))
            if len(line) >= 4]  # not the card's edge
