"""Helpers of tests/app/test_names_drawn.py that other tests share: assert_every_name_drawn,
cut_off, type_the_names."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support.app.origins import origin_of
from tests.support.app.pixels import Ink, glyphs, ink, same_box
from tests.support.app.ui import add_players, button, host, see

NAMES = ("さくら", "Zoë 🎲", "Łukasz", "Ωμέγα", "김민준")


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


def boxes_drawn(page: Page) -> dict[str, int] | None:
    """How many glyphs of each name are drawn as the missing-glyph box; None while the Vai
    name is not three boxes of one size (the check could not tell a box)."""
    tofu = glyphs_of(page, TOFU)
    if len(tofu) != len(TOFU) or not all(same_box(tofu[0], g) for g in tofu):
        return None
    return {name: sum(same_box(tofu[0], g) for g in glyphs_of(page, name)) for name in NAMES}


def assert_every_name_drawn(page: Page) -> None:
    """Looked at again (a bounded number of times) while a box is seen: the page registers
    the fonts after its first frame."""
    for _ in range(LOOKS):
        boxes = boxes_drawn(page)
        if boxes is not None and not any(boxes.values()):
            return
        page.wait_for_timeout(250)
    assert boxes is not None, "the Vai name is not drawn as boxes: the check cannot tell one"
    raise AssertionError(f"glyphs drawn as boxes, by name: {boxes}")


def type_the_names(page: Page) -> None:
    """From Home, a new Careta match (up to 8 players) with the names and the Vai one."""
    button(page, "New Careta match").click()
    add_players(page, *NAMES, TOFU)
    see(page, "6.")
