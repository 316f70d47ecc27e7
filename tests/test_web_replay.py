"""The replay's pure state and view: steps, whose view, the count, links, the bots'
reasons and the coach (CPython)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import mus
import mus.ai
from mus.web.kit.i18n import card_name
from mus.web.kit.links import code_from_fragment
from mus.web.replay.model import Replay, manos_view, replay_view
from mus.web.replay.render import replay_html


def hand_with_a_serve() -> tuple[mus.Game, int]:
    for seed in range(200):
        rng = random.Random(seed)
        g = mus.Game.new(mus.Rules(), seed)
        while not g.history:
            legal = g.legal_actions()
            mus_first = [a for a in legal if str(a) == "mus"]
            g = g.apply(mus_first[0] if mus_first and rng.random() < 0.5 else rng.choice(legal))
        if "- servido" in mus.record(g, 0) and g.history[0]["hands"]:
            return g, 0
    raise AssertionError("no hand with a serve")


@pytest.fixture(scope="module")
def replay() -> Replay:
    g, index = hand_with_a_serve()
    return Replay.from_game(g, index)


def test_one_step_per_player_action_and_the_serve_shows_with_the_manos_descarte(replay: Replay) -> None:
    players = [m for m in replay.record.moves if m[0] is not None]
    assert replay.steps == len(players) + 1
    assert not any(g.is_chance and g.phase == "servicio" for g in replay.states)
    mano_discard = next(i for i, g in enumerate(replay.states[1:], 1)
                        if g.phase == "mus" and replay.states[i - 1].phase == "descarte")
    replay.go("first")
    for _ in range(mano_discard):
        replay.go("next")
    view = replay_view(replay, "es")
    assert view["log"][-1].endswith("Se sirven las cartas")


def test_a_seat_sees_only_its_own_cards_until_the_count(replay: Replay) -> None:
    """Until the count, the view names no card but the seat's hand and its own discards."""
    deck = [mus.Card.from_index(i) for i in range(40)]
    for seat in range(4):
        replay.view_as(str(seat))
        replay.go("first")
        while not replay.at_end:
            view = replay_view(replay, "es")
            obs = replay.states[replay.step].observation(seat)
            known = set(obs["hand"]) | {c for e in obs["log"] for c in e.get("cards", [])}
            text = json.dumps(view, ensure_ascii=False) + replay_html(view)
            for card in deck:
                if str(card) not in known:
                    assert card_name("es", str(card)) not in text, (seat, replay.step, str(card))
            assert [s["cards"] is not None for s in view["seats"]] == [s == seat for s in range(4)]
            replay.go("next")
        view = replay_view(replay, "es")
        assert all(s["cards"] for s in view["seats"])  # shown at the count, to everyone
        assert view["count"] is not None and not view["nav"][2]["enabled"]


def test_all_open_shows_every_hand_at_every_step(replay: Replay) -> None:
    replay.view_as("all")
    replay.go("first")
    view = replay_view(replay, "en")
    hands = ["".join(c["card"] for c in s["cards"]) for s in view["seats"]]
    assert hands == list(mus.HandRecord.parse(replay.text).hands)
    replay.view_as("nobody")  # not a viewer: ignored
    assert replay.viewer == "all"


def test_steps_stay_in_range(replay: Replay) -> None:
    replay.go("first")
    replay.go("prev")
    assert replay.step == 0
    replay.go("last")
    replay.go("next")
    assert replay.step == replay.steps - 1 and replay.at_end


def test_links_carry_the_code_in_the_fragment(replay: Replay) -> None:
    link = replay.link("https://example.org/mus/?speed=0#mano=old")
    assert link == f"https://example.org/mus/?speed=0#mano={replay.code}"
    assert code_from_fragment("#mano=" + replay.code) == replay.code
    assert code_from_fragment("#other=1") is None and code_from_fragment("") is None
    shared = Replay.from_code(replay.code)
    assert shared.shared and shared.text == replay.text
    assert replay_view(shared, "es")["title"] == "Jugada compartida"
    with pytest.raises(ValueError, match="damaged"):
        Replay.from_code(replay.code[:-2])


def test_manos_list_newest_first() -> None:
    g = mus.Game.new(mus.Rules(), 3)
    rng = random.Random(3)
    while len(g.history) < 3 and not g.is_over:
        g = g.apply(rng.choice(g.legal_actions()))
    view = manos_view(g.history, "es")
    assert [item["index"] for item in view["items"]] == list(range(len(g.history)))[::-1]
    assert manos_view([], "en")["empty"] == "No hand has finished yet."


def played_session() -> Any:
    from mus.web.kit.storage import MemoryStorage
    from mus.web.play.session import Session

    s = Session(MemoryStorage(), instant=True)
    s.new_game(seed=11)
    while len(s.game.history) < 2:
        if s.bot_move() is None:
            if s.showdown_index() is not None:
                s.ack()
            else:
                s.play(s.human_legal()[0])
    return s


def test_the_bots_reasons_follow_their_steps() -> None:
    s = played_session()
    for index in range(2):
        r = Replay.from_game(s.game, index, s.saved.reasons)
        bot_steps = [k for k, (seat, _) in enumerate(r.moves, 1) if seat != 0]
        assert sorted(r.reasons) == bot_steps
        for step, entry in r.reasons.items():
            seat, action = r.moves[step - 1]
            assert entry["seat"] == seat and entry["reason"]["action"] == action
        r.go("next")
        while r.step not in r.reasons:
            r.go("next")
        view = replay_view(r, "es")
        name = view["seats"][r.reasons[r.step]["seat"]]["name"]
        said = r.reasons[r.step]["reason"]["action"]
        assert view["reason"].startswith(f"Por qué dijo «{said}» ({name}): ")   # a sentence, not "mus: …"


