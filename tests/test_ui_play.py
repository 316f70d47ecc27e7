"""A whole juego in the browser, clicking only what the page offers; hidden cards stay hidden."""

from __future__ import annotations

import re

import pytest

from tests.browser import BootState
from tests.ui import assert_no_hidden_cards, play_one, play_until_overlay, py, run_axe, start_game, wait_for_choice

pytestmark = pytest.mark.browser


def test_first_visit_deals_a_hand_and_shows_where_to_learn(instant: BootState) -> None:
    """A first visit is a hand at the default table, nothing over it; a beginner sees the guide
    and the lessons, and the settings are one tap away."""
    page = instant.page
    assert page.locator('[data-hand="0"] [data-card]').count() == 4
    assert page.get_attribute("html", "data-phase") is not None  # the bots play at once (?speed=0)
    assert not page.is_visible("#overlay .panel")
    rules = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.rules.to_dict())")
    from mus.web.play.settings import Settings

    assert rules == Settings().rules().to_dict()  # the new-game form's defaults
    welcome = page.locator("#topbar nav.welcome")  # where the 0–0 score goes
    assert welcome.locator("p").inner_text() == "¿Nuevo en el mus?"
    assert not page.locator("#topbar .score").count()
    assert welcome.locator('a[href="lessons.html"]').inner_text().strip() == "Lecciones"
    page.click('nav.welcome [data-ui="help"]')
    page.wait_for_selector("#overlay .panel .guide-part")
    page.click('#overlay [data-ui="close"]')
    page.click('nav.welcome [data-ui="setup"]')
    page.wait_for_selector('#overlay .panel.setup')
    for name in ("level", "reyes", "real_31", "target", "juegos_to_win", "vacas_to_win", "senas", "speed", "lang"):
        assert page.locator(f'[data-setting="{name}"]').count() >= 1, name
    page.keyboard.press("Escape")  # back to the hand, which the form left as it was
    page.wait_for_selector("#overlay .panel", state="hidden")
    play_one(page, wait_for_choice(page))  # the player's first call: the score takes the place
    page.wait_for_selector("nav.welcome", state="detached")
    assert page.locator("#topbar .score").count() == 2


def test_a_whole_juego_by_clicking_legal_buttons(instant: BootState) -> None:
    page = instant.page
    start_game(page, level="facil", target="30", juegos_to_win="1")
    assert page.locator('[data-hand="0"] [data-card]').count() == 4
    clicks = showdowns = scans = 0
    axe: dict[str, list[object]] = {}
    for _ in range(3000):
        s = wait_for_choice(page)
        if s["phase"] == "fin" and s["overlay"] and "fin" in s["overlay"]:
            axe["fin"] = run_axe(page)
            break
        if s["overlay"] and "showdown" in s["overlay"]:
            showdowns += 1
            assert s["actions"] == ["continuar"]
            assert page.locator(".ledger li").count() == 2
            if "showdown" not in axe:
                axe["showdown"] = run_axe(page)
                # revealed cards are drawn, not named: the next hand is already dealt
                shown = page.inner_html("#overlay")
                assert not re.search(r'deck\.svg#[RCS765432A][oceb]"', shown)
                if page.locator(".reveal").count():
                    assert page.locator(".reveal .card.mini").count() == 16
                    assert 'deck.svg#face"' in shown
            page.click('[data-action="continuar"]')
            continue
        if s["phase"] not in axe:
            axe[s["phase"]] = run_axe(page)
        legal = py(page, "import json; from mus.web.dom import play as _a; "
                         "json.dumps(_a._app.session.game.observation(0)['legal_actions'])")
        assert set(s["actions"]) <= set(legal), (s["actions"], legal)
        if scans < 40:  # nobody else's cards are on the page while a hand is played
            assert_no_hidden_cards(page)
            scans += 1
        play_one(page, s)
        clicks += 1
    else:
        pytest.fail("no end of partida after 3000 choices")
    assert page.get_attribute("html", "data-phase") == "fin"
    assert showdowns >= 1 and clicks >= 4
    history = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.history)")
    assert showdowns == len(history)
    assert history[-1]["juego_winner"] in (0, 1)
    assert max(history[-1]["score"]) >= 30
    assert page.is_visible('#overlay .panel.fin [data-action="revancha"]')
    assert {"mus", "showdown", "fin"} <= set(axe)
    assert {state: found for state, found in axe.items() if found} == {}  # no serious/critical issue


