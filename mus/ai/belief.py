"""What the other three hands may be: weighted samples consistent with the public record.

Each other seat's hand is drawn (as a signature, see ``tables``) from its own posterior:

* the prior is a random hand, or, if the seat threw ``d`` cards in the last mus round,
  the hand of a sensible player who kept the best ``4 - d`` cards and drew ``d``
  (``Tables.after_discard``: taking one card suggests a good hand), adjusted for the
  cards we hold and the ones we threw this hand;
* the declarations of pares and juego rule hands out;
* the last round's mus votes and every pass, bet, raise, acceptance and refusal in the
  hand weigh each hand by how likely a player holding it was to act so, judged by his
  own view of his chances (``strength.perceived``): a soft model of an honest player
  who bluffs a little.

The three hands are drawn independently and then weighted by how well they fit together
in the unseen cards (the exact ratio for uniform hands), so card removal between seats is
respected.

>>> import mus
>>> from mus.rng import Random
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["RRRA", "7654", "CCSA", "4422"], mano=0, seed=1).apply("no hay mus")
>>> b = Belief(View(g.observation(0)), Random(1), 50)
>>> len(b.worlds), b.worlds[0][0] == b.view.hand_id
(50, True)
"""

from __future__ import annotations

from typing import Final

from ..memo import memoized
from ..rng import Random
from .reading import BIG, TOP, Reading
from .senas import allowed, hand_senas, reyes_of, shown
from .strength import perceived_for, sigmoid
from .tables import COMB, Tables
from .view import BETTING, View, envido_amount

# Soft action model: (floor, centre, width, ceiling) of a logistic in the hand's strength
# as its holder sees it (``strength.perceived``: his team's chance at the lance; for mus
# votes, the percentile of the hand's equity).
# The chance of the action is floor + (ceiling - floor) * sigmoid((x - centre) / width),
# or one minus that for the "weak" actions (paso, no quiero, mus).
_MODEL: Final[dict[str, tuple[float, float, float, float]]] = {
    "open_bet": (0.04, 0.62, 0.05, 1.0),
    "open_ordago": (0.02, 0.9, 0.04, 1.0),
    "raise": (0.03, 0.8, 0.05, 1.0),
    "raise_ordago": (0.02, 0.88, 0.04, 1.0),
    "quiero": (0.05, 0.47, 0.05, 1.0),
    "quiero_ordago": (0.03, 0.72, 0.05, 1.0),
    "cut": (0.04, 0.72, 0.05, 1.0),
}
# A player who saw his partner's señas (``normal``'s ``seen_chance``) judges from a belief
# that also reads our bets, so against the team strength he saw (``team_strength``) he
# answers an envite only from much higher up, and opens a little lower. Fitted to
# ``normal`` in the arena (200 seat-swapped juegos, see docs/bots.md); read with
# ``seen=True``.
_SEEN_MODEL: Final[dict[str, tuple[float, float, float, float]]] = dict(_MODEL)
_SEEN_MODEL.update({
    "open_bet": (0.04, 0.57, 0.08, 1.0),
    "raise": (0.03, 0.91, 0.04, 1.0),
    "raise_ordago": (0.02, 0.97, 0.03, 1.0),
    "quiero": (0.05, 0.78, 0.06, 1.0),
    "quiero_ordago": (0.03, 0.93, 0.04, 1.0),
})
_WEAK: Final[dict[str, tuple[str, float]]] = {   # complement of a strong action, scaled
    "open_paso": ("open_bet", 0.85),
    "no_quiero": ("quiero", 0.92),
    "no_quiero_ordago": ("quiero_ordago", 0.95),
    "mus": ("cut", 0.92),
}


# A player who bets without looking at his cards: the chance of each action, whatever
# the hand; and the prior share of such players at the table.
_WILD: Final[dict[str, float]] = {
    "open_bet": 0.5, "open_paso": 0.4, "open_ordago": 0.3, "raise": 0.4, "raise_ordago": 0.3,
    "quiero": 0.6, "no_quiero": 0.3, "quiero_ordago": 0.5, "no_quiero_ordago": 0.4,
}
WILD = 0.03
_BETS: Final = ("open_bet", "open_ordago", "raise", "raise_ordago")




@memoized(maxsize=64)
def _removal(t: Tables, unseen: tuple[int, ...]) -> list[float]:
    """For every hand: how much likelier (or not) it is once our own cards are out of the
    deck, relative to a full deck."""
    full = t.class_size
    out = []
    for pairs in t.class_counts:
        f = 1.0
        for k, m in pairs:
            f *= COMB[unseen[k]][m] / COMB[full[k]][m]
        out.append(f)
    return out


