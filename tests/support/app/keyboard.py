"""The keyboard alone (tests/app/test_keyboard.py): Tab and Shift+Tab to a control by its name,
Enter or Space on it, and how far the focus ring changes the look of what has the focus.

With Flutter's semantics tree on, Tab moves the DOM focus across the `flt-semantics` nodes that
Flutter marks focusable; `document.activeElement` is the control with the focus, named by its
`aria-label` or, where Flutter gives none, its text."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from tests.support.app.contrast import pixels, ratio

FOCUSED = """() => { const a = document.activeElement;
    if (!a || !a.closest('flt-semantics-host')) return '';
    return (a.getAttribute('aria-label') || a.textContent || '').trim(); }"""


def focused(page: Page) -> str:
    """The name of the control holding the keyboard's focus ('' when none of the app's has)."""
    return page.evaluate(FOCUSED)


def tab_to(page: Page, name: str | re.Pattern[str], *, back: bool = False,
           most: int = 120) -> str:
    """Press Tab (Shift+Tab with `back`) until the focus is on a control named `name` (a string
    is the name's start); returns the whole name. Fails after `most` presses, with the names
    the focus went through."""
    wanted = name if isinstance(name, re.Pattern) else re.compile(re.escape(name))
    seen: list[str] = []
    now = focused(page)
    for _ in range(most):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = moved_from(page, now)
        if now and wanted.match(now):
            return now
        if not seen or seen[-1] != now:
            seen.append(now)
    raise AssertionError(f"Tab never reached {wanted.pattern!r}; it went through {seen}")


def moved_from(page: Page, before: str) -> str:
    """The focus's name once it has left `before` (the DOM focus follows a key a moment later:
    read at once, it could name the control the key left, and the next Tab would pass the one
    wanted); `before` again if it stays (one control, or the end of the page)."""
    return focus_becomes(page, lambda now: now != before, tries=40) or before


def focus_becomes(page: Page, wanted: Callable[[str], bool], tries: int = 100) -> str:
    """The focus's name once `wanted(name)` holds, looked at every 50 ms (the page's policy
    allows no script from a string, so Playwright's wait_for_function cannot); '' if never."""
    for _ in range(tries):
        now = focused(page)
        if wanted(now):
            return now
        page.wait_for_timeout(50)
    return ""


def ring_change(unfocused: bytes, focused_png: bytes) -> tuple[float, int]:
    """(the median contrast, how many pixels) among the pixels the focus changed by at least
    3:1, between two screenshots of the same box (WCAG 2.4.13's change of contrast)."""
    changed = sorted(r for r in (ratio(a, b) for a, b in zip(pixels(unfocused),
                                                             pixels(focused_png), strict=True))
                     if r >= 3)
    return (changed[len(changed) // 2] if changed else 1.0), len(changed)
