"""Any size (issue 31): what keeps words whole in large text and on a narrow page, without the
server knowing the text's size (Flutter scales it on the page): the scoreboard's chips share a
row but grow with their words, the stepper's amount and Caro's row numbers are as wide as they
need, and a narrow page's app bar keeps its title by holding its actions in one menu. The
browser's view of it: tests/app/test_languages_walk.py at 200% text and 200% zoom."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.widgets.bar_actions import NARROW, bar_actions
from companion.widgets.count_stepper import count_stepper
from companion.widgets.grows import at_least
from companion.widgets.scoreboard import GAP, LEAST_CHIP, chip_width, scoreboard
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game, open_route
from tests.support.companion.tree import every


def rows(*values: str) -> list[tuple[str, str, str]]:
    return [(f"P{i}", f"P{i}", value) for i, value in enumerate(values)]


def test_chips_share_the_row_as_before_on_a_phone() -> None:
    # three long values: three to a row on a 412 px phone (its row 392 px), as the
    # ResponsiveRow's spans gave
    assert chip_width(rows("0 trophies, 5 fuel", "0 trophies, 5 fuel", "1 trophy, 2 fuel"),
                      392) == (392 - 2 * GAP) / 3 - 0.5
    # four short figures in one row
    assert chip_width(rows("10", "8", "3", "0"), 392) == (392 - 3 * GAP) / 4 - 0.5


def test_a_narrow_row_takes_fewer_chips_each_at_least_the_least_width() -> None:
    three = rows("0 trophies, 5 fuel", "0 trophies, 5 fuel", "1 trophy, 2 fuel")
    assert chip_width(three, 186) == (186 - GAP) / 2 - 0.5  # 206 px (zoom 200%): two
    assert chip_width(three, 255) == (255 - 2 * GAP) / 3 - 0.5  # 275 px (zoom 150%): three
    assert chip_width(three, 150) == 150 - 0.5  # narrower still: one
    for width in (100, 186, 255, 392, 1260):
        assert chip_width(three, width) >= min(LEAST_CHIP, width) - 0.5


def test_a_chip_is_as_wide_as_its_share_or_its_words_and_the_row_wraps() -> None:
    board = scoreboard([("Suns (Ann, Cleo)", "0/10"), ("Moons (Ben, Dan)", "1/10")], width=186)
    assert isinstance(board, ft.Row) and board.wrap  # a chip that needs more goes under
    for chip in board.controls:
        least, _fill, words = chip.content.controls
        assert least.width == 89.5 and least.content is None  # the least width, empty
        title = words.content.controls[0]
        assert title.value.startswith(("Suns", "Moons"))
        assert not title.no_wrap and title.overflow != ft.TextOverflow.ELLIPSIS  # never "…"


def test_the_steppers_amount_and_its_least_width() -> None:
    row = count_stepper(10, 1, 50, lambda n: None, unit="points")
    amount = row.controls[1]
    box, text = amount.controls
    assert box.width == 84 and text.value == "10 points" and text.no_wrap  # never "point / s"
    assert at_least(20, ft.Text("x")).controls[0].width == 20


def test_a_narrow_pages_app_bar_holds_its_actions_in_one_menu() -> None:
    entries = [(ft.Icons.MENU_BOOK, "Rules", lambda e: None, False),
               (ft.Icons.HISTORY, "Timeline", lambda e: None, True)]
    wide = bar_actions(NARROW, entries)
    assert [type(c) for c in wide] == [ft.IconButton, ft.IconButton]
    assert wide[1].disabled
    (menu,) = bar_actions(NARROW - 1, entries)
    assert isinstance(menu, ft.PopupMenuButton)
    assert menu.icon.semantics_label == "More options"
    assert [(i.content, i.disabled) for i in menu.items] == [("Rules", False), ("Timeline", True)]
    # one action alone stays itself
    assert [type(c) for c in bar_actions(200, entries[:1])] == [ft.IconButton]


def test_the_match_screens_band_and_table_show_their_scrollbars(tmp_path: Path) -> None:
    """The band above the table and the table below it scroll apart: at 200% text the band's
    last chips and the turn's lower rows sit out of sight, so each shows its scrollbar whenever
    it has more to show (Flutter draws none while all of it fits)."""
    with Store(tmp_path / "data") as store:
        mid = store.create(mid_game())

    async def look() -> list[object]:
        with Store(tmp_path / "data") as store:
            session = await open_route(store, tmp_path, f"/match/{mid}")
            (view,) = [c for c in every(session.page) if isinstance(c, ft.View)][-1:]
            return [part.content.scroll for part in view.controls]

    assert run_apart(look()) == [ft.ScrollMode.ALWAYS, ft.ScrollMode.ALWAYS]
