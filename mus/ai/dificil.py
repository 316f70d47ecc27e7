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
from typing import Any, Final, TypeAlias

from ..observation import Observation
from ..rng import Random
from ..rules import Rules
from . import reasons
from .belief import Belief
from .blind import STOPPING, blind_kind, blind_table
from .reading import Reading
from .seeded import SeededBot
from .senas import habit, senas_decision
from .showdown import ORDER, Entry, count_lines, lance_columns
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
ORDAGO_EDGE = 0.5  # tantos an órdago must gain over every other option to be thrown
# Where others call a plain envite in the play-outs, for a stake of 2, up to 6 and more:
# ``normal``'s thresholds (expecting its old calls from 0.42 cost 1.9 juegos in 100 against it).
CALL_FROM: Final = (0.5, 0.55, 0.6)
# A player who saw his partner's señas judges from a belief that also reads our bets (as
# ``normal`` does, see ``belief``): against the team strength he saw, he opens a little
# lower and answers from much higher up. (open, call, call an órdago, raise) centres are
# lifted by these.
SEEN_LIFT: Final = (-0.05, 0.3, 0.2, 0.11)
NO_LIFT: Final = (0.0, 0.0, 0.0, 0.0)

# A betting round's position: table, pending, ordago, bettor, answering, next speaker.
State: TypeAlias = "tuple[int, int, bool, int, tuple[int, ...], int]"


class DificilBot(SeededBot):
    ordago_edge: float | None = ORDAGO_EDGE   # None: an órdago competes like any option

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        # What the rivals' bets meant in the hands shown so far (kept for the partida).
        self.reading = Reading()
        _warm_up()

    def decide(self, observation: Observation) -> reasons.Decision:
        view = playable(observation)
        self.reading.see(view)
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
        valued = Decision(view, self._rng, self.ordago_edge, self.reading)
        chosen = valued.choose()
        action = legalize(chosen, view.legal)
        bet = view.bet or {}
        return reasons.Decision(action, {
            "kind": "bet", "level": "dificil", "action": action, "lance": view.phase,
            "hand": hand, "chance": reasons.rounded(valued._my_chance),
            "facing": bool(valued.answering), "ordago": valued.ordago,
            "stake": valued.table + valued.pending, "valued": chosen, "pick": valued.pick,
            "options": {k: reasons.rounded(v) for k, v in valued.values},
            "samples": len(valued.wins)})

    # --- mus ------------------------------------------------------------------------------

    def _mus(self, view: View, hand: list[str]) -> reasons.Decision:
        t, pos = view.tables, view.pos
        now = t.equity[pos][view.hand_id] - t.mean_equity_rand[pos]
        thrown, after = best_discard(t, view.cards, t.equity_imp[pos], _unseen(view))
        later = after - t.mean_equity_imp[pos]
        # Rivals who asked for mus before us hold weaker hands than a random one, unless they
        # play at random: then their vote says nothing.
        weak_rivals = 0 if blind_kind(view, self.reading.wild) == "random" else sum(
            1 for s in view.rivals if view.votes.get(s) == "mus")
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


# Actions inside the play-outs, as small ints (compared and stored without allocating).
PASO, QUIERO, NO_QUIERO, ENVIDO, ENVIDO_5, ENVIDO_10, ORDAGO, ENVIDO_WILD = range(8)
_CODES = {"paso": PASO, "quiero": QUIERO, "no quiero": NO_QUIERO, "envido": ENVIDO,
          "envido 5": ENVIDO_5, "envido 10": ENVIDO_10, "ordago": ORDAGO}
_AMOUNT = (0, 0, 0, 2, 5, 10, 0, 21)   # a blind envite: 2 to 40, 21 on average
# How a blind rival (``blind.blind_kind``) acts, whatever his hand: the share of each
# action (cumulative) when opening, facing a bet and facing an órdago.
_BLIND_OPEN: Final = {"random": ((1 / 41, PASO), (2 / 41, ORDAGO), (1.0, ENVIDO_WILD)),
                      "ordago": ((1.0, ORDAGO),), "raise": ((1.0, ENVIDO),),
                      "accept": ((1.0, PASO),)}
