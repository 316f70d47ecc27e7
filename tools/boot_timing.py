#!/usr/bin/env python3
"""Measure how long the game takes to boot in headless Chromium (for README "Numbers").

    .venv/bin/python -m tools.boot_timing [--runs 5] [--url URL]

Serves the repository in-process (unless --url is given), then for each run opens a fresh
browser context (cold HTTP cache), loads the page and waits for ``<html class="ready">``.
Prints per-run time to ready, requests and bytes, the in-page step times recorded by
index.html (``window.__mus.steps``) and the median. Needs Playwright (``./check`` installs it)
and Chromium at ``$CHROMIUM`` or ``/usr/bin/chromium``.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.chromium import browser, served  # noqa: E402


def boot_once(chromium: Any, url: str, run: int, timeout: float) -> float:
    """One cold boot in a fresh context: seconds from navigation to ``html.ready``."""
    context = chromium.new_context(service_workers="block")
    page = context.new_page()
    requests: list[Any] = []
    page.on("requestfinished", lambda request: requests.append(request))
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("html.ready", state="attached", timeout=timeout * 1000)
    seconds = time.perf_counter() - started
    steps = page.evaluate("() => window.__mus.steps")
    total = sum(r.sizes()["responseBodySize"] for r in requests)
    off_origin = [r.url for r in requests if urlsplit(r.url).hostname != urlsplit(url).hostname]
    step_text = ", ".join(f"{text} @{ms / 1000:.2f}s" for ms, text in steps)
    print(f"run {run}: ready in {seconds:.2f} s, {len(requests)} requests, {total / 1e6:.2f} MB,"
          f" {len(off_origin)} off-origin; steps: {step_text}")
    context.close()
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the game's boot in headless Chromium.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--url", help="measure this URL instead of serving the repository")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per boot")
    args = parser.parse_args(argv)

    times: list[float] = []
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(served())
        chromium = stack.enter_context(browser())
        print(f"{chromium.version=} {url=}")
        for run in range(1, args.runs + 1):
            times.append(boot_once(chromium, url, run, args.timeout))
    print(f"median {statistics.median(times):.2f} s, min {min(times):.2f} s, max {max(times):.2f} s over {len(times)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
