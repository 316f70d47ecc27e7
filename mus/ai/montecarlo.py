"""Level ``montecarlo``: a determinized Monte-Carlo search, an arena level of another design.

It is the family of the strongest open Mus bots, built to judge ours by (``python -m
mus.arena --panel``), not offered at the table (``mus.ai.LEVELS`` does not list it). For
each decision it guesses the other three hands many times from everything public
(``deals``: declarations, señas seen, discard counts, mus votes and every bet, each seat
judged by the play-outs' own policy), and values each of its options by playing the rest
of the hand out in every guessed deal (``playout``: every seat bets by a simple policy on
its own hand, the hand is counted in counting order) and reading the score it leaves as a
chance of winning the juego. It takes the option of the highest mean.

* **Bets**: paso, envido, envido 5 and órdago when it may open; quiero, no quiero, a raise of
  2 and órdago facing a bet.
* **Mus**: cutting plays the hand out as dealt; asking for mus lets the seats still to vote
  cut by the policy, else everyone keeps what a sensible player keeps and draws from the
  guessed deck, and the new hands are played out.
* **Discards**: the four best discards by the tables' value after the draw are played out
  the same way (every seat throws and draws, the hand is played).
* **Señas**: it shows every seña its hand allows, and reads the ones it saw (``deals``).

Every guessed deal is read only from the observation of its own seat, as every bot's.
Slow on purpose in CPython (see ``docs/bots.md``): an arena level, never a page's.

>>> import mus
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1).apply("no hay mus")
>>> while g.phase != "juego":
...     g = g.apply("paso")
>>> g = g.apply("envido").apply("envido 5")   # at juego, the rival raises our 31 mano
>>> d = MonteCarloBot(1).decide(g.observation(0))
>>> d.action != "no quiero", d.reason["chance"]
(True, 1.0)
"""

from __future__ import annotations

from typing import Any, Final

from ..observation import Observation
from .deals import CUT_FROM, Deals, current_discards
from .playout import (
    ENVIDO_2, NO_QUIERO, ORDAGO, PASO, QUIERO, Playout, State, action_text,
)
from .reasons import Decision, rounded
from .seeded import SeededBot
from .senas import senas_decision
from .tables import Sig
from .view import View, playable

SAMPLES: Final = 120  # deals played out for each option (tuned in the arena: docs/bots.md)
GUESSES: Final = 3    # deals guessed for each one played out (then drawn by their weight)
DISCARDS: Final = 4   # discards played out, the best by the tables' value after the draw
LEVEL: Final = "montecarlo"


