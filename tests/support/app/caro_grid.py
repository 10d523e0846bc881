"""Helpers of tests/app/test_caro_grid.py that other tests share: cell_boxes, shown_to."""

from __future__ import annotations

CELL_BOXES = """() => [...document.querySelectorAll('flt-semantics-host [role=button]')]
    .map(e => [(e.getAttribute('aria-label') || e.textContent).trim(),
               e.getBoundingClientRect()])
    .filter(([name]) => name.startsWith('row '))
    .map(([name, r]) => ({name, left: r.left, right: r.right, width: r.width,
                          height: r.height, bottom: r.bottom}))"""


def cell_boxes(page) -> list[dict]:
    """Every cell button's name and box (CSS px) as the semantics tree reports it."""
    return page.evaluate(CELL_BOXES)


def shown_to(page) -> float:
    """The lowest y at which the game's part of the match screen shows a cell whole: the top of
    the bottom bar (Undo and Redo, issue 31's thumb zone) less the page's 10 px padding. A cell
    reaching below it is cut by that edge (a swipe brings it in), as one the screen's edge cuts.
    Another screen: its bottom edge."""
    undo = page.locator("flt-semantics-host").get_by_role("button", name="Undo", exact=True)
    if not undo.count():  # not a match screen: the page's own bottom edge
        return page.evaluate("() => window.innerHeight")
    box = undo.bounding_box()
    assert box is not None, "no Undo in the bottom bar"
    return box["y"] - 2 - 10
