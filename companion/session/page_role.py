"""Whether this page keeps score, mirrored into the page for its own scripts.

The "Connection lost" notice (companion/server/web/connection.js) is drawn by the page's script
while the app cannot reach it, so it cannot ask the session whether it speaks to the scorekeeper
(whose taps meanwhile do nothing) or to a watcher (who has nothing to do but wait). The session
tells the page as it does the screen-on switch, by the same storage service (keep_awake.py's
`use_keep_screen_on`, given `keeps_score`; a second service a page made a slow phone's first
screen late): in the browser's storage, "flutter.keeps_score" (Flutter's prefix), which the
script reads, the latest this tab wrote first. It decides a sentence the page shows itself,
nothing the server does.
"""

from __future__ import annotations

KEY = "keeps_score"  # localStorage "flutter.keeps_score" in the page
