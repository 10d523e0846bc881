"""Touch targets: every button, chip, radio, switch, tab or link at least 48 x 48 px (issue 31),
measured on the semantics boxes Flutter gives the page (tests/app/test_languages_walk.py)."""

from __future__ import annotations

from playwright.sync_api import Page

LEAST = 48

# A box cut by the screen's edge, or by the edge of a scroller it sits in, is not its own size:
# it is left out (the walk measures it where it is whole, on another screen or size).
SMALL = """(least) => {
  const near = (a, b) => Math.abs(a - b) < 1.5;
  const roles = ['button', 'radio', 'checkbox', 'switch', 'tab', 'link']
    .map(r => `flt-semantics-host [role=${r}]`).join(', ');
  const found = [];
  for (const e of document.querySelectorAll(roles)) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || (r.width >= least - 0.5 && r.height >= least - 0.5)) continue;
    let cut = r.top <= 0.5 || r.left <= 0.5 || r.bottom >= innerHeight - 0.5
      || r.right >= innerWidth - 0.5;
    for (let a = e.parentElement; a && !cut; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const p = a.getBoundingClientRect();
      cut = near(r.top, p.top) || near(r.bottom, p.bottom) || near(r.left, p.left)
        || near(r.right, p.right);
    }
    if (!cut) found.push([(e.getAttribute('aria-label') || e.textContent).trim(),
                          Math.round(r.width), Math.round(r.height)]);
  }
  return found;
}"""


def small_targets(page: Page) -> list[str]:
    """Each control the page shows whole that is under 48 px wide or high, in words."""
    return [f"{name!r} is {w} x {h} px, under {LEAST} x {LEAST}"
            for name, w, h in page.evaluate(SMALL, LEAST)]
