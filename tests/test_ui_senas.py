"""A hand with señas in the browser: show them, see the partner's, and nothing unseen in the DOM.

The page is booted with ``?seed=12``: in the first hand the player can show ciego, the
partner (a facil bot: it always shows) dos reyes, the left rival (the mano, facil too) dos
ases, and the right rival has none. Whether the player catches the left rival's señas is a
chance step of the game; the DOM must say "dos ases" exactly when he did.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tests.ui import assert_no_hidden_cards, open_setup, play_one, py, run_axe, start_game, wait_for_choice

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def seeded(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "?speed=0&seed=12")
    yield state
    state.close()


def _observation(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = py(page, "import json; from mus.web.dom import play as _a; "
                                      "json.dumps(_a._app.session.game.observation(0))")
    return result


def test_rules_summary_shows_the_catch_chance(seeded: BootState) -> None:
    page = seeded.page
    open_setup(page)
    assert page.locator('input[type="checkbox"][data-setting="senas"]').is_checked()
    assert "25 %" in (page.text_content(".rules-summary") or "")


def test_a_hand_with_senas(seeded: BootState) -> None:
    page = seeded.page
    start_game(page, level="facil", senas="true")
    s = wait_for_choice(page)
    for _ in range(20):
        if s["phase"] == "senas":
            break
        if "no hay mus" in s["actions"]:
            page.click('[data-action="no hay mus"]')
        else:
            play_one(page, s)
        s = wait_for_choice(page)
    assert s["phase"] == "senas" and s["actions"] == ["señas", "sin señas"], s
    preview = page.locator('#senas-preview [data-sena="ciego"]')
    assert preview.is_visible() and preview.locator("svg.face").count() == 1
    assert "cierra los ojos: ciego" in (preview.text_content() or "")
    assert run_axe(page) == []
    assert_no_hidden_cards(page)

    page.click('[data-action="señas"]')
    page.wait_for_function("() => document.documentElement.dataset.phase !== 'senas'")
    wait_for_choice(page)
    partner = page.locator('[data-senas="2"]')
    assert partner.is_visible() and partner.locator("svg.face").count() == 1
    assert "se muerde el labio: dos reyes" in (partner.text_content() or "")
    assert partner.get_attribute("aria-label") == "Señas de Fermín"  # the partner seed 12 names
    assert page.locator('[data-senas="0"] [data-sena="ciego"]').count() == 1
    log = (page.text_content("#log") or "").lower()
    assert "fermín: hace señas — se muerde el labio: dos reyes" in log
    assert "tú: hago señas — cierra los ojos: ciego" in log  # said by you, in the first person

    # Nothing the player did not see: a rival's señas only if he caught them.
    seen = {e["seat"]: e["senas"] for e in _observation(page)["senas"]}
    assert seen[2] == ["dos reyes"] and seen[0] == ["ciego"]
    html = page.evaluate("() => document.documentElement.outerHTML")
    caught_left = 3 in seen
    assert page.locator('[data-senas="3"]').count() == int(caught_left)
    assert ("dos ases" in html) == caught_left
    assert ("cazada" in html) == caught_left
    assert page.locator('[data-senas="1"]').count() == 0    # nothing to show, nothing shown
    assert_no_hidden_cards(page)
    assert run_axe(page) == []


def test_no_console_errors(seeded: BootState) -> None:
    assert seeded.console_errors == []
    assert seeded.external_requests == []
