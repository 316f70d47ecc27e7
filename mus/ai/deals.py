"""Guessed deals for the Monte-Carlo level: the other three hands, card by card.

From one seat's observation only. The cards it cannot see (not its own, not the ones it
threw this hand) are dealt at random to the other seats, seat by seat in a random order,
each hand redrawn until it fits what is certain about it: its declarations of pares and
juego and the señas the seat saw it show. A hand that few deals fit (señas such as duples)
is picked instead among the hands that fit, by how many ways the deck makes each, and kept
if the cards left hold it. Each deal is then weighed by how likely each seat was to act
as it did with that hand: its discard count in the last mus round (``Tables.after_discard``:
a player who takes one card kept three good ones), the votes of the mus round under way,
the discards made in it, and every bet, raise, call and refusal of the hand, judged with
the play-outs' own policy softened (``playout.likelihood``) on his chance at the lance as
he saw it.

>>> import mus
>>> from mus.rng import Random
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["RRRA", "7654", "CCSA", "4422"], mano=0, seed=1).apply("no hay mus")
>>> deals = Deals(View(g.observation(0)), Random(1), 40)
>>> len(deals.worlds), deals.worlds[0][0] == deals.view.hand_id, round(sum(deals.weights), 6)
(40, True, 1.0)
"""

from __future__ import annotations

from typing import Final

from ..rng import Random
from .playout import NO_QUIERO, ORDAGO, PASO, QUIERO, Policy, action_code, likelihood
from .senas import allowed
from .strength import perceived_for, sigmoid
from .view import BETTING, View

TRIES: Final = 40            # redraws of one hand before picking among the hands that fit
RARE: Final = 0.05           # below this share of fitting hands, pick among them at once
CUT_FROM: Final = (0.78, 0.76, 0.74, 0.72)   # mus strength a player cuts from, by seat