def test_rematch_starts_a_new_partida(instant: BootState) -> None:
    page = instant.page
    page.click('[data-action="revancha"]')
    page.wait_for_function("() => document.documentElement.dataset.phase !== 'fin'")
    wait_for_choice(page)  # the bots before us have spoken
    assert page.locator('[data-hand="0"] [data-card]').count() == 4
    seen = py(page, "import json; from mus.web.dom import play as _a; "
                    "json.dumps(_a._app.session.game.observation(0))")
    assert seen["hand_number"] == 1 and seen["history"] == []
    assert seen["juegos"] == [0, 0] and seen["vacas"] == [0, 0]
    # the bots before us may already have taken a deje in this first hand; nothing else counts
    from_this_hand = [sum(line["points"] for line in seen["ledger"] if line["team"] == t) for t in (0, 1)]
    assert seen["score"] == from_this_hand
    assert [page.text_content(f'[data-score="{t}"]') for t in (0, 1)] == [str(n) for n in from_this_hand]
    rules = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.rules.to_dict())")
    assert rules["target"] == 30 and rules["juegos_to_win"] == 1


def test_scores_show_tantos_and_stones(instant: BootState) -> None:
    page = instant.page
    play_until_overlay(page, 200)
    score = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.score)")
    assert [int(page.text_content(f'[data-score="{t}"]') or -1) for t in (0, 1)] == score
    assert page.locator(".score .stones").count() == 2


INERT = "() => ['table', 'controls', 'log-panel'].map((id) => document.getElementById(id).inert)"


def test_a_panel_a_bot_opened_makes_the_page_inert_a_frame_later(instant: BootState) -> None:
    """A panel covers the table: the page behind is inert, at once when the player's tap
    opened it, a frame later when a bot's move did (``Page._cover``)."""
    page = instant.page
    start_game(page)
    s = wait_for_choice(page)
    while s["overlay"]:  # bots can end a hand before the player speaks
        page.click('[data-action="continuar"]')
        s = wait_for_choice(page)
    assert page.evaluate(INERT) == [False] * 3
    # read in the same task as the draw: no frame can come between them, however slow the machine
    assert py(page, "import json; from mus.web.dom import play as _a; from pyscript import document; "
                    "p = _a._app.page; p.later = True; p._cover(True); "
                    "json.dumps([document.getElementById(n).inert for n in _a.PAGE_REGIONS])"
              ) == [False] * 3  # not in the draw's own frame
    page.wait_for_function(INERT.replace(".map(", ".every("))
    assert py(page, "from mus.web.dom import play as _a; p = _a._app.page; p.later = False; p._cover(False); "
                    "'null'") is None
    assert page.evaluate(INERT) == [False] * 3  # a panel the player closes frees the page at once


TURNING = "() => document.querySelectorAll('#overlay .card.turning').length"


def test_a_counts_cards_turn_face_up_a_frame_after_its_panel(instant: BootState) -> None:
    """A count's panel is drawn with its cards hidden, and they are drawn the frame after
    (``Page._turn_over``): each of the two frames takes about half of the one they were."""
    page = instant.page
    for _ in range(30):
        s = play_until_overlay(page, 400)
        if "showdown" in s["overlay"] and page.locator(".reveal .card.mini").count():
            break
        page.click('[data-action="continuar"]')
    # the panel opened a moment ago: on a loaded machine its turn may still be a frame away
    page.wait_for_function(TURNING + " === 0")
    cards = page.locator("#overlay .card.mini").count()
    assert cards >= 4 and page.evaluate(TURNING) == 0
    # the panel drawn again as just opened, and read in the draw's own task
    assert py(page, "import json; from mus.web.dom import play as _a; from pyscript import document; "
                    "a = _a._app; a.page.overlay_open = ''; a.page.parts.pop('overlay'); a.render(); "
                    "json.dumps(document.querySelectorAll('#overlay .card.turning').length)") == cards
    page.wait_for_function(TURNING + " === 0")
    assert page.locator("#overlay .card.mini").count() == cards
    drawn = page.evaluate("() => [...document.querySelectorAll('#overlay .card.mini')]"
                          ".map((c) => c.getBoundingClientRect().height > 0 && c.querySelector('svg') !== null)")
    assert drawn == [True] * cards
    page.click('[data-action="continuar"]')


def test_no_console_errors_nor_requests_elsewhere(instant: BootState) -> None:
    assert instant.console_errors == []
    assert instant.external_requests == []
