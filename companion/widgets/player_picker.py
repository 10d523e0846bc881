"""Players in seating order: typed or picked from people who played before, reorderable."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable

import flet as ft

from companion import fonts
from companion.i18n import _, ngettext, say
from companion.session.drafts import use_draft
from companion.session.in_step import REPLY_WAIT
from companion.widgets.icon_action import icon_action
from companion.widgets.message_line import message_line
from scoring import names

log = logging.getLogger(__name__)


def name_problem(name: str, players: list[str]) -> str | None:
    """Why `name` (tidied already) cannot join `players`, or None when it can: the rules' own
    checks for a new player's name (`scoring.names`), asked here so the message comes before
    Start, by the name field."""
    if not name:
        return _("Type a name first.")
    why = names.name_problem(name)
    if why:
        return say(why)  # the rules' words (data where the engine gives it)
    rule_why = names.new_name_problem(name)
    if rule_why:
        return say(rule_why[1])
    for player in players:
        if names.looks_like(name, player):
            if player.casefold() == name.casefold():
                return _("{name} is already playing.").format(name=name)
            return _("“{name}” looks the same as {player}, who is already playing: choose "
                     "another name.").format(name=name, player=player)
    return None


def undrawn_warning(name: str) -> str | None:
    """What New match says of a name with characters no font of the app draws (they would show
    as boxes, silently), naming them by code; None when every one is drawn. A warning only: the
    name is the player's, and kept."""
    missing = fonts.undrawable(name)
    if not missing:
        return None
    codes = " ".join(f"U+{ord(c):04X}" for c in missing[:4]) + (" …" if len(missing) > 4 else "")
    return _("“{name}” has letters the app cannot draw ({codes}): they show as empty boxes."
             ).format(name=name, codes=codes)


def warning_line(text: str) -> ft.Control:
    return ft.Row(
        [ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.TERTIARY, size=20),
         ft.Text(text, expand=True, size=15)],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


@ft.component
def PlayerPicker(
    players: list[str],
    set_players: Callable[[list[str]], None],
    known: list[str],
    most: int,
    narrow: bool = False,
) -> ft.Control:
    """`narrow`: the page is narrower than NARROW (companion/session/viewport.py)."""
    draft, set_draft = use_draft("player name", "")  # a name half typed stays for this page
    problem, set_problem = ft.use_state("")

    def add(typed: str) -> None:
        name = names.tidy(typed)  # a pasted zero-width space or line break just goes
        why = name_problem(name, players)
        if why is None and len(players) >= most:
            why = ngettext("This game takes at most {n} player.",
                           "This game takes at most {n} players.", most).format(n=say(most))
        if why:
            set_problem(why)
            return
        set_players([*players, name])
        set_draft("")
        set_problem("")

    async def focus(field: ft.TextField) -> None:
        # Bounded: a page that never answers holds the handler REPLY_WAIT at most.
        try:
            await field._invoke_method("focus", None, REPLY_WAIT)
        except Exception as error:  # noqa: BLE001 (a page gone or slow: the focus just stays off)
            log.debug("The page did not take the focus back: %r", error)

    async def submitted(e: ft.Event) -> None:
        # Flutter's text field lets go of the focus on Enter: the next name is typed into it
        # straight away, from a keyboard too (and a refused name is corrected in place).
        add(e.control.value)
        await focus(e.control)

    # A refused name's message goes as soon as its cause may have: the name or the players change.
    def edit(text: str) -> None:
        set_draft(text)
        set_problem("")

    def move(index: int, step: int) -> None:
        order = list(players)
        if not (0 <= index < len(order) and 0 <= index + step < len(order)):
            return  # the first cannot go up nor the last down (a crafted tap on a greyed arrow)
        order[index], order[index + step] = order[index + step], order[index]
        set_players(order)
        set_problem("")

    def remove(index: int) -> None:
        set_players([p for i, p in enumerate(players) if i != index])
        set_problem("")

    rows = []
    for i, name in enumerate(players):
        rows.append(
            ft.Row(
                [
                    ft.Text(_("{n}.").format(n=say(i + 1)), width=28),
                    ft.Text(name, expand=True, size=16),  # wraps, never cut
                    icon_action(ft.Icons.ARROW_UPWARD, _("Move {name} up").format(name=name),
                                lambda e, i=i: move(i, -1), disabled=i == 0),
                    icon_action(ft.Icons.ARROW_DOWNWARD, _("Move {name} down").format(name=name),
                                lambda e, i=i: move(i, 1), disabled=i == len(players) - 1),
                    icon_action(ft.Icons.CLOSE, _("Remove {name}").format(name=name),
                                lambda e, i=i: remove(i)),
                ],
                spacing=0,
                key=f"player {name}",  # a row removed or moved takes nothing else with it
            )
        )
    # People who played before, less those the rules would refuse here (a look-alike of a
    # player, or a name kept from before a rule was added): the first 12 that pass, worked out
    # again only when the players or the names change, not at every keystroke in the field.
    choices = ft.use_memo(
        lambda: list(itertools.islice((n for n in known if name_problem(n, players) is None),
                                      12)),
        [tuple(known), tuple(players)])
    name_field = ft.TextField(label=_("Player name"), value=draft,
                              on_change=lambda e: edit(e.control.value), on_submit=submitted,
                              dense=True, expand=not narrow)
    add_button = ft.Button(_("Add"), on_click=lambda e: add(draft), height=48)
    # The typed name as it would be added, then each player's: warned of before Start.
    warnings = [w for w in dict.fromkeys(
        undrawn_warning(n) for n in (names.tidy(draft), *players) if n) if w]
    return ft.Column(
        [
            ft.Text(_("Players in seating order (turn order)"), weight=ft.FontWeight.BOLD),
            *rows,
            # The field and Add side by side; on a narrow screen Add goes under the field,
            # which keeps the row's width (its label took four lines a syllable at a time).
            (ft.Column([name_field, add_button], spacing=6, key="name field",
                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
             if narrow else
             # the key keeps the name being typed when a player row goes
             ft.Row([name_field, add_button], key="name field",
                    vertical_alignment=ft.CrossAxisAlignment.START)),
            message_line(problem, error=True),
            *(warning_line(w) for w in warnings),
            ft.Row(
                [
                    # Read as what a tap does ("Add Ann"), shown as the name alone.
                    ft.OutlinedButton(content=ft.Text(n, semantics_label=_("Add {name}").format(
                        name=n)), on_click=lambda e, n=n: add(n), height=48)
                    for n in choices
                ],
                wrap=True,
            )
            if choices
            else ft.Container(height=0),
        ],
        spacing=6,
    )
