"""Señas on the page, played without a browser: the setting, the señas step, the faces."""

from __future__ import annotations

import json
import re

import mus
from mus.web.kit.i18n import sena_text, t
from mus.web.play.newgame import rules_summary
from mus.web.play.render import log_lines, regions
from mus.web.play.settings import load_settings
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session
from mus.web.play.settings import Settings
from mus.web.play.view import build_view

SEED = 12   # first hand: you ciego, partner dos reyes, left rival (mano) dos ases, right rival none


def _html(s: Session) -> str:
    view = build_view(s)
    return "".join(html for html, _ in regions(view).values()) + "".join(log_lines(view))


def _session(lang: str = "es", **settings: str) -> Session:
    s = Session(MemoryStorage())
    for name, value in {"level": "facil", "lang": lang, **settings}.items():
        s.set_setting(name, value)
    return s


def _to_my_senas(s: Session) -> None:
    while not (s.game.phase == "senas" and s.game.to_play == 0):
        if s.bot_to_play() is not None:
            s.bot_move()
        elif "no hay mus" in s.human_legal():
            s.play("no hay mus")
        else:
            s.play(s.human_legal()[0])


def test_senas_setting_defaults_on_and_is_remembered() -> None:
    assert Settings().rules().senas is True
    assert Settings.from_dict({"level": "dificil"}).rules().senas is True     # settings saved before señas
    s = _session(senas="false")
    assert load_settings(s.storage)[0].rules().senas is False
    s.new_game(seed=1)
    assert s.game.rules.senas is False
    html = _html(Session(s.storage))                                   # the form shows the choice
    assert re.search(r'<input type="checkbox" id="set-senas" data-setting="senas">', html)   # not checked


def test_rules_summary_shows_the_catch_chance() -> None:
    assert "25 %" in rules_summary(Settings(), "es") and "con señas" in rules_summary(Settings(), "es")
    assert "catches a seña 25 %" in rules_summary(Settings(), "en")
    assert "sin señas" in rules_summary(Settings(senas=False), "es")
    assert "25 %" not in rules_summary(Settings(senas=False), "es")     # the catch needs señas
    assert "25 %" in _html(_session())


def test_senas_step_offers_two_buttons_with_a_preview() -> None:
    s = _session()
    s.new_game(seed=SEED)
    _to_my_senas(s)
    assert s.human_legal() == ["señas", "sin señas"]
    html = _html(s)
    assert 'data-action="señas"' in html and 'data-action="sin señas"' in html
    preview = re.search(r'<div class="senas senas-preview".*?</div>', html)
    assert preview and 'data-sena="ciego"' in preview.group(0) and "<svg" in preview.group(0)
    assert "cierra los ojos: ciego" in preview.group(0)
    assert "🙂" not in html and not re.search("[\U0001F300-\U0001FAFF]", html)   # drawn, no emoji


def test_partner_senas_on_his_seat_and_in_the_log() -> None:
    s = _session()
    s.new_game(seed=SEED)
    _to_my_senas(s)
    s.play("señas")
    while s.game.phase == "senas":
        s.bot_move()
    view = build_view(s)
    seat2 = regions(view)["seat-2"][0]
    assert 'data-senas="2"' in seat2 and "se muerde el labio: dos reyes" in seat2 and "<svg" in seat2
    partner = s.cast[2].name  # the bots, by their names (play.cast)
    assert f'aria-label="Señas de {partner}"' in seat2 and "cazada" not in seat2
    lines = [line.lower() for line in log_lines(view)]
    assert f"{partner.lower()}: hace señas — se muerde el labio: dos reyes" in lines
    assert "tú: hago señas — cierra los ojos: ciego" in lines
    obs = s.game.observation(0)
    caught = {e["seat"] for e in obs["senas"]} & {1, 3}
    for rival in (1, 3):   # a rival's señas are on the page only if the player caught them
        html = regions(view)[f"seat-{rival}"][0]
        assert ('data-senas="%d"' % rival in html) == (rival in caught)
        assert ("cazada" in html) == (rival in caught)
        name = s.cast[rival].name.lower()
        rival_lines = [line for line in lines if line.startswith(f"{name}: señas")
                       or line.startswith(f"{name}: sin señas")]
        assert len(rival_lines) == (rival in caught)


