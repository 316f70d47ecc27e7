#!/usr/bin/env python3
"""A lesson's start on a phone: this tree's MicroPython embed against an earlier Pyodide one.

    .venv/bin/python -m tools.bench.lesson_timing [--runs 3] [--base COMMIT] [--lesson pares]

Serves three built sites side by side with ``tools/dev/serve.py`` as files only (no ``mus/``
beside them, so nothing is rebuilt or checked on a request), the build's ``.br`` files sent as
a static host would send them: **mpy**, this tree, and **base**, the tree of ``--base`` (by default
the commit before the lesson pages moved to MicroPython), built by its own build in
``.cache/sites/`` (``tools/bench/sites.py``). In headless Chromium
on the phone profile of ``tools/bench/boot_timing.py`` (CPU 4×, 9 Mbit/s, 60 ms), the sites
taking turns, it loads the frame an article embeds, ``embed.html?lesson=<id>``:

* cold: a fresh context (empty HTTP cache), service workers blocked;
* warm: a second load in that context (HTTP cache, 304s);
* offline: a context where a first load registered the site's own ``sw.js`` (as the table's
  ``static/pwa.js`` does for a reader who opened the game) and the worker has activated, then
  a load with the network off: everything from the worker's cache.

A third site, **floor**, is this tree's frame with the lesson taken out: the same head (PyScript,
MicroPython, the preloads, ``mus-mpy.zip`` written into ``/lib``), a script that only marks the page
ready. What the lesson's own Python adds is mpy − floor; the floor is what PyScript and
MicroPython cost before any of our code runs.

For each it records ``html.ready`` (the lesson takes answers; waited for through the DevTools
protocol, as ``boot_timing`` does), the requests and the bytes over the wire, and prints the
medians, the ratio mpy ÷ base and the difference mpy − floor. The goals: cold ≤ 2.5 s and
≤ 0.8 MB, warm or offline ≤ 1 s.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import PROFILES, READY_PROBE, Sample, floor_site, load  # noqa: E402
from tools.bench.sites import as_static_host, built_site, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

BASE = "9c7a173"  # the last commit whose lesson pages ran on Pyodide
CASES = ("cold", "warm", "offline")
SITES = ("mpy", "base", "floor")


# Registers the site's worker from a ready frame and waits until it has activated (its install
# has cached the site) or failed.
INSTALL_JS = """async () => {
  const registration = await navigator.serviceWorker.register("./sw.js");
  const worker = registration.installing || registration.waiting || registration.active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated" || worker.state === "redundant") done();
    }));
  }
  return worker.state;
}"""


def measure(chromium: Any, url: str, lesson: str, profile: dict[str, float], timeout: float) -> dict[str, Sample]:
    page_url = f"{url}embed.html?lesson={lesson}"
    out = {}
    context = chromium.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    out["cold"] = load(context, page_url, profile, False, timeout, settle_page=False)
    out["warm"] = load(context, page_url, profile, False, timeout, settle_page=False)
    context.close()
    context = chromium.new_context(service_workers="allow")
    context.add_init_script(READY_PROBE)
    first = context.new_page()
    first.goto(page_url)
    first.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
    state = first.evaluate(INSTALL_JS)
    if state != "activated":
        raise RuntimeError(f"{url}: the service worker did not install ({state})")
    first.close()
    context.set_offline(True)
    out["offline"] = load(context, page_url, profile, True, timeout, settle_page=False)
    context.close()
    return out


def median(samples: list[Sample], field: str) -> float:
    return float(statistics.median(getattr(s, field) for s in samples))


def report(results: dict[tuple[str, str], list[Sample]]) -> None:
    print()
    print("| case | site | html.ready | range | requests | wire |")
    print("| --- | --- | --- | --- | --- | --- |")
    for case in CASES:
        for site in SITES:
            s = results[case, site]
            ready = sorted(x.ready_ms / 1000 for x in s)
            print(f"| {case} | {site} | {median(s, 'ready_ms') / 1000:.2f} s | {ready[0]:.2f}–{ready[-1]:.2f} s "
                  f"| {median(s, 'requests'):.0f} | {median(s, 'wire') / 1e6:.3f} MB |")
    print()
    for case in CASES:
        mpy = median(results[case, "mpy"], "ready_ms")
        ready = mpy / median(results[case, "base"], "ready_ms")
        ours = (mpy - median(results[case, "floor"], "ready_ms")) / 1000
        base_wire = median(results[case, "base"], "wire")
        wire = f", wire {median(results[case, 'mpy'], 'wire') / base_wire:.3f}" if base_wire > 100_000 else ""
        print(f"mpy ÷ base, {case}: html.ready {ready:.3f}{wire}; mpy − floor {ours:.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A lesson's start on the phone profile, MicroPython against Pyodide.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", default=BASE, help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--lesson", default="pares")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per load")
    args = parser.parse_args(argv)
    results: dict[tuple[str, str], list[Sample]] = {}
    with contextlib.ExitStack() as stack:
        sites = {"mpy": as_static_host(ROOT, "mpy"), "base": as_static_host(built_site(args.base), "base"),
                 "floor": floor_site(ROOT, "embed.html")}
        urls = {site: stack.enter_context(serving(root)) for site, root in sites.items()}
        chromium = stack.enter_context(browser())
        print(f"Chromium {chromium.version}; " + ", ".join(f"{site} {url}" for site, url in urls.items()))
        for run in range(args.runs):
            for site in SITES[run % 3:] + SITES[:run % 3]:
                samples = measure(chromium, urls[site], args.lesson, PROFILES["phone"], args.timeout)
                for case, sample in samples.items():
                    results.setdefault((case, site), []).append(sample)
                print(f"run {run + 1} {site:4}: " + ", ".join(
                    f"{c} {s.ready_ms / 1000:.2f}s {s.wire / 1e6:.3f}MB" for c, s in samples.items()), flush=True)
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
