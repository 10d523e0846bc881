"""A first visit to Home on a slow network (issue 36): the app against a hello-world Flet app built
the same way (bench/web.py's hello_world: the same client, Pyodide and packed files), and against
the app with its gzipped copies removed (what a phone downloaded before them: the worker falls
back to each file as it is), and against the hello-world without them (as Flet's own build
leaves a folder), all served by a host that compresses nothing, through one link of
`--mbit` Mbit/s shared by every connection (tests/support/web/counting.py's Line), each in a
fresh profile, in turn, `--rounds` times.

    python bench/first_visit.py [--mbit 10] [--rounds 1]

Targets: the app at most 0.6x its unpacked self and at most 0.7x the hello-world.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web import hello_world, home_text, wait_home, watch_home  # noqa: E402
from companion.web_build import build, is_packed_copy  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path  # noqa: E402
from tests.support.web.counting import CountingSite  # noqa: E402


def unpacked(site: Path, out: Path) -> Path:
    shutil.copytree(site, out)
    for path in list(out.rglob("*.gz")):
        if is_packed_copy(out, path):
            path.unlink()
    return out


def first_visit(browser, folder: Path, rate: float, text: str) -> tuple[float, float]:
    """Seconds from the page's load to `text` at Home, and MB sent, in a fresh profile."""
    with CountingSite(folder, rate=rate) as site:
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            watch_home(page, text)
            began = time.time()
            page.goto(site.url)
            seconds = wait_home(page, text, 900_000) - began  # by the page's clock
            return seconds, site.sent.snapshot()[1].total() / 10**6
        finally:
            context.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mbit", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    rate = args.mbit * 10**6 / 8
    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        hello = hello_world(site, Path(tmp) / "hello")
        folders = {"app": (site, home_text("en")),
                   "hello-world": (hello, "Hello from Pyodide"),
                   "app unpacked": (unpacked(site, Path(tmp) / "plain"), home_text("en")),
                   # as `flet build web` leaves it: no gzipped copies (a host that compresses
                   # nothing sends every file as it is)
                   "hello-world unpacked": (unpacked(hello, Path(tmp) / "hello-plain"),
                                            "Hello from Pyodide")}
        times: dict[str, list[float]] = {name: [] for name in folders}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                for _ in range(args.rounds):
                    for name, (folder, text) in folders.items():
                        seconds, mb = first_visit(browser, folder, rate, text)
                        times[name].append(seconds)
                        print(f"{name}: {seconds:.1f} s to Home, {mb:.1f} MB sent by then")
            finally:
                browser.close()
    app = statistics.median(times["app"])
    for name in ("hello-world", "app unpacked", "hello-world unpacked"):
        other = statistics.median(times[name])
        print(f"first visit at {args.mbit:g} Mbit/s: app {app:.1f} s vs {name} {other:.1f} s: "
              f"{app / other:.2f}x")


if __name__ == "__main__":
    main()
