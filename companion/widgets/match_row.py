"""One stored match in a list (Continue, History): tap to open, export it, or delete it after
asking."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _, say, words
from companion.session.context import use_services
from companion.session.files import use_file_picker
from companion.session.viewport import use_page_width
from companion.widgets.bar_actions import NARROW
from companion.widgets.export_dialog import show_export_dialog
from companion.widgets.icon_action import icon_action
from scoring import RuleViolation
from scoring.said import listed


@ft.component
def MatchRow(summary: Any, when: str, on_change: Callable[[], None],
             note: str = "", variant: str | None = None) -> ft.Control:
    """`note`: a line of its own under the result (a series' game number and totals);
    `variant`: the summary's variant as said already (a list says each distinct one once:
    describe/words.py's `said_once`), else said here."""
    services = use_services()
    page = ft.context.page
    narrow = use_page_width() < NARROW  # Export and Delete under the words, not beside them
    title = say(summary.title_word)
    # A summary's rows are values (storage/index.py): each figure said in the reader's language.
    standing = " · ".join(_("{player} {score}").format(player=say(row.name),
                                                       score=row.text_in(words()))
                          for row in (summary.standings or []))
    if summary.status == "finished":  # who won, and by how much: the final standings too
        # A Careta team's win names the team; a summary made without won_by has its winners.
        # (A team left unnamed is a value: "Equipo A (Ann, Cleo)" in this reader's language.)
        won = say(listed(summary.won_by or summary.winners, "members"))  # "Ann、Ben" in Japanese
        if won and standing:
            detail = _("Won by {winners}: {standings}").format(winners=won, standings=standing)
        elif won:
            detail = _("Won by {winners}").format(winners=won)
        elif standing:
            detail = _("Finished: {standings}").format(standings=standing)
        else:
            detail = _("Finished")
    else:
        detail = standing
    if variant is None:
        variant = say(summary.variant)  # "short game": the summary words it, any game
    players = say(listed(summary.players, "members"))
    label = (_("{game} ({variant}): {players}") if variant
             else _("{game}: {players}")).format(game=title, variant=variant, players=players)
    picker = use_file_picker()  # for the export, made while rendering

    def delete(e: Any) -> None:
        def confirm(e: Any) -> None:
            page.pop_dialog()
            try:
                services.tables.delete(summary.id)
            except RuleViolation as error:  # Locked: this device has not entered the PIN
                page.show_dialog(ft.SnackBar(ft.Text(say(error.said))))
                return
            on_change()

        page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(_("Delete this match?")),
                content=ft.Text(_("{match}, {when}. This cannot be undone.").format(
                    match=label, when=when)),
                actions=[
                    ft.TextButton(_("Cancel"), on_click=lambda e: page.pop_dialog()),
                    ft.FilledButton(_("Delete"), on_click=confirm),
                ],
            )
        )

    # A node of its own (container=True): else its name and role go to the card's node, and
    # Export and Delete read as buttons inside the Open button.
    opener = ft.Semantics(
        label=_("Open {match}").format(match=label), button=True, container=True,
        expand=not narrow, content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            content=ft.Column(
                [
                    ft.Text(label, weight=ft.FontWeight.BOLD, size=15),
                    ft.Text(detail, size=14),
                    *([ft.Text(note, size=14, weight=ft.FontWeight.BOLD)] if note else []),
                    ft.Text(when, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=2,
            ),
            padding=12,
            expand=not narrow,
            on_click=lambda e: page.navigate(f"/match/{summary.id}"),
        ))
    actions = [
        icon_action(ft.Icons.DOWNLOAD, _("Export {match}").format(match=label),
                    lambda e: show_export_dialog(picker, services.tables, summary.id,
                                                 label, desktop=services.desktop)),
        # Only the scorekeeper deletes: a follower is not offered a dialog it would be
        # refused after.
        *([icon_action(ft.Icons.DELETE_OUTLINE, _("Delete {match}").format(match=label), delete)]
          if services.keeps_score else []),
    ]
    # On a narrow page (browser zoom 200%: 206 px) two icons beside the words left them a
    # letter or two a line ("Ca / ro:"): they go under them instead.
    if narrow:
        return ft.Card(content=ft.Column(
            [opener, ft.Row(actions, alignment=ft.MainAxisAlignment.END)], spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    return ft.Card(content=ft.Row([opener, *actions]))
