#!/usr/bin/env python3
"""The table on MicroPython against Pyodide: the first playable hand and ``dificil``'s decisions.

    .venv/bin/python -m tools.bench.table_runtimes [--runs 3] [--positions 250] [--level dificil]

The table boots on Pyodide (``index.html``); the lesson pages on MicroPython. This measures what
the table would gain or lose on MicroPython, in headless Chromium, one site served by
``tools/dev/serve.py`` on 127.0.0.1 as files only with the build's ``.br`` copies (as
``tools/bench/lesson_timing.py`` serves one). The site, made in ``.cache/table-runtimes/site``,
is this tree's built pages and ``static/`` (symlinked) but for two things:

* ``static/mus-mpy.zip`` holds the table's modules (``TABLE_ENTRIES``: the import closure of
  ``mus.web.dom.main``, the replay's modules of the second zip included) rather than the lesson
  pages', compiled by ``tools/build/mpy.py`` as the lesson pages' zip is;
* ``table-mpy.html``, a bench page beside ``index.html``: PyScript's core booting MicroPython
  with ``static/mpy-start.mjs`` and that zip, with the preloads and config of ``embed.html``,
  whose script does the table's first hand (``FIRST_HAND``) and marks ``html.ready``.

**First playable hand**, phone profile of ``tools/bench/boot_timing.py`` (CPU 4×, 9 Mbit/s,
60 ms), cold (a fresh context, service workers blocked), the pages taking turns: from navigation
until a new partida is dealt and its first view rendered to HTML by the table's pure renderer
(``mus.web.play.view.build_view`` and ``mus.web.play.render.regions``, what ``Page.show`` puts
into the page; an in-memory storage, no deck art). On Pyodide: the real ``index.html`` to
``html.ready`` (a cold visit shows the new-partida screen) plus ``FIRST_HAND`` run at once in its
Pyodide, timed in the page (what pressing "nueva partida" computes). On MicroPython: the bench
page's ``html.ready``, the imports included. Both print the same check of the HTML.

**Decisions**: ``--positions`` positions of seeded partidas of ``normal`` bots (``mus.rng``, so
the same positions on every runtime), each timed around ``make_bot(level).choose(observation)``
with the page's ``performance.now()``, in a fresh page of each runtime for each CPU rate, the
phone's 4× and none, and in this CPython. Each decision is its own call into the interpreter,
timed from JavaScript, as the bots' worker asks for one: on MicroPython that call includes the
garbage collection its end runs (the browser build collects only between calls, never during
one). With ``--one-call`` every decision runs in one call, timed inside it, as this bench did
before (no collection at all, and the heap grows through the run). Before the timed positions
the bot plays ``WARM_UP`` others, unthrottled, each its own call: the tables it builds on first
use are built, as at a table some hands into a partida.

MicroPython's browser build asks for a collection after every 16 KB allocated and runs it when
the call returns, so each decision ends with a mark and sweep of the whole heap (≥ 135 MB in
this build, whatever its start size), and the next one allocates among the holes it left.
``--gc-threshold BYTES`` sets ``gc.threshold`` in the page before the timed decisions, as a
worker may: collections then come once that many bytes were allocated.

Prints markdown tables: medians and ranges of the loads, and median, p95, max of the decisions
(``--positions`` of each).
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

from tools.bench.boot_timing import PROFILES, READY_PROBE, Sample, load  # noqa: E402
from tools.bench.browser_bench import p95  # noqa: E402
from tools.bench.lesson_timing import serving  # noqa: E402
from tools.build import mpy  # noqa: E402
from tools.build.precompress import precompress  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

CACHE = ROOT / ".cache" / "table-runtimes"
TABLE_ENTRIES = ("mus.web.dom.main",)  # what index.html imports
BENCH_PAGE = "table-mpy.html"
RUNTIMES = ("pyodide", "micropython")
PAGES = {"pyodide": "index.html?speed=0", "micropython": BENCH_PAGE}
# The interpreter each page exposes to JavaScript (index.html and the bench page, as embed.html).
INTERPRETER_JS = {"pyodide": "window.__mus.pyodide", "micropython": "window.__mus.python"}

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

# The table's first hand, as "nueva partida" computes it (mus.web.play.commands): a partida
# dealt from a seed, its view for seat 0, every region's HTML. Returns a check of that HTML.
FIRST_HAND = COMMON + r'''
from mus.web.kit.storage import SafeStorage
from mus.web.play import render
from mus.web.play.session import Session
from mus.web.play.view import build_view

def first_hand(seed):
    session = Session(SafeStorage(None), instant=True, seeds=lambda: seed)
    session.new_game(seed)
    regions = render.regions(build_view(session), None)
    html = "".join(regions[name][0] for name in sorted(regions))
    return "%d regions, %d characters of HTML, seat 0 holds %s" % (
        len(regions), len(html), " ".join(session.game.observation(0)["hand"]))
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

HAND_SEED = 1


def bench_page() -> str:
    """``embed.html``'s head (its preloads, PyScript's core, the interpreter hook) and config,
    with a script that deals the first hand and marks ``html.ready``."""
    embed = (ROOT / "embed.html").read_text(encoding="utf-8")
    preloads = "\n".join(re.findall(r'^\s*<link rel="(?:modulepreload|preload)".*$', embed, re.M))
    hook = re.search(r'<script type="module">\s*import \{ hooks \}.*?</script>', embed, re.S)
    config = re.search(r"<script type=\"mpy\" config='([^']+)'>", embed)
    if hook is None or config is None or "mus-mpy.zip" not in preloads:
        raise RuntimeError("embed.html changed: tools/bench/table_runtimes.py cannot copy its head")
    return f"""<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <title>table on MicroPython (bench)</title>
  <link rel="icon" href="data:,">
  <script>window.__mus = {{ steps: [], step: (text) => window.__mus.steps.push([Math.round(performance.now()), text]) }};</script>
  <script type="module" src="./static/vendor/pyscript/core.js"></script>
{preloads}
  {hook.group(0)}
