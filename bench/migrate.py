"""What the schema bump costs (issue 21): the first start on a data folder of schema 1 reads and
replays every match once (storage/migrate.py); later starts trust the index again.

Builds two folders of N matches each from tests/storage/fixtures (1-main: main's schema 1;
2-values: schema 2), then times, alternating in one run: a Store opening the schema 2 folder with
its index (the usual start), the same without its index (every file read, none replayed), and the
schema 1 folder's first open (every file read and replayed, the index rewritten), on a fresh copy
each time. Prints the medians and the ratios against the usual start. The fixture matches are
short (2 to 3 events): a long match's replay costs more.

    python bench/migrate.py [--matches 300] [--rounds 5]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from storage import Store  # noqa: E402

FIXTURES = ROOT / "tests" / "storage" / "fixtures"


def build(name: str, dest: Path, n: int) -> Path:
    """A folder of `n` matches copied from a fixture's three, under new ids (no index)."""
    files = sorted((FIXTURES / name / "matches").iterdir())
    (dest / "matches").mkdir(parents=True)
    for i in range(n):
        shutil.copyfile(files[i % len(files)], dest / "matches" / f"{i:012x}.json")
    return dest


def timed(folder: Path, work: Path, index: bool) -> float:
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(folder, work)
    if not index:
        (work / "index.json").unlink(missing_ok=True)
    start = time.perf_counter()
    Store(work).close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    # The schema 1 index names the fixture's own ids, gone here: the store says so each time.
    logging.getLogger("storage").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        new = build("2-values", base / "new", args.matches)
        Store(new).close()  # its schema 2 index
        old = build("1-main", base / "old", args.matches)
        # A schema 1 index for the old folder: the fixture's entries, one per copied file.
        shutil.copyfile(FIXTURES / "1-main" / "index.json", old / "index.json")
        times: dict[str, list[float]] = {"schema 2, index": [], "schema 2, no index": [],
                                         "schema 1, first start": []}
        for _ in range(args.rounds):
            times["schema 2, index"].append(timed(new, base / "work", True))
            times["schema 2, no index"].append(timed(new, base / "work", False))
            times["schema 1, first start"].append(timed(old, base / "work", True))
        usual = statistics.median(times["schema 2, index"])
        print(f"{args.matches} matches, {args.rounds} rounds, median open + close:")
        for what, found in times.items():
            median = statistics.median(found)
            print(f"  {what:24} {median * 1000:8.1f} ms  {median / usual:6.2f}x")


if __name__ == "__main__":
    main()
