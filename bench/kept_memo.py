"""`companion.widgets.kept` against Flet's own `ft.memo`, for a screen whose tap changes a few of
many parts (the Caro colour chips and frame, the match screen's bar).

One in-process Flet session per variant (no browser), the same screen three ways: every part
built anew at each render (`fresh`), parts handed back by `Kept` while their data is unchanged
(`kept`, as the app does), and each part a memoized component (`ft.memo`, Flet's way: a
component skips its render when its arguments are equal and hands Flet its last tree). Each tap
changes `--changed` of `--parts` parts. Printed: the median time from the click to the encoded
patch (handler, render, Flet's diff, msgpack), as bench/tap_python.py measures a tap, and the
controls built a tap; the ratios are against `fresh`, measured in turn in the same run.

    python bench/kept_memo.py [--taps 300] [--parts 40] [--changed 3]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tap_python import Built, session, tap  # noqa: E402

from companion.widgets.kept import use_kept  # noqa: E402


def part(name: str, count: int, on_tap: Callable[[Any], Any]) -> ft.Control:
    """A chip as the app draws one: a name, a figure and an outline around them."""
    return ft.Container(
        ft.Row([ft.Icon(ft.Icons.CIRCLE, size=14), ft.Text(name, size=13),
                ft.Text(str(count), weight=ft.FontWeight.BOLD)], spacing=4, tight=True),
        border=ft.Border.all(1), border_radius=8, padding=6, on_click=on_tap)


@ft.component
def Part(name: str, count: int, on_tap: Callable[[Any], Any]) -> ft.Control:
    return part(name, count, on_tap)


MemoPart = ft.memo(Part)


def screen(variant: str, parts: int, changed: int) -> Any:
    names = [f"part {i}" for i in range(parts)]

    @ft.component
    def Screen() -> ft.Control:
        taps, set_taps = ft.use_state(0)
        kept = use_kept()
        # Each tap adds one to the figures of `changed` parts, the next ones round the list.
        counts = [(taps * changed + parts - 1 - i) // parts for i in range(parts)]

        def on_tap(e: Any) -> None:
            set_taps(taps + 1)

        if variant == "fresh":
            shown = [part(n, c, on_tap) for n, c in zip(names, counts, strict=True)]
        elif variant == "kept":
            handler = kept.stable("tap", on_tap)
            shown = [kept.get(n, c, part, n, c, handler)
                     for n, c in zip(names, counts, strict=True)]
        else:
            # A memoized part must get the same handler object, or it renders anyway:
            # the same latest-call handler as `kept.stable` (Flet's `use_callback` keeps the
            # first render's function, or a new one whenever its dependencies change).
            handler = kept.stable("tap", on_tap)
            shown = [MemoPart(n, c, handler) for n, c in zip(names, counts, strict=True)]
        return ft.Column([ft.Text(f"{taps} taps"), ft.Row(shown, wrap=True)])

    return Screen


def tap_target(root: Any) -> Any:
    """The screen's first part (a walk of the page's controls; a component's tree is `_b`)."""
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, ft.Container) and value.on_click is not None:
            return value
        if isinstance(value, list | tuple):
            stack.extend(reversed(value))
        elif isinstance(value, BaseControl):
            stack.extend(getattr(value, f.name, None) for f in reversed(dataclasses.fields(value))
                         if f.name not in ("parent", "page")
                         and (not f.name.startswith("_") or f.name == "_b"))
    raise LookupError("no part on the page")


async def taps_of(variant: str, count: int, parts: int, changed: int) -> tuple[list[float], float]:
    s, wire = session()
    s.page.render(screen(variant, parts, changed))
    s.get_page_patch()
    await asyncio.sleep(0.05)
    times = []
    built = 0
    for _ in range(count):
        target = tap_target(s.page)  # found again: `fresh` replaces it at every tap
        with Built() as counted:
            times.append(await tap(s, wire, target))
        built += counted.count
    s.close()
    await asyncio.sleep(0.01)
    return times, built / count


async def run(taps: int, parts: int, changed: int) -> dict[str, tuple[list[float], float]]:
    found: dict[str, tuple[list[float], float]] = {v: ([], 0.0) for v in ("fresh", "kept", "memo")}
    rounds = 5  # in turn, so a busy moment of the machine falls on each
    for _ in range(rounds):
        for variant in found:
            times, built = await taps_of(variant, taps // rounds, parts, changed)
            found[variant] = (found[variant][0] + times, built)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--parts", type=int, default=40)
    parser.add_argument("--changed", type=int, default=3)
    args = parser.parse_args()
    found = asyncio.run(run(args.taps, args.parts, args.changed))
    base = statistics.median(found["fresh"][0])
    print(f"{args.parts} parts, {args.changed} changed a tap, {args.taps} taps each:")
    for variant, (times, built) in found.items():
        median = statistics.median(times)
        print(f"  {variant:5}  median {median * 1000:.2f} ms  ({median / base:.2f}x fresh), "
              f"{built:.0f} controls built a tap")


if __name__ == "__main__":
    main()
