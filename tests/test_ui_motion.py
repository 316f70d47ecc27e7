"""Motion that tells: the deal, discards and the serve, a bet and an órdago coming onto the
table, the score and the hands turned at the count move, each within 300 ms and on transform
and opacity only, and a tap during a move is taken at once; when the system asks for reduced
motion nothing moves at all.

Each page plays at normal speed (motion on) and is shown states restored from saves, as in
``test_ui_layout.py``; every CSS animation that starts is recorded with its timing and the
properties it animates."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.browser import BootState, boot_page
from tests.test_ui_layout import _save, show_state
from tests.test_ui_still import restore
from tests.ui import py, wait_for_choice

pytestmark = pytest.mark.browser

LONGEST_MS = 300
# the log's fade follows its scroll, not the clock: it is not a move (style.css, "#log")
NOT_MOTION = ("log-more-above",)

# Records each CSS animation as it starts: its name, what it animates, its delay and duration.
RECORD_JS = """() => {
  window.__moves = [];
  document.addEventListener('animationstart', (event) => {
    for (const animation of event.target.getAnimations()) {
      if (animation.animationName !== event.animationName) continue;
      const timing = animation.effect.getComputedTiming();
      const props = new Set();
      for (const frame of animation.effect.getKeyframes())
        for (const key of Object.keys(frame))
          if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)) props.add(key);
      window.__moves.push({name: event.animationName, delay: timing.delay, duration: timing.duration,
                           props: [...props], on: event.target.className.baseVal ?? event.target.className});
    }
  }, true);
}"""
TAKE_JS = "() => { const moves = window.__moves; window.__moves = []; return moves; }"
RUNNING_JS = f"""() => document.getAnimations().map((a) => a.animationName)
  .filter((name) => !{list(NOT_MOTION)!r}.includes(name))"""

# The moments that move, in order: a hand dealt, discards thrown, the serve of the same hand,
# a bet, an órdago, the count.
MOMENTS = ("witiza", "discard-thrown", "discard-served", "envite", "ordago", "count")


def _show(page: Any, name: str, wait: bool = True) -> None:
    if name.startswith("discard-"):  # the same deal as "discard", after two throws, then served
        _restore_discard(page, name == "discard-served")
    else:
        show_state(page, name)
    if wait:
        _settle(page)


def _settle(page: Any) -> None:
    """Every move started (two frames) and done."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function(f"() => ({RUNNING_JS})().length === 0", timeout=5000)


def _restore_discard(page: Any, served: bool) -> None:
    actions = ["mus"] * 4 + ["descarte 0 1", "descarte 3"] + (["descarte 2", "descarte 0 1 2"] if served else [])
    restore(page, _save(1, actions))


def _boot(browser: Any, base_url: str, **context: Any) -> BootState:
    state = boot_page(browser, base_url + "?seed=3", context_args=context)
    wait_for_choice(state.page)  # the first hand's bots have played: nothing else moves the table
    state.page.evaluate(RECORD_JS)
    return state


@pytest.fixture(scope="module")
def moving(browser: Any, base_url: str) -> Iterator[BootState]:
    state = _boot(browser, base_url)
    yield state
    state.close()


@pytest.fixture(scope="module")
def still_please(browser: Any, base_url: str) -> Iterator[BootState]:
    state = _boot(browser, base_url, reduced_motion="reduce")
    yield state
    state.close()


def test_each_moment_moves_briefly_on_transform_and_opacity(moving: BootState) -> None:
    page = moving.page
    seen: dict[str, set[str]] = {}
    for name in MOMENTS:
        page.evaluate(TAKE_JS)
        _show(page, name)
        moves = page.evaluate(TAKE_JS)
        seen[name] = {m["name"] for m in moves}
        for move in moves:
            assert move["delay"] + move["duration"] <= LONGEST_MS, (name, move)
            assert set(move["props"]) <= {"transform", "opacity"}, (name, move)
    assert "deal" in seen["witiza"] and "pop" in seen["witiza"]  # a new hand comes in, the bubbles speak
    assert "throw" in seen["discard-thrown"]
    assert "deal" in seen["discard-served"]  # the new cards
    assert {"bet-in", "pop"} <= seen["envite"]
    assert "ordago-in" in seen["ordago"]
    assert {"turn-over", "to-score", "score-in", "rise"} <= seen["count"]


def test_a_redraw_moves_nothing_again(moving: BootState) -> None:
    page = moving.page
    _show(page, "envite")
    page.evaluate(TAKE_JS)
    page.click('#controls [data-ui="envite-more"]')  # the controls change; the bet and its bubble stay
    page.wait_for_timeout(50)
    assert [m["name"] for m in page.evaluate(TAKE_JS)] == []


def test_a_tap_is_taken_while_the_cards_come(moving: BootState) -> None:
    page = moving.page
    show_state(page, "witiza")  # a new hand: the cards are still coming in
    assert "deal" in page.evaluate("() => document.getAnimations().map((a) => a.animationName)")
    page.click('#controls [data-action="mus"]', force=True)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('mus.save')).game.actions.slice(-1)[0]") == "mus"


def test_nothing_moves_when_the_system_asks_for_reduced_motion(still_please: BootState) -> None:
    page = still_please.page
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    for name in MOMENTS:
        _show(page, name, wait=False)
        assert page.evaluate(RUNNING_JS) == [], name  # the styles of the new state: no animation
        _settle(page)
        moves = [m for m in page.evaluate(TAKE_JS) if m["name"] not in NOT_MOTION]
        assert moves == [], name


def test_the_speed_changes_from_the_menu_at_once(moving: BootState) -> None:
    page = moving.page
    show_state(page, "envite")
    page.click('#topbar [data-ui="menu"]')
    assert page.text_content("#overlay .panel.menu .setting-note") == "Cambia al momento, también en esta partida."
    page.click('#overlay label:has(> input[data-setting="speed"][value="rapida"])')
    page.wait_for_selector('html[data-speed="rapida"]', state="attached")  # the motion keeps to it
    assert page.is_checked('#overlay input[data-setting="speed"][value="rapida"]')
    assert py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.pause)") == 0.4
    assert page.evaluate("() => JSON.parse(localStorage.getItem('mus.settings')).speed") == "rapida"  # remembered
    page.click('#overlay label:has(> input[data-setting="speed"][value="normal"])')
    page.keyboard.press("Escape")
