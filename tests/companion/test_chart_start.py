"""A chart before the first step (issue 31): no dot on the axes' corner, where every side's one
point would pile up and hide the 0; the dots come with the first step."""

from __future__ import annotations

from companion.describe.progress import Series
from companion.screens.chart import _chart


def lines(series: Series) -> list:
    return _chart(series).content.data_series


def test_no_steps_yet_draws_no_dots() -> None:
    start = Series("Points", {"Ann": [0], "Ben": [0], "Cleo": [0]})
    assert all(line.point is False for line in lines(start))


def test_a_step_draws_the_dots() -> None:
    after = Series("Points", {"Ann": [0, 3], "Ben": [0, 0]})
    assert all(line.point not in (False, None) for line in lines(after))
