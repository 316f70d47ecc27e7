#!/usr/bin/env python3
"""The bots' turns as a player sees them: the gaps between bot actions and the page's long
tasks, this tree (bots in the MicroPython worker) side by side with a baseline (``--base``,
today's ``main``: bots on the page's main thread).

    .venv/bin/python -m tools.bench.bot_pacing [--base main] [--partidas 1] [--hands 0] [--seed 1] [--from-hand N]

Each site is served as files only by ``tools/dev/serve.py`` with the build's ``.br`` copies
(``tools/bench/sites.py``); the baseline is ``--base`` built by its own build in ``.cache/sites/``.
For each partida (``--seed`` + n, the same deals on both sites, the sites taking turns), in a
fresh headless Chromium context (service workers blocked), on the phone profile of
``tools/bench/boot_timing.py``: the page's main thread at CPU 4× (``Emulation.setCPUThrottlingRate``,
set once the page is ready). Chromium throttles only a page's main thread (DevTools refuses it
for workers: "Operation is only supported for pages, not workers"), so the bots' worker is
stretched instead (``STRETCH``): each of its answers comes three times the call's own time
later, and the next request waits as long, as on a core four times slower; idle, not busy,
since a phone's worker has a core of its own, where this machine has two for everything. The
network is not throttled: the partida is measured after the start.

``--from-hand N`` starts from a partida N hands in instead (3 juegos, 3 vacas, so that it lasts,
dealt from ``--seed`` with the player taking the first action on offer and ``dificil`` bots,
made by CPython, stored as the page stores it): the late hands of a long partida, whose
history and bots' reasons the page carries at each move.

The player is ``AUTOPLAY``: in the page itself, ``--think`` ms after the page offers it
something, it clicks the first action on offer (the first card and "descartar" at a discard,
"continuar" at a count). The table is the default one (señas, advice aloud) at ``dificil`` and
normal speed. ``PATCH`` (run in the page's Python) marks each bot action played, the player's
moves and counts, and the bots' turns (``App._bots`` running). Reported:

* **gaps**: between two bot actions with no move of the player between them, from one frame
  drawn after a bot's action to the next (a ``requestAnimationFrame`` after it is played: on
  the baseline that frame waits for the next bot's think, as the screen did);
* **long tasks** (``PerformanceObserver`` ``longtask``) that start during the bots' turns: how
  many last over 100 ms, and the longest. A task in which the player's tap was handled is
  the player's (``AUTOPLAY`` marks each tap just before it clicks), not the bots'. On a shared machine these wall times carry the
  other jobs' load: with ``--cpu`` the page's main thread is not throttled and the tasks are
  read from a trace of it (``RunTask``, its thread CPU time ``tdur``), given on the phone's
  scale, CPU time × 4: **CPU long tasks**, the load's share taken out (DevTools' throttle
  adds to a thread's CPU time: the throttled trace cannot give it). The worker is stretched
  as ever; the gaps then have the page's part unthrottled;
* the worker's answers (think time, stretched) and its start (``window.__mus.bots.startMs``).

Timings on a shared machine are noisy: compare the two sites of one run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import PROFILES  # noqa: E402
from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import PYTHON_HOOK, browser  # noqa: E402

RATE = int(PROFILES["phone"]["cpu"])  # type: ignore[index]
WORKER_PATH = "/static/bots-worker.mjs"
SETTINGS = {"level": "dificil", "speed": "normal"}  # the rest: the table's defaults
# The bots' worker on a core RATE times slower, a core of its own (a phone has several): each
# answer is posted (RATE - 1) times the call's own time later, and the next request waits as
# long, idle, so the worker does not take this machine's CPU from the page (its start is not
# stretched).
STRETCH = f"""const post = self.postMessage.bind(self), listen = self.addEventListener.bind(self);
let freeAt = 0, queue = Promise.resolve(), loaded = null;
const listeners = [];
const free = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, freeAt - performance.now())));
self.postMessage = (data) => {{
  if (data && data.id !== undefined) {{
    const extra = {RATE - 1} * data.ms;
    freeAt = performance.now() + extra;
    data = {{ ...data, ms: {RATE} * data.ms }};
    setTimeout(() => post(data), extra);
  }} else post(data);
}};
self.addEventListener = (type, listener, ...rest) => {{
  if (type !== "message") return listen(type, listener, ...rest);
  listeners.push(listener);
}};
// listening at once: a request the page sends while the worker's module loads waits for it
listen("message", (event) => {{
  queue = queue.then(() => loaded).then(free).then(() => {{ for (const listener of listeners) listener(event); }});
}});
loaded = import("./bots-worker.mjs?unstretched");
"""
# Before any script of the page: what the bench records, the long tasks, the worker's answers.
PROBE = """(() => {
  const bench = window.__bench = { events: [], long: [], answers: [], done: false };
  bench.mark = (kind, detail) => {
    const at = performance.now();
    if (kind === "bot") requestAnimationFrame(() => bench.events.push(["bot", performance.now(), detail, at]));
    else if (kind === "count") {  // and the page's memory: its interpreter's wasm, its JS heap
      const python = window.__musTestPython ?? window.__mus?.pyodide ?? window.__mus?.python;
      bench.events.push([kind, at, detail, python?._module?.HEAPU8?.length ?? null,
                         performance.memory?.usedJSHeapSize ?? null]);
    } else bench.events.push([kind, at, detail]);
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data && data.id !== undefined) bench.answers.push([data.ms, data.memory, performance.now()]);
      });
    }
  };
  try {
    localStorage.setItem("mus.settings", JSON.stringify(SETTINGS));
  } catch (e) {}
})();""".replace("SETTINGS", json.dumps(SETTINGS))
# The page's Python (either runtime): marks bot actions played, the player's moves and counts,
# and the bots' turns.
PATCH = r'''
from js import window
from mus.web.dom import play as _play
from mus.web.play.session import Session

_bench = window.__bench
_bot_play, _play_move, _ack, _bots = Session.bot_play, Session.play, Session.ack, _play.App._bots


def bot_play(self, seat, notation, *more, **options):
    done = _bot_play(self, seat, notation, *more, **options)
    if done:
        _bench.mark("bot", notation)
    return done


def play(self, notation):
    done = _play_move(self, notation)
    if done:
        _bench.mark("player", notation)
    return done


def ack(self):
    done = _ack(self)
    if done:
        _bench.mark("count", len(self.game.history))
    return done


async def bots(self):
    _bench.mark("turn", 1)
    try:
        await _bots(self)
    finally:
        _bench.mark("turn", 0)


Session.bot_play, Session.play, Session.ack, _play.App._bots = bot_play, play, ack, bots
if _play._app is not None and _play._app.driving:  # the bots' first turn began before this patch
    _bench.mark("turn", 1)
'''
# The player, in the page: THINK ms after the page offers something, the first thing on offer;
# at the end of a partida, a rematch while __bench.rematches lasts, else done.
AUTOPLAY = """(think) => {
  const bench = window.__bench;
  const off = (el) => el.disabled || el.getAttribute("aria-disabled") === "true";
  const shown = (el) => el && !off(el) && !el.closest("[inert]") && el.getClientRects().length > 0;
  let seen = null, last = "";
  setInterval(() => {
    if (bench.done) return;
    const overlay = document.querySelector("#overlay.open");
    const rematch = overlay?.querySelector('[data-action="revancha"]');
    const next = overlay?.querySelector('[data-action="continuar"]');
    const action = [...document.querySelectorAll("#controls [data-action]")].find(shown);
    const card = document.querySelector('[data-hand="0"] [data-card]');
    const discard = document.querySelector("#b-descarte");
    let target = null;
    if (shown(rematch)) target = rematch;
    else if (shown(next)) target = next;
    else if (!overlay && shown(action)) target = action;
    else if (!overlay && discard && card && !discard.closest("[inert]")) target = off(discard) ? card : discard;
    const key = target ? target.outerHTML.slice(0, 120) + document.querySelectorAll("#log p").length : "";
    if (!target) { seen = null; return; }
    if (key !== last) { last = key; seen = performance.now(); }
    if (performance.now() - seen < think) return;
    if (target === rematch) {
      bench.rematches = (bench.rematches || 0) - 1;
      if (bench.rematches < 0) { bench.done = true; return; }
    }
    last = "";
    bench.mark("tap", target.dataset.action || "card");
    target.click();
  }, 50);
}"""
# The page's interpreter: handed to PYTHON_HOOK on MicroPython, on window.__mus before (Pyodide).
INTERPRETER = "(window.__musTestPython ?? window.__mus.pyodide ?? window.__mus.python)"
INTERPRETER_JS = f"(code) => {INTERPRETER}.runPython(code)"


# The page's clock in the trace: console.time marks it (the "blink.console" category).
ANCHOR_JS = """() => { const at = performance.now(); console.time("bench-anchor"); console.timeEnd("bench-anchor"); return at; }"""
TRACE_CATEGORIES = ["toplevel", "blink.console"]
# A partida N hands in, as the page stores it (the storage's keys and texts, JSON on stdout).
LONG_SAVE = """
import itertools, json, sys
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session
from tools.dev.drive import step
hands, seed = int(sys.argv[1]), int(sys.argv[2])
s = Session(MemoryStorage(), instant=True, seeds=itertools.count(0x9E3779B97F4A7C15 + seed).__next__)
for name, value in (("level", "dificil"), ("juegos_to_win", "3"), ("vacas_to_win", "3"), ("speed", "normal")):
    s.set_setting(name, value)
