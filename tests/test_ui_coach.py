"""The coach panel and the partner's reasons in the browser, switched on from the new-game screen."""

from __future__ import annotations

import re

import pytest

from mus.web.kit.i18n import LANCES
from tests.browser import BootState
from tests.ui import assert_no_hidden_cards, open_setup, play_until_overlay, py, start_game, wait_for_choice

pytestmark = pytest.mark.browser

REASONS = ("import json; from mus.ai import explain; from mus.web.dom import play as _a; "
           "s = _a._app.session; json.dumps([explain(r, 'es') for _, r in s.hand_reasons({hand}, {seats})])")


def _tick(page: BootState, name: str) -> None:
    page.page.click(f'label:has(> input[data-setting="{name}"])')
    page.page.wait_for_selector(f'input[data-setting="{name}"]:checked', state="attached")


# The coach's answer arrives between the first and last step of a draw made in steps (a bot's
# move): the draw's view, built before the answer, says the coach is working. The answer's own
# draw must make it stale, or the panel says "Calculando…" until the next move.
RACE = """
import asyncio
from mus.web.dom import play as _a
a = _a._app
s = a.session
numbers = s.coach_now()
a.coaching = True  # the page's own coach stays out of the race

async def race():
    s.coached = None
    drawing = asyncio.create_task(a._render_in_steps())
    await _a._next_task()  # the draw's view is built: the coach working
    a.coached(s.coach_request(), {"coach": numbers})
    await drawing
    _a.window.document.documentElement.dataset.raced = str(
        _a.window.document.querySelector(".coach [data-coach]") is not None)
    a.coaching = False

asyncio.create_task(race())
"""


def _coach_answered_during_a_draw_in_steps(page: BootState) -> None:
    py(page.page, RACE + "'null'")
    page.page.wait_for_selector("html[data-raced]", state="attached")
    assert page.page.get_attribute("html", "data-raced") == "True"
    page.page.evaluate("delete document.documentElement.dataset.raced")


def test_coach_panel_and_partner_reasons(instant: BootState) -> None:
    page = instant.page
    assert page.locator(".coach").count() == 0
    open_setup(page)
    _tick(instant, "coach")
    _tick(instant, "reasons")
    start_game(page, level="normal")
    s = wait_for_choice(page)
    for _ in range(5):  # bots can end a hand before the player speaks (an órdago between them)
        if not s["overlay"]:
            break
        page.click('[data-action="continuar"]')
        s = wait_for_choice(page)
    assert s["actions"] and not s["overlay"], s
    # Every lance not settled yet: grande too, unless the bots settled it with a deje before
    # the player's first call (then the deal decides, so this waits for any lance).
    page.wait_for_selector(".coach [data-coach]", timeout=20_000)
    expected = py(page, "import json; from mus.ai import coach; from mus.web.dom import play as _a; "
                        "g = _a._app.session.game; json.dumps(coach(g.observation(0))['lances'])")
    assert expected and set(expected) <= {"grande", "chica", "pares", "juego", "punto"}
    lances = [e.get_attribute("data-coach") for e in page.query_selector_all(".coach [data-coach]")]
    order = [lance for lance in LANCES if lance in expected]  # the lances' order, not the dict's
    assert lances == order
    percentages = [int(p) for p in re.findall(r"(\d+) %", page.inner_text(".coach"))]
    assert percentages[:len(expected)] == [round(100 * expected[lance]) for lance in order]
    assert_no_hidden_cards(page)
    _coach_answered_during_a_draw_in_steps(instant)

    s = play_until_overlay(page, 200)
    assert s["overlay"] and "showdown" in s["overlay"]
    hand = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.showdown_index())")
    partner = py(page, REASONS.format(hand=hand, seats=(2,)))
    lines = page.locator('[data-reasons="2"] li').all_inner_texts()
    assert lines == (partner or ["Tu compañero no tuvo que decidir nada."])
    rivals = py(page, REASONS.format(hand=hand, seats=(1, 3)))
    overlay = page.inner_text("#overlay")
    assert not any(line in overlay for line in rivals if line not in partner)

    # The reasons are in the save: a reload keeps them.
    kept = py(page, "import json; from mus.web.dom import play as _a; json.dumps(len(_a._app.session.saved.reasons))")
    assert kept > 0
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    again = py(page, "import json; from mus.web.dom import play as _a; json.dumps(len(_a._app.session.saved.reasons))")
    assert again == kept
    assert not instant.console_errors, instant.console_errors
