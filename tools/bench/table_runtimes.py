#!/usr/bin/env python3
"""``dificil``'s decisions on the table's MicroPython against yesterday's Pyodide table.

    .venv/bin/python -m tools.bench.table_runtimes [--positions 250] [--level dificil] [--base ff14abf]
    .venv/bin/python -m tools.bench.table_runtimes --node [--gc-threshold BYTES] [--zip FILE]
    .venv/bin/python -m tools.bench.table_runtimes --cpu --runtime micropython [--gc-threshold BYTES]

The table boots on MicroPython (``index.html``); until ``--base`` (``tools/bench/boot_timing.py``
``BASE``) it booted on Pyodide. This measures the bots' decisions on both, in headless Chromium,
each table served as files only with its build's ``.br`` copies (``tools/bench/sites.py``): this
tree's, and the tree of ``--base`` built by its own build in ``.cache/sites/``. (The first
playable hand of each, side by side, is ``tools/bench/boot_timing.py``'s.)

**Decisions**: ``--positions`` positions of seeded partidas of ``normal`` bots (``mus.rng``, so
the same positions on every runtime), each timed around ``make_bot(level).choose(observation)``
with the page's ``performance.now()`` (MicroPython's own ``ticks_us`` counts whole ms there), in
a fresh page of each runtime for each CPU rate, the phone's 4× and none, and in this CPython.
Each decision is its own call into the interpreter, timed from JavaScript, as the bots' worker
asks for one: on MicroPython that call includes the garbage collection its end runs (the
browser build collects only between calls, never during one). With ``--one-call`` every
decision runs in one call, timed inside it (no collection at all, and the heap grows through
the run). Before the timed positions the bot plays ``WARM_UP`` others, unthrottled: the tables
it builds on first use are built, as at a table some hands into a partida. The interpreter
comes from the pages' test hook (``tools/dev/chromium.py``) on MicroPython, from
``window.__mus.pyodide`` on the Pyodide table.

MicroPython's browser build asks for a collection after every 16 KB allocated and runs it when
the call returns, so each decision ends with a mark and sweep of the whole heap (≥ 135 MB in
this build, whatever its start size). ``--gc-threshold BYTES`` sets ``gc.threshold`` before the
timed decisions, as a worker may: collections then come once that many bytes were allocated.
``--node`` times the same positions, each its own call, on MicroPython under Node
(``tools/bench/node_decisions.mjs``) with the table's ``static/mus-mpy.zip`` or ``--zip FILE``
(another checkout's, side by side): wall and CPU time per call.

``--cpu`` (a shared machine, whose load lengthens wall times): the page unthrottled, each
decision its own ``page.evaluate``, timed as the main thread's CPU time (DevTools'
``Performance.getMetrics`` ``ThreadTime`` before and after: the evaluate's own small cost
included), beside its wall time; the phone's estimate is that CPU time × 4, DevTools' rate.

Prints a markdown table: median, p95, max of the decisions (``--positions`` of each).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import statistics
import subprocess
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

def checked(observations, choices):
    """Raises unless every choice was legal; the page's per-call timing keeps them here."""
    for obs, choice in zip(observations, choices):
        if choice not in obs["legal_actions"]:
            raise ValueError("illegal choice %r" % (choice,))
    return len(choices)

def warmed(level, count, seed):
    """The positions to time, once the bot has played WARM_UP others (its tables built, as
    at a table some hands into a partida)."""
    decisions(level, positions(WARM_UP, seed + 1), seed)
    return positions(count, seed)
