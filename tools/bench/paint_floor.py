#!/usr/bin/env python3
"""The phone's first paint: the game's page against the least a page can paint, side by side.

    .venv/bin/python -m tools.bench.paint_floor [--loads 10]

``tools/bench/boot_timing.py`` measures the game's first paint (``first-contentful-paint``) on the phone
profile (CPU 4x, 9 Mbit/s with 60 ms latency); the start-up goal is under 300 ms. This command
tells how far any page is from that goal on this machine. It serves with ``tools/dev/serve.py``,
from one temporary site that links the repository's ``static/``, three pages (gzip-compressed,
as the server does for pages with no ``.br`` copy beside them):

* ``game``: ``index.html`` as it is;
* ``skeleton``: the same table skeleton with no script, no preload and no style sheet to fetch,
  only the rules of ``static/style.css`` and PyScript's ``core.css`` whose selectors match an
  element of the skeleton, inlined in the head: the table as cheaply as it can paint;
* ``paragraph``: a page with one paragraph of text and nothing else.

Each load is a fresh context and a new page, the pages taking turns. ``cold``: the throttled
page is the context's first. ``warm``: an unthrottled load first fills the HTTP cache (the
server asks for revalidation, so each file still costs a round trip). Prints the medians and
ranges of the first paint, in milliseconds from the start of navigation.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.bench.boot_timing import PROFILES, page_number, throttle  # noqa: E402
from tools.dev.chromium import browser, served  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402

PAGES = ("game", "skeleton", "paragraph")
PARAGRAPH = """<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>bare</title>
  <link rel="icon" href="data:,">
</head>
<body>
<p>cargando…</p>
</body>
</html>
"""
CASES = ("cold", "warm")
# The page's style rules (inside their @media and @supports blocks) whose selectors match an
# element of the page, as CSS text; states (hover, focus…) and pseudo-elements are left out of
# the match.
SKELETON_CSS_JS = r"""() => {
  const STATES = /::?(before|after|marker|placeholder|backdrop|hover|active|focus|focus-visible|focus-within|-webkit-[a-z-]+)\b/g;
  const matches = (selector) => {
    // "*::before" reads "::before" once parsed: an item left empty matches any element.
    const items = selector.split(/,(?![^(]*\))/).map((item) => item.replace(STATES, "").trim() || "*");
    try { return document.querySelector(items.join(",")) !== null; }
    catch (e) { return false; }
  };
  const kept = (rule) => {
    if (rule.selectorText !== undefined) return matches(rule.selectorText) ? rule.cssText : null;
    if (rule.cssRules) {
      const inner = [...rule.cssRules].map(kept).filter(Boolean);
      return inner.length ? `${rule.cssText.slice(0, rule.cssText.indexOf("{"))}{${inner.join("\n")}}` : null;
    }
    return rule.cssText;
  };
  return [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map(kept)).filter(Boolean).join("\n");
}"""
FCP_JS = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
SCRIPT = re.compile(r"<script\b.*?</script>\s*", re.S)
FETCHED_LINK = re.compile(r'<link rel="(?:stylesheet|modulepreload|preload)"[^>]*>\s*')


def without_fetches(page: str) -> str:
    """``page`` with its scripts and the links that fetch (style sheets, preloads) taken out."""
    return FETCHED_LINK.sub("", SCRIPT.sub("", page))


def build_site(dest: Path, chromium: Any) -> Path:
    """The three pages in ``dest``, beside a link to the repository's ``static/``, and
    ``styled.html``: the skeleton with the game's style sheets, that ``skeleton.html``'s rules
    are read from (tests/test_paint_floor.py checks that both lay the table out alike)."""
    (dest / "static").symlink_to(ROOT / "static", target_is_directory=True)
    game = (ROOT / "index.html").read_text(encoding="utf-8")
    (dest / "game.html").write_text(game, encoding="utf-8")
    (dest / "paragraph.html").write_text(PARAGRAPH, encoding="utf-8")
    (dest / "styled.html").write_text(SCRIPT.sub("", game), encoding="utf-8")
    with served(dest) as url:
        page = chromium.new_page()
        page.goto(url + "styled.html", wait_until="load")
        css = page.evaluate(SKELETON_CSS_JS)
        page.close()
    skeleton = without_fetches(game).replace("</head>", f"<style>\n{css}\n</style>\n</head>", 1)
    (dest / "skeleton.html").write_text(skeleton, encoding="utf-8")
    return dest


def first_paint(chromium: Any, url: str, warm: bool, timeout: float = 20) -> float:
    """One throttled load of ``url`` in a fresh context; its first paint in milliseconds."""
    context = chromium.new_context(service_workers="block")
    try:
        if warm:
            context.new_page().goto(url, wait_until="load")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        profile = PROFILES["phone"]
        assert profile is not None, "tools/bench/boot_timing.py throttles the phone profile"
        throttle(cdp, profile, offline=False)
        page.goto(url, wait_until="commit")
        return page_number(page, cdp, FCP_JS, timeout, f"{url} did not paint")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10, help="loads per page and case (default 10)")
    args = parser.parse_args(argv)
    samples: dict[tuple[str, str], list[float]] = {(case, page): [] for case in CASES for page in PAGES}
    with tempfile.TemporaryDirectory() as tmp, browser() as chromium:
        site = build_site(Path(tmp), chromium)
        with served(site) as url:
            for load in range(args.loads):
                for case in CASES:
                    for page in PAGES[load % len(PAGES):] + PAGES[:load % len(PAGES)]:
                        samples[case, page].append(first_paint(chromium, f"{url}{page}.html", case == "warm"))
                print(f"load {load + 1} of {args.loads} done", file=sys.stderr)
        print(f"Chromium {chromium.version}, phone profile, {args.loads} loads each")
    print("| case | page | first paint, median | range |")
    print("| --- | --- | --- | --- |")
    for (case, page), values in samples.items():
        print(f"| {case} | {page} | {statistics.median(values):.0f} ms | {min(values):.0f}–{max(values):.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
