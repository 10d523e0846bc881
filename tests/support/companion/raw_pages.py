"""Many raw Flet pages at once on one event loop, each from a loopback address of its choosing.

What an attacker on the table's network runs (issue 35), and a club evening's phones: a page
speaks the Flet 1.0.5 protocol as the web client does (`[0x00][msgpack [action, body]]`, as
tests/app/wire.py), from `127.0.0.x` (Linux answers every such address on loopback, so each can
stand for a phone of its own). A page that reads keeps what it is sent; one that never reads
leaves it in the socket, as a tab whose phone went to sleep.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.support.app.wire import walk

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS = 1, 2, 3, 4
PAGE = 1  # the page's own control id


class RawPage:
    """One page: opened at a route from `address`; `reads` False never reads a frame."""

    def __init__(self, port: int, route: str, address: str = "127.0.0.1", *,
                 reads: bool = True, languages: str | None = None,
                 cookie: str | None = None) -> None:
        self.port, self.route, self.address, self.reads = port, route, address, reads
        self.languages, self.cookie = languages, cookie
        self.ws: ClientConnection | None = None
        self.raw: list[bytes] = []  # every frame as it came (decoded when first asked for)
        self._decoded: list[list[Any]] = []
        self.arrived: list[float] = []  # time.perf_counter() of each frame
        self.refused: tuple[int, str] | None = None  # (HTTP status or close code, reason)
        self.closed: tuple[int, str] | None = None  # a socket the server closed, once open
        self._reader: asyncio.Task[None] | None = None
        self._heard = asyncio.Event()

    async def open(self, timeout: float = 30.0) -> bool:
        """Connect and register; False if the server refused the page (`refused` says how)."""
        headers = {name: value for name, value in (("Accept-Language", self.languages),
                                                   ("Cookie", self.cookie)) if value}
        try:
            self.ws = await connect(
                f"ws://127.0.0.1:{self.port}/ws", origin=f"http://127.0.0.1:{self.port}",
                additional_headers=headers, open_timeout=timeout, compression=None,
                local_addr=(self.address, 0), max_size=None,
                ping_interval=None)  # a browser's page sends no pings: only the server does
        except InvalidStatus as refusal:
            self.refused = (refusal.response.status_code, "")
            return False
        try:
            await self.send(REGISTER_CLIENT, {"session_id": None, "page_name": "",
                                              "page": {"route": self.route, "width": 412,
                                                       "height": 915}})
            if not self.reads:
                return True
            first = await asyncio.wait_for(self.ws.recv(), timeout)
        except ConnectionClosed as closed:
            rcvd = closed.rcvd
            self.refused = (rcvd.code, rcvd.reason) if rcvd else (1006, "")
            return False
        self._keep(first)
        self._reader = asyncio.ensure_future(self._read())
        return True

    async def send(self, action: int, body: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(b"\x00" + msgpack.packb([action, body]))

    async def event(self, target: int, name: str, data: Any = None, **props: Any) -> None:
        """Report `props` changed on the page, then fire event `name` on control `target`."""
        if props:
            await self.send(UPDATE_CONTROL_PROPS, {"id": target, "props": props})
        await self.send(CONTROL_EVENT, {"target": target, "name": name, "data": data})

    def _keep(self, frame: Any) -> None:
        if isinstance(frame, bytes) and frame[:1] == b"\x00":
            self.raw.append(frame)
            self.arrived.append(time.perf_counter())
            self._heard.set()

    @property
    def received(self) -> list[list[Any]]:
        """Every frame so far, decoded ([action, body])."""
        for frame in self.raw[len(self._decoded):]:
            self._decoded.append(msgpack.unpackb(frame[1:], strict_map_key=False))
        return self._decoded

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                self._keep(frame)
        except ConnectionClosed:
            pass
        self.closed = (self.ws.close_code or 1006, self.ws.close_reason or "")
        self._heard.set()

    async def wait_for(self, wanted: Callable[[], bool], timeout: float = 30.0) -> bool:
        """Wait until `wanted()` holds (True), or for `timeout` seconds with nothing heard."""
        while not wanted():
            if self.closed is not None:
                return wanted()
            self._heard.clear()
            try:
                await asyncio.wait_for(self._heard.wait(), timeout)
            except TimeoutError:
                return wanted()
        return True

    def controls(self, kind: str) -> Iterator[dict[str, Any]]:
        """Every control of type `kind` sent so far."""
        return (c for c in walk(self.received) if c.get("_c") == kind)

    def button(self, label: str) -> int:
        """The id of the last IconButton whose icon is named `label` (e.g. "Undo")."""
        found = [c["_i"] for c in self.controls("IconButton")
                 if isinstance(c.get("icon"), dict)
                 and c["icon"].get("semantics_label") == label]
        assert found, f"no {label} button sent"
        return found[-1]

    async def unlock(self, pin: str, timeout: float = 30.0) -> bool:
        """On Share (/share), enter `pin` as a scorekeeper would; True once the page says this
        device keeps score."""
        fields = [c["_i"] for c in self.controls("TextField") if c.get("label") == "PIN"]
        assert fields, "no PIN field sent (is the page on /share of a --lan table?)"
        await self.event(fields[-1], "submit", value=pin)
        return await self.wait_for(lambda: any(
            c.get("content") == "Stop keeping score here" for c in self.controls(
                "OutlinedButton")), timeout)

    async def go(self, route: str) -> None:
        """Navigate the page to `route` (as its browser's address bar would)."""
        await self.event(PAGE, "route_change", {"route": route})

    def update_since(self, since: int) -> int | None:
        """The number of the first patch (an update of the page) from frame `since` on, if one
        has come. A tap's answer is a patch; the server's method calls (a scroll it asks for,
        a round-trip check) are not, and one from the tap before may come after it."""
        for at, frame in enumerate(self.received[since:], since):
            if frame[0] == PATCH_CONTROL:
                return at
        return None

    def says(self, text: str, since: int = 0) -> bool:
        """Has a frame from number `since` on set a value `text`?"""
        return any(v == text for v in values(self.received[since:]))

    def shows(self, text: str, instead: Iterable[str]) -> bool:
        """Is `text` the latest of `text` and `instead` that a frame set (what the page shows,
        of the values one place on it takes)?"""
        wanted = {text, *instead}
        for frame in reversed(self.received):
            found = wanted.intersection(values(frame))
            if found:
                return found == {text}
        return False

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.ws.close(), 5)
            except (TimeoutError, ConnectionClosed, OSError):
                pass


def values(frames: Any) -> Iterator[Any]:
    """Every string a frame sets: a control's value, or a patch operation's value."""
    stack = [frames]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
