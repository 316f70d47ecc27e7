#!/usr/bin/env python3
"""Start-up figures: the table on MicroPython against its floor and against yesterday's Pyodide table.

    .venv/bin/python -m tools.bench.boot_timing [--runs 3] [--profiles desktop,phone] [--base ff14abf]
        [--sites app,floor,pyodide,before] [--before 1702a0b] [--app COMMIT]

Serves three built sites side by side (``tools/bench/sites.py``: files only, the build's
``.br`` copies sent as a static host sends them, by ``tools/dev/serve.py``):

* ``app``: this tree's table (``index.html``), or ``--app``'s built as ``before`` is;
* ``floor``: the same page with the game's script replaced by one that only marks ``html.ready``:
  PyScript's core, MicroPython's start with the game's zip written into ``/lib``, PyScript's
  prelude, and nothing of ours in Python; app − floor is what the game's own Python costs;
* ``pyodide``: the table of ``--base`` (by default the last commit whose table ran on Pyodide),
  built by its own build in ``.cache/sites/`` (once: it compiles Pyodide's stdlib and
  compresses its wasm), so app ÷ pyodide compares the two tables;
* ``before`` (only when asked for in ``--sites``): the MicroPython table of ``--before``, built
  the same way and measured as the app (by default main before the ``alive`` stream's merges:
  faces, sound, motion, the ending), so app ÷ before says what the commits between cost.

Then, in headless Chromium, for each run, profile and site, the sites' order rotating from run
to run so that the load of a shared machine falls on all alike:

* cold: a fresh context (empty HTTP cache), service workers blocked: a first visit;
* warm: a second load in that context (the HTTP cache revalidates with 304s): a returning
  player, whose partida the first load saved (the Pyodide table's memory snapshot, which its
  first load made in the background, restored);
* installed: a context where a first visit installed the service worker (and, on Pyodide, made
  its snapshot), online, new page;
* offline: the same context offline, new page.

For each it records the first paint (``first-contentful-paint``: the static skeleton),
``html.ready``, **the hand**: the player's four cards on screen (the table on MicroPython deals
a first visit's hand before ``html.ready``, and its bots play from then on; the Pyodide table
showed a new-game form first, whose "Empezar partida" the probe presses as soon as the page is
ready, as a player who knows where it is would), when the bots' worker was up (where the page
starts one), requests, bytes over the wire
(``encodedDataLength``: compressed bodies plus headers; nothing for responses served by the
service worker) and bytes uncompressed, and the page's own boot steps (``window.__mus.steps``).
The ``phone`` profile throttles the CPU 4x (``Emulation.setCPUThrottlingRate``) and the network
to 9 Mbit/s with 60 ms latency (``Network.emulateNetworkConditions``). Prints the medians and
ranges, app ÷ pyodide, app − floor and app ÷ before.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.build.precache import write_service_worker  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import PRECACHED_CACHE_JS, browser  # noqa: E402

PROFILES: dict[str, dict[str, float] | None] = {
    "desktop": None,
    "phone": {"cpu": 4, "mbps": 9, "latency_ms": 60},
}
CASES = ("cold", "warm", "installed", "offline")
SITES = ("app", "floor", "pyodide")
OPTIONAL_SITES = ("before",)
BASE = "ff14abf"  # the last commit whose table ran on Pyodide
BEFORE = "1702a0b"  # main just before the alive stream's first merge (230e4a5)
# Records when <html> gets the class "ready", before any page script runs.
READY_PROBE = """new MutationObserver((_, observer) => {
  if (!document.documentElement?.classList.contains("ready")) return;
  window.__readyAt = performance.now();
  observer.disconnect();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["class"] });"""
# Records when the player's four cards are on screen; presses a new-game form's start as soon
# as the page is ready (the Pyodide table showed one to a first visit).
HAND_PROBE = """new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (!root) return;
  const start = root.classList.contains("ready") && document.querySelector('#overlay [data-action="nueva"]');
  if (start && !window.__pressedStart) {
    window.__pressedStart = true;
    start.click();
  }
  if (document.querySelectorAll('[data-hand="0"] [data-card]').length === 4) {
    window.__handAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, childList: true, subtree: true });"""
# The Pyodide table's memory snapshot (its static/snapshot-worker.mjs), made once the game is
# ready, is kept or has failed.
SNAPSHOT_SETTLED_JS = "() => ['kept', 'failed', 'skipped', 'restored'].includes(window.__mus?.snapshot)"
FLOOR_SCRIPT = """from pyscript import document
document.documentElement.classList.add("ready")
"""


@dataclass
class Sample:
    paint_ms: float
    ready_ms: float
    requests: int
    wire: int
    decoded: int
    hand_ms: float | None = None
    steps: list[Any] = field(default_factory=list)
    worker_ms: float | None = None  # the bots' worker ready (ms since navigation), where one starts


def floor_site(root: Path, name: str = "index.html") -> Path:
    """``root``'s built site whose page ``name`` runs ``FLOOR_SCRIPT`` instead of the game."""
    dest = as_static_host(root, "floor-" + name.removesuffix(".html"))
    page = (root / name).read_text(encoding="utf-8")
    start = page.index(">", page.index('<script type="mpy"')) + 1
    end = page.index("</script>", start)
    (dest / name).unlink()
    (dest / name).write_text(page[:start] + "\n" + FLOOR_SCRIPT + page[end:], encoding="utf-8")
    write_service_worker(dest)  # its precache list holds the page's own hash
    return dest


