#!/usr/bin/env python3
"""The replay's coach as a phone sees it: the page's long tasks while a player steps through a
shared hand, and how soon the coach's numbers show, this tree side by side with a baseline
(``--base``, default ``main``).

    .venv/bin/python -m tools.bench.replay_coach [--base main] [--runs 2] [--seed 14] [--cpu]

Both sites are built and served as static hosts (``tools/bench/sites.py``). The hand is one
played by ``normal`` bots from ``--seed`` (made here by CPython, a ``#mano=`` code), opened in
the table (``index.html#mano=``: the replay dialog over the table) and in an article's frame
(``embed.html#mano=``). Each page opens in a fresh headless Chromium context on the phone
profile of ``tools/bench/bot_pacing.py``: the main thread at CPU 4× once the page is ready,
the bots' worker stretched to a core four times slower (``STRETCH``). Once the first step's
numbers show, the player steps with → to the count, waiting at each step for the coach's
numbers (``paced``), then views the hand with a rival's eyes (whose numbers none of those
steps has yet), taps ← eight times 60 ms apart (``quick``) and waits for the numbers of the
step he stopped at. Reported per site and page, over ``--runs`` runs (the sites take turns):

* **long tasks** (``PerformanceObserver`` ``longtask``) from the first key to the last numbers:
  how many over 100 ms and the longest, of all of them and of those that are not a key's or a
  click's own task (the step or view drawn): the coach's, and anything else; with ``--cpu`` the page is not
  throttled and its tasks are read from a trace instead, thread CPU time × 4 (the load of a
  shared machine taken out, as ``bot_pacing --cpu`` does);
* **open**: the long tasks from ``html.ready`` to the first step's numbers, the longest;
* **numbers after a step**: from a paced key to its step's numbers on screen, median and max;
  **after the quick taps**: from the last tap to its step's numbers; **the first numbers**
  after ``html.ready``, and the worker's own start (not stretched: it starts before a request).

Timings on a shared machine are noisy: compare the two sites of one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.bot_pacing import (ANCHOR_JS, RATE, STRETCH, TRACE_CATEGORIES, WORKER_PATH,  # noqa: E402
                                    cpu_tasks, pct)
from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

PAGES = {"table": "index.html", "embed": "embed.html"}
QUICK_TAPS, QUICK_GAP_MS = 8, 60
# Before any script of the page: the long tasks, each key and each coach's numbers drawn.
PROBE = """(() => {
  const bench = window.__bench = { long: [], keys: [], clicks: [], numbers: [], answers: [], ready: null };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  addEventListener("keydown", (e) => bench.keys.push([performance.now(), e.key]), true);
  addEventListener("click", () => bench.clicks.push(performance.now()), true);
  const Base = window.Worker;  // the worker's answers: the call's ms (stretched), when
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data && data.id !== undefined) bench.answers.push([data.ms, performance.now()]);
      });
    }
  };
  let shown = null;
  const look = () => {
    const root = document.documentElement;
    if (bench.ready === null && root.classList.contains("ready")) bench.ready = performance.now();
    const step = document.querySelector("[data-replay-step]")?.dataset.replayStep;
    const numbers = document.querySelector("[data-replay-coach] .coach-lances");
    const now = numbers && step !== undefined ? `${step}:${numbers.textContent}` : null;
    if (now && now !== shown) bench.numbers.push([performance.now(), Number(step)]);
    shown = now;
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""
STEP_JS = "() => Number(document.querySelector('[data-replay-step]')?.dataset.replayStep ?? -1)"
AT_END_JS = "() => document.querySelector('#replay, #lesson').querySelector('[data-ui=\"step\"][value=\"next\"]').disabled"
# The numbers shown are the step's (the box is drawn anew with each step: pending until they come).
NUMBERS_JS = """(step) => Number(document.querySelector('[data-replay-step]')?.dataset.replayStep) === step
  && !!document.querySelector('[data-replay-coach] .coach-lances')"""


def shared_hand(seed: int) -> str:
    """The ``#mano=`` code of the first hand of a partida ``normal`` bots play from ``seed``."""
    import mus
    from mus.ai import make_bot

    game = mus.Game.new(mus.Rules(), seed)
    bots = [make_bot("normal", seed * 4 + seat) for seat in range(4)]
    while game.hands_played < 1:
        seat = game.to_play
        assert seat is not None
        game = game.apply(bots[seat].choose(game.observation(seat)))
    return mus.HandRecord.parse(mus.record(game, 0)).encode()


def step_through(chromium: Any, url: str, cpu: bool, timeout_ms: int) -> dict[str, Any]:
    """Open ``url``, step through its replay as the module says; the page's records."""
    context = chromium.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    context.add_init_script(PROBE)
    context.route(lambda u: u.endswith(WORKER_PATH),
                  lambda route: route.fulfill(body=STRETCH, content_type="text/javascript"))
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=timeout_ms)
        if cpu:
            chromium.start_tracing(page=page, categories=TRACE_CATEGORIES)
            anchor = page.evaluate(ANCHOR_JS)
        else:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": RATE})
        page.wait_for_function(NUMBERS_JS, arg=0, timeout=timeout_ms)
        first_key = len(page.evaluate("() => window.__bench.keys"))
        paced = []
        while not page.evaluate(AT_END_JS):
            page.keyboard.press("ArrowRight")
            step = page.evaluate(STEP_JS)
            if page.evaluate(AT_END_JS):
                break
            page.wait_for_function(NUMBERS_JS, arg=step, timeout=timeout_ms)
            paced.append(step)
            page.wait_for_timeout(150)
        page.click('[data-setting="viewer"][value="1"]')  # at the count: no coach there
        page.evaluate("() => document.activeElement.blur()")  # the arrows step, not choose a radio
        for _ in range(QUICK_TAPS):
            page.keyboard.press("ArrowLeft")
            page.wait_for_timeout(QUICK_GAP_MS)
        quick = page.evaluate(STEP_JS)
        page.wait_for_function(NUMBERS_JS, arg=quick, timeout=timeout_ms)
        page.wait_for_timeout(300)
        records: dict[str, Any] = page.evaluate("() => window.__bench")
        if cpu:
            records["cpu"] = cpu_tasks(chromium.stop_tracing(), anchor)
        keys = records["keys"][first_key:]
        records.update(paced=paced, quick=quick, start=float(keys[0][0]), paced_keys=keys[:len(paced) + 1])
        records["bots"] = page.evaluate("() => window.__mus.bots ? {...window.__mus.bots, ask: null} : null")
        return records
    finally:
        context.close()


