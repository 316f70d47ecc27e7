#!/usr/bin/env python3
"""Solve each lance's betting game (``mus.ai.cfr``) and write ``mus/ai/cfr_table.py``.

    python -m tools.build.cfr_table                       # the shipped table (a few minutes)
    python -m tools.build.cfr_table --check               # build again, compare, write nothing
    python -m tools.build.cfr_table --watch ''            # the equilibrium instead
    python -m tools.build.cfr_table --deals 20000 --iterations 200 --juegos 20 --out /tmp/t.py

1. Deals are sampled with a seeded generator (the default table: 8 reyes), and a share of
   them (``--mus``) go through one round of sensible discards (``Tables.keep``) as most
   played hands do. Each lance that is bet in a deal (pares and juego only when both teams
   hold them, punto when nobody has juego) gives each team's strength there: the better
   of its two hands' (``Tables.pct``).
2. Per lance, hands are put in ``BUCKETS`` buckets by that strength, at the quantiles of
   the teams' strengths; the deals give, per pair of buckets (mano's team, other team),
   how often it happens, how often the mano's team wins, and what each team's pares or
   juego are worth.
3. With ``--watch LEVEL`` (``dificil`` by default) the level plays ``--juegos`` juegos
   against itself, and each of its bets and answers is counted by the tree's node and its
   team's bucket (its two real hands).
4. CFR+ over the bucket vectors (the tree is public, the buckets the private information;
   simultaneous updates, regrets floored at zero, the average weighted by the iteration,
   every action kept at ``--tremble`` so that answers to bets an equilibrium never makes
   are answers to something) solves each lance twice, once for each team: the other team
   plays, where it was watched, mostly what it was seen to do (``MODEL_WEIGHT``), so each
   team's strategy is a best answer to the watched level that stays sensible where the
   data are thin (a data-biased response). Without ``--watch`` it is the equilibrium, and
   its exploitability (the two best responses' gain, in tantos a lance) is printed as the
   check that it converged.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mus.ai.cfr import BUCKETS, CALLED, LANCES, REFUSED, SHOWDOWN, Tree  # noqa: E402
from mus.ai.tables import Tables, tables_for  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "mus" / "ai" / "cfr_table.py"
MODEL_WEIGHT = 0.9   # the most a watched team's strategy is its observed one
MODEL_PRIOR = 20     # ... reached as its observations outnumber this many
SCALE = 1000   # a strategy's shares are stored in thousandths
Stats = list[list[list[float]]]   # [a][b] -> [n, signed wins, A's won values, B's won values, A's values, B's values]


def deal_hands(t: Tables, rng: random.Random, mus_share: float) -> list[int]:
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[4 * s:4 * s + 4] for s in range(4)]
    if rng.random() < mus_share:
        stock = deck[16:]
        for s in range(4):
            hid = t.hand_id(hands[s])
            kept = list(t.keep[t.best_discard_count[hid]][hid])
            new = []
            for c in hands[s]:
                k = t.card_class[c]
                if k in kept:
                    kept.remove(k)
                    new.append(c)
            while len(new) < 4:
                new.append(stock.pop())
            hands[s] = new
    return [t.hand_id(h) for h in hands]


Row = tuple[float, float, int, int, bool, int, int]   # strengths, their hands, A wins, values


def lance_sample(t: Tables, lance: str, ids: list[int]) -> Row | None:
    """(strength of A, of B, the hand each has it from, A wins, A's value, B's value) of
    the lance in a deal with the mano at seat 0, or None if the lance is not bet there."""
    pct = t.pct[lance]
    if lance in ("grande", "chica"):
        values = [0, 0, 0, 0]
        holds = [True] * 4
    elif lance == "punto":
        if any(t.has_juego[i] for i in ids):
            return None
        values, holds = [1, 0, 1, 0], [True] * 4
    else:
        has = t.has_pares if lance == "pares" else t.has_juego
        holds = [has[i] for i in ids]
        if not (holds[0] or holds[2]) or not (holds[1] or holds[3]):
            return None
        values = [t.pares_value[i] if lance == "pares" else t.juego_value[i] for i in ids]
    key = t.key[lance]
    best = -1
    for s in range(4):
        if holds[s] and (best < 0 or key[ids[s]] > key[ids[best]]):
            best = s
    strength = [pct[ids[s]] if holds[s] else -1.0 for s in range(4)]
    a = 0 if strength[0] >= strength[2] else 2
    b = 1 if strength[1] >= strength[3] else 3
    return (strength[a], strength[b], ids[a], ids[b], best % 2 == 0,
            values[0] + values[2], values[1] + values[3])


def sample(t: Tables, deals: int, seed: int, mus_share: float) -> dict[str, list[Row]]:
    rng = random.Random(seed)
    out: dict[str, list[Row]] = {lance: [] for lance in LANCES}
    for _ in range(deals):
        ids = deal_hands(t, rng, mus_share)
        for lance in LANCES:
            got = lance_sample(t, lance, ids)
            if got is not None:
                out[lance].append(got)
    return out


def bucket_map(t: Tables, lance: str, rows: list[Row]) -> list[int]:
    """A hand id's bucket at ``lance``: strengths cut at the quantiles of the teams'
    (a hand that does not take part in the lance: bucket 0)."""
    values = sorted([r[0] for r in rows] + [r[1] for r in rows])
    edges: list[float] = []
    for q in range(1, BUCKETS):
        e = values[q * len(values) // BUCKETS]
        if not edges or e > edges[-1]:
            edges.append(e)
    has = t.has_pares if lance == "pares" else t.has_juego if lance == "juego" else None
    out = []
    for i in range(len(t.sigs)):
        strength = t.pct[lance][i] if has is None or has[i] else -1.0
        out.append(sum(1 for e in edges if strength >= e))
    return out


def stats_for(rows: list[Row], buckets: list[int]) -> Stats:
    stats = [[[0.0] * 6 for _ in range(BUCKETS)] for _ in range(BUCKETS)]
    for _, _, ha, hb, a_wins, va, vb in rows:
        cell = stats[buckets[ha]][buckets[hb]]
        cell[0] += 1
        cell[1] += 1 if a_wins else -1
        if a_wins:
            cell[2] += va
        else:
            cell[3] += vb
        cell[4] += va
        cell[5] += vb
    return stats


def mean_chances(stats: Stats, role: int) -> list[int]:
    """Per bucket of team ``role``, its chance of winning the lance, in thousandths."""
    out = []
    for x in range(BUCKETS):
        cells = [stats[x][y] if role == 0 else stats[y][x] for y in range(BUCKETS)]
        n = sum(c[0] for c in cells)
        signed = sum(c[1] for c in cells)
        a_wins = (n + signed) / 2
        out.append(int(1000 * (a_wins if role == 0 else n - a_wins) / n + 0.5) if n else -1)
    return out


def utilities(tree: Tree, lance: str, stats: Stats, total: int) -> list[list[list[float]]]:
    """For every node, A's expected tantos per (a, b) weighed by how often (a, b) is dealt
    (an empty list for deciding nodes)."""
    plain = lance in ("grande", "chica")
    out: list[list[list[float]]] = []
    for i in range(len(tree.team)):
        kind = tree.team[i]
        if kind < 2:
            out.append([])
            continue
        amount, bettor = tree.amount[i], tree.bettor[i]
        u = [[0.0] * BUCKETS for _ in range(BUCKETS)]
        for a in range(BUCKETS):
            for b in range(BUCKETS):
                n, signed, won_a, won_b, va, vb = stats[a][b]
                if kind == SHOWDOWN:
                    v = signed if plain else won_a - won_b
                elif kind == CALLED:
                    v = amount * signed + won_a - won_b
                else:   # REFUSED
                    v = amount * n + va if bettor == 0 else -(amount * n + vb)
                u[a][b] = v / total
        out.append(u)
    return out


Counts = dict[int, list[list[float]]]   # deciding node -> per bucket, how often each action


def observe(level: str, buckets: list[list[int]], juegos: int, seed: int) -> list[Counts]:
    """How a level bets: per lance, deciding node and team bucket (its two real hands, the
    ``buckets`` maps), how often it took each action, over ``juegos`` of it against itself.
    A refusal with the partner still to answer is left to the partner (the team's answer);
    an órdago and what follows leave the tree."""
    from mus.ai import make_bot
    from mus.ai.arena import arena_rules
    from mus.ai.cfr import ENVIDO, ENVIDO_5, NO_QUIERO, QUIERO, RAISE, node_of
    from mus.ai.tables import card_index
    from mus.game import Game

    tree = Tree()
    t = tables_for(8, False)
    counts: list[Counts] = [{} for _ in LANCES]
    for j in range(juegos):
        game = Game.new(arena_rules(), seed * 1_000_003 + j)
        bots = [make_bot(level, seed * 4 + s) for s in range(4)]
        while game.history == [] or game.history[-1]["juego_winner"] is None:
            seat = game.to_play
            assert seat is not None
            obs = game.observation(seat)
            action = bots[seat].choose(obs)
            lance = str(obs["phase"])
            bet: dict[str, Any] = dict(obs["bet"] or {})
            if lance in LANCES and not bet.get("ordago"):
                bets = [(int(e["seat"]), str(e["action"])) for e in obs["log"]
                        if e.get("phase") == lance and e["action"] not in _DECLARED]
                mano = int(obs["mano"])
                node = node_of(tree, bets, mano, seat)
                code = -1
                answering = list(bet.get("answering") or [])
                if node >= 0 and tree.actions[node][0] == 0:   # an opening
                    code = 0 if action == "paso" else (ENVIDO if action == "envido" or (
                        action.startswith("envido ") and int(action[7:]) <= 3) else ENVIDO_5
                        if action.startswith("envido") else -1)
                elif node >= 0:
                    code = (QUIERO if action == "quiero" else RAISE if action.startswith("envido")
                            else NO_QUIERO if action == "no quiero" and len(answering) < 2 else -1)
                k = tree.actions[node].index(code) if node >= 0 and code in tree.actions[node] else -1
                if k >= 0:
                    li = LANCES.index(lance)
                    ids = [t.hand_id([card_index(c) for c in game.hand(s)]) for s in (seat, (seat + 2) % 4)]
                    b = max(buckets[li][ids[0]], buckets[li][ids[1]])
                    if node not in counts[li]:
                        counts[li][node] = [[0.0] * len(tree.actions[node]) for _ in range(BUCKETS)]
                    counts[li][node][b][k] += 1
            game = game.apply(action)
    return counts


_DECLARED = ("pares sí", "pares no", "juego sí", "juego no")


class Solver:
    """CFR+ on one lance's tree with the bucket vectors of both teams."""

    def __init__(self, tree: Tree, util: list[list[list[float]]], tremble: float = 0.0,
                 model: Counts | None = None, modelled: int = -1) -> None:
        self.tree, self.util, self.tremble = tree, util, tremble
        # Team ``modelled`` plays, where it was watched, a mixture of what it was seen to do
        # (weighed by how often: MODEL_WEIGHT at most) and its regrets' strategy.
        self.modelled = modelled
        self.model: dict[int, list[tuple[float, list[float]]]] = {}
        for node, rows in (model or {}).items():
            self.model[node] = []
            for row in rows:
                n = sum(row)
                w = MODEL_WEIGHT * n / (n + MODEL_PRIOR)
                self.model[node].append((w, [x / n for x in row] if n else [0.0] * len(row)))
        n = len(tree.team)
        self.regret = [[[0.0] * len(tree.actions[i]) for _ in range(BUCKETS)] for i in range(n)]
        self.total = [[[0.0] * len(tree.actions[i]) for _ in range(BUCKETS)] for i in range(n)]
        self.weight = 0.0

    def current(self, i: int) -> list[list[float]]:
        """Regret matching, every action kept at ``tremble`` / its count at least: the
        solved game is the perturbed one, so that the answers to bets an equilibrium would
        never make (and other players do) are answers to something."""
        out = []
        e = self.tremble
        for r in self.regret[i]:
            s = sum(r)
            n = len(r)
            sigma = [x / s for x in r] if s > 0 else [1.0 / n] * n
            out.append([(1.0 - e) * x + e / n for x in sigma])
        if self.tree.team[i] == self.modelled and i in self.model:
            for x, (w, seen) in enumerate(self.model[i]):
                out[x] = [(1.0 - w) * p + w * q for p, q in zip(out[x], seen)]
        return out

    def average(self, i: int) -> list[list[float]]:
        out = []
        for r in self.total[i]:
            s = sum(r)
            out.append([x / s for x in r] if s > 0 else [1.0 / len(r)] * len(r))
        return out

    def walk(self, i: int, ra: list[float], rb: list[float]) -> tuple[list[float], list[float]]:
        tree = self.tree
        kind = tree.team[i]
        if kind >= 2:
            u = self.util[i]
            va = [sum(u[a][b] * rb[b] for b in range(BUCKETS)) for a in range(BUCKETS)]
            vb = [-sum(u[a][b] * ra[a] for a in range(BUCKETS)) for b in range(BUCKETS)]
            return va, vb
        sigma = self.current(i)
        mine, theirs = (ra, rb) if kind == 0 else (rb, ra)
        values_mine = [0.0] * BUCKETS
        values_theirs = [0.0] * BUCKETS
        child_values = []
        for k, child in enumerate(tree.children[i]):
            reach = [mine[x] * sigma[x][k] for x in range(BUCKETS)]
            ca, cb = self.walk(child, reach, rb) if kind == 0 else self.walk(child, ra, reach)
            cm, ct = (ca, cb) if kind == 0 else (cb, ca)
            child_values.append(cm)
            for x in range(BUCKETS):
                values_mine[x] += sigma[x][k] * cm[x]
                values_theirs[x] += ct[x]
        regret, total, w = self.regret[i], self.total[i], self.weight
        for x in range(BUCKETS):
            for k in range(len(child_values)):
                r = regret[x][k] + child_values[k][x] - values_mine[x]
                regret[x][k] = r if r > 0.0 else 0.0
                total[x][k] += w * mine[x] * sigma[x][k]
        return (values_mine, values_theirs) if kind == 0 else (values_theirs, values_mine)

    def solve(self, iterations: int) -> None:
        ones = [1.0] * BUCKETS
        for t in range(1, iterations + 1):
            self.weight = float(t)
            self.walk(0, ones, ones)

    def best_response(self, i: int, team: int, reach: list[float]) -> list[float]:
        """The counterfactual values of ``team`` playing its best against the average
        strategy of the other, whose reach is ``reach``."""
        tree = self.tree
        kind = tree.team[i]
        if kind >= 2:
            u = self.util[i]
            if team == 0:
                return [sum(u[a][b] * reach[b] for b in range(BUCKETS)) for a in range(BUCKETS)]
            return [-sum(u[a][b] * reach[a] for a in range(BUCKETS)) for b in range(BUCKETS)]
        if kind == team:
            children = [self.best_response(c, team, reach) for c in tree.children[i]]
            return [max(c[x] for c in children) for x in range(BUCKETS)]
        sigma = self.average(i)
        out = [0.0] * BUCKETS
        for k, c in enumerate(tree.children[i]):
            v = self.best_response(c, team, [reach[x] * sigma[x][k] for x in range(BUCKETS)])
            for x in range(BUCKETS):
                out[x] += v[x]
        return out

    def exploitability(self) -> float:
        ones = [1.0] * BUCKETS
        return (sum(self.best_response(0, 0, ones)) + sum(self.best_response(0, 1, ones))) / 2


def quantized(shares: list[float]) -> list[int]:
    """Shares as thousandths that add up to SCALE exactly (the largest takes the rest)."""
    total = sum(shares)
    q = [int(s / total * SCALE + 0.5) for s in shares]
    big = max(range(len(q)), key=lambda k: (q[k], -k))
    q[big] += SCALE - sum(q)
    return q


def build(deals: int, iterations: int, seed: int, mus_share: float, tremble: float,
          watch: str = "", juegos: int = 0, log: bool = True) -> str:
    t = tables_for(8, False)
    tree = Tree()
    rows = sample(t, deals, seed, mus_share)
    maps = [bucket_map(t, lance, rows[lance]) for lance in LANCES]
    # With a level watched: each team's strategy is its best answer to that level's play
    # (solved with the other team modelled), not an equilibrium.
    counts = observe(watch, maps, juegos, seed) if watch else [{} for _ in LANCES]
    bucket_rows: list[str] = []
    strategy_rows: list[list[int]] = []
    chance_rows: list[tuple[list[int], list[int]]] = []
    for li, lance in enumerate(LANCES):
        stats = stats_for(rows[lance], maps[li])
        util = utilities(tree, lance, stats, len(rows[lance]))
        solvers = []
        for ours in (0, 1):
            solver = Solver(tree, util, tremble, counts[li], 1 - ours if watch else -1)
            solver.solve(iterations)
            solvers.append(solver)
            if log:
                print(f"{lance}: {len(rows[lance])} deals, {int(sum(sum(map(sum, r)) for r in counts[li].values()))} "
                      f"watched decisions, exploitability {solver.exploitability():.4f} tantos a lance",
                      file=sys.stderr)
            if not watch:
                solvers.append(solver)
                break
        bucket_rows.append("".join(chr(48 + b) for b in maps[li]))
        chance_rows.append((mean_chances(stats, 0), mean_chances(stats, 1)))
        flat: list[int] = []
        for i in tree.decisions:
            n = len(tree.actions[i])
            for shares in solvers[tree.team[i]].average(i):   # the trembles taken out again
                flat += quantized([max(0.0, (x - tremble / n) / (1.0 - tremble)) for x in shares])
        strategy_rows.append(flat)
    lines = [
        '"""Generated by ``python -m tools.build.cfr_table`` (do not edit): the solved betting',
        "of each lance (``mus.ai.cfr``), for the default table (8 reyes).",
        "",
        "``BUCKET_OF[lance]``: a hand id's bucket, as a character from '0'. ``STRATEGY[lance]``:",
        "per deciding node (in ``Tree.decisions`` order), per bucket, the node's actions' shares",
        'in thousandths."""',
        "",
        f"SOURCE = \"deals={deals} iterations={iterations} seed={seed} mus={mus_share} tremble={tremble} "
        f"watch={watch or '-'} juegos={juegos}\"",
        f"HANDS = {len(t.sigs)}",
        "BUCKET_OF = (",
    ]
    for row in bucket_rows:
        lines.append(f'    "{row}",')
    lines.append(")")
    lines.append("CHANCE = (")
    for a_row, b_row in chance_rows:
        lines.append(f"    ({tuple(a_row)}, {tuple(b_row)}),")
    lines.append(")")
    lines.append("STRATEGY = (")
    for flat in strategy_rows:
        lines.append("    (")
        for k in range(0, len(flat), 24):
            lines.append("        " + ", ".join(str(x) for x in flat[k:k + 24]) + ",")
        lines.append("    ),")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build.cfr_table", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=150_000)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mus", type=float, default=0.6, help="share of deals that go through a discard")
    parser.add_argument("--tremble", type=float, default=0.05,
                        help="the least share of every action while solving (a perturbed game)")
    parser.add_argument("--watch", default="dificil",
                        help="a level whose play each team answers best ('': the equilibrium)")
    parser.add_argument("--juegos", type=int, default=1000, help="juegos of --watch against itself")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare with the table written, write nothing")
    args = parser.parse_args(argv)
    text = build(args.deals, args.iterations, args.seed, args.mus, args.tremble, args.watch, args.juegos)
    if args.check:
        same = args.out.exists() and args.out.read_text() == text
        print("the table matches" if same else f"{args.out} differs from what the command builds")
        return 0 if same else 1
    args.out.write_text(text)
    print(f"wrote {args.out} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
