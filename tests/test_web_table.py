"""The table's words, prompts, confirmations and pacing, through the session and the view (pure)."""

from __future__ import annotations

import json
import re

import mus
from mus.web.kit import i18n
from mus.web.play import render
from mus.web.play.render import regions
from mus.web.play.saves import SAVE_KEY, Saved, decode_save, encode_save
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session
from mus.web.play.view import build_view

HANDS = ["RRC6", "7654", "CCSA", "3322"]


def _at(mano: int, actions: list[str], store: MemoryStorage | None = None, **score: tuple[int, int]) -> Session:
    game = mus.Game.from_deal(HANDS, mano=mano, seed=5, **score)
    for action in actions:
        game = game.apply(action)
    s = Session(store if store is not None else MemoryStorage())
    stored = s.keeper.load()  # a window that has read the storage: its writes follow the stored save
    s.saved = Saved(game, acked=len(game.history), counted=len(game.history), rev=stored.rev if stored else 0)
    s._make_bots()
    s.screen = "table"
    return s


def _controls_html(s: Session) -> str:
    return regions(build_view(s))["controls"][0]


def test_facing_an_envite_says_what_is_at_stake() -> None:
    s = _at(3, ["no hay mus", "envido"])
    ctl = build_view(s)["controls"]
    assert ctl["prompt"] == "Te envidan 2 a la grande"
    labels = {b["action"]: b["label"] for b in ctl["buttons"]}
    assert labels == {"quiero": "Quiero (2)", "no quiero": "No quiero (−1)"}


def test_facing_a_raise_says_what_refusing_gives() -> None:
    s = _at(2, ["no hay mus", "envido", "envido 3"])
    ctl = build_view(s)["controls"]
    assert ctl["prompt"] == "Te suben 3: van 5. Si no quieres, se llevan 2"
    assert [b["label"] for b in ctl["buttons"]] == ["Quiero (5)", "No quiero (−2)"]
    assert ctl["stepper"]["label"] == "2 más (7)"
    html = _controls_html(s)
    assert "juego" not in html.lower()  # never the word juego for a stake
    s.set_setting("lang", "en")
    ctl = build_view(s)["controls"]
    assert ctl["prompt"] == "They raise 3: 5 at stake. If you decline, they take 2"
    assert [b["label"] for b in ctl["buttons"]] == ["Accept (5)", "Decline (−2)"]


def test_an_ordago_stands_apart_and_asks_twice() -> None:
    s = _at(0, ["no hay mus"])
    view = build_view(s)
    assert view["controls"]["ordago"] == {"ui": "ordago", "label": "Órdago", "kind": "danger"}
    assert 'data-action="ordago"' not in _controls_html(s)
    s.confirm = "ordago"
    ctl = build_view(s)["controls"]
    assert ctl["ordago"]["confirm"]["action"] == "ordago" and ctl["ordago"]["cancel"]["ui"] == "cancel"
    assert ctl["prompt"] == "¿Órdago a la grande? Si lo quieren, ese lance lo decide todo. ¿Lo echas?"
    assert 'data-action="ordago"' in _controls_html(s)
    assert s.play("ordago") and s.confirm is None


def test_facing_an_ordago() -> None:
    ctl = build_view(_at(3, ["no hay mus", "ordago"]))["controls"]
    assert ctl["prompt"] == "¡Órdago a la grande! Si lo quieres, este lance decide el juego; si no, se llevan 1"
    assert [b["label"] for b in ctl["buttons"]] == ["Quiero el órdago", "No quiero (−1)"]


def test_quick_amounts_sit_by_the_stepper() -> None:
    s = _at(0, ["no hay mus"])
    quick = build_view(s)["controls"]["quick"]
    assert [q["value"] for q in quick] == ["2", "5", "10"] and quick[0]["pressed"]
    s.set_envite(10)
    assert build_view(s)["controls"]["stepper"]["action"] == "envido 10"
    s.set_envite(500)  # clamped to what is legal
    assert build_view(s)["controls"]["stepper"]["amount"] == s.envite_range()[1]


