"""What a page has typed or picked on a screen and not yet committed: its drafts.

A result half entered (Ratel's "Ben went out" and a 7 typed), a name half typed and the players
picked on New match, a doubt opened with its doubters picked in Careta: a person who opens
Settings, the rules or the timeline and comes back finds them as they left them. Flet unmounts a
screen that is left (its `use_state` goes with it), so a screen keeps such input here instead,
with `use_draft`, in place of `use_state`.

- Per page (the browser tab's session, which a reload of the tab finds again while the server
  keeps it): nothing is shared with another page, and nothing is written anywhere. Drafts are not
  match events: they never reach a match file, an export or another phone. The offline web app
  starts Python afresh on a reload, so there a reload drops them.
- Keyed by the screen's route (its match id, or New match's game) and the control's name, so a
  draft returns only to the control on the screen it was made on.
- A draft belongs to the turn it was made in (`belongs_to`: a round, a version of the match):
  once the table has moved on, by this phone or another, the control starts afresh.
- Bounded: at most `MOST` places a page, the oldest forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

import flet as ft

T = TypeVar("T")
MOST = 64  # places a page keeps: far more than the controls of a few screens


class Drafts:
    """One page's drafts: each place's value and what it belongs to."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, tuple[Hashable, Any]] = OrderedDict()

    def get(self, place: Hashable, belongs_to: Hashable, default: T) -> T:
        """The draft at `place` if it was made for `belongs_to`, else `default`."""
        kept = self._kept.get(place)
        return kept[1] if kept is not None and kept[0] == belongs_to else default

    def put(self, place: Hashable, belongs_to: Hashable, value: Any) -> None:
        self._kept[place] = (belongs_to, value)
        self._kept.move_to_end(place)
        while len(self._kept) > MOST:
            self._kept.popitem(last=False)

    def drop(self, scope: Hashable) -> None:
        """Forget every draft of the screen `scope` (its input was committed)."""
        for place in [p for p in self._kept if isinstance(p, tuple) and p[0] == scope]:
            del self._kept[place]

    def __len__(self) -> int:
        return len(self._kept)


_pages: WeakKeyDictionary[ft.Page, Drafts] = WeakKeyDictionary()


def page_drafts(page: ft.Page) -> Drafts:
    """The drafts of `page` (made on first use; they go with the page's session)."""
    drafts = _pages.get(page)
    if drafts is None:
        drafts = _pages[page] = Drafts()
    return drafts


def use_scope() -> Hashable:
    """The screen the calling component is drawn on, as its route names it: the match's id, or
    New match's game (the same on the screen and under a screen opened over it, its rules or
    timeline)."""
    params = ft.use_route_params()
    if "id" in params:
        return ("match", params["id"])
    if "game" in params:
        return ("new", params["game"])
    return ("view", ft.use_view_path())


def use_draft(name: str, initial: T | Callable[[], T], belongs_to: Hashable = None,
              ) -> tuple[T, Callable[[T], None]]:
    """Like `ft.use_state`, for input not yet committed: the value is kept for this page at the
    control `name` of the screen (`use_scope`), so leaving the screen and coming back finds it.
    `belongs_to` is what the draft was made for (a round, a version): another gives `initial`."""
    page = ft.context.page
    drafts = page_drafts(page)
    place = (use_scope(), name)
    _changes, set_changes = ft.use_state(0)
    missing = object()
    value = drafts.get(place, belongs_to, missing)
    if value is missing:
        value = initial() if callable(initial) else initial

    def set_value(new: T) -> None:
        drafts.put(place, belongs_to, new)
        set_changes(lambda n: n + 1)  # re-render the component, as a state's setter does

    return value, set_value


def use_forget_drafts() -> Callable[[], None]:
    """A function forgetting this screen's drafts (call it once its input is committed)."""
    drafts = page_drafts(ft.context.page)
    scope = use_scope()
    return lambda: drafts.drop(scope)