def ask_worker(r: Replay) -> tuple[tuple[int, int], dict[str, Any]]:
    """The replay's coach request answered as the bots' worker answers it: JSON text through
    ``play.brain``."""
    from mus.web.play.brain import Brain, coach_request

    asked = r.coach_position()
    assert asked is not None
    return asked[0], json.loads(Brain().answer_text(json.dumps(coach_request(asked[1]))))


def test_coach_numbers_for_the_seat_viewed_at_each_step() -> None:
    s = played_session()
    r = Replay.from_game(s.game, 1, s.saved.reasons)
    r.go("next")
    assert r.coach_due() and replay_view(r, "en")["coach"]["pending"]
    position, answer = ask_worker(r)
    assert position == (1, 0) and r.coach_answered(position, answer)
    view = replay_view(r, "en")
    assert not r.coach_due() and not view["coach"]["pending"]
    assert view["coach"]["title"] == "Coach · You"
    expected = mus.ai.coach(r.states[r.step].observation(0))
    assert [line["pct"] for line in view["coach"]["lances"]] == [
        round(100 * expected["lances"][lance]) for lance in ("grande", "chica", "pares", "juego", "punto")
        if lance in expected["lances"]]
    r.view_as("3")
    assert r.coach_seat() == 3 and r.coach_due()
    r.view_as("all")
    assert r.coach_seat() == r.moves[r.step - 1][0]
    r.go("last")
    assert not r.coach_due() and r.coach_position() is None and replay_view(r, "en")["coach"] is None


def test_the_coach_sees_what_its_seat_saw_even_with_all_hands_open() -> None:
    """With every hand shown, the coach's request holds the acting seat's own view and no
    other hand: what ``mus.ai.coach`` was given in the page before it left for the worker."""
    from mus.web.replay.told import seen_by

    s = played_session()
    r = Replay.from_game(s.game, 0, s.saved.reasons)
    r.view_as("all")
    for _ in range(4):
        r.go("next")
        seat = r.coach_seat()
        (step, asked_seat), seen = r.coach_position() or ((-1, -1), {})
        assert (step, asked_seat) == (r.step, seat) and seen == seen_by(r.states[r.step], seat)
        assert seen["hand"] == r.states[r.step].hand(seat)
        hands = [json.dumps(r.states[r.step].hand(other)) for other in range(4) if other != seat]
        assert not any(hand in json.dumps(seen) for hand in hands)


def test_a_late_answer_is_kept_for_its_step_and_never_drawn_over_another() -> None:
    s = played_session()
    r = Replay.from_game(s.game, 1, s.saved.reasons)
    r.go("next")
    position, answer = ask_worker(r)
    r.go("next"), r.go("next")  # quick steps while the worker thought
    assert not r.coach_answered(position, answer)
    assert r.coach_due() and replay_view(r, "en")["coach"]["pending"]  # still this step's to come
    r.go("first"), r.go("next")  # back at the step asked: its numbers, at once
    assert not r.coach_due() and not replay_view(r, "en")["coach"]["pending"]
    r.go("next")
    position, _ = ask_worker(r)
    assert r.coach_answered(position, {"error": "no worker"})  # nobody to ask: the box goes
    assert not r.coach_due() and replay_view(r, "en")["coach"] is None
    assert replay_view(r, "en")["now"]  # the replay goes on without it


def test_every_text_is_translated(replay: Replay) -> None:
    """A renamed string shows up here rather than as its key on the page."""
    import re

    for lang in ("es", "en"):
        for viewer in ("all", "1"):
            replay.view_as(viewer)
            for where in ("first", "next", "last"):
                replay.go(where)
                text = json.dumps(replay_view(replay, lang), ensure_ascii=False)
                assert not re.search(r'"(log|replay|showdown|count|coach|seat|say)\.[\w.]+', text), text
    text = json.dumps(manos_view([replay.states[-1].history[-1]], "es"), ensure_ascii=False)
    assert not re.search(r'"(log|replay|showdown)\.[\w.]+', text) and "Jugada 1 · " in text


def _hand_with_senas(catch: float) -> mus.Game:
    """A hand where everyone who can makes señas, every rival catching them (1.0) or none (0.0)."""
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1,
                           rules=mus.Rules(senas=True, catch=catch)).apply("no hay mus")
    while not g.history:
        legal = [str(a) for a in g.legal_actions()]
        g = g.apply("señas" if "señas" in legal else "paso" if "paso" in legal else legal[0])
    return g


def test_a_rivals_eyes_never_tell_whether_the_players_senas_were_caught() -> None:
    from mus.web.replay.told import seen_by

    caught, missed = _hand_with_senas(1.0), _hand_with_senas(0.0)
    assert caught.actions == missed.actions
    shown = Replay.from_game(caught, 0)
    hidden = Replay.from_game(missed, 0)
    assert shown.steps == hidden.steps
    for viewer in ("1", "3"):
        shown.view_as(viewer)
        hidden.view_as(viewer)
        for step in range(shown.steps):
            shown.step = hidden.step = step
            for lang in ("es", "en"):
                assert replay_view(shown, lang)["log"] == replay_view(hidden, lang)["log"], (viewer, step)
            seen = [seen_by(r.states[step], int(viewer)) for r in (shown, hidden)]
            for obs in seen:   # what the coach reads from there: the same, but for the chance
                obs.pop("rules")
            assert seen[0] == seen[1]
    # from his own seat and his partner's, the player's team's señas show as they did at the table
    shown.view_as("0")
    shown.go("last")
    assert "Hace señas" in " ".join(replay_view(shown, "es")["log"])
