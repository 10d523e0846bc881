"""A Ratel round entered as a result only (R7), before its first play: the escape order in the
standard and short games, or who went out and the cards left in every other hand (penalty)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.ratel.parts import names
from companion.i18n import _, ngettext, say
from companion.session.drafts import use_draft
from companion.session.shapes import offered
from companion.widgets.number_entry import count_field, typed_count
from companion.widgets.why import with_why
from scoring import ratel
from scoring.said import Signed, listed


def _box(parts: list[ft.Control]) -> ft.Control:
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=10,
        padding=10,
        content=ft.Column(parts, spacing=8),
    )


def _escaped_button(name: str, place: int) -> str:
    """ "Ann escaped 1st": one whole sentence per place (five at most escape before the last),
    so each language says its own ordinal."""
    sentences = (_("{player} escaped 1st"), _("{player} escaped 2nd"), _("{player} escaped 3rd"),
                 _("{player} escaped 4th"), _("{player} escaped 5th"), _("{player} escaped 6th"))
    return sentences[min(place, len(sentences)) - 1].format(player=name)


def _escape_order(match: ratel.Match, act: Callable[..., bool], order: list[str],
                  together: int, set_draft: Callable[[list[str], int], None]) -> ft.Control:
    players = match.players
    left = [p for p in players if p not in order]
    complete = len(left) == 1
    full = order + left if complete else order
    parts: list[ft.Control] = [
        ft.Text(_("Round {round} result").format(round=match.round_no), size=18,
                weight=ft.FontWeight.BOLD),
        with_why(ft.Text(_("Tap the players in the order they escaped; the last one left takes "
                           "the damage. Players who escaped in one trick: tap its winner first."),
                         size=14), "R4"),
    ]
    for i, name in enumerate(order):
        parts.append(ft.Text(f"{i + 1}. {_escaped_button(name, i + 1)}", size=15))
    if complete:
        loser = left[0]
        choices = [ft.Radio(value="0", label=_("{player} was left holding cards: 1 damage")
                            .format(player=loser))]
        for k in range(2, len(players) + 1):
            group = full[-k:]  # listed from the trick's winner (R4)
            choices.append(ft.Radio(value=str(k), label=ngettext(
                "The last {n} escaped together ({player} first)",
                "The last {n} escaped together ({player} first)", k).format(n=k,
                                                                            player=group[0])))
        parts.append(ft.RadioGroup(
            value=str(together),
            on_change=lambda e: (chosen := offered(e.control.value, [c.value for c in choices]))
            and set_draft(order, int(chosen)),
            content=ft.Column(choices, spacing=0)))
        if together:
            group = full[-together:]
            parts.append(with_why(ft.Text(_("{players} escaped in one trick: nobody takes "
                                            "damage; {player} won it and leads.").format(
                                                players=names(group), player=group[0]), size=15,
                                          weight=ft.FontWeight.BOLD), "R5"))
        else:
            parts.append(ft.Text(_("{player} is left holding cards and takes the damage.")
                                 .format(player=loser), size=15, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.ERROR))
    else:
        place = len(order) + 1
        parts.append(ft.Row([ft.FilledTonalButton(_escaped_button(name, place), height=48,
                                                  on_click=lambda e, n=name: set_draft(
                                                      [*order, n], 0))
                             for name in left], wrap=True, spacing=8, run_spacing=8))

    def record(e: Any) -> None:
        if act(lambda m: m.record_round(order=full, together=together or None)):
            set_draft([], 0)

    parts.append(ft.Row(
        [ft.FilledButton(_("Record round {round}").format(round=match.round_no),
                         icon=ft.Icons.CHECK, height=52, disabled=not complete, on_click=record),
         ft.TextButton(_("Start again"), height=48, disabled=not order,
                       on_click=lambda e: set_draft([], 0))],
        wrap=True, spacing=8,
    ))
    return _box(parts)


def _penalty_hands(match: ratel.Match, act: Callable[..., bool], out: str | None,
                   typed: dict[str, str],
                   set_entry: Callable[[str | None, dict[str, str]], None]) -> ft.Control:
    """Who went out, then each other hand typed as a number; the engine says at once what the
    deal cannot produce, and Record stays off until every hand is typed and fits."""
    players = match.players
    parts: list[ft.Control] = [
        ft.Text(_("Round {round} result").format(round=match.round_no), size=18,
                weight=ft.FontWeight.BOLD),
        ft.Text(_("Who ran out of cards?"), size=14),
        ft.RadioGroup(
            value=out,
            on_change=lambda e: (chosen := offered(e.control.value, players))
            and set_entry(chosen, typed),
            content=ft.Column([ft.Radio(value=p, label=_("{player} went out").format(player=p),
                                         height=48)
                               for p in players], spacing=0),
        ),
    ]
    others = [p for p in players if p != out]
    hands = {p: typed_count(typed.get(p, "")) for p in others}
    filled = {p: n for p, n in hands.items() if n != ""}
    error = match.penalty_hands_violation(filled) if out is not None else None
    if out is not None:
        parts.append(ft.Text(_("Cards left in hand (penalty points):"), size=14))
        for name in others:
            parts.append(count_field(
                _("{player}'s cards left").format(player=name), typed.get(name, ""),
                lambda text, name=name: set_entry(out, {**typed, name: text}),
            ))
    complete = out is not None and len(filled) == len(others)

    def record(e: Any) -> None:
        if act(lambda m: m.record_round(out=out, hands=hands)):
            set_entry(None, {})

    # What is wrong, or what is left to type, right under the fields it is about (issue 31:
    # under the button it sat a screen's height from the hand it refused at 200% text).
    if error is not None:
        parts.append(ft.Text(say(error.said), size=14, color=ft.Colors.ERROR))
    elif out is not None and not complete:
        parts.append(ft.Text(_("Type the cards left in every other hand."), size=13,
                             color=ft.Colors.ON_SURFACE_VARIANT))
    elif complete:
        # a name and a signed figure side by side ("Ann +3"): nothing in it to translate
        scored = [f"{p} {say(Signed(n))}" for p, n in hands.items() if isinstance(n, int)]
        parts.append(ft.Text(_("Penalty points: {scored}.").format(scored=say(listed(scored))),
                             size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    parts.append(ft.FilledButton(_("Record round {round}").format(round=match.round_no),
                                 icon=ft.Icons.CHECK, height=52,
                                 disabled=not complete or error is not None, on_click=record))
    return _box(parts)


@ft.component
def RoundResult(match: ratel.Match, act: Callable[..., bool], version: int) -> ft.Control:
    """The result form for the round about to start; nothing is recorded until "Record". What is
    picked and typed is this page's draft for the round (companion/session/drafts.py): it stays
    when the scorekeeper opens another screen and comes back, and goes when the round does."""
    round_no = match.round_no
    # (escape order, how many escaped together) and (who went out, hands typed)
    order_draft, set_order_draft = use_draft("ratel result order", ([], 0), belongs_to=round_no)
    penalty_draft, set_penalty_draft = use_draft("ratel result hands", (None, {}),
                                                 belongs_to=round_no)
    if match.mode == "penalty":
        out, typed = penalty_draft
        return _penalty_hands(match, act, out, typed,
                              lambda o, h: set_penalty_draft((o, dict(h))))
    order, together = order_draft
    order = [p for p in order if p in match.players]
    return _escape_order(match, act, order, together,
                         lambda o, k: set_order_draft((list(o), k)))
