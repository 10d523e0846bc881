"""The splash owns the accessibility tree until Home (issue 36): a screen reader reading the page
during the start hears the splash, in the device's language, and nothing of what Flutter has
drawn under it (Flet's English "Working..." while Python starts).

The tree is read as a screen reader gets it (CDP Accessibility.getFullAXTree), again and again
from the first load until Home, Flutter's semantics switched on as early as the page allows.
"""

from __future__ import annotations

import pytest

from companion.games import GAME_UIS
from companion.i18n.catalog import Voice
from companion.i18n.page_words import table
from scoring.said import render
from tests.support.app.process import PHONE

pytestmark = pytest.mark.browser

WORDS = table("ja")
STAGES = ("flutter", "python", "app", "matches")
FLUTTERS = """() => {
  const host = document.querySelector("flt-semantics-host");
  if (!host) return "";
  return [host.textContent, ...Array.from(host.querySelectorAll("[aria-label]"),
                                          (node) => node.getAttribute("aria-label"))].join(" ");
}"""
AT_HOME = "() => !!window.tableCompanion && window.tableCompanion.stage === 'home'"
PLACEHOLDER = """() => {
  const placeholder = document.querySelector("flt-semantics-placeholder");
  if (placeholder) placeholder.click();
  return !!placeholder;
}"""


def names(tree: dict) -> str:
    """What a screen reader hears: the names of the nodes the tree does not ignore."""
    return " ".join(str(node.get("name", {}).get("value", "")) for node in tree["nodes"]
                    if not node.get("ignored"))


def test_until_home_the_accessibility_tree_holds_the_splash_alone_in_the_devices_language(
        browser, site) -> None:
    context = browser.new_context(viewport=PHONE, locale="ja-JP")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        page.goto(site.url)
        heard, drawn, switched_on = [], [], False
        for _ in range(3000):
            if page.evaluate(AT_HOME):
                break
            switched_on = switched_on or page.evaluate(PLACEHOLDER)
            heard.append(names(cdp.send("Accessibility.getFullAXTree")))
            drawn.append(page.evaluate(FLUTTERS))
            page.wait_for_timeout(100)
        else:
            pytest.fail("the app did not reach Home")
        assert switched_on
        said = [text for text in heard if any(WORDS[stage] in text for stage in STAGES)]
        assert said, "the splash's line, in Japanese, is in the tree during the start"
        assert any("Working" in text for text in drawn), (
            "Flet's 'Working...' was drawn under the splash (else this test checks nothing)")
        assert not [text for text in heard if "Working" in text]
        english = [table("en")[stage] for stage in STAGES]
        assert not [text for text in heard if any(words in text for words in english)]
        # At Home the splash is gone and Flutter's tree is heard: Home's button, in Japanese.
        voice = Voice("ja")
        home = voice.gettext("New {game} match").format(
            game=render(GAME_UIS["caro"].title, voice))
        for _ in range(300):
            if home in names(cdp.send("Accessibility.getFullAXTree")):
                break
            page.wait_for_timeout(100)
        else:
            pytest.fail(f"{home} is not in the tree at Home")
    finally:
        context.close()
