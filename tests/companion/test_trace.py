"""The message trace the browser tests turn on (TABLE_COMPANION_TRACE): one line per message a
page sent, in the order read, and when each event was handled, so a failure's app log shows what
reached the server."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from flet.messaging.session import Session

from tests.support.companion.quick_taps import group_of, start_button, started_ratel, tap


def test_each_message_is_traced_in_the_order_read(tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.trace")

    async def taps(session: Session) -> None:
        caplog.clear()  # only the two taps below
        await tap(session, group_of("short"), "short")
        await tap(session, start_button)

    started_ratel(tmp_path, taps)
    said = [r.getMessage().split(" ", 1)[1] for r in caplog.records
            if r.name == "companion.trace"][:5]
    assert [line.split(" on ")[0].split(" for ")[0] for line in said] == [
        "read value 1", "read event change", "handles change", "read event click",
        "handles click"], said
    assert "{'value': 'short'}" in said[0]
    assert said[2].endswith("(RadioGroup)") and said[4].endswith("(FilledButton)")
