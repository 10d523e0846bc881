"""A raw Flet client over the app's WebSocket: what a crafted page can send, frame by frame.

Speaks the Flet 1.0.5 protocol as the web client does (`[0x00][msgpack [action, body]]`), so tests
can send events no real screen would and read exactly what the server sends back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS = 1, 2, 3, 4
SESSION_CRASHED = 6


class Wire:
    """One session opened by hand: register at a route, then read controls and send events."""

    def __init__(self, port: int, route: str = "/", session_id: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.port = port
        self._open = contextlib.ExitStack()
        self.ws: ClientConnection = self._open.enter_context(
            connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                    open_timeout=10, additional_headers=headers))
        self.received: list[list[Any]] = []
        self.raw: list[bytes] = []
        # A session id: the page reloaded within the grace period, back to its session.
        self.send(REGISTER_CLIENT, {"session_id": session_id, "page_name": "",
                                    "page": {"route": route, "width": 412, "height": 915}})

    def send(self, action: int, body: dict[str, Any]) -> None:
        self.ws.send(b"\x00" + msgpack.packb([action, body]))

    def read(self, until: int, timeout: float = 5.0) -> None:
        """Read frames until `until` have arrived in all or the server is quiet for `timeout`."""
        while len(self.received) < until:
            try:
                frame = self.ws.recv(timeout=timeout)
            except (TimeoutError, ConnectionClosed):
                return
            if isinstance(frame, bytes) and frame[:1] == b"\x00":
                self.raw.append(frame)
                self.received.append(msgpack.unpackb(frame[1:], strict_map_key=False))

    def read_for(self, wanted: Callable[[int, Any], bool], timeout: float = 5.0) -> bool:
        """Read frames until one `wanted(action, body)` accepts has arrived (True), or the
        server is quiet for `timeout` or closes (False). Frames read before it are kept too."""
        checked = 0
        while True:
            if any(wanted(action, body) for action, body in self.received[checked:]):
                return True
            checked = len(self.received)
            self.read(until=checked + 1, timeout=timeout)
            if len(self.received) == checked:
                return False

    def controls(self, kind: str) -> list[dict[str, Any]]:
        """Every control of type `kind` (e.g. "RadioGroup") the server has sent so far."""
        return [c for c in walk(self.received) if c.get("_c") == kind]

    def event(self, target: int, name: str, data: Any = None, **props: Any) -> None:
        """Report `props` changed on the page, then fire event `name` on control `target`."""
        if props:
            self.send(UPDATE_CONTROL_PROPS, {"id": target, "props": props})
        self.send(CONTROL_EVENT, {"target": target, "name": name, "data": data})

    def close(self) -> None:
        self._open.close()


def walk(value: Any) -> Iterator[dict[str, Any]]:
    stack, seen = [value], 0
    while stack and seen < 1_000_000:  # bounded: a patch is far smaller
        seen += 1
        item = stack.pop()
        if isinstance(item, dict):
            if "_c" in item:
                yield item
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
