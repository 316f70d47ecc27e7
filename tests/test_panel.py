"""The panel command (``python -m mus.arena --panel``), the lessons' level (``lessons``) and
the loose opener (``loose``).

Quick: a handful of juegos, legality and the lessons' rules on fixed hands. The panel's
figures themselves come from long runs (docs/figures.md), never from the tests.
"""

from __future__ import annotations

import pytest

import mus
from mus.ai import LEVELS, make_bot
from mus.ai.arena import ARENA_LEVELS, ARENA_ONLY, main
from mus.ai.loose import OPEN_FROM, LooseBot
from mus.ai.normal import NormalBot
from mus.ai.panel import GOALS, PANEL
from mus.ai.strength import team_chance
from mus.ai.taught import EVEN, SURE, TaughtBot, discard
from mus.ai.view import View


def test_panel_prints_one_table_with_intervals_minimum_and_mean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--panel", "--juegos", "2", "--seed", "3", "--opponents", "random,normal/bold,never-bet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("panel of dificil")
    rows = [line.split() for line in out.splitlines()[2:5]]
    assert [row[0] for row in rows] == ["random", "normal/bold", "never-bet"]
    for row in rows:
        won, juegos = map(int, row[1].split("/"))
        assert juegos == 2 and 0 <= won <= 2 and float(row[2]) == pytest.approx(50 * won)
    assert "≥ 93" in out and "≥ 92" in out            # dificil's goals beside their rows
    assert "minimum " in out and "mean " in out and "over 3 opponents" in out


def test_panel_of_another_level_and_bad_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--panel", "--team0", "facil", "--juegos", "2", "--opponents", "lessons"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("panel of facil") and "≥" not in out   # goals are dificil's
    with pytest.raises(SystemExit):
        main(["--panel", "--opponents", "normal/sleepy"])
    with pytest.raises(SystemExit):
        main(["--team0", "dificil"])                  # a plain run needs both teams
    assert "expected --team0 and --team1" in capsys.readouterr().err


def test_the_panel_covers_every_kind_of_opponent() -> None:
    assert {"random", "facil", "lessons", "normal", "loose", "montecarlo"} <= set(PANEL)
    assert {"normal/careful", "normal/bluffer", "normal/bold"} <= set(PANEL)
    assert {"always-ordago", "always-raise", "accept-all", "never-bet"} <= set(PANEL)
    assert set(GOALS) <= set(PANEL)
    assert all(name.partition("/")[0] in ARENA_LEVELS for name in PANEL)


def test_arena_levels_are_not_offered_at_the_table() -> None:
    for name in ARENA_ONLY:
        assert name not in LEVELS
        with pytest.raises(ValueError, match="expected a bot level"):
            make_bot(name, 1)


# --- the lessons' level -------------------------------------------------------------------------

def _obs(hands: list[str], actions: list[str], score: tuple[int, int] = (0, 0)) -> mus.Observation:
    g = mus.Game.from_deal(hands, 0, score, mus.Rules(), seed=1)
    for a in actions:
        g = g.apply(a)
    assert g.to_play is not None
    return g.observation(g.to_play)


def test_lessons_level_cuts_as_cortar_says() -> None:
    """Cut when the pareja's tantos are ahead, ask for mus when behind (the two questions of
    the ``cortar`` lesson, from its own hands): a hand worth more than an average one."""
    bot = TaughtBot(1)
    weak = bot.decide(_obs(["Se7e6e4e", "RoCo7oAo", "Cc6c5c4c", "Rb7b6bAb"], []))
    assert weak.reason["worth"] < weak.reason["average"] and weak.action == "mus"
    strong = bot.decide(_obs(["RoRcRe4e", "CoCc7oAo", "6c5c4cSc", "Rb7b6bAb"], []))
    assert strong.reason["worth"] > strong.reason["average"] and strong.action == "no hay mus"


