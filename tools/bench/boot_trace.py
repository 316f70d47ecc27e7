#!/usr/bin/env python3
"""Where a start's main-thread time goes: the table, its floor, on the phone profile, traced.

    .venv/bin/python -m tools.bench.boot_trace [--loads 5] [--profile phone] [--case cold]
        [--sites app,floor] [--app COMMIT] [--before COMMIT] [--cpu]

Serves this tree's built site and its floor (``tools/bench/boot_timing.py``: the same page whose
script only marks ``html.ready``) as files only, and loads each ``--loads`` times, the two
taking turns, in headless Chromium with a DevTools trace running, from navigation to
``html.ready``. ``cold``: a fresh context; ``warm``: a second load in the context of a first.
It adds up the renderer's main-thread tasks by what they ran: each page script's evaluation and
each module's by file, the wasm's compilation, what ran after a fetch, a timer or a message
(PyScript's own JavaScript and, inside it, MicroPython: the prelude, the page's Python),
parsing, style, layout and paint; and prints the medians in ms, side by side, with what the
table adds to its floor. Times at CPU 4× are the phone's; the machine's load adds to all alike.
``--sites app,before`` compares the app with another commit's table (``--before``, built as
``tools/bench/boot_timing.py`` builds it); ``--app`` puts a commit's table in place of this
tree's. ``--cpu`` adds up the slices' thread time instead of their wall time: the main thread's
own CPU, unthrottled (DevTools' throttle makes the thread sleep) and without the time it waited
for a core, so a machine shared with other jobs changes it little.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import BEFORE, PROFILES, READY_PROBE, floor_site, throttle, wait_ready  # noqa: E402
from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

CATEGORIES = "devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading"
SITES = ("app", "floor", "before")
# Trace events that are a task's work, and the name each is counted under.
KINDS = {
    "EvaluateScript": "script", "v8.evaluateModule": "module", "v8.compileModule": "compile module",
    "v8.compile": "compile script", "ParseHTML": "parse HTML", "UpdateLayoutTree": "style",
    "Layout": "layout", "Paint": "paint", "PrePaint": "paint", "Commit": "paint",
    "FunctionCall": "callback", "TimerFire": "timer", "FireAnimationFrame": "frame",
    "RunMicrotasks": "microtasks", "v8.wasm.compiledModule": "wasm compile",
    "v8.wasm.streamFinished": "wasm compile", "MajorGC": "gc", "MinorGC": "gc", "V8.GC_SCAVENGER": "gc",
}


def _file(event: dict[str, Any]) -> str:
    data = event.get("args", {}).get("data", {}) or {}
    url = data.get("url") or event.get("args", {}).get("fileName") or data.get("stackTrace", [{}])[0].get("url", "")
    return str(url).split("?")[0].rsplit("/", 1)[-1]


def summarise(events: list[dict[str, Any]], until_us: float, cpu: bool = False) -> dict[str, float]:
    """ms of the renderer's main thread by kind (and file), for the top-level slices of tasks
    that started before ``until_us`` (html.ready, on the trace's clock); with ``cpu`` their
    thread time rather than their wall time."""
    main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    slices = sorted((e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"
                     and e.get("name") in KINDS and e["ts"] <= until_us), key=lambda e: (e["ts"], -e.get("dur", 0)))
    out: dict[str, float] = defaultdict(float)
    end = -1.0
    for event in slices:  # only the outermost: a slice inside one counted is part of it
        if event["ts"] < end:
            continue
        end = event["ts"] + event.get("dur", 0)
        kind = KINDS[event["name"]]
        where = _file(event) if kind in ("script", "module", "compile module", "compile script", "callback") else ""
        out[f"{kind} {where}".strip()] += event.get("tdur" if cpu else "dur", 0) / 1000
    out["all"] = sum(v for k, v in out.items() if k != "all")
    return dict(out)


def traced_load(context: Any, url: str, profile: dict[str, float] | None, timeout: float,
                cpu: bool = False) -> dict[str, float]:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if profile:
        throttle(cdp, profile, False)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    page.goto(url, wait_until="commit", timeout=timeout * 1000)
    ready = wait_ready(page, cdp, timeout)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    # The trace's clock: the navigation's start is the first "navigationStart" mark.
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart"]
    until = (starts[-1] if starts else 0) + ready * 1000
    out = summarise(events, until, cpu)
    out["html.ready"] = ready
    cdp.detach()
    page.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The table's and its floor's main-thread time, traced.")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--profile", default="phone", choices=sorted(PROFILES))
    parser.add_argument("--case", default="cold", choices=("cold", "warm"))
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--json", action="store_true", help="print every load's figures as JSON too")
    parser.add_argument("--sites", default="app,floor", help="two of: " + ", ".join(SITES))
    parser.add_argument("--app", default="", help="the app's (and floor's) commit instead of this tree")
    parser.add_argument("--before", default=BEFORE, help="the site before's commit (default: %(default)s)")
    parser.add_argument("--cpu", action="store_true", help="the slices' thread time, not their wall time")
    args = parser.parse_args(argv)
    sites = [s for s in args.sites.split(",") if s]
    if len(sites) != 2 or set(sites) - set(SITES):
        parser.error(f"--sites: two of {', '.join(SITES)}")
    results: dict[str, list[dict[str, float]]] = {site: [] for site in sites}
    with contextlib.ExitStack() as stack:
        app = built_site(args.app) if args.app else ROOT
        makers = {"app": lambda: as_static_host(app, "trace-app"), "floor": lambda: floor_site(app),
                  "before": lambda: as_static_host(built_site(args.before), "trace-before")}
        urls = {site: stack.enter_context(serving(makers[site]())) for site in sites}
        chromium = stack.enter_context(browser())
        for load in range(args.loads):
            for site in sites[load % 2:] + sites[:load % 2]:
                context = chromium.new_context(service_workers="block")
                context.add_init_script(READY_PROBE)
                if args.case == "warm":
                    first = context.new_page()
                    first.goto(urls[site])
                    first.wait_for_selector("html.ready", state="attached", timeout=args.timeout * 1000)
                    first.close()
                results[site].append(traced_load(context, urls[site], PROFILES[args.profile], args.timeout, args.cpu))
                context.close()
                print(f"load {load + 1} {site}: html.ready {results[site][-1]['html.ready'] / 1000:.2f} s", flush=True)
    if args.json:
        print(json.dumps(results))
    first, second = sites
    names = sorted({name for rows in results.values() for row in rows for name in row},
                   key=lambda n: -statistics.median(row.get(n, 0) for row in results[first]))
    what = "CPU" if args.cpu else "wall"
    print(f"\n| main thread, {args.profile}, {args.case} ({what} ms, median of {args.loads}) | {first} | {second} "
          f"| {first} − {second} |")
    print("| --- | --- | --- | --- |")
    for name in names:
        a, b = (statistics.median(row.get(name, 0) for row in results[site]) for site in sites)
        if max(a, b) >= 5:
            print(f"| {name} | {a:.0f} | {b:.0f} | {a - b:+.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