def settle(page: Any, precache: bool, snapshot: bool, timeout: float) -> None:
    """Let the page finish its background work before it goes: the service worker's precache
    (``precache``: where one installs) and, on the Pyodide table, the memory snapshot."""
    deadline = time.monotonic() + timeout
    while precache and not page.evaluate(PRECACHED_CACHE_JS):
        if time.monotonic() > deadline:
            raise TimeoutError("the service worker did not finish its precache")
        page.wait_for_timeout(100)
    if snapshot:
        page.wait_for_function(SNAPSHOT_SETTLED_JS, timeout=timeout * 1000)


def page_number(page: Any, cdp: Any, expression: str, timeout: float, failure: str) -> float:
    """The number ``expression`` gives in the page once it is not null, asked through the
    DevTools protocol: Playwright's own waits (``wait_for_selector``, ``wait_for_function``) first
    put its selector engine into the loading page, about 160 ms of script at CPU 4x, which
    delayed the first paint measured. Raises ``TimeoutError(failure)`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        answer = cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if answer["result"].get("value") is not None:
            return float(answer["result"]["value"])
        if time.monotonic() > deadline:
            raise TimeoutError(failure)
        page.wait_for_timeout(100)


def wait_ready(page: Any, cdp: Any, timeout: float) -> float:
    """``window.__readyAt`` once the page has it."""
    return page_number(page, cdp, "window.__readyAt ?? null", timeout, "the page did not reach html.ready")


def throttle(cdp: Any, profile: dict[str, float], offline: bool) -> None:
    """The page of DevTools session ``cdp`` on ``profile``'s CPU and network (``PROFILES``)."""
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    rate = profile["mbps"] * 1e6 / 8
    cdp.send("Network.emulateNetworkConditions", {
        "offline": offline, "latency": profile["latency_ms"],
        "downloadThroughput": rate, "uploadThroughput": rate})


