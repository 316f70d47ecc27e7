#!/usr/bin/env python3
"""A hand played at normal speed, recorded as a sequence of frames: to look at the table's
motion and its order of play as a player sees them.

    python -m tools.dev.recording [--out DIR] [--seed N] [--every MS] [--size WxH] [--lang es|en]
                                  [--speed lenta|normal|rapida] [--reduced-motion]

Serves the repository on a free 127.0.0.1 port and opens a first visit (``?seed=N``: the
same deal each time) in headless Chromium at 360×740 (``--size``), at the speed a player has
(``normal``: no ``?speed=0``), from its loading screen. It plays the first hand as a player
would, a moment after each choice is offered (``--think`` ms): mus and a discard of two
cards, señas, an envite at the first lance it may open, then ``quiero`` to every bet and
``paso`` otherwise; it reads the count (``--read`` ms) and asks for the next hand, whose deal
ends the recording. The bots think as they do for a player (their own secret seeds), so two
recordings of one deal may differ from the first call on.

The frames are the page's screencast (what Chromium draws, as it draws it: filming never
holds the page up): one every ``--every`` ms (100 by default) while the screen changes, and
each still. It writes:

- ``frame-NNNN.png``: the frames;
- ``index.html``: every frame with its time and what happened just before (a tap of the
  player, a call in the log, a panel opened or closed), to scroll through in a browser;
- ``index.txt``: the same as text, a line per frame;
- ``sheet-N.png``: contact sheets, 40 frames each in 8 columns at a third of their size.

The default directory is ``/tmp/mus-recording``; it is emptied of earlier frames first.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from tools.dev.chromium import browser, served  # noqa: E402

# What the page shows now: the player's choices, the phase, the count open, the log's last line.
STATE_JS = """() => {
  const shown = (el) => !!el.getClientRects().length && !el.closest('[inert]');
  const log = document.querySelectorAll('#log > *');
  return {
    actions: [...document.querySelectorAll('#controls [data-action]:not([disabled]), #overlay.open [data-action]')]
      .filter(shown).map((b) => b.dataset.action),
    discard: !!document.querySelector('#b-descarte'),
    phase: document.documentElement.dataset.phase || '',
    overlay: document.querySelector('#overlay.open .panel')?.className || '',
    ready: document.documentElement.classList.contains('ready'),
    last: log.length ? log[log.length - 1].textContent.trim() : '',
  };
}"""
SHEET_COLUMNS, SHEET_ROWS = 8, 5


class Player:
    """The player's side of the hand: what to choose, and when (a moment after it is offered)."""

    def __init__(self, think_ms: int, read_ms: int) -> None:
        self.think, self.read = think_ms / 1000, read_ms / 1000
        self.offered_at: float | None = None  # time.time() when the choice was first offered
        self.offered: tuple[Any, ...] = ()
        self.envidado = False

    def choice(self, s: dict[str, Any]) -> str | None:
        """The action to take in state ``s`` ("descarte" for a discard), or None."""
        actions = s["actions"]
        if s["overlay"]:
            return "continuar" if "continuar" in actions else None
        if s["discard"]:
            return "descarte"
        for wanted in ("mus", "quiero", "señas"):
            if wanted in actions:
                return wanted
        if "envido" in actions and not self.envidado:
            return "envido"
        for wanted in ("paso", "no hay mus"):
            if wanted in actions:
                return wanted
        return actions[0] if actions else None

    def due(self, s: dict[str, Any], now: float) -> str | None:
        """The action to take now: a choice offered for longer than the player thinks (the count:
        reads)."""
        choice = self.choice(s)
        key = (choice, tuple(s["actions"]), s["discard"], s["overlay"])
        if choice is None:
            self.offered_at, self.offered = None, ()
            return None
        if key != self.offered:
            self.offered_at, self.offered = now, key
        assert self.offered_at is not None
        wait = self.read if s["overlay"] else self.think
        return choice if now - self.offered_at >= wait else None

    def act(self, page: Any, choice: str) -> str:
        """Take ``choice`` on the page as a player does; returns what was done, in words."""
        self.offered_at, self.offered = None, ()
        if choice == "descarte":
            page.click('[data-hand="0"] [data-card] >> nth=0')
            page.click('[data-hand="0"] [data-card] >> nth=1')
            page.click("#b-descarte")
            return "tap: two cards, then Descartar"
        if choice == "envido":
            self.envidado = True
        scope = "#overlay.open" if choice == "continuar" else "#controls"
        page.click(f'{scope} [data-action="{choice}"]')
        return f"tap: {choice}"


