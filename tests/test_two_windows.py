"""Two windows, one partida: a stale tab never overwrites what another tab played.

Reproduces the report: eight moves made in tab B must not be lost after one move in tab A.
Both pages live in one browser context (one localStorage), at ``?speed=0``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import BootState, boot_page
from tests.ui import play_one, start_game, wait_for_choice

pytestmark = pytest.mark.browser


def saved_actions(page: Any) -> list[str]:
    return list(json.loads(page.evaluate("() => localStorage.getItem('mus.save')"))["game"]["actions"])


def human_move(page: Any) -> None:
    """One move of the player (acknowledging showdowns on the way)."""
    while True:
        s = wait_for_choice(page)
        if s["overlay"]:
            page.click('[data-action="continuar"]')
            continue
        play_one(page, s)
        return


@pytest.fixture(scope="module")
def tab_a(browser: Any, base_url: str) -> Iterator[BootState]:
    state = boot_page(browser, base_url + "?speed=0&seed=11")
    yield state
    state.close()


def test_moves_in_another_tab_are_never_lost(tab_a: BootState, base_url: str) -> None:
    a = tab_a.page
    start_game(a, level="facil")
    wait_for_choice(a)
    b = tab_a.context.new_page()
    b.goto(base_url + "?speed=0")
    b.wait_for_selector("html.ready", state="attached", timeout=120_000)
    for _ in range(8):
        human_move(b)
    after_b = saved_actions(b)

    # Tab A heard the storage events: it shows the partida as B left it and says so.
    a.wait_for_selector(".notice-elsewhere", timeout=10_000)
    cards = "() => [...document.querySelectorAll('[data-hand=\"0\"] [data-card]')].map((c) => c.dataset.card)"
    wait_for_choice(b)
    a.wait_for_function(f"(want) => JSON.stringify(({cards})()) === JSON.stringify(want)", arg=b.evaluate(cards))

    human_move(a)
    final = saved_actions(a)
    assert final[: len(after_b)] == after_b, "tab A wrote over the moves made in tab B"
    assert len(final) > len(after_b)
    # B in turn follows A.
    b.wait_for_function("(n) => JSON.parse(localStorage.getItem('mus.save')).game.actions.length >= n",
                        arg=len(final))
    assert tab_a.console_errors == []
