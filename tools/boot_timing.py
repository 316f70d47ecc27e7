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
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.serve import make_server  # noqa: E402
from tools.vendor import ROOT  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the game's boot in headless Chromium.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--url", help="measure this URL instead of serving the repository")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per boot")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server = None
    url = args.url
    if url is None:
        server = make_server(ROOT, 0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
    chromium = next((c for c in (os.environ.get("CHROMIUM"), "/usr/bin/chromium") if c and os.path.exists(c)), None)

    times: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            print(f"{browser.version=} {url=}")
            for run in range(1, args.runs + 1):
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                requests = []
                page.on("requestfinished", lambda r: requests.append(r))
                started = time.perf_counter()
                page.goto(url)
                page.wait_for_selector("html.ready", state="attached", timeout=args.timeout * 1000)
                seconds = time.perf_counter() - started
                steps = page.evaluate("() => window.__mus.steps")
                total = sum(r.sizes()["responseBodySize"] for r in requests)
                off_origin = [r.url for r in requests if urlsplit(r.url).hostname != urlsplit(url).hostname]
                times.append(seconds)
                step_text = ", ".join(f"{text} @{ms / 1000:.2f}s" for ms, text in steps)
                print(f"run {run}: ready in {seconds:.2f} s, {len(requests)} requests, {total / 1e6:.2f} MB,"
                      f" {len(off_origin)} off-origin; steps: {step_text}")
                context.close()
            browser.close()
    finally:
        if server is not None:
            server.shutdown()
    print(f"median {statistics.median(times):.2f} s, min {min(times):.2f} s, max {max(times):.2f} s over {len(times)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
