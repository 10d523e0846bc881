"""Everything the page loads comes from the app's own origin, and its Content-Security-Policy
says so.

Flet's web client (both its builds, `main.dart.js` and `main.dart.wasm`) has Rive's runtime URL
compiled in, `https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/`, and adds
`<that URL>wasm/rive_native.js` as a script to every page it starts, with no integrity check, in
the page that keeps the device token. The app draws no Rive animation. `write_client` writes
copies of the two builds where that URL is a relative one of the same length (a WebAssembly
module's string constants are length-prefixed: the length must not change), under which the app
serves a stub (`web/rive_native.js`) that tells the client's Rive set-up the runtime is
unavailable. The served app (`serve.web_root`) and the offline web app (`web_build`) both ship
the copies.

`policy(html)` is the Content-Security-Policy of a page: every kind of resource from the app's own
origin only (`'self'`, which covers the session's ws:/wss: socket to the same host), WebAssembly
compiled from it (`'wasm-unsafe-eval'`: the client and its renderers are WebAssembly), and the
page's inline scripts by their SHA-256 (Flet's settings and our own, written into index.html),
never `'unsafe-inline'` for scripts. Styles may be inline: Flutter writes `<style>` elements and
style attributes as it draws.

>>> script_hashes('<script src="a.js"></script><script>go()</script>')
["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]
>>> "'unsafe-inline'" in directive(policy("<script>go()</script>"), "script-src")
False
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from pathlib import Path

RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_HERE = "no-cdn/rive/"  # where the stub is served, relative to the page's base URL
# The same length as RIVE_CDN: "./" segments are dropped when the browser resolves the URL.
RIVE_LOCAL = (b"./" * ((len(RIVE_CDN) - len(RIVE_HERE)) // 2) + RIVE_HERE.encode())
# The two paths the client tries under that base, one after the other.
RIVE_SCRIPTS = ("wasm/rive_native.js", "wasm_compatibility/rive_native.js")
CLIENT_BUILDS = ("main.dart.js", "main.dart.wasm")
STUB = Path(__file__).parent / "web" / "rive_native.js"

assert len(RIVE_LOCAL) == len(RIVE_CDN)


class ClientChanged(Exception):
    """Flet's client no longer holds the URL this module rewrites: look at it again."""


def write_client(client: Path, into: Path) -> list[Path]:
    """Write the client's builds from `client` (flet-web's web folder) into `into`, Rive's CDN URL
    pointed at the stub, and the stub at both paths the client tries. Returns what it wrote."""
    written = []
    for name in CLIENT_BUILDS:
        data = (client / name).read_bytes()
        if data.count(RIVE_CDN) != 1:
            raise ClientChanged(f"{name} holds Rive's CDN URL {data.count(RIVE_CDN)} times, "
                                "not once: companion/server/own_origin.py needs a look")
        into.mkdir(parents=True, exist_ok=True)
        (into / name).write_bytes(data.replace(RIVE_CDN, RIVE_LOCAL))
        written.append(into / name)
    stub = STUB.read_bytes()
    for script in RIVE_SCRIPTS:
        path = into / RIVE_HERE / script
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(stub)
        written.append(path)
    return written


INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S | re.I)


def script_hashes(html: str) -> list[str]:
    """The CSP sources (`'sha256-...'`) of the page's inline scripts (a `<script>` with no
    attributes; those with a `src` load a file from the origin)."""
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
            for body in INLINE_SCRIPT.findall(html)]


@functools.lru_cache(maxsize=8)  # every load of a page sends the same few pages
def policy(html: str | None = None, *, in_meta: bool = False) -> str:
    """The Content-Security-Policy for a response (`html`: a page's text, whose inline scripts it
    allows), or for a `<meta>` in the page (`in_meta`: without frame-ancestors, which a meta
    cannot set)."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *script_hashes(html or "")])
    directives = [
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",  # Pyodide's worker; skwasm's when it runs threaded
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
    if not in_meta:
        directives.append("frame-ancestors 'none'")  # no other site frames the app's buttons
    return "; ".join(directives)


def directive(text: str, name: str) -> str:
    """One directive's sources in a policy ("" when it has none)."""
    for part in text.split(";"):
        words = part.split()
        if words and words[0] == name:
            return " ".join(words[1:])
    return ""
