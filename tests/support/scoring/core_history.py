"""Helpers of tests/scoring/test_core_history.py that other tests share: playouts."""

from __future__ import annotations

import random
from typing import Any

from tests.support.scoring import (
    careta_playout,
    caro_playout,
    carrera_playout,
    ratel_playout,
)


def playouts() -> list[tuple[str, list[dict[str, Any]]]]:
    """The events of a few finished matches of every game, undo and redo included on the way."""
    out = []
    for seed in range(3):
        m, _ = ratel_playout.playout(seed, ("damage", "short", "penalty")[seed], 0.3)
        out.append((f"ratel-{seed}", m.events))
        m = caro_playout.playout(2 + seed, seed, True, True, True)
        out.append((f"caro-{seed}", m.events))
        out.append((f"carrera-{seed}", carrera_playout.playout(seed, "ask").events))
        chooser = careta_playout.Chooser(rng=random.Random(seed))
        out.append((f"careta-{seed}", careta_playout.playout(chooser, cap=600).events))
    return out
