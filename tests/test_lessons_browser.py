"""Lessons in Chromium: the article boots nothing until a click, embedded lessons answer and
size their frames, lessons.html remembers progress, "Juega esta mano" starts that deal, and
lessons work where storage throws.

Correct answers are taken from the engine (``Lesson.replay``), as the page computes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FrameLocator, Page

from mus.web.lessons.lesson import Lesson
from mus.web.lessons.player import LessonPlayer
from mus.web.lessons.render import play_href
from tests.browser import BOOT_TIMEOUT_MS, BootState, boot_page
from tests.ui import py, run_axe

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parent.parent / "static" / "lessons"
HEAVY = re.compile(r"\.(wasm|py|zip|whl|mjs)$|/vendor/|pyodide|pyscript|\.toml$")
THROWING_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true, get() { throw new DOMException("storage is blocked", "SecurityError"); } });
"""


def lesson(lesson_id: str) -> Lesson:
    return Lesson.from_json((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))


def first_question(lesson_id: str) -> tuple[int, str, str]:
    """(step index, correct answer, Spanish explanation) of the lesson's first question."""
    data = lesson(lesson_id)
    replay = data.replay()
    index = min(replay.answers)
    ask = data.steps[index].ask
    assert ask is not None
    return index, replay.answers[index], ask.explain["es"]


def play_link(lesson_id: str) -> str:
    href = play_href(LessonPlayer(lesson(lesson_id)))
    assert href is not None
    return href


def frame_height(page: Page, lesson_id: str) -> float:
    return page.evaluate(f"() => document.querySelector('[data-mus-lesson={lesson_id}] iframe').getBoundingClientRect().height")


def content_height(frame: FrameLocator) -> float:
    return frame.locator("#embed").evaluate("el => el.getBoundingClientRect().height")


# --- the article -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def article(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "article.html", wait_ready=False,
                      context_args={"viewport": {"width": 390, "height": 900}})
    yield state
    state.close()


def test_article_loads_nothing_heavy_before_a_click(article: BootState) -> None:
    page = article.page
    page.wait_for_function("() => document.querySelectorAll('.mus-lesson-card .mus-lesson-hand').length >= 5")
    page.wait_for_load_state("networkidle")
    assert page.locator("[data-mus-lesson]").count() >= 5
    assert page.locator("iframe").count() == 0
    heavy = [u for u in article.requests if HEAVY.search(u.split("?")[0])]
    assert heavy == []
    card = page.locator('[data-mus-lesson="pares"] .mus-lesson-card')
    assert "Los pares" in card.inner_text() and card.locator("button").inner_text() == "Empezar"
    assert card.locator(".mus-lesson-hand span").count() == 4
    assert article.external_requests == []
    assert run_axe(page) == []
    # A lesson added later by the page's own script becomes a card too.
    page.evaluate("""() => { const d = document.createElement('div'); d.dataset.musLesson = 'punto';
        document.querySelector('main').append(d); musLessons.scan(); }""")
    page.wait_for_selector('[data-mus-lesson="punto"] .mus-lesson-hand')
    assert page.locator("iframe").count() == 0


def start(page: Page, lesson_id: str) -> FrameLocator:
    page.click(f'[data-mus-lesson="{lesson_id}"] button')
    frame = page.frame_locator(f'[data-mus-lesson="{lesson_id}"] iframe')
    frame.locator("html.ready").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    return frame


