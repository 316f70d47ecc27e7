#!/usr/bin/env python3
"""The bots' worker's start on a first visit: when it is ready, and what it adds over the wire.

    .venv/bin/python -m tools.bench.bot_start [--runs 3]

Serves this tree (``tools/dev/serve.py``, the build's ``.br`` copies) and loads, cold (a fresh
context, service workers blocked) on the phone profile of ``tools/bench/boot_timing.py`` (the
page's CPU 4×, the network 9 Mbit/s and 60 ms), the pages taking turns:

* ``table``: ``index.html`` as it is (the table on Pyodide, which starts the worker);
* ``mpy``: ``embed.html?lesson=pares`` with ``static/bots.mjs`` imported by an init script
  (before the page's own scripts): a page on MicroPython, which loads the runtime and
  ``static/mus-mpy.zip`` itself, as the table will. (Not by rewriting the page through
  Playwright's routing, which switches the HTTP cache off.)

For each it records the page's ``html.ready`` and bytes over the wire (``encodedDataLength`` of
the page's own requests), the worker's ready time (``window.__mus.bots.readyAt``, since
navigation) and its start inside (``startMs``), and the bots' worker's own requests (its
DevTools target, attached before it runs: its scripts but the first, which the page fetches,
and its fetches) with their bytes over the wire (a revalidation the HTTP cache answers moves
headers only). DevTools throttles neither a worker's CPU nor its network ("Not supported"):
the worker's downloads and start are unthrottled, so its ready time is a lower bound.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import PROFILES, READY_PROBE, precompress, throttle, wait_ready  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser, served  # noqa: E402

PAGES = {"table": "index.html", "mpy": "embed.html?lesson=pares"}
WORKER = "/static/bots-worker.mjs"
START_BOTS = 'import("./static/bots.mjs");'


class WorkerTraffic:
    """The requests of the bots' worker, through the page's DevTools session (Playwright gives
    workers none): each worker is held at its start until its network is watched."""

    def __init__(self, cdp: Any) -> None:
        self.cdp = cdp
        self.wire, self.files = 0, []  # type: int, list[tuple[str, int]]
        self._urls: dict[str, str] = {}
        self._ours: set[str] = set()
        self._next = 0
        cdp.on("Target.attachedToTarget", self._attached)
        cdp.on("Target.receivedMessageFromTarget", self._received)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    def _send(self, session: str, method: str, params: dict[str, Any]) -> None:
        self._next += 1
        message = json.dumps({"id": self._next, "method": method, "params": params})
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})

    def _attached(self, event: dict[str, Any]) -> None:
        session = event["sessionId"]
        if event["targetInfo"]["url"].endswith(WORKER):  # not the table's snapshot worker
            self._ours.add(session)
            self._send(session, "Network.enable", {})
        self._send(session, "Runtime.runIfWaitingForDebugger", {})

    def _received(self, event: dict[str, Any]) -> None:
        if event["sessionId"] not in self._ours:
            return
        message = json.loads(event["message"])
        params = message.get("params", {})
        if message.get("method") == "Network.responseReceived":
            self._urls[params["requestId"]] = params["response"]["url"].rsplit("/", 1)[-1]
        elif message.get("method") == "Network.loadingFinished":
            self.wire += int(params["encodedDataLength"])
            self.files.append((self._urls.get(params["requestId"], "?"), int(params["encodedDataLength"])))


def load(chromium: Any, url: str, page_name: str, timeout: float) -> dict[str, Any]:
    profile = PROFILES["phone"]
    assert profile is not None
    context = chromium.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    if page_name == "mpy":
        context.add_init_script(START_BOTS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    throttle(cdp, profile, False)
    wire = 0

    def finished(event: dict[str, Any]) -> None:
        nonlocal wire
        wire += int(event["encodedDataLength"])

    cdp.on("Network.loadingFinished", finished)
    workers = WorkerTraffic(cdp)
    try:
        page.goto(url + PAGES[page_name], wait_until="commit", timeout=timeout * 1000)
        ready = wait_ready(page, cdp, timeout)
        page.wait_for_function("() => window.__mus?.bots?.state !== 'starting'", timeout=timeout * 1000)
        bots = page.evaluate("() => ({ ...window.__mus.bots, ask: null })")
        page.wait_for_timeout(500)
        return {"ready": ready, "wire": wire, "bots": bots, "worker_wire": workers.wire,
                "worker_files": workers.files}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The bots' worker's start on a first visit.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args(argv)
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
    with served(ROOT) as url, browser() as chromium:
        precompress(url, ROOT)
        print(f"Chromium {chromium.version}; {url}", flush=True)
        for run in range(args.runs):
            for name in (list(PAGES) if run % 2 == 0 else list(PAGES)[::-1]):
                sample = load(chromium, url, name, args.timeout)
                results[name].append(sample)
                print(f"  {name}: {json.dumps(sample)}", flush=True)
    print()
    print("| page | html.ready | page's bytes | worker ready (since navigation) | worker's start inside |"
          " worker's bytes | worker's requests (last load) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, samples in results.items():
        def median(get: Any) -> float:
            return float(statistics.median(get(s) for s in samples))
        requests = ", ".join(f"{file} {size / 1e3:.1f} KB" for file, size in samples[-1]["worker_files"])
        print(f"| {name} | {median(lambda s: s['ready']) / 1000:.2f} s | {median(lambda s: s['wire']) / 1e6:.3f} MB "
              f"| {median(lambda s: s['bots']['readyAt'] or 0) / 1000:.2f} s "
              f"| {median(lambda s: s['bots']['startMs'] or 0) / 1000:.2f} s "
              f"| {median(lambda s: s['worker_wire']) / 1e3:.1f} KB | {requests} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
