"""The lance's betting game (``mus.ai.cfr``), its solver (``tools/build/cfr_table.py``) and
the table it wrote (``mus.ai.cfr_table``)."""

from __future__ import annotations

import pytest

from mus.ai import cfr, cfr_table
from mus.ai.cfr import (BUCKETS, CALLED, ENVIDO, LANCES, NO_QUIERO, PASO, QUIERO, RAISE,
                        REFUSED, SHOWDOWN, Tree, node_of)
from mus.ai.tables import tables_for
from tools.build import cfr_table as build


def test_the_tree_is_the_game_of_the_docs() -> None:
    t = Tree()
    assert t.team[0] == 0 and t.actions[0] == (PASO, ENVIDO, cfr.ENVIDO_5)
    # four pasos in turn, A and B alternating, end the lance en paso
    node = 0
    for k in range(4):
        assert t.team[node] == k & 1
        node = t.child(node, PASO)
    assert t.team[node] == SHOWDOWN
    answer = t.child(0, ENVIDO)
    assert t.team[answer] == 1 and t.actions[answer] == (NO_QUIERO, QUIERO, RAISE)
    refused, called = t.children[answer][:2]
    assert (t.team[refused], t.amount[refused], t.bettor[refused]) == (REFUSED, 1, 0)
    assert (t.team[called], t.amount[called]) == (CALLED, 2)
    raised = t.child(answer, RAISE)
    assert t.team[raised] == 0 and t.amount[t.child(raised, NO_QUIERO)] == 2
    again = t.child(raised, RAISE)
    assert t.actions[again] == (NO_QUIERO, QUIERO)   # MAX_RAISES reached
    assert t.amount[t.child(again, QUIERO)] == 6


def test_the_table_is_well_formed() -> None:
    t = Tree()
    hands = len(tables_for(8, False).sigs)
    assert cfr_table.HANDS == hands
    width = t.offset[-1] + BUCKETS * len(t.actions[t.decisions[-1]])
    assert len(cfr_table.BUCKET_OF) == len(cfr_table.STRATEGY) == len(cfr_table.CHANCE) == len(LANCES)
    for row in cfr_table.BUCKET_OF:
        assert len(row) == hands and set(row) <= set("0123456789")
    for shares in cfr_table.STRATEGY:
        assert len(shares) == width
        for i in t.decisions:
            n = len(t.actions[i])
            for b in range(BUCKETS):
                start = t.offset[t.row[i]] + b * n
                part = shares[start:start + n]
                assert sum(part) == build.SCALE and min(part) >= 0
    for per_team in cfr_table.CHANCE:
        assert all(len(row) == BUCKETS and all(-1 <= c <= 1000 for c in row) for row in per_team)


def test_bets_find_their_node() -> None:
    t = Tree()
    assert node_of(t, [], 0, 0) == 0
    assert node_of(t, [(0, "paso")], 0, 1) == t.child(0, PASO)
    # the postre, after three pasos: his team's second opening
    third = t.child(t.child(0, PASO), PASO)
    assert node_of(t, [(1, "paso"), (2, "paso"), (3, "paso")], 1, 0) == t.child(third, PASO)
    # a seat that does not speak (no pares) counts as passing
    assert node_of(t, [(1, "paso")], 1, 3) == third
    answer = t.child(0, ENVIDO)
    assert node_of(t, [(0, "envido")], 0, 1) == answer
    assert node_of(t, [(0, "envido")], 0, 3) == answer
    # a refusal answered again by the partner: the team's answer is the partner's raise
    assert node_of(t, [(0, "envido"), (1, "no quiero"), (3, "envido")], 0, 0) == t.child(answer, RAISE)
    assert node_of(t, [(0, "ordago")], 0, 1) == -1
    assert node_of(t, [(0, "envido 5")], 0, 1) == t.child(0, cfr.ENVIDO_5)


def test_a_small_solve_writes_a_table_of_the_same_shape() -> None:
    """The command's pieces on a few deals: the module it writes loads and has the shipped
    table's shapes; the equilibrium of the sampled game is nearly unexploitable."""
    text = build.build(deals=3000, iterations=60, seed=2, mus_share=0.6, tremble=0.0, log=False)
    space: dict[str, object] = {}
    exec(compile(text, "cfr_table", "exec"), space)
    assert space["HANDS"] == cfr_table.HANDS
    assert [len(s) for s in space["STRATEGY"]] == [len(s) for s in cfr_table.STRATEGY]   # type: ignore[attr-defined]
    t = tables_for(8, False)
    rows = build.sample(t, 3000, 2, 0.6)
    maps = build.bucket_map(t, "grande", rows["grande"])
    stats = build.stats_for(rows["grande"], maps)
    solver = build.Solver(Tree(), build.utilities(Tree(), "grande", stats, len(rows["grande"])))
    solver.solve(10)
    loose = solver.exploitability()
    solver.solve(200)
    assert solver.exploitability() < min(loose, 0.02)


@pytest.mark.parametrize("lance", LANCES)
def test_better_buckets_win_more(lance: str) -> None:
    """The buckets are of strength: the best one wins the lance more than the worst."""
    for row in cfr_table.CHANCE[LANCES.index(lance)]:
        seen = [c for c in row if c >= 0]
        assert seen[-1] > seen[0] + 500
