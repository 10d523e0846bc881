"""Every screen of every game in each language (issue 21, "Checked, not hoped").

One app, its folder seeded through the store with each game's matches in their late states
(mid-game, over, a Caro series); one browser context per language whose browser prefers it. Each
screen is opened by its address within one session (the route pushed, as the app's own links
do, not played by taps), at 412 x 915, at 1280 x 800, at 412 x 915 with the text at 200% (the
browser's font size, which Flutter follows as its text scale) and at browser zoom 200% on that
phone (206 x 457 CSS px) (issue 31, "any size"), and its texts are read from Flutter's
semantics tree. The test fails on:
- English left: a text holding a message of the English catalog (tests/support/app/english_left.py),
  names and numbers aside; every one is listed, per screen;
- a text that overflows or is clipped: a text's box reaching past the viewport's sides (outside
  a scroller of its own), or past the box of the control holding it, or a page wider than the
  viewport, or dark ink in the screenshot's last 3 columns (a text cut off by the screen: a
  radio's label does not wrap, and the semantics tree reads it whole). Flutter's yellow and black
  overflow stripes are a debug build's: Flet's web client is a release build and never draws
  them;
- a control under 48 x 48 px: a button, chip, radio, switch, tab or link whose semantics box is
  smaller where it is shown whole (tests/support/app/targets.py);
- two texts or controls over each other: the parts of their semantics boxes left visible by
  the scrollers around them overlap (one inside the other aside).

Screenshots of each go to /tmp/walk/<language>/ for a person to look at; the whole list of
what was found, to /tmp/walk/<language>.txt.

The walk's pages draw with CanvasKit on the CPU (tests/support/app/process.py's NO_WEBGL): with
skwasm on the test browser's software WebGL, 5 of 7 walks in Japanese failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from companion import APP_NAME
from companion.describe.words import several_words
from companion.games import GAME_UIS, RULES_DIR
from companion.i18n.catalog import Voice
from companion.session.follow_up import follow_up_id
from companion.widgets.rules_sheet import sheet_pieces
from scoring.core import Match
from scoring.said import render
from storage import Store
from tests.support.app.english_left import EnglishCatalog
from tests.support.app.pixels import decode_png
from tests.support.app.process import PHONE, AppProcess, draw_on_cpu
from tests.support.app.targets import small_targets
from tests.support.app.ui import host, open_page
from tests.support.companion.series import finish, next_of
from tests.support.games import games, walk
from tests.support.storage.finished import caro_finished

SHOTS = Path("/tmp/walk")
DESK = {"width": 1280, "height": 800}
ZOOMED = {"width": 206, "height": 457}  # a 412 x 915 phone at browser zoom 200%
# (label, viewport, the page's root font size: "32px" is text at 200%, "" the browser's own)
SIZES = [("phone", PHONE, ""), ("desk", DESK, ""), ("text200", PHONE, "32px"),
         ("zoom200", ZOOMED, "")]
BROWSER_LOCALE = {"en": "en-US", "es": "es-ES", "de": "de-DE", "ja": "ja-JP"}
# English known to be left, per screen (none now): in every language but English the walk
# subtracts these texts from what it finds and reports them, and fails when one is no longer
# found (delete it here then: the list only shrinks).
KNOWN_LEFT: dict[str, frozenset[str]] = {}


# name -> (match, whether its timeline, past table, chart, board and rules are walked too): the
# states each game's test hook names (tests/support/games), every game of scoring.GAMES
SEEDS: dict[str, tuple[Callable[[], Match], bool]] = {
    name: entry for game in games() for name, entry in walk(game).items()}
SHELL = ["/", *(f"/new/{game}" for game in games()), "/history", "/stats", "/settings", "/share"]
# The sheet opened at a ruling reads as the sheet opened at its top: another screen between them
# (the walk waits for each screen to read differently from the one before).
AROUND = ["rules", "timeline", "timeline/1", "chart", "board", "rules/:rule"]


def around(name: str, extra: str) -> str | None:
    """`extra` of seed `name`'s match: the rules sheet opened at its last ruling (where a "Why?"
    link opens it) for "rules/:rule"; None for a sheet that names no ruling (the score sheet's:
    no "Why?" link opens it)."""
    if extra != "rules/:rule":
        return extra
    sheet = (RULES_DIR / f"{SEEDS[name][0]().GAME}.md").read_text(encoding="utf-8")
    rulings = [r for r, _text in sheet_pieces(sheet) if r]
    return f"rules/{rulings[-1]}" if rulings else None


@pytest.fixture(scope="module")
def walk_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    """One app for every language: the seeds, and a Caro series (its second game stored as the
    first one's next game) so History and the match show one."""
    data = tmp_path_factory.mktemp("walk") / "data"
    process = AppProcess(data)
    with Store(data) as store:
        for name, (build, _) in SEEDS.items():
            process.seeded[name] = store.create(build())
        first = caro_finished(1)
        one = store.create(first)
        process.seeded["caro-series"] = store.create(finish(next_of(first), 7),
                                                     mid=follow_up_id(one))
    yield process.start()
    process.stop()




def refuse_a_caro_lay(page: Page) -> None:
    """caro-mid, Ann to lay: red (the first colour chip) next to Ben's red at (0, 1)."""
    page.locator("flt-semantics-host [role=button][aria-current]").first.click()
    page.wait_for_timeout(500)
    # Row 0, column 2, in any language ("fila 0, columna 2", "0行2列"): the first two numbers.
    host(page).get_by_role("button", name=re.compile(r"^\D*0\D+2(\D|$)")).click()


def refuse_a_ratel_hand(page: Page) -> None:
    """ratel-mid, round 2 by result: Ben went out (the second radio), Ann's hand typed as 40
    (20 cards were dealt): refused as it is typed, nothing recorded."""
    host(page).get_by_role("radio").nth(1).click()
    field = host(page).get_by_role("textbox").first
    field.click()
    field.fill("40")


# A refusal shown, reached from a seeded match by language-neutral taps (roles, order, cell
# numbers: the names are in each language); nothing is stored, the match stays as seeded.
REFUSALS: dict[str, tuple[str, Callable[[Page], None]]] = {
    "caro-mid-refused": ("caro-mid", refuse_a_caro_lay),
    "ratel-mid-refused": ("ratel-mid", refuse_a_ratel_hand),
}


def heading(name: str, path: str, voice: Voice) -> re.Pattern[str]:
    """The app bar's title the screen `name` at `path` shows in `voice`'s language, a step's
    numbers standing for anything: the walk reads a screen only once it shows this (on a busy
    machine, the screen before, or one briefly passed through, held still long enough to pass
    for it: Spanish's Carrera match was read and shot as Careta's chart)."""
    parts = path.strip("/").split("/")
    if parts == [""]:
        return re.compile(re.escape(APP_NAME))
    if parts[0] == "new":
        game = render(GAME_UIS[parts[1]].short_title, voice)
        new = (voice.pgettext("title of several words", "New {game} match")
               if several_words(game) else voice.gettext("New {game} match"))
        return _said(new, game=game)
    if parts[0] != "match":
        shell = {"history": "History", "stats": "Statistics", "settings": "Settings",
                 "share": "Share"}
        return _said(voice.gettext(shell[parts[0]]))
    ui = GAME_UIS[name.split("-")[0]]  # every match screen's name starts with its game
    title = render(ui.title, voice)
    rest = re.sub(r"^rules/[A-Z][0-9]+$", "rules", "/".join(parts[2:]))  # opened at a ruling
    if not rest:
        return _said(render(ui.short_title, voice))
    said = {"rules": ("{game}: rules", {"game": title}), "timeline": ("Timeline", {}),
            "timeline/1": ("After step {n} of {total}", {}), "chart": ("Chart", {}),
            "board": ("{game}", {"game": title})}[rest]
    return _said(voice.gettext(said[0]) if said[0] != "{game}" else said[0], **said[1])


def _said(template: str, **args: str) -> re.Pattern[str]:
    """`template` with `args` filled in and any other placeholder standing for anything."""
    pieces = re.split(r"(\{[A-Za-z_]+\})", template)
    return re.compile("".join(
        re.escape(args[p[1:-1]]) if p[1:-1] in args else ".+?" if p.startswith("{") and
        p.endswith("}") else re.escape(p) for p in pieces if p))


def screens(app: AppProcess) -> list[tuple[str, str]]:
    """(name, address) of every screen walked."""
    found = [(path.strip("/").replace("/", "-") or "home", path) for path in SHELL]
    for name, mid in app.seeded.items():
        found.append((name, f"/match/{mid}"))
        if SEEDS.get(name, (None, False))[1]:
            found += [(f"{name}-{extra.replace('/', '-').replace(':', '')}",
                       f"/match/{mid}/{where}") for extra in AROUND
                      if (where := around(name, extra)) is not None]
    found += [(name, f"/match/{app.seeded[seed]}") for name, (seed, _) in REFUSALS.items()]
    return found


# Each text of the semantics tree no other text holds (a button's or a row's own words), with
# what it is checked against: the viewport, unless a scroller of its own holds it, and the box
# of the nearest node around it.
TEXTS = """() => {
    const found = [];
    const host = document.querySelector('flt-semantics-host');
    for (const node of host.querySelectorAll('flt-semantics')) {
        const words = (node.getAttribute('aria-label') || '').trim() ||
            [...node.childNodes].filter((c) => c.nodeType === 3 || c.tagName === 'SPAN')
                .map((c) => c.textContent).join('').trim();
        const holds = ':scope flt-semantics[aria-label], :scope flt-semantics span';
        if (!words || node.querySelector(holds)) continue;
        const r = node.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) continue;
        let scroller = null, parent = null;
        for (let up = node.parentElement; up && up !== host; up = up.parentElement) {
            if (up.tagName !== 'FLT-SEMANTICS') continue;
            const r2 = up.getBoundingClientRect();
            const style = getComputedStyle(up);
            const scrolls = style.overflowX !== 'visible' || style.overflowY !== 'visible';
            // A scroller's content reaches past it by design (a grid scrolled sideways): it
            // is no box the text must fit in.
            if (!parent && r2.width > 0 && r2.height > 0 && !scrolls) parent = r2;
            if (scrolls) {
                scroller = r2; break;
            }
        }
        found.push({words, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                    parent: parent && {left: parent.left, right: parent.right},
                    scrolled: !!scroller});
    }
    // Whether the page itself scrolls sideways (the semantics tree's nodes may reach past the
    // viewport, hidden, without making the page wider).
    const page = document.scrollingElement;
    page.scrollLeft = 100000;
    const sideways = page.scrollLeft;
    page.scrollLeft = 0;
    return {texts: found, width: innerWidth, sideways};
}"""


# Pairs of texts or controls over each other (words, words, overlap's width, height): the parts of
# their semantics boxes that the screen and the scrollers around them leave visible, one not
# inside the other, overlapping by more than 2 px each way.
OVERLAPS = """() => {
    const host = document.querySelector('flt-semantics-host');
    const roles = new Set(['button', 'radio', 'checkbox', 'switch', 'tab', 'link', 'textbox',
                           'slider']);
    const found = [];
    for (const node of host.querySelectorAll('flt-semantics')) {
        const words = (node.getAttribute('aria-label') || '').trim() ||
            [...node.childNodes].filter((c) => c.nodeType === 3 || c.tagName === 'SPAN')
                .map((c) => c.textContent).join('').trim();
        const role = node.getAttribute('role') || '';
        const control = roles.has(role) ||
            !!node.querySelector(':scope > input, :scope > textarea');
        if (!words && !control) continue;
        const holds = ':scope flt-semantics[aria-label], :scope flt-semantics span';
        if (!control && node.querySelector(holds)) continue;
        const r = node.getBoundingClientRect();
        let box = {left: Math.max(r.left, 0), top: Math.max(r.top, 0),
                   right: Math.min(r.right, innerWidth), bottom: Math.min(r.bottom, innerHeight)};
        for (let up = node.parentElement; up && up !== host; up = up.parentElement) {
            const s = getComputedStyle(up);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const p = up.getBoundingClientRect();
            box = {left: Math.max(box.left, p.left), top: Math.max(box.top, p.top),
                   right: Math.min(box.right, p.right), bottom: Math.min(box.bottom, p.bottom)};
        }
        if (box.right - box.left < 1 || box.bottom - box.top < 1) continue;
        found.push({node, words: words || role, box, control});
    }
    const clashes = [];
    for (let i = 0; i < found.length; i++) {
        for (let j = i + 1; j < found.length; j++) {
            const a = found[i], b = found[j];
            if (a.node.contains(b.node) || b.node.contains(a.node)) continue;
            const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (w > 2 && h > 2) {
                clashes.push([a.words.slice(0, 60), b.words.slice(0, 60), Math.round(w),
                              Math.round(h)]);
            }
        }
    }
    return clashes;
}"""


# An app bar's title is its route's name: Flutter writes it as a heading element (h2), not a
# flt-semantics node.
HEADINGS = """() => [...document.querySelectorAll(
    'flt-semantics-host :is(h1, h2, h3, h4, h5, h6, [role=heading])')]
    .map((node) => (node.getAttribute('aria-label') || node.textContent || '').trim())"""


def settle(page: Page, before: str, title: re.Pattern[str]) -> str:
    """Wait until the screen's app bar shows `title` and the semantics tree reads differently
    from `before` and then holds still. Bounded: a screen that never shows its title fails the
    walk after about 30 s, naming the titles it showed."""
    host = page.locator("flt-semantics-host")
    last, same, shown = before, 0, []
    for _ in range(150):
        page.wait_for_timeout(200)
        now = host.inner_text()
        shown = page.evaluate(HEADINGS)
        arrived = any(title.fullmatch(words) for words in shown)
        same = same + 1 if now == last and now != before and arrived else 0
        if same >= 2:
            break
        last = now
    else:
        raise AssertionError(f"the screen titled {title.pattern!r} never opened: the page "
                             f"showed {shown!r}")
    page.wait_for_timeout(300)  # a busy machine paints a moment after the semantics tree
    return last


def go(page: Page, path: str) -> None:
    """Open `path` in the same session, as the app's own links do (no reload)."""
    page.evaluate("""(path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate', {state: null}));
    }""", path)


def ink_at_the_edge(page: Page, width: int) -> list[int]:
    """The rows where dark ink touches the viewport's right edge (its last 3 columns): every
    screen keeps a margin there, so ink at the edge is a text cut off by the screen (a radio's
    label that does not wrap, clipped in a release build, reads whole in the semantics tree)."""
    strip = page.screenshot(clip={"x": width - 3, "y": 0, "width": 3,
                                  "height": page.viewport_size["height"]})
    wide, _, rows = decode_png(strip)
    channels = len(rows[0]) // wide
    dark = []
    for y, row in enumerate(rows):
        pixels = [row[i:i + 3] for i in range(0, len(row), channels)]
        if any(0.299 * r + 0.587 * g + 0.114 * b < 120 for r, g, b in pixels):
            dark.append(y)
    return dark


def overflows(read: dict) -> list[str]:
    """What in one reading of a screen overflows or is clipped, in words."""
    found = []
    if read["sideways"] > 0:
        found.append(f"the page scrolls {read['sideways']} px sideways")
    for text in read["texts"]:
        words = text["words"][:80]
        if not text["scrolled"] and (text["left"] < -1 or text["right"] > read["width"] + 1):
            found.append(f"{words!r} spans {text['left']:.0f}..{text['right']:.0f} px")
        parent = text["parent"]
        if parent and (text["left"] < parent["left"] - 2 or text["right"] > parent["right"] + 2):
            found.append(f"{words!r} ({text['left']:.0f}..{text['right']:.0f} px) is wider than "
                         f"what holds it ({parent['left']:.0f}..{parent['right']:.0f} px)")
    return found


def english(catalog: EnglishCatalog, texts: list[dict]) -> dict[str, str]:
    """Each text holding English -> the longest English message found in it."""
    left = {}
    for words in dict.fromkeys(t["words"] for t in texts):
        if hits := catalog.left_in(words):
            left[words] = max(hits, key=len)
    return left


def known_left(left: dict[str, dict[str, str]]) -> tuple[list[str], list[str]]:
    """Take KNOWN_LEFT's texts out of `left` (screen -> text -> message); answer those taken
    and those no longer found, in words."""
    taken, gone = [], []
    for screen, texts in KNOWN_LEFT.items():
        found = left.get(screen, {})
        for text in sorted(texts):
            if text in found:
                taken.append(f"{screen}: {text!r}")
                del found[text]
            else:
                gone.append(f"{screen}: {text!r}")
        if screen in left and not found:
            del left[screen]
    return taken, gone


@pytest.mark.parametrize("language", list(BROWSER_LOCALE))
def test_every_screen_of_every_game_speaks_the_language_and_fits(walk_app, browser,
                                                                 language: str) -> None:
    catalog = EnglishCatalog(language)
    voice = Voice(language)
    folder = SHOTS / language
    folder.mkdir(parents=True, exist_ok=True)
    context = draw_on_cpu(browser.new_context(viewport=PHONE, locale=BROWSER_LOCALE[language]))
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        open_page(page, f"{walk_app.url}/")
        assert page.evaluate("() => !window._flutter_skwasmInstance && !!window.flutterCanvasKit")
        before = ""
        left: dict[str, dict[str, str]] = {}
        crammed: dict[str, list[str]] = {}
        for name, path in screens(walk_app):
            for label, size, font in SIZES:
                page.set_viewport_size(size)
                page.evaluate("(size) => document.documentElement.style.fontSize = size", font)
                if label == "phone":
                    go(page, path)
                    title = heading(name, path, voice)
                    before = settle(page, before, title)
                    if name in REFUSALS:
                        REFUSALS[name][1](page)
                        before = settle(page, before, title)
                else:
                    page.wait_for_timeout(800)  # the layout follows the new width
                page.screenshot(path=str(folder / f"{name}-{label}.png"))
                read = page.evaluate(TEXTS)
                problems = overflows(read) + small_targets(page) + [
                    f"{a!r} and {b!r} overlap by {w} x {h} px"
                    for a, b, w, h in page.evaluate(OVERLAPS)]
                if edge := ink_at_the_edge(page, size["width"]):
                    problems.append(f"text cut off at the right edge, {len(edge)} rows of pixels "
                                    f"from y = {edge[0]} (see the screenshot)")
                if problems:
                    crammed[f"{name} ({label})"] = problems
                if label == "phone" and (found := english(catalog, read["texts"])):
                    left[name] = found
            page.set_viewport_size(PHONE)
            page.evaluate("document.documentElement.style.fontSize = ''")
    finally:
        context.close()
    taken, gone = known_left(left) if language != "en" else ([], [])
    report = _report(language, left, crammed, taken, gone)
    (SHOTS / f"{language}.txt").write_text(report)
    if language == "en":
        # The baseline: English found on its own screens shows the catalog is being matched.
        assert left.get("settings"), "the English catalog matched nothing on Settings in English"
        left = {}
    assert not crammed and not left and not gone, report


def _report(language: str, left: dict[str, dict[str, str]], crammed: dict[str, list[str]],
            taken: list[str], gone: list[str]) -> str:
    lines = [f"{language}: {sum(map(len, left.values()))} texts with English left on "
             f"{len(left)} screens; {sum(map(len, crammed.values()))} overflows; "
             f"{len(taken)} known leftovers (KNOWN_LEFT) found, {len(gone)} no longer found"]
    said = {screen: [f"{words[:100]!r} ~ {hit!r}" for words, hit in texts.items()]
            for screen, texts in left.items()}
    for title, found in (("overflow", crammed), ("English left", said)):
        for screen, items in found.items():
            lines.append(f"-- {title}: {screen} ({len(items)})")
            lines += [f"   {item}" for item in items]
    for title, items in (("known, left for another branch", taken),
                         ("in KNOWN_LEFT but no longer found: delete it there", gone)):
        if items:
            lines.append(f"-- {title} ({len(items)})")
            lines += [f"   {item}" for item in items]
    return "\n".join(lines)


def test_the_screens_walked_cover_every_route() -> None:
    """Every route the app has is walked (a new screen is added here too)."""
    from companion.app import ROUTES

    def paths(routes, prefix: str = "") -> Iterator[str]:
        for route in routes:
            path = f"{prefix}/{route.path}".replace("//", "/")
            yield path
            yield from paths(route.children or [], path)

    walked = set(SHELL) | {"/match/:id"} | {f"/match/:id/{a}" for a in AROUND}
    shape = {re.sub(rf"/({'|'.join(games())})$", "/:game", p) for p in walked}
    shape = {re.sub(r"/timeline/1$", "/timeline/:step", p) for p in shape}
    assert set(paths(ROUTES)) <= shape


def test_known_leftovers_are_taken_out_and_each_must_still_be_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(globals(), "KNOWN_LEFT", {"new-x": frozenset({"Go on", "Gone"}),
                                                  "y": frozenset({"Fixed"})})
    left = {"new-x": {"Go on": "Go on", "Stay": "Stay"}, "z": {"Why": "Why"}}
    taken, gone = known_left(left)
    assert taken == ["new-x: 'Go on'"]
    assert gone == ["new-x: 'Gone'", "y: 'Fixed'"]
    assert left == {"new-x": {"Stay": "Stay"}, "z": {"Why": "Why"}}


def test_every_screen_walked_has_its_title_in_each_language() -> None:
    """The title the walk waits for is made for every screen and language (no step number
    wildcard outside a timeline step)."""
    app = AppProcess(Path("/nonexistent"))
    app.seeded = {name: f"id-{name}" for name in [*SEEDS, "caro-series"]}
    for language in BROWSER_LOCALE:
        voice = Voice(language)
        for name, path in screens(app):
            title = heading(name, path, voice)
            assert (".+?" in title.pattern) == path.endswith("/timeline/1"), (name, title)
