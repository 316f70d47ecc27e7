"""The count at the end of a hand, read as one table in counting order (pure view)."""

from __future__ import annotations

import re

import mus
from mus.web.play.plates import hand_name
from mus.web.play.render import regions
from mus.web.play.saves import Saved
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session
from mus.web.play.view import build_view

HANDS = ["RRC6", "7654", "CCSA", "3322"]  # seat 0 mano; seat 3 holds duples (3 = rey, 2 = as)
TALKING = 31  # a seed whose partner says «Al tran-tran…» with his last paso of HANDS en paso


def _session_at(game: mus.Game) -> Session:
    """A session showing ``game`` (a hand just finished), as after a reload."""
    store = MemoryStorage()
    s = Session(store)
    s.saved = Saved(game, acked=len(game.history) - 1, counted=len(game.history))
    s._make_bots()
    s.screen = "table"
    return s


def _play(game: mus.Game, actions: list[str]) -> mus.Game:
    for action in actions:
        game = game.apply(action)
    return game


def _rows(view: dict) -> list[tuple[str, str, str, str, str]]:
    sd = view["showdown"]
    return [(r["lance"], r["kind"], r["who"], r["why"], r["points_text"]) for r in sd["during"] + sd["rows"]]


def test_a_normal_hand_counts_lance_by_lance_with_the_running_score() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, score=(10, 12), seed=TALKING), ["no hay mus"] + ["paso"] * 11)
    s = _session_at(g)
    view = build_view(s)
    sd = view["showdown"]
    left, partner = s.cast[3].name, s.cast[2].name  # the bots, by their names (play.cast)
    assert _rows(view) == [
        ("grande", "scored", "Tú", "1 de grande", "+1"),
        ("chica", "scored", left, "1 de chica", "+1"),
        ("pares", "scored", left, "3 de duples", "+3"),
        ("juego", "scored", partner, "3 de la 31", "+3"),
        ("juego", "scored", "Tú", "2 de juego", "+2"),  # the partner's juego: who holds it
    ]
    assert [r["score"] for r in sd["rows"]] == [[11, 12], [11, 13], [11, 16], [14, 16], [16, 16]]
    assert [r["status"] for r in sd["rows"]] == ["en paso", "en paso", "en paso", "sin envite", ""]
    assert [seat["hand_name"] for seat in sd["seats"]] == [
        "pareja de reyes · juego de 36", "ciego · punto 22", "pareja de caballos · la 31",
        "duples de reyes y ases · punto 22"]
    assert [seat["mano"] for seat in sd["seats"]] == [True, False, False, False]
    assert sd["closing"] is None and sd["button"] == {"action": "continuar", "label": "Siguiente jugada"}
    html = regions(view)["overlay"][0]
    assert html.count('class="count-row') == 5 and "Siguiente jugada" in html
    # the finished hand stays behind the count: its last call, its score, no new cards yet
    # the last calls, and what the partner (a bot in a seeded style) said with his, a lance
    # after another en paso
    assert view["log"]["lines"][-2:] == [f"{partner}: paso — «Al tran-tran…»", f"{left}: paso"]
    assert [team["tantos"] for team in view["scores"]] == [16, 16]
    assert [c["card"] for c in view["seats"][0]["cards"]] == g.history[0]["hands"][0]
    assert view["hand_number"] == 1


def test_a_tie_decided_by_the_mano_is_said() -> None:
    g = _play(mus.Game.from_deal(["RRC6", "RRC6", "7654", "7654"], mano=1, seed=3), ["no hay mus"] + ["paso"] * 12)
    s = _session_at(g)
    grande = next(r for r in build_view(s)["showdown"]["rows"] if r["lance"] == "grande")
    assert grande["who"] == s.cast[1].name and "empate: gana la mano" in grande["notes"]


def test_reaching_the_target_mid_count_stops_it() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, score=(37, 37), seed=1), ["no hay mus"] + ["paso"] * 11)
    s = _session_at(g)
    view = build_view(s)
    sd = view["showdown"]
    assert _rows(view) == [
        ("grande", "scored", "Tú", "1 de grande", "+1"),
        ("chica", "scored", s.cast[3].name, "1 de chica", "+1"),
        ("pares", "scored", s.cast[3].name, "3 de duples", "+3"),
        ("juego", "uncounted", "", "no se cuenta", ""),
    ]
    pares = sd["rows"][2]
    assert pares["score"] == [38, 41] and pares["notes"] == ["llegan a 40: no se cuenta más"] and pares["reached"]
    assert sd["banners"][0]["text"].startswith("Juego para ellos")
    html = regions(view)["overlay"][0]
    assert "llegan a 40: no se cuenta más" in html and 'data-kind="uncounted"' in html


def test_an_accepted_ordago_decides_the_juego_and_nothing_else_counts() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, score=(5, 20), seed=1), ["no hay mus", "ordago", "quiero"])
    view = build_view(_session_at(g))
    sd = view["showdown"]
    assert _rows(view) == [
        ("grande", "scored", "Tú", "órdago a grande", "+35"),
        ("chica", "uncounted", "", "no se cuenta", ""),
        ("pares", "uncounted", "", "no se cuenta", ""),
        ("juego", "uncounted", "", "no se cuenta", ""),
    ]
    assert sd["rows"][0]["notes"] == ["llegamos a 40: no se cuenta más"]
    assert sd["closing"] == "Órdago querido a la grande: lo ganas tú, y con él el juego; el resto no se cuenta."
    assert sd["rows"][0]["status"] == "órdago querido"


