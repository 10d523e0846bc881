"""The sentences the page's own scripts draw (the "Connection lost" notice, the offline web app's
splash and notices), which run before Python or without it, so they cannot ask the catalogs.

Their English is here, marked for extraction; their translations are in the catalogs like every
other message; companion/web/words.js holds all of them in the four languages and is written
from this module (`python -m companion.i18n.page_words`, after `python -m
companion.i18n.extract` and translating). tests/companion/test_page_words.py fails when the
file is not what the catalogs give, so a translator edits the .po files only.

In the page, `window.tableCompanionWords` is the table of the device's language: its choice in
Settings (kept by the browser as "flutter.language", companion/session/language.py), else the
first of the browser's languages the app speaks, else English.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.i18n import LANGUAGES, N_, Voice

WORDS_JS = Path(__file__).resolve().parent.parent / "web" / "words.js"

# Key (as the scripts name it) -> English. A placeholder is filled in by the script.
PAGE_WORDS: dict[str, str] = {
    # companion/server/web/connection.js
    "lost": N_("Connection lost, reconnecting…"),
    "taps": N_("Taps do nothing until the connection is back: none is sent or saved. Every "
               "action the screen showed before is saved; the match comes back as it is then, "
               "and you can tap again."),
    "watching": N_("This screen follows the match: it catches up by itself once the connection "
                   "is back, with nothing to tap meanwhile. The score is kept on the scorekeeper's "
                   "device."),
    "standings": N_("Standings"),
    "asShown": N_("{game}, as this screen last showed it"),
    "beforeLast": N_("{game} before the last change this screen showed"),
    # companion/web/start.js (the offline web app)
    "flutter": N_("Loading the app's screens…"),
    "python": N_("Starting Python…"),
    "app": N_("Loading the app…"),
    # the first visit's download under the splash's line: megabytes received of the total
    "downloaded": N_("{got} of {total} MB"),
    "downloadStalled": N_("The download has stalled. Trying again…"),
    # a new release, its files all downloaded, said at Home: start it now, or at the next start
    "updateReady": N_("A new version of the app is ready."),
    "restartNow": N_("Start it now"),
    "later": N_("Later"),
    "matches": N_("Opening your matches…"),
    "elsewhere": N_("Table Companion is open in another tab or window. Close it there and the "
                    "app starts here by itself."),
    "ready": N_("Ready offline: this device now has everything the app needs to start and play "
                "with no network."),
    "notReady": N_("Not ready offline yet: some of the app's files could not be saved on this "
                   "device. Keep the network on and open the app again before going offline."),
    # companion/web/start.js: a start that does not reach Home, and "Save my matches"
    # (companion/web/rescue.js)
    "stalled": N_("The app is taking longer than it should to start. Your matches are safe on "
                  "this device: you can save them to a file now."),
    "failed": N_("The app could not start. Your matches are safe on this device: you can save "
                 "them to a file now, and start again."),
    "damaged": N_("A file of the app is damaged on this device ({file}) and could not be "
                  "fetched again without a network. Your matches are safe: you can save them to "
                  "a file now."),
    "tryAgain": N_("Start again"),
    "fetchAgain": N_("Fetch it again"),
    "fetchFailed": N_("It could not be fetched: connect to the network and try again."),
    "save": N_("Save my matches"),
    "saved": N_("Your matches are saved in {file}, in your downloads. The app imports them back "
                "with Import from JSON in Settings."),
    "savedSome": N_("Some match files could not be read and were left out."),
    "noMatches": N_("There are no matches on this device to save."),
    "saveFailed": N_("The matches could not be read from this browser's storage ({error})."),
}


def table(code: str) -> dict[str, str]:
    """Every page sentence in the language `code`, as the catalogs have it, and the code (the
    standings the notice asks for are said in it)."""
    voice = Voice(code)
    return {"code": code, **{key: voice.gettext(english) for key, english in PAGE_WORDS.items()}}


def script() -> str:
    """The text of companion/web/words.js."""
    tables = json.dumps({code: table(code) for code in LANGUAGES}, ensure_ascii=False, indent=2)
    tables = tables.replace("\n", "\n  ")  # as indented as the line it is on
    return f"""\
// The sentences the page's own scripts draw, in the device's language. Written by `python -m
// companion.i18n.page_words` from the catalogs (companion/i18n/page_words.py): edit the .po
// files, not this. The device's choice in Settings (Flutter keeps it as "flutter.language"),
// else the first of the browser's languages the app speaks, else English.
(function () {{
  const WORDS = {tables};
  // Not Object.hasOwn: older phones' browsers (Safari before 15.4) lack it.
  const own = (code) => Object.prototype.hasOwnProperty.call(WORDS, code);
  function chosen() {{
    try {{
      const kept = JSON.parse(localStorage.getItem("flutter.language") || "null");
      if (typeof kept === "string" && own(kept)) return kept;
    }} catch (error) {{ // storage refused (a private window) or not JSON: the browser's
    }}
    for (const tag of navigator.languages || [navigator.language]) {{
      const primary = String(tag).split(/[-_]/)[0].toLowerCase();
      if (own(primary)) return primary;
    }}
    return "en";
  }}
  window.tableCompanionWords = WORDS[chosen()];
}})();
"""


def main() -> None:
    WORDS_JS.write_text(script(), encoding="utf-8")
    print(f"wrote {WORDS_JS}", file=sys.stderr)


if __name__ == "__main__":
    main()
