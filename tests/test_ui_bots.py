"""The bots and the coach think in a MicroPython worker beside the page (``static/bots.mjs``):
a whole hand is played by it, the page answers a tap while a bot thinks, a bot's move makes
no long task on the page thirty hands into a partida, and a page whose worker is refused plays
on by itself."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import BootState, boot_page, expose_python
from tools.bench.bot_pacing import ANCHOR_JS, TRACE_CATEGORIES, cpu_tasks
from tests.test_web_restore import partida_at
from tests.ui import play_one, play_until_overlay, py, start_game, wait_for_choice

pytestmark = pytest.mark.browser

BOTS_JS = "() => { const b = window.__mus.bots; return {state: b.state, asked: b.asked, answered: b.answered}; }"
FALLBACK = "mus: the bots' worker is not available"
# The bots' modules the page has imported: none while the worker thinks (mus.ai's package and
# what the talk and the reasons need are the page's own).
SEARCH_LOADED = ("import json, sys; json.dumps(sorted(m for m in sys.modules if m in "
                 "('mus.ai.belief', 'mus.ai.dificil', 'mus.ai.normal', 'mus.ai.facil', 'mus.ai.informed')))")
# The page's own headers, and whether it is cross-origin isolated (it would need both).
HEADERS_JS = """async () => {
  const headers = (await fetch(location.href, { cache: "no-store" })).headers;
  return [headers.get("cross-origin-opener-policy"), headers.get("cross-origin-embedder-policy"), crossOriginIsolated];
}"""
# Work for the worker: the bots' tables of three other tables (about a second each on a
# desktop), asked ahead of any bot's decision, so the next bot's request waits behind them.
BUSY_JS = """() => {
  const bots = window.__mus.bots;
  window.__busy = Promise.all([{reyes: 4}, {real_31: true}, {reyes: 4, real_31: true}].map(
    (rules) => bots.ask(JSON.stringify({kind: "warm", rules}), true)));
}"""
# Taps the menu button and waits for the menu: [ms from the tap to the menu drawn, bot
# requests then waiting for an answer].
TAP_JS = """() => new Promise((resolve) => {
  const bots = window.__mus.bots, began = performance.now();
  document.querySelector('#topbar [data-ui="menu"]').click();
  const drawn = () => document.querySelector('#overlay.open') ? resolve([performance.now() - began, bots.asked - bots.answered])
                                                              : requestAnimationFrame(drawn);
  drawn();
})"""


def test_a_whole_hand_plays_through_the_worker(instant: BootState) -> None:
    page = instant.page
    start_game(page, level="dificil")
    s = play_until_overlay(page, 200)
    assert s["overlay"] and "showdown" in s["overlay"], s
    bots = page.evaluate(BOTS_JS)
    played = py(page, "import json; from mus.web.dom import play as _a; json.dumps(len(_a._app.session.saved.reasons))")
    on_page = py(page, "import json; from mus.web.dom import play as _a; json.dumps(len(_a._app.session.brain.bots))")
    assert bots["state"] == "ready" and on_page == 0, bots  # no bot was made on the page
    assert bots["answered"] >= played > 0, (bots, played)
    assert not [line for line in instant.console if FALLBACK in line]
    assert not set(py(page, SEARCH_LOADED)), "the page imported the bots' search"
    # on a host that sends no COOP/COEP headers (the dev server sends none): plain messages
    assert page.evaluate(HEADERS_JS) == [None, None, False]
    page.click('[data-action="continuar"]')


def test_the_page_answers_a_tap_while_a_bot_thinks(instant: BootState) -> None:
    page = instant.page
    start_game(page, level="dificil")
    s = wait_for_choice(page)
    page.evaluate(BUSY_JS)
    for _ in range(20):  # the player's moves until one hands the turn to a bot
        asked = page.evaluate(BOTS_JS)["asked"]
        if s["overlay"]:
            page.click('[data-action="continuar"]')
        else:
            play_one(page, s)
        try:  # a tap's move is drawn, and the bots asked, in the tasks after the tap's own
            page.wait_for_function(f"() => window.__mus.bots.asked > {asked}", timeout=2000)
            break
        except PlaywrightTimeout:
            s = wait_for_choice(page)
    took, waiting = page.evaluate(TAP_JS)
    assert waiting >= 1, "the bot had answered before the tap: the worker was not kept busy"
    assert took < 500, f"the menu took {took:.0f} ms to open while a bot thought"
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay.open", state="detached")
    page.evaluate("() => window.__busy")
    wait_for_choice(page, 60)  # the bots played on once the worker was free
    assert page.evaluate(BOTS_JS)["state"] == "ready"
    assert instant.console_errors == []

# The bots' turns (``App._bots`` running), on the page's clock.
TURNS_PY = """
from js import window
from mus.web.dom import play as _a
_untimed = _a.App._bots
async def _timed(self):
    window.__turns.push(window.performance.now())
    try:
        await _untimed(self)
    finally:
        window.__turns.push(window.performance.now())
