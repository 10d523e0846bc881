"""Every name drawn, with no network (issue 21): names in Japanese, Latin with accents, Greek,
Korean and with an emoji, typed as players in a page that may reach nothing but the app's own
origin, are drawn as themselves, not as the missing-glyph box ("tofu").

The check reads the screenshot's pixels: a name in Vai, a script none of the app's fonts holds,
shows what a missing glyph looks like on this page: a box of one size (holding the code point's
digits), which also proves the check can see one; no glyph of the other names may be such a box.
"""

from __future__ import annotations

from tests.support.app.names_drawn import (
    LOOKS,
    assert_every_name_drawn,
    boxes_drawn,
    cut_off,
    type_the_names,
)
from tests.support.app.process import new_phone
from tests.support.app.ui import open_page


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
