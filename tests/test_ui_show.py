"""The table's sounds and the end of a partida, in Chromium.

Sounds are off until the player turns them on in the menu; the choice survives a reload; the
page asks ``static/sound.mjs`` for a sound at the deal, a bet, an órdago and a juego won,
counted on the module's own counter (``played``), and a page without Web Audio stays quiet
without an error. The end of a partida (from ``tools.dev.ending``'s save, one tap from it)
shows the score, the winners and the moments, and shares its result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tests.ui import play_one, wait_for_choice
from tools.dev.ending import ending_save

pytestmark = pytest.mark.browser

PLAYED_JS = "() => import('/static/sound.mjs').then((m) => ({...m.played}))"
SOUND_BUTTON = '#overlay [data-ui="sound"]'


@pytest.fixture(scope="module")
def page_state(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "?speed=0")
    yield state
    state.close()


def _loaded(state: BootState, since: int = 0) -> bool:
    return any(url.endswith("/static/sound.mjs") for url in state.requests[since:])


def _toggle_sound(page: Any) -> str:
    page.click('#topbar [data-ui="menu"]')
    page.click(SOUND_BUTTON)
    pressed = page.get_attribute(SOUND_BUTTON, "aria-pressed")
    page.click('#overlay [data-ui="close"]')
    return str(pressed)


def test_sounds_are_off_until_turned_on_and_stay_on(page_state: BootState) -> None:
    page = page_state.page
    page.click('#topbar [data-ui="menu"]')
    assert page.get_attribute(SOUND_BUTTON, "aria-pressed") == "false"
    assert page.inner_text(SOUND_BUTTON) == "Sonido: no"
    page.click('#overlay [data-ui="close"]')
    assert not _loaded(page_state)  # off: the module is not even fetched
    assert _toggle_sound(page) == "true"
    assert json.loads(page.evaluate("() => localStorage.getItem('mus.settings')"))["sound"] is True
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/static/sound.mjs'))")

    # one tap from the end of a partida, sounds on, and now a browser without Web Audio
    page.context.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    page.evaluate("(save) => localStorage.setItem('mus.save', save)", ending_save())
    since = len(page_state.requests)
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    page.click('#topbar [data-ui="menu"]')
    assert page.inner_text(SOUND_BUTTON) == "Sonido: sí"   # remembered
    page.click('#overlay [data-ui="close"]')
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/static/sound.mjs'))")
    assert _loaded(page_state, since)
    assert page.evaluate(PLAYED_JS) == {"deal": 0, "bet": 0, "ordago": 0, "juego": 0}  # a reload says nothing

    page.click('#controls [data-action="quiero"]')        # the rival's órdago, wanted: our juego and the partida
    page.wait_for_selector("#overlay.open .panel.showdown")
    assert page.evaluate(PLAYED_JS) == {"deal": 0, "bet": 0, "ordago": 0, "juego": 1}
    page.click('#overlay [data-action="continuar"]')
    page.wait_for_selector("#overlay.open .panel.fin")
    assert page.inner_text(".fin-score").split() == ["2", "–", "1", "Juegos"]
    assert page.inner_text(".fin-winners").startswith("Ganadores: tú y ")
    assert page.locator(".fin-moments .moment").count() == 4

    page.evaluate("() => { delete Navigator.prototype.share; }")  # no share sheet: the result is copied
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click('#overlay [data-ui="share"]')
    page.wait_for_selector(".fin-shared")
    shared = page.evaluate("() => navigator.clipboard.readText()")
    assert shared == page.inner_text("#share-text") + " " + page_state.page.url.split("?")[0]
    assert page.inner_text(".fin-shared") == "Copiado: pégalo donde quieras."

    page.click('#overlay [data-action="revancha"]')       # a new hand dealt
    s = wait_for_choice(page)
    assert page.evaluate(PLAYED_JS)["deal"] == 1
    for _ in range(200):                                  # the player's own envite, at his first chance
        if "envido" in s["actions"]:
            break
        play_one(page, s)
        s = wait_for_choice(page)
    before = page.evaluate(PLAYED_JS)                     # the bots wait for the player: nothing moves
    page.click('[data-action="envido"] >> nth=0')          # drawn, and heard, in the task after the tap's
    page.wait_for_function(f"() => ({PLAYED_JS})().then((played) => played.bet > {before['bet']})", timeout=5000)
    after = page.evaluate(PLAYED_JS)
    assert after["bet"] >= before["bet"] + 1 and after["deal"] >= 1
    assert not page_state.console_errors, page_state.console_errors
