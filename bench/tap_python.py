"""The Python work of one mid-game Caro Undo/Redo, against a bare Flet counter's tap.

In the offline web app this work runs in the phone's browser (Pyodide, slower than CPython, and
slowed with the page), so it is what separates the web app's tap from the served app's. Here it
runs in this process, through the path a tap takes: the click handler, OpenMatches.undo/redo
(the rules, then the save, fsync included), the listeners, the re-render of the match screen,
Flet's diff, and the msgpack encoding of the patch a browser would get. No browser, no network.

Each figure is the time from dispatching the click to the encoded patch, the median over many
taps; the baseline is the same for bench/bare_counter.py's Counter in the same run. It also
counts the controls each tap builds (what Flet must construct and then diff).

    python bench/tap_python.py [--pairs 200]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.id_counter import ControlId
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bare_counter import Counter  # noqa: E402
from ui_latency import seed_mid_game  # noqa: E402

from companion.app import build_main  # noqa: E402
from companion.session.open_matches import OpenMatches  # noqa: E402
from companion.session.preferences import Preferences  # noqa: E402
from storage import Store  # noqa: E402


class Wire(Connection):
    """A connection that encodes each message as the served app's does, and counts them."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.sent = 0
        self._encode = configure_encode_object_for_msgpack(BaseControl)

    def send_message(self, message: Any) -> None:
        msgpack.packb([message.action, message.body], default=self._encode)
        self.sent += 1


class Built:
    """Counts the controls constructed (each takes an id from Flet's counter)."""

    def __init__(self) -> None:
        self.count = 0
        self._next = ControlId.next

    def __enter__(self) -> Built:
        def counted() -> int:
            self.count += 1
            return self._next()

        ControlId.next = counted
        return self

    def __exit__(self, *exc: object) -> None:
        ControlId.next = self._next


def session() -> tuple[Session, Wire]:
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    s = Session(wire)
    _context_page.set(s.page)
    return s, wire


def button(s: Session, test: Callable[[Any], bool]) -> Any:
    for _, control in sorted(s.index.items()):  # every control the page has, by id
        if test(control):
            return control
    raise LookupError("no such control on the page")


async def tap(s: Session, wire: Wire, control: Any) -> float:
    """Seconds from the click to the encoded patch."""
    before = wire.sent
    start = time.perf_counter()
    await s.dispatch_event(control._i, "click", None)
    while wire.sent == before:
        await asyncio.sleep(0)
    took = time.perf_counter() - start
    await asyncio.sleep(0.001)  # effects and listeners settle between taps
    return took


async def counter_taps(count: int) -> list[float]:
    s, wire = session()
    s.page.render(Counter)
    s.get_page_patch()
    await asyncio.sleep(0.05)
    add = button(s, lambda c: isinstance(c, ft.Button))
    return [await tap(s, wire, add) for _ in range(count)]


async def caro_taps(pairs: int, folder: Path) -> tuple[list[float], float]:
    mid = seed_mid_game(folder / "data")
    s, wire = session()
    s.page.route = f"/match/{mid}"
    with Store(folder / "data") as store:
        build_main(OpenMatches(store), Preferences(folder))(s.page)
        s.get_page_patch()
        await asyncio.sleep(0.3)  # the router renders the match

        def named(label: str) -> Any:
            return button(s, lambda c: isinstance(c, ft.IconButton)
                          and c.icon.semantics_label == label)

        undo, redo = named("Undo"), named("Redo")
        times = []
        with Built() as built:
            for _ in range(pairs):
                times.append(await tap(s, wire, undo))
                times.append(await tap(s, wire, redo))
        return times, built.count / (2 * pairs)


@contextlib.contextmanager
def without_kept() -> Iterator[None]:
    """`Kept.get` builds every part anew while this lasts (the screens as they were without it)."""
    from companion.widgets.kept import Kept

    kept_get = Kept.get

    def build(self: Kept, place: Any, data: Any, build: Callable[..., Any], *args: Any,
              **kwargs: Any) -> Any:
        self.builds += 1
        return build(*args, **kwargs)

    Kept.get = build  # type: ignore[method-assign]
    try:
        yield
    finally:
        Kept.get = kept_get  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=200, help="Undo/Redo pairs timed")
    parser.add_argument("--without-kept", action="store_true",
                        help="also time the Undo/Redo with companion.widgets.kept building every "
                             "part anew (what Kept saves a tap)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tap-python-") as folder:
        counter = asyncio.run(counter_taps(2 * args.pairs))
        caro, built = asyncio.run(caro_taps(args.pairs, Path(folder)))
    if args.without_kept:
        # In turn, ten pairs at a time, so a busy moment falls on both.
        found: dict[bool, list[float]] = {True: [], False: []}
        builds: dict[bool, float] = {}
        for _ in range(max(1, args.pairs // 10)):
            for kept in (True, False):
                with (tempfile.TemporaryDirectory(prefix="tap-python-") as folder,
                      contextlib.nullcontext() if kept else without_kept()):
                    times, builds[kept] = asyncio.run(caro_taps(10, Path(folder)))
                found[kept] += times
        a, b = statistics.median(found[True]), statistics.median(found[False])
        print(f"Mid-game Caro Undo/Redo in turn: with Kept {a * 1000:.2f} ms, "
              f"{builds[True]:.1f} controls built; every part built anew {b * 1000:.2f} ms, "
              f"{builds[False]:.1f} controls: {a / b:.2f}x")
    c, a = statistics.median(counter), statistics.median(caro)
    p90 = statistics.quantiles(caro, n=10)[-1]
    print(f"Python per tap: counter {c * 1000:.2f} ms, mid-game Caro Undo/Redo {a * 1000:.2f} ms "
          f"(p90 {p90 * 1000:.2f}): {a / c:.1f}x; {built:.1f} controls built per Undo/Redo")


if __name__ == "__main__":
    main()
