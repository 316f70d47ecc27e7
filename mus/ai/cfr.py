"""A lance's betting as a small game between two teams, and its solved strategy.

Once each team's hands are reduced to a strength *bucket* (``BUCKETS`` per lance, the best of
the two hands' strengths at that lance), the betting of a lance is a small two-player game:
the mano's team (``A``) and the other (``B``) speak in turn, A first, four openings at most;
an opening is a paso or an envite of 2 or 5; facing a bet a team refuses, calls or raises by
2, ``MAX_RAISES`` raises at most. Payoffs are tantos: en paso the lance's winner scores it (a
tanto at grande and chica, the team's pares, juego or punto otherwise); a refusal gives the
bettor the deje and his team's own pares or juego; a call gives the winner the stake and his
team's own. ``tools/build/cfr_table.py`` samples deals for the joint distribution of the two
teams' buckets, solves each lance's game by counterfactual regret minimisation (CFR+), each
team against how ``dificil`` was seen to bet, and writes the average strategy into
``cfr_table``; ``team_choice`` reads it for a team that knows both its hands (the test-only
level ``knowing --solved``), its bucket the one whose hands win the lance as often as the
team judges it will.

The tree is built here so that the solver and the bots walk the same nodes in the same
order:

>>> tree = Tree()
>>> tree.team[0], [ACTION_NAMES[a] for a in tree.actions[0]]
(0, ['paso', 'envido', 'envido 5'])
>>> len(tree.decisions)
28
"""

from __future__ import annotations

from typing import Final

from ..rng import Random
from .view import View

PASO, ENVIDO, ENVIDO_5, NO_QUIERO, QUIERO, RAISE = range(6)
ACTION_NAMES: Final = ("paso", "envido", "envido 5", "no quiero", "quiero", "envido")
OPEN_AMOUNT: Final = (0, 2, 5)
RAISE_AMOUNT: Final = 2
MAX_RAISES: Final = 2
OPENINGS: Final = 4
BUCKETS: Final = 10
LANCES: Final = ("grande", "chica", "pares", "juego", "punto")
# Node kinds besides a team deciding (0 for A, 1 for B).
SHOWDOWN, CALLED, REFUSED = 2, 3, 4


class Tree:
    """Every node of a lance's betting game, numbered depth first. For node ``i``:
    ``team[i]`` (0 or 1, who decides, or SHOWDOWN, CALLED, REFUSED for an end),
    ``actions[i]`` and ``children[i]`` (parallel), ``amount[i]`` (the stake called or the
    deje refused), ``bettor[i]`` (the team that scores a refused deje), ``decisions`` the
    deciding nodes in order, ``row[i]`` a deciding node's place there and ``offset[row]``
    where its shares start in a lance's table (a bucket's shares after the lower ones')."""

    __slots__ = ("team", "actions", "children", "amount", "bettor", "decisions", "row", "offset")

    def __init__(self) -> None:
        self.team: list[int] = []
        self.actions: list[tuple[int, ...]] = []
        self.children: list[tuple[int, ...]] = []
        self.amount: list[int] = []
        self.bettor: list[int] = []
        self.decisions: list[int] = []
        self.row: list[int] = []
        self.offset: list[int] = []   # where a deciding node's shares start in a lance's table
        self._opening(0)
        k = 0
        for i in range(len(self.team)):
            if self.team[i] < 2:
                self.decisions.append(i)
                self.offset.append(k)
                k += BUCKETS * len(self.actions[i])
            self.row.append(len(self.decisions) - 1 if self.team[i] < 2 else -1)

    def _node(self, team: int, amount: int = 0, bettor: int = -1) -> int:
        self.team.append(team)
        self.actions.append(())
        self.children.append(())
        self.amount.append(amount)
        self.bettor.append(bettor)
        return len(self.team) - 1

    def _opening(self, pos: int) -> int:
        if pos == OPENINGS:
            return self._node(SHOWDOWN)
        team = pos & 1
        i = self._node(team)
        children = [self._opening(pos + 1)]
        for amount in OPEN_AMOUNT[1:]:
            children.append(self._answer(1 - team, 0, amount, team, 0))
        self.actions[i] = (PASO, ENVIDO, ENVIDO_5)
        self.children[i] = tuple(children)
        return i

    def _answer(self, team: int, table: int, pending: int, bettor: int, raises: int) -> int:
        i = self._node(team)
        actions = [NO_QUIERO, QUIERO]
        children = [self._node(REFUSED, table or 1, bettor), self._node(CALLED, table + pending)]
        if raises < MAX_RAISES:
            actions.append(RAISE)
            children.append(self._answer(1 - team, table + pending, RAISE_AMOUNT, team, raises + 1))
        self.actions[i] = tuple(actions)
        self.children[i] = tuple(children)
        return i

    def child(self, i: int, action: int) -> int:
        """The node after ``action`` at ``i``; -1 if it is not one of its actions."""
        actions = self.actions[i]
        for k in range(len(actions)):
            if actions[k] == action:
                return self.children[i][k]
        return -1


