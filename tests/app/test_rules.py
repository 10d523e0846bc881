"""The rules sheet a match screen opens: the game in short, its tables, and the rulings."""

from __future__ import annotations

from tests.app.test_shell import start_caro
from tests.app.ui import button, see, text


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
