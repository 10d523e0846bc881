"""Helpers of the import tests that others share: NOW, record, small_match, export_of."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from scoring import caro
from storage import fingerprint
from storage.transfer import FORMAT, VERSION

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def small_match() -> caro.Match:
    m = caro.Match(["Ann", "Ben"])
    m.lay("red", (6, 6))
    return m


def record(**changes: Any) -> dict[str, Any]:
    """A valid export record of a small Caro match, with `changes` applied."""
    events = small_match().events
    rec = {"id": "0123456789ab", "game": "caro", "players": ["Ann", "Ben"], "status": "active",
           "winners": [], "created": "2026-11-30T10:00:00+00:00",
           "updated": "2026-11-30T11:00:00+00:00", "fingerprint": fingerprint(events),
           "events": events}
    rec.update(changes)
    return rec


def export_of(*records: Any, **head: Any) -> str:
    """An export file holding `records`, its head changed by `head`."""
    return json.dumps({"format": FORMAT, "version": VERSION, "matches": list(records), **head})
