"""Cause! (K9): a player claims it before their first card of the set; nobody doubts (+1), or the
doubters are named and the hand is judged, by the table's word or by its 4 cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import signed
from companion.games.careta.doubt import DoubtPanel
from companion.i18n import _
from scoring import careta


def cause_panel(match: careta.Match, player: str, act: Callable[..., bool],
                close: Callable[[], None], version: int) -> ft.Control:
    def claim(doubters: list[str], truth: Any) -> None:
        if act(lambda m: m.cause(player, doubters, truth)):
            close()

    def undoubted() -> None:
        if act(lambda m: m.cause(player)):
            close()

    return DoubtPanel(
        heading=_("{player} claims Cause").format(player=player),
        hint=_("One card of each suit, or four of one suit (0 cards count by their suit; the "
               "Trick Card has none). Undoubted: {undoubted}. Doubted and true: {shown}. "
               "Doubted and false: {false}, and the first doubter {unmask}.").format(
            undoubted=signed(careta.CAUSE_POINTS), shown=signed(careta.CAUSE_SHOWN_POINTS),
            false=signed(careta.NO_CAUSE_POINTS), unmask=signed(careta.UNMASK_POINTS)),
        players=match.players,
        allowed=match.cause_doubters_allowed(player),
        verdicts=[(_("Had Cause"), True), (_("No Cause"), False)],
        cards=careta.HAND_SIZE,
        cards_label=_("Enter the 4 cards"),
        on_truth=claim,
        on_cancel=close,
        nobody=(_("Nobody doubts {player}").format(player=player), undoubted),
        colours_needed=careta.cause_colours_needed,  # K9: suits count, secondaries never
        cause=True,
        key=f"cause-{player}-{version}",
        draft=f"cause-{player}-{version}",
    )