def tasks(records: dict[str, Any], cpu: bool, start: float, end: float,
          keys: bool = True) -> list[float]:
    """The main thread's long tasks, 50 ms and more (``cpu``: thread CPU ms × ``RATE``), that
    began in [start, end]; without ``keys``, less those in which a key was pressed or a click
    made (the step or view drawn: their listeners run as the task begins)."""
    found = ([(at, ms * RATE, ms) for at, ms in records["cpu"] if ms * RATE >= 50] if cpu
             else [(float(at), float(d), float(d)) for at, d in records["long"]])
    pressed = [float(at) for at, _ in records["keys"]] + [float(at) for at in records["clicks"]]
    return [scaled for at, scaled, wall in found if start <= at <= end
            and (keys or not any(at <= key <= at + wall for key in pressed))]


def latencies(records: dict[str, Any]) -> tuple[list[float], float]:
    """ms from each paced key to its step's numbers, and from the last quick tap to its step's."""
    numbers = records["numbers"]

    def shown(step: int, after: float) -> float:
        return min(float(at) for at, s in numbers if s == step and float(at) >= after) - after

    paced = [shown(step, float(key[0])) for step, key in zip(records["paced"], records["paced_keys"])]
    last_tap = float(records["keys"][-1][0])
    return paced, shown(records["quick"], last_tap)


