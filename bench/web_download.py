"""What a Chromium phone downloads from the offline web app: on a first visit (until the service
worker's copy is complete) and on a reload, counted by the server (tests/web/counting.py: the
page's, its Python worker's and its service worker's requests alike).

    python bench/web_download.py [--folder BUILT_FOLDER]

Targets (issue 22): a first visit at most 30 MB, each file once; a reload downloads nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.web_build import build, folder_size  # noqa: E402
from tests.app.conftest import CHROMIUM_ARGS, PHONE, chromium_path  # noqa: E402
from tests.app.ui import open_page, see  # noqa: E402
from tests.web.counting import CountingSite, Sent  # noqa: E402

TARGET_MB = 30
HOME = "New Caro match"
# The worker is settled: active, nothing installing, and (where the page reports it) its copy
# complete.
SETTLED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return !!(registration && registration.active && registration.active.state === "activated"
            && !registration.installing && !registration.waiting
            && (window.tableCompanion === undefined || window.tableCompanion.offline !== null));
}"""


def quiet(sent: Sent, seconds: float = 3.0, at_most: float = 300.0) -> None:
    """Wait until the server has sent nothing for `seconds` (bounded by `at_most`)."""
    last, since, began = sent.snapshot()[0].total(), time.monotonic(), time.monotonic()
    while time.monotonic() - began < at_most:
        time.sleep(0.25)
        now = sent.snapshot()[0].total()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


def report(what: str, sent: Sent) -> None:
    requests, sizes = sent.snapshot()
    twice = sorted(path for path, n in requests.items() if n > 1)
    print(f"{what}: {sizes.total() / 10**6:.1f} MB in {requests.total()} requests "
          f"({len(requests)} files); fetched more than once: {len(twice)} "
          f"{twice[:8]}{' ...' if len(twice) > 8 else ''}")
    for name in ("/main.dart.wasm", "/main.dart.js", "/canvaskit/canvaskit.wasm",
                 "/canvaskit/skwasm.wasm"):
        if requests[name]:
            print(f"  {name}: {requests[name]} request(s), {sizes[name] / 10**6:.1f} MB")


def measure(folder: Path) -> None:
    from playwright.sync_api import sync_playwright

    print(f"folder: {folder_size(folder) / 10**6:.1f} MB")
    with CountingSite(folder) as site, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            open_page(page, site.url)
            see(page, HOME, timeout=600_000)
            page.wait_for_function(SETTLED, timeout=600_000, polling=500)
            quiet(site.sent)
            report("first visit", site.sent)
            requests, sizes = site.sent.snapshot()
            mb = sizes.total() / 10**6
            print(f"  first visit {mb:.1f} MB (target <= {TARGET_MB} MB): "
                  f"{'met' if mb <= TARGET_MB else 'missed'}")
            site.sent.reset()
            page.reload()
            page.wait_for_selector("flt-semantics-placeholder", state="attached",
                                   timeout=300_000)
            page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
            see(page, HOME, timeout=600_000)
            quiet(site.sent)
            report("reload", site.sent)
            context.close()
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", help="an already built folder (default: build one)")
    args = parser.parse_args()
    if args.folder:
        measure(Path(args.folder))
        return
    with tempfile.TemporaryDirectory() as tmp:
        measure(build(Path(tmp) / "site"))


if __name__ == "__main__":
    main()
