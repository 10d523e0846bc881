"""The app's own preferences (the theme, the screen kept on during a match), kept as a small
JSON file in the data folder."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from pathlib import Path

from scoring.said import Said, said

THEMES = ("system", "light", "dark")
log = logging.getLogger(__name__)


class Preferences:
    """Read once at start; every change is written at once (atomically) and survives a restart."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / "preferences.json"
        self._values: dict[str, str | bool] = {"theme": "system", "keep_screen_on": True}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict) and loaded.get("theme") in THEMES:
                self._values["theme"] = loaded["theme"]
            if isinstance(loaded, dict) and isinstance(loaded.get("keep_screen_on"), bool):
                self._values["keep_screen_on"] = loaded["keep_screen_on"]
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as error:
            # A damaged preferences file only costs the choices: say so and start afresh.
            log.warning("Could not read %s (%s); using the defaults.", self.path, error)

    @property
    def theme(self) -> str:
        return str(self._values["theme"])

    @theme.setter
    def theme(self, value: str) -> None:
        """Use `value` from now on and save it; NotSaved (the value still in use) if it cannot be.

        A full disk or a read-only folder must not cost the session: the choice applies for this
        run and the last saved file stays as it was.
        """
        if value not in THEMES:
            raise ValueError(f"Unknown theme {value!r}; choose one of {', '.join(THEMES)}.")
        self._values["theme"] = value
        self._save("theme", said(
            "The theme is changed, but it could not be saved ({why}): after a restart it will "
            "be the last saved one."))

    @property
    def keep_screen_on(self) -> bool:
        """Keep the screen on while a match screen is open (companion/web/keep_awake.js)."""
        return bool(self._values["keep_screen_on"])

    @keep_screen_on.setter
    def keep_screen_on(self, value: bool) -> None:
        """As the theme: in use at once, saved, NotSaved if it cannot be."""
        if not isinstance(value, bool):
            raise ValueError(f"Keep the screen on is True or False, not {value!r}.")
        self._values["keep_screen_on"] = value
        self._save("choice to keep the screen on", said(
            "The choice to keep the screen on is changed, but it could not be saved ({why}): "
            "after a restart it will be the last saved one."))

    def _save(self, what: str, sentence: Said) -> None:
        """Write the choices; NotSaved with `sentence` (its {why} the system's reason) if not."""
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".preferences-",
                                       suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(self._values, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except OSError as error:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            log.warning("Could not save %s (%s); the %s applies until the app stops.",
                        self.path, error, what)
            raise NotSaved(Said(sentence.msg, {"why": str(error.strerror or error)})) from error


class NotSaved(Exception):
    """A preference that applies for this run but could not be written to disk: `.said` is the
    sentence as data (said in the device's language), `str()` its English."""

    def __init__(self, sentence: Said) -> None:
        super().__init__(str(sentence))
        self.said = sentence
