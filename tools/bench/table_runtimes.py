#!/usr/bin/env python3
"""``dificil``'s decisions on the table's MicroPython against yesterday's Pyodide table.

    .venv/bin/python -m tools.bench.table_runtimes [--positions 250] [--level dificil] [--base ff14abf]

The table boots on MicroPython (``index.html``); until ``--base`` (``tools/bench/boot_timing.py``
``BASE``) it booted on Pyodide. This measures the bots' decisions on both, in headless Chromium,
each table served as files only with its build's ``.br`` copies (``tools/bench/sites.py``): this
tree's, and the tree of ``--base`` built by its own build in ``.cache/sites/``. (The first
playable hand of each, side by side, is ``tools/bench/boot_timing.py``'s.)

**Decisions**: ``--positions`` positions of seeded partidas of ``normal`` bots (``mus.rng``, so
the same positions on every runtime), each timed around ``make_bot(level).choose(observation)``
with the page's ``performance.now()`` (MicroPython's own ``ticks_us`` counts whole ms there), in
a fresh page of each runtime for each CPU rate, the phone's 4× and none, and in this CPython.
Before the timed positions the bot plays ``WARM_UP`` others, unthrottled: the tables it builds
on first use are built, as at a table some hands into a partida. The interpreter comes from the
pages' test hook (``tools/dev/chromium.py``) on MicroPython, from ``window.__mus.pyodide`` on the
Pyodide table.

Prints a markdown table: median, p95, max of the decisions (``--positions`` of each).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import BASE, PROFILES  # noqa: E402
from tools.bench.browser_bench import p95  # noqa: E402
from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import PYTHON_HOOK, browser  # noqa: E402

RUNTIMES = ("pyodide", "micropython")
# The interpreter each table hands a script (the Pyodide table's window.__mus; the test hook).
INTERPRETER_JS = {"pyodide": "window.__mus.pyodide", "micropython": "window.__musTestPython"}

# Runs on CPython, Pyodide and MicroPython alike: a clock in ms.
COMMON = r'''
import json, time
import mus
from mus.ai import make_bot
from mus.rng import Random

try:  # in a page, either runtime: the page's clock (MicroPython's ticks_us counts whole ms there)
    from js import performance

    def clock():
        return performance.now()

    def ms_since(start):
        return performance.now() - start
except ImportError:  # CPython
    def clock():
        return time.perf_counter()

    def ms_since(start):
        return (time.perf_counter() - start) * 1000
'''

DECISIONS = COMMON + r'''
def positions(count, seed):
    rng = Random(seed)
    out = []
    while len(out) < count:
        game = mus.Game.new(mus.Rules(), rng.randrange(1 << 30))
        bots = [make_bot("normal", rng.randrange(1 << 30)) for _ in range(4)]
        while not game.is_over and len(out) < count and len(game.history) < 6:
            obs = game.observation(game.to_play)
            if len(obs["legal_actions"]) > 1 and rng.random() < 0.35:
                out.append(obs)
            game = game.apply(bots[game.to_play].choose(obs))
    return out

def decisions(level, observations, seed):
    bot = make_bot(level, seed)
    times = []
    for obs in observations:
        start = clock()
        choice = bot.choose(obs)
        times.append(ms_since(start))
        if choice not in obs["legal_actions"]:
            raise ValueError("illegal choice %r" % (choice,))
    return json.dumps(times)

def warmed(level, count, seed):
    """The positions to time, once the bot has played WARM_UP others (its tables built, as
    at a table some hands into a partida)."""
    decisions(level, positions(WARM_UP, seed + 1), seed)
    return positions(count, seed)
'''
WARM_UP = 50

def decision_times(chromium: Any, url: str, runtime: str, level: str, count: int, seed: int,
                   timeout: float) -> dict[str, list[float]]:
    """``DECISIONS`` in a fresh page of ``runtime``'s table for each CPU rate, the phone's and
    none: the bot warmed up unthrottled, then ``count`` decisions timed."""
    out = {}
    for label, rate in (("phone", PROFILES["phone"]["cpu"]), ("unthrottled", 1)):
        context = chromium.new_context(service_workers="block")
        context.add_init_script(PYTHON_HOOK)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        page.goto(url + "?speed=0", timeout=timeout * 1000)
        page.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
        interpreter = INTERPRETER_JS[runtime]
        page.evaluate("(code) => %s.runPython(code)" % interpreter,
                      f"{DECISIONS}\nWARM_UP = {WARM_UP}\nobservations = warmed({level!r}, {count}, {seed})")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        # MicroPython's runPython gives no value back: the JSON comes through a global.
        timed = page.evaluate("(code) => { const py = %s; py.runPython(code); return py.globals.get('timed'); }"
                              % interpreter, f"timed = decisions({level!r}, observations, {seed})")
        out[label] = json.loads(timed)
        context.close()
    return out


def cpython_times(level: str, count: int, seed: int) -> list[float]:
    """The same in this CPython."""
    scope: dict[str, Any] = {"WARM_UP": WARM_UP}
    exec(DECISIONS, scope)  # noqa: S102 - our own benchmark code, as run in the pages
    return json.loads(scope["decisions"](level, scope["warmed"](level, count, seed), seed))


def _median(values: list[float]) -> float:
    return float(statistics.median(values))


def report(times: dict[tuple[str, str], list[float]], level: str) -> None:
    print()
    print(f"| `{level}` decision | CPU | median | p95 | max |")
    print("| --- | --- | --- | --- | --- |")
    for (runtime, cpu), values in times.items():
        print(f"| {runtime} | {cpu} | {_median(values):.1f} ms | {p95(values):.1f} ms | {max(values):.1f} ms |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The bots' decisions on the table's MicroPython and on Pyodide.")
    parser.add_argument("--positions", type=int, default=250)
    parser.add_argument("--level", default="dificil")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", default=BASE, help="the Pyodide table's commit (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per load")
    args = parser.parse_args(argv)
    times: dict[tuple[str, str], list[float]] = {}
    with contextlib.ExitStack() as stack:
        urls = {"micropython": stack.enter_context(serving(as_static_host(ROOT, "runtimes-micropython"))),
                "pyodide": stack.enter_context(serving(as_static_host(built_site(args.base), "runtimes-pyodide")))}
        chromium = stack.enter_context(browser())
        print(f"Chromium {chromium.version}; " + ", ".join(f"{r} {u}" for r, u in urls.items()))
        for runtime in RUNTIMES:
            started = time.monotonic()
            for cpu, values in decision_times(chromium, urls[runtime], runtime, args.level, args.positions, args.seed,
                                              args.timeout).items():
                times[runtime, cpu] = values
            print(f"{runtime}: {args.positions} decisions twice in {time.monotonic() - started:.0f} s", flush=True)
    times["cpython " + sys.version.split()[0], "this machine"] = cpython_times(args.level, args.positions, args.seed)
    report(times, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