class Film:
    """The page's screencast (Chromium draws a frame each time the screen changes, without
    stopping the page): kept as frames ``every`` ms apart during motion, and every frame that
    stayed on screen that long (a still), each with what happened since the previous one."""

    def __init__(self, page: Any, out: Path, every_ms: int, start: float) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.out, self.every, self.start = out, every_ms / 1000, start
        self.incoming: list[dict[str, Any]] = []
        self.pending: tuple[float, str] | None = None   # the newest frame, not yet kept
        self.kept_at = -1.0
        self.frames: list[dict[str, Any]] = []
        self.notes: list[tuple[float, str]] = []
        self.cdp.on("Page.screencastFrame", lambda frame: self.incoming.append(frame))
        self.cdp.send("Page.startScreencast", {"format": "png", "everyNthFrame": 1})

    def note(self, text: str) -> None:
        self.notes.append((time.time(), text))

    def take(self, phase: str) -> None:
        """Acknowledge the frames drawn since the last call (Chromium waits for it), keep those due."""
        frames, self.incoming = self.incoming, []
        for frame in frames:
            self.cdp.send("Page.screencastFrameAck", {"sessionId": frame["sessionId"]})
            at = float(frame["metadata"]["timestamp"])
            if self.pending is not None and (at - self.pending[0] >= self.every or self.pending[0] - self.kept_at >= self.every):
                self._keep(*self.pending, phase)
            self.pending = (at, frame["data"])

    def close(self, phase: str) -> list[dict[str, Any]]:
        self.take(phase)
        if self.pending is not None:
            self._keep(*self.pending, phase)
        self.cdp.send("Page.stopScreencast")
        return self.frames

    def _keep(self, at: float, data: str, phase: str) -> None:
        name = f"frame-{len(self.frames) + 1:04d}.png"
        (self.out / name).write_bytes(base64.b64decode(data))
        notes = [text for when, text in self.notes if when <= at]
        self.notes = [(when, text) for when, text in self.notes if when > at]
        self.frames.append({"file": name, "ms": round((at - self.start) * 1000), "phase": phase, "notes": notes})
        self.kept_at, self.pending = at, None


def record(chromium: Any, url: str, out: Path, size: tuple[int, int], every_ms: int, player: Player,
           lang: str, speed: str, reduced: bool, limit_s: float) -> list[dict[str, Any]]:
    """Play one hand on ``url`` from its loading screen to the next hand's deal, filmed;
    returns the frames' index (file, ms, phase, what happened)."""
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1,
                                   reduced_motion="reduce" if reduced else "no-preference")
    settings = json.dumps({"lang": lang, "speed": speed})
    context.add_init_script(f"localStorage.setItem('mus.settings', {json.dumps(settings)})")
    page = context.new_page()
    start = time.time()
    film = Film(page, out, every_ms, start)
    page.goto(url, wait_until="commit")  # from the loading screen on
    film.note("page asked for")
    last_line, overlay, counted, ready, phase = "", "", False, False, ""
    ends_at: float | None = None
    while True:
        now = time.time()
        try:
            s = page.evaluate(STATE_JS)
        except PlaywrightError:  # the document is not there yet
            page.wait_for_timeout(10)
            continue
        phase = s["phase"]
        if not ready and s["ready"]:
            film.note("ready")
            ready = True
        if s["last"] and s["last"] != last_line:
            film.note(f"log: {s['last']}")
            last_line = s["last"]
        if s["overlay"] != overlay:
            film.note(f"panel: {s['overlay'] or 'closed'}")
            overlay = s["overlay"]
        choice = player.due(s, now) if ready and not counted else None
        if choice is not None:
            counted = counted or choice == "continuar"
            film.note(player.act(page, choice))
        film.take(phase)
        # the next hand dealt after the count: its deal seen to the end, then enough
        if counted and ends_at is None and not s["overlay"] and s["phase"] == "mus":
            ends_at = now + 1.5
        if ends_at is not None and now >= ends_at:
            break
        if now - start > limit_s or not ready and now - start > 120:
            film.note(f"stopped after {now - start:.0f} s")
            break
        page.wait_for_timeout(10)
    frames = film.close(phase)
    context.close()
    return frames