def load(context: Any, url: str, profile: dict[str, float] | None, offline: bool, timeout: float,
         settle_page: bool = True, hand: bool = False, snapshot: bool = False) -> Sample:
    """One load of ``url`` in ``context``; with ``hand`` it waits for the player's cards too
    (``HAND_PROBE`` in the context), with ``settle_page`` for the page's background work."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if profile:
        throttle(cdp, profile, offline)
    wire = decoded = requests = 0
    from_worker: set[str] = set()

    def on_response(event: dict[str, Any]) -> None:
        if event["response"].get("fromServiceWorker"):
            from_worker.add(event["requestId"])

    def on_data(event: dict[str, Any]) -> None:
        nonlocal decoded
        decoded += event["dataLength"]

    def on_finished(event: dict[str, Any]) -> None:
        nonlocal wire, requests
        requests += 1
        if event["requestId"] not in from_worker:
            wire += int(event["encodedDataLength"])

    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.dataReceived", on_data)
    cdp.on("Network.loadingFinished", on_finished)
    page.goto(url, wait_until="commit", timeout=timeout * 1000)
    ready = wait_ready(page, cdp, timeout)
    cards = page_number(page, cdp, "window.__handAt ?? null", timeout, "no hand on screen") if hand else None
    # When the bots' worker (static/bots.mjs) was up, on pages that start one.
    worker = page_number(page, cdp, "window.__mus?.bots ? window.__mus.bots.readyAt ?? (window.__mus.bots.state"
                         " === 'failed' ? -1 : null) : -1", timeout, "the bots' worker did not start") if hand else -1
    paint = page.evaluate("""() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime
        ?? performance.getEntriesByType('paint').at(-1)?.startTime ?? NaN""")
    steps = page.evaluate("() => window.__mus?.steps ?? []")
    sample = Sample(float(paint), ready, requests, wire, decoded, cards, steps, None if worker < 0 else worker)
    if not offline and settle_page:
        settle(page, bool(context.service_workers), snapshot, timeout)
    cdp.detach()
    page.close()
    return sample


def measure(chromium: Any, url: str, profile: dict[str, float] | None, timeout: float, site: str) -> dict[str, Sample]:
    hand, snapshot = site != "floor", site == "pyodide"
    out = {}
    context = chromium.new_context(service_workers="block")
    for probe in (READY_PROBE, HAND_PROBE):
        context.add_init_script(probe)
    out["cold"] = load(context, url, profile, False, timeout, hand=hand, snapshot=snapshot)
    out["warm"] = load(context, url, profile, False, timeout, hand=hand, snapshot=snapshot)
    context.close()
    context = chromium.new_context(service_workers="allow")
    for probe in (READY_PROBE, HAND_PROBE):
        context.add_init_script(probe)
    first = context.new_page()
    first.goto(url)
    first.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
    settle(first, True, snapshot, timeout)  # registered once the game is ready: wait for it regardless
    first.close()
    out["installed"] = load(context, url, profile, False, timeout, hand=hand, snapshot=snapshot)
    context.set_offline(True)
    out["offline"] = load(context, url, profile, True, timeout, hand=hand)
    context.close()
    return out


def _median(samples: list[Sample], name: str) -> float:
    return float(statistics.median(getattr(s, name) for s in samples))


def _seconds(samples: list[Sample], name: str) -> str:
    values = sorted(getattr(s, name) / 1000 for s in samples)
    return f"{statistics.median(values):.2f} s ({values[0]:.2f}–{values[-1]:.2f})"


def report(results: dict[tuple[str, str, str], list[Sample]], profiles: list[str], sites: list[str]) -> None:
    print()
    print("| profile | case | site | first paint | html.ready | the hand | bots' worker up | requests | wire | uncompressed |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for profile in profiles:
        for case in CASES:
            for site in sites:
                s = results[profile, case, site]
                hand = _seconds(s, "hand_ms") if s[0].hand_ms is not None else "–"
                worker = _seconds(s, "worker_ms") if all(x.worker_ms is not None for x in s) else "–"
                print(f"| {profile} | {case} | {site} | {_median(s, 'paint_ms'):.0f} ms | {_seconds(s, 'ready_ms')} "
                      f"| {hand} | {worker} | {_median(s, 'requests'):.0f} | {_median(s, 'wire') / 1e6:.3f} MB "
                      f"| {_median(s, 'decoded') / 1e6:.2f} MB |")
    if "before" in sites and "app" in sites:
        print()
        print("| profile | case | app ÷ before: the hand | app − before: the hand |")
        print("| --- | --- | --- | --- |")
        for profile in profiles:
            for case in CASES:
                app, before = (results[profile, case, site] for site in ("app", "before"))
                print(f"| {profile} | {case} | {_median(app, 'hand_ms') / _median(before, 'hand_ms'):.3f} "
                      f"| {(_median(app, 'hand_ms') - _median(before, 'hand_ms')) / 1000:+.2f} s |")
    if set(SITES) - set(sites):
        return
    print()
    print("| profile | case | app ÷ pyodide: the hand | wire | app − floor: html.ready |")
    print("| --- | --- | --- | --- | --- |")
    for profile in profiles:
        for case in CASES:
            app, floor, base = (results[profile, case, site] for site in SITES)
            wire = _median(base, "wire")
            # Revalidations move only headers (kilobytes of 304s): no ratio of bodies there.
            wire_ratio = f"{_median(app, 'wire') / wire:.3f}" if wire > 100_000 else "–"
            print(f"| {profile} | {case} | {_median(app, 'hand_ms') / _median(base, 'hand_ms'):.3f} | {wire_ratio} "
                  f"| {(_median(app, 'ready_ms') - _median(floor, 'ready_ms')) / 1000:.2f} s |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up figures of the table against its floor and the Pyodide table.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="desktop,phone", help="comma-separated: " + ", ".join(PROFILES))
    parser.add_argument("--base", default=BASE, help="the Pyodide table's commit (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per load")
    parser.add_argument("--steps", action="store_true", help="print each load's boot steps")
    parser.add_argument("--app", default="", help="the app's (and floor's) commit instead of this tree")
    parser.add_argument("--before", default=BEFORE, help="the site before's commit (default: %(default)s)")
    parser.add_argument("--sites", default=",".join(SITES), help="comma-separated: " + ", ".join(SITES + OPTIONAL_SITES))
    args = parser.parse_args(argv)
    profiles = [p for p in args.profiles.split(",") if p]
    sites = [s for s in args.sites.split(",") if s]
    unknown = set(sites) - set(SITES + OPTIONAL_SITES)
    if set(profiles) - set(PROFILES) or unknown:
        parser.error(f"unknown profiles or sites: {sorted(set(profiles) - set(PROFILES))} {sorted(unknown)}")

    results: dict[tuple[str, str, str], list[Sample]] = {}
    with contextlib.ExitStack() as stack:
        app = built_site(args.app) if args.app else ROOT
        makers = {"app": lambda: as_static_host(app, "app"), "floor": lambda: floor_site(app),
                  "pyodide": lambda: as_static_host(built_site(args.base), "pyodide"),
                  "before": lambda: as_static_host(built_site(args.before), "before")}
        urls = {site: stack.enter_context(serving(makers[site]())) for site in sites}
        chromium = stack.enter_context(browser())
        print(f"Chromium {chromium.version}; " + ", ".join(f"{site} {url}" for site, url in urls.items()))
        for run in range(args.runs):
            for profile in profiles:
                for site in sites[run % len(sites):] + sites[:run % len(sites)]:
                    samples = measure(chromium, urls[site], PROFILES[profile], args.timeout, site)
                    for case, sample in samples.items():
                        results.setdefault((profile, case, site), []).append(sample)
                    line = ", ".join(f"{c} {s.paint_ms:.0f}/{s.ready_ms / 1000:.2f}"
                                     + (f"/{s.hand_ms / 1000:.2f}" if s.hand_ms is not None else "")
                                     + f"s {s.wire / 1e6:.3f}MB"
                                     + (f" bots {s.worker_ms / 1000:.2f}s" if s.worker_ms is not None else "")
                                     for c, s in samples.items())
                    print(f"run {run + 1} {profile:7} {site:7}: {line}", flush=True)
                    if args.steps:
                        for case, sample in samples.items():
                            print(f"    {case}: {sample.steps}", flush=True)
    report(results, profiles, sites)
    return 0


if __name__ == "__main__":
    sys.exit(main())
