#!/usr/bin/env python3
"""Time one coach update (``mus.ai.coach(observation)``) in Pyodide and in CPython.

    python -m tools.bench.coach_bench [--positions 300] [--seed 1]

Boots the last table that ran on Pyodide in headless Chromium with ``tools/bench/browser_bench.py``'s
``time_both``, then runs Python inside the page's Pyodide: it plays seeded partidas with ``normal`` bots, keeps a
few hundred observations of random seats at random moments (mus, discards, every lance)
and times ``coach(observation)`` on each one. The same observations are timed in this
CPython for comparison. The budget is a median of 50 ms and a p95 of 150 ms in Pyodide.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.browser_bench import POSITIONS, summary, time_both  # noqa: E402

# Observations of random seats at random moments, one timed coach each.
BENCH = POSITIONS + r'''
from mus.ai import coach

def any_seat(rng, game):
    return game.observation(rng.randrange(4)) if rng.random() < 0.3 else None

def coach_bench(count, seed):
    observations = positions(count, seed, any_seat)
    coach(observations[0])   # first call builds the tables of the rules, as the page does at boot
    times = []
    for o in observations:
        start = time.perf_counter()
        result = coach(o)
        times.append((time.perf_counter() - start) * 1000)
        assert all(0.0 <= p <= 1.0 for p in result["lances"].values())
    return json.dumps(times)
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Coach update times in headless Chromium and CPython.")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    run = time_both(BENCH, f"coach_bench({args.positions}, {args.seed})")

    print(f"coach in Pyodide (Python {run.version}): {summary(run.pyodide)}")
    print(f"coach in CPython {sys.version.split()[0]}:      {summary(run.cpython)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
