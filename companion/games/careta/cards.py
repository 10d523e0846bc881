"""The card picker: the revealed cards entered one by one by number (or the Trick Card), then only
the colours the engine says decide the verdict, so it can decide the verdict itself (K1-K3, K9)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import flet as ft

from companion.games.careta.look import FILL, INK, TRICK_FILL, cards_row, note
from companion.i18n import _, say
from companion.session.drafts import use_draft
from companion.widgets.icon_action import icon_action
from companion.widgets.why import with_why
from scoring import careta


def _colour_key(card: careta.Card, colour: str, taken: bool,
                add: Callable[[careta.Card], None]) -> ft.Control:
    """One choice of the second step: the card as the engine names it ("5 red/blue")."""
    return ft.Semantics(
        label=say(card.phrase),
        button=True,
        disabled=taken,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            content=ft.Text(say(careta.COLOUR_WORDS[colour]), size=15, color=INK[colour],
                            weight=ft.FontWeight.BOLD,
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
            ink=True,  # a tab stop, acting on Enter and Space
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
def CardPicker(count: int, on_done: Callable[[list[careta.Card]], None] | None = None,
               done_label: str | None = None,
               start: Sequence[careta.Card] = (), heading: str | None = None, player: str = "",
               colours_needed: Callable[[Sequence[careta.Card]], list[int]] =
               careta.play_colours_needed,
               cause: bool = False,
               on_change: Callable[[list[careta.Card]], None] | None = None,
               draft: Hashable = None) -> ft.Control:
    """Pick `count` cards by number; `start` are cards already shown (kept, but removable).

    A colour is asked only where `colours_needed` (the engine) says it decides the verdict: never
    for one card (its score is its number), an ally's colours only when they decide whether the
    two are valid allies, a Cause's 0 cards only when their suit decides it.

    `on_change` hears every pick, so the caller can show what the cards decide as they are
    entered; without `done_label` the picker has no button of its own (the caller's commits).
    `heading` (translated, with {n}, {count} and {player}) says how many are entered; `cause`:
    the cards are a hand claiming Cause (K9), not a play. `draft` names what the cards are
    for: the cards picked are this page's draft for it (companion/session/drafts.py)."""
    picked, set_picked = use_draft("careta cards", lambda: list(start)[:count], belongs_to=draft)

    def pick(cards: list[careta.Card]) -> None:
        set_picked(cards)
        if on_change is not None:
            on_change(cards)

    def add(card: careta.Card) -> None:
        if len(picked) < count:
            pick([*picked, card])

    def remove(i: int) -> None:
        pick(picked[:i] + picked[i + 1:])

    def settle(i: int, card: careta.Card) -> None:
        pick(picked[:i] + [card] + picked[i + 1:])

    needed = colours_needed(picked) if len(picked) == count else []
    parts: list[ft.Control] = [
        ft.Text((heading or _("Cards shown: {n} of {count}")).format(
            n=say(len(picked)), count=say(count), player=player), size=15,
            weight=ft.FontWeight.BOLD),
    ]
    if picked:
        parts.append(ft.Row(
            [ft.Row([cards_row([c]), icon_action(ft.Icons.CLOSE, _("Remove {card}").format(
                card=say(c.phrase)),
                                                 lambda e, i=i: remove(i))],
                    spacing=0, tight=True) for i, c in enumerate(picked)],
            wrap=True, spacing=6))
    if len(picked) < count:
        keys = [
            _number_key(_("Number {n}").format(n=say(n)), say(n), False,
                        lambda n=n: add(careta.Card(n)),
                        disabled=sum(c.number == n and not c.trick for c in picked)
                        >= careta.copies(n))
            for n in careta.NUMBERS
        ]
        keys.append(_number_key(say(careta.TRICK.phrase), _("T"), False,
                                lambda: add(careta.TRICK),
                                disabled=careta.TRICK in picked, bgcolor=TRICK_FILL))
        parts.append(ft.Row(keys, wrap=True, spacing=5, run_spacing=5))
    elif needed:
        i = needed[0]
        card = picked[i]
        others = picked[:i] + picked[i + 1:]
        choices = [c for c in card.could_be() if c not in others]
        if card.number == 0 and cause:
            ask = _("Which 0? Its suit decides whether the hand is a Cause.")
        elif card.number == 0:
            ask = _("Which 0? Its suit decides whether the two cards are valid allies.")
        elif cause:
            ask = _("Which {number}? Its secondary colour (the character) decides whether the "
                    "hand is a Cause.")
        else:
            ask = _("Which {number}? Its secondary colour (the character) decides whether the "
                    "two cards are valid allies.")
        parts.append(with_why(note(ask.format(number=say(card.number))),
                              "K9" if cause else "K3"))
        parts.append(ft.Row(
            [_colour_key(c, (c.suit if card.number == 0 else c.secondary) or "", False,
                         lambda c, i=i: settle(i, c)) for c in choices],
            wrap=True, spacing=6, run_spacing=6))
    if done_label is not None and on_done is not None:
        parts.append(ft.FilledButton(done_label, icon=ft.Icons.FACT_CHECK, height=48,
                                     disabled=len(picked) != count or bool(needed),
                                     on_click=lambda e: on_done(list(picked))))
    return ft.Column(parts, spacing=8)
