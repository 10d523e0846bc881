"""Home: the games to start, the matches to continue, and any notice from the store."""

from __future__ import annotations

import flet as ft

from companion.describe.series import waiting_next_games
from companion.describe.when import ago
from companion.describe.words import new_match
from companion.games import GAME_UIS
from companion.i18n import _, say
from companion.session.context import use_services
from companion.session.in_step import use_any_change
from companion.session.viewport import use_page_width
from companion.widgets.backup import Backup
from companion.widgets.bar_actions import bar_actions
from companion.widgets.bar_title import bar_title
from companion.widgets.following_banner import following_banner
from companion.widgets.match_row import MatchRow
from companion.widgets.wrong_pins import WrongPins
from scoring import RuleViolation


def _game_card(ui, keeps_score: bool) -> ft.Control:
    """A game and its New match button; a follower sees the game without the button, since
    only the scorekeeper starts matches."""
    page = ft.context.page
    return ft.Card(
        content=ft.Container(
            padding=14,
            content=ft.Column(
                [
                    ft.Text(say(ui.title), size=18, weight=ft.FontWeight.BOLD),
                    ft.Text(_("{players} · {about}").format(
                        players=say(ui.players_said), about=_(ui.blurb)), size=14),
                    ft.Row(
                        [ft.FilledButton(new_match(ui.title),
                                         icon=ft.Icons.ADD, height=48,
                                         on_click=lambda e: page.navigate(f"/new/{ui.game}"))],
                        alignment=ft.MainAxisAlignment.END,
                        visible=keeps_score,
                    ),
                ],
                spacing=6,
            ),
        )
    )


@ft.component
def Home() -> ft.View:
    services = use_services()
    page = ft.context.page
    tables = services.tables
    _refresh, set_refresh = ft.use_state(0)
    use_any_change(only_on="/")  # the Continue list follows every session's actions
    width = use_page_width()  # a narrow page's app bar holds its actions in one menu
    every = tables.summaries()
    # A next game made but not yet played is opened from the match before it, not continued.
    waiting = waiting_next_games(every)
    active = [s for s in every if s.status == "active" and s.id not in waiting]
    notices = list(tables.notices)

    def dismiss() -> None:
        # Those shown, not any that came since; other sessions hear of it and redraw.
        try:
            tables.dismiss_notices(notices)
        except RuleViolation as error:  # Locked: the PIN was taken back meanwhile
            page.show_dialog(ft.SnackBar(ft.Text(say(error.said))))
            return
        set_refresh(lambda n: n + 1)

    controls: list[ft.Control] = following_banner(services.keeps_score)
    controls.append(WrongPins(on_home=True))  # the scorekeeper's, once PINs were guessed
    # Where a file went is for the scorekeeper, at the computer that keeps the data: a phone
    # that only follows learns that a match was set aside, never the server's folders.
    where = services.keeps_score and not services.in_browser
    for notice in notices:
        controls.append(
            ft.Container(
                bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=8, padding=12,
                content=ft.Row([ft.Icon(ft.Icons.WARNING_AMBER),
                                ft.Text(say(notice.spoken(where=where)), expand=True)]),
            )
        )
    if notices and services.keeps_score:
        controls.append(ft.TextButton(_("Dismiss notices"), on_click=lambda e: dismiss()))
    controls.append(Backup(on_home=True))  # the scorekeeper's: when, and asked when due
    if active:
        controls.append(ft.Text(_("Continue"), size=20, weight=ft.FontWeight.BOLD))
        for summary in active:
            controls.append(MatchRow(summary=summary, when=ago(summary.played_at),
                                     on_change=lambda: set_refresh(lambda n: n + 1)))
    # What a game shows on Home of its own (the score sheets remembered: one tap each)
    controls += [ui.on_home(key=f"home-{ui.game}") for ui in GAME_UIS.values() if ui.on_home]
    controls.append(ft.Text(_("New match") if services.keeps_score else _("Games"),
                            size=20, weight=ft.FontWeight.BOLD))
    # One column on a phone, two side by side in a wide window.
    controls.append(ft.ResponsiveRow(
        [ft.Container(_game_card(ui, services.keeps_score), col={"xs": 12, "md": 6})
         for ui in GAME_UIS.values()],
        spacing=10, run_spacing=10))
    return ft.View(
        route="/",
        appbar=ft.AppBar(
            title=bar_title("Table Companion"),  # the app's name, in every language
            actions=bar_actions(width, [
                # No server in the browser: nothing to share, no PIN to enter.
                *([] if services.in_browser else [
                    (ft.Icons.QR_CODE_2, _("Share"), lambda e: page.navigate("/share"), False)]),
                (ft.Icons.HISTORY, _("History"), lambda e: page.navigate("/history"), False),
                (ft.Icons.INSIGHTS, _("Statistics"), lambda e: page.navigate("/stats"), False),
                (ft.Icons.SETTINGS, _("Settings"), lambda e: page.navigate("/settings"), False),
            ]),
        ),
        controls=[ft.Column(controls, spacing=10)],
        scroll=ft.ScrollMode.AUTO,
        padding=12,
    )
