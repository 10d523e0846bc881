"""The app's own preferences (the theme), kept as a small JSON file in the data folder."""

from __future__ import annotations

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
        if value not in THEMES:
            raise ValueError(f"Unknown theme {value!r}; choose one of {', '.join(THEMES)}.")
        self._values["theme"] = value
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".preferences-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(self._values, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
