"""Hand Flet the same control again while what it shows is unchanged.

A screen re-rendered after an action builds its whole tree anew, and Flet then constructs and
diffs every control of it field by field, in Python: the bulk of a tap's Python work, which in
the offline web app runs on the phone. Flet's diff skips a control it has already sent in one
identity check, so a part whose look did not change costs nothing when the render returns the
very object it returned before. `Kept` keeps the control last built at each place of a
component together with the plain data it was built from (as the Caro grid keeps its cells).

A kept control keeps the handlers it was built with, so they must not hold one render's values:
`stable` gives a handler that always calls the latest render's function.
A place must name one spot in the tree (a slot of a fixed list, or a keyed part), so that a
kept control only ever returns to where it was built.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import flet as ft


class Kept:
    """The controls last built at each place, with the data each was built from."""

    def __init__(self) -> None:
        self._built: dict[Hashable, tuple[Any, ft.Control]] = {}
        self._latest: dict[Hashable, Callable[[Any], Any]] = {}
        self._stable: dict[Hashable, Callable[[Any], Any]] = {}
        self.builds = 0  # controls built here (not handed back): what tests count

    def get(self, place: Hashable, data: Any, build: Callable[..., ft.Control],
            *args: Any, **kwargs: Any) -> ft.Control:
        """The control last built at `place` if it was built from equal `data`, else
        `build(*args, **kwargs)`, kept for the next render."""
        kept = self._built.get(place)
        if kept is not None and kept[0] == data:
            return kept[1]
        control = build(*args, **kwargs)
        self._built[place] = (data, control)
        self.builds += 1
        return control

    def stable(self, name: Hashable, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """An event handler that stays the same object across renders and calls the `handler`
        given in the latest render (which sees that render's match, version and state)."""
        self._latest[name] = handler
        call = self._stable.get(name)
        if call is None:
            def call(e: Any) -> Any:
                return self._latest[name](e)

            self._stable[name] = call
        return call


def use_kept() -> Kept:
    """The calling component's own `Kept`, the same object for as long as it is mounted."""
    ref = ft.use_ref(None)  # (a callable initial value would be called)
    if ref.current is None:
        ref.current = Kept()
    return ref.current