def test_two_lessons_answered_one_right_one_wrong_with_explanations(article: BootState) -> None:
    page = article.page
    pares, grande = start(page, "pares"), start(page, "grande")
    assert page.locator("iframe").count() == 2

    index, right, explain = first_question("pares")
    assert index == 0
    before = frame_height(page, "pares")
    pares.locator(f'.lplate[data-ui="answer"][value="{right}"]').click()
    pares.locator(".lverdict.is-right").wait_for()
    assert pares.locator(".lexplain").inner_text() == explain

    # A wrong answer is told why, and tried again; the answer and its explanation wait for it.
    _, right, explain = first_question("grande")
    wrong = str((int(right) + 1) % 4)
    grande.locator(f'.lplate[data-ui="answer"][value="{wrong}"]').click()
    grande.locator(".lverdict.is-wrong").wait_for()
    assert grande.locator(".lverdict").inner_text().endswith("Prueba otra vez.")
    assert grande.locator(".lexplain").count() == 0
    assert grande.locator(f'.lplate[data-ui="answer"][value="{wrong}"]').is_disabled()
    grande.locator(f'.lplate[data-ui="answer"][value="{right}"]').click()
    grande.locator(".lverdict.is-right").wait_for()
    assert grande.locator(".lexplain").inner_text() == explain

    # The frame follows its content: answering made it taller, and it fits without scrolling.
    page.wait_for_function("""([id, h]) => {
        const f = document.querySelector(`[data-mus-lesson=${id}] iframe`);
        return f.getBoundingClientRect().height > h; }""", arg=["pares", before])
    for lesson_id, frame in (("pares", pares), ("grande", grande)):
        page.wait_for_function("""([id, h]) => Math.abs(document.querySelector(`[data-mus-lesson=${id}] iframe`)
            .getBoundingClientRect().height - h) <= 1""", arg=[lesson_id, content_height(frame)])
    # ... and shrinks back when the content does (the next step has no count and no answer yet).
    tall = frame_height(page, "pares")
    pares.locator('[data-ui="step"][value="next"]').click()
    pares.locator('article[data-step="1"]').wait_for()
    page.wait_for_function("""([h]) => Math.abs(document.querySelector('[data-mus-lesson=pares] iframe')
        .getBoundingClientRect().height - h) <= 1""", arg=[content_height(pares)])
    assert frame_height(page, "pares") != tall
    assert article.console_errors == []
    assert [u for u in article.requests if "/static/bots" in u] == []  # a lesson never starts the bots' worker


# --- lessons.html, progress and "Juega esta mano" ------------------------------------------------


@pytest.fixture(scope="module")
def index(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "lessons.html")
    yield state
    state.close()


def test_index_remembers_progress_after_a_reload(index: BootState) -> None:
    page = index.page
    assert page.locator("[data-lesson-item]").count() == len(list(LESSONS.glob("*.json")))
    assert page.locator('[data-lesson-item="chica"]').get_attribute("data-progress") == "new"
    page.click('[data-ui="lesson"][value="chica"]')
    _, right, _ = first_question("chica")
    page.click(f'.lplate[data-ui="answer"][value="{right}"]')
    page.wait_for_selector(".lverdict.is-right")
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    item = page.locator('[data-lesson-item="chica"]')
    assert item.get_attribute("data-progress") == "started"
    assert "1 de 2 bien" in item.inner_text()
    stored = json.loads(page.evaluate("() => localStorage.getItem('mus.lessons')"))
    assert stored["chica"] == {"done": False, "right": 1, "questions": 2}
    assert run_axe(page) == []


TAP_PX = 44
PHONES = [(320, 568), (360, 740)]
# Each kind of control of the player, as a reader reaches it: (lesson, clicks from its first step).
QUESTIONS = [
    ("grande", []),                                                     # seats to tap
    ("grande", ['.lplate[data-ui="answer"][value="3"]']),              # a seat tried, "Ver la respuesta"
    ("cartas", ['[data-ui="step"][value="next"]']),                      # a number
    ("mus", ['[data-ui="step"][value="next"]', '[data-pos="0"]']),      # cards to throw
    ("envites", []),                                                    # quiero / no quiero
    ("cortar", []),                                                     # ¿qué harías?
    ("senas", ['[data-ui="step"][value="next"]', '[data-ui="sena"][value="duples"]']),  # señas to pick
    ("juegos", ['.lplate[data-ui="answer"][value="0"]', '[data-ui="step"][value="next"]']),  # the mano
]
SMALL_TARGETS = """(tap) => [...document.querySelectorAll('.lesson button, .lesson a, .lesson input')]
    .filter((el) => el.getClientRects().length)
    .map((el) => { const r = el.getBoundingClientRect();
                   return `${el.outerHTML.slice(0, 90)} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`
                          + (r.width < tap - 0.01 || r.height < tap - 0.01 ? ' SMALL' : ''); })
    .filter((line) => line.endsWith(' SMALL'))"""
CARD_WIDTHS = """() => [...document.querySelectorAll('.lesson .card')].map((el) =>
    [el.closest('[data-hand]').dataset.hand, el.getBoundingClientRect().width, el.getBoundingClientRect().height])"""


