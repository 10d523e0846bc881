"""The score sheet: its match screen, its New match options and its watcher's view."""

from dataclasses import replace

from companion.games.sheet.kept import KeptSheets
from companion.games.sheet.screen import UI as PLAY
from companion.games.sheet.stats import sheet_stats_section
from companion.games.sheet.watch import SheetWatch

UI = replace(PLAY, watch=SheetWatch, on_home=KeptSheets, stats_section=sheet_stats_section)

__all__ = ["UI"]
