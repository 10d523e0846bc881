"""A trusted scorekeeper's page offers its device token when it connects, however long it takes.

With a fixed `--pin`, a device where the PIN was entered keeps a token in its browser (trust.py),
and after a reload or a restart of the server the page's session asks the browser for it. Before,
the server waited 1, 2 and 4 s for the answer and then gave up: a slow phone (or a busy machine)
answered later and stayed a watcher until someone typed the PIN again.

Now nothing depends on a clock. `TokenOffer` asks when the page is ready (the session's first
render has reached the browser: App's effect) and waits for the answer as long as the session
lives (Flet answers a question left open when the session closes with an error). It asks again
only on an event from the page:

- an answer that is an error (the browser did not have the storage service yet): asked again at
  once, since that answer shows the browser has read everything sent before it; at most
  `MAX_ASKS` questions a connection, so a page that answers every question with an error cannot
  keep the server asking;
- a reconnect of the page to its session (a question sent while the connection was down is
  never answered): a new round of questions, the old one's answer ignored.

The first token answered is handed to `accept` once; after that the offer is over.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

MAX_ASKS = 5  # questions a connection: each one only after the last one's (error) answer


class TokenOffer:
    """One session's questions for its browser's token (see the module docstring).

    `read()` asks the browser (raising RuntimeError when it answers with an error or the session
    closes); `accept(token)` takes the answer, None included (no token kept), once.
    """

    def __init__(self, read: Callable[[], Awaitable[object]],
                 accept: Callable[[object], Awaitable[None]]) -> None:
        self._read = read
        self._accept = accept
        self._round = 0  # one per connection: an answer from an earlier round is ignored
        self._asking = False
        self._done = False
        self.asked = 0  # questions sent, all rounds together (for tests and the log)

    @property
    def done(self) -> bool:
        """Has the browser answered (and the answer been handed on)?"""
        return self._done

    async def ask(self) -> None:
        """Ask the browser, unless a question of this round is open or the offer is over."""
        if self._done or self._asking:
            return
        self._asking = True
        round_ = self._round
        try:
            for _ in range(MAX_ASKS):
                self.asked += 1
                try:
                    token = await self._read()
                except RuntimeError as error:  # the browser's error, or the session closed
                    if round_ != self._round or self._done:
                        return
                    log.debug("The page could not read its token yet (%s): asked again", error)
                    continue
                if round_ != self._round or self._done:
                    return  # a newer round asks; its answer counts
                self._done = True
                await self._accept(token)
                return
            log.info("The page answered %d questions for its token with errors: it asks for "
                     "the PIN", MAX_ASKS)
        finally:
            if round_ == self._round:
                self._asking = False

    async def reconnected(self) -> None:
        """The page reconnected to its session: an open question may be lost with the old
        connection, so ask afresh."""
        if self._done:
            return
        self._round += 1
        self._asking = False
        await self.ask()
