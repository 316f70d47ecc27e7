#!/usr/bin/env python3
"""How tall each lesson is in its frame, at every step, as a reader goes through it.

    .venv/bin/python -m tools.bench.lesson_heights [--width 320] [--lang es] [pares cuenta …]

Serves this tree with ``tools/dev/serve.py`` (as ``lesson_timing`` does), opens ``embed.html?lesson=<id>`` at ``--width``
in Chromium and answers every question right (the engine's answers), measuring the content's
height (``#embed``, what the frame reports to ``embed.js``) at each step before and after its
question. Prints one line a lesson (its smallest and tallest height, then each) and the range
over all: what a frame of fixed height (docs/lessons.md, "A frame without a card") must
expect.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mus.web.lessons.lesson import Lesson  # noqa: E402
from mus.web.lessons.schema import COURSE  # noqa: E402
from tools.bench.sites import serving  # noqa: E402
from tools.build.vendor import ROOT  # noqa: E402
from tools.dev.chromium import browser  # noqa: E402

HEIGHT = "() => Math.ceil(document.getElementById('embed').getBoundingClientRect().height)"
READY_MS = 120_000


def answer(page: object, lesson: Lesson, i: int) -> None:
    """Give step ``i``'s right answer through the page's controls."""
    ask = lesson.steps[i].ask
    assert ask is not None
    right = ask.accept[0] if ask.kind in ("descarte", "action") else lesson.replay().answers[i]
    if ask.kind == "descarte":
        for position in right.split()[1:]:
            page.click(f'[data-pos="{position}"]')  # type: ignore[attr-defined]
        page.click('[data-ui="discard"]')  # type: ignore[attr-defined]
    elif ask.kind in ("tantos", "points"):
        page.fill("#lesson-number", right)  # type: ignore[attr-defined]
        page.click('[data-ui="number"]')  # type: ignore[attr-defined]
    elif ask.kind == "senas" and right:
        for sena in right.split(","):
            page.click(f'[data-ui="sena"][value="{sena}"]')  # type: ignore[attr-defined]
        page.click('[data-ui="senas"]')  # type: ignore[attr-defined]
    else:
        page.click(f'.lesson [data-ui="answer"][value="{right}"]')  # type: ignore[attr-defined]
    page.wait_for_selector(".lverdict")  # type: ignore[attr-defined]


def heights(context: object, base: str, lesson: Lesson, lang: str) -> list[int]:
    page = context.new_page()  # type: ignore[attr-defined]
    try:
        page.goto(f"{base}embed.html?lesson={lesson.id}&lang={lang}")
        page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
        out = []
        for i, step in enumerate(lesson.steps):
            page.wait_for_selector(f'article[data-step="{i}"]')
            out.append(page.evaluate(HEIGHT))
            if step.ask is not None:
                answer(page, lesson, i)
                out.append(page.evaluate(HEIGHT))
            if i < len(lesson.steps) - 1:
                page.click('[data-ui="step"][value="next"]')
        return out
    finally:
        page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=320)
    parser.add_argument("--lang", choices=("es", "en"), default="es")
    parser.add_argument("lessons", nargs="*", default=list(COURSE))
    args = parser.parse_args(argv)
    every: list[int] = []
    with serving(ROOT) as base, browser() as chromium:
        context = chromium.new_context(viewport={"width": args.width, "height": 740}, service_workers="block")
        for lesson_id in args.lessons:
            lesson = Lesson.from_json((ROOT / "static" / "lessons" / f"{lesson_id}.json").read_text(encoding="utf-8"))
            seen = heights(context, base, lesson, args.lang)
            every += seen
            print(f"{lesson_id}: {min(seen)}–{max(seen)} px  {seen}", flush=True)
        context.close()
    print(f"all {len(args.lessons)} lessons at {args.width} px ({args.lang}): {min(every)}–{max(every)} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
