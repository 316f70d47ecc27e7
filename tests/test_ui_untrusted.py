"""Untrusted input in the browser: a bad ``?seed=``, a crafted ``#mano=`` link, a full storage,
a save nested 100,000 deep, two tabs answering at once, another tab's corrupt save.

One page of the table, booted once at ``?speed=0&seed=%C2%B2`` (the seed "²", which used to
stop the page from starting); other tabs of the same context share its ``localStorage``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

import mus
from tests.browser import BootState, boot_page
from tests.ui import play_one, py, start_game, wait_for_choice

pytestmark = pytest.mark.browser

DEEP = "[" * 100_000 + "]" * 100_000
KEYS = ("mus.save", "mus.settings", "mus.stats")
GAME_ACTIONS = "import json; from mus.web.dom import play as _a; json.dumps(_a._app.session.game.actions)"
# Fills localStorage to its quota: keys fill.N, halving the chunk at each refusal down to a
# character, then the last key's value grown the same way, since a new key also costs its
# name. Then not one character more fits, and no save that grows by a call does.
FILL_JS = """() => {
  let size = 1 << 20, i = 0;
  while (size >= 1) {
    try { localStorage.setItem('fill.' + i.toString(36), 'x'.repeat(size)); i++; } catch (e) { size >>= 1; }
  }
  const last = 'fill.' + (i - 1).toString(36);
  for (size = 64; size >= 1;) {
    try { localStorage.setItem(last, localStorage.getItem(last) + 'x'.repeat(size)); } catch (e) { size >>= 1; }
  }
  return i;
}"""
UNFILL_JS = "() => Object.keys(localStorage).filter((k) => k.startsWith('fill.')).forEach((k) => localStorage.removeItem(k))"


@pytest.fixture(scope="module")
def table(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "?speed=0&seed=%C2%B2")
    yield state
    state.close()


def stored(page: Any, key: str = "mus.save") -> Any:
    text = page.evaluate("(k) => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def kept_aside(page: Any, key: str) -> list[str]:
    return page.evaluate("""(key) => Object.keys(localStorage).filter((k) => k.startsWith(key + '.corrupt.'))
        .sort().map((k) => localStorage.getItem(k))""", key)


def at_choice(page: Any) -> dict[str, Any]:
    """The player's next decision, past any count on screen."""
    s = wait_for_choice(page)
    while s["overlay"]:
        page.click('[data-action="continuar"]')
        s = wait_for_choice(page)
    return s


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_selector("html.ready, html.boot-failed", state="attached", timeout=120_000)
    assert not page.evaluate("() => document.documentElement.classList.contains('boot-failed')")


def test_a_bad_seed_is_ignored_and_noted(table: BootState) -> None:
    # the value as the runtime writes it: MicroPython's repr escapes what is not ASCII
    assert any("?seed ignored" in line and ("'²'" in line or "'\\xb2'" in line) for line in table.console), table.console
    start_game(table.page, level="facil")
    assert table.page.locator('[data-hand="0"] [data-card]').count() == 4


def test_a_crafted_link_is_answered_within_a_second(table: BootState) -> None:
    page = table.page
    g = mus.Game.new(mus.Rules(), 3).apply("no hay mus")
    while not g.history:
        g = g.apply("paso")
    code = mus.encode_record(mus.record(g, 0))
    page.evaluate("(h) => { location.hash = h; }", "#mano=AA__________z" + code[4:])
    page.wait_for_selector("#replay .rp-error", timeout=30_000)  # the first link loads the replays' zip
    page.click('#replay [data-ui="close-replay"]')
    page.wait_for_selector("#replay .rp-error", state="detached")
    page.evaluate("(h) => { window.__asked = performance.now(); location.hash = h; }",
                  "#mano=AA__________y" + code[4:])
    page.wait_for_selector("#replay .rp-error", timeout=5_000)
    took = page.evaluate("() => performance.now() - window.__asked")
    assert took < 1000, f"the link took {took:.0f} ms"
    assert "No se puede abrir la jugada del enlace" in (page.text_content("#replay .rp-error") or "")
    page.click('#replay [data-ui="close-replay"]')
    at_choice(page)


