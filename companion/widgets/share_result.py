"""The "Share result" button of a finished match (its screen, and a finished series in History):
the result card made from the store when it is tapped, drawn by the page and handed to the share
sheet, or downloaded (companion/session/share_card.py)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import flet as ft

from companion.describe.card import card_of
from companion.i18n import _
from companion.session.context import use_services
from companion.session.share_card import send_card, use_card_sender
from companion.widgets.message_line import message_line

log = logging.getLogger(__name__)


@ft.component
def ShareResult(match_id: str) -> ft.Control:
    """A 48 px button sharing the card of the stored match `match_id` (with its series' totals
    when it is a game of one); a line under it when there was nothing to share."""
    services = use_services()
    store = use_card_sender()
    message, set_message = ft.use_state("")

    async def tap(e: Any) -> None:
        # Decided from the store, not from what the page showed: a match taken back since
        # (a follow-up's Undo) or deleted has no result to share.
        summaries = await asyncio.to_thread(services.tables.summaries)
        made = card_of(match_id, summaries)
        if made is None:
            set_message(_("No result to share: this match is not finished."))
            return
        if not await send_card(store, made):
            set_message(_("The result could not be shared: the page did not answer."))
            return
        set_message("")

    return ft.Column(
        [
            ft.OutlinedButton(_("Share result"), icon=ft.Icons.SHARE, height=48, on_click=tap),
            *([message_line(message, error=True)] if message else []),
        ],
        spacing=4,
    )
