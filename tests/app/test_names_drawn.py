"""Every name drawn, with no network (issue 21): names in Japanese, Latin with accents, Greek,
Korean and with an emoji, typed as players in a page that may reach nothing but the app's own
origin, are drawn as themselves, not as the missing-glyph box ("tofu").

The check reads the screenshot's pixels: a name in Vai, a script none of the app's fonts holds,
shows what a missing glyph looks like on this page: a box of one size (holding the code point's
digits), which also proves the check can see one; no glyph of the other names may be such a box.
"""

from __future__ import annotations

from playwright.sync_api import Page

from tests.app.conftest import new_phone
from tests.support.app.origins import origin_of
from tests.support.app.pixels import Ink, glyphs, ink, same_box
from tests.support.app.ui import add_players, button, host, open_page, see

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


def test_names_in_every_script_are_drawn_with_no_network(app, browser) -> None:
    phone = new_phone(browser)  # a fresh profile: nothing cached
    refused = cut_off(phone, app.url)
    fonts: list[str] = []
    phone.context.on("requestfinished", lambda r: fonts.append(r.url)
                     if r.url.endswith(".woff2") else None)
    open_page(phone, app.url)
    type_the_names(phone)
    assert_every_name_drawn(phone)
    assert not refused, f"requests to other origins: {refused}"
    for name in ("noto-sans-jp", "noto-sans-kr", "noto-emoji"):
        assert f"{app.url}/fonts/{name}.woff2" in fonts, name


def test_without_the_fonts_the_check_sees_the_boxes(app, browser) -> None:
    """The same page with the font files refused: kana, Hangul and the emoji are boxes (and the
    check counts them), Roboto still draws the Latin and Greek names."""
    phone = new_phone(browser)
    phone.context.route("**/fonts/noto-*.woff2", lambda route: route.abort())
    open_page(phone, app.url)
    type_the_names(phone)
    for _ in range(LOOKS):
        boxes = boxes_drawn(phone)
        if boxes is not None:
            break
        phone.wait_for_timeout(250)
    assert boxes == {"さくら": 3, "Zoë 🎲": 1, "Łukasz": 0, "Ωμέγα": 0, "김민준": 3}
