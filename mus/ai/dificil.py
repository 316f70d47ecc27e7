"""Level ``dificil``: reads the table, plays for the team and for the score.

* Mus and discards by expected value: the hand's equity now (against hands nobody has
  improved) is weighed against the best of the 15 discards, each scored exactly over
  every draw from the unseen cards (against hands that have been through a discard).
* Bets from a belief over the other three hands (``Belief``): samples consistent with the
  declarations, weighted by the mus votes, discard counts and bets seen so far. Every
  option (paso, envido, a raise, órdago, quiero, no quiero) is valued by the chance of
  winning the juego afterwards, over those samples: the lance is counted as it would be
  at the end of the hand, together with what the other lances bring, and a model of how
  the rivals (or the partner, after our refusal) answer a bet.
* Score: that chance comes from a table of juego-winning chances by tantos still needed,
  so dejes, órdagos and refusals near the target are valued for what they decide.
* Mixed strategy: among options of near-equal value it picks at random (softmax), and it
  bluffs and slow-plays at small seeded frequencies.

>>> import mus
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1).apply("no hay mus")
>>> while g.phase != "juego":
...     g = g.apply("paso")
>>> g = g.apply("envido").apply("envido 5")   # at juego, the rival raises our 31 mano
>>> DificilBot(1).choose(g.observation(0)) != "no quiero"
True
"""

from __future__ import annotations

import math
from typing import Any, TypeAlias

from ..observation import Observation
from ..rng import Random
from ..rules import Rules
from . import reasons
from .belief import Belief, _sigmoid
from .seeded import SeededBot
from .senas import habit, senas_decision
from .showdown import ORDER, Entry, count_lines, lance_lines
from .strength import perceived_for
from .tables import tables_for, win_table
from .view import View, best_discard, envido_amount, legalize, playable

SAMPLES = 160
ACCEPT_WIDTH = 0.025
ORDAGO_CENTRE = 0.72         # how good a hand others want to see an órdago
LOOSE_ORDAGO_CENTRE = 0.45   # ... when they call it loosely
TILT = 0.08   # we expect to outplay the rivals a little: no needless gambles
MUS_MARGIN = (0.0, 0.0, 0.0, 0.0)   # extra advantage needed to cut, by seat from the mano
BLUFF = 0.03       # how often a weak hand envida at grande or chica when it costs little
SLOW_PLAY = 0.04   # how often a strong hand passes, letting a rival after it speak first
MUS_MIX = 0.1      # the mus is mixed where the edge of cutting is within this (tantos)
TEMPERATURE = 0.1  # of the softmax among near-equal options, in tantos
# A player who saw his partner's señas judges from a belief that also reads our bets (as
# ``normal`` does, see ``belief``): against the team strength he saw, he opens a little
# lower and answers from much higher up. (open, call, call an órdago, raise) centres are
# lifted by these.
SEEN_LIFT = (-0.05, 0.3, 0.2, 0.11)
NO_LIFT = (0.0, 0.0, 0.0, 0.0)

# A betting round's position: table, pending, ordago, bettor, answering, next speaker.
State: TypeAlias = "tuple[int, int, bool, int, tuple[int, ...], int]"


