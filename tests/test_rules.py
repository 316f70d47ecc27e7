"""The worked examples of the rule texts and the betting and counting scenarios of NOTES.md."""

from __future__ import annotations

import pytest

import mus
from mus import Game, Rules, compare

FOUR_REYES = Rules(reyes=4)
REAL_31 = Rules(real_31=True)


@pytest.mark.parametrize(
    ("lance", "winner", "loser", "rules"),
    [
        ("grande", "R2A7", "CCCS", Rules()),        # one rey beats three caballos
        ("grande", "RAAA", "CCCS", Rules()),
        ("grande", "CSSS", "SSSS", Rules()),        # one caballo beats four sotas
        ("grande", "RCS4", "RC77", Rules()),        # the sota beats the siete
        ("grande", "RR4A", "3CCC", FOUR_REYES),     # at 4 reyes the 3 is not a rey
        ("chica", "A245", "A246", Rules()),
        ("chica", "A456", "2456", FOUR_REYES),      # at 4 reyes the 2 is not an as
        ("chica", "2A45", "4567", Rules()),
        ("pares", "AAA4", "RR45", Rules()),         # medias de ases beat pareja de reyes
        ("pares", "RRA2", "CCCC", Rules()),         # duples RR-pitos beat four caballos
        ("pares", "RR77", "33AA", Rules()),         # equal first pair, 77 beat AA
        ("pares", "5567", "4476", Rules()),         # pareja de cincos beats de cuatros
        ("pares", "RR45", "7654", Rules()),         # any pares beat none
        ("pares", "5544", "3333", FOUR_REYES),      # at 4 reyes, 3333 are duples de treses
        ("pares", "3333", "5544", Rules()),         # at 8 reyes they are four reyes
        ("juego", "RRSA", "RRC7", Rules()),         # 31 beats 37
        ("juego", "RRC2", "RRRR", Rules()),         # 31 beats 40
        ("juego", "RRRR", "RRC7", Rules()),         # 40 beats 37
        ("juego", "RRRR", "RRC6", Rules()),         # 40 beats 36
        ("juego", "RRRA", "RRRR", Rules()),         # 31 beats 40
        ("juego", "RRC2", "RRRR", Rules()),
        ("juego", "RRC4", "RC76", Rules()),         # 34 beats 33, the lowest juego
        ("juego", "777R", "RRSA", REAL_31),         # the 31 real beats any other 31
        ("juego", "RRC6", "7654", Rules()),         # juego beats no juego
        ("punto", "RR7A", "7654", Rules()),         # 28 beats 22
        ("punto", "7654", "333A", FOUR_REYES),      # at 4 reyes 333A is only 10
    ],
)
def test_worked_examples(lance: str, winner: str, loser: str, rules: Rules) -> None:
    assert compare(lance, winner, loser, rules) > 0
    assert compare(lance, loser, winner, rules) < 0


@pytest.mark.parametrize(
    ("lance", "a", "b", "rules"),
    [
        ("grande", "RRC2", "33CA", Rules()),        # total tie: decided by position
        ("chica", "A2RR", "2ARR", Rules()),
        ("pares", "7654", "RC64", Rules()),         # two hands without pares are equal
        ("juego", "7654", "RC64", Rules()),         # two hands without juego are equal
        ("juego", "RRSA", "RRC2", Rules()),
        ("juego", "7773", "RRSA", REAL_31),         # a 3 is no true rey for the 31 real
        ("juego", "777R", "RRSA", Rules()),         # without the option it is a plain 31
        ("pares", "RR77", "3377", Rules()),
    ],
)
def test_equal_hands(lance: str, a: str, b: str, rules: Rules) -> None:
    assert compare(lance, a, b, rules) == 0


def test_card_values() -> None:
    assert mus.points("RC3A") == 31 and mus.points("RC3A", FOUR_REYES) == 24
    assert mus.pares_value("RR45") == 1 and mus.pares_value("AAA4") == 2
    assert mus.pares_value("CCCC") == 3 and mus.pares_value("7654") == 0
    assert mus.juego_value("RRSA") == 3 and mus.juego_value("RRRR") == 2
    assert mus.juego_value("RR54") == 0