def summary(runs: list[dict[str, Any]], cpu: bool) -> dict[str, Any]:
    stepping, others, opening, paced, quick = [], [], [], [], []
    for r in runs:
        end = max(float(at) for at, _ in r["numbers"])
        stepping += tasks(r, cpu, r["start"], end)
        others += tasks(r, cpu, r["start"], end, keys=False)
        opening += tasks(r, cpu, float(r["ready"] or 0), r["start"])
        p, q = latencies(r)
        paced += p
        quick.append(q)
    return {"steps": sum(len(r["paced"]) for r in runs), "long": stepping, "others": others, "open": opening,
            "paced": paced, "quick": quick,
            "worker": [float(ms) for r in runs for ms, at in r["answers"] if float(at) >= r["start"]],
            "first": [min(float(at) for at, _ in r["numbers"]) - float(r["ready"] or 0) for r in runs],
            "start": [float(r["bots"]["startMs"]) for r in runs if r["bots"] and r["bots"]["startMs"] is not None]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Long tasks while stepping through a replay with the coach, against a baseline.")
    parser.add_argument("--base", default="main", help="the baseline's git ref (default: main)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=14, help="the partida whose first hand is replayed")
    parser.add_argument("--pages", default="table,embed", help="of " + ", ".join(PAGES))
    parser.add_argument("--cpu", action="store_true",
                        help="the page unthrottled, its tasks' thread CPU time x 4 from a trace (a shared machine)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds for each wait")
    args = parser.parse_args(argv)

    code = shared_hand(args.seed)
    sites = {"this": ROOT, "base": built_site(args.base)}
    pages = [name.strip() for name in args.pages.split(",")]
    results: dict[tuple[str, str], list[dict[str, Any]]] = {(s, p): [] for s in sites for p in pages}
    with (serving(as_static_host(sites["this"], "rcoach-this")) as ours,
          serving(as_static_host(sites["base"], "rcoach-base")) as theirs, browser() as chromium):
        urls = {"this": ours, "base": theirs}
        print(f"Chromium {chromium.version}; this tree {ours}, base {args.base} {theirs}; hand #mano={code}", flush=True)
        for n in range(args.runs):
            for site in (list(sites) if n % 2 == 0 else list(sites)[::-1]):
                for name in pages:
                    records = step_through(chromium, f"{urls[site]}{PAGES[name]}#mano={code}", args.cpu,
                                           int(args.timeout * 1000))
                    results[(site, name)].append(records)
                    s = summary([records], args.cpu)
                    print(f"  run {n} {site} {name}: {s['steps']} steps, long tasks > 100 ms: "
                          f"{sum(d > 100 for d in s['long'])}, longest {max(s['long'], default=0):.0f} ms, "
                          f"not a key's or click's {max(s['others'], default=0):.0f} ms; "
                          f"numbers after a step: median {statistics.median(s['paced']):.0f} ms", flush=True)
    scale = f"CPU × {RATE}" if args.cpu else "at 4×"
    print(f"\n| page | site | steps | long tasks > 100 ms stepping ({scale}) | longest "
          "| not a key's or click's: > 100 ms | longest | longest at the open |"
          " numbers after a step: median, p90, max | after 8 quick taps: max | the worker's answers: median"
          " | the first numbers after html.ready: median | the worker's start, unstretched: median |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in pages:
        for site in sites:
            s = summary(results[(site, name)], args.cpu)
            worker = f"{statistics.median(s['worker']):.0f} ms of {len(s['worker'])}" if s["worker"] else "–"
            started = f"{statistics.median(s['start']):.0f} ms" if s["start"] else "–"
            print(f"| {name} | {site} | {s['steps']} | {sum(d > 100 for d in s['long'])} of {len(s['long'])} "
                  f"| {max(s['long'], default=0):.0f} ms | {sum(d > 100 for d in s['others'])} of {len(s['others'])} "
                  f"| {max(s['others'], default=0):.0f} ms | {max(s['open'], default=0):.0f} ms "
                  f"| {statistics.median(s['paced']):.0f}, {pct(s['paced'], 0.9):.0f}, {max(s['paced']):.0f} ms "
                  f"| {max(s['quick']):.0f} ms | {worker} | {statistics.median(s['first']):.0f} ms "
                  f"| {started} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
