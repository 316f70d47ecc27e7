"""The session, the view and the HTML, played without a browser."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import mus
from mus.web.kit.i18n import card_name
from mus.web.kit.deckart import DeckArt
from mus.web.play.render import log_lines, regions
from mus.web.play.saves import SAVE_KEY
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session
from mus.web.play.view import build_view

ROOT = Path(__file__).resolve().parent.parent
ART = DeckArt((ROOT / "static" / "deck.svg").read_text(encoding="utf-8"))


def _html(session: Session) -> str:
    return "".join(html for html, _ in regions(build_view(session), ART).values()) + "".join(
        log_lines(build_view(session)))


def _session(store: MemoryStorage | None = None, **settings: str) -> Session:
    s = Session(store if store is not None else MemoryStorage())
    for name, value in {"level": "facil", "senas": "false", **settings}.items():  # señas: test_web_senas
        s.set_setting(name, value)
    return s


def _seed_with_mano(mano: int) -> int:
    return next(seed for seed in range(100) if mus.Game.new(seed=seed).mano == mano)


def _bots_until_human(s: Session) -> None:
    while s.bot_to_play() is not None:
        s.bot_move()


def test_first_screen_is_the_new_game_form() -> None:
    s = _session()
    view = build_view(s)
    assert view["setup"] and view["phase"] is None
    html = _html(s)
    assert 'data-action="nueva"' in html
    for name in ("level", "reyes", "target", "juegos_to_win", "vacas_to_win", "speed", "lang"):
        assert re.search(f'<input type="radio"[^>]* data-setting="{name}"', html), name
    for name in ("real_31", "senas"):
        assert re.search(f'<input type="checkbox" id="set-{name}" data-setting="{name}"', html)
    assert "partida a una vaca" in html        # the rules summary says every option


def test_only_legal_actions_are_buttons() -> None:
    s = _session()
    s.new_game(seed=_seed_with_mano(0))
    assert s.bot_to_play() is None
    html = _html(s)
    actions = re.findall(r'data-action="([^"]+)"', html)
    assert actions == ["mus", "no hay mus"]
    assert html.count("data-card=") == 4


class _MusLover:
    """A bot that always asks for mus and throws its first card."""

    def choose(self, observation: dict[str, object]) -> str:
        legal = observation["legal_actions"]
        assert isinstance(legal, list)
        return "mus" if "mus" in legal else str(legal[0])


def test_discard_button_follows_the_selection() -> None:
    s = Session(MemoryStorage(), bot_factory=lambda level, seed, style: _MusLover())
    s.new_game(seed=_seed_with_mano(1))
    while s.game.phase != "descarte" or s.game.to_play != 0:
        if s.bot_to_play() is not None:
            s.bot_move()
        else:
            assert s.play("mus")
    assert 'id="b-descarte"' in _html(s) and "disabled" in _html(s).split('id="b-descarte"')[1][:40]
    s.toggle_card(2)
    s.toggle_card(0)
    html = _html(s)
    assert 'data-action="descarte 0 2"' in html
    assert html.count('aria-pressed="true"') == 2
    s.toggle_card(2)
    assert 'data-action="descarte 0"' in _html(s)
    thrown = s.game.hand(0)[0]
    assert s.play("descarte 0")
    # the log names own discards, as words run in a sentence
    assert f"Tú: dame una ({card_name('es', thrown, running=True)})" in _html(s)


def _play_to_betting(s: Session) -> None:
    while not s.human_legal() or s.game.phase in ("mus", "descarte"):
        if s.bot_to_play() is not None:
            s.bot_move()
        elif "no hay mus" in s.human_legal():
            s.play("no hay mus")
        elif s.human_legal():
            s.play("descarte 0")


def test_envido_stepper_stays_in_the_legal_range() -> None:
    s = _session()
    s.new_game(seed=_seed_with_mano(0))
    _play_to_betting(s)
    html = _html(s)
    assert 'data-action="envido"' in html  # the stepper starts at a plain envido
    s.step_envite(3)
    assert 'data-action="envido 5"' in _html(s) and 'data-action="envido"' not in _html(s)
    for _ in range(100):
        s.step_envite(1)
    assert f'data-action="envido {s.game.rules.max_envite}"' in _html(s)
    for _ in range(100):
        s.step_envite(-1)
    assert 'data-action="envido"' in _html(s)
    s.step_envite(1)
    assert s.play("envido 3")
    assert s.envite == 2  # back to a plain envido for the next decision


def test_bot_speech_shows_as_a_bubble_and_in_the_log() -> None:
    s = _session()
    s.new_game(seed=_seed_with_mano(1))
    seat, notation = s.bot_move()
    view = build_view(s)
    bubble = view["seats"][seat]["bubble"]
    assert bubble in ("Mus", "No hay mus")
    assert any(line.endswith(": " + bubble.lower()) for line in view["log"]["lines"])  # "Tú: mus"


def test_full_partida_through_the_session() -> None:
    """Seat 0 plays the first legal action, bots play facil; the partida ends with a winner."""
    store = MemoryStorage()
    s = _session(store, target="30", juegos_to_win="1")
    s.new_game(seed=21)
    rng = random.Random(2)
    showdowns = 0
    for _ in range(5000):
        view = build_view(s)
        html = _html(s)
        if view["showdown"] is None:  # nobody else's cards are on the page
            for seat in (1, 2, 3):
                for card in s.game.hand(seat):
                    assert f"#{card}\"" not in html and f'"{card}"' not in html
        if s.bot_to_play() is not None:
            s.bot_move()
        elif view["showdown"]:
            showdowns += 1
            assert "continuar" in html
            assert s.ack()
        elif view["fin"]:
            break
        else:
            legal = s.human_legal()
            if legal[0].startswith("descarte"):
                s.toggle_card(rng.randrange(4))
                assert s.play(s.discard_notation() or "descarte 3")
            else:
                assert s.play(legal[0])
    else:
        pytest.fail("the partida did not end")
    assert s.game.phase == "fin" and showdowns == len(s.game.history)
    assert 'data-action="revancha"' in _html(s)
    assert s.stats["partidas"][1] == 1 and s.stats["juegos"][1] == 1
    assert s.stats["manos"][1] == len(s.game.history)
    # the finished partida is still the save: a reload shows the end again
    again = Session(store)
    again.restore()
    assert build_view(again)["fin"] is not None


def test_showdown_reveals_hands_with_winners_and_spoken_ledger() -> None:
    s = _session()
    s.new_game(seed=7)
    while s.showdown_index() is None:
        if s.bot_to_play() is not None:
            s.bot_move()
        else:
            legal = s.human_legal()
            s.play("descarte 0" if legal[0].startswith("descarte") else ("paso" if "paso" in legal else legal[0]))
    hand = s.game.history[0]
    view = build_view(s)
    sd = view["showdown"]
    assert sd["button"]["action"] == "continuar"
    if hand["hands"]:
        assert [[c["card"] for c in seat["cards"]] for seat in sd["seats"]] == hand["hands"]
        for lance, seat in hand["winners"].items():
            assert sd["seats"][seat]["won"]
    total = {0: 0, 1: 0}
    for entry in hand["ledger"]:
        total[entry["team"]] += entry["points"]
    assert [line["total"] for line in sd["ledger"]] == [total[0], total[1]]
    html = regions(view, ART)["overlay"][0]
    assert "static/deck.svg#face" in html or not hand["hands"]
    assert not re.search(r'deck\.svg#[RCS7654 32A][oceb]"', html)  # drawn, not named


def test_reload_restores_hand_turn_and_score() -> None:
    store = MemoryStorage()
    s = _session(store)
    s.new_game(seed=12)
    _bots_until_human(s)
    s.play(s.human_legal()[0])
    _bots_until_human(s)
    before = build_view(s)
    again = Session(store)
    again.restore()
    after = build_view(again)
    assert again.game.observation(0) == s.game.observation(0)
    assert after["seats"][0]["cards"] == before["seats"][0]["cards"]
    assert after["center"]["to_play"] == before["center"]["to_play"]
    assert [t["tantos"] for t in after["scores"]] == [t["tantos"] for t in before["scores"]]


def test_corrupt_save_is_reported_and_a_new_game_works() -> None:
    store = MemoryStorage()
    store.set(SAVE_KEY, '{"schema": 1, "game": {"format": "mus-game", "version": 1, "rules": {}, "seed": 1, '
                        '"start": null, "actions": ["ordago"]}}')
    s = Session(store)
    s.restore()
    view = build_view(s)
    assert view["setup"] and view["notices"][0]["kind"] == "corrupt"
    assert "mus.save.corrupt" in view["notices"][0]["text"]
    s.new_game()
    assert s.game is not None and json.loads(store.get(SAVE_KEY))["game"]["actions"] == []
    assert any(k.startswith("mus.save.corrupt") for k in store.keys())


def test_language_switch_changes_texts() -> None:
    s = _session()
    s.new_game(seed=_seed_with_mano(0))
    es = _html(s)
    s.set_setting("lang", "en")
    en = _html(s)
    assert "No hay mus" in es and "No mus" in en
    assert "Rey de" in es or "Caballo de" in es or "Sota de" in es or " de " in es
    assert build_view(s)["lang"] == "en"
    # the choice survives a reload, with the game
    again = Session(s.storage)
    again.restore()
    assert again.settings.lang == "en"


def test_illegal_or_untimely_actions_are_refused() -> None:
    s = _session()
    s.new_game(seed=_seed_with_mano(1))
    assert not s.play("mus")  # a bot is to play
    _bots_until_human(s)
    assert not s.play("quiero")
    assert not s.play("descarte 9")


def test_rematch_keeps_the_table_and_todays_preferences() -> None:
    store = MemoryStorage()
    s = _session(store, target="30", juegos_to_win="1", level="dificil")
    s.new_game(seed=3)
    s.set_setting("target", "40")  # changed on the new-game screen, not used for the rematch
    s.set_setting("speed", "rapida")
    s.rematch(seed=4)
    rules = s.game.rules
    assert (rules.target, rules.juegos_to_win) == (30, 1)
    assert s.saved.levels == [None, "dificil", "dificil", "dificil"]
    assert s.settings.speed == "rapida"
    again = Session(store)
    again.restore()
    assert again.settings.speed == "rapida" and again.game.rules.target == 30
