"""Lessons and a shared hand as guests on a stranger's page, in Chromium.

The article is served from a second origin (another port of 127.0.0.1) by a plain static
server: no CORS headers, and a strict Content Security Policy (``style-src 'self'``: no inline
style, no <style> element of ours; scripts and frames only from the two origins). It embeds two
lessons and a shared hand with README's snippet, beside a comment box. A reader on a 320 px
phone: the cards show with no console error and no request but ``embed.js``; their controls are
tap-sized; he starts a lesson and types in the comment box while it boots, and keeps the focus
and every key; a lesson out of sight keeps the height of its content, so it does not jump when
scrolled back; the hand's frame is as tall as the hand; no frame ever shows PyScript's config.
"""

from __future__ import annotations

import functools
import http.server
import struct
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Frame, Page

from mus.web.lessons.lesson import Lesson
from tests.browser import BOOT_TIMEOUT_MS, BootState, boot_page
from tests.test_lessons_browser import LESSONS

pytestmark = pytest.mark.browser

HAND = "AAoBCBBDAAAAAADdNQSTVjefXlACbkABVVSVSRYTS"  # article.html's shared hand
ARTICLE = """<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Un blog de mus</title>
</head>
<body>
<h1>Mis notas de mus</h1>
<p>Los pares, según los juego yo.</p>
<div data-mus-lesson="pares"></div>
<label>Tu comentario <textarea id="comment" rows="3"></textarea></label>
<p>Una mano que vi ayer.</p>
<div data-mus-hand="{hand}"></div>
{filler}
<div data-mus-lesson="grande" data-lang="en"></div>
{filler}
<h2>Errores de quien escribe</h2>
<div data-mus-lesson="señas"></div>
<div data-mus-hand="{site}index.html#mano={hand}"></div>
<div data-mus-lesson="pairs" data-lang="en"></div>
<script src="{site}static/embed.js" defer></script>
</body>
</html>
"""
# A dark blog that says nothing of colour schemes: only its background is dark.
DARK = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="dark.css"><title>A dark blog</title></head>
<body>
<p>A lesson and a hand on a dark page.</p>
<div data-mus-lesson="pares"></div>
<div data-mus-hand="{hand}"></div>
<div data-mus-lesson="grande" data-mus-theme="light"></div>
<script src="{site}static/embed.js" defer></script>
</body>
</html>
"""
DARK_BACKGROUND = (22, 24, 28)
# docs/lessons.md's frame without a card, on a page with or without embed.js.
FRAME = """<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Un marco</title></head>
<body>
<p>La lección, sin tarjeta.</p>
{frame}
{script}
</body>
</html>
"""
FILLER = "<p>" + "Texto del artículo, largo, para que la lección quede fuera de la vista. " * 40 + "</p>"
# Like a careful blog: only its own files and, as README says a host may add, this site's
# script and frames. No inline style or <style> is allowed (style-src 'self').
CSP = ("default-src 'none'; script-src 'self' {site}; frame-src {site}; style-src 'self'; "
       "img-src 'self' data:; base-uri 'none'; form-action 'none'")
# The controls a finger must hit (a radio's label counts for the radio) smaller than 44 px.
SMALL_CONTROLS_JS = """(root) => [...document.querySelectorAll('button, a[href], label:has(input), input:not([type=radio])')]
    .filter((el) => el.closest(root)).map((el) => [el.textContent.trim() || el.outerHTML.slice(0, 60), el.getBoundingClientRect()])
    .filter(([, r]) => r.width && (r.width < 44 || r.height < 44))
    .map(([what, r]) => [what, Math.round(r.width), Math.round(r.height)])"""
RAW_CONFIG_JS = "() => /\"plugins\"|\"interpreter\"|mpy-start|pyodide-start/.test(document.body?.innerText ?? '')"


def docs_snippet(after: str) -> str:
    """The first html block of docs/lessons.md after the words ``after``: what an author copies."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "lessons.md").read_text(encoding="utf-8")
    return text.split(after, 1)[1].split("```html\n", 1)[1].split("```", 1)[0]


