"""`TableTop`, the match screen's to a game's screen: a call that scrolls the game's part back to
its top, where the game's screen puts what a turn needs. A game's screen calls it when a tap far
down (Round 4 in the score sheet's list of rounds) opens something at the top (its correction);
the match screen calls it itself after every action. Outside a match screen it does nothing."""

from __future__ import annotations

import flet as ft

TableTop = ft.create_context(lambda: None)