def test_compare_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="expected a lance"):
        compare("envite", "RRRR", "AAAA")
    with pytest.raises(ValueError, match="expected a hand of 4 cards"):
        compare("grande", "RRR", "AAAA")
    with pytest.raises(ValueError, match="expected a rank"):
        mus.parse_hand("RX44")


def test_hand_notation_round_trips() -> None:
    for text in ("RoCcSe4b", "RCS4", "Ro7"):
        assert str(mus.parse_hand(text)) == text
    assert repr(mus.parse_hand("RCS4")) == "parse_hand('RCS4')"
    assert mus.Card.parse("Ro").name == "rey de oros"


def play(game: Game, *actions: str) -> Game:
    for action in actions:
        game = game.apply(action)
    return game


def ledger(game: Game) -> list[tuple[int, int, str]]:
    return [(e["team"], e["points"], e["reason"]) for e in game.history[-1]["ledger"]]


PASS_GRANDE_CHICA = ("paso",) * 8


def test_count_at_37_stops_when_the_rivals_reach_40() -> None:
    # 001: grande to us (38), chica to them (38), their duples (41): they win,
    # although our juego would have closed it too.
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(37, 37), seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA, "paso", "paso", "paso")
    assert ledger(g) == [(0, 1, "1 de grande"), (1, 1, "1 de chica"), (1, 3, "3 de duples")]
    assert g.history[-1]["score"] == [38, 41]
    assert g.history[-1]["juego_winner"] == 1
    assert g.juegos == (0, 1) and g.score == (0, 0)
    assert g.mano == 1 and g.phase == "mus"


def test_refused_first_bet_pays_one() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    g = play(g, "no hay mus", "envido", "no quiero", "no quiero")
    assert g.score == (1, 0) and g.phase == "chica"
    assert g.observation(0)["ledger"][0]["reason"] == "1 porque no"


def test_partner_of_the_first_to_refuse_may_accept() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    g = play(g, "no hay mus", "envido", "no quiero", "quiero")
    assert g.phase == "chica" and g.score == (0, 0)
    g = play(g, "paso", "paso", "paso", "paso", "paso", "paso", "paso")
    assert ledger(g)[0] == (0, 2, "2 de envite a grande")


def test_a_refused_bet_gives_the_lance_to_the_bettor() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    g = play(g, "no hay mus", "paso", "envido", "no quiero", "no quiero", *["paso"] * 7)
    assert ledger(g)[0] == (1, 1, "1 porque no")
    assert g.history[-1]["winners"]["grande"] == 1  # although seat 0's RRC6 is the best grande


def test_refused_raise_chain_pays_what_was_on_the_table() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    g = play(g, "no hay mus", "envido", "envido 5", "envido 10")
    assert g.to_play == 3  # the first rival after the raiser answers first
    g = play(g, "no quiero", "no quiero")
    assert g.score == (7, 0)


def test_refused_raise_pays_the_first_bet() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    g = play(g, "no hay mus", "envido", "envido 5", "no quiero", "no quiero")
    assert g.score == (0, 2)