def test_a_reload_keeps_the_selected_cards_and_the_amount() -> None:
    store = MemoryStorage()
    s = _at(1, ["mus", "mus", "mus", "mus"], store)
    s.toggle_card(1)
    s.toggle_card(3)
    again = Session(store)
    again.restore()
    assert again.selected == {1, 3} and again.discard_notation() == "descarte 1 3"
    s2 = _at(0, ["no hay mus"], store)
    s2.set_envite(7)
    again = Session(store)
    again.restore()
    assert again.clamped_envite() == 7 and build_view(again)["controls"]["stepper"]["action"] == "envido 7"


def test_saves_without_the_new_fields_still_load() -> None:
    game = mus.Game.from_deal(HANDS, mano=0, seed=1).apply("no hay mus")
    data = json.loads(encode_save(Saved(game)))
    del data["selected"], data["envite"]
    saved = decode_save(json.dumps(data))
    assert saved.selected == [] and saved.envite == 2
    data["selected"], data["envite"] = [9, "x"], 2.5  # nonsense is ignored, not fatal
    saved = decode_save(json.dumps(data))
    assert saved.selected == [] and saved.envite == 2


def test_leaving_a_partida_in_progress_asks_first() -> None:
    dealt = _at(0, [])  # the hand a first visit is dealt: the player has made no call yet
    dealt.open_setup()
    assert build_view(dealt)["setup"]["buttons"][0]["action"] == "nueva"
    s = _at(0, ["mus"])
    s.open_setup()
    view = build_view(s)
    assert view["setup"]["buttons"][0] == {"ui": "nueva", "label": "Empezar partida", "kind": "primary"}
    assert 'data-action="nueva"' not in regions(view)["overlay"][0]
    s.confirm = "nueva"
    html = regions(build_view(s))["overlay"][0]
    assert 'data-action="nueva"' in html and "¿Abandonar la partida en curso?" in html
    fresh = Session(MemoryStorage())
    assert build_view(fresh)["setup"]["buttons"][0]["action"] == "nueva"  # nothing to lose: no question


def test_words_of_the_table() -> None:
    left = _at(3, ["no hay mus"])  # the left-hand rival is mano and speaks first at grande
    view = build_view(left)
    name = left.cast[3].name  # the bots are named (play.cast)
    assert view["seats"][3]["bot"]["name"] == name
    assert view["log"]["lines"][0] == f"Jugada 1 · es mano {name}"
    assert view["center"]["status"] == f"Le toca a {name}"
    assert view["controls"]["prompt"] == ""  # whose turn it is is said once, by the table's status
    at_partner = _at(2, ["no hay mus"])
    partner = build_view(at_partner)
    assert partner["center"]["status"] == f"Le toca a {at_partner.cast[2].name}"
    assert partner["controls"]["prompt"] == ""
    assert build_view(_at(0, []))["log"]["lines"][0] == "Jugada 1 · eres mano"
    left.stats["partidas"] = [1, 1]
    left.open_setup()
    assert "Partidas: 1 ganada de 1" in build_view(left)["setup"]["stats"]["lines"]
    assert i18n.t("es", "lance.deje", n=1) == "no querido (1)"


def test_own_hand_value_is_shown() -> None:
    view = build_view(_at(0, []))
    assert view["seats"][0]["value"]["text"] == "pareja de reyes · juego de 36"
    assert all(seat["value"] is None for seat in view["seats"][1:])


def test_plates_keep_discards_declarations_and_the_bet() -> None:
    s = _at(1, ["mus", "mus", "mus", "mus", "descarte 0 1 2", "descarte 0", "descarte 1 2", "descarte 3"])
    seats = build_view(s)["seats"]
    assert [seat["discards"] for seat in seats] == [[3], [1], [2], [1]]
    assert seats[0]["discards_label"] == "Descartes: 3"
    s = _at(0, ["no hay mus"] + ["paso"] * 8)
    seats = build_view(s)["seats"]
    assert [[d["lance"], d["has"]] for d in seats[3]["declared"]] == [["pares", True]]
    s = _at(2, ["no hay mus", "envido", "envido 3"])
    seats = build_view(s)["seats"]
    assert seats[3]["badges"] == [{"kind": "bet", "text": "Envite 5", "key": "bet:1.2.3.False"}]


