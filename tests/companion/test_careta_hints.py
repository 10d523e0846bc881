"""Careta's hints say the points and the deck as the engine has them (scoring/careta/), so a
ruling changed there changes the hints with it."""

from __future__ import annotations

from companion.describe.words import signed
from companion.games.careta.end import projection
from companion.games.careta.table import changes_text
from scoring import careta


def test_points_are_said_with_their_sign() -> None:
    assert [signed(n) for n in (1, 2, -1, 0)] == ["+1", "+2", "−1", "+0"]
    assert changes_text(careta.Match(["Ann", "Ben"]), {"Ann": 2, "Ben": -1}) == "Ann +2 · Ben −1"


def test_the_deck_the_card_keys_offer_is_the_engine_s() -> None:
    assert careta.NUMBERS == tuple(range(13))
    assert sum(careta.copies(n) for n in careta.NUMBERS) == len(careta.DECK) - 1  # no Trick
    assert careta.copies(0) == 4 and careta.copies(12) == 3


def test_the_projection_gives_the_engine_s_win_point() -> None:
    m = careta.Match(["Ann", "Ben", "Cleo"])
    m.start_set()
    m.start_game(careta.UP, m.starter)
    for _ in range(3):
        player = m.current
        m.play(player, 9 if player == "Cleo" else careta.PASS)
    assert m.projected_winners() == ["Cleo"]
    assert projection(m) == f"Cleo wins with 9: {signed(careta.WIN_POINTS)}."
    assert projection(m) == "Cleo wins with 9: +1."
