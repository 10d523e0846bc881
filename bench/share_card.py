"""The result card (issue 33): how long a phone-class page takes to draw a finished match's card
and encode it as PNG, against a baseline measured in the same page and run: an empty canvas of
the same size encoded as PNG (the part of the work no layout or text can avoid).

The page is the served app's (its script companion/web/share_card.js), its CPU slowed 4x as
DevTools' throttling does (`--cpu-throttle`). The card has 8 players whose names are in Latin,
Japanese, Korean, Chinese, Arabic, Hebrew, Devanagari and Thai, with scores and series totals:
the first draw registers and loads their fonts (from the browser's cache, as the app's page has
already fetched them), the next ones find them loaded.

    python bench/share_card.py [--rounds 10] [--cpu-throttle 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support.app.process import (  # noqa: E402
    CHROMIUM_ARGS,
    PHONE,
    AppProcess,
    chromium_path,
)
from tests.support.app.ui import open_page  # noqa: E402

NAMES = ["Łukasz", "さくら", "김민준", "王小明", "محمد", "דוד", "अर्जुन", "สมชาย"]
CARD = {
    "app": "Table Companion", "game": "Ratel (penalty points), game 3 of a series",
    "title": "Ratel", "day": "6 Dec 2026, 19:32", "headline": "Won by Łukasz",
    "game_label": "Game 3", "series_label": "Series",
    "series_result": "Ahead in the series after game 3: さくら", "file": "card.png",
    "rows": [{"name": name, "score": f"{3 * i} penalty points", "total": str(10 + 7 * i),
              "won": i == 0, "lead": i == 1} for i, name in enumerate(NAMES)],
}

DRAW = """
async (card) => {
  const start = performance.now();
  const made = await window.tableCompanionCard.draw(card);
  await new Promise((done) => made.canvas.toBlob(done, "image/png"));
  return performance.now() - start;
}
"""
EMPTY = """
async () => {
  const start = performance.now();
  const canvas = document.createElement("canvas");
  canvas.width = 1080;
  canvas.height = 1080;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#FFFFFF";
  ctx.fillRect(0, 0, 1080, 1080);
  await new Promise((done) => canvas.toBlob(done, "image/png"));
  return performance.now() - start;
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--cpu-throttle", type=float, default=4.0, metavar="N")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        app = AppProcess(Path(folder) / "data").start()
        try:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=PHONE)
            open_page(page, app.url)
            # the app's own fonts in the browser's cache, as a page that drew these names has
            for name in ("noto-sans", "noto-sans-jp", "noto-sans-kr", "noto-sans-sc",
                         "noto-sans-tc", "noto-sans-arabic", "noto-sans-hebrew",
                         "noto-sans-devanagari", "noto-sans-thai"):
                page.evaluate("(url) => fetch(url).then((r) => r.arrayBuffer())",
                              f"{app.url}/fonts/{name}.woff2")
            page.evaluate("(url) => fetch(url).then((r) => r.arrayBuffer())",
                          f"{app.url}/assets/fonts/roboto.woff2")
            if args.cpu_throttle != 1:
                page.context.new_cdp_session(page).send(
                    "Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
            first = page.evaluate(DRAW, CARD)
            cards, empties = [], []
            for _ in range(args.rounds):  # in turn, so the machine's load falls on both
                cards.append(page.evaluate(DRAW, CARD))
                empties.append(page.evaluate(EMPTY))
            browser.close()
        finally:
            app.stop()
    card, empty = statistics.median(cards), statistics.median(empties)
    print(f"page CPU throttled {args.cpu_throttle:g}x, {args.rounds} rounds")
    print(f"first card (fonts registered and loaded): {first:.0f} ms")
    print(f"card, drawn and encoded: median {card:.0f} ms (min {min(cards):.0f}, "
          f"max {max(cards):.0f})")
    print(f"empty canvas encoded:    median {empty:.0f} ms (min {min(empties):.0f}, "
          f"max {max(empties):.0f})")
    print(f"ratio: {card / empty:.2f}x the empty canvas; first card {first / empty:.2f}x")


if __name__ == "__main__":
    main()
