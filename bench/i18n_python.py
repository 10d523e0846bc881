"""The Python work of the served app's start and of a mid-game Caro Undo/Redo in each language,
against the app before issue 21 (BASE), measured where the machine's load does not move it.

Issue 21's targets (each language within 1.05x the app before it) are ratios of wall-clock
times in a browser, which a shared 2-core machine moves by more than 5% from one launch to the
next (bench/i18n_cost.py). What the languages add is Python's work on the server, and that can
be counted:

- start: from the server process's first line to Home's first patch leaving it (the imports,
  the store, the app, the page's GET / and a WebSocket handshake whose Accept-Language asks for
  the language), `bench/python_work.py start`;
- tap: one Undo or Redo of the mid-game Caro match (bench/ui_latency.py's), in-process as
  bench/tap_python.py taps it (handler, rules, save, re-render, Flet's diff, msgpack), in a
  session opened in the language.

BASE's tree is `git archive`d into a temporary folder; each sample is a fresh Python running
`bench/python_work.py` on one tree. CPU time of the process (`time.process_time`): rounds in
turn, each round every checkout and language once in a rotated order, so a busy moment falls on
all; each language's figure is its median over the rounds beside BASE's, and the spread of the
per-round ratios. `--callgrind`: instructions, counted once each by valgrind's callgrind (which
the load does not move at all; about a minute a start): the start's whole process, and a tap as
the difference of two runs with `--callgrind-pairs` more Undo/Redo pairs.

    python bench/i18n_python.py [--rounds 7] [--pairs 20] [--parts start,tap] [--callgrind]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.revisions import _extract  # noqa: E402
from companion.i18n.catalog import Voice  # noqa: E402

BASE = "a2ec454~1"  # the app before issue 21: a2ec454 is its first commit ("i18n groundwork")
WORKER = Path(__file__).resolve().parent / "python_work.py"
# What a phone's browser in each language sends (the app before issue 21 ignores it).
ASKED = {"en": "en-GB,en;q=0.9", "es": "es-ES,es;q=0.9,en;q=0.8",
         "de": "de-DE,de;q=0.9,en;q=0.8", "ja": "ja-JP,ja;q=0.9,en;q=0.8"}


@dataclass
class Variant:
    """One checkout in one language: BASE ("before", English) or this checkout in `code`."""

    name: str
    tree: Path
    code: str

    def say(self, message: str) -> str:
        return message if self.name == "before" else Voice(self.code).gettext(message)


def run(variant: Variant, what: str, args: list[str], work: Path,
        callgrind: Path | None = None) -> dict:
    """One fresh Python running the worker on `variant`'s tree (under callgrind, counting)."""
    tmp = Path(tempfile.mkdtemp(prefix="run-", dir=work))  # the worker leaves its folders
    env = {**os.environ, "PYTHONHASHSEED": "0", "TMPDIR": str(tmp)}
    env.pop("PYTHONPATH", None)
    cmd = [sys.executable, str(WORKER), str(variant.tree), what, ASKED[variant.code], *args]
    if callgrind is not None:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={callgrind}", *cmd]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=variant.tree)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["?"])[-1]
        raise RuntimeError(f"{variant.name} {what}: {last}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if callgrind is not None:
        summary = [line for line in callgrind.read_text().splitlines()
                   if line.startswith("summary:")]
        result["instructions"] = int(summary[0].split()[1])
        callgrind.unlink()
    return result


def start(variant: Variant, work: Path, callgrind: Path | None = None) -> dict:
    return run(variant, "start", [variant.say("New match"), "home"], work, callgrind)


def taps(variant: Variant, pairs: int, work: Path, callgrind: Path | None = None) -> dict:
    names = f"{variant.say('Undo')},{variant.say('Redo')}"
    return run(variant, "tap", [names, str(pairs)], work, callgrind)


def spread(ratios: list[float]) -> str:
    return f"{min(ratios):.2f}-{max(ratios):.2f}x"


def cpu_rounds(variants: list[Variant], parts: list[str], rounds: int, pairs: int,
               work: Path) -> dict[str, dict[str, list[float]]]:
    """{part: {variant: one sample a round}}: a start's CPU seconds, a tap's median CPU ms."""
    for v in variants:  # once each unmeasured: BASE's tree compiles its bytecode
        start(v, work)
    samples: dict[str, dict[str, list[float]]] = {p: {v.name: [] for v in variants}
                                                  for p in parts}
    kernel: dict[str, list[float]] = {}
    for i in range(rounds):
        for v in variants[i % len(variants):] + variants[:i % len(variants)]:
            if "start" in parts:
                samples["start"][v.name].append(start(v, work)["cpu"])
            if "tap" in parts:
                got = taps(v, pairs, work)
                samples["tap"][v.name].append(statistics.median(got["pairs"]) / 2 * 1000)
                kernel.setdefault(v.name, []).append(statistics.median(got["system"]) / 2 * 1000)
    if kernel:
        samples["kernel"] = kernel
    return samples


def report_cpu(samples: dict[str, dict[str, list[float]]], rounds: int, pairs: int) -> None:
    titles = {"start": ("start, process start to Home's first patch, CPU s", "s", 3),
              "tap": (f"mid-game Caro Undo/Redo, median of {pairs} pairs, CPU ms a tap", "ms", 2)}
    kernel = samples.pop("kernel", None)
    for part, by_variant in samples.items():
        title, unit, digits = titles[part]
        before = by_variant["before"]
        print(f"{title}: median of {rounds} rounds in turn [min-max]")
        print(f"  before: {statistics.median(before):.{digits}f} {unit} "
              f"[{min(before):.{digits}f}-{max(before):.{digits}f}]")
        for name, got in by_variant.items():
            if name == "before":
                continue
            per_round = [a / b for a, b in zip(got, before, strict=True)]
            print(f"  {name}: {statistics.median(got):.{digits}f} {unit} "
                  f"[{min(got):.{digits}f}-{max(got):.{digits}f}]: "
                  f"{statistics.median(got) / statistics.median(before):.2f}x before "
                  f"(each round's ratio: median {statistics.median(per_round):.2f}x, "
                  f"{spread(per_round)})   target <= 1.05x")
    if kernel:
        print("  of a tap's CPU, the kernel's (the save's writes and fsyncs), median ms: "
              + ", ".join(f"{name} {statistics.median(ms):.2f}" for name, ms in kernel.items()))


def counted(variants: list[Variant], parts: list[str], pairs: int, work: Path) -> None:
    """Instructions, by callgrind, one run each (two for a tap), printed as they come."""
    out = work / "callgrind.out"
    if "start" in parts:
        print("start, process start to Home's first patch, instructions (callgrind):")
        base = 0
        for v in variants:
            got = start(v, work, out)["instructions"]
            base = base or got
            print(f"  {v.name}: {got / 1e9:.3f} G ({got / base:.3f}x before)", flush=True)
    if "tap" in parts:
        print(f"mid-game Caro Undo/Redo, instructions a tap (callgrind: {pairs} pairs more "
              "less 2 pairs, over their taps):")
        base = 0
        for v in variants:
            few = taps(v, 2, work, out)["instructions"]
            many = taps(v, 2 + pairs, work, out)["instructions"]
            got = (many - few) / (2 * pairs)
            base = base or got
            print(f"  {v.name}: {got / 1e6:.2f} M ({got / base:.3f}x before)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="CPU-time rounds (0: none)")
    parser.add_argument("--pairs", type=int, default=20, help="Undo/Redo pairs a tap sample")
    parser.add_argument("--parts", default="start,tap", help="start, tap or both")
    parser.add_argument("--languages", default="en,es,de,ja")
    parser.add_argument("--callgrind", action="store_true",
                        help="also count instructions with valgrind --tool=callgrind")
    parser.add_argument("--callgrind-pairs", type=int, default=10,
                        help="the pairs a tap's count is taken over")
    parser.add_argument("--base", default=BASE, help="the revision to measure against")
    args = parser.parse_args()
    parts = [p for p in ("start", "tap") if p in args.parts.split(",")]
    work = Path(tempfile.mkdtemp(prefix="tc-i18n-python-"))
    try:
        before = _extract(args.base, work / "before", ())
        variants = [Variant("before", before, "en")] + [
            Variant(code, ROOT, code) for code in args.languages.split(",")]
        if args.rounds:
            report_cpu(cpu_rounds(variants, parts, args.rounds, args.pairs, work),
                       args.rounds, args.pairs)
        if args.callgrind:
            counted(variants, parts, args.callgrind_pairs, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
