"""What every browser test shares: one Chromium for the whole run.

Playwright's sync API allows one running instance per process, so tests/app (the served app) and
tests/web (the offline web app) drive the same browser, each in contexts of its own.
"""

from __future__ import annotations

import pytest

from tests.app.conftest import CHROMIUM_ARGS, chromium_path


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()