def node_of(tree: Tree, bets: list[tuple[int, str]], mano: int, me: int) -> int:
    """The node where seat ``me`` decides after ``bets`` (seat, action) of this lance, or -1
    if the betting left the game's tree (an órdago, an unexpected turn, too many raises).
    Seats that do not speak in a lance count as passing; a refusal followed by its
    partner's answer is the team's answer, the partner's."""
    node = 0
    n = len(bets)
    for k in range(n):
        seat, action = bets[k]
        team = (seat - mano) & 1
        kind = tree.team[node]
        if kind >= 2:
            return -1
        if tree.actions[node][0] == PASO:   # an opening
            while tree.team[node] == 1 - team:
                node = tree.children[node][0]
                if tree.team[node] >= 2:
                    return -1
            if action == "paso":
                node = tree.children[node][0]
            elif action.startswith("envido"):
                rest = action[6:].strip()
                node = tree.child(node, ENVIDO if not rest or int(rest) <= 3 else ENVIDO_5)
            else:
                return -1
            continue
        if kind != team:
            return -1
        if action == "no quiero":
            if k + 1 < n and (bets[k + 1][0] - mano) & 1 == team:
                continue   # the partner answers for the team
            return -1
        if action.startswith("envido"):
            node = tree.child(node, RAISE)
            if node < 0:
                return -1
            continue
        return -1
    mine = (me - mano) & 1
    while tree.team[node] == 1 - mine and tree.actions[node][0] == PASO:
        node = tree.children[node][0]
    return node if tree.team[node] == mine else -1


_TREE: list[Tree] = []


def tree() -> Tree:
    """The one tree (built on first use)."""
    if not _TREE:
        _TREE.append(Tree())
    return _TREE[0]


def bucket_of_chance(lance: str, team: int, chance: float, chances: tuple[tuple[int, ...], ...]) -> int:
    """The bucket whose hands win the lance as often as ``chance`` (the nearest), for
    ``team`` (0 the mano's); ``chances`` are the table's, per bucket in thousandths."""
    row = chances[team]
    per_mille = int(chance * 1000 + 0.5)
    best, gap = 0, 2000
    for b in range(len(row)):
        if row[b] >= 0 and abs(row[b] - per_mille) < gap:
            best, gap = b, abs(row[b] - per_mille)
    return best


def team_choice(view: View, chance: float, rng: Random) -> str | None:
    """The solved strategy's action for the seat of ``view`` whose team wins the lance
    with ``chance`` (as it judges it before this lance's bets), drawn with ``rng``; None
    where the game's tree does not reach (an órdago, other rules, an unexpected turn)."""
    from . import cfr_table

    lance = view.phase
    if lance not in LANCES or len(view.tables.sigs) != cfr_table.HANDS or view.tables.class_size[7]:
        return None   # the table is solved for 8 reyes (a 3 is a rey: no class of its own)
    bet = view.bet or {}
    if bet.get("ordago"):
        return None
    bets = view.bets_in(lance)
    if bet.get("answering") and bets and bets[-1] == (view.partner, "no quiero"):
        return "no quiero"   # the team refused: the partner answered for both
    t = tree()
    node = node_of(t, bets, view.mano, view.seat)
    if node < 0:
        return None
    li = LANCES.index(lance)
    bucket = bucket_of_chance(lance, t.team[node], chance, cfr_table.CHANCE[li])
    actions = t.actions[node]
    start = t.offset[t.row[node]] + bucket * len(actions)
    shares = cfr_table.STRATEGY[li][start:start + len(actions)]
    r = rng.random() * sum(shares)
    for k in range(len(actions)):
        r -= shares[k]
        if r < 0:
            return ACTION_NAMES[actions[k]]
    return ACTION_NAMES[actions[-1]]