def test_thrown_cards_stay_thrown_until_the_serve() -> None:
    s = _at(1, ["mus", "mus", "mus", "mus", "descarte 0 1 2", "descarte 0"])
    seats = build_view(s)["seats"]
    assert [seat["thrown"] for seat in seats] == [[0, 1, 2], [], [], [3]]  # the postre (the player) first
    assert "".join(render.seat(seats[3], 3, build_view(s))[0]).count("card back thrown") == 1
    assert [card["thrown"] for card in seats[0]["cards"]] == [True, True, True, False]
    s = _at(1, ["mus", "mus", "mus", "mus", "descarte 0 1 2", "descarte 0", "descarte 1 2", "descarte 3"])
    seats = build_view(s)["seats"]
    assert [seat["thrown"] for seat in seats] == [[], [], [], []]
    assert all(not card["thrown"] for card in seats[0]["cards"])


def test_bot_pacing_routine_quick_envites_slower() -> None:
    s = Session(MemoryStorage())
    base = s.pause
    assert base > 0
    assert s.pause_for("paso") < s.pause_for("envido 3") < s.pause_for("ordago")
    assert s.pause_for("mus") == s.pause_for("descarte 0") < base
    s.set_setting("speed", "lenta")
    assert s.pause_for("paso") > base * 0.6
    instant = Session(MemoryStorage(), instant=True)
    assert {instant.pause_for(a) for a in ("paso", "envido", "ordago")} == {0.0}


def test_muted_declarations_are_said_one_by_one() -> None:
    s = _at(0, ["no hay mus"] + ["paso"] * 8)
    full = build_view(s)
    s.muted = 3
    view = build_view(s)
    assert len(view["log"]["lines"]) == len(full["log"]["lines"]) - 3
    assert view["controls"]["buttons"] == [] and sum(len(seat["declared"]) for seat in view["seats"]) == 1


def test_help_is_an_illustrated_guide_linking_each_part_to_its_lesson() -> None:
    s = _at(0, [])
    s.open_panel("help")
    view = build_view(s)
    assert view["help"]["title"] == "Cómo se juega aquí"
    assert [p["id"] for p in view["help"]["parts"]] == [
        "cards", "lances", "pares", "juego", "envites", "count", "badges", "senas", "keys"]
    html = regions(view)["overlay"][0]
    # what the table assumes, drawn with our own deck: a 3 is a rey and a 2 an as, so 3 C S 2 is 31
    assert "cada 3 es un rey y cada 2 un as" in html and "10 + 10 + 10 + 1 = 31" in html
    assert [c for c in re.findall(r'deck\.svg#(\w+)"', html)] == ["3e", "Cc", "So", "2b", "Ro", "3c", "Ae", "2o"]
    # how pares and juego rank and pay, the piedras, the badges of the plates, the señas
    assert "pareja 1, medias 2, duples 3" in html and "31, 32, 40, 37, 36, 35, 34, 33" in html
    assert "piedra = 1 tanto" in html and "amarraco = 5 tantos" in html and "1–4" in html
    for drawn in ('badge-mano">Mano', 'badge-postre">Postre', 'badge-discards">⇄ 3 · 1',
                  'badge-declared yes">P✓', 'badge-declared no">J✗', 'badge-bet">Envite 2'):
        assert drawn in html, drawn
    assert html.count('class="face"') == 3  # three señas drawn
    # every part that has lessons links to them, drawn as the table's buttons, never bare links
    links = re.findall(r'<a class="btn btn-link" href="lessons\.html\?lesson=([a-z]+)"', html)
    assert links == ["cartas", "mus", "cortar", "grande", "chica", "pares", "declaraciones", "juego", "punto",
                     "real", "envites", "envidar", "ordago", "cuenta", "juegos", "vacas", "senas"]
    assert html.count("<a ") == len(links)
    assert 'data-ui="close"' in html and 'data-ui="glossary"' in html
    s.set_setting("lang", "en")
    assert 'href="lessons.html?lesson=pares&amp;lang=en"' in regions(build_view(s))["overlay"][0]
    s.close_panel()
    assert build_view(s)["help"] is None and s.screen == "table"


def test_store_key_is_unchanged() -> None:
    assert SAVE_KEY == "mus.save"
