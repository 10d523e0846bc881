"""The rules sheet a match screen opens: the game in short, its tables, and the rulings."""

from __future__ import annotations

import pytest

from tests.support.app.language import phone_in
from tests.support.app.shell import start_caro
from tests.support.app.ui import as_drawn, button, open_page, see, text


def test_the_rules_sheet_shows_the_pair_points_as_a_table_and_the_rulings(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    button(phone, "Rules").click()
    see(phone, "Caro: rules")
    see(phone, "Caro in short")
    # A table's cells are texts of their own; unrendered Markdown would be one "| ... |" line.
    for cell in ("pair", "points", "red / black", "10", "grey / white"):
        text(phone, cell, exact=True).first.wait_for()
    assert text(phone, "|").count() == 0
    see(phone, "How the app decides (rulings)")
    button(phone, "Back").click()
    see(phone, "Ann lays the first caro")


@pytest.mark.parametrize(("locale", "title", "cells", "rulings"), [
    ("de-DE", "Caro in Kürze", ("Farbkombination", "rot / schwarz", "grau / weiß"),
     "Wie die App entscheidet (Auslegungen)"),
    ("ja-JP", "カロ（Caro）の概要", ("色の組み合わせ", "赤 / 黒", "灰 / 白"),
     "アプリの判断（裁定）"),
])
def test_a_phone_in_another_language_reads_the_sheet_in_it(app, browser, locale: str, title: str,
                                                           cells: tuple[str, ...],
                                                           rulings: str) -> None:
    """The sheet follows the device's language (its browser's here), tables rendered as
    tables; a screenshot of each goes to /tmp/rules-<locale>-*.png for a person to look at."""
    keeper = phone_in(browser, "en-GB")  # the match is made in English, then read in `locale`
    start_caro(keeper, app.url, "Ann", "Ben")
    phone = phone_in(browser, locale)
    open_page(phone, keeper.url)
    button(phone, {"de-DE": "Regeln", "ja-JP": "ルール"}[locale]).click()
    see(phone, as_drawn(title))  # a Japanese sheet holds its phrases together (i18n/phrases.py)
    for cell in cells:
        text(phone, as_drawn(cell, exact=True)).first.wait_for()
    assert text(phone, "|").count() == 0
    phone.wait_for_timeout(1000)  # a busy machine paints a moment after the semantics tree
    phone.screenshot(path=f"/tmp/rules-{locale}-top.png")
    see(phone, as_drawn(rulings))
    phone.mouse.move(200, 500)
    phone.mouse.wheel(0, 5000)  # to the sheet's end: the rulings
    phone.wait_for_timeout(1000)
    phone.screenshot(path=f"/tmp/rules-{locale}-rulings.png")
