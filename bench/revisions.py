"""Replay time of the same logs by this checkout's rules and by other revisions', in one run.

A figure from another day on this shared machine compares with nothing, so a "before" is
measured beside the "after": `git archive` puts each revision's `scoring/` (pure, stdlib-only:
all a replay needs) in a temporary folder, and each round replays the logs once per checkout in
turn, each in a fresh Python that imports only that checkout's rules, so a busy moment of the
machine falls on all of them. The time is the process's CPU time, not the clock's: with six
jobs on two cores a replay waits for a core longer than it runs, and its wall time measured the
machine's load (medians 10x the quiet figures). Each figure is the median of every round's
samples, and the best, in ms, beside a JSON round trip of the same logs timed in the same
process (the benches' baseline).

    compare("ratel", [events], ["main", "a2ec454^"])  # {label: Figures(...)}
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parents[1]

# Run in a fresh interpreter whose first path is one checkout: it times a JSON round trip and a
# replay of every log, `repeat` times each, and prints the samples.
_WORKER = """
import json, sys, time
tree, game, path, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, tree)
import importlib
rules = importlib.import_module("scoring." + game)
assert rules.__file__.startswith(tree), rules.__file__
texts = [json.dumps(log) for log in json.loads(open(path).read())]
def timed(fn):
    out = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        out.append((time.process_time() - t0) * 1000)
    return out
rules.Match.replay(json.loads(texts[0]))  # warm: imports, caches
base = timed(lambda: [json.loads(t) for t in texts])
replay = timed(lambda: [rules.Match.replay(json.loads(t)) for t in texts])
print(json.dumps({"base": base, "replay": replay}))
"""


class Figures(NamedTuple):
    """One checkout's replay of the logs, in ms."""

    base: float  # the median JSON round trip
    median: float
    best: float


def _extract(rev: str, into: Path, paths: Sequence[str] = ("scoring",)) -> Path:
    """`rev`'s `paths` (its scoring/ package; none: the whole tree) under `into`; refuses a
    revision git does not know."""
    archive = subprocess.run(["git", "-C", str(HERE), "archive", "--format=tar", rev, *paths],
                             capture_output=True, check=True).stdout
    into.mkdir(parents=True)
    tar_path = into / "tree.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    tar_path.unlink()
    return into


def _samples(tree: Path, game: str, logs_file: Path, repeat: int) -> dict[str, list[float]]:
    out = subprocess.run([sys.executable, "-c", _WORKER, str(tree), game, str(logs_file),
                          str(repeat)], capture_output=True, text=True, cwd=tree)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["?"])[-1]
        raise RuntimeError(f"{tree.name}: {last}")
    return json.loads(out.stdout)


def compare(game: str, logs: Sequence[list[dict]], revs: Sequence[str], rounds: int = 5,
            repeat: int = 10) -> dict[str, Figures | str]:
    """{"this checkout" or a revision: its `Figures` for replaying all `logs`, or why that
    revision could not replay them}, measured in `rounds` interleaved rounds."""
    with tempfile.TemporaryDirectory(prefix="bench-rev-") as tmp:
        logs_file = Path(tmp) / "logs.json"
        logs_file.write_text(json.dumps(list(logs)))
        trees = {"this checkout": HERE}
        trees.update({rev: _extract(rev, Path(tmp) / f"rev{i}") for i, rev in enumerate(revs)})
        samples: dict[str, dict[str, list[float]]] = {k: {"base": [], "replay": []}
                                                      for k in trees}
        failed: dict[str, str] = {}
        for _ in range(rounds):
            for label, tree in trees.items():
                if label in failed:
                    continue
                try:
                    got = _samples(tree, game, logs_file, repeat)
                except RuntimeError as error:
                    failed[label] = str(error)
                    continue
                for key in ("base", "replay"):
                    samples[label][key] += got[key]
    return {label: failed.get(label) or Figures(statistics.median(s["base"]),
                                                statistics.median(s["replay"]), min(s["replay"]))
            for label, s in samples.items()}


def report(game: str, what: str, figures: dict[str, Figures | str]) -> None:
    """One line per checkout: its replay (median, best), its ratio to its JSON round trip, and
    this checkout's replay as a ratio to it."""
    now = figures["this checkout"]
    for label, fig in figures.items():
        if isinstance(fig, str):
            print(f"{game} {label}: could not replay {what}: {fig}")
            continue
        against = "" if label == "this checkout" or isinstance(now, str) else \
            (f"; this checkout is {now.median / fig.median:.2f}x it (median), "
             f"{now.best / fig.best:.2f}x (best)")
        print(f"{game} {label}: replay of {what} median {fig.median:.2f} ms, best "
              f"{fig.best:.2f} ms (JSON round trip {fig.base:.3f} ms, ratio "
              f"{fig.median / fig.base:.0f}){against}")
