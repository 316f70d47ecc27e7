"""The table's voice on the page, played without a browser: the partner's advice in his bubble,
in the log and in every bot's observation; the bots' sayings in their bubbles with a meaning
to open; the glossary and the menu; the setting that turns the advice off."""

from __future__ import annotations

import re

import pytest

import mus
from mus.ai.tables import tables_for
from mus.web.kit.storage import MemoryStorage
from mus.web.play.render import regions
from mus.web.play.saves import Saved
from mus.web.play.session import Session
from mus.web.play.talk import ADVICE, PHRASES
from mus.web.play.view import build_view
from tools.dev.drive import step

# The partner (seat 2) holds four reyes; the left rival (mano) passed at grande: the player's turn.
STRONG = ["7654", "CCSA", "RRR3", "CS44"]


def _at(hands: list[str], mano: int, actions: list[str], **settings: str) -> Session:
    game = mus.Game.from_deal(hands, mano=mano, seed=5)
    for action in actions:
        game = game.apply(action)
    s = Session(MemoryStorage())
    for name, value in settings.items():
        s.set_setting(name, value)
    s.saved = Saved(game, acked=len(game.history), counted=len(game.history), settings=s.settings)
    s._make_bots()
    s.screen = "table"
    return s


@pytest.fixture
def speaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every saying is said, and the advice at once: the hand tables it reads are built (the
    page builds them once painted), whichever test ran before."""
    monkeypatch.setattr("mus.web.play.talk.draw", lambda *_: 0.0)
    tables_for(8, False)


@pytest.mark.usefixtures("speaks")
def test_the_partners_advice_is_said_aloud_for_everyone() -> None:
    s = _at(STRONG, 3, ["no hay mus", "paso"])
    assert s.game.to_play == 0 and s.settings.advice   # on unless turned off
    view = build_view(s)
    partner = view["seats"][2]
    assert partner["talk"]["kind"] == "advice" and partner["talk"]["text"] == "¡Envida!"
    assert "los rivales también lo oyen" in partner["talk"]["means"]
    html = regions(view)["seat-2"][0]
    assert re.search(r'<button type="button" class="bubble has-talk" data-bubble="2"[^>]* popovertarget="talk-2"', html)
    assert 'id="talk-2" popover' in html and "va fuerte en este lance" in html
    name = s.cast[2].name
    assert view["log"]["lines"][-1] == f"{name}, en voz alta: «¡Envida!»"
    # public: every bot reads it, the same for all, each its own copy
    heard = [s.observation(seat)["advice"] for seat in (1, 2, 3)]
    assert heard[0] == heard[1] == heard[2] == [{"seat": 2, "phase": "grande", "advice": "envido"}]
    heard[0].clear()
    assert s.observation(3)["advice"] == heard[1]
    assert s.game.observation(1).get("advice") is None   # the engine itself knows nothing of it
    # said before the player's call: once he speaks, it stays in the log only
    s.play("paso")
    after = build_view(s)
    assert f"{name}, en voz alta: «¡Envida!»" in after["log"]["lines"]
    assert after["seats"][2]["talk"] is None or after["seats"][2]["talk"]["kind"] != "advice"


@pytest.mark.usefixtures("speaks")
def test_the_advice_can_be_turned_off() -> None:
    s = _at(STRONG, 3, ["no hay mus", "paso"], advice="false")
    assert not s.settings.advice and build_view(s)["seats"][2]["talk"] is None
    assert s.observation(1)["advice"] == []
    s.set_setting("advice", "true")            # on again, at once: the partner speaks up
    assert build_view(s)["seats"][2]["talk"]["key"] == "envido"
    s.open_setup()
    html = regions(build_view(s))["overlay"][0]
    assert re.search(r'<input type="checkbox" id="set-advice" data-setting="advice" checked>', html)


@pytest.mark.usefixtures("speaks")
def test_a_bots_saying_is_in_its_bubble_and_the_log_and_reads_the_same_after_a_reload() -> None:
    s = _at(["RRC6", "7654", "CCSA", "3322"], 1, ["no hay mus"])
    assert s.bot_to_play() == 1
    s._chosen_on = s.game                  # as if its bot had chosen it: the right rival envida 5
    assert s.bot_play(1, "envido 5")
    view = build_view(s)
    right = view["seats"][1]
    assert right["bubble"] == "Envido 5" and right["talk"]["key"] == "mano_nino"
    html = regions(view)["seat-1"][0]
    assert '<span class="said">Envido 5</span><span class="talk-text">«¡La mano de un niño!»</span>' in html
    assert "Un envite de cinco tantos" in html
    line = f"{s.cast[1].name}: envido 5 — «¡La mano de un niño!»"
    assert line in view["log"]["lines"]
    again = Session(s.storage)
    again.restore()                          # rebuilt from the game: the same words
    assert line in build_view(again)["log"]["lines"]
    assert build_view(again)["seats"][1]["talk"] == right["talk"]
    s.set_setting("lang", "en")              # the saying stays Spanish, its meaning in English
    en = build_view(s)["seats"][1]["talk"]
    assert en["text"] == "¡La mano de un niño!" and en["means"].startswith("“A child's hand”")


def test_sayings_come_now_and_then_in_a_partida() -> None:
    s = Session(MemoryStorage(), instant=True)
    s.set_setting("level", "normal")
    s.new_game(seed=4)
    for _ in range(4000):
        if s.game.is_over or len(s.game.history) >= 10:
            break
        step(s)
    said = s.talk.said
    phrases = [x for x in said if x.kind == "phrase"]
    assert phrases and len(phrases) < len(s.game.actions) // 4   # not every time
    assert any(x.kind == "advice" for x in said)


def test_the_glossary_lists_every_saying_with_its_meaning() -> None:
    s = _at(["RRC6", "7654", "CCSA", "3322"], 0, [])
    for lang in ("es", "en"):
        s.set_setting("lang", lang)
        s.open_panel("glossary")
        view = build_view(s)
        g = view["glossary"]
        assert [i["key"] for i in g["phrases"]] == list(PHRASES) and [i["key"] for i in g["advice"]] == list(ADVICE)
        assert all(i["means"] and i["text"] != i["means"] for i in g["phrases"] + g["advice"])
        html = regions(view)["overlay"][0]
        assert html.count('<div class="gloss"') == len(PHRASES) + len(ADVICE)
        assert "Os llevamos en el pico" in html and "Dos a cero, y Zamora de portero" in html
        s.close_panel()


def test_the_menu_is_a_menu() -> None:
    s = _at(["RRC6", "7654", "CCSA", "3322"], 0, ["no hay mus"] + ["paso"] * 11)
    s.ack()
    s.open_panel("menu")
    view = build_view(s)
    m = view["menu"]
    assert [b.get("ui") for b in m["buttons"]] == ["close", "previous", "manos", "help", "glossary", "lang", "sound", "setup"]
    assert m["buttons"][0]["kind"] == "primary" and m["buttons"][0]["label"] == "Seguir jugando"
    assert m["lessons"]["href"] == "lessons.html" and "Reglas: 8 reyes" in m["rules"]
    partner = s.cast[2]
    assert partner.gender == "f" and f"{partner.name} (farolera) es tu compañera;" in m["cast"]  # her name's gender
    html = regions(view)["overlay"][0]
    assert '<a class="btn btn-link" href="lessons.html">Lecciones</a>' in html and "Tus estadísticas" in html
    assert 'data-action="nueva"' not in html    # a new partida is one step further, not the main button


# --- the rough edges of the table's words --------------------------------------------------------

def test_english_bubbles_keep_the_yes_and_no_of_declarations() -> None:
    s = _at(["RRC6", "7654", "CCSA", "3322"], 0, ["no hay mus"] + ["paso"] * 8, lang="en")
    bubbles = [seat["bubble"] for seat in build_view(s)["seats"]]
    assert "Pares: yes" in bubbles and "Pares: no" in bubbles   # not "Pares", as a split once made it


def test_a_hand_that_allows_no_sena_skips_the_senas_step() -> None:
    """"Sin señas" is all such a hand can say: the table says it for the player, not asks."""
    game = mus.Game.from_deal(["RC76", "7654", "CCSA", "3322"], mano=0, seed=5, rules=mus.Rules(senas=True))
    assert mus.senas("RC76") == ()
    s = Session(MemoryStorage())
    s.saved = Saved(game)
    s._make_bots()
    s.screen = "table"
    assert s.play("no hay mus")
    while s.game.phase == "senas" and s.bot_to_play() is not None:
        s.bot_move()
    assert s.game.phase != "senas" or s.game.to_play != 0
    assert "Tú: sin señas" in build_view(s)["log"]["lines"]


def test_the_score_behind_a_count_counts_the_juego_it_won() -> None:
    game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(39, 0), seed=5).apply("no hay mus")
    while not game.history:
        game = game.apply("paso")
    s = Session(MemoryStorage())
    s.saved = Saved(game, acked=0, counted=1)
    s._make_bots()
    s.screen = "table"
    view = build_view(s)
    assert view["showdown"]["banners"][0]["text"] == "¡Juego para nosotros! · Juegos 1 – 0"
    assert [team["juegos"] for team in view["scores"]] == [1, 0]     # the top bar agrees
    assert view["scores"][0]["juego_pips"] == "●○"


def test_the_end_of_a_partida_says_each_juego_and_no_empty_lance() -> None:
    game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(39, 0), seed=5,
                              rules=mus.Rules(juegos_to_win=1)).apply("no hay mus")
    while not game.is_over:
        game = game.apply("paso")
    s = Session(MemoryStorage())
    s.saved = Saved(game, acked=1, counted=0)
    s._make_bots()
    s._count_finished()
    s.screen = "table"
    fin = build_view(s)["fin"]
    juegos = next(m for m in fin["moments"] if m["kind"] == "juegos")
    assert juegos == {"kind": "juegos", "label": "Juegos", "text": "40–0 · 1 jugada"}
    assert (fin["score"], fin["unit"], fin["winners"]) == ([1, 0], "Juegos", "Ganadores: tú y Maite")
    s.open_panel("menu")
    assert not [line for line in build_view(s)["menu"]["stats"]["lances"] if " 0 de 0" in line]  # no "Punto: 0 de 0"
    s.close_panel()
    html = regions(build_view(s))["overlay"][0]
    assert '<dl class="fin-moments">' in html and '<p class="fin-score" role="img" aria-label="Juegos: 1 a 0">' in html
    s.set_setting("lang", "en")
    assert build_view(s)["fin"]["share"]["text"] == "I won 1–0 against Carmen and Paco"


def test_words_run_as_a_sentence_reads() -> None:
    s = _at(["RRC6", "7654", "CCSA", "3322"], 1, ["mus", "mus", "mus", "mus"])
    assert s.play("descarte 0 1")      # the postre throws first
    while s.bot_to_play() is not None and s.game.phase == "descarte":
        s.bot_move()
    lines = build_view(s)["log"]["lines"]
    mine = next(line for line in lines if line.startswith("Tú: dame dos"))
    assert re.fullmatch(r"Tú: dame dos \([a-z]+ de [a-z]+ y [a-z]+ de [a-z]+\)", mine), mine   # lower case
    assert any(re.fullmatch(r".+: dame (una|dos|tres)", line) for line in lines)           # not "Descarto 3"
