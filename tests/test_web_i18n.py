"""Texts of the page: both languages complete, cards named, the count said aloud."""

from __future__ import annotations

import re

import pytest

from mus.cards import RANKS, SUITS
from mus.web.kit import i18n, i18n_extra  # noqa: F401  (the replays' and lessons' texts: the whole table)
from mus.web.kit.i18n import card_name, reason_text, speech, spoken_ledger, stones, t

def test_both_languages_have_the_same_keys() -> None:
    assert set(i18n.STRINGS["es"]) == set(i18n.STRINGS["en"])


def test_placeholders_match_between_languages() -> None:
    for key, text in i18n.STRINGS["es"].items():
        fields = set(re.findall(r"{(\w+)}", text))
        assert fields == set(re.findall(r"{(\w+)}", i18n.STRINGS["en"][key])), key


def test_every_card_has_a_name_in_both_languages() -> None:
    es = {card_name("es", r + s) for r in RANKS for s in SUITS}
    en = {card_name("en", r + s) for r in RANKS for s in SUITS}
    assert len(es) == len(en) == 40
    assert card_name("es", "Ro") == "Rey de oros"
    assert card_name("en", "Ro") == "King of coins"
    assert card_name("es", "Ae") == "As de espadas"
    assert card_name("en", "Sc") == "Jack of cups"


def test_unknown_language_falls_back_to_spanish() -> None:
    assert t("fr", "team", team=1) == "Ellos"


@pytest.mark.parametrize(("notation", "raise_", "es", "en"), [
    ("mus", False, "Mus", "Mus"),
    ("no hay mus", False, "No hay mus", "No mus"),
    ("paso", False, "Paso", "Pass"),
    ("envido", False, "¡Envido!", "Envido!"),
    ("envido 5", False, "Envido 5", "Envido 5!"),
    ("envido 5", True, "Envido 5 más", "5 more!"),
    ("envido", True, "Envido 2 más", "2 more!"),
    ("quiero", False, "Quiero", "Accepted"),
    ("no quiero", False, "No quiero", "Declined"),
    ("ordago", False, "¡Órdago!", "Órdago!"),
    ("pares sí", False, "Pares sí", "Pares: yes"),
    ("juego no", False, "Juego no", "Juego: no"),
])
def test_speech(notation: str, raise_: bool, es: str, en: str) -> None:
    assert speech("es", notation, raise_=raise_) == es
    assert speech("en", notation, raise_=raise_) == en


def test_discard_speech_counts_cards() -> None:
    assert speech("es", "descarte", count=3) == "Dame tres"   # as asked at the table
    assert speech("en", "descarte", count=1) == "One card"
    assert speech("es", "descarte", count=2) == "Dame dos"    # "Tú: dame dos (…)" in the log


def _e(team: int, points: int, reason: str, lance: str) -> dict[str, object]:
    return {"team": team, "points": points, "reason": reason, "lance": lance, "seat": team}


def test_ledger_is_said_the_way_players_count() -> None:
    ledger = [
        _e(0, 2, "2 de envite a grande", "grande"),
        _e(1, 1, "1 de chica", "chica"),
        _e(1, 3, "3 de duples", "pares"),
        _e(1, 2, "2 de medias del compañero", "pares"),
        _e(0, 3, "3 de la 31", "juego"),
        _e(0, 2, "2 de juego del compañero", "juego"),
    ]
    said = spoken_ledger("es", ledger)
    assert said == [
        {"team": 0, "text": "2 de envite a grande, 3 de la 31 y 2 de juego del compañero", "total": 7},
        {"team": 1, "text": "1 de chica, 3 de duples y 2 de medias del compañero", "total": 6},
    ]
    en = spoken_ledger("en", ledger)
    assert en[1]["text"] == "1 for chica, 3 for duples (two pairs) and 2 for partner's medias (three of a kind)"
    assert en[0]["text"] == "2 for the envite at grande, 3 for 31 and 2 for partner's juego"


@pytest.mark.parametrize(("reason", "en"), [
    ("4 porque no", "4 for the declined envite"),
    ("órdago a chica", "the órdago at chica"),
    ("1 de punto", "1 for punto"),
    ("5 de envite al punto", "5 for the envite at punto"),
    ("1 de pareja", "1 for a pair"),
    ("1 de pareja del compañero", "1 for partner's pair"),
    ("something new", "something new"),
])
def test_english_reasons(reason: str, en: str) -> None:
    assert reason_text("en", {"points": int(reason[0]) if reason[0].isdigit() else 0, "reason": reason}) == en


def test_spanish_reasons_say_the_refused_bet_as_players_do() -> None:
    assert reason_text("es", {"points": 1, "reason": "1 porque no"}) == "1 del no quiero"
    assert reason_text("es", {"points": 3, "reason": "3 de duples"}) == "3 de duples"


def test_every_engine_reason_is_translated() -> None:
    """Play many random hands: no ledger reason is left in Spanish in English."""
    import random

    import mus

    rng = random.Random(5)
    seen = set()
    for seed in range(40):
        g = mus.Game.new(mus.Rules(target=40, real_31=seed % 2 == 1), seed=seed)
        while not g.is_over and len(g.history) < 6:
            g = g.apply(rng.choice([str(a) for a in g.legal_actions()]))
        for hand in g.history:
            for entry in hand["ledger"]:
                seen.add(entry["reason"])
                assert reason_text("en", entry) != entry["reason"], entry
    assert len(seen) > 10


@pytest.mark.parametrize(("tantos", "es", "en"), [
    (0, "sin piedras", "no stones"),
    (1, "1 piedra", "1 piedra"),
    (5, "1 amarraco", "1 amarraco"),
    (12, "2 amarracos y 2 piedras", "2 amarracos and 2 piedras"),
    (40, "8 amarracos", "8 amarracos"),
])
def test_stones(tantos: int, es: str, en: str) -> None:
    assert stones("es", tantos) == es
    assert stones("en", tantos) == en