def test_a_caught_rival_sena_is_marked_cazada() -> None:
    g = mus.Game.from_deal(["R652", "C554", "33S7", "64AA"], mano=3, seed=1,
                           rules=mus.Rules(senas=True, catch=1.0))
    s = _session()
    s.new_game(seed=1)
    s.saved.game = g.apply("mus").apply("no hay mus").apply("señas")   # the mano shows dos ases
    html = regions(build_view(s))["seat-3"][0]
    assert 'data-senas="3"' in html and "cazada" in html
    assert "saca la punta de la lengua: dos ases" in html
    name = s.cast[3].name.lower()
    assert (f"{name}: señas cazadas — saca la punta de la lengua: dos ases"
            in [line.lower() for line in log_lines(build_view(s))])


def test_uncaught_rival_senas_leave_the_page_unchanged() -> None:
    """The whole page is the same whether an uncaught rival showed señas or none."""
    differs = 0
    for seed in range(30):
        base = mus.Game.from_deal(["R652", "C554", "33S7", "64AA"], mano=3, seed=seed,
                                  rules=mus.Rules(senas=True, catch=0.5)).apply("mus").apply("no hay mus")
        shown, hidden = base.apply("señas"), base.apply("sin señas")
        s = _session()
        s.new_game(seed=1)
        s.saved.game = shown
        html_shown = _html(s)
        s.saved.game = hidden
        html_hidden = _html(s)
        if shown.observation(0)["senas"]:
            differs += 1
            assert html_shown != html_hidden
        else:
            assert html_shown == html_hidden
    assert 0 < differs < 30


def test_english_keeps_the_spanish_gesture_names_with_a_gloss() -> None:
    assert sena_text("en", "dos reyes") == "se muerde el labio (bites the lower lip): dos reyes (two kings)"
    for sena in mus.SENAS:
        es, en = sena_text("es", sena), sena_text("en", sena)
        assert sena in es and sena in en and "(" in en
    s = _session("en")
    s.new_game(seed=SEED)
    _to_my_senas(s)
    html = _html(s)
    assert "Make señas" in html and "No señas" in html and "cierra los ojos (closes the eyes)" in html


def test_saves_carry_the_senas_rules() -> None:
    s = _session()
    s.new_game(seed=SEED)
    _to_my_senas(s)
    saved = json.loads(s.storage.get("mus.save") or "{}")
    assert saved["game"]["rules"]["senas"] is True and saved["settings"]["senas"] is True
    again = Session(s.storage)
    again.restore()
    assert again.game.rules.senas and again.human_legal() == ["señas", "sin señas"]


def test_senas_are_faces_with_short_labels_and_their_words_when_tapped() -> None:
    """On the table a seat's señas are one button: a face and a short label per seña, each
    with its gesture and meaning in words for screen readers; tapped, a popover lists them."""
    for lang, words in (("es", "se muerde el labio: dos reyes"),
                        ("en", "se muerde el labio (bites the lower lip): dos reyes (two kings)")):
        s = _session(lang)
        s.new_game(seed=SEED)
        _to_my_senas(s)
        s.play("señas")
        while s.game.phase == "senas":
            s.bot_move()
        seat2 = regions(build_view(s))["seat-2"][0]
        button = re.search(r'<button type="button" class="senas-button" popovertarget="senas-2">(.*?)</button>', seat2)
        assert button, seat2
        assert re.fullmatch(r'<span class="sena" data-sena="dos reyes"><svg class="face"[^>]* aria-hidden="true".*</svg>'
                            r'<span class="sena-short" aria-hidden="true">2 reyes</span>'
                            rf'<span class="sr-only">{re.escape(words)}</span></span>', button.group(1))
        title = t(lang, "senas.label", name=s.cast[2].name)
        assert f'<div class="senas-words" id="senas-2" popover><p>{title}</p><ul><li>{words}</li></ul></div>' in seat2
