"""Every name drawn in the offline web app, with no network (issue 21): the check of
tests/app/test_names_drawn.py in the web app, whose folder carries the fonts (the build copies
`assets/fonts/` beside the page, and its service worker caches them with every other file)."""

from __future__ import annotations

import pytest

from tests.support.app.names_drawn import assert_every_name_drawn, cut_off, type_the_names
from tests.support.web.site import web_app

pytestmark = pytest.mark.browser


def test_names_in_every_script_are_drawn_with_no_network(browser, site) -> None:
    with web_app(browser, site, storage_kept=True) as app:
        page = app.at_home()
        refused = cut_off(page, site.url)
        type_the_names(page)
        assert_every_name_drawn(page)
        assert not refused and not app.elsewhere, f"other origins: {refused + app.elsewhere}"
        cached = page.evaluate("""async () => (await Promise.all((await caches.keys())
            .map(async name => (await (await caches.open(name)).keys()).map(r => r.url))))
            .flat().filter(url => url.endsWith('.woff2'))""")
        for name in ("noto-sans", "noto-sans-jp", "noto-sans-kr", "noto-emoji"):
            assert f"{site.url}fonts/{name}.woff2" in cached, name  # drawn offline too
