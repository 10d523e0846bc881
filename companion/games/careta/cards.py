"""The card picker: the revealed cards entered one by one (a number, then its secondary colour; a 0
by its suit; or the Trick Card), so the engine can decide the verdict itself (K1-K3, K9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.games.careta.look import FILL, INK, TRICK_FILL, cards_row, note
from companion.widgets.icon_action import icon_action
from scoring import careta


def _colour_key(card: careta.Card, colour: str, taken: bool,
                add: Callable[[careta.Card], None]) -> ft.Control:
    """One choice of the second step: the card as the engine names it ("5 red/blue")."""
    return ft.Semantics(
        label=str(card),
        button=True,
        disabled=taken,
        content=ft.Container(
            content=ft.Text(colour, size=15, color=INK[colour], weight=ft.FontWeight.BOLD,
                            semantics_label=""),  # the card's name is the button's
            height=48,
            width=88,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=FILL[colour],
            opacity=0.3 if taken else 1.0,
            on_click=None if taken else (lambda e: add(card)),
        ),
    )


def _number_key(label: str, text: str, on: bool, on_click: Callable[[], None],
                disabled: bool = False, bgcolor: str | None = None) -> ft.Control:
    return ft.Semantics(
        label=label,
        button=True,
        selected=on,
        disabled=disabled,
        content=ft.Container(
            content=ft.Text(text, size=16, weight=ft.FontWeight.BOLD,
                            color="#FFFFFF" if bgcolor or on else None, semantics_label=""),
            width=48,
            height=48,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=ft.Colors.PRIMARY if on else bgcolor or ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            opacity=0.3 if disabled else 1.0,
            on_click=None if disabled else (lambda e: on_click()),
        ),
    )


@ft.component
def CardPicker(count: int, on_done: Callable[[list[careta.Card]], None], done_label: str,
               start: Sequence[careta.Card] = (), what: str = "cards") -> ft.Control:
    """Pick `count` distinct cards; `start` are cards already shown (kept, but removable)."""
    picked, set_picked = ft.use_state(list(start)[:count])
    number, set_number = ft.use_state(None)

    def add(card: careta.Card) -> None:
        if card not in picked and len(picked) < count:
            set_picked([*picked, card])
        set_number(None)

    def remove(card: careta.Card) -> None:
        set_picked([c for c in picked if c != card])

    parts: list[ft.Control] = [
        ft.Text(f"{what.capitalize()} shown: {len(picked)} of {count}", size=15,
                weight=ft.FontWeight.BOLD),
    ]
    if picked:
        parts.append(ft.Row(
            [ft.Row([cards_row([c]), icon_action(ft.Icons.CLOSE, f"Remove {c}",
                                                 lambda e, c=c: remove(c))],
                    spacing=0, tight=True) for c in picked],
            wrap=True, spacing=6))
    if len(picked) < count:
        keys = [
            _number_key(f"Number {n}", str(n), number == n,
                        lambda n=n: set_number(None if number == n else n))
            for n in range(13)
        ]
        keys.append(_number_key("The Trick Card", "T", False, lambda: add(careta.TRICK),
                                disabled=careta.TRICK in picked, bgcolor=TRICK_FILL))
        parts.append(ft.Row(keys, wrap=True, spacing=5, run_spacing=5))
        if number == 0:
            parts.append(note("Which 0? Each suit has one, with no secondary colour."))
            choices = [careta.Card(0, suit=c) for c in careta.COLOURS]
            parts.append(ft.Row([_colour_key(c, c.suit or "", c in picked, add) for c in choices],
                                wrap=True, spacing=6, run_spacing=6))
        elif number is not None:
            suit = careta.suit_of(number)
            parts.append(note(f"A {number} is {suit} ({careta.SUITS[suit]}). Its secondary "
                              "colour (the character):"))
            choices = [careta.Card(number, secondary=c) for c in careta.COLOURS if c != suit]
            parts.append(ft.Row([_colour_key(c, c.secondary or "", c in picked, add)
                                 for c in choices], wrap=True, spacing=6, run_spacing=6))
    parts.append(ft.FilledButton(done_label, icon=ft.Icons.FACT_CHECK, height=48,
                                 disabled=len(picked) != count,
                                 on_click=lambda e: on_done(list(picked))))
    return ft.Column(parts, spacing=8)
