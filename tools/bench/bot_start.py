#!/usr/bin/env python3
"""The bots' worker at the table's start: what it costs the player's first hand, when it is
ready, and what it adds over the wire.

    .venv/bin/python -m tools.bench.bot_start [--runs 3]

Serves this tree as files only (``tools/bench/sites.py``) and loads ``index.html`` on the phone
profile of ``tools/bench/boot_timing.py`` (the page's CPU 4×, the network 9 Mbit/s and 60 ms),
cold (a fresh context, service workers blocked: a first visit, which deals a hand at once) and
warm (a second load in that context: the HTTP cache, the partida back), two ways taking turns:

* ``worker``: the page as it is, which starts the bots' worker (``static/bots.mjs``) beside it;
* ``refused``: the same page with the worker refused (an init script makes ``new Worker`` throw
  for it, as a browser without module workers would): the page thinks itself, nothing else
  changes (not by Playwright's routing, which switches the HTTP cache off).

For each it records ``html.ready`` and the hand (the player's four cards on screen) since
navigation, the page's own bytes over the wire (``encodedDataLength``), the worker's ready
time (``window.__mus.bots.readyAt``, since navigation) and its start inside (``startMs``), and
the bots' worker's own requests (its DevTools target, attached before it runs) with their
bytes over the wire (a revalidation the HTTP cache answers moves headers only). DevTools
throttles neither a worker's CPU nor its network ("Not supported"): the worker's downloads and
start are unthrottled, so its ready time is a lower bound, and on this 2-core machine its start
takes a core from the page's.
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

from tools.bench.boot_timing import HAND_PROBE, PROFILES, READY_PROBE, page_number, throttle, wait_ready  # noqa: E402
from tools.bench.sites import as_static_host, serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

WORKER = "/static/bots-worker.mjs"
REFUSE = """(() => {
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url, ...rest) {
      if (String(url).includes("bots-worker")) throw new Error("refused by the bench");
      super(url, ...rest);
    }
  };
})();"""
WAYS = {"worker": None, "refused": REFUSE}


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


def load(context: Any, url: str, timeout: float) -> dict[str, Any]:
    """One load of the table in ``context`` on the phone profile."""
    profile = PROFILES["phone"]
    assert profile is not None
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
        page.goto(url + "index.html", wait_until="commit", timeout=timeout * 1000)
        ready = wait_ready(page, cdp, timeout)
        hand = page_number(page, cdp, "window.__handAt ?? null", timeout, "no hand on screen")
        page.wait_for_function("() => window.__mus?.bots?.state !== 'starting'", timeout=timeout * 1000)
        bots = page.evaluate("() => ({ ...window.__mus.bots, ask: null })")
        page.wait_for_timeout(500)
        return {"ready": ready, "hand": hand, "wire": wire, "bots": bots, "worker_wire": workers.wire,
                "worker_files": workers.files}
    finally:
        cdp.detach()
        page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The bots' worker's start on a first visit.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args(argv)
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    with serving(as_static_host(ROOT, "bot-start")) as url, browser() as chromium:
        print(f"Chromium {chromium.version}; {url}", flush=True)
        for run in range(args.runs):
            for way in (list(WAYS) if run % 2 == 0 else list(WAYS)[::-1]):
                context = chromium.new_context(service_workers="block")
                for script in (READY_PROBE, HAND_PROBE, WAYS[way]):
                    if script:
                        context.add_init_script(script)
                try:
                    for case in ("cold", "warm"):
                        sample = load(context, url, args.timeout)
                        results.setdefault((way, case), []).append(sample)
                        print(f"  {way} {case}: hand {sample['hand']:.0f} ms, ready {sample['ready']:.0f} ms, "
                              f"worker {sample['bots']['state']} at {sample['bots']['readyAt'] or 0:.0f} ms", flush=True)
                finally:
                    context.close()
    print()
    print("| way | load | the hand | html.ready | page's bytes | worker ready (since navigation) |"
          " worker's start inside | worker's bytes | worker's requests (last load) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (way, case), samples in results.items():
        def median(get: Any) -> float:
            return float(statistics.median(get(s) for s in samples))

        def spread(get: Any) -> str:
            values = [get(s) / 1000 for s in samples]
            return f"{median(get) / 1000:.2f} s ({min(values):.2f}–{max(values):.2f})"

        requests = ", ".join(f"{file} {size / 1e3:.1f} KB" for file, size in samples[-1]["worker_files"]) or "–"
        worker = way == "worker"
        print(f"| {way} | {case} | {spread(lambda s: s['hand'])} | {spread(lambda s: s['ready'])} "
              f"| {median(lambda s: s['wire']) / 1e6:.3f} MB "
              f"| {spread(lambda s: s['bots']['readyAt'] or 0) if worker else '–'} "
              f"| {median(lambda s: s['bots']['startMs'] or 0) / 1000 if worker else 0:.2f} s "
              f"| {median(lambda s: s['worker_wire']) / 1e3:.1f} KB | {requests} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