def pixels(png: bytes) -> list[list[tuple[int, int, int]]]:
    """The RGB rows of a PNG screenshot (8-bit RGB or RGBA, not interlaced)."""
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    assert depth == 8 and kind in (2, 6), (depth, kind)
    data, at = b"", 8
    while at < len(png):
        size, name = struct.unpack(">I4s", png[at:at + 8])
        if name == b"IDAT":
            data += png[at + 8:at + 8 + size]
        at += 12 + size
    raw, step = zlib.decompress(data), 4 if kind == 6 else 3
    rows: list[bytearray] = []
    line = width * step
    for y in range(height):
        kind_of, row = raw[y * (line + 1)], bytearray(raw[y * (line + 1) + 1:(y + 1) * (line + 1)])
        up = rows[-1] if rows else bytearray(line)
        for x in range(line):
            left = row[x - step] if x >= step else 0
            corner = up[x - step] if x >= step else 0
            if kind_of == 1:
                row[x] = (row[x] + left) & 255
            elif kind_of == 2:
                row[x] = (row[x] + up[x]) & 255
            elif kind_of == 3:
                row[x] = (row[x] + (left + up[x]) // 2) & 255
            elif kind_of == 4:
                guess = left + up[x] - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up[x]), 1, up[x]), (abs(guess - corner), 2, corner))
                row[x] = (row[x] + near[2]) & 255
        rows.append(row)
    return [[(r[x], r[x + 1], r[x + 2]) for x in range(0, line, step)] for r in rows]


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """A plain static host: files, a CSP header, nothing for CORS."""

    csp = ""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.csp)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def blog(tmp_path_factory: pytest.TempPathFactory, base_url: str) -> Iterator[str]:
    """The article's URL, on a second origin."""
    root = tmp_path_factory.mktemp("blog")
    (root / "index.html").write_text(ARTICLE.format(site=base_url, hand=HAND, filler=FILLER), encoding="utf-8")
    (root / "dark.html").write_text(DARK.format(site=base_url, hand=HAND), encoding="utf-8")
    (root / "dark.css").write_text("body { background: rgb%s; color: #eee; margin: 0; padding: 8px; }" % (DARK_BACKGROUND,),
                                   encoding="utf-8")
    frame = docs_snippet("A frame without a card").replace("https://mus.example/", base_url)
    (root / "frame.html").write_text(FRAME.format(frame=frame, script=""), encoding="utf-8")
    cards = docs_snippet("Replace `https://mus.example` with where this site is served:").replace("https://mus.example/", base_url)
    (root / "docs.html").write_text(FRAME.format(frame=cards, script=""), encoding="utf-8")
    (root / "frame-js.html").write_text(
        FRAME.format(frame=frame, script=f'<script src="{base_url}static/embed.js" defer></script>'), encoding="utf-8")
    handler = type("Host", (StaticHost,), {"csp": CSP.format(site=base_url.rstrip("/"))})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def article(browser: Any, blog: str, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, blog + "index.html", wait_ready=False,
                      context_args={"viewport": {"width": 320, "height": 640}, "has_touch": True})
    state.page.wait_for_selector("[data-mus-lesson] button, [data-mus-hand] button")
    state.page.wait_for_load_state("networkidle")
    yield state
    state.close()


def lesson_frame(page: Page, selector: str) -> Frame:
    handle = page.locator(f"{selector} iframe").element_handle()
    frame = handle.content_frame() if handle else None
    assert frame is not None
    return frame