@memoized(maxsize=64)
def _prior(t: Tables, thrown: int, unseen: tuple[int, ...]) -> list[float]:
    """For every hand: the prior of a seat that threw ``thrown`` cards in the last mus
    round (``Tables.after_discard``), times ``_removal``."""
    return [p * r for p, r in zip(t.after_discard[thrown], _removal(t, unseen))]


@memoized(maxsize=16)
def _declared_mask(t: Tables, pares: bool | None, juego: bool | None) -> list[bool]:
    """For every hand: whether it fits a seat's declarations (None: not declared)."""
    return [(pares is None or hp == pares) and (juego is None or hj == juego)
            for hp, hj in zip(t.has_pares, t.has_juego)]


# _FIT[u][have][m]: how much likelier drawing m of a class is from ``have`` cards than from
# all ``u`` unseen ones, for the weight of a deal's hands fitting together.
_FIT: Final = [[[COMB[have][m] / COMB[u][m] if COMB[u][m] else 0.0 for m in range(5)]
                for have in range(9)] for u in range(9)]


class _Likelihoods:
    """For each (situation, seen) and list of strengths by hand, the chance of the action
    for every hand: the same few lists (a seat's strength at a lance is one of the cached
    ``perceived`` lists) serve every decision of a partida. Keyed by the list's identity,
    which it keeps alive."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, bool, int], tuple[list[float], list[float]]] = {}

    def get(self, context: str, strengths: list[float], seen: bool) -> list[float]:
        key = (context, seen, id(strengths))
        hit = self._kept.get(key)
        if hit is not None and hit[0] is strengths:
            return hit[1]
        if len(self._kept) >= 512:
            self._kept.clear()
        out = [action_likelihood(context, x, seen) for x in strengths]
        self._kept[key] = (strengths, out)
        return out


_LIKELIHOODS = _Likelihoods()


def action_likelihood(context: str, x: float, seen: bool = False) -> float:
    """Chance that a player whose hand has strength ``x`` (0..1) takes ``context``; with
    ``seen``, a player who saw his partner's señas, ``x`` his team's strength."""
    model = _SEEN_MODEL if seen else _MODEL
    if context in _WEAK:
        strong, scale = _WEAK[context]
        floor, centre, width, ceiling = model[strong]
        return 1.0 - scale * sigmoid((x - centre) / width)
    floor, centre, width, ceiling = model[context]
    return floor + (ceiling - floor) * sigmoid((x - centre) / width)


def _wild(acts: list[tuple[str, str]]) -> float:
    """Chance of these (lance, situation) actions from a player who bets blind."""
    out = 1.0
    for _, ctx in acts:
        out *= _WILD[ctx]
    return out


def _mixed(honest: float, wild: float) -> float:
    """His bets come from an honest player (the soft model) or, with chance WILD, from
    one who bets without looking at his cards: a mixture over the whole hand, so that a
    run of bets no honest hand would make (an órdago at every lance) reads as wild rather
    than as a monster. No bets (``wild`` 1) leave only the honest reading."""
    if wild == 1.0:
        return honest
    return (1.0 - WILD) * honest + WILD * wild


def bet_contexts(events: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Label each betting action of one lance with its situation (open_bet, raise, ...)."""
    out = []
    facing = ordago = False
    for seat, action in events:
        if action == "paso":
            ctx = "open_paso"
        elif action.startswith("envido"):
            ctx = "raise" if facing else "open_bet"
            facing = True
        elif action == "ordago":
            ctx = "raise_ordago" if facing else "open_ordago"
            facing = ordago = True
        elif action == "quiero":
            ctx = "quiero_ordago" if ordago else "quiero"
        elif action == "no quiero":
            ctx = "no_quiero_ordago" if ordago else "no_quiero"
        else:
            continue
        out.append((seat, ctx))
    return out