_BLIND_ANSWER: Final = {"random": ((1 / 42, QUIERO), (2 / 42, NO_QUIERO), (3 / 42, ORDAGO),
                                   (1.0, ENVIDO_WILD)),
                        "ordago": ((1.0, ORDAGO),), "raise": ((1.0, ENVIDO),),
                        "accept": ((1.0, QUIERO),)}
_BLIND_CALL: Final = {"random": 0.5, "ordago": 1.0, "raise": 1.0, "accept": 1.0}


class Decision:
    """Value every betting option of the current lance and pick one."""

    def __init__(self, view: View, rng: Random, ordago_edge: float | None = ORDAGO_EDGE,
                 reading: Reading | None = None) -> None:
        self.view = view
        if reading is None:   # read the partida's shown hands now (without their sizes)
            reading = Reading()
            reading.see(view)
        self.ordago_edge = ordago_edge
        self.rng = rng
        self.lance = view.phase
        self.target = view.target
        self.wtab = win_table(self.target, TILT)
        self.wsym = win_table(self.target)
        # Rivals who bet blind: the juego is then one of waiting for a hand to call with.
        self.blind = blind_kind(view, reading.wild)
        blind = blind_table(self.target, self.blind) if self.blind else None
        if blind is not None:
            self.wtab = self.wsym = blind
        elif self.blind in STOPPING:   # past the table's largest target: read as sensible
            self.blind = ""
        bet = view.bet or {}
        self.table = int(bet.get("table", 0))
        self.pending = int(bet.get("pending", 0))
        self.ordago = bool(bet.get("ordago"))
        self.answering: list[int] = list(bet.get("answering") or [])
        self.speakers: list[int] = list(bet.get("speakers") or [0, 1, 2, 3])
        self.belief = Belief(view, rng, SAMPLES, habit(view), self.blind, reading.bluff_share(0.0),
                             reading=reading)
        # Each sampled deal evaluated lance by lance from our team's side (``_evaluate``):
        # whether our team wins the current lance, the (ours, theirs) tantos it pays
        # besides the bet, what the other lances add to each side (those decided, and
        # those still to come, en paso) and their count lines, in ORDER but for the
        # current lance (at ``at``), to be read near the target.
        self.wins: list[bool] = []
        self.vals: list[tuple[int, int]] = []
        self.gain_us: list[int] = []
        self.gain_them: list[int] = []
        self.lines: list[list[Entry | None]] = []
        self.at = 0
        self.pasos: list[float] = []   # the chance of the juego if the round goes en paso
        # Every seat's own view of its chance, per sample (``seen_x[seat][sample]``), and
        # per sample whether that is his team's (señas seen): SEEN_LIFT or NO_LIFT by seat.
        self.seen_x: list[list[float]] = []
        self.lifts: list[list[tuple[float, float, float, float]]] = []
        self._my_chance = 0.5
        self.values: list[tuple[str, float]] = []   # (option, value) in the order weighed
        self.pick = "best"
        self.ordago_centre = ORDAGO_CENTRE
        bettor = bet.get("bettor")
        self.bettor = int(bettor) if bettor is not None else -1
        passes = sum(1 for _, a in view.bets_in(self.lance) if a == "paso")
        self.next_index = passes
        # Who answers a bet by each seat, what refusing a deje leaves each team, and how
        # readily a bet of each stake is called: the play-outs ask these thousands of times.
        self.answerers = [tuple(s for s in ((seat + 1) % 4, (seat + 3) % 4) if s in self.speakers)
                          for seat in range(4)]
        self.refusals: dict[int, float] = {}
        self.call_centres: dict[int, float] = {}
        self._evaluate()
        # How readily each seat raises in each deal, once asked (-1: not yet).
        self.raise_chance = [[-1.0] * len(self.wins) for _ in range(4)]

    # --- worlds -----------------------------------------------------------------------

    def _evaluate(self) -> None:
        view = self.view
        team = view.team
        speakers = self.speakers
        rivals = [s for s in view.rivals if s in speakers]
        partner = view.partner
        seen = {s: perceived_for(view, s, self.lance) for s in rivals + [partner]}
        team_seen = [SEEN_LIFT if self.belief.sees_team(s) else NO_LIFT for s in range(4)]
        resolved = view.lances
        worlds = self.belief.worlds
        self.seen_x = [[seen[s][ids[s]] for ids in worlds] if s in seen else [0.0] * len(worlds)
                       for s in range(4)]
        current_lance = self.lance
        at = ORDER.index("juego" if current_lance == "punto" else current_lance)
        # Each lance of every deal as ``showdown.count_lines`` would count it, a lance at a
        # time (the deals share everything but the hands): in ``lines[place][k]``, for the
        # lances but the current one, in ORDER, to be read near the target.
        n = len(worlds)
        wins = [False] * n
        vals: list[tuple[int, int]] = [(0, 0)] * n
        gain_us, gain_them = [0] * n, [0] * n
        self.lines = []
        for place, lance in enumerate(ORDER):
            names, won, paid = lance_columns(view, lance, worlds)
            column: list[Entry | None] = [None] * n
            if place != at:
                self.lines.append(column)
            for k, name in enumerate(names):
                if name is None:
                    continue
                if name == current_lance:
                    wins[k], vals[k] = won[k], paid[k]
                if place == at:
                    continue
                counted = count_lines(name, resolved.get(name), won[k], paid[k], team)
                if counted:
                    mine, points = column[k] = counted[0]
                    if mine:
                        gain_us[k] += points
                    else:
                        gain_them[k] += points
        self.at = at
        self.wins, self.vals, self.gain_us, self.gain_them = wins, vals, gain_us, gain_them
        self.pasos = [-1.0] * n
        for k, ids in enumerate(worlds):
            lifts = team_seen
            saw = self.belief.saw[k]
            if saw:
                lifts = list(team_seen)
                for s, partner_senas in saw.items():
                    if s in seen:
                        self.seen_x[s][k] = self.belief.team_strength(s, current_lance, partner_senas)[ids[s]]
                        lifts[s] = SEEN_LIFT
            self.lifts.append(lifts)

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

    def _count(self, i: int, us: int, them: int, mine: bool, points: int) -> float:
        """``_value`` of deal ``i``'s lines with the current lance's ``points`` to ``mine``
        among them; the lines' sums are kept, so the order matters only near the target (and
        a score already at the target is ``_value``'s to judge)."""
        target = self.target
        gain_us, gain_them = self.gain_us[i], self.gain_them[i]
        if mine:
            gain_us += points
        else:
            gain_them += points
        if us + gain_us < target and them + gain_them < target:
            return self.wtab[target - us - gain_us][target - them - gain_them]
        return self._value(us, them, self._lines(i, mine, points))

    def _paso(self, i: int) -> float:
        value = self.pasos[i]
        if value < 0.0:
            won = self.wins[i]
            pts = 1 if self.lance in ("grande", "chica") else self.vals[i][0 if won else 1]
            value = self.pasos[i] = self._count(i, self.view.us, self.view.them, won, pts)
        return value

    def _querido(self, i: int, stake: int) -> float:
        won = self.wins[i]
        return self._count(i, self.view.us, self.view.them, won, stake + self.vals[i][0 if won else 1])

    def _deje(self, i: int, to_us: bool, amount: int) -> float:
        us, them = self.view.us, self.view.them
        if to_us:
            us += amount
        else:
            them += amount
        return self._count(i, us, them, to_us, self.vals[i][0 if to_us else 1])

    def _lines(self, k: int, mine: bool, points: int) -> list[Entry]:
        """The count lines of deal ``k`` in ORDER, with the current lance's ``points``."""
        lines = [column[k] for column in self.lines]
        lines.insert(self.at, (mine, points))
        return [line for line in lines if line is not None]

    def _refusal(self, side: int, deje: int) -> float:
        """What refusing a deje of ``deje`` leaves team ``side``: its chance of the juego
        as even players judge it (no tilt)."""
        key = side * 1024 + deje
        value = self.refusals.get(key, -1.0)
        if value < 0.0:
            us, them = self.view.us, self.view.them
            mine, theirs = (us, them) if side == self.view.team else (them, us)
            value = _even_value(self.wsym, self.target, mine, theirs + deje)
            self.refusals[key] = value
        return value

    def _call_centre(self, stake: int) -> float:
        """Where a plain bet of ``stake`` is called: from an even chance, higher for bigger
        bets (as ``normal`` calls)."""
        centre = self.call_centres.get(stake, -1.0)
        if centre < 0.0:
            centre = CALL_FROM[0] if stake <= 2 else CALL_FROM[1] if stake <= 6 else CALL_FROM[2]
            self.call_centres[stake] = centre
        return centre

    def _ordago_centre(self, refuse_value: float) -> float:
        """Where an órdago is called, when refusing leaves ``refuse_value``."""
        if refuse_value >= 0.2:
            return self.ordago_centre + 0.1 * (refuse_value - 0.5)
        # refusing all but loses the juego: anything decent calls
        return 0.3 + (self.ordago_centre - 0.33) * refuse_value / 0.2

    # --- options ------------------------------------------------------------------------

    def options(self) -> list[tuple[str, float]]:
        """Chance of winning the juego after each of our options, averaged over the
        sampled deals; in each deal the rest of the betting round is played out with the
        other players acting on their own hands (``_policy``) and us on our estimate."""
        facing = bool(self.answering)
        weights = self.belief.weights
        self._my_chance = sum(w for w, won in zip(weights, self.wins) if won)
        if not facing:
            choices = ["paso", "envido", "envido 5", "envido 10", "ordago"]
        elif self.ordago:
            choices = ["quiero", "no quiero"]
        elif self.blind and self.table + self.pending >= max(self.target - self.view.us,
                                                             self.target - self.view.them):
            # The stake decides the juego already: against a blind raiser a raise only
            # prolongs the war (its value, a best answer over noisy play-outs, is biased up).
            choices = ["quiero", "no quiero", "ordago"]
        else:
            choices = ["quiero", "no quiero", "envido", "ordago"]
        start = (self.table, self.pending, self.ordago, self.bettor, tuple(self.answering),
                 self.next_index)
        out: list[tuple[str, float]] = []
        for action in choices:
            # An órdago must pay against rivals who call it tightly and loosely alike:
            # nobody knows for sure how much a rival needs to see an órdago.
            models = [ORDAGO_CENTRE, LOOSE_ORDAGO_CENTRE] if action == "ordago" else [ORDAGO_CENTRE]
            values = []
            for self.ordago_centre in models:
                values.append(self._average(start, _CODES[action]))
            self.ordago_centre = ORDAGO_CENTRE
            out.append((action, min(values)))
        return out

    def _average(self, start: State, action: int) -> float:
        """Value of our ``action`` over the sampled deals. Where the round comes back to
        us, we answer as we would then, knowing what the others did: with the answer
        that is best over all the deals that lead to that same position."""
        weights = self.belief.weights
        nodes: dict[int, list[int]] = {}
        states: dict[int, State] = {}
        total = self._play([i for i in range(len(weights)) if weights[i]], start, self.view.seat,
                           action, nodes, states)
        for key in sorted(nodes):   # sorted: the same random draws on every runtime
            node = states[key]
            best = -1.0
            for answer in _answers(node):
                value = self._play(nodes[key], node, self.view.seat, answer, None, states)
                if value > best:
                    best = value
            total += best
        return total

    def _play(self, members: list[int], start: State, first: int, opening: int,
              nodes: dict[int, list[int]] | None, states: dict[int, State]) -> float:
        """Play the betting round to its end in each deal of ``members`` (in order) from
        ``start``, with seat ``first`` taking action ``opening``: the sum of each deal's
        weight times its chance of the juego. With ``nodes``, a deal where the round comes
        back to us stops there instead: it is listed under its position's key (and the
        position kept in ``states``) rather than counted.

        One loop for every deal, with the others' answers (``_policy`` of old) written in
        line: MicroPython pays for every call and attribute look-up, and this runs a
        thousand times a decision."""
        weights, wins, seen_x, all_lifts = self.belief.weights, self.wins, self.seen_x, self.lifts
        vals, gain_us, gain_them, pasos = self.vals, self.gain_us, self.gain_them, self.pasos
        us, them, target, wtab = self.view.us, self.view.them, self.target, self.wtab
        speakers, answerers = self.speakers, self.answerers
        n_speakers = len(speakers)
        me, team = self.view.seat, self.view.team
        random = self.rng.random
        refusals, call_centres = self.refusals, self.call_centres
        ordago_centres: dict[int, float] = {}
        raise_chance = self.raise_chance
        exp = math.exp
        width = ACCEPT_WIDTH
        blind_seats = [bool(self.blind) and (s & 1) != team for s in range(4)]
        blind_open = _BLIND_OPEN.get(self.blind, ())
        blind_answer = _BLIND_ANSWER.get(self.blind, ())
        blind_call = _BLIND_CALL.get(self.blind, 0.0)
        # Against a blind bettor our partner waits as we do: he calls only a chance better
        # than what refusing leaves.
        waiting = self.blind in STOPPING
        paso, quiero, no_quiero, envido, ordago_bet = PASO, QUIERO, NO_QUIERO, ENVIDO, ORDAGO
        total = 0.0
        for i in members:
            lifts = all_lifts[i]
            table, pending, ordago, bettor, answering, nxt = start
            seat, action = first, opening
            value = -1.0
            for _step in range(12):
                # The round's end, valued as _paso, _querido and _deje do: their common
                # case (nobody reaches the target) in line, the rest through them.
                if action == paso:
                    nxt += 1
                    if nxt >= n_speakers:
                        value = pasos[i]
                        if value < 0.0:
                            value = self._paso(i)
                        break
                elif action == quiero:
                    if ordago:
                        value = 1.0 if wins[i] else 0.0
                    else:
                        stake = table + pending
                        ours, theirs = gain_us[i], gain_them[i]
                        if wins[i]:
                            ours += stake + vals[i][0]
                        else:
                            theirs += stake + vals[i][1]
                        if us + ours < target and them + theirs < target:
                            value = wtab[target - us - ours][target - them - theirs]
                        else:
                            value = self._querido(i, stake)
                    break
                elif action == no_quiero:
                    answering = answering[1:]
                    if not answering:
                        to_us = bettor & 1 == team
                        deje = table or 1
                        mine, others = us, them
                        ours, theirs = gain_us[i], gain_them[i]
                        if to_us:
                            mine += deje
                            ours += vals[i][0]
                        else:
                            others += deje
                            theirs += vals[i][1]
                        if mine + ours < target and others + theirs < target:
                            value = wtab[target - mine - ours][target - others - theirs]
                        else:
                            value = self._deje(i, to_us, deje)
                        break
                else:   # a bet or a raise
                    table += pending
                    if action == ordago_bet:
                        pending, ordago = 0, True
                    else:
                        pending = _AMOUNT[action]
                    bettor = seat
                    answering = answerers[seat]
                seat = answering[0] if answering else speakers[nxt]
                if seat == me:
                    if nodes is not None:
                        node = (table, pending, ordago, bettor, answering, nxt)
                        key = _node_key(node)
                        if key in nodes:
                            nodes[key].append(i)
                        else:
                            nodes[key] = [i]
                            states[key] = node
                        break
                    action = self._my_policy(table, pending, ordago, bool(answering))
                    continue
                if blind_seats[seat]:
                    if ordago:
                        action = quiero if random() < blind_call else no_quiero
                        continue
                    r = random()
                    for share, act in (blind_answer if answering else blind_open):
                        if r < share:
                            action = act
                            break
                    continue
                # Another player (rival or partner) acts with strength x as he sees it
                # (with SEEN_LIFT when that is his team's strength, seen with señas), as a
                # logistic in x: 0 below -30, 1 above 30 (``strength.sigmoid``).
                x = seen_x[seat][i]
                open_lift, call_lift, ordago_lift, raise_lift = lifts[seat]
                if not answering:
                    z = (x - 0.62 - open_lift) / 0.03
                    p = 0.0 if z < -30 else 1.0 if z > 30 else 1.0 / (1.0 + exp(-z))
                    action = envido if random() < p else paso
                    continue
                deje = table or 1
                key = (seat & 1) * 1024 + deje
                refuse_value = refusals[key] if key in refusals else self._refusal(seat & 1, deje)
                if ordago:
                    if refuse_value <= 0.0:
                        p = 1.0
                    else:
                        if key in ordago_centres:
                            centre = ordago_centres[key]
                        else:
                            centre = ordago_centres[key] = self._ordago_centre(refuse_value)
                        if waiting and centre < refuse_value:
                            centre = refuse_value
                        z = (x - ordago_lift - centre) / width
                        p = 0.0 if z < -30 else 1.0 if z > 30 else 1.0 / (1.0 + exp(-z))
                    action = quiero if random() < p else no_quiero
                    continue
                stake = table + pending
                if refuse_value > 0.0:
                    centre = call_centres[stake] if stake in call_centres else self._call_centre(stake)
                    if waiting and centre < refuse_value:
                        centre = refuse_value
                    z = (x - call_lift - centre) / width
                    p = 0.0 if z < -30 else 1.0 if z > 30 else 1.0 / (1.0 + exp(-z))
                    if not random() < p:
                        action = no_quiero
                        continue
                action = quiero
                if stake < 12:
                    chances = raise_chance[seat]
                    p = chances[i]
                    if p < 0.0:
                        z = (x - 0.8 - raise_lift) / 0.03
                        p = 0.0 if z < -30 else 1.0 if z > 30 else 1.0 / (1.0 + exp(-z))
                        chances[i] = p
                    if random() < p:
                        action = envido
            else:
                value = self._paso(i)
            if value >= 0.0:
                total += weights[i] * value
        return total

    def _my_policy(self, table: int, pending: int, ordago: bool, facing: bool) -> int:
        """What we would do if the round comes back to us (from our chance alone)."""
        p = self._my_chance
        if not facing:
            return ENVIDO if p >= 0.65 else PASO
        if ordago:
            return QUIERO if p >= 0.75 else NO_QUIERO
        stake = table + pending
        return QUIERO if p >= min(0.7, 0.5 + 0.04 * stake) else NO_QUIERO

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
        # An órdago is thrown only where it beats every other option by ORDAGO_EDGE tantos:
        # where it hardly pays, a plain envite or paso keeps it an event.
        if self.ordago_edge is not None and "ordago" in value_of and len(values) > 1:
            others = max(v for k, v in values if k != "ordago")
            if value_of["ordago"] < others + self.ordago_edge * point:
                values = [(k, v) for k, v in values if k != "ordago"]
        # A last refusal that hands the rivals the juego is never picked over an option worth
        # as much: where every option looks lost (they need a tanto), playing on keeps a chance
        # that the deals' count does not see.
        if (len(self.answering) == 1 and them + (self.table or 1) >= target
                and "no quiero" in value_of and len(values) > 1):
            others = max(v for k, v in values if k != "no quiero")
            if others >= value_of["no quiero"]:
                values = [(k, v) for k, v in values if k != "no quiero"]
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


def _answers(state: State) -> tuple[int, ...]:
    """Our options when the round comes back to us at ``state``: always facing a bet, as
    every speaker speaks once before the first bet."""
    if state[2]:   # an órdago
        return (QUIERO, NO_QUIERO)
    return (QUIERO, NO_QUIERO, ENVIDO, ORDAGO)


def _node_key(state: State) -> int:
    """A position as one small int that sorts as the tuple does: table, pending, ordago,
    bettor, who answers (none, one seat, or two in order), next speaker."""
    table, pending, ordago, bettor, answering, nxt = state
    answers = 0
    if answering:   # () < (a,) < (a, b) < (a + 1,)
        answers = 1 + 5 * answering[0] + (answering[1] + 1 if len(answering) > 1 else 0)
    return ((((table * 64 + pending) * 2 + ordago) * 8 + bettor + 1) * 32 + answers) * 8 + nxt


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
