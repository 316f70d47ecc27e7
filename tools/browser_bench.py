#!/usr/bin/env python3
"""Time the game in a real browser: boot to ``html.ready`` and the bots' decisions in Pyodide.

    python -m tools.browser_bench [--positions 300] [--level dificil] [--seed 1]

Serves the repository on a free 127.0.0.1 port (``tools/serve.py``), opens the page in
headless Chromium (``$CHROMIUM`` or ``/usr/bin/chromium``, the tests' launch arguments),
measures the time from navigation to ``<html class="ready">``, then runs Python inside the
page's Pyodide: it plays seeded partidas with ``normal`` bots, keeps a few hundred positions
where a seat has a choice, and times ``make_bot(level).choose(observation)`` on each one.
The same positions are timed in this CPython for comparison. Needs Playwright (``./check``
installs it into ``.venv``) and the vendored runtime (``python3 -m tools.vendor``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.chromium import browser, served  # noqa: E402

# Runs both in Pyodide and here: positions from seeded partidas, then one timed decision each.
BENCH = r'''
import json, random, time
import mus
from mus.ai import make_bot

def positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = mus.Game.new(mus.Rules(), seed=rng.randrange(1 << 30))
        bots = [make_bot("normal", rng.randrange(1 << 30)) for _ in range(4)]
        while not game.is_over and len(out) < count and len(game.history) < 6:
            obs = game.observation(game.to_play)
            if len(obs["legal_actions"]) > 1 and rng.random() < 0.35:
                out.append(obs)
            game = game.apply(bots[game.to_play].choose(obs))
    return out

def bench(level, count, seed):
    obs = positions(count, seed)
    bot = make_bot(level, seed)
    times = []
    for o in obs:
        start = time.perf_counter()
        choice = bot.choose(o)
        times.append((time.perf_counter() - start) * 1000)
        assert choice in o["legal_actions"], choice
    return json.dumps(times)
'''


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"median {statistics.median(ordered):7.2f} ms   p95 {p95:7.2f} ms   "
            f"max {ordered[-1]:7.2f} ms   ({len(ordered)} positions)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot time and bot decision times in headless Chromium.")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--level", default="dificil")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    with served() as root, browser() as chromium:
        page = chromium.new_page()
        started = time.perf_counter()
        page.goto(root + "?speed=0")
        page.wait_for_selector("html.ready", state="attached", timeout=180_000)
        boot = time.perf_counter() - started
        steps = page.evaluate("() => window.__mus.steps")
        page.evaluate("code => window.__mus.pyodide.runPython(code)", BENCH)
        call = f"bench({args.level!r}, {args.positions}, {args.seed})"
        wall = time.perf_counter()
        browser_times = json.loads(page.evaluate("code => window.__mus.pyodide.runPython(code)", call))
        wall = time.perf_counter() - wall
        version = page.evaluate("() => window.__mus.pyodide.runPython('import sys; sys.version.split()[0]')")

    scope: dict[str, object] = {}
    exec(BENCH, scope)  # noqa: S102 - our own benchmark code, run in CPython for comparison
    cpython_times = json.loads(scope["bench"](args.level, args.positions, args.seed))  # type: ignore[operator]

    print(f"boot to html.ready: {boot:.2f} s (navigation → ready, headless Chromium)")
    if steps:
        print("boot steps (ms since navigation): " + ", ".join(f"{ms} {text}" for ms, text in steps))
    print(f"{args.level} bot in Pyodide (Python {version}): {summary(browser_times)}  [{wall:.1f} s in all]")
    print(f"{args.level} bot in CPython {sys.version.split()[0]}:      {summary(cpython_times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