</head>
<body>
<div id="hand">…</div>
<script type="mpy" config='{config.group(1)}'>
from pyscript import document
{FIRST_HAND}
document.getElementById("hand").textContent = first_hand({HAND_SEED})
document.documentElement.classList.add("ready")
</script>
</body>
</html>
"""


def table_site() -> Path:
    """The built site of this tree with the table's modules in ``static/mus-mpy.zip`` and the
    bench page beside ``index.html``, in ``CACHE/site``; the zip is rebuilt when stale."""
    site = CACHE / "site"
    static = site / "static"
    static.mkdir(parents=True, exist_ok=True)
    for item in ROOT.iterdir():
        if item.suffix in (".html", ".js", ".webmanifest", ".br") and not (site / item.name).is_symlink():
            (site / item.name).symlink_to(item.resolve())
    for item in (ROOT / "static").iterdir():
        if not item.name.startswith("mus-mpy.zip") and not (static / item.name).is_symlink():
            (static / item.name).symlink_to(item.resolve(), target_is_directory=item.is_dir())
    zip_path = static / "mus-mpy.zip"
    if mpy.mpy_zip_is_stale(dest=zip_path, entries=TABLE_ENTRIES):
        mpy.build_mpy_zip(dest=zip_path, entries=TABLE_ENTRIES)
    page = site / BENCH_PAGE
    page.write_text(bench_page(), encoding="utf-8")
    precompress([zip_path, page])
    return site


def first_hand_load(chromium: Any, url: str, runtime: str, timeout: float) -> tuple[Sample, float, str]:
    """One cold load on the phone profile: the sample, the first hand's time (ms since
    navigation) and the page's check of its HTML."""
    context = chromium.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    try:
        sample, page = _load_keeping_page(context, url + PAGES[runtime], timeout)
        if runtime == "micropython":  # the bench page dealt it before html.ready
            return sample, sample.ready_ms, str(page.evaluate("() => document.getElementById('hand').textContent"))
        cdp = context.new_cdp_session(page)  # load()'s session, and its CPU throttle, are gone
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PROFILES["phone"]["cpu"]})
        took, check = page.evaluate("""([code, seed]) => {
            const py = window.__mus.pyodide, start = performance.now();
            py.runPython(code);
            const check = py.globals.get("first_hand")(seed);
            return [performance.now() - start, check];
        }""", [FIRST_HAND, HAND_SEED])
        return sample, sample.ready_ms + float(took), str(check)
    finally:
        context.close()


