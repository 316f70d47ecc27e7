"""The table's voice and its last rough edges, in the page: a saying or an advice opens its
meaning; Enter twice throws no órdago; a redrawn bubble does not pop again; the phone's strip
of calls shows whole lines; the tablet's top bar keeps its height; the count's calls are not
numbered; a refused lance is counted once; the coach on a phone keeps the chips in view; the
menu is a menu. Positions are restored from saves (``test_ui_layout.show_state``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import BootState
from tests.test_ui_layout import OVERLAP_JS, show_state
from tests.ui import py

pytestmark = pytest.mark.browser


@pytest.fixture
def sized(instant: BootState, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The booted page at ``request.param`` (width, height), back to the desktop after."""
    page = instant.page
    width, height = getattr(request, "param", (1280, 800))
    page.set_viewport_size({"width": width, "height": height})
    yield page
    page.set_viewport_size({"width": 1280, "height": 800})


def test_a_saying_and_the_advice_open_their_meaning(sized: Any) -> None:
    page = sized
    show_state(page, "talk")
    left = page.locator('[data-bubble="3"]')
    assert left.get_attribute("data-talk") == "mano_nino"
    assert not page.is_visible("#talk-3")
    left.click()
    assert page.is_visible("#talk-3")
    assert "Un envite de cinco tantos" in (page.text_content("#talk-3") or "")
    page.keyboard.press("Escape")
    assert not page.is_visible("#talk-3")
    page.click('[data-bubble="2"]')            # the partner's advice, aloud
    assert "los rivales también lo oyen" in (page.text_content("#talk-2") or "")
    page.keyboard.press("Escape")
    log = page.text_content("#log") or ""
    assert "en voz alta: «¡Envida!»" in log and "— «¡La mano de un niño!»" in log


def test_enter_twice_throws_no_ordago(sized: Any) -> None:
    page = sized
    show_state(page, "declarations")
    actions = page.evaluate("() => JSON.parse(localStorage.getItem('mus.save')).game.actions.length")
    page.focus('#controls [data-ui="ordago"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#controls [data-action="ordago"]')
    assert page.evaluate("() => document.activeElement.dataset.ui") == "cancel"   # not on "Sí, ¡órdago!"
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#controls [data-action=\"ordago\"]')")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('mus.save')).game.actions.length") == actions


def test_a_redrawn_bubble_does_not_pop_again(sized: Any) -> None:
    page = sized
    show_state(page, "talk")
    pop = "(el) => { document.documentElement.classList.remove('instant'); " \
          "const name = getComputedStyle(el).animationName; document.documentElement.classList.add('instant'); return name; }"
    assert page.eval_on_selector('[data-bubble="3"]', pop) == "pop"            # said just now: it pops
    # the seat drawn again with the same words (the page's copy of its HTML forgotten)
    py(page, "import json; from mus.web.dom import play as _a; _a._app.page.parts.pop('seat-3'); _a._app.render(); "
             "json.dumps(1)")
    assert page.eval_on_selector('[data-bubble="3"]', "(el) => el.classList.contains('steady')")
    assert page.eval_on_selector('[data-bubble="3"]', pop) == "none"
    # and the bubble alone drawn again, the seat's other parts left as they are
    plate = page.eval_on_selector("#seat-3 .plate", "(el) => { el.dataset.kept = 'yes'; return el.className; }")
    py(page, "import json; from mus.web.dom import play as _a; parts = _a._app.page.parts['seat-3']; "
             "_a._app.page.parts['seat-3'] = tuple('<div></div>' if 'data-bubble' in p else p for p in parts); "
             "_a._app.render(); json.dumps(1)")
    assert page.eval_on_selector("#seat-3 .plate", "(el) => el.dataset.kept") == "yes", plate
    assert page.eval_on_selector('[data-bubble="3"]', "(el) => el.classList.contains('steady')")
    assert page.eval_on_selector('[data-bubble="3"]', pop) == "none"


@pytest.mark.parametrize("sized", [(360, 740)], indirect=True)
def test_the_phone_strip_of_calls_shows_whole_lines(sized: Any) -> None:
    page = sized
    show_state(page, "declarations")
    cut = page.evaluate("""() => {
        const box = document.getElementById('log'), r = box.getBoundingClientRect();
        return [...box.children].map((p) => p.getBoundingClientRect())
          .filter((q) => q.bottom > r.top + 0.5 && q.top < r.bottom - 0.5)      // in view, even in part
          .filter((q) => q.top < r.top - 0.5 || q.bottom > r.bottom + 0.5)       // but not whole
          .map((q) => `${Math.round(q.top - r.top)}..${Math.round(q.bottom - r.top)} of ${Math.round(r.height)}`);
    }""")
    assert cut == []
    lines = page.evaluate("""() => { const box = document.getElementById('log');
        return box.getBoundingClientRect().height / parseFloat(getComputedStyle(box).lineHeight); }""")
    assert 1.95 < lines < 2.05


