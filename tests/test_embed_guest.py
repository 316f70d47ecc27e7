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
import threading
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
<script src="{site}static/embed.js" defer></script>
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
    handler = type("Host", (StaticHost,), {"csp": CSP.format(site=base_url.rstrip("/"))})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def article(browser: Any, blog: str, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, blog, wait_ready=False,
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
