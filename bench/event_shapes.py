"""What checking an event's shape costs (companion/session/shapes.py), against Flet making the
same event from the same data, in the same run.

For each kind of event a page sends the app (a tap, a scroll report, a picked file, a new route,
a resize, a field's value), the median time of the guard's check over many calls, and of what
Flet does with the data anyway before any handler runs: find the event's type and build it
(`get_event_field_type` and `from_dict`, as `BaseControl._trigger_event` does), or, for a value,
`patch_dataclass`. The ratio is check / Flet's own.

    python bench/event_shapes.py [--calls 3000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.control_event import get_event_field_type
from flet.utils.from_dict import from_dict
from flet.utils.object_model import patch_dataclass

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.session import shapes  # noqa: E402


def median_us(run: Callable[[], Any], calls: int) -> float:
    times = []
    for _ in range(calls):
        start = time.perf_counter_ns()
        run()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def flet_builds(control: Any, name: str, data: Any) -> Callable[[], Any]:
    def build() -> Any:
        kind = get_event_field_type(control, f"on_{name}")
        if kind is ft.ControlEvent or not isinstance(data, dict):
            return ft.ControlEvent(control=control, name=name, data=data)
        return from_dict(kind, {"control": control, "name": name, **data})
    return build


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=3000)
    calls = parser.parse_args().calls
    button = ft.Button("Undo", on_click=print)
    column = ft.Column(scroll=ft.ScrollMode.ALWAYS, on_scroll=print)
    picker = ft.FilePicker(on_result=print)
    field = ft.TextField()
    file = {"id": 1, "name": "matches.json", "size": 2_000, "bytes": b"x" * 2_000}
    events = {
        "tap": (button, "click", None),
        "scroll report": (column, "scroll", {
            "event_type": "end", "pixels": 40.0, "min_scroll_extent": 0.0,
            "max_scroll_extent": 80.0, "viewport_dimension": 368.0}),
        "picked file": (picker, "result", {"files": [file]}),
    }
    print(f"{'event':16} {'check (us)':>11} {'Flet (us)':>10} {'ratio':>6}")
    for label, (control, name, data) in events.items():
        shapes.event_misfit(control, name, data)  # what is read once per class
        check = median_us(lambda c=control, n=name, d=data: shapes.event_misfit(c, n, d), calls)
        flet = median_us(flet_builds(control, name, data), calls)
        print(f"{label:16} {check:11.1f} {flet:10.1f} {check / flet:6.2f}x")
    patch = {"value": "Ann"}
    check = median_us(lambda: shapes.patch_misfit(field, patch), calls)
    flet = median_us(lambda: patch_dataclass(field, patch), calls)
    print(f"{'a typed value':16} {check:11.1f} {flet:10.1f} {check / flet:6.2f}x")


if __name__ == "__main__":
    main()
