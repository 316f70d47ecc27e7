"""Long well-formed input in the browser: a save of 7,000 actions and more at the table's
start, a ``#mano=`` link as long as a link may be on the table and in ``embed.html``. The
page's interpreter once died on these (a game that long was freed recursively); each must
open, and the page answer a click afterwards. What is written here holds whichever runtime
the pages use: it drives the page only through its DOM and storage."""

from __future__ import annotations

import json
from typing import Any

import pytest

import mus
from mus.records import MAX_CODE
from mus.web.kit.storage import MemoryStorage
from mus.web.play.saves import SAVE_KEY, Saved, write_save
from tests.browser import BootState
from tests.test_fuzz import longest_code, mus_rounds, war
from tests.test_web_fuzz import KILLER
from tests.ui import play_one, start_game, wait_for_choice

pytestmark = pytest.mark.browser
LONG_LINK = 7_033  # the shortest link code that killed the table


def stored_save(data: dict[str, Any]) -> str:
    store = MemoryStorage()
    write_save(store, Saved(mus.Game.from_data(data)), "long-test")
    return store.data[SAVE_KEY]


def reload_with(page: Any, text: str) -> None:
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [SAVE_KEY, text])
    page.reload()
    page.wait_for_selector("html.ready, html.boot-failed", state="attached", timeout=120_000)
    assert not page.evaluate("() => document.documentElement.classList.contains('boot-failed')")


def stored_actions(page: Any) -> int:
    return len(json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["game"]["actions"])


def play_on(page: Any) -> None:
    """The player's turn comes, and his click on the first thing on offer is taken (the save
    is written again)."""
    s = wait_for_choice(page, timeout=120.0)
    before = page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")
    play_one(page, s)
    page.wait_for_function("([k, v]) => localStorage.getItem(k) !== v", arg=[SAVE_KEY, before], timeout=60_000)


@pytest.mark.parametrize("build", [war, mus_rounds], ids=["envite war", "mus rounds"])
def test_a_save_of_thousands_of_actions_opens_and_plays_on(instant: BootState, build: Any) -> None:
    page = instant.page
    text = stored_save(build(KILLER))
    reload_with(page, text)
    assert not page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('.corrupt.'))")
    assert stored_actions(page) >= KILLER - 8
    play_on(page)
    assert instant.console_errors == [], instant.console_errors


def test_a_link_as_long_as_a_link_may_be_opens_on_the_table_and_in_the_embed(instant: BootState,
                                                                            base_url: str) -> None:
    page = instant.page
    code = longest_code(MAX_CODE)
    assert len(code) >= LONG_LINK
    page.evaluate("(code) => { location.hash = 'mano=' + code; }", code)
    page.wait_for_selector("#replay .rp-panel", timeout=120_000)
    page.click('#replay [data-ui="step"][value="last"]')
    page.wait_for_selector("#replay [data-replay-step]:not([data-replay-step='0'])", timeout=60_000)
    page.click('#replay [data-ui="close-replay"]')
    page.wait_for_selector("#replay", state="hidden")
    play_on(page)

    page.goto(f"{base_url}embed.html#mano={code}")
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    page.wait_for_selector("#lesson .rp-panel", timeout=120_000)
    page.click('#lesson [data-ui="step"][value="next"]')
    page.wait_for_selector('#lesson [data-replay-step="1"]', timeout=60_000)
    assert instant.console_errors == [], instant.console_errors


def test_a_bad_deal_link_changes_nothing_and_says_why_on_the_page(instant: BootState, base_url: str) -> None:
    page = instant.page
    page.evaluate("() => localStorage.clear()")  # a short partida, not the long saves above, to compare
    page.goto(f"{base_url}?speed=0")
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    wait_for_choice(page)  # the bots' worker answers after the start: let them finish moving
    before = page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.goto(f"{base_url}?speed=0&deal=RRRRR,7654,CCSA,3322&reyes=4&real_31=true")
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    page.wait_for_function("() => document.body.textContent.includes('No hemos cambiado nada')", timeout=60_000)
    assert "expected 4 cards in each hand" in page.text_content("body") and asked == []
    assert page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())") == before
    assert "deal=" not in page.url


def test_the_page_deals_from_64_bit_secret_seeds(instant: BootState) -> None:
    page = instant.page
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    start_game(page)
    wait_for_choice(page, timeout=120.0)
    game = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["game"]
    # 2**32 or more: the chance that a 64-bit seed is below it is one in four thousand million
    assert game["start"] == {"reseed": True} and game["seed"] >= 2**32
