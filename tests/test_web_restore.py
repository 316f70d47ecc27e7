"""A returning player's start: the saved partida comes back showing what it showed, and the
restore does no work for what the table cannot show (each saying of the table talk reads
observations, milliseconds apiece on MicroPython: ``tools/bench/python_start.mjs``)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from mus.web.kit.storage import MemoryStorage
from mus.web.play import talk
from mus.web.play.session import Session
from mus.web.play.view import build_view
from tools.dev.drive import step


def partida_at(hands: int, seed: int = 4) -> Session:
    """A partida of ``facil`` bots (3 juegos, 3 vacas), a few calls into hand ``hands`` + 1,
    every count dismissed (also ``tools/bench/python_start.mjs``'s long save)."""
    s = Session(MemoryStorage(), instant=True, seeds=itertools.count(0x9E3779B97F4A7C15).__next__)  # the same each time
    for name, value in (("level", "facil"), ("juegos_to_win", "3"), ("vacas_to_win", "3")):  # long enough
        s.set_setting(name, value)
    s.new_game(seed=seed)
    for _ in range(5000):
        game = s.game
        assert game is not None and not game.is_over
        if game.hands_played >= hands and game.action_count - game.hand_first_action >= 6:
            return s
        step(s)
    raise AssertionError("the partida did not reach its hand")


def _counting_draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    drawn: list[int] = []
    real = talk.draw

    def draw(seed: int, seat: int, index: int, salt: int) -> float:
        drawn.append(index)
        return real(seed, seat, index, salt)

    monkeypatch.setattr("mus.web.play.talk.draw", draw)
    return drawn


def _view(s: Session) -> dict[str, Any]:
    view = build_view(s)
    view.pop("instant", None)
    return view


def test_a_restored_partida_shows_what_it_showed_drawing_only_for_the_hands_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = partida_at(5, seed=2)  # sayings in its first hands
    game = s.game
    assert game is not None and s.saved is not None
    said = list(s.talk.said)
    assert {x.hand for x in said} >= {0, 4}  # sayings in old hands too: what is not redone

    drawn = _counting_draws(monkeypatch)
    again = Session(MemoryStorage(dict(s.storage.data)), instant=True)  # type: ignore[attr-defined]
    again.restore()
    assert again.talk_from() == game.hands_played - 1 == 4
    assert [x for x in again.talk.said if x.hand >= 4] == [x for x in said if x.hand >= 4]
    assert all(x.hand >= 3 for x in again.talk.said)  # at most the count closing hand 3
    assert _view(again) == _view(s)

    restored = len(drawn)
    again.talk.rebuild(game)  # every hand's sayings: what a restore used to draw
    assert again.talk.said == said
    assert 0 < restored < (len(drawn) - restored) / 2, (restored, len(drawn) - restored)


def test_a_count_left_open_keeps_its_hands_sayings() -> None:
    """A count not dismissed before the reload (hand 5's) is shown again with its sayings."""
    s = partida_at(5)
    assert s.saved is not None
    s.saved.acked = 3  # hands 3 and 4 still to be dismissed
    s.write()
    again = Session(MemoryStorage(dict(s.storage.data)), instant=True)  # type: ignore[attr-defined]
    again.restore()
    assert again.showdown_index() == 3 and again.talk_from() == 3
    assert again.talk.of_hand(3) == s.talk.of_hand(3)
    assert _view(again) == _view(s)
