"""Señas in the engine: the seña table, the señas step, catches, and who sees what.

The table test is written from the definitions in the rules notes (NOTES.md, "Señas"),
not from the engine's code: pairs are listed rank by rank, points added card by card.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

import pytest

import mus
from mus import Game, IllegalActionError, Rules

RANKS = "RCS765432A"
ALL_SENAS = ("dos reyes", "dos ases", "medias de reyes", "medias de ases", "duples", "la 31",
             "ciego")


# --- the table ------------------------------------------------------------------------------

def notes_senas(ranks: str, reyes: int) -> tuple[str, ...]:
    """The señas of ``ranks`` read straight from the NOTES.md table."""
    if reyes == 8:   # a 3 is a rey and a 2 an as, for señas as for everything else
        ranks = ranks.replace("3", "R").replace("2", "A")
    worth = {"R": 10, "C": 10, "S": 10, "A": 1, "3": 3, "2": 2}
    points = sum(worth.get(r, int(r) if r.isdigit() else 0) for r in ranks)
    counts = Counter(ranks)
    pairs: list[str] = []          # the pairs of a par or of duples (four equal: two pairs)
    threes = [r for r, n in counts.items() if n == 3]
    for rank, n in counts.items():
        pairs += [rank] * (n // 2) if n != 3 else []
    has_pares = bool(pairs or threes)
    duples = len(pairs) == 2
    out = []
    if "R" in pairs:
        out.append("dos reyes")
    if "A" in pairs:
        out.append("dos ases")
    if threes == ["R"]:
        out.append("medias de reyes")
    if threes == ["A"]:
        out.append("medias de ases")
    if duples:
        out.append("duples")
    if points == 31:
        out.append("la 31")
    if not has_pares and points < 29:
        out.append("ciego")
    return tuple(out)


@pytest.mark.parametrize("reyes", [8, 4])
def test_senas_table_for_every_rank_multiset(reyes: int) -> None:
    rules = Rules(reyes=reyes)
    seen: Counter[str] = Counter()
    hands = 0
    for combo in combinations_with_replacement(RANKS, 4):
        ranks = "".join(combo)
        expected = notes_senas(ranks, reyes)
        got = mus.senas(ranks, rules)
        assert got == expected, f"{ranks} with {reyes} reyes: expected {expected}, got {got}"
        assert mus.senas(ranks[::-1], rules) == got   # order of the cards does not matter
        seen.update(got)
        hands += 1
    assert hands == 715
    assert set(seen) == set(ALL_SENAS), seen     # every seña occurs somewhere


def test_senas_examples_from_the_notes() -> None:
    assert mus.senas("RR54") == ("dos reyes",)
    assert mus.senas("RRCC") == ("dos reyes", "duples")            # duples con reyes
    assert mus.senas("RRRR") == ("dos reyes", "duples")            # four equal: duples too
    assert mus.senas("RRR5") == ("medias de reyes",)               # exactly three
    assert mus.senas("3R35") == ("medias de reyes",)               # 8 reyes: 3 is a rey
    assert mus.senas("3R35", Rules(reyes=4)) == ()                  # 4 reyes: a par of treses
    assert mus.senas("AA2C") == ("medias de ases",)
    assert mus.senas("RCSA") == ("la 31",)
    assert mus.senas("7A54") == ("ciego",)
    assert mus.senas("RC7A") == ("ciego",)                          # 28 points, no pares
    assert mus.senas("RC76") == ()                                  # 33: juego, nothing to show
    assert mus.senas("RCS7") == ()                                  # 37


# --- rules and saves ------------------------------------------------------------------------

def test_rules_options_are_validated_and_saved() -> None:
    on = Rules(senas=True, catch=0.5)
    assert on.to_dict()["senas"] is True and on.to_dict()["catch"] == 0.5
    assert Rules.from_dict(on.to_dict()) == on
    assert eval(repr(on), {"Rules": Rules}) == on
    assert Rules().senas is False and Rules().catch == 0.25
    assert "senas" not in Rules().to_dict()          # games without señas save as before
    for bad in ({"senas": 1}, {"senas": "yes"}, {"catch": -0.1}, {"catch": 2}, {"catch": True},
                {"catch": "0.3"}):
        with pytest.raises(ValueError, match="expected (senas|catch)"):
            Rules(**bad)


def test_a_save_of_the_current_schema_without_senas_keys_still_loads() -> None:
    g = Game.new(Rules(), seed=4).apply("mus")
    data = json.loads(g.to_json())
    assert set(data["rules"]) == {"reyes", "real_31", "target", "juegos_to_win", "vacas_to_win"}
    restored = Game.from_json(json.dumps(data))
    assert restored.rules == Rules() and restored.observation(1) == g.observation(1)
    on = Game.new(Rules(senas=True, catch=0.4), seed=4)
    assert Game.from_json(on.to_json()).rules == Rules(senas=True, catch=0.4)


# --- the señas step -------------------------------------------------------------------------

HANDS = ["RRC6", "7654", "CCSA", "3322"]   # señas: dos reyes / ciego / la 31 / dos reyes+ases+duples


def at_senas(hands: list[str] = HANDS, catch: float = 0.25, seed: int = 1, mano: int = 0) -> Game:
    g = Game.from_deal(hands, mano=mano, rules=Rules(senas=True, catch=catch), seed=seed)
    return g.apply("no hay mus")


def test_senas_step_comes_after_the_mus_from_the_mano() -> None:
    g = at_senas(mano=1)
    assert g.phase == "senas"
    order = []
    while g.phase == "senas":
        order.append(g.to_play)
        assert [str(a) for a in g.legal_actions()] == ["señas", "sin señas"]
        g = g.apply("sin señas")
    assert order == [1, 2, 3, 0] and g.phase == "grande" and g.to_play == 1


def test_senas_step_only_after_the_last_mus_round() -> None:
    g = Game.from_deal(HANDS, mano=0, rules=Rules(senas=True), seed=2)
    for _ in range(4):
        g = g.apply("mus")
    assert g.phase == "descarte"
    for _ in range(4):
        g = g.apply("descarte 0")
    assert g.phase == "mus"
    assert g.apply("no hay mus").phase == "senas"


def test_a_hand_without_senas_may_only_say_sin_senas() -> None:
    g = at_senas(["RC76", "7654", "CCSA", "3322"])   # RC76: 33 and no pares
    assert g.to_play == 0 and [str(a) for a in g.legal_actions()] == ["sin señas"]
    with pytest.raises(IllegalActionError, match="legal actions: sin señas"):
        g.apply("señas")
    with pytest.raises(IllegalActionError, match="'paso' is not legal in phase 'senas'"):
        g.apply("paso")
    assert g.apply("sin senas").to_play == 1               # the notation forgives the ñ


def test_senas_are_illegal_without_the_option() -> None:
    g = Game.from_deal(HANDS, mano=0, seed=1).apply("no hay mus")
    assert g.phase == "grande"
    with pytest.raises(IllegalActionError):
        g.apply("señas")


def play_senas(g: Game, choices: str) -> Game:
    for choice in choices:
        g = g.apply("señas" if choice == "s" else "sin señas")
    return g


def test_who_sees_what_when_every_rival_catches() -> None:
    g = play_senas(at_senas(catch=1.0), "ssss")
    assert g.phase == "grande"
    truth = {s: list(mus.senas(hand)) for s, hand in enumerate(HANDS)}
    for seat in range(4):
        seen = {e["seat"]: e["senas"] for e in g.observation(seat)["senas"]}
        assert seen == truth                                  # all shown, all caught
        rivals = [e for e in g.observation(seat)["log"]
                  if e["phase"] == "senas" and e["seat"] & 1 != seat & 1]
        assert all(e.get("caught") for e in rivals) and len(rivals) == 2


def test_who_sees_what_when_nobody_catches() -> None:
    g = play_senas(at_senas(catch=0.0), "sss") .apply("sin señas")
    for seat in range(4):
        obs = g.observation(seat)
        team = [s for s in (0, 1, 2) if s & 1 == seat & 1]
        assert [e["seat"] for e in obs["senas"]] == team      # own and partner's, in order
        assert all(e["senas"] == list(mus.senas(HANDS[e["seat"]])) for e in obs["senas"])
        senas_log = [e for e in obs["log"] if e["phase"] == "senas"]
        assert [e["seat"] for e in senas_log] == [s for s in range(4) if s & 1 == seat & 1]
        assert not any(e.get("caught") for e in senas_log)


def test_an_uncaught_sena_looks_like_none_to_the_rivals() -> None:
    """To a rival who did not catch it, 'señas' and 'sin señas' are the same observation;
    the player himself never learns whether a rival caught him."""
    for seed in range(40):
        g = at_senas(catch=0.5, seed=seed)
        shown, hidden = g.apply("señas"), g.apply("sin señas")
        caught_by = {s for s in (1, 3) if any(e["seat"] == 0 for e in shown.observation(s)["senas"])}
        for rival in (1, 3):
            if rival not in caught_by:
                assert shown.observation(rival) == hidden.observation(rival)
            else:
                assert shown.observation(rival)["senas"] == [{"seat": 0, "senas": ["dos reyes"]}]
        assert shown.observation(0)["log"] == hidden.observation(0)["log"][:-1] + [
            {"seat": 0, "phase": "senas", "action": "señas"}]
        # the player's own view (and his partner's) is the same whoever caught him
        other = at_senas(catch=0.0, seed=seed).apply("señas")
        for seat in (0, 2):
            assert ({**shown.observation(seat), "rules": None}
                    == {**other.observation(seat), "rules": None})


def test_catches_are_drawn_at_the_table_rate() -> None:
    caught = tries = 0
    for seed in range(400):
        g = play_senas(at_senas(seed=seed), "s")
        tries += 2
        caught += sum(1 for s in (1, 3) if g.observation(s)["senas"])
    assert 0.20 < caught / tries < 0.30, caught / tries


def test_senas_do_not_reach_the_history() -> None:
    g = play_senas(at_senas(catch=1.0), "ssss")
    while not g.history:
        g = g.apply("paso")
    assert "senas" not in json.dumps(g.history[-1]) and "señas" not in json.dumps(g.history[-1])
    assert g.observation(0)["senas"] == []                    # a new hand: nothing seen yet


def test_a_catch_stays_with_the_catcher_in_later_hands() -> None:
    g = play_senas(at_senas(catch=1.0), "ssss")
    assert all(g.observation(s)["caught"] == [] for s in range(4))    # this hand's are in senas
    while not g.history:
        g = g.apply("paso")
    for seat in range(4):
        rivals = [{"hand": 1, "seat": s, "senas": list(mus.senas(HANDS[s]))}
                  for s in range(4) if s & 1 != seat & 1]
        assert sorted(g.observation(seat)["caught"], key=lambda e: e["seat"]) == rivals
    g = play_senas(at_senas(catch=0.0), "ssss")
    while not g.history:
        g = g.apply("paso")
    assert all(g.observation(s)["caught"] == [] for s in range(4))


def random_partida(rules: Rules, seed: int, steps: int) -> list[Game]:
    rng = random.Random(seed)
    g = Game.new(rules, seed=seed)
    states = [g]
    while not g.is_over and len(states) <= steps:
        legal = [a for a in g.legal_actions() if a.kind != "ordago" and a.amount <= 4]
        kinds = sorted({a.kind for a in legal})
        kind = "paso" if "paso" in kinds and rng.random() < 0.8 else rng.choice(kinds)
        g = g.apply(rng.choice([a for a in legal if a.kind == kind]))
        states.append(g)
    return states


def test_json_round_trip_with_senas_replays_catches_and_later_deals() -> None:
    rules = Rules(senas=True, catch=0.5)
    states = random_partida(rules, 3, 600)
    assert sum(1 for g in states if g.phase == "senas") > 40
    for i in (0, 5, 77, 250, len(states) - 1):
        restored = Game.from_json(states[i].to_json())
        assert restored._rng.getstate() == states[i]._rng.getstate()
        for later in states[i + 1:]:
            restored = restored.apply(later.actions[-1])
        assert restored.to_json() == states[-1].to_json()
        assert [restored.observation(s) for s in range(4)] == [states[-1].observation(s) for s in range(4)]
        assert restored.hand(0) == states[-1].hand(0) and restored._deck == states[-1]._deck


def test_observation_senas_are_true_and_only_what_the_seat_saw() -> None:
    """Over random play: every entry is a real seña of that seat's hand, from itself, its
    partner, or a rival whose señas line in the seat's log says they were caught."""
    for rules, seed in ((Rules(senas=True), 7), (Rules(senas=True, reyes=4, catch=0.6), 8)):
        checked = 0
        for g in random_partida(rules, seed, 1500):
            for seat in range(4):
                obs = g.observation(seat)
                lines = {e["seat"]: e for e in obs["log"] if e["phase"] == "senas"}
                for entry in obs["senas"]:
                    who = entry["seat"]
                    assert set(entry) == {"seat", "senas"}
                    assert entry["senas"] == list(mus.senas("".join(g.hand(who)), rules))
                    assert lines[who]["action"] == "señas"
                    assert who & 1 == seat & 1 or lines[who].get("caught") is True
                    checked += 1
                for who, line in lines.items():
                    if who & 1 != seat & 1:
                        assert line == {"seat": who, "phase": "senas", "action": "señas", "caught": True}
        assert checked > 200