class Deals:
    """``worlds[k]``: a hand id for every seat (the seat's own included); ``weights[k]``
    (they sum to 1); ``decks[k]``: the classes of the cards nobody holds in that deal, in a
    random order (the draws of a mus to come)."""

    __slots__ = ("view", "t", "policy", "worlds", "weights", "decks", "_fits", "_share",
                 "_lk", "_acts", "_seen", "_thrown")

    def __init__(self, view: View, rng: Random, count: int, policy: Policy | None = None) -> None:
        self.view = view
        t = self.t = view.tables
        self.policy = policy or Policy()
        me = view.seat
        others = [(me + 1) % 4, (me + 2) % 4, (me + 3) % 4]
        a, b, c = others
        orders = ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a))
        out = set(view.cards) | set(view.thrown)
        pool = [t.card_class[c] for c in range(40) if c not in out]
        self._fits: dict[int, list[bool] | None] = {}
        self._share: dict[int, float] = {}
        for s in others:
            fits = self._fitting(s)
            self._fits[s] = fits
            self._share[s] = 1.0 if fits is None else sum(
                w for w, ok in zip(t.weight, fits) if ok) / t.total_weight
        self._acts = self._public_acts()
        self._thrown = current_discards(view)
        self._seen: dict[tuple[int, str], list[float]] = {}
        self._lk: dict[tuple[int, int], float] = {}
        self.worlds: list[list[int]] = []
        self.weights: list[float] = []
        self.decks: list[list[int]] = []
        shuffled = view.phase in ("mus", "descarte")   # only a mus to come draws from the deck
        for _ in range(count):
            cards = list(pool)
            free = len(cards)
            ids = [0, 0, 0, 0]
            ids[me] = view.hand_id
            order = orders[rng.randrange(6)]   # the seats in a random order
            weight = 1.0
            for s in order:
                hid, free = self._draw(rng, s, cards, free)
                ids[s] = hid
                weight *= self._likelihood(s, hid)
            rest = cards[:free]
            if shuffled:
                rng.shuffle(rest)
            self.worlds.append(ids)
            self.weights.append(weight)
            self.decks.append(rest)
        total = sum(self.weights)
        if total <= 0.0:   # nothing fits the bets (a wild player): read the hands alone
            self.weights = [1.0 / count] * count
        else:
            self.weights = [w / total for w in self.weights]

    # --- what is certain ------------------------------------------------------------------

    def _fitting(self, seat: int) -> list[bool] | None:
        """For every hand id, whether ``seat`` may hold it: its declarations and the señas
        we saw it show; None when anything may be."""
        view, t = self.view, self.t
        fits: list[bool] | None = allowed(view, seat)
        for lance, has in (("pares", t.has_pares), ("juego", t.has_juego)):
            flags = view.declared.get(lance)
            if flags is not None:
                want = bool(flags[seat])
                row = [h == want for h in has]
                fits = row if fits is None else [a and b for a, b in zip(fits, row)]
        return fits

    def _draw(self, rng: Random, seat: int, cards: list[int], free: int) -> tuple[int, int]:
        """Deal ``seat`` four of ``cards[:free]`` (moved to the end of that stretch)."""
        t = self.t
        fits = self._fits[seat]
        code_to_id, pow5, bits = t.code_to_id, _POW, rng.getrandbits
        if fits is None or self._share[seat] >= RARE:
            for _ in range(TRIES):
                code = 0
                for j in range(4):
                    n = free - j
                    k = _BITS[n]
                    i = bits(k)
                    while i >= n:   # rng.randrange, inlined: the sampling's hottest line
                        i = bits(k)
                    last = n - 1
                    cards[i], cards[last] = cards[last], cards[i]
                    code += pow5[cards[last]]
                hid = code_to_id[code]
                if fits is None or fits[hid]:
                    return hid, free - 4
        # Few hands fit: pick one of them by how many ways the deck makes it, keep it if
        # the cards left hold it.
        weights = [float(w) if ok else 0.0 for w, ok in zip(t.weight, fits or [])]
        left = [0] * 10
        for k in cards[:free]:
            left[k] += 1
        for _ in range(TRIES):
            hid = rng.choices(_IDS[:len(weights)], weights)[0]
            if all(left[k] >= m for k, m in t.class_counts[hid]):
                break
        else:
            return self._any(rng, cards, free)
        for k in t.sigs[hid]:
            i = 0
            while cards[i] != k:
                i += 1
            free -= 1
            cards[i], cards[free] = cards[free], cards[i]
        return hid, free

    def _any(self, rng: Random, cards: list[int], free: int) -> tuple[int, int]:
        """Four cards at random: the record cannot be met (it should not happen)."""
        code = 0
        for j in range(4):
            i = rng.randrange(free - j)
            last = free - 1 - j
            cards[i], cards[last] = cards[last], cards[i]
            code += _POW[cards[last]]
        return self.t.code_to_id[code], free - 4

    # --- what is likely -------------------------------------------------------------------

    def _public_acts(self) -> list[tuple[int, str, bool, bool, int, int]]:
        """Every betting action of the hand: (seat, lance, facing, órdago, stake, action)."""
        view = self.view
        out = []
        for lance in BETTING:
            table = pending = 0
            ordago = facing = False
            for seat, text in view.bets_in(lance):
                code = action_code(text)
                out.append((seat, lance, facing, ordago, table + pending, code))
                if code == QUIERO:
                    facing = False
                elif code == NO_QUIERO or code == PASO:
                    continue
                else:
                    table += pending
                    pending = 0 if code == ORDAGO else code
                    ordago = ordago or code == ORDAGO
                    facing = True
        return out

    def _likelihood(self, seat: int, hid: int) -> float:
        """How likely ``seat`` was to act as he did this hand holding ``hid``."""
        key = (seat, hid)
        cached = self._lk.get(key)
        if cached is not None:
            return cached
        view, t = self.view, self.t
        p = 1.0
        rel = view.rel(seat)
        if view.mus_rounds and seat in view.discards:
            d = view.discards[seat]
            p *= t.after_discard[d][hid] / t.after_discard[0][hid]
        vote = view.votes.get(seat)
        if vote is not None:
            cut = 0.04 + 0.92 * sigmoid((t.equity_pct[rel][hid] - CUT_FROM[rel]) / 0.05)
            p *= cut if vote == "no hay mus" else 1.0 - cut
        thrown = self._thrown.get(seat)
        if thrown is not None:
            p *= 0.7 if thrown == t.best_discard_count[hid] else 0.1
        for who, lance, facing, ordago, stake, code in self._acts:
            if who == seat:
                p *= likelihood(self.policy, self._x(seat, lance)[hid], facing, ordago, stake, code)
        self._lk[key] = p
        return p

    def _x(self, seat: int, lance: str) -> list[float]:
        key = (seat, lance)
        if key not in self._seen:
            self._seen[key] = perceived_for(self.view, seat, lance, senas=False)
        return self._seen[key]

    # --- the deals to play out ------------------------------------------------------------

    def resampled(self, rng: Random, count: int) -> list[tuple[int, float]]:
        """``count`` draws of deals by weight (systematic: one random offset), as
        (deal index, share of the draws), each deal once."""
        step = 1.0 / count
        u = rng.random() * step
        out: list[tuple[int, float]] = []
        acc = 0.0
        for k, w in enumerate(self.weights):
            acc += w
            n = 0
            while u < acc and u < 1.0:
                n += 1
                u += step
            if n:
                out.append((k, n * step))
        return out


_POW: Final = tuple(5 ** k for k in range(10))
_IDS: Final = list(range(1000))
_BITS: Final = [len(bin(n)) - 2 for n in range(41)]   # bits to draw a number below n


def current_discards(view: View) -> dict[int, int]:
    """Cards each seat threw in the mus round under way (after the last serve)."""
    out: dict[int, int] = {}
    for e in view.obs["log"]:
        if e.get("action") == "servido":
            out = {}
        elif e.get("phase") == "descarte":
            out[int(e["seat"])] = int(e.get("count", 0))
    return out

