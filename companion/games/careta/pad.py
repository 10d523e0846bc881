"""The number pad for a stated score: only the scores a play can make (K2), PASS when the play
allows it, and the "card and ally at once" switch that widens the pad to the ally's range."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import flet as ft

from companion.describe.words import figure
from companion.games.careta.look import note, title
from companion.i18n import _, say
from companion.session.drafts import use_draft
from companion.widgets.switch_row import switch_row
from scoring import careta

KEY_W, KEY_H = 54, 48


def _key(label: str, text: str, on_click: Callable[[], None], *, width: int = KEY_W,
         strong: bool = False) -> ft.Control:
    return ft.Semantics(
        label=label,
        button=True,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            content=ft.Text(text, size=18, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if strong else None, semantics_label=""),
            width=width,
            height=KEY_H,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=ft.Colors.PRIMARY if strong else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            on_click=lambda e: on_click(),
        ),
    )


@ft.component
def NumberPad(
    heading: str,
    scores: range,
    on_state: Callable[[int | str, bool], None],
    *,
    key_name: str | None = None,
    allow_pass: bool = False,
    ally_scores: range | None = None,
    hint: str = "",
    draft: Hashable = None,
) -> ft.Control:
    """Keys named by `key_name`, a translated template with {n} ("State {n}", the default), and
    PASS; `on_state(stated, with_ally)` on a tap.

    `ally_scores` is the range for a card and its ally played at once, or None when the player
    may not (their ally is used this set); the switch then does not appear. `draft` names the
    play the pad is for: the switch is this page's draft for it (companion/session/drafts.py).
    """
    with_ally, set_with_ally = use_draft("careta with ally", False, belongs_to=draft)
    at_once = with_ally and ally_scores is not None
    keys_range = ally_scores if at_once and ally_scores is not None else scores
    name = key_name if key_name is not None else _("State {n}")
    keys = [
        _key(name.format(n=figure(n)), figure(n), lambda n=n: on_state(n, at_once))
        for n in keys_range
    ]
    if allow_pass and not at_once:
        pass_word = say(careta.PASS_WORD)
        keys.append(_key(pass_word, pass_word, lambda: on_state("pass", False),
                         width=2 * KEY_W + 6, strong=True))
    parts: list[ft.Control] = [title(heading)]
    if hint:
        parts.append(note(hint))
    if ally_scores is not None:
        parts.append(
            switch_row(_("Card and ally at once"), at_once, set_with_ally)
        )
        if at_once:
            parts.append(note(_("State the combined score: {low} to {high}. No {pass_word} with "
                                "an ally.").format(low=figure(ally_scores.start),
                                                   high=figure(ally_scores.stop - 1),
                                                   pass_word=say(careta.PASS_WORD))))
    parts.append(ft.Row(keys, wrap=True, spacing=6, run_spacing=6,
                        alignment=ft.MainAxisAlignment.CENTER))
    return ft.Column(parts, spacing=8)