def watch_boot(page: Page, selector: str) -> tuple[Frame, list[str]]:
    """The frame in ``selector`` once its lesson is ready, and what it showed while booting
    whenever it showed PyScript's config (polled every 20 ms)."""
    frame = lesson_frame(page, selector)
    seen: list[str] = []
    for _ in range(BOOT_TIMEOUT_MS // 20):
        try:
            if frame.evaluate(RAW_CONFIG_JS):
                seen.append(frame.evaluate("() => document.body.innerText"))
            if frame.evaluate("() => document.documentElement.classList.contains('ready')"):
                return frame, seen
        except Exception:  # the frame is still navigating
            pass
        page.wait_for_timeout(20)
    raise AssertionError(f"{selector}'s frame did not get ready")


def heights(page: Page, selector: str, frame: Frame) -> tuple[float, float]:
    """(the iframe's height in the article, the height of the content in it)."""
    outer = page.evaluate(f"() => document.querySelector('{selector} iframe').getBoundingClientRect().height")
    inner = frame.evaluate("() => document.getElementById('embed').getBoundingClientRect().height")
    return float(outer), float(inner)


def test_cards_come_with_embed_js_alone(article: BootState, base_url: str) -> None:
    page = article.page
    assert article.console_errors == []  # nothing refused by the CSP, nothing blocked by CORS
    ours = [u for u in article.requests if u.startswith(base_url)]
    assert ours == [base_url + "static/embed.js"], ours
    pares = page.locator('[data-mus-lesson="pares"]')
    assert pares.locator("h3").inner_text() == Lesson.from_json((LESSONS / "pares.json").read_text()).title["es"]
    assert pares.locator('[aria-hidden="true"] span').count() == 4  # the reader's hand
    grande = page.locator('[data-mus-lesson="grande"]')
    assert grande.locator("button").inner_text() == "Start"
    assert page.locator("[data-mus-hand] button").inner_text() == "Ver la mano"
    assert page.locator("style").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320


def test_card_controls_are_tap_sized_at_320_px(article: BootState) -> None:
    assert article.page.evaluate(SMALL_CONTROLS_JS, "[data-mus-mounted]") == []
    assert article.page.locator("[data-mus-mounted] button").count() == 3


def test_a_booting_lesson_leaves_the_readers_focus_and_keys_alone(article: BootState) -> None:
    page = article.page
    page.click('[data-mus-lesson="pares"] button')
    # Focused rather than clicked: the box moves down as the frame above it grows, and a
    # click aimed before a move lands in the frame.
    page.focus("#comment")
    page.keyboard.type("Muy buena ")
    scrolled = page.evaluate("() => window.scrollY")
    frame, raw = watch_boot(page, '[data-mus-lesson="pares"]')
    page.keyboard.type("la lección")
    assert page.input_value("#comment") == "Muy buena la lección"
    assert page.evaluate("() => document.activeElement.id") == "comment"
    assert frame.evaluate("() => document.hasFocus()") is False
    assert frame.locator('[data-ui="answer"]').count() > 0  # the lesson is there, and waits
    assert raw == []
    # Nothing scrolled the article to the lesson (the browser keeps the box in sight as the
    # frame above it grows: the page scrolls down by what the frame grew, no more).
    grown = page.evaluate("() => document.querySelector('[data-mus-lesson=pares] iframe').getBoundingClientRect().height")
    assert page.evaluate("() => window.scrollY") - scrolled <= grown
    assert article.console_errors == []


def test_a_lesson_started_and_left_gets_the_focus_it_was_given(article: BootState) -> None:
    """Started from the keyboard and waited for, the lesson's first question takes the focus."""
    page = article.page
    page.focus('[data-mus-hand] button')
    page.keyboard.press("Enter")
    frame, raw = watch_boot(page, "[data-mus-hand]")
    assert raw == []
    assert frame.evaluate("() => document.hasFocus() && document.activeElement.id") == "replay-title"
    frame.wait_for_selector("[data-replay-coach] *", timeout=BOOT_TIMEOUT_MS)  # the coach's numbers came
    page.wait_for_timeout(300)
    outer, inner = heights(page, "[data-mus-hand]", frame)
    assert inner > 875 and abs(outer - inner) <= 1, (outer, inner)  # the whole hand, not README's old 900 px cut
    small = frame.evaluate(SMALL_CONTROLS_JS, "body")
    assert small == [], small
    assert article.console_errors == []


def test_a_lesson_out_of_sight_keeps_the_height_of_its_content(article: BootState) -> None:
    page = article.page
    selector = '[data-mus-lesson="grande"]'
    page.locator(f"{selector} button").scroll_into_view_if_needed()
    page.click(f"{selector} button")
    frame, raw = watch_boot(page, selector)
    assert raw == []
    page.evaluate("() => window.scrollTo(0, 0)")  # the lesson is far below now, out of sight
    assert page.evaluate(f"() => document.querySelector('{selector} iframe').getBoundingClientRect().top") > 640
    before = heights(page, selector, frame)
    # The lesson changes while nobody sees it (as a step the reader started would): answer.
    right = Lesson.from_json((LESSONS / "grande.json").read_text()).replay().answers[0]
    frame.evaluate(f"() => document.querySelector('[data-ui=answer][value=\"{right}\"]').click()")
    frame.wait_for_selector(".lverdict")
    page.wait_for_timeout(500)
    outer, inner = heights(page, selector, frame)
    assert inner != before[1]  # the answer and its explanation changed the height...
    assert abs(outer - inner) <= 1, (outer, inner)  # ...and the frame followed, unseen
    page.locator(selector).scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    assert abs(heights(page, selector, frame)[0] - outer) <= 1  # no jump when it comes into view
    assert article.console_errors == []


def test_the_lesson_pages_never_show_their_config(browser: Any, base_url: str) -> None:
    state = boot_page(browser, base_url + "lessons.html", wait_ready=False)
    try:
        seen = []
        while not state.page.evaluate("() => document.documentElement.matches('.ready, .boot-failed')"):
            if state.page.evaluate(RAW_CONFIG_JS):
                seen.append(state.page.inner_text("body"))
            state.page.wait_for_timeout(20)
        assert seen == []
        assert state.console_errors == []
    finally:
        state.close()


# --- an author's mistakes, a dark page, offline, a frame without a card --------------------------


def test_an_authors_mistakes_are_told_at_load_in_the_pages_language(article: BootState) -> None:
    """Before any click, a div naming no lesson or holding a whole share link says so on its
    card, in the page's language, with what to write; the console gets it as a warning."""
    page = article.page
    mistakes = {el.get_attribute("data-mus-lesson") or "hand": el.get_attribute("data-mus-error")
                for el in page.query_selector_all("[data-mus-error]")}
    assert mistakes == {
        "señas": 'No hay ninguna lección «señas». ¿Querías decir data-mus-lesson="senas"?',
        "hand": f'Aquí va solo el código del enlace, lo que sigue a #mano=: data-mus-hand="{HAND}".',
        "pairs": 'There is no lesson “pairs”. Did you mean data-mus-lesson="pares"?',
    }
    for message in mistakes.values():
        assert page.locator(".mus-lesson-card", has_text=message).count() == 1
    assert page.locator("[data-mus-error] button").count() == 0
    warnings = [line for line in article.console if line.startswith("warning: mus: ")]
    assert len(warnings) == 3 and all(any(m in w for w in warnings) for m in mistakes.values())
    # nothing else but the frames' runtime debug lines (hidden at a console's default levels)
    assert [line for line in article.console if not line.startswith(("warning: mus: ", "debug: "))] == []


def frame_of(page: Page, selector: str) -> Frame:
    frame = lesson_frame(page, selector)
    frame.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    return frame


def test_on_a_dark_page_the_cards_and_frames_are_dark_and_no_strip_shows(browser: Any, blog: str) -> None:
    """A dark blog (its background only) gets dark cards and frames; a frame's colour scheme is
    its element's, so no opaque backdrop shows around a lesson or under a replay: the pixels
    beside the lesson are the blog's. `data-mus-theme` decides over the page."""
    state = boot_page(browser, blog + "dark.html", wait_ready=False, context_args={"viewport": {"width": 360, "height": 740}})
    try:
        page = state.page
        page.wait_for_selector("[data-mus-mounted] button")
        felt = page.evaluate("""() => [...document.querySelectorAll('.mus-lesson-card')].map((c) => getComputedStyle(c).backgroundColor)""")
        assert felt[0] == felt[1] != felt[2]  # the light one was asked for
        for selector in ('[data-mus-lesson="pares"]', "[data-mus-hand]"):
            page.locator(f"{selector} button").scroll_into_view_if_needed()
            page.click(f"{selector} button")
            frame = frame_of(page, selector)
            assert "theme=dark" in frame.url
            schemes = (page.evaluate(f"() => getComputedStyle(document.querySelector('{selector} iframe')).colorScheme"),
                       frame.evaluate("() => getComputedStyle(document.documentElement).colorScheme"))
            assert schemes == ("dark", "dark"), selector
            page.wait_for_timeout(300)
            iframe = page.locator(f"{selector} iframe")
            iframe.scroll_into_view_if_needed()
            box = iframe.bounding_box()
            assert box is not None
            # the frame's own edge (its 0.5rem of padding) and the blog beside it are one colour,
            # but for the lesson's faint shadow: a backdrop would be white or black
            shot = pixels(page.screenshot(clip={"x": box["x"] - 4, "y": box["y"] + 40, "width": 8, "height": 20}))
            assert all(abs(c - d) <= 3 for row in shot for px in row for c, d in zip(px, DARK_BACKGROUND)), \
                (selector, {px for row in shot for px in row})
        assert state.console_errors == []
    finally:
        state.close()


def test_offline_a_card_says_so_and_opens_when_the_connection_is_back(browser: Any, blog: str) -> None:
    state = boot_page(browser, blog + "index.html", wait_ready=False,
                      context_args={"viewport": {"width": 320, "height": 640}})
    try:
        page = state.page
        page.wait_for_selector('[data-mus-lesson="pares"] button')
        state.context.set_offline(True)
        page.click('[data-mus-lesson="pares"] button')
        card = page.locator('[data-mus-lesson="pares"] .mus-lesson-card')
        assert "Sin conexión: la lección no se ha podido cargar" in card.inner_text()
        assert page.locator('[data-mus-lesson="pares"] iframe').count() == 0
        assert page.evaluate("() => document.activeElement.textContent") == "Reintentar"
        state.context.set_offline(False)  # back online: the frame opens by itself
        frame_of(page, '[data-mus-lesson="pares"]')
        # A server that does not answer: the frame is the browser's error page, and says nothing.
        page.route("**/embed.html*", lambda route: route.abort("connectionrefused"))
        page.click('[data-mus-lesson="grande"] button')
        page.wait_for_selector('[data-mus-lesson="grande"] .mus-lesson-card', timeout=10_000)
        assert "Offline: the lesson could not load" in page.inner_text('[data-mus-lesson="grande"]')
        page.unroute("**/embed.html*")
        page.click('[data-mus-lesson="grande"] button')  # "Try again"
        frame_of(page, '[data-mus-lesson="grande"]')
        assert [e for e in state.console_errors if "embed.html" not in e] == []
    finally:
        state.close()


@pytest.mark.parametrize("with_script", [False, True])
def test_the_docs_frame_without_a_card_works_under_the_csp(browser: Any, blog: str, with_script: bool) -> None:
    """docs/lessons.md's frame, copied as it is into a page with the advised CSP: sized by its
    attributes (not 300×150); the lesson answers; without embed.js its buttons stay in sight
    in a frame shorter than the lesson, with it the frame follows its content."""
    state = boot_page(browser, blog + ("frame-js.html" if with_script else "frame.html"), wait_ready=False,
                      context_args={"viewport": {"width": 360, "height": 740}})
    try:
        page = state.page
        handle = page.wait_for_selector("iframe")
        frame = handle.content_frame()
        assert frame is not None
        frame.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        width = page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().width")
        assert width == page.evaluate("() => document.body.clientWidth")
        right = Lesson.from_json((LESSONS / "pares.json").read_text()).replay().answers[0]
        frame.click(f'.lplate[data-ui="answer"][value="{right}"]')
        frame.wait_for_selector(".lverdict.is-right")
        page.wait_for_timeout(500)
        outer = page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().height")
        inner = frame.evaluate("() => document.getElementById('embed').getBoundingClientRect().height")
        if with_script:
            assert abs(outer - inner) <= 1, (outer, inner)
        else:
            assert outer == 800 and inner > outer  # a phone's lesson is taller than the frame...
            bottom = frame.evaluate("""() => document.querySelector('[data-ui=step][value=next]').getBoundingClientRect().bottom""")
            assert bottom <= frame.evaluate("() => innerHeight")  # ...and "Siguiente" is in sight
        assert state.console_errors == []
    finally:
        state.close()


def test_the_docs_cards_work_as_written(browser: Any, blog: str) -> None:
    """docs/lessons.md's snippet, copied as it is: a Spanish and an English lesson and a hand,
    each a card; the English lesson opens in English."""
    state = boot_page(browser, blog + "docs.html", wait_ready=False, context_args={"viewport": {"width": 360, "height": 740}})
    try:
        page = state.page
        page.wait_for_selector("[data-mus-hand] button")
        assert page.locator("[data-mus-error]").count() == 0
        assert page.locator("[data-mus-mounted] button").all_inner_texts() == ["Empezar", "Start", "Ver la mano"]
        page.click('[data-mus-lesson="cuenta"] button')
        frame = frame_of(page, '[data-mus-lesson="cuenta"]')
        assert frame.evaluate("() => document.documentElement.lang") == "en"
        assert "Counting at 37" in frame.inner_text(".ltitle")
        assert state.console_errors == [] and not [line for line in state.console if line.startswith("warning")]
    finally:
        state.close()
