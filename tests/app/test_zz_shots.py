from tests.app.test_languages_walk import walk_app  # noqa: F401
from tests.support.app.process import PHONE
from tests.support.app.ui import open_page

NAMES = ["carrera-mid", "sheet-mid", "careta-mid", "ratel-mid", "caro-mid"]


def test_shots(walk_app, browser):  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    open_page(page, walk_app.url + "/")
    for font in ("", "32px"):
        for name in NAMES:
            if name not in walk_app.seeded:
                continue
            page.evaluate("(size) => document.documentElement.style.fontSize = size", font)
            open_page(page, f"{walk_app.url}/match/{walk_app.seeded[name]}")
            page.evaluate("(size) => document.documentElement.style.fontSize = size", font)
            page.wait_for_timeout(2500)
            page.screenshot(path=f"/tmp/shots/{name}-{font or 'normal'}.png")
    context.close()
