"""Sharing a finished match's result card: the card (companion/describe/card.py) handed to the
page, whose script draws it and opens the share sheet or downloads it (companion/web/share_card.js).

Python cannot run script in the page, so the card goes the way the screen-on switch does
(keep_awake.py): written into the browser's storage by Flutter's SharedPreferences, where the
page's script takes it (and removes it). The card is made from the server's own store when the
button is tapped; the page is told only what to draw, and sends nothing back.
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any

import flet as ft

from companion.session.in_step import REPLY_WAIT
from companion.session.page_services import page_service

log = logging.getLogger(__name__)
KEY = "share_card"  # localStorage "flutter.share_card" in the page (Flutter's prefix)
def use_card_sender() -> ft.SharedPreferences:
    """The page's storage service, made on first use; call it while rendering (a service must
    reach the browser before it is called)."""
    return page_service(ft.SharedPreferences)


async def send_card(store: ft.SharedPreferences, card: dict[str, Any]) -> bool:
    """Hand `card` to the page to draw and share; whether the page took it."""
    # Each card is new to the storage, even a second share of the same match.
    value = json.dumps({**card, "id": secrets.token_hex(8)}, ensure_ascii=False)
    try:
        await store._invoke_method("set", {"key": KEY, "value": value}, REPLY_WAIT)
    except Exception as error:  # a page gone or slow to answer: nothing to share to
        log.debug("The page did not take the result card: %r", error)
        return False
    return True
