"""A whole 2-player Caro game tapped through in the browser, checked against the engine."""

from __future__ import annotations

import re

from scoring import caro
from tests.app.test_shell import start_caro
from tests.app.ui import assert_buttons_named, button, open_page, see


def lay(page, mirror: caro.Match, colour: str, cell: tuple[int, int]) -> None:
    """Tap the colour, then the cell, as the scorekeeper does; the mirror engine does the same."""
    player = mirror.current
    button(page, re.compile(rf"^Lay {colour}")).click()
    button(page, re.compile(rf"^Lay {colour}, .*selected")).wait_for()
    button(page, re.compile(rf"^cell {cell[0]},{cell[1]} scores")).click()
    mirror.lay(colour, cell, player=player)
    see(page, mirror.history[-1]["text"])


def choose(mirror: caro.Match) -> tuple[str, tuple[int, int]]:
    """A legal lay: the highest-scoring cell of the first colour that has one (deterministic)."""
    for colour in caro.COLOURS:
        options = mirror.options(colour)
        if options:
            cell = max(sorted(options), key=lambda c: options[c])
            return colour, cell
    raise AssertionError("nobody can lay, yet the game is not over")


def test_a_whole_game_scores_as_the_engine_does_and_survives_undo_and_reload(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    first = (mirror.area, mirror.area)
    lay(phone, mirror, "red", first)
    see(phone, "Ben to lay")

    colour, cell = choose(mirror)
    lay(phone, mirror, colour, cell)
    # Undo the second lay, check the message and the turn, then lay it again with Redo.
    button(phone, "Undo").click()
    see(phone, "Undone: ")
    see(phone, "Ben to lay")
    button(phone, "Redo").click()
    see(phone, "Redone: ")

    # A refused tap says why and changes nothing.
    illegal = next(c for c in mirror.cells_in_reach()
                   if mirror.violations("red", c) and c not in mirror.board)
    button(phone, re.compile(r"^Lay red")).click()
    button(phone, re.compile(rf"^cell {illegal[0]},{illegal[1]}$")).click()
    see(phone, str(mirror.violations("red", illegal)[0]))
    button(phone, "Cancel").click()

    match_url = phone.url
    while not mirror.is_over:
        if len(mirror.history) == 8:
            phone.reload()
            open_page(phone, match_url)
            see(phone, mirror.history[-1]["text"])
        colour, cell = choose(mirror)
        lay(phone, mirror, colour, cell)

    won = " and ".join(mirror.winners)
    see(phone, f"Game over: {won}")
    for i, (name, points) in enumerate(sorted(mirror.scores.items(), key=lambda kv: -kv[1])):
        see(phone, f"{i + 1}. {name}: {points}")
    assert sum(t["points"] for t in mirror.turns if t["player"] == "Ann") == mirror.scores["Ann"]

    losers = mirror.losers
    if len(losers) == 1:
        button(phone, re.compile(r"^Next game")).click()
    else:
        button(phone, f"{losers[0]} starts").click()
    see(phone, f"{losers[0]} lays the first caro")


def test_rule_break_costs_ten_and_a_late_notice_leaves_the_caro_as_laid(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (6, 6))
    # Ben put a red next to Ann's red: rule 1. Noticed during his turn: -10, lay again.
    button(phone, re.compile(r"^Lay black")).click()
    button(phone, re.compile(r"^cell 6,7 scores")).wait_for()
    mirror.rule_break("red")
    button(phone, re.compile(r"^Lay red")).wait_for()
    # Red has no legal cell for Ben, so the app offers the cell refusal through a colour he holds.
    button(phone, re.compile(r"^cell 5,5$")).click()
    see(phone, "Black cannot go at row 5, column 5")
    button(phone, "Rule break: −10, lay it again").click()
    see(phone, "Ben")
    see(phone, "-10")
    lay(phone, mirror, "black", (6, 7))
    assert mirror.scores["Ben"] == 0  # 10 for the pair, -10 for the break
    see(phone, mirror.history[-1]["text"])
    # Ann lays a white touching only at a corner; it was noticed too late: it stays, scoring 0.
    button(phone, re.compile(r"^Lay white")).click()
    button(phone, re.compile(r"^cell 5,5$")).click()
    button(phone, "Leave it as laid (noticed too late)").click()
    mirror.lay("white", (5, 5), force=True)
    see(phone, mirror.history[-1]["text"])
    button(phone, re.compile(r"^cell 5,5 white")).wait_for()


def grid_names(page) -> set[str]:
    """The names of every cell button the page shows."""
    return set(page.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].map(e => (e.getAttribute('aria-label')
        || e.textContent).trim()).filter(n => n.startsWith('cell '))"""))


def expected_names(mirror: caro.Match, colour: str) -> set[str]:
    names = {f"cell {r},{c}" for r, c in mirror.cells_in_reach()}
    for (r, c), p in mirror.options(colour).items():
        names.discard(f"cell {r},{c}")
        names.add(f"cell {r},{c} scores {p}")
    for (r, c), laid in mirror.board.items():
        names.add(f"cell {r},{c} {laid}" + (" (last laid)" if (r, c) == mirror.last_cell else ""))
    return names


def downward(mirror: caro.Match) -> tuple[str, tuple[int, int]]:
    """A legal lay on the lowest row that has one: the rows at the top drop out of reach."""
    moves = [(cell[0], -mirror.options(c)[cell], c, cell)
             for c in caro.COLOURS for cell in mirror.options(c)]
    _, _, colour, cell = max(moves)
    return colour, cell


def test_every_cell_matches_the_engine_after_undo_and_redo(app, phone) -> None:
    """The grid re-sends only the cells whose look changed, and keeps its rows when rows come and
    go at the top: after each Undo and Redo every cell must show what the engine says (laid
    colour, last laid, legal and its points), and a tap must still reach the cell tapped."""
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (mirror.area, mirror.area))
    for _ in range(5):
        lay(phone, mirror, *downward(mirror))
    for step in ("Undo", "Undo", "Undo", "Redo", "Redo", "Undo", "Redo", "Redo", "Undo"):
        text = mirror.history[-1]["text"]
        getattr(mirror, step.lower())()
        button(phone, step).click()
        see(phone, f"{step}ne: {text if step == 'Undo' else mirror.history[-1]['text']}")
        selected = phone.evaluate("""() => [...document.querySelectorAll(
            'flt-semantics-host [role=button]')].map(e => e.getAttribute('aria-label')
            || e.textContent).find(n => /^Lay \\w+, .*selected/.test(n))""")
        colour = selected.split()[1].rstrip(",")
        assert grid_names(phone) == expected_names(mirror, colour), step
        assert_buttons_named(phone)
        # The turn list (keyed lines) shows the latest turns, newest first, after each step.
        texts = {entry["text"] for entry in mirror.history}
        shown = [t for t in phone.evaluate(
            "() => [...document.querySelectorAll('flt-semantics-host flt-semantics')]"
            ".map(e => (e.getAttribute('aria-label') || e.textContent).trim())") if t in texts]
        assert shown == [e["text"] for e in reversed(mirror.history[-8:])], step
    for _ in range(3):  # each lay checks the turn text, which names the cell tapped
        lay(phone, mirror, *downward(mirror))