s.new_game(seed=seed)
while s.game.hands_played < hands or s.showdown_index() is not None:
    assert not s.game.is_over, "the partida ended first"
    step(s)
json.dump(s.storage.data, sys.stdout)
"""


def long_save(hands: int, seed: int) -> dict[str, str]:
    """The storage of a partida ``hands`` hands in (``LONG_SAVE``)."""
    done = subprocess.run([sys.executable, "-c", LONG_SAVE, str(hands), str(seed)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    stored: dict[str, str] = json.loads(done.stdout)
    return stored


def cpu_tasks(trace: bytes, anchor: float) -> list[tuple[float, float]]:
    """The page's main-thread tasks in a trace: (start on the page's clock, thread CPU ms)."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e["args"].get("name") == "CrRendererMain"}
    marks = [e for e in events if e.get("name") == "bench-anchor" and e.get("ph") in ("b", "B", "S")]
    if not marks:
        return []
    zero = float(marks[0]["ts"]) / 1000 - anchor  # trace ms at the page's 0
    tasks = [e for e in events if (e.get("pid"), e.get("tid")) in mains and "tdur" in e
             and e.get("name") in ("ThreadControllerImpl::RunTask", "RunTask")]
    outer = "ThreadControllerImpl::RunTask" if any(e["name"] == "ThreadControllerImpl::RunTask" for e in tasks) else "RunTask"
    page_pid = marks[0]["pid"]
    return [(float(e["ts"]) / 1000 - zero, float(e["tdur"]) / 1000) for e in tasks
            if e["name"] == outer and e["pid"] == page_pid]


