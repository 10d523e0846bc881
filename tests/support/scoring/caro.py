"""Helpers of tests/scoring/test_caro.py that other tests share: RECORDED_3, RECORDED_TIE, play."""

from __future__ import annotations

from scoring import caro


def play(m: caro.Match, *moves: str) -> None:
    """Lay moves written "red 0,1" (or "red 0,1 force") for whoever is current, in order."""
    for move in moves:
        colour, at, *flag = move.split()
        row, col = (int(v) for v in at.split(","))
        m.lay(colour, (row, col), force=flag == ["force"])


# A 3-player game (found by a seeded search): A keeps a grey no cell accepts, so A is skipped;
# then nobody can lay.
RECORDED_3 = ("red 0,0 | black 0,-1 | red 1,-1 | black 1,-2 | black -1,0 | red -1,1 | red 1,-3 | "
              "black 0,-3 | red 0,-4 | black -1,2 | red 0,2 | white 1,-4 | black 2,-4 | "
              "red 3,-4 | white -1,-3 | red -2,-3 | red -1,-2 | white -1,-1 | white 2,-3 | "
              "grey 2,-2 | black -2,-2 | white 1,0 | grey -2,-1 | black -3,-3 | white -3,-2 | "
              "grey -1,-4 | black 3,-3 | grey 1,2 | white -2,0 | grey -2,1 | grey 2,0 | "
              "white 2,-1 | grey -3,-4 | white -2,-4").split(" | ")


# A 2-player game that ends with every caro laid and equal totals.
RECORDED_TIE = ("black 0,0 | white 0,-1 | white 1,0 | red 1,-1 | black 2,0 | white 2,1 | "
                "grey 0,-2 | grey 2,2 | black 3,2 | red 0,1 | grey 4,2 | red -1,-2 | grey 2,-1 | "
                "black 2,3 | white 4,1 | black 4,3 | red 2,-2 | grey 4,0 | white 1,2 | "
                "white 3,-1 | red 3,1 | grey 1,3 | red -1,0 | black -1,1").split(" | ")