def test_a_refused_bet_counts_during_the_hand() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, seed=1),
              ["no hay mus", "envido", "no quiero", "no quiero"] + ["paso"] * 7)
    view = build_view(_session_at(g))
    sd = view["showdown"]
    assert sd["during_title"] == "Durante la jugada"
    assert [(r["who"], r["why"], r["score"]) for r in sd["during"]] == [("Tú", "1 del no quiero", [1, 0])]
    grande = sd["rows"][0]
    assert grande["kind"] == "nothing" and grande["why"] == "no querido: cobrado arriba"
    # the row says the bet was refused; the point it paid is in "Durante la jugada" only
    assert grande["status"] == "no querido" and sd["during"][0]["status"] == "no querido (1)"


def test_the_count_is_english_too() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, score=(37, 37), seed=1), ["no hay mus"] + ["paso"] * 11)
    s = _session_at(g)
    s.set_setting("lang", "en")
    sd = build_view(s)["showdown"]
    assert sd["rows"][2]["notes"] == ["they reach 40: the count stops"]
    assert sd["rows"][3]["why"] == "not counted"
    assert sd["seats"][3]["hand_name"] == "duples of kings and aces · punto 22"  # game words stay Spanish


def test_the_previous_hand_stays_reachable_until_the_next_ends() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, seed=TALKING), ["no hay mus"] + ["paso"] * 11)
    s = _session_at(g)
    assert build_view(s)["previous_button"] is None  # the count itself is on screen
    assert s.ack()
    view = build_view(s)
    assert view["showdown"] is None and view["previous_button"]["ui"] == "previous"
    assert s.open_review()
    again = build_view(s)["showdown"]
    assert again["review"] and again["button"]["ui"] == "close-review"
    assert again["log"][-2:] == [f"{s.cast[2].name}: paso — «Al tran-tran…»", f"{s.cast[3].name}: paso"]
    assert 'data-action="continuar"' not in regions(build_view(s))["overlay"][0]
    s.close_review()
    assert build_view(s)["showdown"] is None


def test_the_bots_wait_while_the_player_reviews_the_previous_hand() -> None:
    """A bot's move would close the review (each move starts from the table), so the bots
    wait until the player closes it."""
    g = _play(mus.Game.from_deal(HANDS, mano=0, seed=1), ["no hay mus"] + ["paso"] * 11)
    s = _session_at(g)
    assert s.ack()
    while s.game is not None and s.game.to_play == 0:   # the player moves until a bot is to play
        s.play(s.human_legal()[0])
    seat = s.bot_to_play()
    assert seat is not None and s.bot_request() is not None
    assert s.open_review()
    assert s.bot_to_play() is None and s.bot_request() is None
    s.close_review()
    assert s.bot_to_play() == seat


def test_hand_names() -> None:
    rules = mus.Rules().to_dict()
    assert hand_name("es", ["Ro", "Rc", "Re", "Ab"], rules) == "medias de reyes · la 31"
    assert hand_name("es", ["Ro", "Co", "5o", "4o"], rules) == "punto 29"
    assert hand_name("es", ["Ro", "Co", "4o", "Ao"], rules) == "ciego · punto 25"
    assert hand_name("es", ["Ro", "Rc", "Sc", "Se"], rules) == "duples de reyes y sotas · juego de 40"
    assert hand_name("es", ["3o", "Rc", "3c", "Re"], rules) == "duples de reyes · juego de 40"


def test_the_seed_is_nowhere_in_the_page() -> None:
    s = Session(MemoryStorage())
    s.new_game(seed=987654321)
    view = build_view(s)
    assert "seed" not in view
    html = "".join(h for h, _ in regions(view).values())
    assert "987654321" not in html and not re.search(r"data-seed", html)


def test_the_last_call_stays_visible_before_the_count() -> None:
    g = _play(mus.Game.from_deal(HANDS, mano=0, seed=TALKING), ["no hay mus"] + ["paso"] * 11)
    s = _session_at(g)
    s.hold_count = True  # the page holds the count for a moment after the last call
    view = build_view(s)
    assert view["showdown"] is None and view["controls"]["buttons"] == []
    assert view["seats"][3]["bubble"] == "Paso" and view["seats"][3]["talk"] is None
    assert view["seats"][2]["bubble"] == "Paso" and view["seats"][2]["talk"]["key"] == "tran_tran"
    assert view["log"]["lines"][-1] == f"{s.cast[3].name}: paso"
    assert s.bot_to_play() is None  # nobody deals on
    # the stones move with the count: before it the score is the hand's start (nothing refused)
    assert [team["tantos"] for team in view["scores"]] == [0, 0]
    s.hold_count = False
    counted = build_view(s)
    assert counted["showdown"] is not None
    assert [team["tantos"] for team in counted["scores"]] == g.history[0]["score"] != [0, 0]


def test_a_deje_is_on_the_score_before_the_count() -> None:
    """A bet refused during the hand was paid when refused: it stays on the score while the
    last call is read; the count adds the rest."""
    g = _play(mus.Game.from_deal(HANDS, mano=0, seed=1), ["no hay mus", "envido", "no quiero", "no quiero"])
    while g.hands_played == 0:
        legal = g.legal_actions()
        g = g.apply("paso" if "paso" in legal else legal[0])
    s = _session_at(g)
    s.hold_count = True
    hand = g.history[0]
    deje = [e for e in hand["ledger"] if e["reason"].endswith("porque no")]
    assert [(e["team"], e["points"]) for e in deje] == [(0, 1)]
    assert [team["tantos"] for team in build_view(s)["scores"]] == [1, 0]
    s.hold_count = False
    assert [team["tantos"] for team in build_view(s)["scores"]] == hand["score"]
