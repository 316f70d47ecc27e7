"""One screen on any phone: at six sizes and in each state, no page scroll, and the
player's cards and every button fully on screen; nothing drawn over a bubble, a card or a
seña; no text wider than its box; the count whole without scrolling, in type no smaller than
12 px. Positions come from
``Game.from_deal`` written as a save and restored in the page (no hidden cards go through
the page)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import mus
from mus.web.play.saves import Saved, encode_save
from mus.web.play.settings import Settings
from tests.browser import BootState
from tests.ui import py

pytestmark = pytest.mark.browser

# the guide's five sizes and a common small Android phone
SIZES = [(360, 740), (320, 568), (740, 360), (820, 1180), (1280, 800), (360, 640)]
HANDS = ["RRC6", "7654", "CCSA", "3322"]
# With señas and every rival's caught: the partner shows la 31, the left rival three señas
# (dos reyes, dos ases, duples), the right one ciego, the player dos reyes.
SENAS = mus.Rules(senas=True, catch=1.0)
SEEDED = mus.Rules(senas=True)  # the partidas dealt from a seed, as walks played them
COUNTS = ("count", "count-during", "count-long", "count-longest", "count-ties", "count-ordago", "count-ordago-won",
          "count-talk", "reached", "won")
PANELS = ("help", "glossary", "menu")  # opened from the table (over "declarations")
# How a state's deal differs from HANDS at 12–23 with the default rules (``_save``'s keywords);
# count-long, count-longest and won deal hands with long descriptions (two lines each on a small phone).
DEALS: dict[str, dict[str, Any]] = {
    **{name: {"rules": SENAS} for name in ("senas-step", "senas-bet", "senas-postre", "senas-raise", "welcome-senas")},
    "reached": {"score": (37, 37)},
    "count-long": {"hands": ["C64A", "RRC4", "C75A", "SSCA"]},
    "count-longest": {"hands": ["AAS5", "SSSC", "RRR6", "33C4"]},
    "won": {"hands": ["AA5S", "447C", "C64A", "RRR4"], "score": (21, 13), "juegos": (0, 1)},
    "juego-dense": {"rules": SEEDED, "seed": 7, "acked": 2},
    "count-ties": {"rules": SEEDED, "seed": 30},
    "count-ordago": {"rules": SEEDED, "seed": 21, "acked": 1},
    "count-ordago-won": {"rules": SEEDED, "seed": 6, "acked": 4},
    "rival-full": {"rules": SEEDED, "hands": ["3cScSe4e", "CeSo7c5b", "Ro6o6e6b", "Rc7o4c2b"], "score": (26, 33),
                   "juegos": (0, 1)},
    # the table's voice (their talk drawn from deal seed 3): a saying with a call and the
    # partner's advice; the longest saying in both rivals' narrow columns; one at the count
    "talk": {"hands": ["CS65", "7654", "RRR3", "CCSA"], "deal_seed": 0},
    "witiza": {"hands": ["CS65", "7654", "RRC3", "CCSA"], "score": (35, 36), "deal_seed": 3},
    "count-talk": {"hands": ["CS65", "RR3A", "7654", "CC4S"], "deal_seed": 2},
}
# state → (mano, actions): the player (seat 0) is to act, or a hand has just ended. A state dealt
# from a seed has mano -1: its first mano is drawn by lot.
STATES: dict[str, tuple[int, list[str]]] = {
    # a first visit's first hand, the ways in above the table until the player's first call
    "welcome-mus": (1, ["mus", "mus", "mus"]),
    "welcome-envite": (3, ["no hay mus", "envido"]),
    "welcome-senas": (1, ["no hay mus", "señas", "señas", "señas"]),
    "senas-step": (1, ["no hay mus", "señas", "señas", "señas"]),
    "senas-bet": (1, ["no hay mus", "señas", "señas", "señas", "señas", "paso", "paso", "envido"]),
    # the player mano: the left rival's plate says postre on a second line above his señas,
    # under the partner's plate and his two-word answer
    "senas-postre": (0, ["no hay mus", "señas", "señas", "señas", "señas", "paso", "envido", "no quiero"]),
    # and the left rival raising the partner's envite: three lines on his plate, three words said
    "senas-raise": (0, ["no hay mus", "señas", "señas", "señas", "señas", "paso", "paso", "envido", "envido"]),
    "discard": (1, ["mus", "mus", "mus", "mus"]),
    "envite": (3, ["no hay mus", "envido"]),
    "raise": (2, ["no hay mus", "envido", "envido 3"]),
    # after two rounds of discards, raised twice: full plates, long words, two-digit stakes
    "raise-late": (3, ["mus"] * 4 + ["descarte 0 1 2", "descarte 0", "descarte 0", "descarte 0 1 2"] + ["mus"] * 4
                   + ["descarte 0", "descarte 0 1", "descarte 0", "descarte 1", "no hay mus", "paso", "paso",
                      "envido", "envido 5", "envido 10"]),
    "ordago": (3, ["no hay mus", "ordago"]),
    "declarations": (0, ["no hay mus"] + ["paso"] * 8),
    "count": (0, ["no hay mus"] + ["paso"] * 11),
    # grande and chica refused: two lines paid during the hand, then the count
    "count-during": (0, ["no hay mus", "envido", "no quiero", "no quiero", "envido", "no quiero", "no quiero"]
                     + ["paso"] * 3),
    "reached": (0, ["no hay mus"] + ["paso"] * 11),
    # grande wanted, chica refused, two pares and two juegos: six lines under four long hands
    "count-long": (2, ["no hay mus", "paso", "paso", "paso", "envido", "quiero", "envido", "no quiero", "no quiero"]),
    # chica and juego refused, grande and pares wanted: two lines during the hand, six counted
    "count-longest": (1, ["no hay mus", "paso", "envido 6", "quiero", "paso", "envido", "no quiero", "no quiero",
                          "paso", "envido 4", "quiero", "envido", "no quiero"]),
    # the third hand of a partida dealt from a seed, as a walk through whole partidas met it:
    # after two rounds of discards, with señas (one caught), every plate full (the partner's
    # and the left rival's three lines), four bubbles said at juego, the player to bet
    "juego-dense": (-1, ["mus", "no hay mus", "señas", "señas", "señas", "señas", "paso", "envido 4", "quiero",
                         "paso", "paso", "paso", "envido", "no quiero", "quiero", "envido", "quiero", "paso", "paso",
                         "mus", "mus", "mus", "mus", "descarte 3", "descarte 0 1 2 3", "descarte 0", "descarte 1 2 3",
                         "no hay mus", "señas", "señas", "señas", "señas", "envido 4", "quiero", "paso", "paso",
                         "envido", "no quiero", "quiero", "paso", "ordago", "no quiero",
                         "mus", "mus", "mus", "mus", "descarte 2 3", "descarte 1 2 3", "descarte 2 3", "descarte 0",
                         "mus", "mus", "no hay mus", "señas", "señas", "señas", "sin señas", "paso", "paso",
                         "envido 4", "no quiero", "no quiero", "paso", "envido", "no quiero", "quiero"]),
    # the first hand of a partida dealt from seed 30, as a walk met it: two ties said on their
    # lines ("empate: gana quien está más cerca de la mano"), one line during the hand
    "count-ties": (-1, ["no hay mus", "señas", "señas", "señas", "señas", "paso", "envido", "quiero", "paso",
                        "envido", "quiero", "paso", "paso", "paso", "ordago", "no quiero"]),
    # the second hand of a partida dealt from seed 21, as a walk met it: two lines during the
    # hand, then an órdago wanted at juego ends the juego, its line and its sentence
    # the fifth hand of seed 6: a deje paid during the hand, our órdago at juego won and the
    # banner of the juego (with a "Muerte dulce" at the count, since dropped for an órdago, it
    # scrolled 8 px at 320x568 in English: the closing words now stand for "llegamos a 40")
    "count-ordago-won": (-1, ["mus", "mus", "mus", "mus", "descarte 1 2 3", "descarte 1 2 3",
                          "descarte 2 3", "descarte 0", "mus", "no hay mus", "sin señas", "señas",
                          "sin señas", "señas", "paso", "envido 5", "no quiero", "quiero", "paso",
                          "envido 4", "no quiero", "quiero", "ordago", "no quiero", "paso", "paso",
                          "no hay mus", "señas", "señas", "señas", "sin señas", "envido 5", "no quiero",
                          "quiero", "paso", "paso", "envido", "quiero", "envido 5", "quiero", "mus", "mus",
                          "mus", "mus", "descarte 1 2 3", "descarte 0", "descarte 1 2 3", "descarte 3",
                          "no hay mus", "señas", "sin señas", "señas", "señas", "paso", "envido", "quiero",
                          "envido", "no quiero", "no quiero", "paso", "paso", "paso", "ordago", "no quiero",
                          "no hay mus", "señas", "señas", "señas", "sin señas", "envido", "quiero", "envido",
                          "quiero", "mus", "mus", "no hay mus", "señas", "señas", "señas", "sin señas",
                          "paso", "paso", "envido", "no quiero", "no quiero", "paso", "envido", "no quiero",
                          "quiero", "paso", "ordago", "quiero"]),
    "count-ordago": (-1, ["mus", "no hay mus", "sin señas", "señas", "señas", "señas", "paso", "envido 4", "no quiero",
                          "no quiero", "envido", "envido", "envido", "quiero", "paso", "ordago", "no quiero", "no quiero",
                          "mus", "no hay mus", "señas", "señas", "señas", "señas", "envido", "no quiero", "no quiero",
                          "envido", "no quiero", "no quiero", "paso", "paso", "paso", "ordago", "quiero"]),
    # the ninth hand of seed 21 as a walk met it: the left rival's column full (a plate of two
    # lines, a seña, cards, "Juego no") under the partner's plate of two lines; at 320×568 the
    # two plates met
    "rival-full": (1, ["mus", "no hay mus", "sin señas", "sin señas", "señas", "sin señas", "paso", "envido", "quiero",
                       "paso", "paso", "paso", "paso", "envido"]),
    # the partida won: an órdago wanted at pares ends the second juego; its banner and its note
    "won": (3, ["no hay mus"] + ["paso"] * 7 + ["envido", "no quiero", "no quiero", "ordago", "quiero"]),
    # the left rival bets five, "¡La mano de un niño!", and the partner advises "¡Envida!"
    "talk": (3, ["no hay mus", "envido 5"]),
    # the right rival: "¡Incierto se presenta el reinado de Witiza!" with his mus (once a hand: not
    # the left rival again), the player to vote
    "witiza": (1, ["mus", "mus", "mus"]),
    # the right rival shows a solomillo at the count, and says so
    "count-talk": (0, ["no hay mus"] + ["paso"] * 11),
}

MEASURE_JS = """() => {
  const vw = innerWidth, vh = innerHeight, root = document.documentElement;
  const out = {scroll: [root.scrollWidth, root.scrollHeight, root.clientWidth, root.clientHeight], off: []};
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5 || !r.width || !r.height)
      out.off.push(`${el.id || el.className || el.tagName} ${Math.round(r.left)},${Math.round(r.top)} `
                   + `${Math.round(r.width)}x${Math.round(r.height)}`);
  };
  const covered = (el) => {  // fully visible: nothing else drawn over its middle and corners
    const r = el.getBoundingClientRect();
    for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (hit && !el.contains(hit) && !hit.contains(el))
        return out.off.push(`covered: ${el.id || el.className} by ${hit.className || hit.tagName}`);
    }
  };
  const overlay = document.querySelector('#overlay.open');
  const wanted = overlay ? '#overlay.open button, #overlay.open .panel'
                         : '#controls button, #table button, [data-hand="0"] [data-card]';
  document.querySelectorAll(wanted)
    .forEach((el) => {
      if (!el.getClientRects().length || el.closest('details:not([open])')) return;
      const body = el.closest('.panel-body'), r = el.getBoundingClientRect();
      if (body && body.scrollHeight > body.clientHeight + 1) {  // a reading panel: scrolled to, not now
        const c = body.getBoundingClientRect();
        if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) return;
      }
      inside(el);
      if (!el.classList.contains('panel')) covered(el);
    });
  if (!overlay) {  // nothing spills over the table rim
    const rim = document.getElementById('table').getBoundingClientRect();
    document.querySelectorAll('#table .seat .hand, #table .plate').forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.left < rim.left - 0.5 || r.right > rim.right + 0.5 || r.top < rim.top - 0.5 || r.bottom > rim.bottom + 0.5)
        out.off.push(`rim: ${el.className} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    });
    const bubble = document.querySelector('.seat-0 .bubble:not(.empty)');
    const plate = document.querySelector('.seat-0 .plate');
    if (bubble && plate) {
      const a = bubble.getBoundingClientRect(), b = plate.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.off.push('own bubble covers own plate');
    }
  }
  return out;
}"""


# Nothing over a bubble, a card or a name plate: señas (faces and labels), bubbles and plates
# keep clear of each other, a bubble keeps off the middle of the table (the lance, the chips,
# the bet, whose turn it is) and holds all its words, and none of them goes past the table's
# rim.
OVERLAP_JS = """() => {
  const out = [];
  const shown = (sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length);
  const box = (el) => el.getBoundingClientRect();
  const name = (el) => {
    const r = box(el), seat = el.closest('.seat');
    return `${seat ? seat.id + ' ' : ''}${el.dataset.sena || el.getAttribute('class')} `
         + `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  };
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const captions = shown('#table .senas .sena, #table .senas .badge-cazada');
  const bubbles = shown('#table .bubble:not(.empty)');
  const cards = shown('#table .card');
  const plates = shown('#table .plate');
  // what the middle of the table says: the lance, the lances' chips, the bet, whose turn it is
  const middle = shown('#center .phase-line, #center .chip, #center .bet, #center .status:not(:empty)');
  for (const c of captions)
    for (const other of [...bubbles, ...cards, ...plates])
      if (meet(box(c), box(other))) out.push(`seña ${name(c)} meets ${name(other)}`);
  for (const b of bubbles) {
    for (const other of [...cards, ...plates, ...middle])
      if (meet(box(b), box(other))) out.push(`bubble ${name(b)} meets ${name(other)}`);
    const words = document.createRange();
    words.selectNodeContents(b);
    const w = words.getBoundingClientRect(), r = box(b);
    if (w.left < r.left - 0.5 || w.right > r.right + 0.5 || w.top < r.top - 0.5 || w.bottom > r.bottom + 0.5)
      out.push(`bubble ${name(b)}: its words spill out (${Math.round(w.left)}-${Math.round(w.right)})`);
  }
  // a bot's face covers nothing but its own plate or its own cards face down (on phones): no
  // bubble, seña, other seat, nor the middle of the table
  const own = (f, el) => el.closest('.seat') === f.closest('.seat') && el.matches('.plate, .card.back');
  for (const f of shown('#table .bot-face'))
    for (const other of [...captions, ...bubbles, ...cards, ...plates, ...middle])
      if (!own(f, other) && meet(box(f), box(other))) out.push(`face ${name(f)} meets ${name(other)}`);
  for (const a of plates)
    for (const b of plates)
      if (a.closest('.seat').id < b.closest('.seat').id && meet(box(a), box(b))) out.push(`plate ${name(a)} meets ${name(b)}`);
  for (const score of shown('.score')) {  // the scores: no name, number or stone drawn over another
    const ink = [...score.children].filter((part) => part.getClientRects().length).map((part) => {
      const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT), range = document.createRange(), boxes = [];
      while (walker.nextNode()) if (walker.currentNode.textContent.trim() && !walker.currentNode.parentElement.closest('.sr-only')) { range.selectNodeContents(walker.currentNode); boxes.push(range.getBoundingClientRect()); }
      part.querySelectorAll('i').forEach((icon) => boxes.push(box(icon)));
      return [part, boxes.filter((r) => r.width && r.height)];
    });
    ink.forEach(([a, boxesA], i) => ink.slice(i + 1).forEach(([b, boxesB]) => {
      const inked = (r, q) => r.left < q.right - 1.5 && q.left < r.right - 1.5 && r.top < q.bottom - 1.5 && q.top < r.bottom - 1.5;
      if (boxesA.some((r) => boxesB.some((q) => inked(r, q)))) out.push(`score: ${name(a)} over ${name(b)}`);
    }));
  }
  const rim = box(document.getElementById('table'));
  for (const el of [...captions, ...bubbles]) {
    const r = box(el);
    if (r.left < rim.left - 0.5 || r.right > rim.right + 0.5 || r.top < rim.top - 0.5 || r.bottom > rim.bottom + 0.5)
      out.push(`past the rim: ${name(el)}`);
  }
  return out;
}"""

# The count: its body does not scroll; its text is 12 px or more, its buttons 44 px or more.
# (The menu's reading panels, the guide and the glossary, may scroll inside: ``whole`` false.)
COUNT_JS = """(whole) => {
  const out = [], body = document.querySelector('#overlay.open .panel-body');
  if (whole && (body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1))
    out.push(`the count scrolls: ${body.scrollHeight}x${body.scrollWidth} in ${body.clientHeight}x${body.clientWidth}`);
  if (body.scrollWidth > body.clientWidth + 1) out.push(`the panel is wider than the screen: ${body.scrollWidth}`);
  for (const el of document.querySelectorAll('#overlay.open .reveals, #overlay.open .sd-count'))  // hands and table side by side, not over each other
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className} spills: ${el.scrollWidth}>${el.clientWidth}`);
  for (const el of document.querySelectorAll('#overlay.open .panel *')) {
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const r = el.getBoundingClientRect();
    if (!text || !el.getClientRects().length || r.width <= 1 || r.height <= 1) continue;  // read out only
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11.95) out.push(`${size}px: ${el.textContent.trim().slice(0, 30)}`);
  }
  for (const el of document.querySelectorAll('#overlay.open button, #overlay.open summary')) {
    const r = el.getBoundingClientRect();
    if (r.height < 43.5 || r.width < 43.5) out.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${el.textContent.trim()}`);
  }
  return out;
}"""


def _save(mano: int, actions: list[str], *, hands: list[str] = HANDS, score: tuple[int, int] = (12, 23),
          rules: mus.Rules | None = None, juegos: tuple[int, int] = (0, 0), seed: int | None = None,
          acked: int = 0, deal_seed: int = 5) -> str:
    """A save of ``actions`` played on ``hands`` dealt with ``mano`` (or, given a ``seed``, from a
    new partida's first deal, its mano drawn by lot); ``deal_seed`` is the partida's seed when
    the hands are given (it draws the bots' names, styles and talk)."""
    game = (mus.Game.new(rules, seed=seed) if seed is not None
            else mus.Game.from_deal(hands, mano=mano, score=score, seed=deal_seed, rules=rules, juegos=juegos))
    for action in actions:
        game = game.apply(action)
    saved = Saved(game, acked=acked, counted=len(game.history), settings=Settings(level="facil", speed="instantanea"),
                  levels=[None, "facil", "facil", "facil"])
    return encode_save(saved)


def show_state(page: Any, name: str) -> None:
    """Restore the save of a state in the page, as a reload would (a "welcome-" state: as a
    first visit shows it, with the ways in)."""
    mano, actions = STATES[name]
    welcome = name.startswith("welcome-")
    # one task: no bot move of the previous position can write its save in between
    page.evaluate("""([text, code]) => { localStorage.setItem('mus.save', text); window.__musTestPython.runPython(code); }""",
                  [_save(mano, actions, **DEALS.get(name, {})),
                   "from mus.web.dom import play as _a; s = _a._app.session; s.saved = None; s.review = False; "
                   f"s.confirm = None; s.notices = []; s.welcome = {welcome}; s.screen = 'setup'; s.restore(); "
                   "_a._app.render()"])
    page.wait_for_timeout(30)
    if name == "discard":
        page.click('[data-hand="0"] [data-card] >> nth=0')
        page.click('[data-hand="0"] [data-card] >> nth=2')
        page.wait_for_selector('#b-descarte[data-action="descarte 0 2"]')


def test_new_game_screen_starts_on_empezar_and_keeps_focus_inside(instant: BootState) -> None:
    page = instant.page
    page.click('nav.welcome [data-ui="setup"]')  # from the first visit's hand
    assert page.evaluate("() => document.activeElement.dataset.action") == "nueva"
    for _ in range(25):  # Tab goes round the dialog, never to the table behind it
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.getElementById('overlay').contains(document.activeElement)")
    for _ in range(5):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.getElementById('overlay').contains(document.activeElement)")


def test_help_screen_opens_and_closes(instant: BootState) -> None:
    page = instant.page
    show_state(page, "declarations")
    page.click('[data-ui="help"]')
    page.wait_for_selector("#overlay.open .panel.help")
    text = page.text_content("#overlay") or ""
    assert "1–4" in text and "amarraco = 5 tantos" in text
    assert page.evaluate("() => document.activeElement.dataset.ui") == "close"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#overlay.open')")


def test_restored_positions_are_the_states_named(instant: BootState) -> None:
    page = instant.page
    expect = {"discard": "descarte", "envite": "grande", "raise": "grande", "ordago": "grande",
              "declarations": "pares"}
    for name, phase in expect.items():
        show_state(page, name)
        assert page.get_attribute("html", "data-phase") == phase, name
        assert page.locator("#controls button").count() >= 1, name
    show_state(page, "raise")
    assert page.text_content("#prompt") == "Te suben 3: van 5. Si no quieres, se llevan 2"
    assert page.text_content('[data-action="quiero"]') == "Quiero (5)"
    assert page.text_content('[data-action="no quiero"]') == "No quiero (−2)"
    assert "juego" not in (page.text_content("#controls") or "").lower()
    show_state(page, "envite")
    assert page.text_content("#prompt") == "Te envidan 2 a la grande"
    assert page.locator(".seat-3 .badge-bet").count() == 1
    show_state(page, "count")
    assert page.is_visible('#overlay [data-action="continuar"]')
    rows = page.evaluate("""() => [...document.querySelectorAll('#overlay .count-row')].map((r) =>
        [r.dataset.countRow, r.dataset.kind, r.querySelector('.count-points').textContent,
         r.querySelector('.count-score').textContent])""")
    assert rows == [["grande", "scored", "+1", "13–23"], ["chica", "scored", "+1", "13–24"],
                    ["pares", "scored", "+3", "13–27"], ["juego", "scored", "+3", "16–27"],
                    ["juego", "scored", "+2", "18–27"]]
    assert page.text_content('[data-reveal="3"] .reveal-hand') == "duples de reyes y ases · punto 22"
    assert page.locator('[data-reveal="0"] .badge-mano').count() == 1  # the mano is marked
    # behind the count the finished hand is still on the table: its score, its last call
    assert page.text_content('[data-score="1"]') == "27"
    assert page.text_content('[data-bubble="3"]') == "Paso"
    show_state(page, "reached")
    assert "llegan a 40: no se cuenta más" in (page.text_content("#overlay .count-row.reached, #overlay .count-note.reached") or "")
    assert page.locator('#overlay .count-row[data-kind="uncounted"]').count() == 1


# The table: no text under 12 px, no button under 44 px (what is only read out is skipped).
TABLE_TEXT_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#app *')) {
    if (el.closest('#overlay, [popover]')) continue;
    const r = el.getBoundingClientRect();
    if (!el.getClientRects().length || r.width <= 1 || r.height <= 1) continue;
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (text && size < 11.95) out.push(`${size}px: ${el.className} ${el.textContent.trim().slice(0, 30)}`);
    if (el.tagName === 'BUTTON' && (r.width < 43.5 || r.height < 43.5))
      out.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${el.className} ${el.textContent.trim().slice(0, 30)}`);
  }
  return out;
}"""


# Every text whole: no box that holds words (a button, a plate, a hand's value, a line of the
# count…) is narrower than they are, so nothing is cut ("Repl" for "Replay", "duples de reyes
# y ases …") or runs out of its box. What is only read out is skipped, and so is a box that
# scrolls on purpose (the log).
TEXT_FIT_JS = """() => {
  const out = [], seen = new Set();
  const say = (what, el, wide, room) => {
    const key = what + (el.id || el.className) + el.textContent;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(`${what}: ${el.id || el.className || el.tagName} «${el.textContent.trim().slice(0, 40)}» ${wide}px in ${room}px`);
  };
  const readOnly = (el) => el.closest('.sr-only, [popover]:not(:popover-open), details:not([open]) > :not(summary)');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange();
  while (walker.nextNode()) {
    const node = walker.currentNode, parent = node.parentElement;
    if (!node.textContent.trim() || !parent.closest('#app, #replay') || readOnly(parent)) continue;
    range.selectNodeContents(node);
    const words = range.getBoundingClientRect();
    if (!words.width || !words.height) continue;
    let hidden = false;  // read out only: drawn in a 1 px box, clipped away
    for (let el = parent; el && !hidden; el = el.parentElement) {
      const r = el.getBoundingClientRect();
      hidden = getComputedStyle(el).clipPath !== 'none' || (r.width <= 1 || r.height <= 1) && el !== parent;
    }
    if (hidden) continue;
    let own = true;  // the text's own box first; past it, only a box that clips
    for (let el = parent; el && el !== document.body; el = el.parentElement) {
      const cs = getComputedStyle(el);
      if (cs.display === 'inline' || cs.display === 'contents') continue;
      if (['auto', 'scroll'].includes(cs.overflowX)) break;   // scrolls on purpose (the log)
      const box = el.getBoundingClientRect(), clips = cs.overflowX !== 'visible';
      if (!own && !clips) continue;
      own = false;
      if (words.left < box.left - 1 || words.right > box.right + 1) {
        say(cs.overflowX === 'visible' ? 'text spills' : 'text cut', el, Math.round(words.width), Math.round(box.width));
        break;
      }
      if (cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {  // cut with an ellipsis
        say('text cut', el, el.scrollWidth, el.clientWidth);
        break;
      }
    }
  }
  return out;
}"""


def _problems(page: Any, panel: bool, whole: bool = True) -> list[str]:
    """What breaks the one-screen rules in the state shown: a panel (the count, the end of the
    partida) whole without scrolling (``whole``: the menu's reading panels may scroll inside);
    or the table, nothing over anything, no text too small, no button too small to tap."""
    m = page.evaluate(MEASURE_JS)
    sw, sh, cw, ch = m["scroll"]
    if sw > cw or sh > ch:
        m["off"].append(f"page scrolls: {sw}x{sh} in {cw}x{ch}")
    if panel:
        return m["off"] + page.evaluate(COUNT_JS, whole) + page.evaluate(TEXT_FIT_JS)
    return m["off"] + page.evaluate(OVERLAP_JS) + page.evaluate(TABLE_TEXT_JS) + page.evaluate(TEXT_FIT_JS)


def _set_lang(page: Any, lang: str) -> None:
    py(page, f"import json; from mus.web.dom import play as _a; _a._app.session.set_setting('lang', {lang!r}); "
             "_a._app.render(); json.dumps(1)")


def _problems_in_every_state(page: Any, lang: str | None = None) -> dict[str, list[str]]:
    """``_problems`` of each state, in ``lang`` if given, and then of the end-of-partida panel
    that follows the last count of "won", by state name ("fin" for that panel)."""
    problems = {}
    for name in [*STATES, "fin", *PANELS]:
        show_state(page, "won" if name == "fin" else "declarations" if name in PANELS else name)
        if lang:
            _set_lang(page, lang)
        if name == "fin":  # after the count that ends the partida, its result
            page.click('#overlay [data-action="continuar"]')
            page.wait_for_selector("#overlay.open .panel.fin")
        if name in PANELS:  # the menu, and what it opens
            page.click('#topbar [data-ui="menu"]')
            if name != "menu":
                page.click(f'#overlay [data-ui="{name}"]')
            page.wait_for_selector(f"#overlay.open .panel.{name}")
        if off := _problems(page, name in COUNTS or name == "fin" or name in PANELS, name not in PANELS):
            problems[name] = off
    return problems


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_one_screen_in_every_state(instant: BootState, size: tuple[int, int]) -> None:
    page = instant.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        assert _problems_in_every_state(page) == {}
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_state_in_english_on_one_screen(instant: BootState, size: tuple[int, int]) -> None:
    """The same states in English, whose words run longer ("Them" on the score, "Juego (31+)"
    on the chips, "Right" on a plate, "Grande (high)" and the ties' reasons in the count), by
    the same rules."""
    page = instant.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        assert _problems_in_every_state(page, "en") == {}
    finally:
        _set_lang(page, "es")
        page.set_viewport_size({"width": 1280, "height": 800})


# Every option of the new-game screen, and its buttons, inside the panel without scrolling it:
# each choice's box and 44 px targets, the start button beside the title.
SETUP_JS = """() => {
  const out = [], body = document.querySelector('#overlay.open .panel-body').getBoundingClientRect();
  const start = document.querySelector('#overlay.open [data-ui="nueva"], #overlay.open [data-action="nueva"]');
  for (const el of [start, ...document.querySelectorAll('#overlay.open label:has(> input[data-setting])')]) {
    const r = el.getBoundingClientRect(), box = el.closest('.panel-body') ? body : {top: 0, bottom: innerHeight};
    if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push(`out of view: ${el.textContent.trim()} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
    if (r.height < 43.5 || r.width < 43.5) out.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${el.textContent.trim()}`);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_new_game_screen_on_one_landscape_screen(instant: BootState, lang: str) -> None:
    """At 740×360 the new-game screen shows every option at once, from a partida in progress
    (its warning too): nothing scrolls (it scrolled 94 px through a 280 px window, 1,072 px
    before that), no text under 12 px, no target under 44 px."""
    page = instant.page
    page.set_viewport_size({"width": 740, "height": 360})
    try:
        show_state(page, "declarations")
        _set_lang(page, lang)
        page.click('#topbar [data-ui="menu"]')
        page.click('#overlay [data-ui="setup"]')
        page.wait_for_selector("#overlay.open .panel.setup .warning")
        assert page.locator("#overlay.open label:has(> input[data-setting])").count() == 28
        assert _problems(page, True) + page.evaluate(SETUP_JS) == []
    finally:
        _set_lang(page, "es")
        page.set_viewport_size({"width": 1280, "height": 800})


# Each seat's señas as drawn: per seña its face (size, uncovered) and its label if shown.
SENAS_DRAWN_JS = """() => Object.fromEntries([...document.querySelectorAll('#table [data-senas]')].map((seat) => [
  seat.dataset.senas, [...seat.querySelectorAll('.sena')].map((sena) => {
    const face = sena.querySelector('svg.face').getBoundingClientRect(), label = sena.querySelector('.sena-short');
    const hit = document.elementFromPoint(face.left + face.width / 2, face.top + face.height / 2);
    return [sena.dataset.sena, Math.round(Math.min(face.width, face.height)), sena.contains(hit),
            label.getClientRects().length ? label.textContent : null];
  })]))"""


@pytest.mark.parametrize("size", [(360, 740), (320, 568), (740, 360)], ids=["360x740", "320x568", "740x360"])
def test_a_seats_first_sena_shows_its_face_and_word(instant: BootState, size: tuple[int, int]) -> None:
    """On phones a seat's seña reads at a glance from the first: its face, uncovered, and its
    word beside it (on small phones the player's own and the partner's first seña showed a
    face alone); a seat with several shows their faces side by side."""
    page = instant.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        show_state(page, "senas-bet")
        drawn = page.evaluate(SENAS_DRAWN_JS)
        assert {seat: [(sena, word) for sena, _, _, word in senas] for seat, senas in drawn.items()} == {
            "0": [("dos reyes", "2 reyes")], "2": [("la 31", "31")], "1": [("ciego", "ciego")],
            "3": [("dos reyes", None), ("dos ases", None), ("duples", None)]}
        assert all(px >= 20 and seen for senas in drawn.values() for _, px, seen, _ in senas), drawn
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_senas_on_a_phone_show_their_words_when_tapped(instant: BootState) -> None:
    page = instant.page
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        show_state(page, "senas-step")
        assert page.text_content('[data-bubble="2"]') == "Señas"  # made, not said: the faces say which
        partner = page.get_by_role("button", name="guiña un ojo: la 31", exact=True)
        assert partner.text_content() == "31guiña un ojo: la 31"  # the label shown, then the words read out
        assert not page.is_visible("#senas-2")
        partner.click()
        assert page.is_visible("#senas-2")
        assert page.text_content("#senas-2") == "Señas de Maiteguiña un ojo: la 31"  # the partner by name
        page.keyboard.press("Escape")
        assert not page.is_visible("#senas-2")
        left = "cazada se muerde el labio: dos reyes saca la punta de la lengua: dos ases levanta las cejas: duples"
        assert page.get_by_role("button", name=left, exact=True).is_visible()
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_log_fades_at_the_top_only_with_more_above(instant: BootState) -> None:
    """On a phone the log shows its newest lines in a short box; the oldest line in view, often
    cut, fades out while there is more above it, and only then (instant mode on)."""
    page = instant.page
    page.set_viewport_size({"width": 360, "height": 740})
    fade = "parseFloat(getComputedStyle(document.getElementById('log')).getPropertyValue('--log-fade'))"
    read = f"""() => {{ const log = document.getElementById('log');
        return {{more: log.scrollHeight > log.clientHeight, top: log.scrollTop, fade: {fade}}}; }}"""
    try:
        show_state(page, "declarations")
        # the scroll timeline takes effect at the next frame
        page.wait_for_function(f"() => {fade} > 8", timeout=2000)
        newest = page.evaluate(read)
        assert newest["more"] and newest["top"] > 0, newest
        assert newest["fade"] > 8, newest  # 0.9em
        page.evaluate("() => { document.getElementById('log').scrollTop = 0; }")
        page.wait_for_function(f"() => {fade} === 0", timeout=2000)
        oldest = page.evaluate(read)
        assert oldest["top"] == 0 and oldest["fade"] == 0, oldest
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_ordago_asks_twice(instant: BootState) -> None:
    page = instant.page
    show_state(page, "declarations")
    assert page.locator('#controls [data-action="ordago"]').count() == 0
    page.click('#controls [data-ui="ordago"]')
    assert page.is_visible('#controls [data-action="ordago"]') and page.is_visible('#controls [data-ui="cancel"]')
    page.click('#controls [data-ui="cancel"]')
    assert page.locator('#controls [data-action="ordago"]').count() == 0


def test_quick_amounts_and_a_reload_keep_the_choices(instant: BootState) -> None:
    page = instant.page
    show_state(page, "declarations")
    page.click('#controls [data-ui="envite-set"][value="5"]')
    assert page.text_content("#controls .amount") == "5"
    assert page.get_attribute("#b-envido-n", "data-action") == "envido 5"
    saved = json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))
    assert saved["envite"] == 5


def test_count_focus_and_enter(instant: BootState) -> None:
    page = instant.page
    show_state(page, "count")
    py(page, "import json; from mus.web.dom import play as _a; _a._app.page.overlay_open = ''; _a._app.render(); json.dumps(1)")
    assert page.evaluate("() => document.activeElement.dataset.action") == "continuar"
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#overlay.open')")
    assert py(page, "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.saved.acked)") == 1


def test_a_reload_keeps_selected_cards(instant: BootState) -> None:
    page = instant.page
    show_state(page, "discard")
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    assert page.get_attribute("#b-descarte", "data-action") == "descarte 0 2"
    pressed = page.evaluate("""() => [...document.querySelectorAll('[data-hand="0"] [data-card]')]
        .map((c) => c.getAttribute('aria-pressed'))""")
    assert pressed == ["true", "false", "true", "false"]


def test_the_previous_hand_stays_reachable(instant: BootState) -> None:
    page = instant.page
    show_state(page, "count")
    page.click('#overlay [data-action="continuar"]')
    page.wait_for_function("() => !document.querySelector('#overlay.open')")
    page.click('[data-ui="previous"]')
    page.wait_for_selector("#overlay.open .panel.showdown.review")
    assert page.locator("#overlay .count-row").count() == 5
    assert page.locator('#overlay [data-action="continuar"]').count() == 0
    assert page.evaluate("() => document.activeElement.dataset.ui") == "close-review"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#overlay.open')")
    page.set_viewport_size({"width": 360, "height": 740})  # on a phone it is in the menu
    try:
        assert not page.is_visible('#topbar [data-ui="previous"]')
        page.click('[data-ui="menu"]')
        page.click('#overlay [data-ui="previous"]')
        page.wait_for_selector("#overlay.open .panel.showdown.review")
        page.click('#overlay [data-ui="close-review"]')
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
