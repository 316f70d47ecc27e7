"""The keyboard at the table: every decision's main control has the focus by the frame that
shows the turn, so Enter answers at once; a discard, the señas and an órdago are confirmed
within two keys."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tests.ui import play_one, state, wait_for_choice

pytestmark = pytest.mark.browser

# After the frame that shows the turn, which gives its main control the focus.
ACTIVE_JS = """async () => {
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const a = document.activeElement;
  return {id: a.id || null, action: a.dataset.action || null, ui: a.dataset.ui || null,
          main: a.hasAttribute('data-main'), controls: !!a.closest('#controls'), tag: a.tagName};
}"""
SAVED_JS = "() => JSON.parse(localStorage.getItem('mus.save')).game.actions"


@pytest.fixture(scope="module")
def keyed(browser: Any, base_url: str) -> Iterator[BootState]:
    booted = boot_page(browser, base_url + "?speed=0&seed=21", context_args={"viewport": {"width": 1280, "height": 800}})
    yield booted
    booted.close()


def active(page: Any) -> dict[str, Any]:
    return page.evaluate(ACTIVE_JS)


def saved(page: Any) -> list[str]:
    return page.evaluate(SAVED_JS)


def press(page: Any, *keys: str) -> list[str]:
    """Press ``keys`` and wait until the save has a new action: that action."""
    before = len(saved(page))
    for key in keys:
        page.keyboard.press(key)
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('mus.save')).game.actions.length > {before}")
    return saved(page)[before:]


def test_every_decision_is_one_enter_away_and_discard_senas_ordago_two(keyed: BootState) -> None:
    page = keyed.page
    # a first visit's hand at the default table (señas on), no form first
    assert page.get_attribute("html", "data-phase") is not None
    seen: set[str] = set()
    for _ in range(600):
        s = wait_for_choice(page)
        if s["overlay"]:   # a count: its button has the focus, Enter deals on
            if s["phase"] == "fin":
                break
            assert active(page)["action"] == "continuar", active(page)
            page.keyboard.press("Enter")
            page.wait_for_function("() => !document.querySelector('#overlay.open')")
            continue
        focus = active(page)
        assert focus["main"] and focus["controls"], (s, focus)   # the turn came: its main control
        phase = s["phase"]
        if phase == "descarte":
            assert focus["id"] == "b-descarte"
            done = press(page, "1", "Enter")                           # a card, then Enter: 2 keys
            assert done[0].startswith("descarte") and done[0].split()[1:] == ["0"], done
            seen.add("descarte")
        elif phase == "senas":
            assert focus["action"] in ("señas", "sin señas"), focus    # not the preview of the faces
            assert press(page, "Enter")[0] == focus["action"]
            seen.add("senas")
        elif phase == "mus":
            assert focus["action"] == "mus"
            press(page, "Enter")
            seen.add("mus")
        elif "ordago" not in seen and page.locator("#b-ordago").count():
            page.focus("#b-ordago")
            page.keyboard.press("Enter")                               # asks first
            page.wait_for_selector("#controls .ordago-apart.confirming")
            assert active(page)["ui"] == "cancel"                      # Enter twice throws nothing
            assert press(page, "Shift+Tab", "Enter")[0] == "ordago"    # confirmed in 2 keys
            seen.add("ordago")
        else:
            play_one(page, s)
        if seen >= {"mus", "descarte", "senas", "ordago"}:
            break
    assert seen >= {"mus", "descarte", "senas", "ordago"}, seen
    # a new partida from the menu: its start button has the focus again; it asks before leaving
    # the partida in progress, on "Cancelar" (Enter twice loses nothing), confirmed in two keys
    if page.locator('#overlay.open [data-action="continuar"]').count():
        page.keyboard.press("Enter")
    page.click('#topbar [data-ui="menu"]')
    page.click('#overlay [data-ui="setup"]')
    page.wait_for_selector('#overlay.open [data-ui="nueva"]')
    assert active(page)["ui"] == "nueva", active(page)
    page.keyboard.press("Enter")
    page.wait_for_selector('#overlay.open #confirm-text')
    assert active(page)["ui"] == "cancel", active(page)
    page.keyboard.press("Shift+Tab")
    assert active(page)["action"] == "nueva", active(page)
    assert keyed.console_errors == []