def _load_keeping_page(context: Any, url: str, timeout: float) -> tuple[Sample, Any]:
    """``boot_timing.load`` on the phone profile, its page left open (closed with the context)."""
    pages: list[Any] = []

    def keep(page: Any) -> None:
        pages.append(page)
        page.close = lambda *args, **kwargs: None

    context.on("page", keep)
    sample = load(context, url, PROFILES["phone"], False, timeout, settle_page=False)
    context.remove_listener("page", keep)
    return sample, pages[-1]


def decision_times(chromium: Any, url: str, runtime: str, level: str, count: int, seed: int,
                   timeout: float, one_call: bool, gc_threshold: int = 0) -> dict[str, list[float]]:
    """``DECISIONS`` in a fresh page of ``runtime`` for each CPU rate, the phone's and none:
    the bot warmed up unthrottled, then ``count`` decisions timed, each its own call (or all
    in one with ``one_call``); with ``gc_threshold``, MicroPython collects only once that
    many bytes were allocated since the last collection (``gc.threshold``)."""
    out = {}
    made = cpython_positions(count, seed)
    for label, rate in (("phone", PROFILES["phone"]["cpu"]), ("unthrottled", 1)):
        context = chromium.new_context(service_workers="block")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        page.goto(url + PAGES[runtime], timeout=timeout * 1000)
        page.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
        interpreter = INTERPRETER_JS[runtime]
        if one_call:
            page.evaluate("(code) => %s.runPython(code)" % interpreter,
                          f"{DECISIONS}\nWARM_UP = {WARM_UP}\nobservations = warmed({level!r}, {count}, {seed})")
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            # MicroPython's runPython gives no value back: the JSON comes through a global.
            timed = page.evaluate("(code) => { const py = %s; py.runPython(code); return py.globals.get('timed'); }"
                                  % interpreter, f"timed = decisions({level!r}, observations, {seed})")
            out[label] = json.loads(timed)
        else:
            # The positions come as JSON, one call each, as the worker gets its requests: made
            # here (the same on every runtime), so no call grows the heap a worker would not.
            page.evaluate("(code) => %s.runPython(code)" % interpreter,
                          f"{DECISIONS}\nwarm, observations, choices = [], [], []\nbot = make_bot({level!r}, {seed})")
            page.evaluate("""([obs, name]) => {
                const py = %s;
                for (const text of obs) py.runPython(`${name}.append(json.loads(${JSON.stringify(text)}))`);
            }""" % interpreter, [[json.dumps(o) for o in made[0]], "warm"])
            page.evaluate("""([obs, name]) => {
                const py = %s;
                for (const text of obs) py.runPython(`${name}.append(json.loads(${JSON.stringify(text)}))`);
            }""" % interpreter, [[json.dumps(o) for o in made[1]], "observations"])
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
            page.evaluate("(code) => %s.runPython(code)" % interpreter,
                          f"assert checked(observations, choices) == {count}")
            if runtime == "micropython":
                heap = page.evaluate("(code) => { const py = %s; py.runPython(code); return py.globals.get('heap'); }"
                                     % interpreter, "import gc\nheap = gc.mem_alloc() + gc.mem_free()")
                print(f"micropython {label}: heap {heap / 1e6:.1f} MB after the run", flush=True)
        context.close()
    return out


def cpython_positions(count: int, seed: int) -> tuple[list[Any], list[Any]]:
    """The warm-up positions and the timed ones, as ``DECISIONS`` makes them on any runtime."""
    scope: dict[str, Any] = {}
    exec(DECISIONS, scope)  # noqa: S102 - our own benchmark code, as run in the pages
    return scope["positions"](WARM_UP, seed + 1), scope["positions"](count, seed)


