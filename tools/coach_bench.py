#!/usr/bin/env python3
"""Time one coach update (``mus.ai.coach(observation)``) in Pyodide and in CPython.

    python -m tools.coach_bench [--positions 300] [--seed 1]

Boots the page in headless Chromium the way ``tools/browser_bench.py`` does, then runs
Python inside the page's Pyodide: it plays seeded partidas with ``normal`` bots, keeps a
few hundred observations of random seats at random moments (mus, discards, every lance)
and times ``coach(observation)`` on each one. The same observations are timed in this
CPython for comparison. The budget is a median of 50 ms and a p95 of 150 ms in Pyodide.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser_bench import summary  # noqa: E402
from tools.chromium import browser, served  # noqa: E402

# Runs both in Pyodide and here: observations from seeded partidas, one timed coach each.
BENCH = r'''
import json, random, time
import mus
from mus.ai import coach, make_bot

def coach_positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = mus.Game.new(mus.Rules(), seed=rng.randrange(1 << 30))
        bots = [make_bot("normal", rng.randrange(1 << 30)) for _ in range(4)]
        while not game.is_over and len(out) < count and len(game.history) < 6:
            if rng.random() < 0.3:
                out.append(game.observation(rng.randrange(4)))
            game = game.apply(bots[game.to_play].choose(game.observation(game.to_play)))
    return out

def coach_bench(count, seed):
    observations = coach_positions(count, seed)
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

    with served() as root, browser() as chromium:
        page = chromium.new_page()
        page.goto(root + "?speed=0")
        page.wait_for_selector("html.ready", state="attached", timeout=180_000)
        page.evaluate("code => window.__mus.pyodide.runPython(code)", BENCH)
        call = f"coach_bench({args.positions}, {args.seed})"
        browser_times = json.loads(page.evaluate("code => window.__mus.pyodide.runPython(code)", call))
        version = page.evaluate("() => window.__mus.pyodide.runPython('import sys; sys.version.split()[0]')")

    scope: dict[str, object] = {}
    exec(BENCH, scope)  # noqa: S102 - our own benchmark code, run in CPython for comparison
    cpython_times = json.loads(scope["coach_bench"](args.positions, args.seed))  # type: ignore[operator]

    print(f"coach in Pyodide (Python {version}): {summary(browser_times)}")
    print(f"coach in CPython {sys.version.split()[0]}:      {summary(cpython_times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
