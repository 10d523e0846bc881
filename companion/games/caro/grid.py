"""The Caro tap grid: laid caros, the cells next to them, and what each legal cell scores.

Only the cells that can matter are drawn: the laid caros' bounding box and one ring of cells
around it, kept to the cells the area rule still allows (C2). Every legal cell touches a laid
caro, so it is always among them, and a new game shows a handful of cells, each a thumb's width
(at least MIN_CELL px) at every stage. Where the cells are wider than the screen, they scroll
sideways under their column numbers instead of shrinking, and the row numbers, a column of their
own beside them, stay in view.

On request (`more`) the grid also draws the cells it leaves out where a caro laid against the
rules may lie: the rest of the area and the free cells next to a laid caro outside it. A caro
laid away from the others, or beyond a full area, then still has a cell to tap, which the screen
refuses with its reasons and can record as laid, noticed too late (C9).

A tap re-sends only the cells whose look changed. The grid keeps the control it built for each
cell and row together with the plain data (one tuple per cell) it was built from, and hands Flet
the very same object again while that data is unchanged: Flet's diff skips an object it has
already sent in one identity check. Rows are keyed, so a row more or less keeps the others;
a column more or another width starts the cache afresh, so a kept control only ever returns to
the place it was built for. Fewer cells on screen is what makes a tap cheap on a phone, whose
Flutter layout and semantics work grow with the number of controls; and the page's client
rebuilds a changed control with everything inside it, so a cell is a Container and its Text.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.caro.look import FILL, INK, letter
from companion.games.caro.strip import Side, Strip, off_screen
from companion.i18n import _, say, words
from companion.session.motion import reduced_motion, scroll_duration
from companion.widgets.grows import at_least
from scoring import caro

Cell = tuple[int, int]
LABEL = 18  # width of the row-number column and height of the column-number row
MIN_CELL = 48  # a thumb's target (Material's 48 dp); the grid scrolls sideways rather than shrink
MAX_CELL = 56
GAP = 2
SCROLLBAR_ROOM = 14  # under the cells of a grid that scrolls sideways: its bar sits there
LETTER_SIZE = 20  # a laid caro's letter
LAST_WIDTH = 4  # the "last laid" ring, drawn inside the cell's edge, outside the letter


# One cell as plain data: (column, laid colour, last laid, points, marked, the colour that scores
# the points), or None for a spot inside the drawn rectangle where no caro can go.
CellLook = tuple[int, str | None, bool, int | None, bool, str | None] | None


# Free and legal cells are told apart by their fill alone (its brightness): a border is four
# sides to send and paint, on most of the cells. A laid caro keeps an edge, which a white caro
# needs on a light page and a black one on a dark page. Borders are shared: a rebuilt cell whose
# border kind did not change hands Flet the same object, which its diff skips at once.
FREE = ft.Colors.SURFACE_CONTAINER_HIGHEST
# A legal cell stands apart from a free one by its brightness, not its hue alone (>= 3:1 in both
# themes, measured by tests/app/test_any_eyes.py): with protanopia or deuteranopia a pale
# primary beside the grey of a free cell left only the small figure.
LEGAL = ft.Colors.PRIMARY
LAID = ft.Border.all(2, "#9E9E9E")  # mid grey: a black caro stands out in the dark theme too
LAST = ft.Border.all(LAST_WIDTH, ft.Colors.AMBER)
MARKED = ft.Border.all(3, ft.Colors.ERROR)


def letter_size(size: int) -> int:
    """A laid caro's letter in a cell of `size` px: LETTER_SIZE at a thumb's width, smaller in
    the final board fitted to the screen."""
    return min(LETTER_SIZE, max(8, size * 5 // 12))


def last_width(size: int) -> int:
    """The "last laid" ring's width in a cell of `size` px, leaving the letter its room."""
    return LAST_WIDTH if size >= MIN_CELL else max(2, size // 12)


def _cell(row: int, look: CellLook, on_tap: Callable[[Cell], None] | None,
          size: int = MIN_CELL) -> ft.Control:
    if look is None:
        return ft.Container(expand=True)
    col, laid, last, points, marked, scorer = look
    # Named as a screen reader reads a table: row, column, then what the cell holds.
    where = {"row": say(row), "column": say(col)}
    border = None
    bgcolor = FREE
    if laid:
        bgcolor = FILL[laid]
        said = {**where, "colour": say(caro.colour_word(laid))}
        name = (_("row {row}, column {column}, {colour}, laid last") if last
                else _("row {row}, column {column}, {colour}")).format(**said)
        text = ft.Text(letter(laid), color=INK[laid], size=letter_size(size),
                       weight=ft.FontWeight.BOLD, semantics_label=name)
        border = (LAST if size >= MIN_CELL else ft.Border.all(last_width(size), ft.Colors.AMBER)
                  ) if last else LAID
    elif points is not None:
        # The figure alone, doubled already where the colour doubles (C7): the colour's chip
        # says so once ("×2 14" read as a sum).
        text = ft.Text(say(points), size=13, no_wrap=True,
                       weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY,
                       semantics_label=_("row {row}, column {column}, empty; {colour} scores "
                                         "{points} here").format(
                           **where, colour=say(caro.colour_word(scorer)) if scorer else "",
                           points=say(points)))
        bgcolor = LEGAL
    else:
        text = ft.Text("", semantics_label=_("row {row}, column {column}, empty").format(
            **where))
        if marked:  # a refused free cell: filled as well as ringed, beside red caros too
            bgcolor = ft.Colors.ERROR_CONTAINER
    # A tappable Container is a button to screen readers, named by its text's label: two
    # controls a cell, where a Semantics wrapper made three.
    # A free or legal cell is a tab stop acting on Enter and Space (ink: an InkWell). A ringed
    # one (laid, or refused) is not: Flet's InkWell sits inside the ring, so a 4 px ring would
    # shrink its tap target to 40 px; nothing is laid on those by a tap anyway.
    return ft.Container(
        ink=border is None and not marked,
        expand=True,
        bgcolor=bgcolor,
        border=MARKED if marked else border,
        border_radius=4,
        alignment=ft.Alignment.CENTER,
        content=text,
        # The final board is read-only: its cells are pictures, not buttons.
        on_click=None if on_tap is None else lambda e: on_tap((row, col)),
    )


def _label(row: int, size: int) -> ft.Control:
    # LABEL wide, wider for a number that needs it (large text): a fixed width split "−1".
    return ft.Container(height=size, alignment=ft.Alignment.CENTER, content=at_least(
        LABEL, ft.Text(say(row), size=10, color=ft.Colors.ON_SURFACE_VARIANT, no_wrap=True,
                       semantics_label=_("row {row}").format(row=say(row)))))


def _corner() -> ft.Control:
    return ft.Container(width=LABEL, height=LABEL)


def _row(row: int, cols: tuple[int, ...], looks: tuple[CellLook, ...], size: int, width: float,
         cell: Callable[[Cell, CellLook], ft.Control]) -> ft.Control:
    return ft.Row([cell((row, col), look) for col, look in zip(cols, looks, strict=True)],
                  key=f"row {row}", spacing=GAP, height=size, width=width,
                  vertical_alignment=ft.CrossAxisAlignment.STRETCH)


def _header(cols: tuple[int, ...], width: float) -> ft.Control:
    number = ft.TextStyle(size=10, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        # LABEL high, higher for larger text (a fixed height hid the numbers behind the cells)
        [ft.Container(expand=True, alignment=ft.Alignment.CENTER, content=at_least(
            None, ft.Text(say(c), style=number, no_wrap=True,
                          semantics_label=_("column {column}").format(column=say(c))),
            height=LABEL))
         for c in cols],
        key="header",
        spacing=GAP,
        width=width,
    )


def outside_area(match: caro.Match) -> frozenset[Cell]:
    """The free cells next to a laid caro, at an edge or a corner, outside the playing area:
    where a caro could lie that was laid against the area rule and noticed too late (C9)."""
    board, reach = match.board, set(match.cells_in_reach())
    return frozenset((r + dr, c + dc) for r, c in board for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (r + dr, c + dc) not in board and (r + dr, c + dc) not in reach)


def cell_size(width: float, columns: int) -> int:
    """The side of a cell for `columns` cells across `width` px: the width shared out, kept
    between MIN_CELL (the grid scrolls sideways past that) and MAX_CELL."""
    return int(max(MIN_CELL, min(MAX_CELL, (width - LABEL) / columns - GAP)))


def fitted_size(width: float, columns: int) -> int:
    """The side of a cell for the final board: `columns` cells always fit `width` px whole
    (smaller than a thumb where they must: nobody taps the final board)."""
    return max(1, int(min(MAX_CELL, (width - LABEL) / columns - GAP)))


def near_cells(match: caro.Match) -> frozenset[Cell]:
    """The cells the grid draws by default: the laid caros, and the cells still in reach (C2)
    within one ring around their bounding box, which holds every legal cell (each touches a laid
    caro). Empty on an empty table (the screen draws the first caro's cell alone)."""
    if match.bounds is None:
        return frozenset()
    top, left, bottom, right = match.bounds
    board = match.board
    return frozenset(board) | frozenset(
        (r, c) for r, c in match.cells_in_reach()
        if top - 1 <= r <= bottom + 1 and left - 1 <= c <= right + 1)


def more_cells(match: caro.Match) -> frozenset[Cell]:
    """The cells `near_cells` leaves out where a caro laid against the rules and noticed too late
    may lie (C9): the rest of the area, and the free cells next to a laid caro outside it."""
    if match.bounds is None:
        return frozenset()
    return (frozenset(match.cells_in_reach()) | outside_area(match)) - near_cells(match)


class _Kept:
    """The controls last built for one grid shape, each with the data it was built from."""

    def __init__(self, shape: object) -> None:
        self.shape = shape
        self.built: dict[object, tuple[object, ft.Control]] = {}

    def get(self, place: object, data: object, build: Callable[..., ft.Control],
            *args: object) -> ft.Control:
        """The control last built at `place` if it was built from equal `data`, else
        `build(*args)`."""
        kept = self.built.get(place)
        if kept is not None and kept[0] == data:
            return kept[1]
        control = build(*args)
        self.built[place] = (data, control)
        return control


@ft.component
def CaroGrid(match: caro.Match, colour: str | None, points: dict[Cell, int], version: int,
             width: float, on_tap: Callable[[Cell], None] | None, first_cell: Cell,
             marked: Cell | None, outside: frozenset[Cell] = frozenset(),
             fit: bool = False) -> ft.Control:
    """`points`: the legal cells of `colour` with what each scores (the screen's `options`);
    `outside`: more cells to draw (see `more_cells`). With `fit` (the final board), the laid
    caros' rectangle is drawn read-only, its cells sized so it fits `width` whole."""
    latest_tap = ft.use_ref(None)  # (a callable initial value would be called)
    latest_tap.current = on_tap
    stable_tap = ft.use_callback(lambda cell: latest_tap.current(cell), [])
    kept_ref = ft.use_ref(None)
    # How far the cells are scrolled sideways, as the page last reported it (clamped), and the
    # strip it applies to; `seen` only makes a report draw the chips again.
    offset_ref, strip_ref, scroller_ref = ft.use_ref(0.0), ft.use_ref(None), ft.use_ref(None)
    _, set_seen = ft.use_state(0.0)

    def scrolled(e: ft.OnScrollEvent) -> None:
        # One report at the end of each drag, fling or scroll_to; the rest are ignored.
        if getattr(e.event_type, "value", e.event_type) != "end" or strip_ref.current is None:
            return
        offset_ref.current = strip_ref.current.clamp(e.pixels)
        set_seen(offset_ref.current)

    on_scroll = ft.use_callback(scrolled, [])
    if fit and match.board:
        top, left, bottom, right = match.bounds
        cells = {(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)}
    elif match.board:
        cells = set(near_cells(match)) | outside
    else:
        cells = {first_cell}
        # The engine offers the first caro at (0, 0), the screen draws it at first_cell (C2:
        # it may go anywhere); what it scores is the engine's to say.
        points = {first_cell: match.points(colour, first_cell)} if colour and points else {}
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = tuple(range(min(c for _, c in cells), max(c for _, c in cells) + 1))
    size = fitted_size(width, len(cols)) if fit else cell_size(width, len(cols))
    cells_width = len(cols) * (size + GAP) - GAP
    # Rows are keyed: a row more or less keeps the others. (The final board's cells take no
    # tap: none is handed back from the board in play.)
    # The language too: a cell's letter and spoken name are in it, so a switch builds afresh.
    shape = (cols, size, fit, words())
    if kept_ref.current is None or kept_ref.current.shape != shape:
        kept_ref.current = _Kept(shape)
    kept: _Kept = kept_ref.current
    tap = None if fit else stable_tap

    def cell(place: Cell, look: CellLook) -> ft.Control:
        return kept.get(place, look, _cell, place[0], look, tap, size)

    board, last = match.board, match.last_cell
    lines: list[ft.Control] = [kept.get("header", None, _header, cols, cells_width)]
    labels: list[ft.Control] = [kept.get("corner", None, _corner)]
    for r in rows:
        looks = tuple(
            (c, board.get((r, c)), (r, c) == last, points.get((r, c)),
             (r, c) == marked,
             colour if (r, c) in points else None)
            if (r, c) in cells else None
            for c in cols
        )
        labels.append(kept.get(("label", r), None, _label, r, size))
        lines.append(kept.get(r, looks, _row, r, cols, looks, size, cells_width, cell))
    numbers = ft.Column(labels, spacing=GAP)
    grid = ft.Column(lines, spacing=GAP)
    if LABEL + GAP + cells_width <= width:
        offset_ref.current, strip_ref.current = 0.0, None  # a strip made later starts at 0
        return ft.Row([numbers, grid], spacing=GAP, alignment=ft.MainAxisAlignment.CENTER,
                      vertical_alignment=ft.CrossAxisAlignment.START)
    # Wider than the screen: the cells keep their size and scroll sideways under their column
    # numbers, while the row numbers stay put beside them; an up-and-down drag is left to the
    # page (a pan-and-zoom viewer would take both). The row has the width the cells were sized
    # for, so the server knows the strip's viewport without asking the page.
    strip = Strip(cols[0], len(cols), size, GAP, width - LABEL - GAP)
    offset = offset_ref.current = strip.clamp(offset_ref.current)
    strip_ref.current = strip
    scroller = ft.Row([ft.Container(grid, padding=ft.Padding.only(bottom=SCROLLBAR_ROOM))],
                      scroll=ft.ScrollMode.ALWAYS, expand=True, on_scroll=on_scroll)
    scroller_ref.current = scroller

    async def bring(side: Side, target: float) -> None:
        duration = scroll_duration(await reduced_motion())  # a jump, with reduced motion
        await scroller_ref.current.scroll_to(offset=target, duration=duration)
        offset_ref.current = target
        set_seen(target)

    hidden = strip.hidden([c for _, c in points], offset)
    return ft.Column([
        _chips(hidden, lambda side: bring(side, strip.reveal(side, hidden[side], offset)),
               bool(points)),
        ft.Row([numbers, scroller], spacing=GAP, width=width,
               vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _chips(hidden: dict[Side, list[int]], bring: Callable[[Side], object],
           legal: bool) -> ft.Control:
    """Above a grid that scrolls sideways: a chip for each side with legal cells out of view,
    whose tap scrolls them in; else a quiet line. Always one 48 px line, so the grid under it
    does not jump as the chips come and go."""
    chips: list[ft.Control] = []
    for side in ("left", "right"):
        count = len(hidden[side])
        if not count:
            continue

        async def tapped(e: ft.Event, side: Side = side) -> None:
            await bring(side)

        # Both sides at once: short words, so the two chips share one line.
        words = ft.Text(off_screen(count, side, short=all(hidden.values())), size=13,
                        weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER,
                        no_wrap=True, semantics_label=off_screen(count, side))

        chips.append(ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            height=48, border_radius=24, border=ft.Border.all(1, ft.Colors.PRIMARY),
            bgcolor=ft.Colors.PRIMARY_CONTAINER, padding=ft.Padding.symmetric(horizontal=12),
            alignment=ft.Alignment.CENTER, on_click=tapped, key=f"off {side}",
            content=ft.Row(_arrowed(words, side), spacing=4, tight=True),
        ))
    if not chips:
        said = (_("Every legal cell is in view") if legal
                else _("The grid is wider than the screen: drag it sideways"))
        # wraps on a narrow page or in large text (one line cut it at the screen's edge)
        chips.append(ft.Text(said, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True,
                             text_align=ft.TextAlign.CENTER))
    # 48 px high at least, higher only for words that need it
    line = at_least(None, ft.Row(chips, spacing=8, alignment=ft.MainAxisAlignment.SPACE_BETWEEN
                                 if len(chips) == 2 else ft.MainAxisAlignment.END
                                 if hidden["right"] else ft.MainAxisAlignment.START
                                 if hidden["left"] else ft.MainAxisAlignment.CENTER),
                    height=48)
    line.key = "off screen"
    return line


def _arrowed(words: ft.Control, side: Side) -> list[ft.Control]:
    """The chip's words with an arrow on the side it scrolls to."""
    if side == "left":
        return [ft.Icon(ft.Icons.ARROW_BACK, size=18, color=ft.Colors.ON_PRIMARY_CONTAINER), words]
    return [words, ft.Icon(ft.Icons.ARROW_FORWARD, size=18, color=ft.Colors.ON_PRIMARY_CONTAINER)]
