"""Every name drawn in the offline web app, with no network (issues 21 and 30): the check of
tests/app/test_names_drawn.py in the web app, whose folder carries the fonts (the build copies
`assets/fonts/` beside the page, and its service worker caches them with every other file)."""

from __future__ import annotations

import pytest

from companion import fonts
from tests.support.app.names_drawn import (
    MORE_NAMES,
    assert_every_name_drawn,
    cut_off,
    remove_the_names,
    type_the_names,
)
from tests.support.web.site import web_app

pytestmark = pytest.mark.browser


def test_names_in_every_script_are_drawn_with_no_network(browser, site) -> None:
    with web_app(browser, site, storage_kept=True) as app:
        page = app.at_home()
        refused = cut_off(page, site.url)
        type_the_names(page)
        assert_every_name_drawn(page)
        remove_the_names(page)
        type_the_names(page, MORE_NAMES, new=False)
        assert_every_name_drawn(page, MORE_NAMES)
        assert not refused and not app.elsewhere, f"other origins: {refused + app.elsewhere}"
        cached = page.evaluate("""async () => (await Promise.all((await caches.keys())
            .map(async name => (await (await caches.open(name)).keys()).map(r => r.url))))
            .flat().filter(url => url.endsWith('.woff2'))""")
        for name in fonts.FILES.values():
            assert f"{site.url}fonts/{name}" in cached, name  # drawn offline too
