"""Which cells the Caro grid draws, and how big: checked against the engine without a browser."""

from __future__ import annotations

import pytest

from companion.games.caro import grid
from scoring import caro
from tests.support.companion.caro_grid import playout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_grid_draws_every_legal_cell_and_only_cells_near_the_caros(players: int) -> None:
    for seed in range(3):
        for match in playout(players, seed):
            near, more = grid.near_cells(match), grid.more_cells(match)
            if not match.board:
                assert near == more == frozenset()
                continue
            board, reach = set(match.board), set(match.cells_in_reach())
            for colour in caro.COLOURS:
                assert set(match.options(colour)) <= near
            assert set(board) <= near <= board | reach
            top, left, bottom, right = match.bounds
            assert all(top - 1 <= r <= bottom + 1 and left - 1 <= c <= right + 1
                       for r, c in near)
            # "Show more cells" adds the rest of the area and the cells outside it next to a caro.
            assert not near & more
            assert near | more == board | reach | grid.outside_area(match)
            if len(board) == 1:
                assert len(near) == 9  # a new game shows the first caro and its ring


def test_cells_stay_thumb_sized_at_any_width_and_any_number_of_columns() -> None:
    for width in (280, 320, 388, 412, 800, 1280):
        for columns in range(1, 20):
            assert grid.MIN_CELL <= grid.cell_size(width, columns) <= grid.MAX_CELL
    assert grid.cell_size(388, 3) == grid.MAX_CELL and grid.cell_size(388, 8) == grid.MIN_CELL


def test_the_last_laid_ring_leaves_the_letter_its_room_at_the_smallest_cell() -> None:
    """The ring is drawn inside the cell's edge: what is left must hold the letter's line
    (about 1.2 times the font size) with room to spare, so the ring never covers the letter."""
    inside = grid.MIN_CELL - 2 * grid.LAST_WIDTH
    assert inside >= 1.5 * grid.LETTER_SIZE
