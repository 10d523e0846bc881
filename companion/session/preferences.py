"""The app's own preferences (the theme, the screen kept on during a match) and when the matches
were last backed up (and the reminder last put off), kept as a small JSON file in the data
folder."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from datetime import datetime
from pathlib import Path

from scoring.said import Said, said

THEMES = ("system", "light", "dark")
TIMES = ("last_backup", "backup_put_off")  # moments, stored as ISO 8601 with their zone
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
            for name in TIMES:
                if isinstance(loaded, dict) and _moment(loaded.get(name)) is not None:
                    self._values[name] = loaded[name]
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

    @property
    def last_backup(self) -> datetime | None:
        """When the matches were last backed up (a JSON export shared or downloaded from the
        Backup button); None if never."""
        return _moment(self._values.get("last_backup"))

    @property
    def backup_put_off(self) -> datetime | None:
        """When the backup reminder was last put off ("Not now"); None if never."""
        return _moment(self._values.get("backup_put_off"))

    def backed_up(self, at: datetime) -> None:
        """Note a backup made `at` (timezone-aware); NotSaved if the note cannot be written
        (the backup itself is made: only the reminder would come back after a restart)."""
        self._note_time("last_backup", at, "time of the last backup", said(
            "The backup is made, but its time could not be noted ({why}): after a restart the "
            "app may ask for one again."))

    def put_off_backup(self, at: datetime) -> None:
        """Note the reminder put off `at`; NotSaved as `backed_up`."""
        self._note_time("backup_put_off", at, "time the backup reminder was put off", said(
            "The reminder is put off, but that could not be saved ({why}): after a restart it "
            "may show again."))

    def _note_time(self, name: str, at: datetime, what: str, sentence: Said) -> None:
        if not isinstance(at, datetime) or at.tzinfo is None:
            raise ValueError(f"A moment with its time zone, not {at!r}.")
        # To the microsecond: a match finished earlier in the same second is not "since" it
        # (Home's reminder compares each match's end with it, storage/played.py's own times).
        self._values[name] = at.isoformat(timespec="microseconds")
        self._save(what, sentence)

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


def _moment(value: object) -> datetime | None:
    """A stored ISO 8601 moment with its zone, or None for anything else."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


class NotSaved(Exception):
    """A preference that applies for this run but could not be written to disk: `.said` is the
    sentence as data (said in the device's language), `str()` its English."""

    def __init__(self, sentence: Said) -> None:
        super().__init__(str(sentence))
        self.said = sentence
