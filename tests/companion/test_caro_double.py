"""A colour that scores double (its holder's last caro of it, C7) says so once, on its chip, in
words ("double"); its cells show the doubled figure alone. "×1 = ×2" on the chip and "×2 14" in
the cells read as sums to two trial scorers.

A real Flet session (no browser), driven by the messages a page sends."""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft

from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.tree import every


def last_of_a_colour() -> tuple[caro.Match, str]:
    """A match whose current player holds one caro of some colour, and that colour."""
    m = caro.Match(["Ann", "Ben"])
    while True:
        held = m.remaining(m.current)
        ones = [c for c in caro.COLOURS if held[c] == 1 and m.options(c)]
        if ones:
            return m, ones[0]
        colour = max((c for c in caro.COLOURS if m.options(c)), key=lambda c: held[c] == 3)
        m.lay(colour, sorted(m.options(colour))[0])


def test_a_doubling_colour_says_double_on_its_chip_and_its_cells_show_the_figure(
        tmp_path: Path) -> None:
    match, colour = last_of_a_colour()
    assert match.doubles(colour)
    expected = sorted(match.options(colour).values())
    with Store(tmp_path / "data") as store:
        mid = store.create(match)

    async def run() -> tuple[list[str], list[str]]:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            chip = next(c for c in every(session.page) if isinstance(c, ft.Semantics)
                        and str(c.label).startswith(f"Lay {colour}, 1 left"))
            await session.dispatch_event(chip.content._i, "click", None)
            await asyncio.sleep(0.3)
            texts = [c.value for c in every(session.page)
                     if isinstance(c, ft.Text) and isinstance(c.value, str)]
            cells = [c.value for c in every(session.page) if isinstance(c, ft.Text)
                     and "empty; " in str(c.semantics_label or "")]
            names = [c.label for c in every(session.page) if isinstance(c, ft.Semantics)
                     and str(c.label).startswith("Lay ")]
            return texts, cells, names

    texts, cells, names = run_apart(run())
    # Heard as well as seen: the chip's name says it, the others' do not.
    assert [n for n in names if "double" in n] == [f"Lay {colour}, 1 left, selected, scores "
                                                   "double"]
    assert texts.count("double") == 1  # its chip only: the other colours do not double now
    assert "×1" in texts and not any("=" in t for t in texts if t.startswith("×"))
    assert sorted(int(c) for c in cells) == expected  # the doubled figures, nothing before them
