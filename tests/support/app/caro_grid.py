"""Helpers of tests/app/test_caro_grid.py that other tests share: cell_boxes."""

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
