"""What a Chromium phone downloads from the offline web app: on a first visit (until the service
worker's copy is complete) and on a reload, counted by the server (tests/support/web/counting.py:
the page's, its Python worker's and its service worker's requests alike).

    python bench/web_download.py [--folder BUILT_FOLDER]

Then a second release with one Python file changed (companion/main.py gains a comment line in
app.tar.gz, which holds our packages alone: dependencies.tar.gz, the `__pypackages__` they import,
is unchanged; the worker lists the new hashes), taken over by the open page's worker.

The host compresses nothing (Python's http.server): the big files reach the phone as the build's
gzipped copies (`name.gz`), which the service worker unpacks.

Targets: a first visit at most 15 MB (issue 36; 30 MB in issue 22), each file once; a reload
downloads nothing; the second release at most 1 MB (issue 36; 2 MB in issue 22). Issue 30: what
the phone has downloaded when Home is first drawn at most 30 MB; its fonts for more scripts may
come after it (before "Ready offline"), at most 4 MB more.
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.web_build import build, folder_size, write_worker  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path  # noqa: E402
from tests.support.app.ui import open_page, see  # noqa: E402
from tests.support.web.counting import CountingSite, Sent  # noqa: E402

TARGET_MB = 15
RELEASE_TARGET_MB = 1
UPDATED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const before = registration.active;
  await registration.update();
  for (let i = 0; i < 6000 && (registration.active === before
                                || registration.active.state !== "activated"); i++) {
    await new Promise((done) => setTimeout(done, 100));
  }
  return registration.active !== before;
}"""
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
                 "/canvaskit/skwasm.wasm", "/pyodide/pyodide.asm.wasm", "/app.tar.gz",
                 "/dependencies.tar.gz"):
        name = name if requests[name] else f"{name}.gz"
        if requests[name]:
            print(f"  {name}: {requests[name]} request(s), {sizes[name] / 10**6:.1f} MB")


def one_python_file_changed(folder: Path) -> None:
    """The next release: app.tar.gz with companion/main.py one comment line longer."""
    archive = folder / "app.tar.gz"
    with tarfile.open(archive) as source:
        members = [(m, source.extractfile(m).read() if m.isfile() else None)
                   for m in source.getmembers()]
    with tarfile.open(archive, "w:gz", compresslevel=9) as tar:
        for member, data in members:
            if member.name == "companion/main.py":
                data += b"# the next release\n"
                member.size = len(data)
            tar.addfile(member, io.BytesIO(data) if data is not None else None)
    write_worker(folder)


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
            requests, sizes = site.sent.snapshot()
            fonts = sum(size for path, size in sizes.items() if path.startswith("/fonts/"))
            mb = sizes.total() / 10**6
            print(f"  before Home {mb:.1f} MB (target <= {TARGET_MB} MB: "
                  f"{'met' if mb <= TARGET_MB else 'missed'}), of which the app's fonts "
                  f"{fonts / 10**6:.2f} MB")
            page.wait_for_function(SETTLED, timeout=600_000, polling=500)
            quiet(site.sent)
            report("first visit", site.sent)
            requests, sizes = site.sent.snapshot()
            fonts = sum(size for path, size in sizes.items() if path.startswith("/fonts/"))
            print(f"  of which the app's fonts {fonts / 10**6:.2f} MB")
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
            site.sent.reset()
            one_python_file_changed(folder)
            assert page.evaluate(UPDATED), "the new release's worker did not take over"
            report("a release with one Python file changed", site.sent)
            mb = site.sent.snapshot()[1].total() / 10**6
            print(f"  the release {mb:.2f} MB (target <= {RELEASE_TARGET_MB} MB): "
                  f"{'met' if mb <= RELEASE_TARGET_MB else 'missed'}")
            context.close()
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", help="an already built folder (default: build one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        if args.folder:  # a copy: the second release is written into it
            shutil.copytree(args.folder, site)
        else:
            build(site)
        measure(site)


if __name__ == "__main__":
    main()
