#!/usr/bin/env python3
"""Screenshots of the game for the docs and for looking at the table as a player does.

    python -m tools.dev.screenshots [--out DIR] [--seed N] [--lang es|en] [--docs] [--ending]

Serves the repository on a free 127.0.0.1 port, plays with ``?speed=0&seed=N`` in headless
Chromium at five sizes (desktop 1280×800, tablet 820×1180, phone 360×740, small phone 320×568,
landscape phone 740×360) from the first screen of a first visit until the player faces a bet,
then until the hand's count, and saves ``<size>-first.png``, ``<size>-play.png`` and
``<size>-showdown.png``, and from a save one tap from the end (``tools.dev.ending``) the end
of a partida won, ``<size>-ending.png`` (``--ending``: that one alone), in DIR (default ``/tmp/mus-screenshots``), in Spanish or, with
``--lang en``, in English (``<size>-en-first.png``…: a first visit whose stored settings say
English).
``--docs`` also writes the desktop count to ``docs/screenshot.png`` (through ``pngquant`` when
it is installed).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.dev.chromium import browser, served  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.ending import ending_save  # noqa: E402

VIEWPORTS = {
    "desktop": {"width": 1280, "height": 800}, "tablet": {"width": 820, "height": 1180},
    "phone": {"width": 360, "height": 740}, "small-phone": {"width": 320, "height": 568},
    "landscape": {"width": 740, "height": 360},
}
STATE_JS = """() => ({
  actions: [...document.querySelectorAll('#controls [data-action]:not([disabled]), #overlay [data-action]')]
    .filter((b) => !b.closest('[inert]')).map((b) => b.dataset.action),  // inert: a tap's draw to come
  discard: !!document.querySelector('#b-descarte') && !document.querySelector('[inert] #b-descarte'),
  overlay: document.querySelector('#overlay.open .panel')?.className || null,
  bubbles: document.querySelectorAll('.bubble:not(.empty)').length,
})"""


def wait_choice(page) -> dict:  # type: ignore[no-untyped-def]
    for _ in range(2000):
        s = page.evaluate(STATE_JS)
        if s["actions"] or s["discard"]:
            return s
        page.wait_for_timeout(10)
    raise RuntimeError("the page offers nothing to do")


def step(page, s: dict) -> None:  # type: ignore[no-untyped-def,type-arg]
    if s["discard"] and not s["actions"]:
        page.click('[data-hand="0"] [data-card] >> nth=0')
        page.click("#b-descarte")
        return
    for prefer in ("continuar", "mus", "paso", "quiero"):
        if prefer in s["actions"]:
            page.click(f'[data-action="{prefer}"]')
            return
    page.click(f'[data-action="{s["actions"][0]}"]')


def shoot(browser, url: str, name: str, out: Path, lang: str = "es") -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=VIEWPORTS[name], device_scale_factor=1)
    name_lang = name if lang == "es" else f"{name}-{lang}"
    if lang != "es":  # the language a player chose before: the first screen speaks it
        context.add_init_script(f"localStorage.setItem('mus.settings', JSON.stringify({{lang: '{lang}'}}))")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    page.screenshot(path=str(out / f"{name_lang}-first.png"))  # a first visit: a hand dealt at once
    s = wait_choice(page)
    for _ in range(300):  # until a rival bets against the player, with words in the air
        if "quiero" in s["actions"] and s["bubbles"] >= 2 and not s["overlay"]:
            break
        step(page, s)
        s = wait_choice(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(out / f"{name_lang}-play.png"))
    for _ in range(300):
        if s["overlay"]:
            break
        step(page, s)
        s = wait_choice(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(out / f"{name_lang}-showdown.png"))
    context.close()


def shoot_ending(browser, url: str, name: str, out: Path, lang: str = "es") -> None:  # type: ignore[no-untyped-def]
    """The end of a partida won: the player wants the left rival's órdago, then reads the count."""
    context = browser.new_context(viewport=VIEWPORTS[name], device_scale_factor=1)
    save = ending_save()
    settings = '{"lang": "en"}' if lang == "en" else "{}"
    context.add_init_script(f"localStorage.setItem('mus.save', {save!r}); "
                            f"localStorage.setItem('mus.settings', {settings!r})")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    page.click('#controls [data-action="quiero"]')
    page.click('#overlay [data-action="continuar"]')
    page.wait_for_selector("#overlay.open .panel.fin")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(out / f"{name if lang == 'es' else name + '-' + lang}-ending.png"))
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Screenshots of a hand in play and of a showdown.")
    parser.add_argument("--out", type=Path, default=Path("/tmp/mus-screenshots"))
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--lang", choices=("es", "en"), default="es")
    parser.add_argument("--docs", action="store_true", help="copy desktop-showdown.png to docs/screenshot.png")
    parser.add_argument("--ending", action="store_true", help="only the end of a partida, at each size")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    with served() as root, browser() as chromium:
        for name in VIEWPORTS:
            if not args.ending:
                shoot(chromium, f"{root}?speed=0&seed={args.seed}", name, args.out, args.lang)
            shoot_ending(chromium, f"{root}?speed=0", name, args.out, args.lang)
    for path in sorted(args.out.glob("*.png")):
        print(f"{path}  {path.stat().st_size / 1024:.0f} KB")
    if args.docs:
        (ROOT / "docs").mkdir(exist_ok=True)
        target = ROOT / "docs" / "screenshot.png"
        pngquant = shutil.which("pngquant")  # Debian: apt-get install pngquant (optional)
        if pngquant:
            subprocess.run([pngquant, "--quality=70-95", "--speed=1", "--force", "--output", str(target),
                            str(args.out / "desktop-showdown.png")], check=True)
        else:
            shutil.copyfile(args.out / "desktop-showdown.png", target)
        print(f"docs/screenshot.png  {target.stat().st_size / 1024:.0f} KB"
              + ("" if pngquant else " (install pngquant to make it smaller)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
