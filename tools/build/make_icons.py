#!/usr/bin/env python3
"""Draw the app icons from our own deck (static/deck.svg) with headless Chromium.

    .venv/bin/python -m tools.build.make_icons

Writes ``static/icons/icon-192.png``, ``icon-512.png`` (a rounded felt tile with the rey de
oros over a card back) and ``maskable-512.png`` (full-bleed felt, the cards inside the
central 80 % circle that every launcher mask keeps). Needs Playwright and Chromium, like the
browser tests; the PNGs are committed, so the site itself needs neither.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.dev.chromium import browser  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402

DECK = ROOT / "static" / "deck.svg"
ICONS = ROOT / "static" / "icons"
FELT, FELT_DARK = "#1e6e3c", "#124a27"  # static/style.css --felt, --felt-dark

# Two cards in a 100 x 100 box: the back tilted left, the rey de oros tilted right.
CARDS = """
<g transform="translate(50 50) scale({scale})">
  <use href="#back" x="-100" y="-150" width="200" height="300" transform="rotate(-14) translate(-34 6)"/>
  <use href="#Ro" x="-100" y="-150" width="200" height="300" transform="rotate(9) translate(30 0)"/>
</g>"""
ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="{size}" height="{size}">
<defs><radialGradient id="felt" cx="50%" cy="40%" r="65%">
<stop offset="0" stop-color="{felt}"/><stop offset="1" stop-color="{felt_dark}"/></radialGradient></defs>
{tile}{cards}</svg>"""
TILES = {
    "any": '<rect x="2" y="2" width="96" height="96" rx="20" fill="url(#felt)"/>',
    "maskable": '<rect width="100" height="100" fill="url(#felt)"/>',
}
ICON_FILES = {  # file name: (size, purpose, scale of the cards)
    "icon-192.png": (192, "any", 0.22),
    "icon-512.png": (512, "any", 0.22),
    "maskable-512.png": (512, "maskable", 0.17),
}


def icon_svg(size: int, purpose: str, scale: float) -> str:
    return ICON.format(size=size, felt=FELT, felt_dark=FELT_DARK, tile=TILES[purpose],
                       cards=CARDS.format(scale=scale))


def main() -> int:
    sprite = DECK.read_text(encoding="utf-8")
    ICONS.mkdir(parents=True, exist_ok=True)
    with browser() as chromium:
        for name, (size, purpose, scale) in ICON_FILES.items():
            page = chromium.new_page(viewport={"width": size, "height": size})
            page.set_content(
                '<html><body style="margin:0;background:transparent">'
                f'<div style="display:none">{sprite}</div>{icon_svg(size, purpose, scale)}</body></html>')
            page.locator("body > svg").screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"static/icons/{name}: {(ICONS / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
