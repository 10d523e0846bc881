"""How fast a shared table (--lan) shows an action on another phone.

The app runs with --lan --pin (bound to 127.0.0.1 only); one browser context is the
scorekeeper (PIN entered), another a spectator following the same Caro match. The scorekeeper
taps Undo and Redo in turn; each tap is timed from the click to the moment a MutationObserver
sees the turn change in the spectator's semantics tree, and, as the baseline measured in the same
run, to the moment the scorekeeper's own page shows it. Both pages read the same clock
(`performance.timeOrigin + performance.now()`), so the two times compare directly.

    python bench/sync.py [--taps 40]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support.app.process import (  # noqa: E402
    CHROMIUM_ARGS,
    LAN_OPTIONS,
    LAN_PIN,
    PHONE,
    AppProcess,
    chromium_path,
)
from tests.support.app.shell import start_caro  # noqa: E402
from tests.support.app.ui import button, open_page, see, type_into  # noqa: E402

NOW = "performance.timeOrigin + performance.now()"

# Resolve (in window.__seen) the time the page first shows `expect`; returns at once.
WATCH_JS = f"""(expect) => {{
  const host = document.querySelector('flt-semantics-host');
  window.__seen = null;
  const obs = new MutationObserver(() => {{
    if (host.textContent.includes(expect)) {{ window.__seen = {NOW}; obs.disconnect(); }}
  }});
  obs.observe(host, {{subtree: true, childList: true, characterData: true, attributes: true}});
}}"""

# Click a button and return [click time, time this page shows `expect`].
TAP_JS = f"""async ([label, expect]) => {{
  const host = document.querySelector('flt-semantics-host');
  const target = [...host.querySelectorAll('[role=button]')]
      .find(e => (e.getAttribute('aria-label') || e.textContent || '').trim() === label);
  if (!target) throw new Error('no button ' + label);
  return await new Promise(resolve => {{
    let t0 = 0;
    const obs = new MutationObserver(() => {{
      if (host.textContent.includes(expect)) {{ obs.disconnect(); resolve([t0, {NOW}]); }}
    }});
    obs.observe(host, {{subtree: true, childList: true, characterData: true, attributes: true}});
    t0 = {NOW};
    target.click();
  }});
}}"""


def set_up(keeper: Page, spectator: Page, url: str) -> None:
    """Keeper enters the PIN, starts a Caro match and lays two caros; spectator opens it."""
    open_page(keeper, url)
    button(keeper, "Share").click()
    type_into(keeper, "PIN", LAN_PIN)
    button(keeper, "Unlock scorekeeping").click()
    see(keeper, "This device keeps score now.")
    start_caro(keeper, url, "Ann", "Ben")
    for colour, player in (("grey", "Ben"), ("red", "Ann")):
        button(keeper, re.compile(rf"^Lay {colour}")).click()
        button(keeper, re.compile(rf"^Lay {colour}, .*selected")).wait_for()
        button(keeper, re.compile(r"^row \d+, column \d+, empty; \w+ scores")).first.click()
        see(keeper, f"{player} to lay")
    open_page(spectator, keeper.url)
    see(spectator, "Ann to lay")


def measure(keeper: Page, spectator: Page, taps: int) -> tuple[list[float], list[float]]:
    """(own update ms, other session's update ms) for each tap, Undo and Redo in turn."""
    own, other = [], []
    for i in range(taps):
        label, expect = ("Undo", "Ben to lay") if i % 2 == 0 else ("Redo", "Ann to lay")
        spectator.evaluate(WATCH_JS, expect)
        t0, t_own = keeper.evaluate(TAP_JS, [label, expect])
        spectator.wait_for_function("() => window.__seen !== null", timeout=10_000)
        t_other = spectator.evaluate("window.__seen")
        own.append(t_own - t0)
        other.append(t_other - t0)
        keeper.wait_for_timeout(150)  # let both sessions settle before the next tap
    return own, other


def open_pair(browser, url: str, timeout_ms: float) -> tuple[Page, Page]:
    """A keeper's and a spectator's phone on one shared Caro match, warmed up. (The timing
    scripts are evaluated in the pages, which the app's Content-Security-Policy would refuse:
    the bench's pages let them run.)"""
    keeper = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    spectator = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    for page in (keeper, spectator):
        page.set_default_timeout(timeout_ms)
    set_up(keeper, spectator, url)
    measure(keeper, spectator, 4)  # warm-up
    return keeper, spectator


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="tc-sync-"))
    app = AppProcess(data / "data", LAN_OPTIONS)
    try:
        app.start()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            keeper, spectator = open_pair(browser, app.url, 30_000)
            own, other = measure(keeper, spectator, args.taps)
            browser.close()
    finally:
        app.stop()
        shutil.rmtree(data, ignore_errors=True)
    own_ms, other_ms = statistics.median(own), statistics.median(other)
    print(f"action to update (median of {len(own)} Undo/Redo taps, loopback): "
          f"own session {own_ms:.1f} ms, another session {other_ms:.1f} ms "
          f"(p90 {statistics.quantiles(other, n=10)[-1]:.1f} ms), "
          f"ratio {other_ms / own_ms:.2f}; target under 100 ms")


if __name__ == "__main__":
    main()
