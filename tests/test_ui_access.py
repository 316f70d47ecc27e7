"""Phone viewport, accessibility (axe-core), keyboard play, language switch, reduced motion."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tests.ui import AXE, play_one, play_until_overlay, run_axe, start_game, wait_for_choice

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def phone(browser: Any, base_url: str) -> Iterator[BootState]:
    booted = boot_page(browser, base_url + "?speed=0",
                       context_args={"viewport": PHONE, "has_touch": True, "is_mobile": True,
                                     "device_scale_factor": 2})
    yield booted
    booted.close()


def own_card_labels(page: Any) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('[data-hand="0"] [data-card]')]
        .map((c) => c.getAttribute('aria-label'))""")


def no_horizontal_scroll(page: Any) -> None:
    sizes = page.evaluate("""() => ({sw: document.documentElement.scrollWidth,
        cw: document.documentElement.clientWidth, bw: document.body.scrollWidth})""")
    assert sizes["sw"] <= sizes["cw"] and sizes["bw"] <= sizes["cw"], sizes


def small_targets(page: Any) -> list[str]:
    """Visible buttons and choice labels smaller than 44×44 CSS pixels."""
    return page.evaluate("""() => [...document.querySelectorAll('button, .choice span, .check span')]
        .filter((el) => el.getClientRects().length && !el.closest('[inert]'))
        .map((el) => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width < 44 || r.height < 44)
        .map(([el, r]) => `${el.outerHTML.slice(0, 80)} ${r.width}x${r.height}`)""")


def test_axe_core_is_installed() -> None:
    assert AXE.is_file(), "run `npm ci` (axe-core is a devDependency)"


def test_first_screen_and_new_game_screen_on_a_phone(phone: BootState) -> None:
    """The hand a first visit is dealt, with its ways in, then the new-game form it opens."""
    page = phone.page
    assert page.is_visible("nav.welcome")
    no_horizontal_scroll(page)
    assert small_targets(page) == []
    assert run_axe(page) == []
    page.click('nav.welcome [data-ui="setup"]')
    assert page.is_visible('[data-action="nueva"]')  # the player has not played: no "abandon?" first
    no_horizontal_scroll(page)
    assert small_targets(page) == []
    assert run_axe(page) == []


def test_language_switch(phone: BootState) -> None:
    page = phone.page
    assert page.get_attribute("html", "lang") == "es"
    assert "Nueva partida" in (page.text_content("#overlay-title") or "")
    page.click('label:has(> input[data-setting="lang"][value="en"])')
    page.wait_for_selector('html[lang="en"]', state="attached")
    assert "New match" in (page.text_content("#overlay-title") or "")
    assert page.text_content('[data-action="nueva"]') == "Start match"
    assert page.text_content('label:has(> input[data-setting="level"][value="dificil"])') == "Hard"
    page.click('label:has(> input[data-setting="lang"][value="es"])')
    page.wait_for_selector('html[lang="es"]', state="attached")
    assert page.text_content('[data-action="nueva"]') == "Empezar partida"


def test_table_on_a_phone(phone: BootState) -> None:
    page = phone.page
    start_game(page, level="facil")
    wait_for_choice(page)
    no_horizontal_scroll(page)
    assert small_targets(page) == []
    widths = page.evaluate("""() => [...document.querySelectorAll('[data-hand="0"] [data-card]')]
        .map((c) => c.getBoundingClientRect().width)""")
    assert len(widths) == 4 and min(widths) >= 64, widths  # readable on a 360 px screen
    assert run_axe(page) == []
    # the player's cards have names, the others' only say how many there are
    labels = own_card_labels(page)
    assert all(" de " in label for label in labels), labels
    assert "4 cartas boca abajo" in (page.get_attribute('[data-hand="2"]', "aria-label") or "")


def test_language_switch_during_play(phone: BootState) -> None:
    page = phone.page
    wait_for_choice(page)
    page.click('[data-ui="lang"]')
    page.wait_for_selector('html[lang="en"]', state="attached")
    labels = own_card_labels(page)
    assert all(" of " in label for label in labels), labels
    assert page.text_content(".score.team-0 .score-name") == "Us"
    assert page.text_content("#log-title") == "Calls"
    page.click('[data-ui="lang"]')
    page.wait_for_selector('html[lang="es"]', state="attached")
    assert page.text_content(".score.team-0 .score-name") == "Nosotros"


def test_showdown_on_a_phone(phone: BootState) -> None:
    page = phone.page
    s = play_until_overlay(page, 400)
    assert s["overlay"] and "showdown" in s["overlay"]
    # the page behind the count is inert (a frame after the count, when a bot's move opened it)
    page.wait_for_function("() => ['table', 'controls', 'log-panel'].every((id) => document.getElementById(id).inert)")
    no_horizontal_scroll(page)
    assert small_targets(page) == []
    assert page.is_visible('[data-action="continuar"]')  # sticky: no scrolling needed
    assert run_axe(page) == []
    page.click('[data-action="continuar"]')
    page.wait_for_function("() => !document.getElementById('table').inert")


def test_keyboard_play(phone: BootState) -> None:
    """Tab to a button and press Enter/Space: the game moves on; focus is visible."""
    page = phone.page
    s = wait_for_choice(page)
    for _ in range(200):
        if s["actions"] and not s["overlay"] and s["phase"] != "descarte":
            break
        play_one(page, s)
        s = wait_for_choice(page)
    actions_before = page.evaluate("() => JSON.parse(localStorage.getItem('mus.save')).game.actions.length")
    page.focus("#controls button")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # a keyboard move, so :focus-visible applies
    focused = page.evaluate("""() => ({action: document.activeElement.dataset.action || null,
        outline: getComputedStyle(document.activeElement).outlineStyle,
        width: parseFloat(getComputedStyle(document.activeElement).outlineWidth)})""")
    assert focused["outline"] != "none" and focused["width"] >= 2, focused
    while not focused["action"]:
        page.keyboard.press("Tab")
        focused = page.evaluate("() => ({action: document.activeElement.dataset.action || null})")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('mus.save')).game.actions.length > {actions_before}")


def test_keyboard_discard(phone: BootState) -> None:
    """Cards are toggle buttons (aria-pressed) reachable with Tab; keys 1-4 also select."""
    page = phone.page
    s = wait_for_choice(page)
    for _ in range(3000):
        if s["discard"] and not s["overlay"]:
            break
        if s["actions"] and s["actions"][0] == "mus":
            page.click('[data-action="mus"]')
        else:
            play_one(page, s)
        s = wait_for_choice(page)
    else:
        raise AssertionError("expected a descarte within 3000 moves: the bots never let the mus through")
    page.focus('[data-hand="0"] [data-card] >> nth=1')
    page.keyboard.press("Space")
    assert page.get_attribute('[data-hand="0"] [data-card] >> nth=1', "aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.dataset.pos") == "1"  # focus kept
    page.keyboard.press("4")
    assert page.get_attribute("#b-descarte", "data-action") == "descarte 1 3"
    page.focus("#b-descarte")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#b-descarte')")


def test_reduced_motion_stops_animations(phone: BootState) -> None:
    page = phone.page
    page.emulate_media(reduced_motion="reduce")
    names = page.evaluate("""() => [...document.querySelectorAll('.bubble, .plate, .card, .panel')]
        .map((el) => getComputedStyle(el).animationName)""")
    assert names and set(names) == {"none"}
    page.emulate_media(reduced_motion="no-preference")


def test_no_console_errors(phone: BootState) -> None:
    assert phone.console_errors == []
    assert phone.external_requests == []