def open_table(chromium: Any, url: str, timeout: float, phone: bool = True,
               stored: dict[str, str] | None = None, throttle: bool = True) -> tuple[Any, Any]:
    """A fresh context and page of ``url`` ready, patched (``PATCH``); with ``phone``, its main
    thread on the phone's CPU (unless not ``throttle``) and its bots' worker stretched to it;
    ``stored``: the page's storage before it starts."""
    context = chromium.new_context(service_workers="block")
    context.add_init_script(PYTHON_HOOK)
    context.add_init_script(PROBE)
    if stored:  # written once, before the page's first script
        context.add_init_script("(() => { if (!sessionStorage.getItem('bench-stored')) {"
                                f" for (const [k, v] of Object.entries({json.dumps(stored)})) localStorage.setItem(k, v);"
                                " sessionStorage.setItem('bench-stored', '1'); } })();")
    if phone:
        context.route(lambda u: u.endswith(WORKER_PATH),
                      lambda route: route.fulfill(body=STRETCH, content_type="text/javascript"))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
    page.wait_for_function(f"() => {INTERPRETER}", timeout=timeout * 1000)  # the hook may come after html.ready
    page.evaluate(INTERPRETER_JS, PATCH)
    if phone and throttle:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": RATE})
    return context, page


def play_partida(page: Any, hands: int, think: int, timeout: float, rematches: int = 0,
                 on_hand: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Start a partida from the new-game screen, let ``AUTOPLAY`` play it and ``rematches``
    more (``hands`` > 0: stop after that many hands; ``on_hand(n)`` once n hands are over);
    the bench's records."""
    if page.locator('[data-action="nueva"]').is_visible():  # else the first visit dealt at once
        page.click('[data-action="nueva"]')
    page.evaluate(f"() => {{ window.__bench.rematches = {rematches}; }}")
    page.evaluate(AUTOPLAY, think)
    deadline, seen = time.monotonic() + timeout, 0
    while not page.evaluate("() => window.__bench.done"):
        counted = page.evaluate("() => window.__bench.events.filter((e) => e[0] === 'count').length")
        for n in range(seen + 1, counted + 1):
            if on_hand is not None:
                on_hand(n)
            elif n % 5 == 0:
                print(f"    {n} hands", flush=True)
        seen = counted
        if hands and counted >= hands:
            page.evaluate("() => { window.__bench.done = true; }")
            break
        if time.monotonic() > deadline:
            raise TimeoutError("the partida did not end in time")
        page.wait_for_timeout(200 if on_hand else 1000)
    page.wait_for_timeout(500)
    records: dict[str, Any] = page.evaluate("() => window.__bench")
    records["bots"] = page.evaluate("() => window.__mus.bots ? {...window.__mus.bots, ask: null} : null")
    return records


def gaps(events: list[list[Any]]) -> list[float]:
    """ms between consecutive bot actions drawn with no move or count of the player between."""
    out, previous = [], None
    for event in sorted(events, key=lambda e: float(e[1])):
        if event[0] == "bot":
            if previous is not None:
                out.append(float(event[1]) - previous)
            previous = float(event[1])
        elif event[0] in ("player", "count"):
            previous = None
    return out


def turn_spans(records: dict[str, Any]) -> list[tuple[float, float]]:
    """The bots' turns, on the page's clock (a turn begun before the bench's patch has no
    end mark: the player's move ends it)."""
    spans, start = [], None
    for kind, at, detail, *_ in records["events"]:
        if kind == "turn" and detail == 1 and start is None:
            start = float(at)
        elif (kind == "turn" and detail == 0 or kind == "player") and start is not None:
            spans.append((start, float(at)))
            start = None
    if start is not None:
        spans.append((start, float("inf")))
    return spans


def turn_long_tasks(records: dict[str, Any]) -> list[float]:
    """Durations (ms) of the long tasks that started during the bots' turns (``bots_tasks``)."""
    return bots_tasks(records, [(float(s), float(d)) for s, d in records["long"]])


def turn_cpu_tasks(records: dict[str, Any]) -> list[float]:
    """The main thread's tasks that started during the bots' turns, thread CPU ms × ``RATE``
    (the phone's scale), from the trace (``cpu_tasks``; ``bots_tasks``)."""
    return [ms * RATE for ms in bots_tasks(records, records.get("cpu", []))]


def bots_tasks(records: dict[str, Any], tasks: list[tuple[float, float]]) -> list[float]:
    """The durations of ``tasks`` (start, ms) that started during the bots' turns and did not
    handle one of the player's taps: ``AUTOPLAY`` marks each before it clicks, in the task the
    click is handled in (a tap ends the turn, but that task began a moment before the mark)."""
    spans = turn_spans(records)
    taps = [float(at) for kind, at, *_ in records["events"] if kind == "tap"]
    return [duration for start, duration in tasks
            if any(a <= start <= b for a, b in spans)
            and not any(start <= at <= start + max(duration, 1.0) for at in taps)]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Gaps between bot actions and long tasks, against a baseline.")
    parser.add_argument("--base", default="main", help="the baseline's git ref (default: main; none: this tree alone)")
    parser.add_argument("--partidas", type=int, default=1)
    parser.add_argument("--hands", type=int, default=0, help="stop each partida after this many hands (0: whole)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=int, default=400, help="the player's ms before each move")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds per partida")
    parser.add_argument("--cpu", action="store_true",
                        help="the page unthrottled, its tasks' thread CPU time x 4 from a trace (a shared machine)")
    parser.add_argument("--from-hand", type=int, default=0, metavar="N",
                        help="start from a stored partida N hands in (3 juegos, 3 vacas)")
    args = parser.parse_args(argv)

    alone = args.base == "none"  # this tree only: its long tasks, no ratio of gaps
    sites = {"worker": ROOT} if alone else {"worker": ROOT, "base": built_site(args.base)}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    with (serving(as_static_host(ROOT, "pacing-worker")) as ours,
          serving(as_static_host(sites.get("base", ROOT), "pacing-base")) as theirs, browser() as chromium):
        urls = {"worker": ours, "base": theirs}
        print(f"Chromium {chromium.version}; worker {ours}" + ("" if alone else f", base {args.base} {theirs}"),
              flush=True)
        for n in range(args.partidas):
            order = list(sites) if n % 2 == 0 else list(sites)[::-1]
            stored = long_save(args.from_hand, args.seed + n) if args.from_hand else None
            for name in order:
                context, page = open_table(chromium, f"{urls[name]}index.html?seed={args.seed + n}", args.timeout,
                                           stored=stored, throttle=not args.cpu)
                try:
                    if args.cpu:
                        chromium.start_tracing(page=page, categories=TRACE_CATEGORIES)
                        anchor = page.evaluate(ANCHOR_JS)
                    records = play_partida(page, args.hands, args.think, args.timeout)
                    if args.cpu:
                        records["cpu"] = cpu_tasks(chromium.stop_tracing(), anchor)
                finally:
                    context.close()
                results[name].append(records)
                g, long, cpu = gaps(records["events"]), turn_long_tasks(records), turn_cpu_tasks(records)
                print(f"  {name} partida {n}: {sum(e[0] == 'count' for e in records['events'])} hands, "
                      f"{len(g)} gaps, median {statistics.median(g):.0f} ms; long tasks in the bots' turns: "
                      f"{sum(d > 100 for d in long)} over 100 ms, longest {max(long, default=0):.0f} ms; "
                      f"CPU × {RATE}: {sum(d > 100 for d in cpu)} over 100 ms, longest {max(cpu, default=0):.0f} ms",
                      flush=True)
    report(results)
    return 0


def report(results: dict[str, list[dict[str, Any]]]) -> None:
    print()
    print("| site | hands | gaps | gap median | gap p10–p90 | long tasks > 100 ms in the bots' turns | longest |"
          f" CPU × {RATE} > 100 ms | longest | worker answers: median, p95, max |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    medians = {}
    for name, runs in results.items():
        g = [x for r in runs for x in gaps(r["events"])]
        long = [x for r in runs for x in turn_long_tasks(r)]
        cpu = [x for r in runs for x in turn_cpu_tasks(r)]
        answers = [float(a[0]) for r in runs for a in r["answers"]]
        hands = sum(e[0] == "count" for r in runs for e in r["events"])
        medians[name] = statistics.median(g)
        worker = (f"{statistics.median(answers):.0f}, {pct(answers, 0.95):.0f}, {max(answers):.0f} ms"
                  if answers else "–")
        print(f"| {name} | {hands} | {len(g)} | {medians[name]:.0f} ms | {pct(g, 0.1):.0f}–{pct(g, 0.9):.0f} ms "
              f"| {sum(d > 100 for d in long)} of {len(long)} | {max(long, default=0):.0f} ms "
              f"| {sum(d > 100 for d in cpu)} of {len(cpu)} | {max(cpu, default=0):.0f} ms | {worker} |")
    if "base" in medians:
        print(f"\ngap median, worker ÷ base: {medians['worker'] / medians['base']:.3f}")


if __name__ == "__main__":
    sys.exit(main())