def test_a_full_storage_is_told_and_the_game_saves_itself_when_there_is_room(table: BootState) -> None:
    page = table.page
    at_choice(page)
    before = stored(page)["game"]["actions"]
    assert page.evaluate(FILL_JS) > 0
    try:
        for _ in range(2):
            play_one(page, at_choice(page))
        at_choice(page)
        notice = page.locator(".notice-unsaved")
        notice.wait_for()
        words = notice.text_content() or ""
        assert "almacenamiento del navegador está lleno" in words and "turnos" in words, words
        assert stored(page)["game"]["actions"] == before  # nothing reached storage, as the notice says
    finally:
        page.evaluate(UNFILL_JS)
    page.locator(".notice-saved").wait_for(timeout=10_000)  # written back without a move
    assert not page.is_visible(".notice-unsaved")
    actions = py(page, GAME_ACTIONS)
    assert stored(page)["game"]["actions"] == actions and len(actions) > len(before)
    reload(page)
    at_choice(page)
    assert py(page, GAME_ACTIONS)[: len(actions)] == actions


def test_a_save_nested_100000_deep_is_kept_aside_and_told(table: BootState) -> None:
    page = table.page
    page.evaluate("([keys, deep]) => keys.forEach((k) => localStorage.setItem(k, deep))", [list(KEYS), DEEP])
    reload(page)
    for kind in ("corrupt", "kept-settings", "kept-stats"):
        assert page.is_visible(f".notice-{kind}"), kind
    for key in KEYS:
        assert kept_aside(page, key)[-1] == DEEP, key
        assert stored(page, key) != DEEP
    assert page.get_attribute("html", "data-phase") is not None  # a new partida at once
    start_game(page, level="facil")
    at_choice(page)
    assert stored(page)["game"]["actions"] == py(page, GAME_ACTIONS)


def settled(pages: list[Any], timeout: float = 40.0) -> list[str]:
    """Wait until every tab offers the player a choice on one partida, the stored one."""
    deadline = time.monotonic() + timeout
    while True:
        for page in pages:
            at_choice(page)
        games = [py(page, GAME_ACTIONS) for page in pages]
        saved = stored(pages[0])["game"]["actions"]
        if all(game == saved for game in games):
            return saved
        assert time.monotonic() < deadline, f"the tabs did not agree: {games} / {saved}"
        pages[0].wait_for_timeout(200)


def test_two_tabs_answering_at_once_keep_one_partida(table: BootState, base_url: str) -> None:
    a = table.page
    at_choice(a)
    b = table.context.new_page()
    b.goto(base_url + "?speed=0")
    b.wait_for_selector("html.ready", state="attached", timeout=120_000)
    try:
        raced = 0
        for _ in range(12):
            before = settled([a, b])
            legal = [x for x in at_choice(a)["actions"] if x != "ordago"]
            if len(legal) < 2:  # a discard, or one call: play it in one tab
                play_one(a, at_choice(a))
                continue
            when = a.evaluate("() => Date.now()") + 500
            for page, action in ((a, legal[0]), (b, legal[-1])):  # clicked within a few ms of each other
                page.evaluate("""([action, when]) => setTimeout(() =>
                    document.querySelector(`[data-action="${action}"]:not([disabled])`).click(), when - Date.now())""",
                              [action, when])
            a.wait_for_timeout(800)
            after = settled([a, b])
            assert after[: len(before)] == before and after[len(before)] in (legal[0], legal[-1])
            raced += 1
            if raced == 5:
                break
        assert raced == 5
        assert b.locator(".notice-elsewhere").count() + a.locator(".notice-elsewhere").count() >= 1
    finally:
        b.close()


def test_another_tabs_corrupt_save_is_kept_aside_and_this_tabs_partida_written_back(
        table: BootState, base_url: str) -> None:
    a = table.page
    at_choice(a)
    mine = py(a, GAME_ACTIONS)
    other = table.context.new_page()  # another tab of the site, not the game
    other.goto(base_url + "manifest.webmanifest")
    try:
        other.evaluate("() => localStorage.setItem('mus.save', '{oops')")
        a.locator(".notice-corrupt-other").wait_for(timeout=10_000)
        a.wait_for_function("(n) => (JSON.parse(localStorage.getItem('mus.save')) || {game: {actions: []}})"
                            ".game.actions.length === n", arg=len(mine))
        assert stored(a)["game"]["actions"] == mine == py(a, GAME_ACTIONS)
        assert kept_aside(a, "mus.save")[-1] == "{oops"
    finally:
        other.close()


def test_no_console_errors(table: BootState) -> None:
    assert table.console_errors == []
