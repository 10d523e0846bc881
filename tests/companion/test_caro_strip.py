"""Which legal cells of a sideways-scrolling Caro grid are out of view, where a chip's tap
scrolls, and what a page's scroll report can change (checked without a browser)."""

from __future__ import annotations

import pytest

from companion.games.caro import grid
from companion.games.caro.strip import Strip, off_screen
from tests.support.companion.caro_grid import playout

PHONE = 412 - 24  # the grid's width on a 412 px phone (the page's padding)
EIGHT = Strip(first=3, columns=8, size=48, gap=2, viewport=PHONE - grid.LABEL - grid.GAP)


def test_a_cell_cut_by_either_edge_is_out_of_view_on_its_side() -> None:
    assert EIGHT.width == 398 and EIGHT.furthest == 30
    assert EIGHT.hidden([3, 9, 10, 10], 0) == {"left": [], "right": [10, 10]}
    assert EIGHT.hidden([3, 9, 10], 30) == {"left": [3], "right": []}
    assert EIGHT.hidden([3, 10], 15) == {"left": [3], "right": [10]}


def test_a_tap_brings_every_hidden_cell_on_its_side_into_view_or_the_nearest_ones() -> None:
    for offset in (0.0, 15.0):
        target = EIGHT.reveal("right", EIGHT.hidden([10], offset)["right"], offset)
        assert not EIGHT.hidden([10], target)["right"]
    assert EIGHT.reveal("left", [3], 30) == 0
    wide = Strip(first=0, columns=20, size=48, gap=2, viewport=368)  # "more cells": 20 across
    hidden = wide.hidden(range(20), 0)["right"]
    target = wide.reveal("right", hidden, 0)
    assert hidden[0] not in wide.hidden([hidden[0]], target)["right"]  # the nearest, wholly
    assert wide.left_of(hidden[0]) >= target


@pytest.mark.parametrize("reported", [float("nan"), float("inf"), -float("inf"), "lots", None,
                                      True, [1], {"x": 1}])
def test_a_report_that_is_no_finite_number_reads_as_the_left_edge(reported: object) -> None:
    assert EIGHT.clamp(reported) == 0.0


def test_a_report_beyond_either_edge_is_clamped_to_it() -> None:
    assert EIGHT.clamp(1e308) == EIGHT.furthest and EIGHT.clamp(-5e9) == 0.0
    assert EIGHT.clamp(12) == 12.0


def test_the_chips_words() -> None:
    assert off_screen(3, "right") == "3 legal cells off screen to the right"
    assert off_screen(1, "left") == "1 legal cell off screen to the left"
    assert off_screen(2, "left", short=True) == "2 off screen"


def test_a_three_player_grid_is_at_most_one_column_wider_than_its_area() -> None:
    """A 7 x 7 area: the laid caros span at most 7 columns, and their ring one more, when
    both sides are still in reach (8 columns: 418 px, so that grid scrolls on a 412 px phone;
    the chip covers it). Mostly it fits, each cell a thumb's width."""
    widths = []
    for seed in range(5):
        for match in playout(3, seed):
            if not match.board:
                continue
            cols = {c for _, c in grid.near_cells(match)}
            assert len(cols) <= match.area + 1 == 8
            assert grid.cell_size(PHONE, len(cols)) >= grid.MIN_CELL
            widths.append(len(cols))
        assert match.is_over
    assert widths.count(8) < len(widths) / 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_final_board_fits_the_phone_whole(players: int) -> None:
    for seed in range(5):
        *_, match = playout(players, seed)
        top, left, bottom, right = match.bounds
        columns = right - left + 1
        size = grid.fitted_size(PHONE, columns)
        assert grid.LABEL + grid.GAP + columns * (size + grid.GAP) - grid.GAP <= PHONE
        # The letter keeps its room inside the "last laid" ring at the fitted size.
        assert size - 2 * grid.last_width(size) >= 1.5 * grid.letter_size(size)