def test_lessons_level_keeps_the_figures() -> None:
    """``mus``: with two reyes keep them and throw the rest; ``cortar``: keep the sota of
    S 7 6 4; a hand of figures only throws its lowest."""
    def thrown(hand: str) -> list[int]:
        g = mus.Game.from_deal([hand, "AoAcAeAb", "2o2c2e2b", "CcCeCbSc"], 0, seed=1)
        return discard(View(g.observation(0)))
    assert thrown("RoRc7b4e") == [2, 3]
    assert thrown("Se7e6e4e") == [1, 2, 3]
    assert thrown("3o7b5o4e") == [1, 2, 3]       # with 8 reyes a 3 is a rey
    assert thrown("7o6b5o4e") == [1, 2, 3]       # no figure: the highest card stays
    assert thrown("RoRcCoSo") == [3]


def test_lessons_level_envida_and_answers_on_half_and_calls_ordagos_with_sure_hands() -> None:
    hands = ["RoRc7o6o", "SeSb7e6e", "5c4cAoAc", "CeCb6b5b"]   # the envidar lesson's deal
    bot = TaughtBot(1)
    grande = _obs(hands, ["no hay mus"])
    chance = team_chance(View(grande), "grande")
    decision = bot.decide(grande)
    assert EVEN < chance < SURE and decision.action == "envido"
    assert decision.reason["threshold"] == EVEN and decision.reason["chance"] == pytest.approx(chance, abs=1e-3)
    chica = _obs(hands, ["no hay mus", "envido", "no quiero", "no quiero"])
    assert team_chance(View(chica), "chica") < EVEN and bot.choose(chica) == "paso"
    # Facing an envite at chica with as, as, 4, 5: quiero (seat 2 answers seat 1's envite).
    answer = _obs(hands, ["no hay mus"] + ["paso"] * 5 + ["envido"])
    assert team_chance(View(answer), "chica") > EVEN and bot.choose(answer) == "quiero"
    # Facing the mano's órdago at grande (seat 1 answers): quiero only with a hand nothing beats.
    facing = _obs(["SeSb7e6e", "RoRc7o6o", "5c4cAoAc", "CeCb6b5b"], ["no hay mus", "ordago"])
    assert team_chance(View(facing), "grande") < SURE and bot.choose(facing) == "no quiero"
    sure = _obs(["SeSb7e6e", "RoRcReRb", "5c4cAoAc", "CeCb6b5b"], ["no hay mus", "ordago"])
    assert team_chance(View(sure), "grande") >= SURE and bot.choose(sure) == "quiero"
    # The lessons teach answering an órdago, not throwing one: a hand nothing beats envida.
    opening = _obs(["RoRcReRb", "SeSb7e6e", "5c4cAoAc", "CeCb6b5b"], ["no hay mus"])
    assert team_chance(View(opening), "grande") >= SURE and bot.choose(opening) == "envido"


@pytest.mark.parametrize("rules", [mus.Rules(senas=True), mus.Rules(reyes=4, target=30)])
def test_lessons_level_plays_legal_hands(rules: mus.Rules) -> None:
    g = mus.Game.new(rules, seed=2)
    bots = [TaughtBot(s) for s in range(4)]
    kinds = set()
    while len(g.history) < 4 and not g.is_over:
        obs = g.observation(g.to_play)
        decision = bots[g.to_play].decide(obs)
        assert decision.action in obs["legal_actions"]
        kinds.add(decision.reason["kind"])
        g = g.apply(decision.action)
    assert {"mus", "bet"} <= kinds


# --- the loose opener ---------------------------------------------------------------------------

def test_loose_plays_as_normal_but_opens_lances_from_weak_hands() -> None:
    """``loose`` decides as ``normal`` (same seed) at every step of three partidas but the
    openings of a lance that ``normal`` passes with a team chance of ``OPEN_FROM`` or more."""
    opened = 0
    for seed in range(3):
        g = mus.Game.new(mus.Rules(), seed)
        normal, loose = NormalBot(seed), LooseBot(seed)
        while not g.is_over and g.hands_played < 12:
            obs = g.observation(g.to_play, last_hands=0)
            plain, wide = normal.decide(obs), loose.decide(obs)
            if plain.action != wide.action:
                assert (plain.action, wide.action) == ("paso", "envido"), (plain.reason, wide.reason)
                assert not (obs["bet"] or {}).get("answering")
                assert OPEN_FROM - 0.001 <= wide.reason["chance"] < 0.62
                opened += 1
            g = g.apply(plain.action)
    assert opened >= 10, opened
