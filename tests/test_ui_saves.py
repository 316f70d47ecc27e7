"""Saves in the browser: a reload resumes the same hand; bad saves are kept aside, not wiped."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser import BootState
from tests.ui import play_one, start_game, wait_for_choice

pytestmark = pytest.mark.browser

SAVE_KEY = "mus.save"


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_selector("html.ready, html.boot-failed", state="attached", timeout=120_000)
    assert not page.evaluate("() => document.documentElement.classList.contains('boot-failed')")


def snapshot(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => ({
        cards: [...document.querySelectorAll('[data-hand="0"] [data-card]')].map((c) => c.dataset.card),
        score: [0, 1].map((t) => document.querySelector(`[data-score="${t}"]`).textContent),
        phase: document.documentElement.dataset.phase,
        turn: [...document.querySelectorAll('.seat.turn')].map((s) => s.id),
        actions: [...document.querySelectorAll('#controls [data-action]')].map((b) => b.dataset.action),
        log: [...document.querySelectorAll('#log p')].map((p) => p.textContent),
    })""")


def test_reload_mid_hand_restores_cards_turn_and_score(instant: BootState) -> None:
    page = instant.page
    start_game(page, level="facil")
    s = wait_for_choice(page)
    for _ in range(6):  # a few moves into the partida, stopping at the player's turn
        play_one(page, s)
        s = wait_for_choice(page)
        if s["overlay"]:
            page.click('[data-action="continuar"]')
            s = wait_for_choice(page)
    before = snapshot(page)
    saved = page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")
    assert json.loads(saved)["game"]["actions"]
    reload(page)
    wait_for_choice(page)
    # the partner's advice at this turn is said once the page has built the bots' hand tables,
    # a moment after it drew the table
    page.wait_for_function("(lines) => document.querySelectorAll('#log p').length >= lines", arg=len(before["log"]))
    after = snapshot(page)
    assert after == before
    assert before["turn"] == ["seat-0"] and len(before["cards"]) == 4


def test_reload_while_bots_play_resumes_them(instant: BootState) -> None:
    page = instant.page
    s = wait_for_choice(page)
    saved = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))
    play_one(page, s)
    reload(page)  # whatever the bots were doing, they carry on after the reload
    s = wait_for_choice(page)
    assert s["actions"] or s["discard"]
    again = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))
    assert again["game"]["actions"][: len(saved["game"]["actions"])] == saved["game"]["actions"]
    assert len(again["game"]["actions"]) > len(saved["game"]["actions"])


def _corrupt_and_reload(page: Any, text: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, text])
    reload(page)


def _aside(page: Any) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('mus.save.corrupt')).map((k) => [k, localStorage.getItem(k)]))""")


@pytest.mark.parametrize("kind", ["garbage", "newer", "illegal"])
def test_bad_save_is_kept_aside_and_a_new_game_works(instant: BootState, kind: str) -> None:
    page = instant.page
    wait_for_choice(page)  # the bots idle: no move of theirs writes its save over the bad one
    good = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))
    if kind == "garbage":
        text = '{"schema": 1, "game": {"actions": ["mus", '
    elif kind == "newer":
        text = json.dumps({**good, "schema": 99})
    else:
        good["game"]["actions"] = [*good["game"]["actions"], "quiero", "quiero", "ordago"]
        text = json.dumps(good)
    before = set(_aside(page))
    _corrupt_and_reload(page, text)
    notice = page.locator(".notice-corrupt")
    notice.wait_for()
    words = notice.text_content() or ""
    assert "No se ha podido recuperar la partida guardada" in words
    new_keys = set(_aside(page)) - before
    assert len(new_keys) == 1
    key = new_keys.pop()
    assert _aside(page)[key] == text and key in words
    # a new partida at once, the notice still there to be read
    assert page.get_attribute("html", "data-phase") is not None
    assert page.locator('[data-hand="0"] [data-card]').count() == 4
    assert json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["schema"] == 1
    page.click('.notice-corrupt [data-ui="dismiss"]')
    assert not page.is_visible(".notice-corrupt")


def test_no_console_errors(instant: BootState) -> None:
    assert instant.console_errors == []


def test_storage_that_throws_falls_back_to_memory(browser: Any, base_url: str) -> None:
    """Private mode or a sandboxed iframe: localStorage throws; the game still plays."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});""")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(base_url + "?speed=0")
        page.wait_for_selector("html.ready, html.boot-failed", state="attached", timeout=120_000)
        assert page.evaluate("() => document.documentElement.classList.contains('ready')")
        assert page.is_visible(".notice-memory")
        start_game(page, level="facil")
        s = wait_for_choice(page)
        play_one(page, s)
        wait_for_choice(page)
        assert page.is_visible(".notice-memory")
        assert errors == []
    finally:
        context.close()
