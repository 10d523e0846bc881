"""A result to share (issue 33): a finished match's Share result draws its card in the page and
hands the PNG to the share sheet (navigator.share and canShare stood in for by an init script,
which keeps the file), or downloads it where the browser has no share sheet.

The names are checked drawn, not as the missing-glyph box ("tofu"): the card is drawn again by
the page's own script with each name replaced by as many unassigned code points (U+0378, which no
font holds: boxes), and each name's place on the shared picture must differ from the boxes; a
name in Vai, a script none of the app's fonts holds, drawn the same way, shows the check sees a
box when there is one. The fonts are the app's own, registered by the card's script.
"""

from __future__ import annotations

import base64

import pytest
from playwright.sync_api import Page

from scoring import ratel
from tests.support.app.share_card import NO_SHARE, SIZE, STAND_IN, png_size
from tests.support.app.ui import button, open_page

NAMES = ["Ann", "さくら", "محمد"]
VAI = "ꕙꔤ"  # no font of the app holds Vai


def penalty_finished() -> ratel.Match:
    """Ann 3, さくら 10, محمد 15 penalty points: Ann wins."""
    m = ratel.Match(NAMES, mode="penalty", penalty_limit=15)
    m.record_round(out="Ann", hands={"さくら": 10, "محمد": 5})
    m.record_round(out="さくら", hands={"Ann": 3, "محمد": 10})
    return m


SEEDS = {"penalty": penalty_finished}

# For each name's box on the shared picture: the share of its columns that differ from the same
# card drawn with `names` in place of the names (the last card the script drew).
DIFFERENT_COLUMNS = """
async (names) => {
  const api = window.tableCompanionCard;
  const {card, names: boxes} = api.last;
  const other = structuredClone(card);
  other.rows.forEach((row, i) => { row.name = names[i]; });
  const drawn = (await api.draw(other)).canvas.getContext("2d");
  const bitmap = await createImageBitmap(window.sharedBlobs.at(-1));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const shared = canvas.getContext("2d");
  shared.drawImage(bitmap, 0, 0);
  return boxes.map((box) => {
    const [x, y, w, h] = [box.x, box.y, box.width, box.height].map(Math.round);
    const a = shared.getImageData(x, y, w, h).data;
    const b = drawn.getImageData(x, y, w, h).data;
    let columns = 0;
    for (let col = 0; col < w; col++) {
      for (let row = 0; row < h; row++) {
        const i = (row * w + col) * 4;
        const apart = Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) +
          Math.abs(a[i + 2] - b[i + 2]);
        if (apart > 60) {
          columns++;
          break;
        }
      }
    }
    return columns / w;
  });
}
"""


def boxes(name: str) -> str:
    return "\u0378" * len(name)


def test_share_result_hands_the_sheet_a_card_with_every_name_drawn(app, browser) -> None:
    context = browser.new_context(viewport={"width": 412, "height": 915})
    try:
        context.add_init_script(STAND_IN)
        phone = context.new_page()
        phone.set_default_timeout(15_000)
        open_page(phone, f"{app.url}/match/{app.seeded['penalty']}")
        share = button(phone, "Share result")
        share.wait_for()
        assert share.bounding_box()["height"] >= 48
        share.click()
        phone.wait_for_function("() => window.sharedFiles.length > 0", timeout=30_000)
        shared = phone.evaluate("window.sharedFiles[0]")
        assert shared["type"] == "image/png" and shared["name"].endswith(".png")
        assert png_size(base64.b64decode(shared["png"])) == (SIZE, SIZE)
        # The names' own fonts, from the app's origin, registered by the card's script.
        faces = phone.evaluate("""() => [...document.fonts].filter((f) => f.status === "loaded")
                                  .map((f) => f.family.replaceAll('"', ''))""")
        assert {"TC Noto Sans JP", "TC Noto Sans Arabic", "TC Roboto"} <= set(faces), faces
        # Each name differs from boxes in most of its columns...
        drawn = phone.evaluate(DIFFERENT_COLUMNS, [boxes(n) for n in NAMES])
        assert all(share > 0.5 for share in drawn), dict(zip(NAMES, drawn, strict=True))
        # ...where a name no font holds (Vai) is the boxes, column for column.
        vai = phone.evaluate(f"""async () => {{
            const api = window.tableCompanionCard;
            const card = structuredClone(api.last.card);
            card.rows.forEach((row) => {{ row.name = "{VAI}"; }});
            const made = await api.draw(card);
            const blob = await new Promise((done) => made.canvas.toBlob(done, "image/png"));
            window.sharedBlobs.push(blob);
            api.last = {{card, names: made.names}};
        }}""")
        assert vai is None
        seen = phone.evaluate(DIFFERENT_COLUMNS, [boxes(VAI)] * len(NAMES))
        assert all(share < 0.1 for share in seen), seen
    finally:
        context.close()


def test_without_a_share_sheet_the_card_is_downloaded(app, browser, tmp_path) -> None:
    context = browser.new_context(viewport={"width": 412, "height": 915}, accept_downloads=True)
    try:
        context.add_init_script(NO_SHARE)
        phone: Page = context.new_page()
        phone.set_default_timeout(15_000)
        open_page(phone, f"{app.url}/match/{app.seeded['penalty']}")
        button(phone, "Share result").wait_for()
        with phone.expect_download(timeout=30_000) as download:
            button(phone, "Share result").click()
        got = download.value
        assert got.suggested_filename.startswith("table-companion-ratel-")
        assert got.suggested_filename.endswith(".png")
        path = tmp_path / got.suggested_filename
        got.save_as(path)
        assert png_size(path.read_bytes()) == (SIZE, SIZE)
    finally:
        context.close()


pytestmark = pytest.mark.browser
