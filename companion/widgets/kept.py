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

Why not Flet's own: `ft.memo` skips a component's render when its arguments are equal, and then
hands Flet its last tree, the same saving; but each memoized part is a component that is still
constructed, compared and diffed at every render of its parent, and its arguments include its
handler, which must then be the same object too. Flet's `use_callback(fn, deps)` keeps the first
render's function until a dependency changes, so a handler reading this render's match either
runs with old values or changes identity (and the part renders again) whenever they change;
`stable` is the latest-function handler Flet has no hook for. Measured in-process
(`bench/kept_memo.py`: 40 chips, 3 changing a tap, taken in turn on a busy 2-core machine, three
runs): Kept 2.2-2.4 ms and 18 controls built a tap, `ft.memo` parts (with `stable` handlers)
4.0-10.6 ms and 58, every part built anew 10.7-38 ms and 203. In the app
(`bench/tap_python.py --without-kept`, the mid-game Caro Undo/Redo, rules and save included,
in turn): 65 controls built a tap against 96, and 0.65, 0.71, 0.86, 0.95 and 1.21x the time in
five runs (median 0.86x; the save's fsyncs dominate the noise of a whole tap).
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
