"""Run a coroutine on an event loop of its own, in a thread of its own.

The browser tests' Playwright (sync API) keeps an event loop running in the main thread for the
whole run, and `asyncio.run` refuses to start inside one: tests that drive a Flet session
directly run it apart, so they pass alone and in the full suite alike.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(coroutine)` in a new thread; its result, or its exception raised here."""
    outcome: dict[str, Any] = {}

    def main() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=main, name="test-loop")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