def write_index(out: Path, frames: list[dict[str, Any]], title: str) -> None:
    lines = [f"{f['file']}  {f['ms']:6d} ms  {f['phase']:<10} {' | '.join(f['notes'])}".rstrip() for f in frames]
    (out / "index.txt").write_text(title + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    cells = "".join(
        f'<figure><img src="{f["file"]}" loading="lazy"><figcaption><b>{f["ms"]} ms</b> {html.escape(f["phase"])}'
        f'<br>{html.escape(" | ".join(f["notes"]))}</figcaption></figure>' for f in frames)
    (out / "index.html").write_text(
        f'<!doctype html><meta charset="utf-8"><title>{html.escape(title)}</title>'
        '<style>body{font:13px system-ui;background:#222;color:#eee}main{display:flex;flex-wrap:wrap;gap:8px}'
        'figure{margin:0;width:180px}img{width:180px;display:block}figcaption{font-size:11px}</style>'
        f'<h1>{html.escape(title)}</h1><main>{cells}</main>', encoding="utf-8")


def write_sheets(chromium: Any, out: Path, frames: list[dict[str, Any]], size: tuple[int, int]) -> list[Path]:
    """Contact sheets of ``frames`` drawn by Chromium itself (no image library needed)."""
    per = SHEET_COLUMNS * SHEET_ROWS
    width = size[0] // 3
    sheets = []
    page = chromium.new_page(viewport={"width": SHEET_COLUMNS * (width + 4) + 4, "height": 400})
    for n in range(0, len(frames), per):
        cells = "".join(
            f'<figure><img src="{f["file"]}"><figcaption>{f["ms"] / 1000:.1f} s'
            f'{" · " + html.escape(f["notes"][-1][:28]) if f["notes"] else ""}</figcaption></figure>'
            for f in frames[n:n + per])
        sheet = out / f"sheet-{n // per + 1}.html"
        sheet.write_text(
            '<!doctype html><meta charset="utf-8"><style>body{margin:0;background:#111;color:#eee;'
            f'font:9px system-ui}}main{{display:grid;grid-template-columns:repeat({SHEET_COLUMNS},{width}px);'
            f'gap:4px;padding:4px}}figure{{margin:0}}img{{width:{width}px;display:block}}'
            'figcaption{white-space:nowrap;overflow:hidden}</style>'
            f'<main>{cells}</main>', encoding="utf-8")
        page.goto(sheet.as_uri())
        page.wait_for_load_state("load")
        path = out / f"sheet-{n // per + 1}.png"
        page.screenshot(path=str(path), full_page=True)
        sheet.unlink()
        sheets.append(path)
    page.close()
    return sheets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A hand played at normal speed, as a sequence of frames.")
    parser.add_argument("--out", type=Path, default=Path("/tmp/mus-recording"))
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--every", type=int, default=100, help="ms between frames (default 100)")
    parser.add_argument("--size", default="360x740", help="the viewport, WxH (default 360x740)")
    parser.add_argument("--lang", choices=("es", "en"), default="es")
    parser.add_argument("--speed", choices=("lenta", "normal", "rapida"), default="normal")
    parser.add_argument("--think", type=int, default=700, help="ms the player takes to choose (default 700)")
    parser.add_argument("--read", type=int, default=3000, help="ms the player reads the count (default 3000)")
    parser.add_argument("--reduced-motion", action="store_true", help="as a system that asks for reduced motion")
    parser.add_argument("--limit", type=float, default=180, help="stop after this many seconds (default 180)")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    for old in [*args.out.glob("frame-*.png"), *args.out.glob("sheet-*.png")]:
        old.unlink()

    title = (f"seed {args.seed} at {width}×{height}, speed {args.speed}, {args.lang}"
             f"{', reduced motion' if args.reduced_motion else ''}, a frame every {args.every} ms")
    with served() as root, browser() as chromium:
        frames = record(chromium, f"{root}?seed={args.seed}", args.out, (width, height), args.every,
                        Player(args.think, args.read), args.lang, args.speed, args.reduced_motion, args.limit)
        write_index(args.out, frames, title)
        sheets = write_sheets(chromium, args.out, frames, (width, height))
    span = frames[-1]["ms"] / 1000 if frames else 0
    gaps = [b["ms"] - a["ms"] for a, b in zip(frames, frames[1:])]
    median = sorted(gaps)[len(gaps) // 2] if gaps else 0
    print(f"{len(frames)} frames over {span:.1f} s (median {median} ms apart) in {args.out}")
    for path in sheets:
        print(f"{path}  {path.stat().st_size / 1024:.0f} KB")
    print(f"{args.out / 'index.html'}  (every frame, with what happened)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
