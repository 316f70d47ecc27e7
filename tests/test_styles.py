"""Styles (``mus.ai.styles``): a thin layer over a level that shifts only marginal decisions,
each style its own way, and hears the advice said aloud at the table. Fairness and the
choose/decide agreement of styled bots are in ``tests/test_ai.py`` (``STYLED``)."""

from __future__ import annotations

from collections import Counter

import pytest

import mus
from mus.ai import explain, make_bot
from tests.test_ai import decide, positions

# What each style may do instead of its level's choice: (level's action kind, styled action kind, why).
ALLOWED = {
    "careful": {("quiero", "no quiero", "careful refusal"), ("envido", "paso", "careful pass"),
                ("ordago", "envido", "careful ordago")},
    "bluffer": {("paso", "envido", "bluff")},
    "bold": {("mus", "no hay mus", "bold cut"), ("mus", "no hay mus", "quitar mano"),
             ("quiero", "envido", "bold raise"), ("envido", "envido", "bold bet")},
}
HEARD = {("quiero", "no quiero", "heard envite"), ("envido", "paso", "heard envite"),
         ("mus", "no hay mus", "heard mus")}


def _kind(action: str) -> str:
    """An action without its amount: 'envido 5' is an envido."""
    return "envido" if action.startswith("envido") else action


def shifts(spec: str, count: int, seed: int, heard: bool = False) -> Counter[tuple[str, str, str]]:
    """How the styled bot of ``spec`` played otherwise than its level over ``count`` positions
    (the level's choice is the reason's ``instead``: the same seed draws the same)."""
    level = spec.partition("/")[0]
    out: Counter[tuple[str, str, str]] = Counter()
    for k, pos in enumerate(positions(count, seed)):
        obs, styled = decide(spec, k, pos, pos["hands"], heard)
        plain = make_bot(level, k).decide(obs)
        if styled.action == plain.action:
            assert "instead" not in styled.reason and styled == plain
            continue
        assert styled.reason["instead"] == plain.action and styled.action in obs["legal_actions"]
        out[(_kind(plain.action), _kind(styled.action), styled.reason["shift"])] += 1
    return out


@pytest.mark.parametrize("style", ["careful", "bluffer", "bold"])
@pytest.mark.parametrize("level", ["facil", "normal"])
def test_each_style_shifts_only_its_own_way(level: str, style: str) -> None:
    seen = shifts(f"{level}/{style}", 400, seed=31)
    assert set(seen) <= ALLOWED[style], seen
    assert sum(seen.values()) >= 3, seen        # and it does shift, now and then
    assert sum(seen.values()) <= 100, seen      # but only marginal decisions: a quarter at most


def test_bold_cuts_more_often_and_the_careful_never_bets_more() -> None:
    bold = shifts("normal/bold", 400, seed=32)
    assert bold[("mus", "no hay mus", "bold cut")] + bold[("mus", "no hay mus", "quitar mano")] >= 3
    careful = shifts("normal/careful", 400, seed=32)
    assert all(styled in ("no quiero", "paso", "envido") for _, styled, _ in careful)


def test_advice_heard_makes_a_bot_wary_of_the_adviser() -> None:
    """A rival who advised an envite here is strong: marginal calls and bets are dropped; a
    rival who advised mus is weak: a fair hand cuts."""
    quiet = shifts("normal/bluffer", 300, seed=33)
    heard = shifts("normal/bluffer", 300, seed=33, heard=True)
    extra = heard - quiet
    assert set(extra) <= HEARD | ALLOWED["bluffer"], extra
    assert sum(n for key, n in extra.items() if key in HEARD) >= 3, extra


def test_a_shift_is_said_in_the_reason() -> None:
    g = mus.Game.from_deal(["RCS7", "7654", "CCSA", "4422"], mano=0, seed=1)
    d = make_bot("normal", 1, "bold").decide(g.observation(0))
    assert d.action == "no hay mus" and d.reason["style"] == "bold"
    assert explain(d.reason, "es").endswith("; lanzado: corto con una mano regular (mi nivel decía mus)")
    assert explain(d.reason, "en").endswith("; bold: I cut with a fair hand (my level said mus)")
    assert make_bot("normal", 1).decide(g.observation(0)).action == "mus"   # the level alone


def test_arena_plays_a_style_against_its_level(capsys: pytest.CaptureFixture[str]) -> None:
    from mus.ai.arena import main
    assert main(["--team0", "facil", "--style0", "bold", "--team1", "facil", "--juegos", "2"]) == 0
    assert capsys.readouterr().out.startswith("facil (bold) (team0) vs facil: facil (bold) won")
