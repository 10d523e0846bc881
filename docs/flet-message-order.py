"""Flet 1.0.5: a tap read in the same batch as a radio's change runs with the radio's old value.

A minimal reproduction for an upstream report: plain flet 1.0.5 (no code of Table Companion),
in one process, no browser. Run it with `python docs/flet-message-order.py [--rounds 20]`.

The page's client sends, for a radio tapped and then a button tapped at once:
  UPDATE_CONTROL_PROPS {id: radio group, props: {"value": "b"}}
  CONTROL_EVENT        {target: radio group, name: "change"}
  CONTROL_EVENT        {target: button, name: "click"}
and `flet_web.fastapi.flet_app.FletApp.__on_message` handles each as it reads it:
  UPDATE_CONTROL_PROPS -> self.__session.apply_patch(req.id, req.props)        (at once)
  CONTROL_EVENT        -> asyncio.create_task(self.__session.dispatch_event(...)) (a task)
When the server reads the three messages before its tasks run (a busy server, or a page that sent
them close together), the "change" handler sets the component's state, Flet queues the
component's re-render behind the tasks already started, and the "click" task runs the button's
handler made at the previous render: it sees the old value. A person sees "b" chosen and the
button act on "a". Given time between the messages, as a slow tap would, the same three
messages give "b".

The script feeds the messages to a real `Session` as `FletApp` does, in two ways: read in one
batch (no await in between, as `FletApp.__receive_loop` does when the frames are already
buffered), and read apart (the event loop runs between them). It prints what the button's handler
saw each time.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

ROUNDS = 20


class Wire(Connection):
    """A connection standing in for the page: it drops what the server sends."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()

    def send_message(self, message: Any) -> None:
        pass


def form(seen: list[str]) -> Any:
    @ft.component
    def Form() -> ft.Control:
        choice, set_choice = ft.use_state("a")
        return ft.Column([
            ft.RadioGroup(value=choice, on_change=lambda e: set_choice(e.control.value),
                          content=ft.Row([ft.Radio(value="a", label="A"),
                                          ft.Radio(value="b", label="B")])),
            ft.Button("Go", on_click=lambda e: seen.append(choice)),
        ])
    return Form


def find(root: Any, kind: type) -> Any:
    """The first control of `kind` in the page (a walk of the controls' fields; a component's
    rendered tree is its `_b`)."""
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, kind):
            return value
        if isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, BaseControl):
            stack.extend(getattr(value, f.name, None) for f in dataclasses.fields(value)
                         if f.name not in ("parent", "page")
                         and (not f.name.startswith("_") or f.name == "_b"))
    raise LookupError(kind)


async def one_round(batched: bool) -> str:
    seen: list[str] = []
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    session = Session(wire)
    _context_page.set(session.page)
    session.page.render(form(seen))
    session.get_page_patch()  # the page registered and got the first render
    await asyncio.sleep(0.05)
    group, button = find(session.page, ft.RadioGroup), find(session.page, ft.Button)
    tasks = []
    # What FletApp.__on_message does for each message, in the order the page sent them.
    session.apply_patch(group._i, {"value": "b"})
    if not batched:
        await asyncio.sleep(0.05)
    tasks.append(asyncio.create_task(session.dispatch_event(group._i, "change", None)))
    if not batched:
        await asyncio.sleep(0.05)
    tasks.append(asyncio.create_task(session.dispatch_event(button._i, "click", None)))
    await asyncio.gather(*tasks)
    await asyncio.sleep(0.05)
    session.close()
    return seen[0]


async def run(rounds: int) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for batched in (True, False):
        label = "read in one batch" if batched else "read apart"
        seen = [await one_round(batched) for _ in range(rounds)]
        found[label] = {value: seen.count(value) for value in sorted(set(seen))}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    rounds = parser.parse_args().rounds
    print(f"flet {ft.version.flet_version}: radio set to 'b', then Go tapped; "
          f"what Go's handler saw, {rounds} rounds each")
    for label, counts in asyncio.run(run(rounds)).items():
        print(f"  {label}: " + ", ".join(f"{value!r} x{n}" for value, n in counts.items()))


if __name__ == "__main__":
    main()
