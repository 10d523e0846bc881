"""What speaking four languages costs the served app (issue 21's "Costs"), against the app as it
was before issue 21, in one run.

The app before issue 21 (the parent of its first commit, BASE) is checked out into a temporary
worktree under /tmp (removed after) and served with the same virtualenv on a port of its own.
Each figure is taken from both, interleaved, so a busy moment of the shared machine falls on
both alike:

1. Start: from the server process starting to Home drawn in the browser's language (Playwright's
   `locale`: en, es, de, ja; the old app in English), and a second phone's page opened on the
   running server to its Home. Median of N launches each, one of each kind per round.
2. Tap: a mid-game Caro Undo/Redo (bench/ui_latency.py's match and in-page timing), all five
   pages open side by side and tapped in turn.
3. Switch: on the match screen, the browser's languages change (as a phone's settings would:
   `languagechange`, which the app follows), timed from the event to the screen drawn in the
   new language (its Undo button's name), against opening the same match from Home's Continue
   to its screen drawn. Both in-page, with a MutationObserver, on one page.

    python bench/i18n_cost.py [--launches 5] [--taps 40] [--switches 12] [--cpu-throttle 4]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.revisions import _extract  # noqa: E402
from bench.ui_latency import ARRIVALS_JS, TAP_JS, in_turn, stop  # noqa: E402
from companion.i18n.catalog import Voice  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path, free_port  # noqa: E402
from tests.support.app.ui import open_page  # noqa: E402

BASE = "a2ec454~1"  # the app before issue 21: a2ec454 is its first commit ("i18n groundwork")
LOCALES = {"en": "en-GB", "es": "es-ES", "de": "de-DE", "ja": "ja-JP"}

# Resolves with the milliseconds from `act` (run once the observer watches) until `expect` is
# a text on the page or the name of something on it (a button's name is its aria-label); then
# from `act` to the server's first message, from its last message to the text on screen, and
# how many messages came (ARRIVALS_JS).
SEEN_AFTER_JS = """async ([act, expect, languages]) => {
  const host = document.querySelector('flt-semantics-host');
  const seen = () => host.textContent.includes(expect) ||
      [...host.querySelectorAll('[aria-label]')].some(e => e.getAttribute('aria-label') === expect);
  return await new Promise((resolve, reject) => {
    let t0 = 0;
    const obs = new MutationObserver(() => {
      if (seen()) {
        obs.disconnect();
        const t1 = performance.now();
        const came = (window.__arrivals || []).filter(t => t > t0 && t <= t1);
        resolve([t1 - t0, came.length ? came[0] - t0 : 0,
                 came.length ? t1 - came[came.length - 1] : 0, came.length]);
      }
    });
    obs.observe(host, {subtree: true, childList: true, characterData: true, attributes: true});
    t0 = performance.now();
    if (act === 'open') {
      const row = [...host.querySelectorAll('[role=button]')]
          .find(e => (e.getAttribute('aria-label') || '').includes('Cleo, Dan'));
      if (!row) { obs.disconnect(); reject(new Error('no row for the match')); return; }
      row.click();
    } else {
      Object.defineProperty(Navigator.prototype, 'languages',
                            {get: () => languages, configurable: true});
      Object.defineProperty(Navigator.prototype, 'language',
                            {get: () => languages[0], configurable: true});
      window.dispatchEvent(new Event('languagechange'));
    }
  });
}"""


@dataclass
class Variant:
    """One app to serve: the old one (in English) or today's in one language."""

    name: str
    tree: Path
    code: str  # the language its pages ask for (and speak)

    def say(self, message: str) -> str:
        return message if self.name == "before" else Voice(self.code).gettext(message)

    def prefix(self, message: str) -> str:
        """The words of "Undone: {action}" before the action, as this variant says them."""
        return self.say(message).split("{action}")[0]

    def serve(self, data: Path) -> tuple[subprocess.Popen[bytes], str]:
        port = free_port()
        cmd = [sys.executable, "-m", "companion.cli", "--no-browser", "--port", str(port),
               "--data", str(data)]
        proc = subprocess.Popen(cmd, cwd=self.tree, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:  # as bench/ui_latency.py's serve: the page is asked for once it answers
            try:
                urllib.request.urlopen(url, timeout=1)
                return proc, url
            except OSError:
                if time.monotonic() > deadline:
                    stop(proc)
                    raise RuntimeError(f"{self.name} did not start") from None
                time.sleep(0.02)

    def seed(self, data: Path) -> str:
        """The mid-game Caro match of bench/ui_latency.py, stored by this variant's own code."""
        out = subprocess.run(
            [sys.executable, "-c", "import sys; from pathlib import Path; "
             "from bench.ui_latency import seed_mid_game; "
             "print(seed_mid_game(Path(sys.argv[1])))", str(data)],
            cwd=self.tree, check=True, capture_output=True, text=True)
        return out.stdout.strip()


def phone(browser: Browser, variant: Variant) -> Page:
    context = browser.new_context(viewport=PHONE, locale=LOCALES[variant.code])
    page = context.new_page()
    page.add_init_script(ARRIVALS_JS)
    return page


def wait_seen(page: Page, expect: str, timeout: float = 60_000) -> None:
    page.wait_for_function("""(expect) => {
        const host = document.querySelector('flt-semantics-host');
        return !!host && (host.textContent.includes(expect) ||
            [...host.querySelectorAll('[aria-label]')]
                .some(e => e.getAttribute('aria-label') === expect));
    }""", arg=expect, timeout=timeout)


def launch(browser: Browser, variant: Variant, data: Path) -> tuple[float, float]:
    """Seconds from the server starting to Home in the variant's language, then from a second
    phone's page load to its Home on the running server."""
    t0 = time.perf_counter()
    proc, url = variant.serve(data)
    try:
        page = phone(browser, variant)
        open_page(page, url)
        wait_seen(page, variant.say("New match"))
        started = time.perf_counter() - t0
        page.context.close()
        page = phone(browser, variant)
        t1 = time.perf_counter()
        open_page(page, url)
        wait_seen(page, variant.say("New match"))
        opened = time.perf_counter() - t1
        page.context.close()
        return started, opened
    finally:
        stop(proc)


def undo_redo(variant: Variant):
    undo, redo = variant.say("Undo"), variant.say("Redo")
    undone, redone = variant.prefix("Undone: {action}"), variant.prefix("Redone: {action}")

    def pair(page: Page, _round: int) -> list[float]:
        return [page.evaluate(TAP_JS, [undo, undone]), page.evaluate(TAP_JS, [redo, redone])]

    return pair


def switches(browser: Browser, now: Path, data: Path,
             count: int) -> dict[str, list[list[float]]]:
    """Opening the match from Home vs switching its screen's language, in turn, on one page:
    each taken as SEEN_AFTER_JS's [whole, to the first message, from the last, messages]."""
    english = Variant("en", now, "en")
    proc, url = english.serve(data)
    taken: dict[str, list[list[float]]] = {"open": [], "switch": []}
    try:
        page = phone(browser, english)
        open_page(page, url)
        wait_seen(page, english.say("New match"))
        order = ["de", "ja", "es", "en"]
        current = english
        for i in range(count):
            page.wait_for_timeout(300)
            taken["open"].append(page.evaluate(SEEN_AFTER_JS,
                                               ["open", current.say("Undo"), []]))
            page.wait_for_timeout(300)
            new = Variant(order[i % len(order)], now, order[i % len(order)])
            taken["switch"].append(page.evaluate(
                SEEN_AFTER_JS, ["switch", new.say("Undo"), [LOCALES[new.code], new.code]]))
            current = new
            page.go_back()
            wait_seen(page, current.say("New match"))
    finally:
        stop(proc)
    return taken


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--launches", type=int, default=5)
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--switches", type=int, default=12)
    parser.add_argument("--cpu-throttle", type=float, default=1.0, metavar="N",
                        help="slow the tapped page's CPU N times (4: a phone-class client)")
    parser.add_argument("--parts", default="start,tap,switch",
                        help="which figures to take (comma-separated: start, tap, switch)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="tc-i18n-"))
    base = _extract(BASE, work / "before", ())  # the whole tree, git archive'd
    variants = [Variant("before", base, "en")] + [Variant(c, ROOT, c) for c in LOCALES]
    try:
        folders = {v.name: work / f"data-{v.name}" for v in variants}
        seeded = {v.name: v.seed(folders[v.name]) for v in variants}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            starts: dict[str, list[tuple[float, float]]] = {v.name: [] for v in variants}
            for i in range(args.launches if "start" in args.parts else 0):
                # Each round in another order, so no variant always follows the same one.
                for v in variants[i % len(variants):] + variants[:i % len(variants)]:
                    starts[v.name].append(launch(browser, v, folders[v.name]))
            taps = (tap_round(browser, variants, folders, seeded, args)
                    if "tap" in args.parts else {})
            switched = (switches(browser, ROOT, folders["en"], args.switches)
                        if "switch" in args.parts else {})
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(starts, taps, switched, args)


def tap_round(browser: Browser, variants: list[Variant], folders: dict[str, Path],
              seeded: dict[str, str], args: argparse.Namespace) -> dict[str, list[float]]:
    procs, pages = [], {}
    try:
        for v in variants:
            proc, url = v.serve(folders[v.name])
            procs.append(proc)
            page = phone(browser, v)
            open_page(page, f"{url}/match/{seeded[v.name]}")
            wait_seen(page, v.say("Undo"))
            page.wait_for_timeout(500)  # the session's language question answered
            wait_seen(page, v.say("Undo"))
            pages[v.name] = (page, undo_redo(v))
        return in_turn(pages, args.taps // 2, args.cpu_throttle)
    finally:
        for proc in procs:
            stop(proc)


def report(starts: dict[str, list[tuple[float, float]]], taps: dict[str, list[float]],
           switched: dict[str, list[list[float]]], args: argparse.Namespace) -> None:
    def med(samples: list[float]) -> float:
        return statistics.median(samples)

    def deciles(samples: list[float]) -> str:
        cuts = statistics.quantiles(samples, n=10)
        return f"{cuts[0]:.1f}-{cuts[-1]:.1f}"

    if "start" in args.parts:
        print(f"start, median [min-max] of {args.launches} launches each, interleaved launch "
              f"by launch (before: {BASE}, English); beside each ratio, the spread of the "
              "rounds' own ratios (each launch against before's in the same round)")

        def figures(name: str, k: int) -> tuple[float, str]:
            got = [sample[k] for sample in starts[name]]
            return med(got), f"{med(got):.2f} s [{min(got):.2f}-{max(got):.2f}]"

        def rounds(name: str, k: int) -> str:
            ratios = [a[k] / b[k] for a, b in zip(starts[name], starts["before"], strict=True)]
            return f"rounds {min(ratios):.2f}-{max(ratios):.2f}x"

        (start_b, start_bt), (open_b, open_bt) = figures("before", 0), figures("before", 1)
        start_en, open_en = figures("en", 0)[0], figures("en", 1)[0]
        print(f"  before: server start to Home {start_bt}; a phone's page to Home {open_bt}")
        for code in LOCALES:
            (s, st), (o, ot) = figures(code, 0), figures(code, 1)
            print(f"  {code}: server start to Home {st}: {s / start_b:.2f}x before "
                  f"({rounds(code, 0)}), {s / start_en:.2f}x en; a phone's page {ot}: "
                  f"{o / open_b:.2f}x before ({rounds(code, 1)}), {o / open_en:.2f}x en   "
                  "target <= 1.05x before")
    if "tap" in args.parts:
        cpu = (f", the tapped page's CPU slowed {args.cpu_throttle:g}x"
               if args.cpu_throttle != 1 else "")
        tap_b, tap_en = med(taps["before"]), med(taps["en"])
        print(f"mid-game Caro Undo/Redo, median of {len(taps['before'])} taps each, "
              f"in turn, each round in a rotated order{cpu}")
        print(f"  before: {tap_b:.1f} ms (p10-p90 {deciles(taps['before'])})")
        for code in LOCALES:
            t = med(taps[code])
            print(f"  {code}: {t:.1f} ms (p10-p90 {deciles(taps[code])}; {t / tap_b:.2f}x "
                  f"before, {t / tap_en:.2f}x en)   target <= 1.05x before")
    if "switch" in args.parts:
        print(f"on a match screen, median of {len(switched['open'])} each, in turn: whole / "
              "to the server's first message / its last message to the screen / messages")
        for name, label in (("open", "opening the match from Home"),
                            ("switch", "switching its language")):
            parts = [med([sample[k] for sample in switched[name]]) for k in range(4)]
            print(f"  {label}: {parts[0]:.1f} ms / {parts[1]:.1f} / {parts[2]:.1f} ms / "
                  f"{parts[3]:g}")
        whole = [med([sample[0] for sample in switched[name]]) for name in ("switch", "open")]
        print(f"  switching / opening: {whole[0] / whole[1]:.2f}x   target <= 1x")


if __name__ == "__main__":
    main()
