"""Every name drawn, with no network (issues 21 and 30): names in 12 writing systems (kana,
kanji, Hangul, Latin with accents, Greek, Cyrillic, simplified and traditional Chinese, Arabic,
Hebrew, Devanagari, Thai) and with an emoji, typed as players in a page that may reach nothing
but the app's own origin, are drawn as themselves, not as the missing-glyph box ("tofu").

The check reads the screenshot's pixels: a name in Vai, a script none of the app's fonts holds,
shows what a missing glyph looks like on this page: a box of one size (holding the code point's
digits), which also proves the check can see one; no glyph of the other names may be such a box.
"""

from __future__ import annotations

from tests.support.app.names_drawn import (
    LOOKS,
    MORE_NAMES,
    NAMES,
    alike,
    assert_every_name_drawn,
    boxes_drawn,
    card_lines,
    cut_off,
    remove_the_names,
    type_the_names,
)
from tests.support.app.process import new_phone
from tests.support.app.shell import start_caro
from tests.support.app.ui import open_page, see


def test_names_in_every_script_are_drawn_with_no_network(app, browser) -> None:
    phone = new_phone(browser)  # a fresh profile: nothing cached
    refused = cut_off(phone, app.url)
    fonts: list[str] = []
    phone.context.on("requestfinished", lambda r: fonts.append(r.url)
                     if r.url.endswith(".woff2") else None)
    open_page(phone, app.url)
    type_the_names(phone)
    assert_every_name_drawn(phone)
    remove_the_names(phone)
    type_the_names(phone, MORE_NAMES, new=False)
    assert_every_name_drawn(phone, MORE_NAMES)
    assert not refused, f"requests to other origins: {refused}"
    for name in ("noto-sans-jp", "noto-sans-kr", "noto-emoji", "noto-sans-sc", "noto-sans-tc",
                 "noto-sans-arabic", "noto-sans-hebrew", "noto-sans-devanagari",
                 "noto-sans-thai"):
        assert f"{app.url}/fonts/{name}.woff2" in fonts, name


def boxes_seen(page, names=NAMES) -> dict[str, int] | None:
    """`boxes_drawn`, looked at again (a bounded number of times) until the Vai name's boxes are
    on the screenshot: on a loaded machine the canvas paints the new rows a moment after the
    semantics tree has them."""
    for _ in range(LOOKS):
        boxes = boxes_drawn(page, names)
        if boxes is not None:
            return boxes
        page.wait_for_timeout(250)
    return None


def test_without_the_fonts_the_check_sees_the_boxes(app, browser) -> None:
    """The same page with the font files refused: kana, Hangul and the emoji are boxes (and the
    check counts them), Roboto still draws the Latin and Greek names."""
    phone = new_phone(browser)
    phone.context.route("**/fonts/noto-*.woff2", lambda route: route.abort())
    open_page(phone, app.url)
    type_the_names(phone)
    boxes = boxes_seen(phone)
    assert boxes == {"さくら": 3, "Zoë 🎲": 1, "Łukasz": 0, "Ωμέγα": 0, "김민준": 3}
    remove_the_names(phone)
    type_the_names(phone, MORE_NAMES, new=False)
    boxes = boxes_seen(phone, MORE_NAMES)
    assert boxes is not None and boxes.pop("Ольга") == 0, boxes  # Roboto's
    assert all(boxes.values()), boxes


def test_right_to_left_names_keep_their_scores_beside_them(app, browser) -> None:
    """Home's card, its standings "Ann 0 · محمد 0 · דוד 0": each name isolated, the line ends
    with דוד's score, a 0 like Ann's. Not isolated, the two names and the scores between them
    made one right-to-left run, "Ann 0 · 0 דוד · 0 محمد", ending with محمد (issue 30)."""
    phone = new_phone(browser)
    start_caro(phone, app.url, "Ann", "محمد", "דוד")
    open_page(phone, app.url)
    see(phone, "Caro")
    for _ in range(LOOKS):  # the Arabic and Hebrew fonts arrive after the first frame
        lines = card_lines(phone, "Open Caro: Ann")
        if len(lines) == 3 and alike(lines[1][3], lines[1][-1]):
            break
        phone.wait_for_timeout(250)
    standings = lines[1]
    zero, last = standings[3], standings[-1]  # "Ann 0 ... 0"
    assert alike(zero, last), "the standings do not end with a score"
    assert sum(alike(zero, g) for g in standings) == 3, "three scores, three zeros"
