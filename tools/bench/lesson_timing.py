#!/usr/bin/env python3
"""A lesson's start on a phone: this tree's MicroPython embed against an earlier Pyodide one.

    .venv/bin/python -m tools.bench.lesson_timing [--runs 3] [--base COMMIT] [--lesson pares]

Serves three built sites side by side with ``tools/dev/serve.py`` as files only (no ``mus/``
beside them, so nothing is rebuilt or checked on a request), the build's ``.br`` files sent as
a static host would send them: **mpy**, this tree, and **base**, the tree of ``--base`` (by default
the commit before the lesson pages moved to MicroPython), exported with ``git archive`` into
``.cache/lesson-timing/<commit>``, sharing this tree's ``static/vendor`` (the same PyScript and
Pyodide) and built there with its own ``tools/build/vendor.py --zip-only``. In headless Chromium
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
import io
import shutil
import statistics
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import PROFILES, READY_PROBE, Sample, load  # noqa: E402
from tools.build.precache import write_service_worker  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

BASE = "9c7a173"  # the last commit whose lesson pages ran on Pyodide
CASES = ("cold", "warm", "offline")
SITES = ("mpy", "base", "floor")
CACHE = ROOT / ".cache" / "lesson-timing"


def base_site(commit: str) -> Path:
    """The tree of ``commit``, built, beside this one's vendored runtime."""
    full = subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    dest = CACHE / full[:12]
    if not (dest / "static" / "mus.zip").is_file():
        archive = subprocess.run(["git", "archive", full], cwd=ROOT, capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(dest, filter="data")
        for link in ("node_modules", "static/vendor"):
            target = dest / link
            if not target.exists():
                target.symlink_to((ROOT / link).resolve(), target_is_directory=True)
        subprocess.run([sys.executable, "-m", "tools.build.vendor", "--zip-only", "--quiet"], cwd=dest, check=True)
    return dest


def as_static_host(root: Path, name: str) -> Path:
    """The built site of ``root`` with no ``mus/`` beside it: the dev server then rebuilds and
    checks nothing. With ``mus/`` it checks the zips' freshness on each request for one, which
    took 2.5-5 s on the shared machine, more than a lesson's whole start."""
    dest = CACHE / f"static-{name}"
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for item in root.iterdir():
        if item.name == "static" or item.suffix in (".html", ".js", ".webmanifest"):
            (dest / item.name).symlink_to(item.resolve(), target_is_directory=item.is_dir())
    return dest


@contextlib.contextmanager
def serving(root: Path) -> Iterator[str]:
    """``root`` served by this tree's ``tools/dev/serve.py``, as files only."""
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "dev" / "serve.py"), "0", "--quiet", "--root", str(root)],
                              cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = server.stdout.readline() if server.stdout else ""
        if not first.startswith("Serving http://"):
            raise RuntimeError(f"{root}: the server did not start: {first}")
        threading.Thread(target=server.stdout.read, daemon=True).start()  # never let its pipe fill
        yield first.split()[1]
    finally:
        server.terminate()
        server.wait(timeout=10)


# The frame's script with the lesson taken out (``floor_site``).
FLOOR_SCRIPT = """from pyscript import document
document.documentElement.classList.add("ready")
"""
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


def floor_site(root: Path) -> Path:
    """``root``'s built site whose ``embed.html`` runs ``FLOOR_SCRIPT`` instead of the lesson."""
    dest = as_static_host(root, "floor")
    page = (root / "embed.html").read_text(encoding="utf-8")
    start = page.index(">", page.index('<script type="mpy"')) + 1
    end = page.index("</script>", start)
    (dest / "embed.html").unlink()
    (dest / "embed.html").write_text(page[:start] + "\n" + FLOOR_SCRIPT + page[end:], encoding="utf-8")
    write_service_worker(dest)  # its precache list holds the page's own hash
    return dest


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
        sites = {"mpy": as_static_host(ROOT, "mpy"), "base": as_static_host(base_site(args.base), "base"),
                 "floor": floor_site(ROOT)}
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
