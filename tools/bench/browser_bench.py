#!/usr/bin/env python3
"""Time the game in a real browser: boot to ``html.ready`` and the bots' decisions in Pyodide.

    python -m tools.bench.browser_bench [--positions 300] [--level dificil] [--seed 1] [--senas]

The table runs on MicroPython now (``tools/bench/table_runtimes.py`` times its decisions); this
serves the last table that ran on Pyodide (``tools/bench/boot_timing.py`` ``BASE``, built in
``.cache/sites/`` by ``tools/bench/sites.py``) on a free 127.0.0.1 port, opens the page in
headless Chromium (``$CHROMIUM`` or ``/usr/bin/chromium``, the tests' launch arguments),
measures the time from navigation to ``<html class="ready">``, then runs Python inside the
page's Pyodide: it plays seeded partidas with ``normal`` bots (with ``--senas``, at a table
with señas, catch 1 in 4), keeps a few hundred positions
where a seat has a choice, and times ``make_bot(level).choose(observation)`` on each one.
The same positions are timed in this CPython for comparison. Needs Playwright (``./check``
installs it into ``.venv``) and the vendored runtime (``python3 -m tools.build.vendor``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import BASE  # noqa: E402
from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

# Runs both in Pyodide and here: observations from seeded partidas of ``normal`` bots,
# ``keep(rng, game)`` picking the one to keep at each step (or None).
POSITIONS = r'''
import json, random, time
import mus
from mus.ai import make_bot

def positions(count, seed, keep, senas=False):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = mus.Game.new(mus.Rules(senas=senas), seed=rng.randrange(1 << 30))
        bots = [make_bot("normal", rng.randrange(1 << 30)) for _ in range(4)]
        while not game.is_over and len(out) < count and len(game.history) < 6:
            obs = keep(rng, game)
            if obs is not None:
                out.append(obs)
            game = game.apply(bots[game.to_play].choose(game.observation(game.to_play)))
    return out
'''

# One timed decision at each position where the seat to play has a choice.
BENCH = POSITIONS + r'''
def at_a_choice(rng, game):
    obs = game.observation(game.to_play)
    return obs if len(obs["legal_actions"]) > 1 and rng.random() < 0.35 else None

def bench(level, count, seed, senas=False):
    obs = positions(count, seed, at_a_choice, senas)
    bot = make_bot(level, seed)
    times = []
    for o in obs:
        start = time.perf_counter()
        choice = bot.choose(o)
        times.append((time.perf_counter() - start) * 1000)
        assert choice in o["legal_actions"], choice
    return json.dumps(times)
'''


class Timings(NamedTuple):
    boot: float                       # navigation to html.ready, in s
    steps: list[tuple[int, str]]      # the page's own boot steps (ms since navigation)
    version: str                      # Pyodide's Python
    pyodide: list[float]              # ms per timed call in Pyodide
    pyodide_wall: float               # s for the whole timed run in Pyodide
    cpython: list[float]              # ms per timed call in this CPython


def time_both(bench: str, call: str) -> Timings:
    """Boot the page in headless Chromium, define ``bench`` in its Pyodide and evaluate
    ``call`` (JSON of times in ms); then do the same in this CPython."""
    with serving(as_static_host(built_site(BASE), "pyodide-bench")) as root, browser() as chromium:
        page = chromium.new_page()
        started = time.perf_counter()
        page.goto(root + "?speed=0")
        page.wait_for_selector("html.ready", state="attached", timeout=180_000)
        boot = time.perf_counter() - started
        steps = page.evaluate("() => window.__mus.steps") or []
        page.evaluate("code => window.__mus.pyodide.runPython(code)", bench)
        wall = time.perf_counter()
        pyodide = json.loads(page.evaluate("code => window.__mus.pyodide.runPython(code)", call))
        wall = time.perf_counter() - wall
        version = page.evaluate("() => window.__mus.pyodide.runPython('import sys; sys.version.split()[0]')")

    scope: dict[str, object] = {}
    exec(bench, scope)  # noqa: S102 - our own benchmark code, run in CPython for comparison
    cpython = json.loads(eval(call, scope))  # noqa: S307 - our own call, as run in Pyodide
    return Timings(boot, [(int(ms), str(text)) for ms, text in steps], version, pyodide, wall, cpython)


def p95(times: list[float]) -> float:
    """The 95th percentile of ``times``: the nearest rank, no interpolation."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return (f"median {statistics.median(ordered):7.2f} ms   p95 {p95(ordered):7.2f} ms   "
            f"max {ordered[-1]:7.2f} ms   ({len(ordered)} positions)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot time and bot decision times in headless Chromium.")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--level", default="dificil")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--senas", action="store_true", help="a table with señas (catch 1 in 4)")
    args = parser.parse_args(argv)

    run = time_both(BENCH, f"bench({args.level!r}, {args.positions}, {args.seed}, {args.senas})")

    print(f"boot to html.ready: {run.boot:.2f} s (navigation → ready, headless Chromium)")
    if run.steps:
        print("boot steps (ms since navigation): " + ", ".join(f"{ms} {text}" for ms, text in run.steps))
    print(f"{args.level} bot in Pyodide (Python {run.version}): {summary(run.pyodide)}"
          f"  [{run.pyodide_wall:.1f} s in all]")
    print(f"{args.level} bot in CPython {sys.version.split()[0]}:      {summary(run.cpython)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
