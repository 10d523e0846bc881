"""The screens to tell of a change: the open matches' and the PIN gate's listeners alike."""

from __future__ import annotations

import contextvars
import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class Listeners:
    """Listeners added and removed from any session's thread, and told in the order added."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: list[Callable[..., None]] = []

    def __len__(self) -> int:
        return len(self._items)

    def subscribe(self, listener: Callable[..., None]) -> Callable[[], None]:
        """Add `listener`; returns the function that ends the subscription."""
        with self._lock:
            self._items.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._items:
                    self._items.remove(listener)

        return unsubscribe

    def tell(self, *args: Any, failed: str) -> None:
        """Call every listener with `args`; `failed` is logged for one that raises.

        Each runs in a copy of the caller's context: a listener that switches to its own session
        (Flet's page.run_task sets the current page) must not leave the caller's code running as
        that other session. One that fails (its session gone) fails neither the caller, whose
        change is made already, nor the others."""
        with self._lock:
            listeners = list(self._items)
        for listener in listeners:
            try:
                contextvars.copy_context().run(listener, *args)
            except Exception:
                log.exception(failed)