def test_caught_lists_every_earlier_catch_of_the_seat_and_nothing_else() -> None:
    """Over random play, ``caught`` grows at each count by exactly the rivals' señas the
    seat saw in the hand just over, numbered as in the history."""
    states = random_partida(Rules(senas=True, catch=0.5), 11, 3000)
    expected: list[list[Any]] = [[], [], [], []]
    hands = 0
    for before, after in zip(states, states[1:]):
        if len(after.history) > len(before.history):
            hands += 1
            for seat in range(4):
                expected[seat] += [{"hand": len(after.history), "seat": e["seat"], "senas": e["senas"]}
                                   for e in before.observation(seat)["senas"]
                                   if e["seat"] & 1 != seat & 1]
        for seat in range(4):
            assert after.observation(seat)["caught"] == expected[seat]
    assert hands > 15 and all(len(e) >= 3 for e in expected), [len(e) for e in expected]


SENAS_STEP_ALONE = """
import json
from mus import signs
from tests.test_senas import at_senas

def kept(memoized):
    cells = dict(zip(memoized.__code__.co_freevars, memoized.__closure__))
    return cells["results"].cell_contents

g = at_senas(mano=1)
actions = [str(a) for a in g.legal_actions()]
print(json.dumps([actions, len(kept(signs.senas_table)), len(kept(signs.signature_senas))]))
"""


def test_the_senas_step_reads_the_hands_dealt_not_the_whole_table() -> None:
    """The whole table (715 signatures) took a phone's page 128 ms of MicroPython when the
    engine first reached the señas step in a bot's turn: it reads the four hands' own."""
    import subprocess
    import sys
    from pathlib import Path

    out = subprocess.run([sys.executable, "-c", SENAS_STEP_ALONE], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent)
    actions, whole, signatures = json.loads(out.stdout)
    assert actions == ["señas", "sin señas"]
    assert whole == 0 and 1 <= signatures <= 4