def test_refused_pares_bet_pays_the_bettors_own_values() -> None:
    # Only seats 0 (RR) and 1 (CCC) hold pares; 0 envida, 1 refuses: team 0 collects the
    # deje and its own pareja, although the rival's medias were better.
    g = Game.from_deal(["RR45", "CCC4", "7654", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA)
    assert g.phase == "pares" and g.to_play == 0
    assert g.observation(2)["declared"]["pares"] == [True, True, False, False]
    g = play(g, "envido")
    assert g.to_play == 1  # seat 3 has no pares and does not speak
    g = play(g, "no quiero")
    assert ledger(g) == [
        (0, 1, "1 porque no"), (0, 1, "1 de grande"), (1, 1, "1 de chica"),
        (0, 1, "1 de pareja"), (1, 2, "2 de juego"),
    ]
    assert g.history[-1]["winners"]["pares"] == 0  # who took the lance, not the best medias


def test_only_one_team_with_pares_collects_without_betting() -> None:
    g = Game.from_deal(["RRAA", "7654", "CCC7", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA)
    assert g.phase == "mus" and len(g.history) == 1  # no betting in pares nor juego
    assert ledger(g) == [
        (0, 1, "1 de grande"), (0, 1, "1 de chica"), (0, 3, "3 de duples"),
        (0, 2, "2 de medias del compañero"), (0, 2, "2 de juego"),
    ]


def test_nobody_with_pares_skips_the_lance() -> None:
    g = Game.from_deal(["RC64", "S654", "7A5C", "RS6A"], mano=0, seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA)
    assert g.observation(0)["declared"]["pares"] == [False] * 4
    assert g.phase == "punto"  # nobody has juego either: 30, 25, 23, 27
    g = play(g, "paso", "paso", "paso", "paso")
    assert [e[2] for e in ledger(g)] == ["1 de grande", "1 de chica", "1 de punto"]
    assert g.history[-1]["winners"]["punto"] == 0


def test_punto_refused_is_dos_de_punto_y_miedo() -> None:
    g = Game.from_deal(["RR45", "7654", "CA54", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA)
    assert g.phase == "punto"
    g = play(g, "envido", "no quiero", "no quiero")
    assert ledger(g) == [
        (0, 1, "1 porque no"), (0, 1, "1 de grande"), (0, 1, "1 de chica"),
        (0, 1, "1 de pareja"), (0, 1, "1 de punto"),
    ]
    assert g.history[-1]["lances"]["punto"] == {"kind": "deje", "team": 0, "amount": 1, "bettor": 0}
    assert g.history[-1]["winners"]["punto"] == 0


def test_accepted_punto_pays_envite_and_punto() -> None:
    g = Game.from_deal(["RR45", "7654", "CA54", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA, "envido", "quiero")
    assert ledger(g)[-2:] == [(0, 2, "2 de envite al punto"), (0, 1, "1 de punto")]
    assert g.history[-1]["winners"]["punto"] == 0  # RR45 = 29 is the best punto


def test_accepted_ordago_ends_the_juego_at_once() -> None:
    g = Game.from_deal(["RRR4", "CCC4", "7654", "5432"], mano=0, score=(3, 20), seed=1)
    g = play(g, "no hay mus", "ordago", "quiero")
    last = g.history[-1]
    assert last["ledger"][-1]["reason"] == "órdago a grande"
    assert last["juego_winner"] == 0 and last["hands"][1] == ["Co", "Cc", "Ce", "4c"]
    assert g.juegos == (1, 0) and g.score == (0, 0)
    assert g.mano == 1 and g.phase == "mus"


def test_accepted_ordago_won_by_the_callers_rivals() -> None:
    g = Game.from_deal(["CCC4", "RRR4", "7654", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", "ordago", "quiero")
    assert g.history[-1]["juego_winner"] == 1


def test_refused_ordago_is_a_refused_bet() -> None:
    g = Game.from_deal(["RRR4", "CCC4", "7654", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", "envido", "ordago", "no quiero", "no quiero")
    assert g.score == (0, 2) and g.phase == "chica"


def test_no_raise_over_an_ordago() -> None:
    g = Game.from_deal(["RRR4", "CCC4", "7654", "5432"], mano=0, seed=1)
    g = play(g, "no hay mus", "ordago")
    assert [str(a) for a in g.legal_actions()] == ["quiero", "no quiero"]
    with pytest.raises(mus.IllegalActionError, match="legal actions: quiero, no quiero"):
        g.apply("envido 5")


def test_deje_reaching_the_target_ends_the_hand_without_showdown() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(39, 12), seed=1)
    g = play(g, "no hay mus", "envido", "no quiero", "no quiero")
    assert g.history[-1]["hands"] is None
    assert g.history[-1]["juego_winner"] == 0 and g.juegos == (1, 0)


def test_ties_go_to_the_seat_closer_to_the_mano() -> None:
    g = Game.from_deal(["RR75", "7654", "6544", "RR75"], mano=3, seed=1)
    g = play(g, "no hay mus", *PASS_GRANDE_CHICA)
    assert g.phase == "pares" and g.to_play == 3
    g = play(g, "paso", "paso", "paso", "paso", "paso")  # pares: 3 0 2; juego: 3 0
    assert g.history[-1]["winners"] == {"grande": 3, "chica": 2, "pares": 3, "juego": 3}


def test_vaca_and_partida() -> None:
    rules = Rules(juegos_to_win=2, vacas_to_win=1)
    g = Game.from_deal(["RRR4", "CCC4", "7654", "5432"], mano=0, rules=rules,
                       juegos=(1, 0), seed=1)
    g = play(g, "no hay mus", "ordago", "quiero")
    assert g.is_over and g.winner == 0 and g.vacas == (1, 0) and g.juegos == (0, 0)
    assert g.phase == "fin" and g.to_play is None and g.legal_actions() == []
    with pytest.raises(mus.IllegalActionError, match="the partida is over"):
        g.apply("paso")


def test_mus_and_descarte_order() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=1, seed=3)
    seats = []
    for _ in range(4):
        seats.append(g.to_play)
        g = g.apply("mus")
    assert seats == [1, 2, 3, 0] and g.phase == "descarte"
    thrown_by_2 = g.hand(2)[:2]
    order = []
    for _ in range(4):
        order.append(g.to_play)
        g = g.apply("descarte 0 1")
    assert order == [0, 3, 2, 1]  # the postre first, the mano last
    assert g.phase == "mus" and g.to_play == 1
    log = g.observation(2)["log"]
    discards = [e for e in log if e["phase"] == "descarte"]
    assert [e["count"] for e in discards] == [2, 2, 2, 2]
    assert [("own" in e) for e in discards] == [False, False, True, False]
    assert discards[2]["own"] == "descarte 0 1" and discards[2]["cards"] == thrown_by_2
    assert not set(thrown_by_2) & set(g.hand(2))  # never served back its own discards
    assert len(g.observation(2)["hand"]) == 4


def test_no_hay_mus_from_any_seat_cuts() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=3)
    g = play(g, "mus", "mus", "no hay mus")
    assert g.phase == "grande" and g.to_play == 0


def test_illegal_action_names_the_legal_ones_and_changes_nothing() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=3)
    before = g.to_json()
    with pytest.raises(mus.IllegalActionError, match=r"'quiero'.*legal actions: mus, no hay mus"):
        g.apply("quiero")
    with pytest.raises(ValueError, match="is not an action"):
        g.apply("envido mucho")
    assert g.to_json() == before


def test_from_deal_round_trips_through_json() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=2, score=(5, 9), seed=4)
    g = play(g, "mus", "mus", "mus", "mus", "descarte 0", "descarte 1 2", "descarte 3",
             "descarte 0 1 2 3", "no hay mus", "envido 4")
    copy = Game.from_json(g.to_json())
    assert copy.to_json() == g.to_json()
    assert [copy.observation(s) for s in range(4)] == [g.observation(s) for s in range(4)]


def test_four_reyes_changes_juego_totals() -> None:
    for rules, juego in ((FOUR_REYES, [False, False, True, True]), (Rules(), [True, False, True, True])):
        g = Game.from_deal(["333R", "7654", "CCSA", "RRRA"], mano=0, rules=rules, seed=1)
        g = play(g, "no hay mus", *PASS_GRANDE_CHICA, "paso", "paso", "paso")
        assert g.observation(0)["declared"]["juego"] == juego


def test_real_31_wins_the_juego_count() -> None:
    for rules, winner in ((REAL_31, 1), (Rules(), 0)):
        g = Game.from_deal(["RRSA", "777R", "7654", "5432"], mano=0, rules=rules, seed=1)
        g = play(g, "no hay mus", *PASS_GRANDE_CHICA, "paso", "paso", "paso", "paso")
        assert g.history[-1]["winners"]["juego"] == winner
        assert ledger(g)[-1][2] == "3 de la 31"


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"format": "mus-game", "version": 2}',
    '{"format": "mus-game", "version": 1}',
    '{"format": "mus-game", "version": 1, "rules": {}, "seed": "7", "actions": []}',
    '{"format": "mus-game", "version": 1, "rules": {}, "seed": 7, "actions": [3]}',
    '{"format": "mus-game", "version": 1, "rules": {"reyes": 5}, "seed": 7, "actions": []}',
    '{"format": "mus-game", "version": 1, "rules": [], "seed": 7, "actions": []}',
    '{"format": "mus-game", "version": 1, "rules": {}, "seed": 7, "start": {"mano": 0}, "actions": []}',
    '{"format": "mus-game", "version": 1, "rules": {}, "seed": 7, "actions": ["quiero"]}',
])
def test_a_bad_save_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="expected|not legal"):
        Game.from_json(text)