class MonteCarloBot(SeededBot):
    """``samples`` deals played out per option, ``guesses`` guessed for each."""

    def __init__(self, seed: int | None = None, samples: int = SAMPLES, guesses: int = GUESSES) -> None:
        super().__init__(seed)
        self.samples, self.guesses = samples, guesses

    def decide(self, observation: Observation) -> Decision:
        view = playable(observation)
        hand = list(observation["hand"])
        if view.phase == "senas":
            return senas_decision(view, LEVEL, hand)
        rng = self._rng
        deals = Deals(view, rng, self.samples * self.guesses)
        picks = deals.resampled(rng, self.samples)
        playout = Playout(view)
        if view.phase == "mus":
            return self._mus(view, hand, deals, picks, playout)
        if view.phase == "descarte":
            return self._descarte(view, hand, deals, picks, playout)
        return self._bet(view, hand, deals, picks, playout)

    # --- bets -------------------------------------------------------------------------------

    def _bet(self, view: View, hand: list[str], deals: Deals, picks: list[tuple[int, float]],
             playout: Playout) -> Decision:
        bet: dict[str, Any] = view.bet or {}
        answering = tuple(int(s) for s in bet.get("answering") or ())
        ordago = bool(bet.get("ordago"))
        bettor = bet.get("bettor")
        passes = sum(1 for _, a in view.bets_in(view.phase) if a == "paso")
        state: State = (int(bet.get("table", 0)), int(bet.get("pending", 0)), ordago,
                        -1 if bettor is None else int(bettor), answering, passes)
        if not answering:
            wanted = [PASO, ENVIDO_2, 5, ORDAGO]
        elif ordago:
            wanted = [QUIERO, NO_QUIERO]
        else:
            wanted = [QUIERO, NO_QUIERO, ENVIDO_2, ORDAGO]
        options = [code for code in wanted if action_text(code) in view.legal]
        values = [self._value(view, deals, picks, playout, state, code) for code in options]
        best = _best(values)
        action = action_text(options[best])
        chance = sum(share for k, share in picks if playout.wins(deals.worlds[k]))
        return Decision(action, {
            "kind": "bet", "level": LEVEL, "action": action, "lance": view.phase, "hand": hand,
            "chance": rounded(chance), "facing": bool(answering), "ordago": ordago,
            "stake": state[0] + state[1], "valued": action, "samples": len(picks),
            "options": {action_text(c): rounded(v) for c, v in zip(options, values)}})

    def _value(self, view: View, deals: Deals, picks: list[tuple[int, float]], playout: Playout,
               state: State, code: int) -> float:
        """Our chance of winning the juego after ``code``, over the deals played out. Where
        the betting comes back to us (a rival raises, or bets after our paso), the deals
        that lead to the same position are answered together, with the answer that is best
        over them: we answer knowing what was bet, not what the cards are."""
        total = 0.0
        nodes: dict[State, list[tuple[int, float]]] = {}
        for k, share in picks:
            result = playout.finish(deals.worlds[k], state, code, view.seat)
            if result is None:
                nodes.setdefault(playout.stopped, []).append((k, share))
            else:
                total += share * playout.value(*result)
        for node in sorted(nodes):   # sorted: the same draws on every runtime
            members = nodes[node]
            answers = [QUIERO, NO_QUIERO] if node[2] else [QUIERO, NO_QUIERO, ENVIDO_2, ORDAGO]
            if node[0] + node[1] + ENVIDO_2 > playout.max_envite:
                answers = [a for a in answers if a != ENVIDO_2]
            best = -1.0
            for answer in answers:
                value = 0.0
                for k, share in members:
                    result = playout.finish(deals.worlds[k], node, answer)
                    assert result is not None
                    value += share * playout.value(*result)
                best = max(best, value)
            total += best
        return total

    # --- mus and discards -------------------------------------------------------------------

    def _mus(self, view: View, hand: list[str], deals: Deals, picks: list[tuple[int, float]],
             playout: Playout) -> Decision:
        t = view.tables
        later = [s for s in playout.order if view.rel(s) > view.pos]
        mine = t.keep[t.best_discard_count[view.hand_id]][view.hand_id]
        kept: list[tuple[int, ...] | None] = [None, None, None, None]
        kept[view.seat] = mine
        cut = ask = 0.0
        for k, share in picks:
            ids = deals.worlds[k]
            now = playout.value(*playout.from_start(ids))
            cut += share * now
            if any(t.equity_pct[view.rel(s)][ids[s]] >= CUT_FROM[view.rel(s)] for s in later):
                ask += share * now   # someone after us cuts: the hand is played as dealt
            else:
                ask += share * playout.value(*playout.from_start(playout.redeal(ids, deals.decks[k], kept)))
        action = "no hay mus" if cut > ask else "mus"
        return Decision(action, {
            "kind": "mus", "level": LEVEL, "action": action, "hand": hand,
            "keep": _kept_cards(view, hand, mine), "cut": rounded(cut), "ask": rounded(ask),
            "samples": len(picks)})

    def _descarte(self, view: View, hand: list[str], deals: Deals, picks: list[tuple[int, float]],
                  playout: Playout) -> Decision:
        t = view.tables
        classes = [t.card_class[c] for c in view.cards]
        options: list[tuple[Sig, tuple[int, ...]]] = []   # (classes kept, positions thrown)
        for mask in range(1, 16):
            kept_now = tuple(sorted(classes[p] for p in range(4) if not mask >> p & 1))
            if all(kept_now != k for k, _ in options):
                options.append((kept_now, tuple(p for p in range(4) if mask >> p & 1)))
        options.sort(key=lambda o: -t.keep_value[o[0]])
        options = options[:DISCARDS]
        counts = current_discards(view)   # the seats that threw before us kept what they kept
        values = []
        for kept_classes, _ in options:
            total = 0.0
            for k, share in picks:
                ids = deals.worlds[k]
                kept: list[tuple[int, ...] | None] = [
                    t.keep[counts[s]][ids[s]] if s in counts else None for s in range(4)]
                kept[view.seat] = kept_classes
                total += share * playout.value(*playout.from_start(playout.redeal(ids, deals.decks[k], kept)))
            values.append(total)
        positions = options[_best(values)][1]
        action = "descarte " + " ".join(str(p) for p in positions)
        return Decision(action, {
            "kind": "descarte", "level": LEVEL, "action": action, "hand": hand,
            "keep": [c for p, c in enumerate(hand) if p not in positions],
            "options": len(options), "samples": len(picks)})


def _best(values: list[float]) -> int:
    """The first of the highest values."""
    best = 0
    for i, v in enumerate(values):
        if v > values[best]:
            best = i
    return best


def _kept_cards(view: View, hand: list[str], kept: tuple[int, ...]) -> list[str]:
    """The cards of ``hand`` that make the classes ``kept``."""
    t = view.tables
    left = list(kept)
    out = []
    for card, c in zip(hand, view.cards):
        k = t.card_class[c]
        if k in left:
            left.remove(k)
            out.append(card)
    return out

