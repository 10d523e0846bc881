"""Whether the phone asks for less motion (the browser's prefers-reduced-motion, which Flutter's
web engine reports as its accessibility features' disable_animations): a scroll the app makes
then jumps instead of gliding."""

from __future__ import annotations

import asyncio

import flet as ft

from companion.session.in_step import REPLY_WAIT
from companion.session.page_services import page_service


async def reduced_motion() -> bool:
    """Asked of the page each time (a user may switch it while the app is open); False where the
    page cannot say."""
    service = page_service(ft.SemanticsService)
    try:
        # Bounded: a page that never answers must not hold the scroll's handler.
        features = await asyncio.wait_for(service.get_accessibility_features(), REPLY_WAIT)
    except Exception:  # noqa: BLE001 (an old client, a page gone: glide as before)
        return False
    return bool(features.disable_animations or features.reduce_motion)


def scroll_duration(reduced: bool, glide: int = 300) -> int:
    """A scroll's duration in ms: none with reduced motion."""
    return 0 if reduced else glide
