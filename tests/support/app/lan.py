"""Helpers of tests/app/test_lan.py that other tests share: pick, run_cli, unlock."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from tests.support.app.process import LAN_PIN
from tests.support.app.ui import button, open_page, see, type_into

ROOT = Path(__file__).resolve().parents[3]


def unlock(page: Page, url: str, pin: str = LAN_PIN, say: Callable[[str], str] = str) -> None:
    """Enter the PIN on the Share screen, as a scorekeeper does on their phone.

    Typed into the field only once it shows what was typed (`type_into`): keys pressed right
    after the click, before the field takes focus, are lost (a busy machine lost the first
    digit that way, and the test saw "Wrong PIN").
    """
    open_page(page, url)
    button(page, say("Share")).click()  # `say`: the words in the page's language
    type_into(page, say("PIN"), pin)
    button(page, say("Unlock scorekeeping")).click()
    see(page, say("This device keeps score now."))


def pick(page: Page, colour: str) -> None:
    """Pick a caro colour and wait until the screen shows it picked."""
    button(page, re.compile(rf"^Lay {colour}")).click()
    button(page, re.compile(rf"^Lay {colour}, .*selected")).wait_for()


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "--no-browser", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
