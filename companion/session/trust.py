"""A scorekeeper's device stays trusted across a restart of a server run with a fixed `--pin`.

When the PIN is entered on a device, the server hands it a token to keep in the browser
(`ft.SharedPreferences`, the browser's local storage), and the page offers it back when it opens
again, after a reload or a restart of the server. The token is not the PIN and tells nothing of it:
`<id>.<mac>`, where `id` is random and `mac` is HMAC-SHA256 of the id under a key derived from a
secret kept in the data folder (`trust.key`, made once, readable by its owner only) and the PIN.
So:

- only the server can make a token that verifies (a watcher cannot forge one: it would need the
  secret), and a copied token is worth what the PIN is, on a device someone chose to trust;
- a token verifies only while its id is listed in `trusted-devices.json`: "Stop keeping score
  here" takes the id off the list, so that token never works again, even if it was copied;
- a different PIN gives a different key: with a random PIN (a new one each run) no token of an
  earlier run verifies, and the list is not even read: that table asks for the PIN again.

The list keeps at most `MAX_DEVICES` ids (the oldest is dropped), and a token longer than
`MAX_TOKEN` characters is refused unread: one message costs one HMAC at most.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from pathlib import Path

from storage.atomic import atomic_write

log = logging.getLogger(__name__)

KEY = "table-companion.scorekeeper"  # the browser's local storage key for the token
# The cookie the served page copies it into (companion/server/web/connection.js), so that the
# socket's handshake carries it: a trusted device gets in when the table is full.
COOKIE = "table-companion-scorekeeper"
SECRET_NAME = "trust.key"
LIST_NAME = "trusted-devices.json"
MAX_DEVICES = 64
MAX_TOKEN = 200


def _secret(folder: Path) -> bytes:
    """The data folder's secret, made on first use (written atomically, owner-only)."""
    path = folder / SECRET_NAME
    try:
        found = bytes.fromhex(path.read_text(encoding="ascii").strip())
        if len(found) >= 32:
            return found
        log.warning("%s is too short to be this app's secret; a new one is made", path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:
        log.warning("%s could not be read (%s); a new secret is made", path, error)
    secret = secrets.token_bytes(32)
    atomic_write(path, secret.hex().encode("ascii"))
    return secret


class Trust:
    """The devices trusted to keep score at a table whose PIN is fixed (see the module doc)."""

    def __init__(self, folder: Path, pin: str) -> None:
        self._key = hmac.new(_secret(folder), b"scorekeeper-device\0" + pin.encode(),
                             hashlib.sha256).digest()
        self._path = folder / LIST_NAME
        self._lock = threading.Lock()
        self._ids: list[str] = []
        try:
            found = json.loads(self._path.read_text(encoding="utf-8")).get("devices", [])
            self._ids = [i for i in found if isinstance(i, str)][-MAX_DEVICES:]
        except FileNotFoundError:
            pass
        except (OSError, ValueError, AttributeError, TypeError) as error:
            # a damaged list only forgets the devices: they ask for the PIN again
            log.warning("%s could not be read (%s); every device asks for the PIN",
                        self._path, error)

    def _mac(self, device: str) -> str:
        return hmac.new(self._key, device.encode(), hashlib.sha256).hexdigest()

    def _save(self, ids: list[str]) -> None:
        """Write the list, then use it (a write that fails changes nothing)."""
        atomic_write(self._path, json.dumps({"devices": ids}).encode("utf-8"))
        self._ids = ids

    def issue(self) -> str | None:
        """A new token for a device where the PIN was just entered; None if the list cannot be
        saved (a full disk: the device keeps score for this run, and asks again after it)."""
        device = secrets.token_urlsafe(16)
        with self._lock:
            try:
                self._save([*self._ids, device][-MAX_DEVICES:])
            except OSError as error:
                log.warning("Could not save %s (%s)", self._path, error)
                return None
        return f"{device}.{self._mac(device)}"

    def verify(self, token: object) -> str | None:
        """The device id of a token this table issued and has not revoked; None otherwise."""
        if not isinstance(token, str) or len(token) > MAX_TOKEN or token.count(".") != 1:
            return None
        device, mac = token.split(".")
        if not hmac.compare_digest(mac.encode(), self._mac(device).encode()):
            return None
        with self._lock:
            return device if device in self._ids else None

    def revoke(self, device: str) -> None:
        """That device's token no longer verifies ("Stop keeping score here")."""
        with self._lock:
            if device in self._ids:
                self._ids = [i for i in self._ids if i != device]  # revoked for this run at once
                try:
                    self._save(self._ids)
                except OSError as error:
                    log.warning("Could not save %s (%s): the device is trusted again after a "
                                "restart", self._path, error)