class DificilBot(SeededBot):
    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        _warm_up()

    def decide(self, observation: Observation) -> reasons.Decision:
        view = playable(observation)
        hand = list(observation["hand"])
        if view.phase == "mus":
            return self._mus(view, hand)
        if view.phase == "descarte":
            thrown, expected = best_discard(view.tables, view.cards,
                                            view.tables.equity_imp[view.pos], _unseen(view))
            action = "descarte " + " ".join(map(str, thrown))
            return reasons.Decision(action, {
                "kind": "descarte", "level": "dificil", "action": action, "hand": hand,
                "keep": [c for p, c in enumerate(hand) if p not in thrown],
                "expected": reasons.rounded(expected)})
        if view.phase == "senas":
            return senas_decision(view, "dificil", hand)
        valued = Decision(view, self._rng)
        chosen = valued.choose()
        action = legalize(chosen, view.legal)
        bet = view.bet or {}
        return reasons.Decision(action, {
            "kind": "bet", "level": "dificil", "action": action, "lance": view.phase,
            "hand": hand, "chance": reasons.rounded(valued._my_chance),
            "facing": bool(valued.answering), "ordago": valued.ordago,
            "stake": valued.table + valued.pending, "valued": chosen, "pick": valued.pick,
            "options": {k: reasons.rounded(v) for k, v in valued.values},
            "samples": len(valued.worlds)})

    # --- mus ------------------------------------------------------------------------------

    def _mus(self, view: View, hand: list[str]) -> reasons.Decision:
        t, pos = view.tables, view.pos
        now = t.equity[pos][view.hand_id] - t.mean_equity_rand[pos]
        thrown, after = best_discard(t, view.cards, t.equity_imp[pos], _unseen(view))
        later = after - t.mean_equity_imp[pos]
        # Rivals who asked for mus before us hold weaker hands than a random one.
        weak_rivals = sum(1 for s in view.rivals if view.votes.get(s) == "mus")
        edge = now - later + 0.15 * weak_rivals - MUS_MARGIN[pos]
        if abs(edge) < MUS_MIX:
            action = "no hay mus" if self._rng.random() < 0.5 + edge * 0.5 / MUS_MIX else "mus"
        else:
            action = "no hay mus" if edge > 0 else "mus"
        # now and after in tantos of the hand; the edge compares each with its average.
        return reasons.Decision(action, {
            "kind": "mus", "level": "dificil", "action": action, "hand": hand,
            "keep": [c for p, c in enumerate(hand) if p not in thrown],
            "now": reasons.rounded(t.equity[pos][view.hand_id]), "after": reasons.rounded(after),
            "edge": reasons.rounded(edge), "weak_rivals": weak_rivals})


class World:
    """One sampled deal evaluated lance by lance from our team's side."""

    __slots__ = ("win", "vals", "before", "after")

    def __init__(self, win: bool, vals: tuple[int, int], before: list[Entry],
                 after: list[Entry]) -> None:
        self.win = win          # our team wins the current lance
        self.vals = vals        # (ours, theirs) tantos the lance pays besides the bet
        self.before = before    # count lines of lances already decided
        self.after = after      # count lines of the lances still to come, en paso