def test_every_tap_target_is_finger_sized_on_phones(index: BootState) -> None:
    """At 320×568 and 360×740 every button, link and box of the lesson player is at least
    44 px each way, the reader's cards too, the others stay readable, nothing overflows."""
    page = index.page
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        for lesson_id, clicks in QUESTIONS:
            if page.locator('[data-ui="index"]').count():
                page.click('[data-ui="index"]')
            page.click(f'[data-ui="lesson"][value="{lesson_id}"]')
            for selector in clicks:
                page.click(selector)
            page.wait_for_selector(f'.lesson[data-lesson="{lesson_id}"] .lquestion')
            where = f"{lesson_id} after {clicks} at {width}x{height}"
            assert page.evaluate(SMALL_TARGETS, TAP_PX) == [], where
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width, where
            cards = page.evaluate(CARD_WIDTHS)
            assert cards and all(w >= TAP_PX and h >= 1.4 * TAP_PX for seat, w, h in cards if seat == "0"), where
            assert all(w >= 30 and h >= 45 for _, w, h in cards), (where, cards)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.click('[data-ui="index"]')  # leave the page as the next test expects it: at the index
    assert index.console_errors == []


def test_play_this_hand_starts_a_game_with_that_deal(index: BootState) -> None:
    page = index.page
    page.click('[data-ui="lesson"][value="cuenta"]')
    page.click("a.play")
    page.wait_for_url(re.compile(r"/index\.html"))
    page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('[data-hand="0"] [data-card]')
    expected = lesson("cuenta").start()
    cards = [c.get_attribute("data-card") for c in page.query_selector_all('[data-hand="0"] [data-card]')]
    assert cards == expected.hand(0)
    game = py(page, "import json; from mus.web.dom import play as _a; g = _a._app.session.game; "
                    "json.dumps({'hands': [g.hand(s) for s in range(4)], 'score': g.score, 'mano': g.mano})")
    assert game == {"hands": [expected.hand(s) for s in range(4)], "score": [37, 37], "mano": 0}
    assert "deal=" not in page.url  # a reload resumes the game instead of dealing again

    # A partida in progress is left only if the player agrees: declining keeps it.
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.goto(page.url.split("index.html")[0] + play_link("real"))
    page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert asked and "partida a medias" in asked[0]
    still = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.score)")
    assert still == [37, 37] and "deal=" not in page.url
    assert index.console_errors == []


# --- storage that throws, English, 320 px --------------------------------------------------------


def test_a_lesson_works_when_storage_throws(browser: Any, base_url: str) -> None:
    state = boot_page(browser, base_url + "embed.html?lesson=ordago&lang=en",
                      context_args={"viewport": {"width": 320, "height": 640}})
    try:
        page = state.page
        page.add_init_script(THROWING_STORAGE)  # for the reload below; this load used real storage
        page.reload()
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("() => { try { localStorage; return false } catch (e) { return true } }")
        assert page.locator(".ltitle").inner_text() == "Órdago"
        page.click('[data-ui="step"][value="next"]')
        _, right, _ = [(i, a, "") for i, a in sorted(lesson("ordago").replay().answers.items())][0]
        page.click(f'.lquestion [data-ui="answer"][value="{right}"]')
        page.wait_for_selector(".lverdict.is-right")
        assert page.locator(".lverdict").inner_text() == "Right!"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
        assert run_axe(page) == []
        assert state.console_errors == []
        # An unknown lesson is explained, and the frame is still marked ready for its parent.
        page.goto(base_url + "embed.html?lesson=nope")
        page.wait_for_selector("html.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert "nope" in page.locator(".lerror").inner_text()
    finally:
        state.close()


def test_on_touch_no_focus_ring_points_at_an_answer(browser: Any, base_url: str) -> None:
    """A finger that taps "Siguiente" must not find a focus ring on the first answer (in
    `senas` the first seña to pick is one of the right ones); from the keyboard the first
    control still takes the focus, ring and all."""
    state = boot_page(browser, base_url + "lessons.html?lesson=senas",
                      context_args={"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True})
    ring = "() => [document.activeElement?.dataset?.ui ?? null, document.activeElement?.matches(':focus-visible') ?? false]"
    try:
        page = state.page
        page.tap('[data-ui="step"][value="next"]')
        page.wait_for_selector('.lesson[data-step="1"] [data-ui="sena"]')
        ui, visible = page.evaluate(ring)
        assert not (visible and ui in ("sena", "answer", "senas")), (ui, visible)
        page.tap('[data-ui="step"][value="prev"]')
        page.wait_for_selector('.lesson[data-step="0"]')
        page.focus('[data-ui="step"][value="next"]')
        page.keyboard.press("Enter")
        page.wait_for_selector('.lesson[data-step="1"] [data-ui="sena"]')
        assert page.evaluate(ring) == ["sena", True]
        assert state.console_errors == []
    finally:
        state.close()
