"""A result to share (issue 33), as tests stand in for a phone's share sheet and read the card."""

from __future__ import annotations

import struct

SIZE = 1080  # the card's width and height (companion/web/share_card.js)

# The share sheet: keeps each file it is handed (its bytes in base64), as a phone's sheet sending
# it on; no activation needed, as none is in a test.
STAND_IN = """
(() => {
  window.sharedFiles = [];
  window.sharedBlobs = [];
  const canShare = (data) => !!(data && data.files && data.files.length);
  const share = async (data) => {
    for (const file of (data && data.files) || []) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let text = "";
      for (const b of bytes) text += String.fromCharCode(b);
      window.sharedBlobs.push(file);
      window.sharedFiles.push({name: file.name, type: file.type, png: btoa(text)});
    }
  };
  Object.defineProperty(navigator, "canShare", {value: canShare, configurable: true});
  Object.defineProperty(navigator, "share", {value: share, configurable: true});
})();
"""

NO_SHARE = """
Object.defineProperty(navigator, "canShare", {value: undefined, configurable: true});
Object.defineProperty(navigator, "share", {value: undefined, configurable: true});
"""


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR (which must come first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])