class Decision:
    """Value every betting option of the current lance and pick one."""

    def __init__(self, view: View, rng: Random) -> None:
        self.view = view
        self.rng = rng
        self.lance = view.phase
        self.target = view.target
        self.wtab = win_table(self.target, TILT)
        self.wsym = win_table(self.target)
        bet = view.bet or {}
        self.table = int(bet.get("table", 0))
        self.pending = int(bet.get("pending", 0))
        self.ordago = bool(bet.get("ordago"))
        self.answering: list[int] = list(bet.get("answering") or [])
        self.speakers: list[int] = list(bet.get("speakers") or [0, 1, 2, 3])
        self.belief = Belief(view, rng, SAMPLES, habit(view))
        self.worlds: list[World] = []
        self.seen_x: list[list[float]] = []   # every seat's own view of its chance, per sample
        self.seen_team: list[list[bool]] = []   # ... and whether that is his team's (señas seen)
        self._my_chance = 0.5
        self.values: list[tuple[str, float]] = []   # (option, value) in the order weighed
        self.pick = "best"
        self.ordago_centre = ORDAGO_CENTRE
        bettor = bet.get("bettor")
        self.bettor = int(bettor) if bettor is not None else -1
        passes = sum(1 for _, a in view.bets_in(self.lance) if a == "paso")
        self.next_index = passes
        # Who answers a bet by each seat, and what refusing a deje leaves each team: the
        # play-outs ask these hundreds of thousands of times.
        self.answerers = [tuple(s for s in ((seat + 1) % 4, (seat + 3) % 4) if s in self.speakers)
                          for seat in range(4)]
        self.refusals: dict[tuple[int, int], float] = {}
        self._evaluate()

    # --- worlds -----------------------------------------------------------------------

    def _evaluate(self) -> None:
        view = self.view
        team = view.team
        speakers = self.speakers
        rivals = [s for s in view.rivals if s in speakers]
        partner = view.partner
        seen = {s: perceived_for(view, s, self.lance) for s in rivals + [partner]}
        team_seen = [self.belief.sees_team(s) for s in range(4)]
        resolved = view.lances
        for ids, saw in zip(self.belief.worlds, self.belief.saw):
            lines: dict[str, list[Entry]] = {}
            current: tuple[bool, tuple[int, int]] = (False, (0, 0))
            for line in lance_lines(view, ids):
                if line.name == self.lance:
                    current = (line.won, line.vals)
                    continue
                outcome = resolved.get(line.name)
                lines[line.lance] = count_lines(line.name, outcome, line.won, line.vals, team)
            before: list[Entry] = []
            after: list[Entry] = []
            passed = False
            for lance in ORDER:
                if lance == self.lance or (lance == "juego" and self.lance == "punto"):
                    passed = True
                    continue
                (after if passed else before).extend(lines.get(lance, []))
            self.worlds.append(World(current[0], current[1], before, after))
            xs = [seen[s][ids[s]] if s in seen else 0.0 for s in range(4)]
            flags = list(team_seen)
            for s, partner_senas in saw.items():
                if s in seen:
                    xs[s] = self.belief.team_strength(s, self.lance, partner_senas)[ids[s]]
                    flags[s] = True
            self.seen_x.append(xs)
            self.seen_team.append(flags)

    # --- utilities --------------------------------------------------------------------

    def _value(self, us: int, them: int, lines: list[Entry]) -> float:
        """Chance of winning the juego from score (us, them) once ``lines`` are counted."""
        target = self.target
        if us >= target:
            return 1.0
        if them >= target:
            return 0.0
        gain_us = gain_them = 0
        for mine, p in lines:
            if mine:
                gain_us += p
            else:
                gain_them += p
        if us + gain_us < target and them + gain_them < target:
            return self.wtab[target - us - gain_us][target - them - gain_them]
        for mine, p in lines:
            if mine:
                us += p
                if us >= target:
                    return 1.0
            else:
                them += p
                if them >= target:
                    return 0.0
        return self.wtab[target - us][target - them]

    def _paso(self, w: World) -> float:
        won = w.win
        pts = 1 if self.lance in ("grande", "chica") else w.vals[0 if won else 1]
        return self._value(self.view.us, self.view.them, w.before + [(won, pts)] + w.after)

    def _querido(self, w: World, stake: int) -> float:
        won = w.win
        pts = stake + w.vals[0 if won else 1]
        return self._value(self.view.us, self.view.them, w.before + [(won, pts)] + w.after)

    def _deje(self, w: World, to_us: bool, amount: int) -> float:
        us, them = self.view.us, self.view.them
        if to_us:
            us += amount
        else:
            them += amount
        extra = w.vals[0 if to_us else 1]
        lines = w.before + ([(to_us, extra)] if extra else []) + w.after
        return self._value(us, them, lines)

    def _ordago(self, w: World) -> float:
        return 1.0 if w.win else 0.0

    def _w(self, us: int, them: int) -> float:
        if us >= self.target:
            return 1.0
        if them >= self.target:
            return 0.0
        return self.wtab[self.target - us][self.target - them]

    def _accept(self, x: float, stake: int, ordago: bool, refuse_value: float,
                lift: float) -> float:
        """Chance that a side whose own estimate of winning the lance is ``x`` accepts
        a bet of ``stake`` (or an órdago) when refusing leaves it ``refuse_value``, its
        chance of winning the juego after the deje; ``lift`` raises the centre."""
        x -= lift
        if refuse_value <= 0.0:
            return 1.0
        if ordago:
            if refuse_value >= 0.2:
                centre = self.ordago_centre + 0.1 * (refuse_value - 0.5)
            else:   # refusing all but loses the juego: anything decent calls
                centre = 0.3 + (self.ordago_centre - 0.33) * refuse_value / 0.2
            return _sigmoid((x - centre) / ACCEPT_WIDTH)
        centre = min(0.62, 0.42 + 0.06 * math.log2(max(stake, 2) / 2))
        return _sigmoid((x - centre) / ACCEPT_WIDTH)

    # --- options ------------------------------------------------------------------------

    def options(self) -> list[tuple[str, float]]:
        """Chance of winning the juego after each of our options, averaged over the
        sampled deals; in each deal the rest of the betting round is played out with the
        other players acting on their own hands (``_policy``) and us on our estimate."""
        view = self.view
        facing = bool(self.answering)
        weights = self.belief.weights
        self._my_chance = sum(w for w, world in zip(weights, self.worlds) if world.win)
        if not facing:
            choices = ["paso", "envido", "envido 5", "envido 10", "ordago"]
        elif self.ordago:
            choices = ["quiero", "no quiero"]
        else:
            choices = ["quiero", "no quiero", "envido", "ordago"]
        start = (self.table, self.pending, self.ordago, self.bettor, tuple(self.answering),
                 self.next_index)
        out: list[tuple[str, float]] = []
        rng = self.rng
        for action in choices:
            # An órdago must pay against rivals who call it tightly and loosely alike:
            # nobody knows for sure how much a rival needs to see an órdago.
            models = [ORDAGO_CENTRE, LOOSE_ORDAGO_CENTRE] if action == "ordago" else [ORDAGO_CENTRE]
            values = []
            for self.ordago_centre in models:
                values.append(self._average(start, action, rng))
            self.ordago_centre = ORDAGO_CENTRE
            out.append((action, min(values)))
        return out

    def _average(self, start: State, action: str, rng: Random) -> float:
        """Value of our ``action`` over the sampled deals. Where the round comes back to
        us, we answer as we would then, knowing what the others did: with the answer
        that is best over all the deals that lead to that same position."""
        weights, worlds, me = self.belief.weights, self.worlds, self.view.seat
        total = 0.0
        nodes: dict[State, list[int]] = {}
        for i, (world, weight) in enumerate(zip(worlds, weights)):
            if weight:
                value, node = self._rollout(world, i, start, me, action, rng, True)
                if node is None:
                    total += weight * value
                else:
                    nodes.setdefault(node, []).append(i)
        for node in sorted(nodes):   # sorted: the same random draws on every runtime
            members = nodes[node]
            total += max(sum(weights[i] * self._rollout(worlds[i], i, node, me, answer, rng,
                                                        False)[0] for i in members)
                         for answer in _answers(node))
        return total

    def _rollout(self, world: World, i: int, state: State, seat: int, action: str,
                 rng: Random, stop: bool) -> tuple[float, State | None]:
        """Play the betting round to its end from ``state`` with ``seat`` taking ``action``;
        with ``stop``, stop where it comes back to us and return that position instead."""
        table, pending, ordago, bettor, answering, nxt = state
        speakers = self.speakers
        me, team = self.view.seat, self.view.team
        xs, flags = self.seen_x[i], self.seen_team[i]
        for _step in range(12):
            if action == "paso":
                nxt += 1
                if nxt >= len(speakers):
                    return self._paso(world), None
            elif action == "quiero":
                if ordago:
                    return self._ordago(world), None
                return self._querido(world, table + pending), None
            elif action == "no quiero":
                answering = answering[1:]
                if not answering:
                    amount = table or 1
                    return self._deje(world, bettor & 1 == team, amount), None
            else:   # a bet or a raise
                table += pending
                if action == "ordago":
                    pending, ordago = 0, True
                else:
                    pending = _AMOUNTS[action]
                bettor = seat
                answering = self.answerers[seat]
            seat = answering[0] if answering else speakers[nxt]
            if seat == me:
                if stop:
                    return 0.0, (table, pending, ordago, bettor, answering, nxt)
                action = self._my_policy(table, pending, ordago, bool(answering))
            else:
                action = self._policy(seat, xs[seat], table, pending, ordago, bettor,
                                      bool(answering), rng, SEEN_LIFT if flags[seat] else NO_LIFT)
        return self._paso(world), None

    def _my_policy(self, table: int, pending: int, ordago: bool, facing: bool) -> str:
        """What we would do if the round comes back to us (from our chance alone)."""
        p = self._my_chance
        if not facing:
            return "envido" if p >= 0.65 else "paso"
        if ordago:
            return "quiero" if p >= 0.75 else "no quiero"
        stake = table + pending
        return "quiero" if p >= min(0.7, 0.5 + 0.04 * stake) else "no quiero"

    def _policy(self, seat: int, x: float, table: int, pending: int, ordago: bool,
                bettor: int, facing: bool, rng: Random, lift: tuple[float, ...]) -> str:
        """How another player (rival or partner) acts with strength ``x`` as he sees it
        (``lift``: SEEN_LIFT when that is his team's strength, seen with señas)."""
        open_lift, call_lift, ordago_lift, raise_lift = lift
        if not facing:
            return "envido" if rng.random() < _sigmoid((x - 0.62 - open_lift) / 0.03) else "paso"
        deje = table or 1
        key = (seat & 1, deje)
        refuse_value = self.refusals.get(key, -1.0)
        if refuse_value < 0.0:
            us, them = self.view.us, self.view.them
            mine, theirs = (us, them) if seat & 1 == self.view.team else (them, us)
            # Others judge the score as even players would (no tilt).
            refuse_value = _even_value(self.wsym, self.target, mine, theirs + deje)
            self.refusals[key] = refuse_value
        if ordago:
            return "quiero" if rng.random() < self._accept(x, 0, True, refuse_value, ordago_lift) else "no quiero"
        stake = table + pending
        if refuse_value <= 0.0 or rng.random() < self._accept(x, stake, False, refuse_value, call_lift):
            if stake < 12 and rng.random() < _sigmoid((x - 0.8 - raise_lift) / 0.03):
                return "envido"
            return "quiero"
        return "no quiero"

    def choose(self) -> str:
        """Pick an option; ``values`` and ``pick`` (best, bluff, slow or mixed) say why."""
        legal = set(self.view.legal)
        values = [(a, v) for a, v in self.options() if a in legal or envido_amount(a)]
        self.values = values
        if not values:
            return self.view.legal[0]
        value_of = dict(values)
        us, them, target = self.view.us, self.view.them, self.target
        a, b = target - us, target - them
        point = max(abs(self.wtab[max(a - 1, 1)][b] - self.wtab[a][b]), 0.002)  # one tanto
        best_action, best = values[0]
        for action, value in values[1:]:   # the first of equal bests, as max() would pick
            if value > best:
                best_action, best = action, value
        rng = self.rng
        # Seeded bluffs and slow-plays, only where they cost at most a tanto and a half.
        if not self.answering and self.next_index + 1 < len(self.speakers):
            if (best_action == "paso" and self.lance in ("grande", "chica")
                    and value_of.get("envido", -1.0) >= best - 1.5 * point and rng.random() < BLUFF):
                self.pick = "bluff"
                return "envido"
            if (best_action != "paso" and self._my_chance >= 0.85
                    and value_of["paso"] >= best - 1.5 * point and rng.random() < SLOW_PLAY):
                self.pick = "slow"
                return "paso"
        # Otherwise a softmax over the options, with a temperature of a tenth of a tanto.
        temperature = TEMPERATURE * point
        scores = [(k, math.exp((v - best) / temperature)) for k, v in values]
        r = rng.random() * sum(score for _, score in scores)
        for action, score in scores:
            r -= score
            if r <= 0:
                self.pick = "best" if action == best_action else "mixed"
                return action
        self.pick = "best"
        return best_action


_AMOUNTS = {action: envido_amount(action) for action in ("envido", "envido 5", "envido 10")}


def _answers(state: State) -> list[str]:
    """Our options when the round comes back to us at ``state``: always facing a bet, as
    every speaker speaks once before the first bet."""
    if state[2]:   # an órdago
        return ["quiero", "no quiero"]
    return ["quiero", "no quiero", "envido", "ordago"]


def _unseen(view: View) -> list[int]:
    """Cards per class that may still come from the deck: not ours, not thrown by us."""
    t = view.tables
    avail = list(t.class_size)
    for c in view.cards + view.thrown:
        avail[t.card_class[c]] -= 1
    return avail


def _warm_up() -> None:
    """Build the tables of the default rules now rather than during a first decision."""
    rules = Rules()
    tables_for(rules.reyes, rules.real_31)
    win_table(rules.target, TILT)
    win_table(rules.target)


def _even_value(wtab: list[list[float]], target: int, mine: int, theirs: int) -> float:
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return wtab[target - mine][target - theirs]
