"""Helpers for the browser tests of the game page (tests/test_ui_*.py).

The page is driven only through what a player has: buttons with ``data-action`` (engine
actions in notation, ``continuar``, ``nueva``, ``revancha``), the new-game form, the cards.
Python inside the page (``py``: the interpreter the tests' hook was given) is only read,
to know the hidden cards.
"""

from __future__ import annotations

import ast
import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from mus.web.kit.i18n import card_name

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# What the page offers right now: the phase, the enabled action buttons, the screen.
STATE_JS = """() => {
  const html = document.documentElement;
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const actions = [...document.querySelectorAll('[data-action]')]
    .filter((b) => !b.disabled && visible(b) && !b.closest('[inert]'))
    .map((b) => b.dataset.action);
  return {
    phase: html.dataset.phase || null,
    screen: html.dataset.screen || null,
    actions,
    discard: !!document.querySelector('#b-descarte') && !document.querySelector('[inert] #b-descarte'),
    overlay: document.querySelector('#overlay.open:not([inert]) .panel')?.className || null,  // inert: a tap's draw to come
  };
}"""

ATTRIBUTES_JS = """() => [...document.querySelectorAll('*')].flatMap(
  (el) => [...el.attributes].map((a) => a.value))"""


# Runs statements, then keeps the value of an expression where JavaScript can read it
# (MicroPython's runPython gives nothing back).
PY_JS = """([code, expression]) => {
    const python = window.__musTestPython;
    python.runPython(code + "\\n__mus_test_value = (" + expression + ")");
    return python.globals.get("__mus_test_value");
}"""


def py(page: Page, code: str) -> Any:
    """Run ``code`` in the page's MicroPython (``tests.browser.expose_python``): statements
    ending with an expression, whose value must be JSON text, returned decoded."""
    tree = ast.parse(code)
    last = tree.body[-1]
    if not isinstance(last, ast.Expr):
        raise ValueError(f"the code must end with an expression: {code!r}")
    statements = [ast.get_source_segment(code, node) or "" for node in tree.body[:-1]]
    expression = ast.get_source_segment(code, last.value)
    return json.loads(page.evaluate(PY_JS, ["\n".join(statements), expression]))


def hidden_hands(page: Page) -> list[list[str]]:
    """The partner's and rivals' current cards, read from the app's game in the page."""
    return py(page, "import json; from mus.web.dom import play as _a; "
                    "json.dumps([_a._app.session.game.hand(s) for s in (1, 2, 3)])")


def state(page: Page) -> dict[str, Any]:
    return page.evaluate(STATE_JS)


def wait_for_choice(page: Page, timeout: float = 30.0) -> dict[str, Any]:
    """Wait until the page offers the player something (bots have moved)."""
    deadline = time.monotonic() + timeout
    while True:
        s = state(page)
        if s["actions"] or s["discard"] or s["phase"] == "fin" and s["overlay"]:
            return s
        if time.monotonic() > deadline:
            raise AssertionError(f"the page offers nothing to do: {s}")
        page.wait_for_timeout(15)


def choose_settings(page: Page, **settings: str) -> None:
    """Pick options on the new-game screen (the form must be open); a yes/no option, a
    checkbox, takes "true" or "false"."""
    for name, value in settings.items():
        box = f'input[type="checkbox"][data-setting="{name}"]'
        if page.locator(box).count():
            wanted = value == "true"
            if page.locator(box).is_checked() != wanted:
                page.click(f'label:has(> {box})')
            page.wait_for_selector(box + (":checked" if wanted else ":not(:checked)"), state="attached")
            continue
        page.click(f'label:has(> input[data-setting="{name}"][value="{value}"])')
        page.wait_for_selector(f'input[data-setting="{name}"][value="{value}"]:checked', state="attached")


def open_setup(page: Page) -> None:
    """The new-game form, from wherever the table is: the menu's "Nueva partida…". A count
    that comes up meanwhile covers the menu's button: it is continued first, as a player
    would (with the menu open the bots wait, so no other comes)."""
    for _ in range(20):
        if page.locator("#overlay .panel.setup").is_visible():
            return
        if page.locator("#overlay .panel.menu").is_visible():
            page.click('#overlay [data-ui="setup"]')
            page.wait_for_selector("#overlay .panel.setup")
            return
        try:
            if page.locator('#overlay [data-action="continuar"]').is_visible():
                page.click('#overlay [data-action="continuar"]', timeout=3000)
            else:
                page.click('#topbar [data-ui="menu"]', timeout=3000)
        except PlaywrightTimeout:   # a count came up over the button just then
            continue
    raise AssertionError("the menu's new-game form never opened")


def start_game(page: Page, **settings: str) -> None:
    """A new partida with these settings; señas off unless asked for (tests/test_ui_senas.py)."""
    open_setup(page)
    choose_settings(page, **{"senas": "false", **settings})
    if page.locator('#overlay [data-ui="nueva"]').is_visible():  # a partida in progress: asked to confirm
        page.click('#overlay [data-ui="nueva"]')
    page.click('[data-action="nueva"]')
    page.wait_for_selector("html[data-phase]", state="attached")


def discard_first_card(page: Page) -> None:
    page.click('[data-hand="0"] [data-card] >> nth=0')
    page.wait_for_selector('#b-descarte[data-action="descarte 0"]:not([disabled])')
    page.click("#b-descarte")


def play_one(page: Page, s: dict[str, Any]) -> str:
    """Click the first legal thing on offer; returns what was clicked."""
    if s["actions"]:
        action = s["actions"][0]
        page.click(f'[data-action="{action}"]:not([disabled]) >> nth=0')
        return action
    discard_first_card(page)
    return "descarte 0"


def play_until_overlay(page: Page, moves: int) -> dict[str, Any]:
    """Click the first legal thing until a screen (showdown, end) covers the table."""
    s = wait_for_choice(page)
    for _ in range(moves):
        if s["overlay"]:
            break
        play_one(page, s)
        s = wait_for_choice(page)
    return s


def assert_no_hidden_cards(page: Page) -> None:
    """No card of seats 1-3 appears in any attribute (as a token such as deck.svg#Ro), and
    neither does the deal seed that would let a player rebuild every hand.

    Only while a hand is played: a count shows the finished hand's cards by name, and the
    next hand is already dealt, so a name on the page cannot tell a shown card from a leak."""
    import re

    at_count = py(page, "import json; from mus.web.dom import play as _a; "
                        "json.dumps(_a._app.session.showdown_index() is not None)")
    assert not at_count, "a count is on screen: check hidden cards while a hand is played"
    hands = hidden_hands(page)
    tokens = set()
    for value in page.evaluate(ATTRIBUTES_JS):
        tokens.update(re.split(r"[^0-9A-Za-z]+", value))
    html = page.evaluate("() => document.documentElement.outerHTML")
    seed = py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.seed)")
    assert "data-seed" not in html and "seed" not in page.evaluate("() => Object.keys(document.documentElement.dataset)")
    if seed >= 10_000:  # a short number could be anything on the page; a drawn 32-bit seed is not
        assert str(seed) not in tokens, "the deal seed is in an attribute"
        assert str(seed) not in html, "the deal seed is on the page"
    for hand in hands:
        for card in hand:
            assert card not in tokens, f"{card} (hidden) appears in an attribute"
            assert f"#{card}\"" not in html
            for lang in ("es", "en"):  # nor by name, e.g. in an aria-label
                assert card_name(lang, card) not in html, f"{card_name(lang, card)} (hidden) is on the page"


def run_axe(page: Page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations on the page as it is now."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' '))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]
