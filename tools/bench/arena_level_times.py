#!/usr/bin/env python3
"""Decision times of the arena-only levels beside ``dificil``'s, on MicroPython and CPython.

    .venv/bin/python -m tools.bench.arena_level_times [--positions 40] [--seed 5]

Whether ``lessons`` or ``montecarlo`` could be offered at the page's table (issue 45.5: a
phone's p95 ≤ 250 ms a decision on MicroPython). The same positions of seeded partidas of
``normal`` bots (``mus.rng``, so the same on both runtimes, as ``tools.bench.table_runtimes``
draws them) are decided by each level in turn, after ``WARM_UP`` other decisions (its tables
built), on MicroPython under Node (``tools/dev/mpy_run.mjs``, one position a call: memory is
freed between calls) and in this CPython. Prints the median, p95 and max of each, and each
level's p95 over ``dificil``'s on the same runtime: ``dificil``'s on a phone is measured in the
page (``tools.bench.table_runtimes``, docs/figures.md), the others scale with it. MicroPython's
clock under Node counts whole ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ("dificil", "lessons", "montecarlo")
WARM_UP = 8

# Runs on CPython and MicroPython alike.
SCRIPT = r'''
import json, time
import mus
from mus.ai import make_bot
from mus.ai.montecarlo import MonteCarloBot
from mus.ai.taught import TaughtBot
from mus.rng import Random

if hasattr(time, "ticks_ms"):
    def clock():
        return time.ticks_ms()

    def ms_since(start):
        return time.ticks_diff(time.ticks_ms(), start)
else:
    def clock():
        return time.perf_counter()

    def ms_since(start):
        return (time.perf_counter() - start) * 1000

MAKE = {"dificil": lambda seed: make_bot("dificil", seed), "lessons": TaughtBot, "montecarlo": MonteCarloBot}


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


BOTS = {level: MAKE[level](SEED) for level in LEVELS}
TIMES = {level: [] for level in LEVELS}
for obs in positions(WARM_UP, SEED + 1):
    for level in LEVELS:
        BOTS[level].choose(obs)
OBSERVATIONS = positions(COUNT, SEED)


def step(k):
    obs = OBSERVATIONS[k]
    for level in LEVELS:
        start = clock()
        choice = BOTS[level].choose(obs)
        TIMES[level].append(ms_since(start))
        if choice not in obs["legal_actions"]:
            raise ValueError("illegal choice %r" % (choice,))


def report():
    print("TIMES " + json.dumps(TIMES))


__steps__ = [(lambda k=k: step(k)) for k in range(COUNT)] + [report]
'''


def script(count: int, seed: int) -> str:
    return f"LEVELS = {LEVELS!r}\nCOUNT = {count}\nSEED = {seed}\nWARM_UP = {WARM_UP}\n" + SCRIPT


def cpython_times(count: int, seed: int) -> dict[str, list[float]]:
    scope: dict[str, object] = {"__name__": "arena_level_times"}
    exec(script(count, seed), scope)
    for call in scope["__steps__"][:-1]:  # type: ignore[index]
        call()
    return scope["TIMES"]  # type: ignore[return-value]


def micropython_times(count: int, seed: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "arena_level_times.py"
        path.write_text(script(count, seed))
        out = subprocess.run(["node", str(ROOT / "tools" / "dev" / "mpy_run.mjs"), str(path)],
                             capture_output=True, text=True, check=True, cwd=ROOT).stdout
    line = next(x for x in out.splitlines() if x.startswith("TIMES "))
    times: dict[str, list[float]] = json.loads(line[len("TIMES "):])
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.arena_level_times",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    runs = {"micropython (node)": micropython_times(args.positions, args.seed),
            "cpython " + sys.version.split()[0]: cpython_times(args.positions, args.seed)}
    print(f"| level | runtime | median ms | p95 ms | max ms | p95 ÷ dificil's |  ({args.positions} positions)")
    print("| --- | --- | --- | --- | --- | --- |")
    for runtime, times in runs.items():
        for level in LEVELS:
            values = times[level]
            print(f"| `{level}` | {runtime} | {statistics.median(values):.1f} | {p95(values):.1f} | "
                  f"{max(values):.1f} | {p95(values) / max(p95(times['dificil']), 1e-9):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