class Belief:
    """``worlds[k]`` holds a hand id for every seat (the bot's own included) and
    ``weights[k]`` its weight (they sum to 1)."""

    def __init__(self, view: View, rng: Random, samples: int, informed: float = 0.0,
                 blind: str = "", bluffs: float = 0.0, reading: Reading | None = None) -> None:
        self.view = view
        # What the rivals' envites have meant so far this partida (``reading``): the sizes
        # of their openings are read by it.
        self.reading = reading
        # The share of the rivals' bets made without the hand to back them
        # (``Reading.bluff_share``): each of their bets is read as made by any hand with
        # that chance, and as the soft model says otherwise.
        self.bluffs = bluffs
        # Rivals read as betting blind (``blind.blind_kind``): their bets say nothing of
        # their hands, and a "random" one's mus and discards say nothing either.
        self.blind = blind
        t = view.tables
        n_ids = len(t.sigs)
        me = view.seat
        others = [(me + 1) % 4, (me + 2) % 4, (me + 3) % 4]
        unseen = list(t.class_size)
        for c in view.cards + view.thrown:
            unseen[t.card_class[c]] -= 1
        unseen_key = tuple(unseen)
        discards = view.discards if view.mus_rounds else {}
        columns: list[list[int]] = []
        self._reads: dict[int, tuple[list[tuple[str, str]], dict[str, list[float]]]] = {}
        self._team: dict[tuple[int, str, tuple[str, ...]], list[float]] = {}
        ids_range = range(n_ids)
        pares_flags, juego_flags = view.declared.get("pares"), view.declared.get("juego")
        for s in others:
            wild_hand = blind == "random" and s in view.rivals
            prior = _prior(t, 0 if wild_hand else discards.get(s, 0), unseen_key)
            fits = _declared_mask(t, None if pares_flags is None else pares_flags[s],
                                  None if juego_flags is None else juego_flags[s])
            shown = self._may_hold(view, s)
            if shown is not None:
                fits = [f and ok for f, ok in zip(fits, shown)]
            if wild_hand:
                post = [pr if f else 0.0 for pr, f in zip(prior, fits)]
            else:
                post = [pr * lk if f else 0.0 for pr, lk, f in zip(prior, self._likelihood(s), fits)]
            if sum(post) <= 0:   # nothing fits (should not happen): fall back on the prior
                post = list(prior)
            columns.append(rng.choices(ids_range, weights=post, k=samples))
        # Each seat was drawn on its own; weigh every deal by how well the three hands
        # fit together in the unseen cards (exact for uniform hands).
        counts = t.class_counts
        worlds: list[list[int]] = []
        weights: list[float] = []
        base = [0, 0, 0, 0]
        base[me] = view.hand_id
        a_seat, b_seat, c_seat = others
        used = list(unseen)
        for a, b, c in zip(columns[0], columns[1], columns[2]):
            used[:] = unseen   # in place: no new list for each deal
            for k, m in counts[a]:
                used[k] -= m
            w = 1.0
            for hid in (b, c):
                for k, m in counts[hid]:
                    have = used[k]
                    if have < m:
                        w = 0.0
                        break
                    w *= _FIT[unseen[k]][have][m]
                    used[k] = have - m
                if not w:
                    break
            ids = list(base)
            ids[a_seat], ids[b_seat], ids[c_seat] = a, b, c
            worlds.append(ids)
            weights.append(w)
        total = sum(weights)
        if total <= 0:
            weights = [1.0] * len(worlds)
            total = float(len(worlds))
        self.worlds = worlds
        self.weights = [w / total for w in weights]
        # Which rivals, in each deal, bet having seen their partner's señas (see _informed).
        nobody: dict[int, tuple[str, ...]] = {}   # shared: entries are replaced, never changed
        self.saw: list[dict[int, tuple[str, ...]]] = [nobody] * len(worlds)
        if informed > 0.0 and view.obs["rules"].get("senas"):
            self._informed(rng, informed)

    def _may_hold(self, view: View, seat: int) -> list[bool] | None:
        """For every hand id, whether ``seat`` may hold it by more than his declarations
        tell: the señas we saw him show (``senas.allowed``); None where anything goes."""
        return allowed(view, seat)

    def _informed(self, rng: Random, share: float) -> None:
        """Reweigh the deals for rivals who may show each other their señas.

        With chance ``share`` (``senas.habit``) the rivals show every seña their hands
        allow. Then, in a deal, each rival whose hand has señas we did not catch was missed
        by our catch (chance 1 - catch, once the señas were made), and each rival whose
        partner has señas saw them and bet on his team's chance, not on his own hand. Unless
        we caught that partner we cannot tell, so each deal's weight is multiplied by how
        much likelier the hand's record is under that mixture than under the own-hand
        reading it was drawn with, and the case (they show or not) is drawn from its share
        of that mixture.
        """
        view = self.view
        senas_of = hand_senas(view.tables, reyes_of(view))
        caught = shown(view)
        made = view.phase in BETTING   # every seat has made its señas or not
        missed = 1.0 - float(view.obs["rules"].get("catch", 0.25)) if made else 1.0
        reads = [(seat, (seat + 2) % 4) + self._read(seat) for seat in view.rivals]
        for k, ids in enumerate(self.worlds):
            if not self.weights[k]:
                continue
            ratio = 1.0
            saw: dict[int, tuple[str, ...]] = {}
            for seat, partner, acts, own in reads:
                if seat not in caught and senas_of[ids[seat]]:
                    ratio *= missed
                partner_senas = senas_of[ids[partner]]
                if partner in caught or not partner_senas:
                    continue
                saw[seat] = partner_senas
                hid = ids[seat]
                lo = hi = 1.0
                for lance, ctx in acts:
                    lo *= action_likelihood(ctx, own[lance][hid])
                    hi *= action_likelihood(ctx, self.team_strength(seat, lance, partner_senas)[hid], True)
                wild = _wild(acts)
                lo, hi = _mixed(lo, wild), _mixed(hi, wild)
                ratio *= hi / lo if lo > 0.0 else 1.0
            mixed = share * ratio + (1.0 - share)
            self.weights[k] *= mixed
            if saw and rng.random() * mixed < share * ratio:
                self.saw[k] = saw
        total = sum(self.weights)
        if total > 0.0:
            self.weights = [w / total for w in self.weights]

    def team_strength(self, seat: int, lance: str, partner_senas: tuple[str, ...]) -> list[float]:
        """``perceived_for`` ``seat`` at ``lance`` as if he saw his partner show
        ``partner_senas``; kept for the belief's life, as the deals and the play-outs ask
        it again for every deal."""
        key = (seat, lance, partner_senas)
        if key not in self._team:
            self._team[key] = perceived_for(self.view, seat, lance, partner_senas)
        return self._team[key]

    def sees_team(self, seat: int) -> bool:
        """Whether ``seat`` is a rival we know saw his partner's señas (we caught them):
        his strength as he sees it (``perceived_for``) is then his team's, and he answers
        as ``seen`` says. Our partner plays as we do, and is read as before."""
        return seat in self.view.rivals and (seat + 2) % 4 in shown(self.view)

    def _read(self, seat: int) -> tuple[list[tuple[str, str]], dict[str, list[float]]]:
        """(lance, situation) of each betting action of ``seat`` this hand, in order, and
        for each of those lances his own view of every hand's strength there (built once
        for ``_likelihood`` and ``_informed``)."""
        if seat not in self._reads:
            view = self.view
            lances: list[str] = []
            for _, ph, _ in view.bets:
                if ph not in lances:
                    lances.append(ph)
            acts = [(lance, ctx) for lance in lances
                    for s, ctx in bet_contexts(view.bets_in(lance)) if s == seat]
            own = {lance: perceived_for(view, seat, lance) for lance, _ in acts}
            self._reads[seat] = (acts, own)
        return self._reads[seat]

    def _likelihood(self, seat: int) -> list[float]:
        """For every hand id: the chance of this seat's public actions with that hand."""
        view = self.view
        t = view.tables
        vote = view.votes.get(seat)
        out: list[float] | None = None
        if vote in ("mus", "no hay mus"):
            out = _LIKELIHOODS.get("cut" if vote == "no hay mus" else "mus",
                                   t.equity_pct[view.rel(seat)], False)
        acts, own = self._read(seat)
        if not acts or (self.blind and seat in view.rivals):
            return out if out is not None else [1.0] * len(t.sigs)
        saw = self.sees_team(seat)
        bluffs = self.bluffs if seat in view.rivals else 0.0
        honest: list[float] | None = None
        for lance, ctx in acts:
            likely = _LIKELIHOODS.get(ctx, own[lance], saw)
            if ctx == "open_bet" and self.reading is not None and seat in view.rivals:
                likely = self._sized(seat, lance, own[lance], likely)
            if bluffs > 0.0 and ctx in _BETS:
                likely = [(1.0 - bluffs) * lk + bluffs for lk in likely]
            honest = likely if honest is None else [h * lk for h, lk in zip(honest, likely)]
        assert honest is not None
        # _mixed(h, _wild(acts)) for every hand, its two terms computed once
        honest_share, wild_term = 1.0 - WILD, WILD * _wild(acts)
        if out is None:
            return [honest_share * h + wild_term for h in honest]
        return [o * (honest_share * h + wild_term) for o, h in zip(out, honest)]

    def _sized(self, seat: int, lance: str, strengths: list[float], likely: list[float]) -> list[float]:
        """``likely`` for ``seat``'s opening envite at ``lance``, weighed by what its size
        has meant in the rivals' shown hands (``Reading.size_weights``)."""
        assert self.reading is not None
        size = next(envido_amount(a) for _, a in self.view.bets_in(lance) if a.startswith("envido"))
        weights = self.reading.size_weights(seat & 1, size, lance)
        if weights is None:
            return likely
        weak, strong, top = weights
        return [lk * (top if x >= TOP else strong if x >= BIG else weak) for lk, x in zip(likely, strengths)]

    def effective_size(self) -> float:
        return 1.0 / sum(w * w for w in self.weights)