_a.App._bots, _a.App._untimed_bots = _timed, _untimed
"""
TASK_CPU_MS = 50  # a long task even on a desktop; on a phone, 4x: tools/bench/bot_pacing.py --cpu


def test_a_bots_move_makes_no_long_task_thirty_hands_in(instant: BootState, browser: Any) -> None:
    # Thirty hands in, each move once rewrote the whole save (100 KB: the bots' reasons) and
    # copied every finished hand to draw the table, in one call: 250 ms of the main thread's
    # CPU. A move is now a few tasks of a few ms (tools/bench/move_phases.mjs). Read from a
    # trace as CPU time, which a busy machine does not lengthen as it does wall time.
    page = instant.page
    page.evaluate("(data) => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
                  partida_at(30).storage.data)
    assert py(page, "import json; from mus.web.dom import play as _a; _a._app.session.restore(); _a._app.render(); "
                    "json.dumps(_a._app.session.game.hands_played)") == 30
    page.evaluate("() => { window.__turns = []; }")
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    try:
        anchor = page.evaluate(ANCHOR_JS)
        py(page, TURNS_PY + "\n_a._app.drive()\n'0'")
        s = play_until_overlay(page, 200)
        assert s["overlay"] and "showdown" in s["overlay"], s
    finally:
        tasks = cpu_tasks(browser.stop_tracing(), anchor)
        py(page, "from mus.web.dom import play as _a; _a.App._bots = _a.App._untimed_bots; '0'")
    turns = page.evaluate("() => window.__turns")
    spans = list(zip(turns[::2], turns[1::2] + [float("inf")]))
    in_turns = [ms for at, ms in tasks if any(a <= at <= b for a, b in spans)]
    assert spans and len(in_turns) > 20, (spans, len(in_turns))  # the bots played, their tasks were read
    assert [round(ms) for ms in in_turns if ms > TASK_CPU_MS] == [], "long tasks (CPU ms) in the bots' turns"
    page.click('[data-action="continuar"]')
    assert instant.console_errors == []


def test_the_page_thinks_itself_when_the_worker_is_refused(browser: Any, base_url: str) -> None:
    context = browser.new_context(service_workers="block")
    expose_python(context)
    context.route("**/static/bots-worker.mjs", lambda route: route.abort("blockedbyclient"))
    try:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
        page.goto(base_url + "?speed=0")
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        start_game(page, level="dificil")
        s = play_until_overlay(page, 200)
        assert s["overlay"] and "showdown" in s["overlay"], s
        assert page.evaluate(BOTS_JS)["state"] == "failed"
        on_page = py(page, "import json; from mus.web.dom import play as _a; json.dumps(len(_a._app.session.brain.bots))")
        assert on_page >= 1 and "mus.ai.dificil" in py(page, SEARCH_LOADED)
        assert [line for line in console if FALLBACK in line and line.startswith("warning")], console
        assert not [line for line in console if line.startswith("error") and "bots-worker" not in line], console
        assert json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))["game"]["actions"]
    finally:
        context.close()


def test_a_worker_that_stops_mid_partida_leaves_the_page_the_whole_history(browser: Any, base_url: str) -> None:
    """Each finished hand goes to the worker once; when it stops answering, the page's own
    brain lacks those hands, says so, is sent them all, and the bots play on from them."""
    state = boot_page(browser, base_url + "?speed=0")
    page, console = state.page, state.console
    try:
        page.evaluate("(data) => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
                      partida_at(3).storage.data)
        assert py(page, "import json; from mus.web.dom import play as _a; _a._app.session.restore(); _a._app.render(); "
                        "_a._app.drive(); json.dumps(_a._app.session.game.hands_played)") == 3
        s = play_until_overlay(page, 200)
        assert s["overlay"] and "showdown" in s["overlay"], s
        assert page.evaluate(BOTS_JS)["answered"] > 0
        page.evaluate("() => { window.__mus.bots.state = 'failed'; }")   # as a worker that stopped
        page.click('[data-action="continuar"]')
        s = play_until_overlay(page, 200)
        assert s["overlay"] and "showdown" in s["overlay"], s
        kept = py(page, "import json; from mus.web.dom import play as _a; s = _a._app.session; "
                        "json.dumps([len(s.brain.history), s.brain_hands, s.game.hands_played, len(s.brain.bots)])")
        assert kept[0] == kept[1] >= 4 and kept[2] in (kept[0], kept[0] + 1) and kept[3] >= 1, kept
        assert [line for line in console if FALLBACK in line and line.startswith("warning")], console
        assert not [line for line in console if line.startswith("error")], console
    finally:
        state.close()