@pytest.mark.parametrize("sized", [(820, 1180)], indirect=True)
def test_the_tablet_top_bar_keeps_its_height_after_the_first_hand(sized: Any) -> None:
    page = sized
    show_state(page, "declarations")          # the first hand: nothing to look back at yet
    first = page.evaluate("() => document.getElementById('topbar').getBoundingClientRect().height")
    show_state(page, "count")
    page.click('#overlay [data-action="continuar"]')
    page.wait_for_function("() => !document.querySelector('#overlay.open')")
    later = page.evaluate("() => document.getElementById('topbar').getBoundingClientRect().height")
    assert later == first
    rivals = page.evaluate("() => [1, 3].map((n) => document.querySelector(`#seat-${n} .plate`).getBoundingClientRect().height)")
    assert max(rivals) < 60, rivals           # a bot's name on one line, not three


@pytest.mark.parametrize("sized", [(360, 740), (320, 568)], indirect=True)
def test_the_calls_at_the_count_are_whole_lines_without_numbers(sized: Any) -> None:
    page = sized
    show_state(page, "count-long")
    page.click("#overlay .count-log summary")
    lines = page.evaluate("""() => { const body = document.querySelector('#overlay.open .panel-body').getBoundingClientRect();
        return [...document.querySelectorAll('#overlay .count-log li')].map((li) => [getComputedStyle(li).listStyleType,
            li.getBoundingClientRect().left >= body.left - 0.5]); }""")
    assert len(lines) >= 10 and all(style == "none" and inside for style, inside in lines), lines


def test_a_refused_lance_is_counted_once(sized: Any) -> None:
    page = sized
    show_state(page, "count-during")          # grande and chica refused: paid during the hand
    shown = page.evaluate("""() => [...document.querySelectorAll('#overlay .count-row')]
        .filter((row) => row.getClientRects().length).map((row) => row.dataset.countRow)""")
    assert shown.count("grande") == 1 and shown.count("chica") == 1, shown


@pytest.mark.parametrize("sized", [(360, 740), (320, 568)], indirect=True)
def test_the_coach_on_a_phone_keeps_the_lances_in_view(sized: Any) -> None:
    page = sized
    py(page, "import json; from mus.web.dom import play as _a; _a._app.session.set_setting('coach', 'true'); json.dumps(1)")
    try:
        show_state(page, "declarations")
        page.wait_for_selector('#center .coach[aria-busy="false"]')
        clash = page.evaluate("""() => {
            const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            const partner = [...document.querySelectorAll('#seat-2 .card, #seat-2 .bubble:not(.empty), #seat-2 .plate')]
                .map((el) => el.getBoundingClientRect());
            return [...document.querySelectorAll('#center .chip, #center .coach')]
                .filter((el) => partner.some((r) => meet(el.getBoundingClientRect(), r))).map((el) => el.className);
        }""")
        assert clash == []
        assert page.evaluate(OVERLAP_JS) == []
        assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    finally:
        py(page, "import json; from mus.web.dom import play as _a; _a._app.session.set_setting('coach', 'false'); "
                 "_a._app.render(); json.dumps(1)")


@pytest.mark.parametrize("sized", [(360, 740)], indirect=True)
def test_the_menu_is_a_menu(sized: Any) -> None:
    page = sized
    show_state(page, "declarations")
    page.click('#topbar [data-ui="menu"]')
    page.wait_for_selector("#overlay.open .panel.menu")
    assert page.evaluate("() => document.activeElement.dataset.ui") == "close"   # "Seguir jugando" first
    labels = page.evaluate("() => [...document.querySelectorAll('#overlay .menu-items > *')].map((b) => b.textContent)")
    assert labels == ["Seguir jugando", "Cómo se juega", "Dichos de la mesa", "English", "Sonido: no", "Nueva partida…",
                      "Lecciones"]
    heights = page.evaluate("() => [...document.querySelectorAll('#overlay .menu-items > *')].map((b) => b.getBoundingClientRect().height)")
    assert min(heights) >= 44                  # the lessons' link is drawn as the buttons are
    page.click('#overlay [data-ui="help"]')
    page.wait_for_selector("#overlay.open .panel.help")
    assert page.locator("#overlay .panel.help a.btn-link").count() >= 10
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#overlay.open')")
    page.click('#topbar [data-ui="menu"]')
    page.click('#overlay [data-ui="setup"]')
    page.wait_for_selector('#overlay.open .panel.setup')
    assert page.is_visible('label:has(> input[data-setting="style"][value="bluffer"])')
    page.click('#overlay [data-ui="volver"]')
