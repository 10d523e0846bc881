"""A doubt at the table: who doubts, then what the revealed cards say. The scorekeeper taps the
verdict the table agreed on, or enters the cards and lets the engine decide (K7, K9)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import flet as ft

from companion.games.careta.cards import CardPicker
from companion.games.careta.look import note, panel, title, toggle
from companion.i18n import _
from companion.session.drafts import use_draft
from scoring import careta


@ft.component
def DoubtPanel(
    heading: str,
    players: list[str],
    allowed: list[str],
    verdicts: list[tuple[str, Any]],
    cards: int,
    on_truth: Callable[[list[str], Any], None],
    on_cancel: Callable[[], None],
    *,
    start_cards: Sequence[careta.Card] = (),
    cards_label: str = "",
    hint: str = "",
    nobody: tuple[str, Callable[[], None]] | None = None,
    colours_needed: Callable[[Sequence[careta.Card]], list[int]] = careta.play_colours_needed,
    cause: bool = False,
    draft: Hashable = None,
) -> ft.Control:
    """Doubter toggles (only `allowed` players can be picked: K7, K10), then the verdict buttons
    (`verdicts`: (button text, truth for the engine)) or the card picker for `cards` cards.

    `nobody` is (button text, on tap) for the claim nobody doubts (Cause, K9): it is offered only
    while no doubter is picked, so a tap on it can never drop a doubt already named.

    `draft` names the doubt (its claim and the version it was opened at): the doubters and cards
    picked are this page's draft for it (companion/session/drafts.py)."""
    doubters, set_doubters = use_draft("careta doubters", [], belongs_to=draft)
    picking, set_picking = use_draft("careta doubt cards", False, belongs_to=draft)

    def flip(p: str) -> None:
        chosen = set(doubters) ^ {p}
        set_doubters([q for q in players if q in chosen])  # seating order

    ready = bool(doubters)
    parts: list[ft.Control] = [title(heading)]
    if hint:
        parts.append(note(hint))
    if nobody is not None:
        text, undoubted = nobody
        parts.append(ft.FilledButton(text, icon=ft.Icons.CHECK, height=48, disabled=ready,
                                     on_click=lambda e: undoubted()))
    parts.append(ft.Text(_("Who doubts? (the first after the player in turn order scores if "
                           "it was a lie)"), size=14))
    parts.append(ft.Row(
        [toggle(_("{player} doubts").format(player=p), p, p in doubters, lambda e, p=p: flip(p),
                disabled=p not in allowed) for p in players],
        wrap=True, spacing=6, run_spacing=6))
    if picking:
        parts.append(CardPicker(count=cards, start=start_cards, done_label=_("Check the cards"),
                                on_done=lambda shown: on_truth(list(doubters), shown),
                                colours_needed=colours_needed, cause=cause,
                                draft=(draft, "cards")))
    else:
        buttons = [
            ft.FilledButton(text, height=48, disabled=not ready,
                            on_click=lambda e, truth=truth: on_truth(list(doubters), truth))
            for text, truth in verdicts
        ]
        buttons.append(ft.OutlinedButton(cards_label or _("Enter the cards"),
                                         icon=ft.Icons.STYLE, height=48,
                                         disabled=not ready,
                                         on_click=lambda e: set_picking(True)))
        parts.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
        if not ready:
            parts.append(note(_("Pick who doubts first.")))
    parts.append(ft.TextButton(_("Cancel"), height=48, on_click=lambda e: on_cancel()))
    return panel(parts, tone="ask")
