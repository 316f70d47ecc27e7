"""The table's requests to its bots and coach (``mus.web.play.brain``), answered as the bots'
worker answers them: in JSON text, one request at a time, after the table may have moved on.
No browser: ``tests/test_ui_bots.py`` runs the worker itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

import mus
from mus.ai import make_bot
from mus.web.kit.storage import MemoryStorage
from mus.web.play.brain import BotSpec, Brain, coach_request, decide_request
from mus.web.play.saves import SAVE_KEY
from mus.web.play.session import Session
from tools.dev.drive import step


def by_text(brain: Brain, request: dict[str, Any]) -> dict[str, Any]:
    """``request`` answered as the worker answers it: JSON text in, JSON text out."""
    answer: dict[str, Any] = json.loads(brain.answer_text(json.dumps(request)))
    return answer


def at_bot_turn(store: MemoryStorage, seed: int = 5, level: str = "dificil") -> Session:
    s = Session(store)
    s.set_setting("level", level)
    s.set_setting("coach", "true")
    s.new_game(seed=seed)
    while s.bot_to_play() is None:
        s.play(s.human_legal()[0])
    return s


def test_a_partida_played_through_json_text_is_the_one_played_directly() -> None:
    """Bots asked in JSON text (the worker's way) choose, and explain, exactly what the same
    bots asked directly do: the observation survives the trip whole."""
    direct, worker = Session(MemoryStorage(), seeds=iter(range(100, 200)).__next__), Brain()
    direct.set_setting("level", "dificil")
    direct.new_game(seed=9)
    while direct.game is not None and len(direct.game.history) < 2:
        asked = direct.bot_request()
        if asked is None:
            if not direct.ack():
                direct.play(direct.human_legal()[-1])
            continue
        answer = by_text(worker, asked.data)
        assert answer == direct.brain.answer(asked.data)
        choice = direct.bot_answered(asked, answer)
        assert choice is not None and direct.bot_play(*choice)
    assert direct.saved is not None and len(direct.saved.reasons) > 10


def test_a_request_holds_only_the_seats_observation_and_who_the_bot_is() -> None:
    s = at_bot_turn(MemoryStorage())
    asked = s.bot_request()
    assert asked is not None and asked.game is s.game
    assert sorted(asked.data) == ["bot", "kind", "observation"]
    assert asked.data["observation"] == s.observation(asked.seat)  # the advice said aloud included
    assert asked.data["bot"] == s.bots[asked.seat].data() and asked.data["bot"]["level"] == "dificil"
    coach = s.coach_request()
    assert coach is not None and coach.data == {"kind": "coach", "observation": s.game.observation(0, last_hands=0)}  # type: ignore[union-attr]


def test_an_answer_for_a_game_another_window_moved_on_is_dropped() -> None:
    """The worker answers A's bot after window B played on: A does not play it, nor keep its
    coach, and writes nothing."""
    store = MemoryStorage()
    a = at_bot_turn(store)
    asked, coached = a.bot_request(), a.coach_request()
    assert asked is not None and coached is not None
    answer, numbers = a.brain.answer(asked.data), a.brain.answer(coached.data)
    b = Session(store)
    b.restore()
    while b.bot_to_play() != asked.seat or b.game is None or len(b.game.actions) <= len(asked.game.actions):
        if b.showdown_index() is not None:
            b.ack()
        elif b.bot_move() is None:
            b.play(b.human_legal()[0])
    moved_on = store.get(SAVE_KEY)
    assert a.storage_changed(SAVE_KEY) and a.bot_to_play() == asked.seat
    assert a.bot_answered(asked, answer) is None
    assert not a.coach_answered(coached, numbers) and a.coach_now() is None
    assert store.get(SAVE_KEY) == moved_on


def test_a_choice_is_played_only_on_the_state_it_was_asked_about() -> None:
    s = at_bot_turn(MemoryStorage())
    asked = s.bot_request()
    assert asked is not None
    choice = s.bot_answered(asked, s.brain.answer(asked.data))
    assert choice is not None
    s.open_panel("menu")  # the player opened the menu meanwhile: the bots wait
    assert s.bot_answered(asked, s.brain.answer(asked.data)) is None
    s.close_panel()
    s.new_game(seed=6)  # a new partida meanwhile: the old choice is not played on it
    assert not s.bot_play(*choice)


def test_an_answer_that_is_an_error_or_illegal_is_refused_with_the_legal_actions() -> None:
    s = at_bot_turn(MemoryStorage())
    asked = s.bot_request()
    assert asked is not None
    legal = asked.data["observation"]["legal_actions"]
    with pytest.raises(ValueError, match="expected a bot's action .*" + legal[0] + ".*got 'quiero'"):
        s.bot_answered(asked, {"action": "quiero", "reason": None})
    with pytest.raises(ValueError, match="got MemoryError: no room"):
        s.bot_answered(asked, {"error": "MemoryError: no room"})
    coached = s.coach_request()
    assert coached is not None
    with pytest.raises(ValueError, match="expected the coach's numbers, got KeyError"):
        s.coach_answered(coached, {"error": "KeyError: 'observation'"})


def test_the_brain_keeps_a_seats_bot_while_it_is_the_same_bot() -> None:
    """A bot's random choices go on from one request to the next, as a bot held by the page
    did; a new seed (a new partida, another window's) makes a new bot."""
    game = mus.Game.new(mus.Rules(), 3)
    seat = game.to_play
    assert seat is not None
    spec, observation = BotSpec(seat, "random", 7, None), game.observation(seat)
    brain, held = Brain(), make_bot("random", 7)
    for _ in range(20):
        assert brain.answer(decide_request(spec, observation))["action"] == held.choose(observation)
    again = BotSpec(seat, "random", 8, None)
    fresh = make_bot("random", 8)
    assert brain.answer(decide_request(again, observation))["action"] == fresh.choose(observation)
    assert brain.bots[seat][0] == again and len(brain.bots) == 1


def test_the_brain_answers_what_it_cannot_do_with_an_error() -> None:
    brain = Brain()
    assert by_text(brain, {"kind": "decide"}) == {"error": "KeyError: 'bot'"}
    assert json.loads(brain.answer_text("{oops")) == {"error": "expected a request in JSON"}
    bad = decide_request(BotSpec(1, "genius", 1, None), mus.Game.new(mus.Rules(), 3).observation(1))
    assert by_text(brain, bad)["error"].startswith("ValueError: expected a bot level")


def test_the_next_bots_request_is_known_while_this_move_waits() -> None:
    """What the page sends ahead (during a bot's pause) is the request the next bot makes at
    its turn, unless advice was said aloud in between; none when the hand ends first."""
    s = at_bot_turn(MemoryStorage(), seed=8)
    s.set_setting("senas", "true")
    same = differ = 0
    while s.game is not None and s.game.hands_played < 4:
        asked = s.bot_request()
        if asked is None:
            if not s.ack():
                s.play(s.human_legal()[0])
            continue
        choice = s.bot_answered(asked, s.brain.answer(asked.data))
        assert choice is not None
        ahead = s.bot_request_after(asked, choice[1])
        hands = s.game.hands_played
        assert s.bot_play(*choice)
        after = s.bot_request()
        if ahead is None:
            assert after is None or s.game.hands_played > hands
        else:
            assert after is not None
            if after.data == ahead:
                same += 1
            else:
                assert after.data["observation"]["advice"] != ahead["observation"]["advice"]
                differ += 1
    assert same > 20 and differ < same


def test_each_finished_hand_is_sent_once_and_the_bots_choose_from_the_whole_history() -> None:
    """A long partida costs what its length says: past a partida's first request, a bot's
    request carries only the finished hands the brain has not kept, and the bots choose from
    the whole history all the same (a brain sent every hand every time chooses alike)."""
    s = Session(MemoryStorage(), seeds=iter(range(300, 400)).__next__)
    s.set_setting("level", "dificil")
    s.new_game(seed=9)
    worker, whole = Brain(), Brain()
    sent = requests = 0
    while s.game is not None and sent < 4:
        asked = s.bot_request()
        if asked is None:
            if not s.ack():
                s.play(s.human_legal()[-1])
            continue
        requests += 1
        history = asked.data["observation"]["history"]
        sent += len(history)
        assert len(history) <= 1 and asked.data.get("history_from", 0) + len(history) == s.game.hands_played
        answer = by_text(worker, asked.data)
        assert worker.history == s.game.history and answer["hands"] == s.game.hands_played
        assert answer == whole.answer(decide_request(s.bots[asked.seat], s.observation(asked.seat)))
        choice = s.bot_answered(asked, answer)
        assert choice is not None and s.bot_play(*choice)
    assert sent == s.game.hands_played == 4 and requests > 40   # type: ignore[union-attr]


def test_a_brain_without_the_earlier_hands_has_them_sent_again() -> None:
    """The worker that stopped (the page then thinks itself) or holds another partida's hands
    answers with the hands it keeps, and the table asks again with all the others."""
    s = Session(MemoryStorage(), seeds=iter(range(300, 400)).__next__)
    s.new_game(seed=4)
    while s.game is not None and (s.game.hands_played < 2 or s.bot_to_play() is None):
        step(s)
    other = Session(MemoryStorage(), seeds=iter(range(500, 600)).__next__)
    other.new_game(seed=5)
    while other.game is not None and (other.game.hands_played < 3 or other.bot_to_play() is None):
        step(other)
    kept = s.brain_hands
    for brain in (Brain(), other.brain):   # a fresh one; one that kept another partida's hands
        asked = s.bot_request()
        assert asked is not None and asked.data["history_from"] == kept > 0
        assert brain.answer(asked.data) == {"gap": 0} and brain.history == []
        assert s.bot_answered(asked, by_text(brain, asked.data)) is None and s.brain_hands == 0
        again = s.bot_request()
        assert again is not None and "history_from" not in again.data
        assert again.data["observation"]["history"] == s.game.history   # type: ignore[union-attr]
        choice = s.bot_answered(again, by_text(brain, again.data))
        assert choice is not None and brain.history == s.game.history  # type: ignore[union-attr]
        s.brain_hands = kept   # as the first brain left it


def test_the_coach_reads_no_finished_hand() -> None:
    """Its request copies none of the partida's finished hands, and its numbers are those of
    the whole observation."""
    s = Session(MemoryStorage(), seeds=iter(range(300, 400)).__next__)
    s.set_setting("coach", "true")
    s.new_game(seed=4)
    while s.game is not None and (s.game.hands_played < 3 or s.human_legal() == []):
        step(s)
    asked = s.coach_request()
    assert asked is not None and asked.data["observation"]["history"] == []
    whole = Brain().answer(coach_request(s.game.observation(0)))  # type: ignore[union-attr]
    assert Brain().answer(asked.data) == whole and "coach" in whole
