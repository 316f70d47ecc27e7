"""Still cards: the player's own cards keep their place through every state of a hand, at the
guide's five sizes (the controls have their room whether they show or not), and the table
moves only as it should: short animations on transform and opacity, none at all when the
system asks for reduced motion.

States are restored from saves as in ``test_ui_layout.py`` (the bots do not move after a
restore, so a bot's turn stays on screen)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.browser import BootState, boot_page
import mus
from tests.test_ui_layout import DEALS, SENAS, STATES, _save, _set_lang, show_state
from tests.ui import wait_for_choice

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (320, 568), (740, 360), (820, 1180), (1280, 800)]
MOVE_PX = 4  # the most a card of the player's may move from one state of a hand to another

# States of the table's own suite: a first visit's mus and envite (the welcome in the top
# bar), the mus decision, the señas step, a discard, an envite, a raise and an órdago at
# grande, a bet at pares, a raise at juego, the count (over the hand just played).
ANSWERS = ("welcome-mus", "welcome-envite", "witiza", "senas-step", "senas-bet", "discard", "envite", "raise",
           "raise-late", "ordago", "declarations", "juego-dense", "count", "count-ordago")
# A bot to play: the controls are empty (the save is restored, and no bot moves until told).
BOTS: dict[str, tuple[int, list[str], mus.Rules | None]] = {
    "bots-mus": (1, [], None),
    "bots-grande": (1, ["no hay mus", "paso"], None),
    "bots-senas": (1, ["no hay mus"], SENAS),
    "bots-senas-grande": (1, ["no hay mus", "señas", "señas", "señas", "señas", "paso"], SENAS),
}

# Each card's box as laid out (a chosen card's lift, a transform, left out), in CSS pixels.
CARDS_JS = """() => [...document.querySelectorAll('[data-hand="0"] [data-card]')].map((el) => {
  const lift = el.style.transform;
  el.style.transform = 'none';
  const r = el.getBoundingClientRect();
  el.style.transform = lift;
  return [r.left, r.top, r.width, r.height];
})"""


def restore(page: Any, save: str) -> None:
    """Put ``save`` on the table as a reload would (``test_ui_layout.show_state`` for any save)."""
    page.evaluate("""([text, code]) => { localStorage.setItem('mus.save', text); window.__musTestPython.runPython(code); }""",
                  [save, "from mus.web.dom import play as _a; s = _a._app.session; s.saved = None; s.review = False; "
                         "s.confirm = None; s.notices = []; s.welcome = False; s.screen = 'setup'; s.restore(); "
                         "_a._app.render()"])


def _show_bots(page: Any, name: str) -> None:
    mano, actions, rules = BOTS[name]
    restore(page, _save(mano, actions, rules=rules))
    page.wait_for_timeout(30)


def _cards_in_every_state(page: Any) -> dict[str, list[list[float]]]:
    boxes = {}
    for name in ANSWERS:
        show_state(page, name)
        boxes[name] = page.evaluate(CARDS_JS)
    for name in BOTS:
        _show_bots(page, name)
        boxes[name] = page.evaluate(CARDS_JS)
    # a new hand: the count's "Siguiente jugada", and the bots play to the player's turn
    show_state(page, "count")
    page.click('#overlay [data-action="continuar"]')
    wait_for_choice(page)
    boxes["new-hand"] = page.evaluate(CARDS_JS)
    return boxes


def _senas(state: str) -> bool:
    """Whether the partida of ``state`` is played with señas (room is kept for the player's)."""
    rules = BOTS[state][2] if state in BOTS else DEALS.get(state, {}).get("rules")
    return bool(rules and rules.senas)


def _moves(boxes: dict[str, list[list[float]]]) -> list[str]:
    """Each card whose box moved more than ``MOVE_PX`` between two states of partidas alike
    (with or without señas), by how much."""
    out = []
    for senas in (False, True):
        alike = {state: cards for state, cards in boxes.items() if _senas(state) == senas}
        for i in range(4):
            for side, name in enumerate(("left", "top", "width", "height")):
                seen = {state: cards[i][side] for state, cards in alike.items()}
                low, high = min(seen, key=seen.__getitem__), max(seen, key=seen.__getitem__)
                if seen[high] - seen[low] > MOVE_PX:
                    out.append(f"card {i} {name}: {seen[low]:.0f} ({low}) → {seen[high]:.0f} ({high})")
    return out


@pytest.fixture(scope="module")
def still(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "?speed=0")
    yield state
    state.close()


# English at the narrowest size, where its longer words wrap first (a raise's question)
CASES = [(size, "es") for size in SIZES] + [((320, 568), "en")]


@pytest.mark.parametrize(("size", "lang"), CASES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in CASES])
def test_own_cards_stay_put_through_a_hand(still: BootState, size: tuple[int, int], lang: str) -> None:
    page = still.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _set_lang(page, lang)
    try:
        boxes = _cards_in_every_state(page)
        assert all(len(cards) == 4 for cards in boxes.values()), {k: len(v) for k, v in boxes.items()}
        assert _moves(boxes) == []
    finally:
        _set_lang(page, "es")
        page.set_viewport_size({"width": 1280, "height": 800})

