"""The thumb zone (issue 31): a whole game of each game played through the screen, on a 412 x 915
and a 360 x 640 phone, with at most 5% of its taps above the screen's top third.

Each game is a seeded playout of its test hook (tests/support/games), tapped as a scorekeeper
would (tests/support/app/thumb.py): Caro's colours and cells, Careta's set, direction, pad,
doubt, ally and verdict buttons, Ratel's counts, cards and Pass, Carrera's cards with their fuel.
"""

from __future__ import annotations

import pytest

from tests.support.app.thumb import Taps, plan
from tests.support.app.ui import open_page, see

SIZES = {"412x915": {"width": 412, "height": 915}, "360x640": {"width": 360, "height": 640}}
# A seed a game, whose playout the screen can tap as recorded (no Careta doubt settled by cards,
# no Caro lay forced, no Ratel round entered as a result only).
GAMES = {"caro": 7, "careta": 18, "ratel": 1, "carrera": 1}
PLANS = {game: plan(game, seed) for game, seed in GAMES.items()}
SEEDS = {f"{game}-{size}": (lambda p=p: p.start) for game, p in PLANS.items() for size in SIZES}
MOST_ABOVE = 0.05


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_tapped_in_the_lower_two_thirds(app, browser, game: str,
                                                        size: str) -> None:
    viewport = SIZES[size]
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        open_page(page, f"{app.url}/match/{app.seeded[f'{game}-{size}']}")
        see(page, PLANS[game].start.players[0])
        taps = Taps(page, viewport["height"], viewport["width"])
        taps.play(PLANS[game].steps)
        above = taps.above_third()
        print(f"{game} {size}: {len(taps.ys)} taps, {above} above a third, "
              f"{taps.scrolled_first} steps scrolled to first")
        assert above <= MOST_ABOVE * len(taps.ys), (
            f"{above} of {len(taps.ys)} taps above a third of the screen's height")
    finally:
        context.close()