def node_times(level: str, count: int, seed: int, gc_threshold: int,
               zip_path: Path | None = None) -> dict[str, list[float]]:
    """The decisions on MicroPython under Node, unthrottled, each its own call
    (``tools/bench/node_decisions.mjs``, the table's zip or ``zip_path``): wall and CPU time per call."""
    if zip_path is None:
        zip_path = table_site() / "static" / "mus-mpy.zip"
    warm, timed = cpython_positions(count, seed)
    positions = CACHE / "positions.json"
    positions.write_text(json.dumps({"warm": warm, "timed": timed}), encoding="utf-8")
    command = ["node", str(ROOT / "tools" / "bench" / "node_decisions.mjs"), str(zip_path),
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


def report(loads: dict[str, list[tuple[Sample, float, str]]], times: dict[tuple[str, str], list[float]], level: str) -> None:
    if all(loads.values()):
        report_loads(loads)
    print()
    print(f"| `{level}` decision | CPU | median | p95 | max |")
    print("| --- | --- | --- | --- | --- |")
    for (runtime, cpu), values in times.items():
        print(f"| {runtime} | {cpu} | {_median(values):.1f} ms | {p95(values):.1f} ms | {max(values):.1f} ms |")


def report_loads(loads: dict[str, list[tuple[Sample, float, str]]]) -> None:
    print()
    print("| runtime | first playable hand | range | html.ready | requests | wire |")
    print("| --- | --- | --- | --- | --- | --- |")
    for runtime in RUNTIMES:
        rows = loads[runtime]
        hands = sorted(hand / 1000 for _, hand, _ in rows)
        print(f"| {runtime} | {_median(hands):.2f} s | {hands[0]:.2f}–{hands[-1]:.2f} s "
              f"| {_median([s.ready_ms / 1000 for s, _, _ in rows]):.2f} s "
              f"| {_median([s.requests for s, _, _ in rows]):.0f} | {_median([s.wire / 1e6 for s, _, _ in rows]):.2f} MB |")
    mp, py = (_median([hand for _, hand, _ in loads[r]]) for r in ("micropython", "pyodide"))
    print(f"\nmicropython ÷ pyodide, first playable hand: {mp / py:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The table's first hand and decisions, MicroPython against Pyodide.")
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page")
    parser.add_argument("--positions", type=int, default=250)
    parser.add_argument("--level", default="dificil")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per load")
    parser.add_argument("--one-call", action="store_true",
                        help="time every decision inside one call into the interpreter (the old way)")
    parser.add_argument("--decisions-only", action="store_true", help="skip the first-hand loads")
    parser.add_argument("--node", action="store_true",
                        help="only the decisions on MicroPython under Node, unthrottled (no browser)")
    parser.add_argument("--gc-threshold", type=int, default=0, metavar="BYTES",
                        help="MicroPython collects after this many bytes (gc.threshold), not after every call")
    parser.add_argument("--zip", type=Path, metavar="FILE",
                        help="with --node: time this zip of the table's modules (another checkout's "
                             "`.cache/table-runtimes/site/static/mus-mpy.zip`), not this tree's")
    parser.add_argument("--runtime", choices=RUNTIMES, action="append",
                        help="time the decisions of this runtime only (repeat for both; default both)")
    args = parser.parse_args(argv)
    loads: dict[str, list[tuple[Sample, float, str]]] = {r: [] for r in RUNTIMES}
    times: dict[tuple[str, str], list[float]] = {}
    if args.node:
        for cpu, values in node_times(args.level, args.positions, args.seed, args.gc_threshold, args.zip).items():
            times["micropython", cpu] = values
        report(loads, times, args.level)
        return 0
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(serving(table_site()))
        chromium = stack.enter_context(browser())
        print(f"Chromium {chromium.version}; {url}")
        for run in range(0 if args.decisions_only else args.runs):
            for runtime in RUNTIMES[run % 2:] + RUNTIMES[:run % 2]:
                sample, hand, check = first_hand_load(chromium, url, runtime, args.timeout)
                loads[runtime].append((sample, hand, check))
                print(f"run {run + 1} {runtime:11}: ready {sample.ready_ms / 1000:.2f} s, first hand {hand / 1000:.2f} s, "
                      f"{sample.wire / 1e6:.2f} MB; {check}", flush=True)
        checks = {check for rows in loads.values() for _, _, check in rows}
        if len(checks) > 1:
            raise RuntimeError(f"the runtimes rendered different first hands: {sorted(checks)}")
        for runtime in args.runtime or RUNTIMES:
            started = time.monotonic()
            for cpu, values in decision_times(chromium, url, runtime, args.level, args.positions, args.seed,
                                              args.timeout, args.one_call, args.gc_threshold).items():
                times[runtime, cpu] = values
            print(f"{runtime}: {args.positions} decisions twice in {time.monotonic() - started:.0f} s", flush=True)
    times["cpython " + sys.version.split()[0], "this machine"] = cpython_times(args.level, args.positions, args.seed)
    report(loads, times, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
