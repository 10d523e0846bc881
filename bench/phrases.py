"""What holding Japanese phrases together costs (issue 30, companion/i18n/phrases.py).

In this process, through the path a tap takes (bench/tap_python.py: the click, the rules, the
save, the re-render, Flet's diff, msgpack), a mid-game Caro Undo/Redo on a page speaking
Japanese, with the phrases joined as drawn against the same with `phrased` left out; rounds in
turn, so a busy moment falls on both. Likewise in English, a number held to its word
(`numbers_held`) against left out. Then the first drawing of every Japanese text: BudouX over
each message of the catalog once (what a session's first Japanese screens pay, then kept).

    python bench/phrases.py [--rounds 10] [--pairs 10]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import flet as ft

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tap_python import button, session, tap  # noqa: E402
from ui_latency import seed_mid_game  # noqa: E402

from companion.app import build_main  # noqa: E402
from companion.i18n import phrases, speak  # noqa: E402
from companion.session.open_matches import OpenMatches  # noqa: E402
from companion.session.preferences import Preferences  # noqa: E402
from storage import Store  # noqa: E402


async def taps(pairs: int, folder: Path, language: str = "ja") -> list[float]:
    mid = seed_mid_game(folder / "data")
    s, wire = session()
    s.page.route = f"/match/{mid}"
    with Store(folder / "data") as store:
        build_main(OpenMatches(store), Preferences(folder))(s.page)
        speak(s.page, language)
        s.get_page_patch()
        await asyncio.sleep(0.3)  # the router renders the match

        def named(icon: str) -> Any:
            return button(s, lambda c: isinstance(c, ft.IconButton)
                          and isinstance(c.icon, ft.Icon) and c.icon.icon == icon)

        for _ in range(2):  # the screen drawn in its language (its buttons with it)
            await tap(s, wire, named(ft.Icons.UNDO))
            await tap(s, wire, named(ft.Icons.REDO))
        undo, redo = named(ft.Icons.UNDO), named(ft.Icons.REDO)
        texts = [c.value for c in s.index.values() if isinstance(c, ft.Text)]
        if language == "ja":
            assert undo.icon.semantics_label == "元に戻す", undo.icon.semantics_label
            assert any(phrases.WJ in (t or "") for t in texts) == (phrases.phrased is joined)
        else:
            assert any(phrases.NBSP in (t or "") for t in texts) == (
                phrases.numbers_held is held)
        times = []
        for _ in range(pairs):
            times.append(await tap(s, wire, undo))
            times.append(await tap(s, wire, redo))
        return times


joined = phrases.phrased
held = phrases.numbers_held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=10)
    args = parser.parse_args()
    found: dict[bool, list[float]] = {True: [], False: []}
    for round_ in range(args.rounds):
        for join in ((True, False) if round_ % 2 == 0 else (False, True)):
            phrases.phrased = joined if join else (lambda text: text)
            with tempfile.TemporaryDirectory(prefix="phrases-") as folder:
                found[join] += asyncio.run(taps(args.pairs, Path(folder)))
    phrases.phrased = joined
    a, b = statistics.median(found[True]), statistics.median(found[False])
    print(f"Japanese mid-game Caro Undo/Redo, Python per tap ({len(found[True])} taps each): "
          f"phrases joined {a * 1000:.2f} ms, plain {b * 1000:.2f} ms: {a / b:.2f}x "
          f"(target <= 1.05x)")
    found = {True: [], False: []}
    for round_ in range(args.rounds):
        for hold in ((True, False) if round_ % 2 == 0 else (False, True)):
            phrases.numbers_held = held if hold else (lambda text: text)
            with tempfile.TemporaryDirectory(prefix="phrases-") as folder:
                found[hold] += asyncio.run(taps(args.pairs, Path(folder), "en"))
    phrases.numbers_held = held
    a, b = statistics.median(found[True]), statistics.median(found[False])
    print(f"English mid-game Caro Undo/Redo, Python per tap ({len(found[True])} taps each): "
          f"numbers held {a * 1000:.2f} ms, plain {b * 1000:.2f} ms: {a / b:.2f}x "
          f"(target <= 1.05x)")

    from babel.messages.pofile import read_po

    from companion.i18n.extract import LOCALE

    with (LOCALE / "ja" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale="ja")
    texts = [form for m in catalog if m.id
             for form in (m.string if isinstance(m.string, tuple) else (m.string,)) if form]
    phrases._kept.clear()
    start = time.process_time()
    for text in texts:
        phrases.phrased(text)
    took = time.process_time() - start
    print(f"Every Japanese message joined once (BudouX, then kept): {took * 1000:.0f} ms CPU for "
          f"{len(texts)} messages, {took / len(texts) * 1e6:.0f} us each")


if __name__ == "__main__":
    main()
