"""What the shipped fonts cost (issue 21): the bytes they add to a phone's first visit, and the
served app's start with them against the same app with their files refused, in one run.

Bytes: each file of assets/fonts/ as it is, gzipped (-9) and as the served app sends it (asked
with Accept-Encoding: gzip, br). The offline web app's first visit caches every file of its
folder, so it adds exactly the files' sizes; the served app's page fetches them as it starts.

Start: a fresh browser profile (nothing cached: a phone's first visit) opens the served app and
waits for Home's first text in the semantics tree; rounds alternate with the fonts and with the
font files refused, and the medians are compared. With the fonts, it also times the last font's
arrival (they are registered after the first frame, so Home does not wait for them) and counts
the bytes the page received.

    python bench/fonts.py [--rounds 6]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.ui_latency import serve, stop  # noqa: E402
from companion import fonts  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path, free_port  # noqa: E402
from tests.support.app.ui import open_page, see  # noqa: E402

FOLDER = ROOT / "assets" / "fonts"
REFUSED = "**/fonts/noto-*.woff2"


def sent_size(url: str) -> int:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, br"})
    with urllib.request.urlopen(request) as response:
        return len(response.read())


def sizes(url: str) -> None:
    total = total_gzip = total_sent = 0
    print(f"{'file':22} {'bytes':>10} {'gzip -9':>10} {'as served':>10}")
    for name in fonts.FILES.values():
        data = (FOLDER / name).read_bytes()
        packed, sent = len(gzip.compress(data, 9)), sent_size(f"{url}/fonts/{name}")
        total, total_gzip, total_sent = total + len(data), total_gzip + packed, total_sent + sent
        print(f"{name:22} {len(data):>10,} {packed:>10,} {sent:>10,}")
    licence = (FOLDER / "OFL.txt").stat().st_size
    print(f"{'total':22} {total:>10,} {total_gzip:>10,} {total_sent:>10,}"
          f"   (+ OFL.txt {licence:,}, never fetched by the page)")
    print(f"target: at most 5 MB added to a first visit: {total / 1e6:.2f} MB")


def start(browser, url: str, with_fonts: bool) -> tuple[float, float, int]:
    """(seconds to Home's first text, seconds to the last font's arrival, bytes received)."""
    context = browser.new_context(viewport=PHONE)
    if not with_fonts:
        context.route(REFUSED, lambda route: route.abort())
    received: list[int] = []
    fonts_done: list[float] = []

    def finished(request) -> None:
        received.append(request.sizes()["responseBodySize"])
        if request.url.endswith(".woff2") and "/fonts/noto-" in request.url:
            fonts_done.append(time.perf_counter())

    context.on("requestfinished", finished)
    page = context.new_page()
    t0 = time.perf_counter()
    open_page(page, url)
    see(page, "New Caro match", timeout=60_000)
    home = time.perf_counter() - t0
    if with_fonts:
        deadline = time.monotonic() + 60
        while len(fonts_done) < len(fonts.FILES) and time.monotonic() < deadline:
            page.wait_for_timeout(50)
    last_font = max(fonts_done) - t0 if fonts_done else 0.0
    context.close()
    return home, last_font, sum(received)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        proc = serve([sys.executable, "-m", "companion.cli", "--no-browser", "--port",
                      str(port), "--data", data], port)
        try:
            sizes(url)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                start(browser, url, True)  # warm the server (first page, first imports)
                runs: dict[bool, list[tuple[float, float, int]]] = {True: [], False: []}
                for i in range(args.rounds):
                    for with_fonts in ((True, False) if i % 2 == 0 else (False, True)):
                        runs[with_fonts].append(start(browser, url, with_fonts))
                browser.close()
        finally:
            stop(proc)
    home_with = statistics.median(r[0] for r in runs[True])
    home_without = statistics.median(r[0] for r in runs[False])
    last_font = statistics.median(r[1] for r in runs[True])
    got_with = statistics.median(r[2] for r in runs[True])
    got_without = statistics.median(r[2] for r in runs[False])
    print(f"served app, fresh profile, start to Home: with the fonts {home_with:.2f} s, without "
          f"{home_without:.2f} s, ratio {home_with / home_without:.3f} (target <= 1.05); "
          f"last font arrived at {last_font:.2f} s")
    print(f"bytes the page received: with {got_with / 1e6:.2f} MB, without "
          f"{got_without / 1e6:.2f} MB: +{(got_with - got_without) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
