#!/usr/bin/env python3
"""Memory over a long evening: 100 hands at ``dificil`` in the page, with the bots in their
MicroPython worker.

    .venv/bin/python -m tools.bench.bot_memory [--hands 100] [--at 10,50,100] [--seed 1]

Serves this tree as files only (``tools/bench/sites.py``) and opens the table in
headless Chromium at ``?speed=0`` (no pauses), unthrottled, at ``dificil`` on the default table;
the player of ``tools/bench/bot_pacing.py`` (``AUTOPLAY``) plays the first thing on offer at
once, partida after partida (rematches), until ``--hands`` hands are over. Each of the worker's
answers says its call's time and the worker's wasm memory (``static/bots-worker.mjs``), and
each count the player acknowledges records the page's own interpreter's wasm memory and JS heap.
MicroPython's collector frees memory only between calls into Python, and a wasm memory never
shrinks: what is reported is how far it grew. Prints, at each hand of ``--at``, the worker's wasm
memory and the page's, and the worker's decision times over the ten hands before.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.bot_pacing import open_table, pct, play_partida  # noqa: E402
from tools.bench.sites import as_static_host, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

MB = 1 << 20


def at_hands(records: dict[str, Any], marks: list[int]) -> list[dict[str, Any]]:
    """For each hand count of ``marks``: the memories then and the decision times (ms) of the
    worker's answers over the ten hands before it."""
    counts = [e for e in records["events"] if e[0] == "count"]
    answers = sorted(records["answers"], key=lambda a: float(a[2]))
    out = []
    for mark in marks:
        if mark > len(counts):
            break
        end = float(counts[mark - 1][1])
        start = float(counts[mark - 11][1]) if mark > 10 else 0.0
        before = [a for a in answers if float(a[2]) <= end]
        times = [float(a[0]) for a in before if float(a[2]) > start]
        out.append({"hand": mark, "worker": before[-1][1] if before else None, "page": counts[mark - 1][3],
                    "heap": counts[mark - 1][4], "times": times, "answers": len(before)})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Memory and decision times over 100 hands at dificil.")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--at", default="10,50,100", help="hand counts to report at")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=7200.0)
    args = parser.parse_args(argv)
    marks = sorted({int(m) for m in args.at.split(",") if m} | {args.hands})

    with serving(as_static_host(ROOT, "memory")) as url, browser() as chromium:
        print(f"Chromium {chromium.version}; {url}", flush=True)
        context, page = open_table(chromium, f"{url}index.html?speed=0&seed={args.seed}", args.timeout, phone=False)
        try:
            records = play_partida(page, args.hands, 0, args.timeout, rematches=1000)
        finally:
            context.close()
    print()
    print("| hands | worker's wasm memory | page's wasm memory | page's JS heap | worker answers |"
          " decision ms in the 10 hands before: median, p95, max |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in at_hands(records, marks):
        times = row["times"]
        spread = f"{statistics.median(times):.0f}, {pct(times, 0.95):.0f}, {max(times):.0f}" if times else "–"
        page_memory = f"{row['page'] / MB:.0f} MB" if row["page"] else "–"
        heap = f"{row['heap'] / MB:.0f} MB" if row["heap"] else "–"
        print(f"| {row['hand']} | {row['worker'] / MB:.0f} MB | {page_memory} | {heap} | {row['answers']} | {spread} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
