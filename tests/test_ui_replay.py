"""The replay in the browser: from the count, step through a hand, change whose view,
and open its share link in a fresh page without touching the saved partida."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mus.web.kit.coach import coach_numbers
from mus.web.play.brain import Brain, coach_request
from mus.web.replay.model import Replay
from tests.browser import BootState
from tests.test_ui_bots import BOTS_JS, FALLBACK, SEARCH_LOADED
from tests.ui import play_until_overlay, py, run_axe, start_game

pytestmark = pytest.mark.browser

SAVE_KEY = "mus.save"

PANEL_JS = """() => {
  const panel = document.querySelector('#replay .rp-panel');
  if (!panel) return null;
  const hands = [0, 1, 2, 3].map((s) => {
    const faces = [...document.querySelectorAll(`[data-replay-hand="${s}"] .card.face`)];
    return faces.length ? faces.map((c) => c.getAttribute('aria-label')) : null;
  });
  return {
    title: document.getElementById('replay-title').textContent,
    step: Number(document.querySelector('[data-replay-step]').dataset.replayStep),
    hands,
    log: [...document.querySelectorAll('#replay .rp-log li')].map((li) => li.textContent),
    now: [...document.querySelectorAll('#replay .rp-log li.now')].map((li) => li.textContent),
    logBox: (({scrollTop, clientHeight, scrollHeight}) => ({scrollTop, clientHeight, scrollHeight}))(
      document.querySelector('#replay [data-replay-log]')),
    count: document.querySelector('#replay .rp-count')?.textContent || null,
    link: document.querySelector('[data-replay-link]').value,
    next: !document.querySelector('[data-ui="step"][value="next"]').disabled,
    prev: !document.querySelector('[data-ui="step"][value="prev"]').disabled,
    appInert: document.getElementById('app').hasAttribute('inert'),
  };
}"""


def panel(page: Any) -> dict[str, Any]:
    return page.evaluate(PANEL_JS)


def click_step(page: Any, move: str) -> dict[str, Any]:
    before = panel(page)["step"]
    page.click(f'#replay [data-ui="step"][value="{move}"]')
    page.wait_for_function("s => Number(document.querySelector('[data-replay-step]').dataset.replayStep) !== s",
                           arg=before)
    return panel(page)


@pytest.fixture(scope="module")
def replay_opened(instant: BootState) -> dict[str, Any]:
    """A hand played to its count, then its replay opened from the count."""
    page = instant.page
    start_game(page, level="facil", lang="es")
    s = play_until_overlay(page, 200)
    assert s["overlay"] and "showdown" in s["overlay"], s
    page.click('#overlay [data-ui="replay"]')
    page.wait_for_selector("#replay .rp-panel")
    return panel(page)


def test_replay_opens_from_the_count_at_the_deal(instant: BootState, replay_opened: dict[str, Any]) -> None:
    r = replay_opened
    assert r["title"].startswith("Jugada ") and r["step"] == 0 and r["appInert"]
    assert r["hands"][0] is not None and len(r["hands"][0]) == 4
    assert r["hands"][1:] == [None, None, None]  # the player's view: the others face down
    assert len(r["log"]) == 1 and not r["prev"] and r["next"]


def test_step_forward_and_back_keeps_log_in_sync(instant: BootState, replay_opened: dict[str, Any]) -> None:
    page = instant.page
    first = click_step(page, "next")
    assert first["step"] == 1 and len(first["log"]) == 2
    second = click_step(page, "next")
    assert second["step"] == 2 and len(second["log"]) == 3 and second["log"][:2] == first["log"]
    back = click_step(page, "prev")
    assert back == first
    end = click_step(page, "last")
    assert end["count"] and not end["next"]
    # the log box follows the step: it overflows, and shows its last lines, this step's, marked
    box = end["logBox"]
    assert box["scrollHeight"] > box["clientHeight"], box
    assert box["scrollTop"] + box["clientHeight"] >= box["scrollHeight"] - 1, box
    assert end["now"] and end["log"][-len(end["now"]):] == end["now"]
    showdown_score = page.evaluate("() => document.querySelector('#overlay .final-score').textContent")
    assert showdown_score in end["count"]  # the count as the showdown said it
    click_step(page, "first")


def test_whose_view(instant: BootState, replay_opened: dict[str, Any]) -> None:
    page = instant.page
    page.click('[data-setting="viewer"][value="all"]')
    page.wait_for_function("() => document.querySelectorAll('#replay .card.face').length === 16")
    everyone = panel(page)["hands"]
    assert all(len(hand) == 4 for hand in everyone)
    assert everyone[0] == replay_opened["hands"][0]
    page.click('[data-setting="viewer"][value="1"]')
    page.wait_for_function("() => document.querySelectorAll('#replay .card.face').length === 4")
    seat1 = panel(page)["hands"]
    assert seat1 == [None, everyone[1], None, None]
    html = page.evaluate("() => document.getElementById('replay').innerHTML")
    for seat in (0, 2, 3):  # nothing of the hidden hands is on the page, by name or by card
        for label in everyone[seat]:
            assert label not in html
    page.click('[data-setting="viewer"][value="0"]')
    page.wait_for_selector("#replay [data-replay-coach] .coach-lances", timeout=30_000)
    assert run_axe(page) == []


def test_share_link_opens_the_replay_in_a_fresh_page_without_touching_the_save(
        instant: BootState, replay_opened: dict[str, Any]) -> None:
    page = instant.page
    link = panel(page)["link"]
    assert "#mano=" in link and "?" in link.split("#")[0]
    code = link.split("#mano=")[1]
    assert 20 < len(code) < 300
    saved = page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")
    assert saved and json.loads(saved)["game"]["actions"]

    fresh = instant.context.new_page()
    try:
        fresh.goto(link)
        fresh.wait_for_selector("html.ready", state="attached", timeout=120_000)
        fresh.wait_for_selector("#replay .rp-panel")
        shared = panel(fresh)
        assert shared["title"] == "Jugada compartida" and shared["step"] == 0
        assert shared["hands"][0] == replay_opened["hands"][0]
        stepped = click_step(fresh, "last")
        assert stepped["count"]
        fresh.wait_for_timeout(300)  # bots would have moved by now (?speed=0) if they were driving
        assert fresh.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')") == saved

        fresh.evaluate("() => { location.hash = 'mano=AAoB-broken'; }")
        fresh.wait_for_selector("#replay .rp-error")
        assert "No se puede abrir" in fresh.text_content("#replay .rp-error")
        assert fresh.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')") == saved

        fresh.click('#replay [data-ui="close-replay"]')
        fresh.wait_for_selector("#replay", state="hidden")
        assert "#" not in fresh.url and not fresh.evaluate("() => document.getElementById('app').hasAttribute('inert')")
    finally:
        fresh.close()


def test_manos_list_opens_each_finished_hand(instant: BootState, replay_opened: dict[str, Any]) -> None:
    page = instant.page
    page.click('#replay [data-ui="close-replay"]')
    page.wait_for_selector("#replay", state="hidden")
    assert page.locator('#overlay [data-action="continuar"]').is_visible()  # back at the count
    page.click('#overlay [data-action="continuar"]')
    page.click('#topbar [data-ui="manos"]')
    page.wait_for_selector("#replay .rp-manos li")
    items = page.locator("#replay .rp-manos li").count()
    assert items >= 1
    page.click('#replay [data-ui="replay"] >> nth=0')
    page.wait_for_selector("#replay [data-replay-step]")
    assert panel(page)["title"].startswith("Jugada ")
    page.click('#replay [data-ui="manos"]')
    page.wait_for_selector("#replay .rp-manos")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay", state="hidden")
    assert not page.evaluate("() => document.getElementById('app').hasAttribute('inert')")


def test_reasons_and_coach_per_step(instant: BootState, replay_opened: dict[str, Any]) -> None:
    page = instant.page
    if not page.locator("#replay [data-replay-step]").count():  # reopen the first hand if needed
        page.click('#topbar [data-ui="manos"]')
        page.click('#replay [data-ui="replay"] >> nth=-1')
    page.wait_for_selector("#replay [data-replay-coach] .coach-lances", timeout=30_000)
    assert "Entrenador · Tú" in page.text_content("#replay [data-replay-coach]")
    for _ in range(40):  # the first bot action of the hand explains itself
        if page.locator("#replay [data-replay-reason]").count() or not panel(page)["next"]:
            break
        click_step(page, "next")
    reason = page.text_content("#replay [data-replay-reason]")
    assert reason and reason.startswith("Por qué dijo «") and "): " in reason
    page.wait_for_selector("#replay [data-replay-coach] .coach-lances", timeout=30_000)


# The coach's box of the replay in ``root``: its step and the percentages shown, by lance.
COACH_JS = """(root) => {
  const box = document.querySelector(`${root} [data-replay-coach]`);
  return box.querySelector('.coach-lances') && {
    step: Number(document.querySelector(`${root} [data-replay-step]`).dataset.replayStep),
    title: box.querySelector('h3').textContent,
    lances: [...box.querySelectorAll('li[data-coach]')].map((li) => [li.dataset.coach, Number(li.querySelector('meter').value)]),
  };
}"""


def expected_coach(code: str, viewer: str, step: int) -> list[list[Any]]:
    """The coach's percentages for ``step`` seen by ``viewer``, asked of CPython's ``Brain``."""
    r = Replay.from_code(code)
    r.view_as(viewer)
    r.step = step
    asked = r.coach_position()
    assert asked is not None
    numbers = Brain().answer(coach_request(asked[1]))["coach"]
    return [[line["lance"], line["pct"]] for line in coach_numbers(numbers, "", "es")["lances"]]


def test_the_replays_coach_thinks_in_the_worker(instant: BootState, replay_opened: dict[str, Any]) -> None:
    """Steps taken quickly show the numbers of the step they stop at, which the bots' worker
    computed: the page's interpreter never loads the coach's search."""
    page = instant.page
    if not page.locator("#replay [data-replay-step]").count():
        page.click('#topbar [data-ui="manos"]')
        page.click('#replay [data-ui="replay"] >> nth=-1')
    click_step(page, "first")
    page.click('[data-setting="viewer"][value="2"]')  # the partner's eyes: numbers no step has had yet
    before = page.evaluate(BOTS_JS)
    for _ in range(3):  # quicker than the worker answers
        page.click('#replay [data-ui="step"][value="next"]')
    page.wait_for_function(f"() => ({COACH_JS})('#replay')?.step === 3", timeout=30_000)
    shown = page.evaluate(COACH_JS, "#replay")
    assert shown["title"] == "Entrenador · Compañero"
    assert shown["lances"] == expected_coach(replay_opened["link"].split("#mano=")[1], "2", 3)
    after = page.evaluate(BOTS_JS)
    assert after["state"] == "ready" and after["answered"] > before["answered"], (before, after)
    assert py(page, SEARCH_LOADED) == []
    assert not [line for line in instant.console if FALLBACK in line]
    page.click('[data-setting="viewer"][value="0"]')


def test_mount_replay_entry_point_for_other_pages(instant: BootState, replay_opened: dict[str, Any]) -> None:
    """``mount_replay(code, element_id)`` (for embed.html) fills just its element."""
    page = instant.page
    code = replay_opened["link"].split("#mano=")[1]
    if page.locator('#replay [data-ui="close-replay"]').is_visible():
        page.click('#replay [data-ui="close-replay"]')
        page.wait_for_selector("#replay", state="hidden")
    page.evaluate("() => { const d = document.createElement('div'); d.id = 'embed-test'; document.body.append(d); }")
    try:
        mode = py(page, "import json; from mus.web.dom.replay import mount_replay; "
                        f"json.dumps(mount_replay({code!r}, 'embed-test', 'en').mode)")
        assert mode == "replay"
        assert page.text_content("#embed-test #replay-title") == "Shared hand"
        assert not page.locator('#embed-test [data-ui="close-replay"]').count()
        page.click('#embed-test [data-ui="step"][value="next"]')
        page.wait_for_selector('#embed-test [data-replay-step="1"]')
        bad = py(page, "import json; from mus.web.dom.replay import mount_replay; "
                       "json.dumps(mount_replay('AAoB', 'embed-test', 'en').mode)")
        assert bad == "error" and "cannot be opened" in page.text_content("#embed-test .rp-error")
    finally:
        page.evaluate("() => document.getElementById('embed-test').remove()")


def test_a_shared_hand_shows_in_the_embed_frame(instant: BootState, replay_opened: dict[str, Any]) -> None:
    """``embed.html#mano=<code>``: an article shows a real hand, in the frame's flow."""
    code = replay_opened["link"].split("#mano=")[1]
    base = replay_opened["link"].split("?")[0].rsplit("/", 1)[0]
    frame = instant.context.new_page()
    frame.set_viewport_size({"width": 360, "height": 640})
    try:
        frame.goto(f"{base}/embed.html#mano={code}")
        frame.wait_for_selector("html.ready", state="attached", timeout=120_000)
        frame.wait_for_selector("#lesson .rp-panel")
        assert frame.text_content("#lesson #replay-title") == "Jugada compartida"
        assert frame.evaluate("() => document.getElementById('embed').getBoundingClientRect().height") > 300
        frame.click('#lesson [data-ui="step"][value="next"]')
        frame.wait_for_selector('#lesson [data-replay-step="1"]')
        assert not frame.locator('#lesson [data-ui="close-replay"]').count()
        # the coach's numbers of the step shown, from the bots' worker the frame started once drawn
        frame.wait_for_function(f"() => ({COACH_JS})('#lesson')?.step === 1", timeout=30_000)
        assert frame.evaluate(COACH_JS, "#lesson")["lances"] == expected_coach(code, "0", 1)
        assert frame.evaluate(BOTS_JS)["state"] == "ready"
        assert py(frame, SEARCH_LOADED) == []
    finally:
        frame.close()


