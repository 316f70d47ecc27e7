"""The coach: fair (only the seat's observation), calibrated against real deals, sensible.

Calibration: positions are taken from partidas of ``normal`` bots (honest players, the
kind the belief models), at random moments and for a random seat; every chance the coach
gives is compared with what the real hidden deal holds at that moment. Predictions are
bucketed by tenths; in every bucket with at least 200 events the observed frequency must
be within 0.03 + 2.5 standard errors of the mean prediction (about ±0.07 at 70 % with
~450 events), and the mean absolute gap over all events within 0.03.
"""

from __future__ import annotations

import gc
import json
import math
import random
from typing import Any

import mus
from mus.ai import coach, make_bot
from mus.lances import juego_value, pares_value
from tests.test_ai import _replay, alternative, positions


def _coach_at(pos: dict[str, Any], hands: list[list[str]]) -> dict[str, Any]:
    """The coach of the seat to play, while the game it comes from is alive."""
    g = _replay(hands, pos["mano"], pos["score"], pos["rules"], pos["seed"], pos["actions"])
    assert g is not None and g.to_play == pos["seat"]
    result = coach(g.observation(pos["seat"]), seed=3)
    del g
    return result


def test_coach_ignores_hidden_cards() -> None:
    rng = random.Random(4)
    swapped = 0
    for pos in positions(120, seed=17):
        other = alternative(pos, rng)
        if other is None:
            continue
        swapped += 1
        assert _coach_at(pos, pos["hands"]) == _coach_at(pos, other)
    assert swapped >= 100


def test_the_swap_check_catches_a_peeking_coach(monkeypatch: Any) -> None:
    """The same check fails for a coach that looks at the live game's hidden hands."""
    def peeking(observation: dict[str, Any], seed: int = 0) -> dict[str, Any]:
        for o in gc.get_objects():
            if isinstance(o, mus.Game) and o.hand(observation["seat"]) == observation["hand"]:
                rival = "".join(o.hand((observation["seat"] + 1) % 4))
                return {"lances": {"grande": len(set(rival)) / 8}}
        return {"lances": {}}

    monkeypatch.setitem(globals(), "coach", peeking)
    rng = random.Random(4)
    changed = 0
    for pos in positions(20, seed=17):
        other = alternative(pos, rng)
        if other is not None:
            changed += _coach_at(pos, pos["hands"]) != _coach_at(pos, other)
    assert changed > 0


def _best_team(lance: str, hands: list[str], mano: int, rules: mus.Rules) -> int | None:
    """The team holding the best hand at ``lance`` in the real deal (None: nobody plays it)."""
    order = [(mano + i) % 4 for i in range(4)]
    if lance == "pares":
        order = [s for s in order if pares_value(hands[s], rules)]
    elif lance == "juego":
        order = [s for s in order if juego_value(hands[s], rules)]
    elif lance == "punto" and any(juego_value(h, rules) for h in hands):
        return None
    if not order:
        return None
    best = order[0]
    for s in order[1:]:   # ties stay with the seat closer to the mano
        if mus.compare(lance, hands[s], hands[best], rules) > 0:
            best = s
    return best & 1


def _sampled(count: int, seed: int) -> list[tuple[dict[str, Any], list[str], int, mus.Rules]]:
    rng = random.Random(seed)
    out: list[tuple[dict[str, Any], list[str], int, mus.Rules]] = []
    while len(out) < count:
        g = mus.Game.new(mus.Rules(), seed=rng.randrange(1 << 30))
        bots = [make_bot("normal", rng.randrange(1 << 30)) for _ in range(4)]
        while not g.is_over and len(out) < count and len(g.history) < 4:
            if rng.random() < 0.25:
                seat = rng.randrange(4)
                out.append((g.observation(seat), ["".join(g.hand(s)) for s in range(4)],
                            g.mano, g.rules))
            seat = g.to_play
            assert seat is not None
            g = g.apply(bots[seat].choose(g.observation(seat)))
    return out


def test_coach_is_calibrated() -> None:
    events: list[tuple[float, bool]] = []
    for obs, hands, mano, rules in _sampled(1500, seed=1):
        team = obs["seat"] & 1
        for lance, p in coach(obs)["lances"].items():
            events.append((p, _best_team(lance, hands, mano, rules) == team))
    gap = 0.0
    checked = []
    for tenth in range(10):
        bucket = [(p, won) for p, won in events if tenth <= 10 * p < tenth + 1 or tenth == 9 and p == 1.0]
        predicted = sum(p for p, _ in bucket) / len(bucket)
        observed = sum(won for _, won in bucket) / len(bucket)
        gap += abs(observed - predicted) * len(bucket)
        if len(bucket) >= 200:
            error = math.sqrt(predicted * (1 - predicted) / len(bucket))
            assert abs(observed - predicted) <= 0.03 + 2.5 * error, (tenth, predicted, observed, len(bucket))
            checked.append(tenth)
    assert 7 in checked and len(checked) >= 8, checked
    assert gap / len(events) <= 0.03


def test_coach_reads_declarations_and_hands() -> None:
    g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1).apply("no hay mus")
    while g.phase != "juego":
        g = g.apply("paso")
    # Declared: pares by seats 0, 1 and 3, juego by 0 and 1; grande, chica, pares went en paso.
    assert g.observation(0)["declared"] == {"pares": [True, True, False, True],
                                            "juego": [True, True, False, False]}
    mine = coach(g.observation(0))
    assert sorted(mine["lances"]) == ["chica", "grande", "juego", "pares"]
    assert mine["lances"]["juego"] == 1.0        # the mano's 31
    assert mine["lances"]["grande"] > 0.9        # three reyes of the mano
    theirs = coach(g.observation(1))             # a 31 behind a mano who has juego
    assert 0.0 < theirs["lances"]["juego"] < 1.0
    # Tantos: seat 0 counts its sure 31 (3) and almost sure grande (1) and more.
    assert mine["tantos"][0] > 4 > mine["tantos"][1]
    assert json.loads(json.dumps(mine)) == mine


def test_coach_drops_lances_settled_by_a_deje() -> None:
    g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1).apply("no hay mus")
    g = g.apply("envido").apply("no quiero").apply("no quiero")
    assert g.phase == "chica"
    result = coach(g.observation(2))
    assert "grande" not in result["lances"] and "chica" in result["lances"]
    assert result["tantos"][0] >= 1   # the deje is already scored for team 0