'''
WARM_UP = 50

def decision_times(chromium: Any, url: str, runtime: str, level: str, count: int, seed: int,
                   timeout: float, one_call: bool = False, gc_threshold: int = 0) -> dict[str, list[float]]:
    """``DECISIONS`` in a fresh page of ``runtime``'s table for each CPU rate, the phone's and
    none: the bot warmed up unthrottled, then ``count`` decisions timed, each its own call (or
    all in one with ``one_call``); with ``gc_threshold``, MicroPython collects only once that
    many bytes were allocated since the last collection (``gc.threshold``)."""
    out = {}
    made = cpython_positions(count, seed)
    for label, rate in (("phone", PROFILES["phone"]["cpu"]), ("unthrottled", 1)):
        context, page, cdp = open_table(chromium, url, runtime, timeout)
        interpreter = INTERPRETER_JS[runtime]
        if one_call:
            page.evaluate("(code) => %s.runPython(code)" % interpreter,
                          f"{DECISIONS}\nWARM_UP = {WARM_UP}\nobservations = warmed({level!r}, {count}, {seed})")
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            # MicroPython's runPython gives no value back: the JSON comes through a global.
            timed = page.evaluate("(code) => { const py = %s; py.runPython(code); return py.globals.get('timed'); }"
                                  % interpreter, f"timed = decisions({level!r}, observations, {seed})")
            out[label] = json.loads(timed)
            context.close()
            continue
        load_positions(page, interpreter, made, level, seed)
        each = """([n, name]) => {
            const py = %s, times = [];
            for (let k = 0; k < n; k++) {
                const start = performance.now();
                py.runPython(`choices.append(bot.choose(${name}[${k}]))`);
                times.push(performance.now() - start);
            }
            return times;
        }""" % interpreter
        page.evaluate(each, [WARM_UP, "warm"])
        page.evaluate("(code) => %s.runPython(code)" % interpreter, "choices = []")
        if gc_threshold and runtime == "micropython":
            page.evaluate("(code) => %s.runPython(code)" % interpreter,
                          f"import gc\ngc.collect()\ngc.threshold({gc_threshold})")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        out[label] = [float(t) for t in page.evaluate(each, [count, "observations"])]
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        page.evaluate("(code) => %s.runPython(code)" % interpreter, f"assert checked(observations, choices) == {count}")
        context.close()
    return out


def open_table(chromium: Any, url: str, runtime: str, timeout: float) -> tuple[Any, Any, Any]:
    """A fresh context, its page of ``runtime``'s table at ``?speed=0`` ready with its
    interpreter handed over, and a DevTools session on it."""
    context = chromium.new_context(service_workers="block")
    context.add_init_script(PYTHON_HOOK)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    page.goto(url + "?speed=0", timeout=timeout * 1000)
    page.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
    page.wait_for_function(f"() => {INTERPRETER_JS[runtime]}", timeout=timeout * 1000)
    return context, page, cdp


def load_positions(page: Any, interpreter: str, made: tuple[list[Any], list[Any]], level: str, seed: int) -> None:
    """``DECISIONS`` and the bot in the page, with the warm-up and timed positions of ``made``.
    The positions come as JSON, one call each, as the worker gets its requests: made by
    CPython (the same on every runtime), so no call grows the heap a worker would not."""
    page.evaluate("(code) => %s.runPython(code)" % interpreter,
                  f"{DECISIONS}\nwarm, observations, choices = [], [], []\nbot = make_bot({level!r}, {seed})")
    load = """([obs, name]) => {
        const py = %s;
        for (const text of obs) py.runPython(`${name}.append(json.loads(${JSON.stringify(text)}))`);
    }""" % interpreter
    page.evaluate(load, [[json.dumps(o) for o in made[0]], "warm"])
    page.evaluate(load, [[json.dumps(o) for o in made[1]], "observations"])


def cpu_times(chromium: Any, url: str, runtime: str, level: str, count: int, seed: int,
              timeout: float, gc_threshold: int = 0) -> dict[str, list[float]]:
    """``decision_times``' decisions in a fresh unthrottled page, each its own evaluate, as
    the main thread's CPU time (``ThreadTime``) and wall time, and that CPU time × the
    phone's rate."""
    made = cpython_positions(count, seed)
    context, page, cdp = open_table(chromium, url, runtime, timeout)
    interpreter = INTERPRETER_JS[runtime]
    load_positions(page, interpreter, made, level, seed)
    one = "([name, k]) => { const s = performance.now(); %s.runPython(`choices.append(bot.choose(${name}[${k}]))`);" \
          " return performance.now() - s; }" % interpreter
    for k in range(WARM_UP):
        page.evaluate(one, ["warm", k])
    page.evaluate("(code) => %s.runPython(code)" % interpreter, "choices = []")
    if gc_threshold and runtime == "micropython":
        page.evaluate("(code) => %s.runPython(code)" % interpreter, f"import gc\ngc.collect()\ngc.threshold({gc_threshold})")
    cdp.send("Performance.enable")

    def thread_ms() -> float:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * float(next(m["value"] for m in metrics if m["name"] == "ThreadTime"))

    cpu, wall = [], []
    for k in range(count):
        before = thread_ms()
        wall.append(float(page.evaluate(one, ["observations", k])))
        cpu.append(thread_ms() - before)
    page.evaluate("(code) => %s.runPython(code)" % interpreter, f"assert checked(observations, choices) == {count}")
    context.close()
    rate = float(PROFILES["phone"]["cpu"])  # type: ignore[index]
    return {"unthrottled, wall": wall, "unthrottled, CPU time": cpu,
            f"phone estimate, CPU time × {rate:g}": [ms * rate for ms in cpu]}


def cpython_positions(count: int, seed: int) -> tuple[list[Any], list[Any]]:
    """The warm-up positions and the timed ones, as ``DECISIONS`` makes them on any runtime."""
    scope: dict[str, Any] = {}
    exec(DECISIONS, scope)  # noqa: S102 - our own benchmark code, as run in the pages
    return scope["positions"](WARM_UP, seed + 1), scope["positions"](count, seed)


def node_times(level: str, count: int, seed: int, gc_threshold: int,
               zip_path: Path | None = None) -> dict[str, list[float]]:
    """The decisions on MicroPython under Node, unthrottled, each its own call
    (``tools/bench/node_decisions.mjs``, the table's zip or ``zip_path``): wall and CPU time per call."""
    warm, timed = cpython_positions(count, seed)
    positions = ROOT / ".cache" / "table-runtimes" / "positions.json"
    positions.parent.mkdir(parents=True, exist_ok=True)
    positions.write_text(json.dumps({"warm": warm, "timed": timed}), encoding="utf-8")
    command = ["node", str(ROOT / "tools" / "bench" / "node_decisions.mjs"),
               str(zip_path or ROOT / "static" / "mus-mpy.zip"),
               str(positions), level, str(seed)] + ([str(gc_threshold)] if gc_threshold else [])
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    print(f"micropython under node: heap {result['heap'] / 1e6:.1f} MB after the run", flush=True)
    return {"node, wall": result["wall"], "node, CPU time": result["cpu"]}


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
    parser.add_argument("--one-call", action="store_true",
                        help="time every decision inside one call into the interpreter (the old way)")
    parser.add_argument("--gc-threshold", type=int, default=0, metavar="BYTES",
                        help="MicroPython collects after this many bytes (gc.threshold), not after every call")
    parser.add_argument("--runtime", choices=RUNTIMES, action="append",
                        help="time the decisions of this runtime only (repeat for both; default both)")
    parser.add_argument("--cpu", action="store_true",
                        help="the page unthrottled, each decision's main-thread CPU time (a shared machine)")
    parser.add_argument("--node", action="store_true",
                        help="only the decisions on MicroPython under Node, unthrottled (no browser)")
    parser.add_argument("--zip", type=Path, metavar="FILE",
                        help="with --node: time this zip of the table's modules (another checkout's "
                             "static/mus-mpy.zip), not this tree's")
    args = parser.parse_args(argv)
    times: dict[tuple[str, str], list[float]] = {}
    if args.node:
        for cpu, values in node_times(args.level, args.positions, args.seed, args.gc_threshold, args.zip).items():
            times["micropython", cpu] = values
        report(times, args.level)
        return 0
    with contextlib.ExitStack() as stack:
        urls = {"micropython": stack.enter_context(serving(as_static_host(ROOT, "runtimes-micropython"))),
                "pyodide": stack.enter_context(serving(as_static_host(built_site(args.base), "runtimes-pyodide")))}
        chromium = stack.enter_context(browser())
        print(f"Chromium {chromium.version}; " + ", ".join(f"{r} {u}" for r, u in urls.items()))
        for runtime in args.runtime or RUNTIMES:
            started = time.monotonic()
            timed = (cpu_times(chromium, urls[runtime], runtime, args.level, args.positions, args.seed,
                               args.timeout, args.gc_threshold) if args.cpu else
                     decision_times(chromium, urls[runtime], runtime, args.level, args.positions, args.seed,
                                    args.timeout, args.one_call, args.gc_threshold))
            for cpu, values in timed.items():
                times[runtime, cpu] = values
            print(f"{runtime}: {args.positions} decisions twice in {time.monotonic() - started:.0f} s", flush=True)
    times["cpython " + sys.version.split()[0], "this machine"] = cpython_times(args.level, args.positions, args.seed)
    report(times, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