def test_a_shared_hand_without_its_worker_shows_no_coach(instant: BootState, replay_opened: dict[str, Any]) -> None:
    """A frame whose bots' worker cannot start steps through the hand without the coach, and
    never thinks in its own interpreter."""
    code = replay_opened["link"].split("#mano=")[1]
    base = replay_opened["link"].split("?")[0].rsplit("/", 1)[0]
    frame = instant.context.new_page()
    frame.route("**/static/bots-worker.mjs", lambda route: route.abort())
    warnings: list[str] = []
    frame.on("console", lambda message: warnings.append(message.text))
    try:
        frame.goto(f"{base}/embed.html#mano={code}")
        frame.wait_for_selector("#lesson .rp-panel", timeout=120_000)
        frame.wait_for_function("() => !document.querySelector('#lesson [data-replay-coach] *')", timeout=30_000)
        frame.click('#lesson [data-ui="step"][value="next"]')
        frame.wait_for_selector('#lesson [data-replay-step="1"]')
        frame.wait_for_timeout(100)
        assert not frame.locator("#lesson [data-replay-coach] *").count()
        assert frame.evaluate(BOTS_JS)["state"] == "failed"
        assert py(frame, SEARCH_LOADED) == []
        assert [line for line in warnings if FALLBACK in line and "no coach here" in line]
    finally:
        frame.close()


FIVE = [(360, 740), (320, 568), (740, 360), (820, 1180), (1280, 800)]


@pytest.mark.parametrize("size", FIVE, ids=[f"{w}x{h}" for w, h in FIVE])
def test_every_text_of_a_replay_is_whole(instant: BootState, size: tuple[int, int]) -> None:
    """The replay at the five sizes, in both languages: no text wider than its box (the
    table's own rule, ``test_ui_layout.TEXT_FIT_JS``), from the deal to the count."""
    from tests.test_ui_layout import TEXT_FIT_JS, _set_lang, show_state

    page = instant.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        for lang in ("es", "en"):
            show_state(page, "count-ordago-won")
            _set_lang(page, lang)
            page.click('#overlay [data-ui="replay"]')
            page.wait_for_selector("#replay .rp-panel")
            assert page.evaluate(TEXT_FIT_JS) == [], (lang, "first")
            for move in ("next", "next", "last"):
                click_step(page, move)
                assert page.evaluate(TEXT_FIT_JS) == [], (lang, move)
            page.keyboard.press("Escape")
            page.wait_for_selector("#replay .rp-panel", state="detached")
    finally:
        _set_lang(page, "es")
        page.set_viewport_size({"width": 1280, "height": 800})
