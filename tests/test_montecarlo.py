"""The Monte-Carlo level (``mus/ai/montecarlo.py``, ``deals.py``, ``playout.py``): its
play-outs bet and count as the engine does, its guessed deals keep what is certain, it
plays legally on every table. Fairness (no hidden card read) is in ``tests/test_ai.py``
and ``tests/test_fairness_deep.py`` with every other level.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import mus
from mus.ai.deals import Deals
from mus.ai.montecarlo import MonteCarloBot
from mus.ai.playout import LANCES, Playout, action_code, action_text
from mus.ai.senas import hand_senas, reyes_of
from mus.ai.tables import card_index
from mus.ai.view import View
from mus.cards import card_text
from mus.rng import Random
from tests.test_differential import ROOT, run


def _deal(rng: random.Random) -> list[str]:
    deck = [card_text(c) for c in range(40)]
    rng.shuffle(deck)
    return ["".join(deck[4 * s:4 * s + 4]) for s in range(4)]


def _policy_action(out: Playout, ids: list[int], g: mus.Game) -> str:
    """The play-outs' policy, played in the real game with every hand known."""
    obs = g.observation(g.to_play)
    bet = obs["bet"]
    assert bet is not None
    seat = int(obs["seat"])
    x = out.strength(ids, seat, LANCES.index(obs["phase"]), tuple(bet["speakers"]))
    score = obs["score"]
    code = out.policy.act(x, bool(bet["answering"]), bool(bet["ordago"]), int(bet["table"]),
                          int(bet["pending"]), int(score[seat & 1]), int(score[1 - seat & 1]),
                          out.target, out.max_envite)
    return action_text(code)


@pytest.mark.parametrize("rules", [mus.Rules(), mus.Rules(reyes=4, target=30), mus.Rules(real_31=True)])
def test_a_play_out_ends_where_the_engine_ends(rules: mus.Rules) -> None:
    """Hands played by the play-outs' policy in the engine (every hand known) score what
    ``Playout.from_start`` predicts: the betting, the dejes, the órdagos and the count."""
    rng = random.Random(4)
    endings = set()
    for k in range(150):
        score = (rng.randrange(rules.target), rng.randrange(rules.target))
        g = mus.Game.from_deal(_deal(rng), mano=rng.randrange(4), score=score, rules=rules, seed=k)
        g = g.apply("no hay mus")
        view = View(g.observation(0))
        ids = [view.tables.hand_id([card_index(c) for c in g.hand(s)]) for s in range(4)]
        out = Playout(view)
        predicted = out.from_start(ids)
        number = len(g.history)
        while len(g.history) == number:
            g = g.apply(_policy_action(out, ids, g))
        last = g.history[-1]
        if last["juego_winner"] is not None:
            winner = 0 if predicted[0] >= rules.target else 1 if predicted[1] >= rules.target else None
            assert winner == last["juego_winner"], (k, predicted, last)
            endings.add("juego")
        else:
            assert predicted == tuple(last["score"]), (k, predicted, last)
            endings.update(o["kind"] for o in last["lances"].values())
    assert {"juego", "paso", "deje", "querido"} <= endings


def test_action_codes_round_trip() -> None:
    for text in ("paso", "envido", "envido 5", "quiero", "no quiero", "ordago"):
        assert action_text(action_code(text)) == text
    with pytest.raises(ValueError, match="expected a betting action"):
        action_code("mus")


def test_guessed_deals_keep_declarations_senas_and_our_cards_out() -> None:
    rules = mus.Rules(senas=True, catch=1.0)
    rng = random.Random(8)
    checked = 0
    for k in range(40):
        g = mus.Game.from_deal(_deal(rng), mano=rng.randrange(4), rules=rules, seed=k).apply("no hay mus")
        for _ in range(4):
            g = g.apply("señas" if "señas" in g.legal_actions() else "sin señas")
        while g.phase in ("grande", "chica"):
            g = g.apply("paso")
        if g.to_play is None or g.phase not in ("pares", "juego", "punto"):
            continue
        view = View(g.observation(g.to_play))
        t = view.tables
        deals = Deals(view, Random(k), 30)
        senas = hand_senas(t, reyes_of(view))
        seen = {int(e["seat"]): tuple(e["senas"]) for e in view.obs["senas"]}
        for ids in deals.worlds:
            assert ids[view.seat] == view.hand_id
            used = [0] * 10
            for s in range(4):
                for cls, m in t.class_counts[ids[s]]:
                    used[cls] += m
            assert all(used[cls] <= t.class_size[cls] for cls in range(10))
            for lance, has in (("pares", t.has_pares), ("juego", t.has_juego)):
                if lance in view.declared:
                    assert [has[i] for i in ids] == view.declared[lance]
            for s, shown in seen.items():
                assert senas[ids[s]] == shown
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("rules", [mus.Rules(senas=True), mus.Rules(reyes=4, target=30),
                                   mus.Rules(real_31=True, senas=True, catch=1.0)])
def test_montecarlo_plays_legal_hands(rules: mus.Rules) -> None:
    g = mus.Game.new(rules, seed=5)
    bots = [MonteCarloBot(s) for s in range(4)]
    kinds = set()
    while len(g.history) < 3 and not g.is_over:
        obs = g.observation(g.to_play)
        decision = bots[g.to_play].decide(obs)
        assert decision.action in obs["legal_actions"]
        kinds.add(decision.reason["kind"])
        g = g.apply(decision.action)
    assert {"mus", "bet"} <= kinds


# The arena-only levels are written in the subset every runtime runs (docs/architecture.md):
# a few decisions of each on MicroPython under Node must match CPython's, reasons included.
_ALIKE = """
import mus
from mus.ai import explain
from mus.ai.montecarlo import MonteCarloBot
from mus.ai.taught import TaughtBot
g = mus.Game.new(mus.Rules(senas=True), 8)
bots = [MonteCarloBot(s, samples=8) for s in range(4)]
while not g.history:
    d = bots[g.to_play].decide(g.observation(g.to_play))
    print(d.action, explain(d.reason, "en"))
    g = g.apply(d.action)
g = mus.Game.from_deal(["RoRc7o6o", "SeSb7e6e", "5c4cAoAc", "CeCb6b5b"], 0, seed=1)
for action in ["no hay mus", "envido"]:
    d = TaughtBot(1).decide(g.observation(g.to_play))
    print(d.action, explain(d.reason, "en"))
    g = g.apply(action)
"""


def test_arena_levels_decide_alike_on_micropython(tmp_path: Path) -> None:
    script = tmp_path / "alike.py"
    script.write_text(_ALIKE, encoding="utf-8")
    cpython = run([sys.executable, str(script)])
    micropython = run(["node", str(ROOT / "tools" / "dev" / "mpy_run.mjs"), str(script)])
    assert len(cpython) > 10 and micropython == cpython
