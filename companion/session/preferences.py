"""The app's own preferences (the theme), kept as a small JSON file in the data folder."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from pathlib import Path

THEMES = ("system", "light", "dark")
log = logging.getLogger(__name__)


class Preferences:
    """Read once at start; every change is written at once (atomically) and survives a restart."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / "preferences.json"
        self._values: dict[str, str] = {"theme": "system"}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict) and loaded.get("theme") in THEMES:
                self._values["theme"] = loaded["theme"]
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as error:
            # A damaged preferences file only costs the theme choice: say so and start afresh.
            log.warning("Could not read %s (%s); using the default theme.", self.path, error)

    @property
    def theme(self) -> str:
        return self._values["theme"]

    @theme.setter
    def theme(self, value: str) -> None:
        """Use `value` from now on and save it; NotSaved (the value still in use) if it cannot be.

        A full disk or a read-only folder must not cost the session: the choice applies for this
        run and the last saved file stays as it was.
        """
        if value not in THEMES:
            raise ValueError(f"Unknown theme {value!r}; choose one of {', '.join(THEMES)}.")
        self._values["theme"] = value
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
            log.warning("Could not save %s (%s); the theme applies until the app stops.",
                        self.path, error)
            raise NotSaved(f"The theme is changed, but it could not be saved "
                           f"({error.strerror or error}): after a restart it will be the last "
                           "saved one.") from error


class NotSaved(Exception):
    """A preference that applies for this run but could not be written to disk."""
