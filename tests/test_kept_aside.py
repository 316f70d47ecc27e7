"""Nothing overwritten, nothing piling up: what the page cannot read is kept aside, at most
``KEPT_COPIES`` copies a key, never written over when it cannot be kept aside; a deal link is
checked whole before anything changes."""

from __future__ import annotations

import pytest

from mus.web.kit.i18n import t
from mus.web.kit.storage import KEPT_COPIES, MemoryStorage, SafeStorage, keep_aside, kept_copies
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.player import PROGRESS_KEY, LessonPlayer, save_progress
from mus.web.play.deal_link import parse_deal, play_deal
from mus.web.play.saves import SAVE_KEY, load_save
from mus.web.play.session import Session
from mus.web.play.settings import SETTINGS_KEY
from mus.web.play.view import build_view
from tests.test_web_fuzz import ROOT


class FullStorage(MemoryStorage):
    """A storage whose quota is full: it reads, and refuses every write."""

    def set(self, key: str, value: str) -> bool:
        raise OSError("QuotaExceededError")


def test_only_the_newest_copies_are_kept_aside() -> None:
    store = MemoryStorage({"mus.save.corrupt.notes": "someone else's", "mus.stats.corrupt.5": "stats"})
    for n in range(KEPT_COPIES + 3):
        store.set(SAVE_KEY, f"{{oops {n}")
        saved, problem = load_save(store)
        assert saved is None and problem is not None
    kept = kept_copies(store, SAVE_KEY)
    assert [store.get(key) for key in kept] == [f"{{oops {n}" for n in range(3, KEPT_COPIES + 3)]
    assert store.get("mus.save.corrupt.notes") == "someone else's" and store.get("mus.stats.corrupt.5") == "stats"


def test_copies_kept_in_the_same_millisecond_go_oldest_first() -> None:
    store = MemoryStorage()
    keys = [keep_aside(store, "mus.lessons", str(n), now_ms=7) for n in range(KEPT_COPIES + 1)]
    assert kept_copies(store, "mus.lessons") == keys[1:] and keys[1] == "mus.lessons.corrupt.7-2"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_notice_of_a_copy_kept_aside_says_how_many_are_kept(lang: str) -> None:
    for key in ("notice.corrupt", "notice.corrupt-other", "notice.kept-settings", "notice.kept-stats", "lessons.kept"):
        assert f" {KEPT_COPIES} " in t(lang, key, why="", key="mus.save.corrupt.1"), (lang, key)


def test_progress_that_cannot_be_kept_aside_is_not_written_over() -> None:
    with open(f"{ROOT}/static/lessons/grande.json", encoding="utf-8") as file:
        lesson = Lesson.from_json(file.read())
    full = FullStorage({PROGRESS_KEY: '{"grande": {"done": 1}, "chica": {"done": true}}'})
    assert save_progress(SafeStorage(full), LessonPlayer(lesson)) is False
    assert full.data == {PROGRESS_KEY: '{"grande": {"done": 1}, "chica": {"done": true}}'}


def test_a_bad_deal_link_changes_nothing_and_says_why() -> None:
    store = MemoryStorage()
    session = Session(store, instant=True)
    session.new_game(seed=4)
    before = dict(store.data), session.settings, session.game
    request = parse_deal("deal=RRRRR,7654,CCSA,3322&reyes=4&real_31=true")
    assert request is not None
    with pytest.raises(ValueError, match="expected 4 cards in each hand") as error:
        play_deal(session, request)
    assert (dict(store.data), session.settings, session.game) == before and SETTINGS_KEY not in store.data
    session.tell("bad-deal", detail=str(error.value))  # what the page does with it (dom/play.py)
    texts = [notice["text"] for notice in build_view(session)["notices"]]
    assert any("expected 4 cards in each hand" in text and "No hemos cambiado nada" in text for text in texts)
