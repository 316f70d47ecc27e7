"""The rest of a hand played out in one guessed deal, every seat by a simple policy.

The Monte-Carlo level (``montecarlo``) values an option by playing the hand to its end in
many guessed deals (``deals``): the betting round in progress, then every lance still to
come, each seat acting by ``Policy`` on its own hand's chance at the lance as it sees it
(``strength.perceived``: its seat, the declarations, nothing of the others' cards), then
the count in counting order, stopping where a team reaches the target. The hand's value
is the chance of winning the juego from the score it leaves (``tables.win_table``).

Betting follows the engine's rules (``mus.betting``), counting the engine's count
(``mus.scoring``); ``tests/test_montecarlo.py`` holds both to the engine.

>>> import mus
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1).apply("no hay mus")
>>> view = View(g.observation(0))
>>> ids = [view.tables.hand_id([mus.ai.tables.card_index(c) for c in g.hand(s)]) for s in range(4)]
>>> out = Playout(view)
>>> out.finish(ids, OPEN, ENVIDO_2)   # our envido at grande, then the policy: (ours, theirs)
(6, 7)
"""

from __future__ import annotations

from typing import Final, TypeAlias

from .strength import perceived, sigmoid
from .tables import Tables, win_table
from .view import View, envido_amount

# Actions as small numbers: the envites are their amounts (2, 5, 10...).
PASO: Final = -1
QUIERO: Final = -2
NO_QUIERO: Final = -3
ORDAGO: Final = -4
ENVIDO_2: Final = 2
ACTION_TEXT: Final = {PASO: "paso", QUIERO: "quiero", NO_QUIERO: "no quiero", ORDAGO: "ordago"}

LANCES: Final = ("grande", "chica", "pares", "juego", "punto")
GRANDE, CHICA, PARES, JUEGO, PUNTO = 0, 1, 2, 3, 4
# A betting round's position: (table, pending, órdago, bettor, answering, next speaker).
State: TypeAlias = "tuple[int, int, bool, int, tuple[int, ...], int]"
OPEN: Final = (0, 0, False, -1, (), 0)


def action_code(text: str) -> int:
    """'envido 5' → 5, 'paso' → PASO..."""
    for code, name in ACTION_TEXT.items():
        if name == text:
            return code
    amount = envido_amount(text)
    if not amount:
        raise ValueError(f"expected a betting action (paso, envido N, quiero, no quiero, ordago), got {text!r}")
    return amount


def action_text(code: int) -> str:
    if code > 0:
        return "envido" if code == 2 else f"envido {code}"
    return ACTION_TEXT[code]


class Policy:
    """How every seat bets in a play-out, from ``x``, its team's chance at the lance as it
    sees it, and the score: opens from 0.62, raises by 2 from 0.85, calls an envite from
    0.45 to 0.58 as the stake grows, an órdago from 0.78; never refuses what would hand the
    rivals the juego unless its hand is hopeless; throws an órdago with a near-sure hand
    when the rivals are close. ``normal`` plays much like this."""

    __slots__ = ("open_from", "raise_from", "ordago_call")

    def __init__(self, open_from: float = 0.62, raise_from: float = 0.85, ordago_call: float = 0.78) -> None:
        self.open_from, self.raise_from, self.ordago_call = open_from, raise_from, ordago_call

    def act(self, x: float, facing: bool, ordago: bool, table: int, pending: int,
            mine: int, theirs: int, target: int, max_envite: int) -> int:
        """``mine`` and ``theirs``: the score of the acting seat's team and the rivals'."""
        if not facing:
            if x >= 0.95 and target - theirs <= 8:
                return ORDAGO
            return ENVIDO_2 if x >= self.open_from else PASO
        deje = table or 1
        lost_if_refused = theirs + deje >= target
        if ordago:
            return QUIERO if x >= self.ordago_call or lost_if_refused and x >= 0.3 else NO_QUIERO
        stake = table + pending
        if x >= self.raise_from and stake + 2 <= max_envite and stake < 10:
            return ENVIDO_2
        if lost_if_refused:
            return QUIERO
        need = 0.45 if stake <= 2 else 0.5 if stake <= 6 else 0.58
        return QUIERO if x >= need else NO_QUIERO


def likelihood(policy: Policy, x: float, facing: bool, ordago: bool, stake: int, action: int) -> float:
    """How likely a player of strength ``x`` was to take ``action``: ``policy`` softened,
    with a floor for the bluffs and mistakes of real players (the score is left out)."""
    width = 0.05
    if not facing:
        bet = 0.04 + 0.92 * sigmoid((x - policy.open_from) / width)
        if action == PASO:
            return 1.0 - bet
        if action == ORDAGO:
            return bet * (0.03 + 0.97 * sigmoid((x - 0.92) / width))
        return bet
    if ordago:
        call = 0.04 + 0.92 * sigmoid((x - policy.ordago_call + 0.06) / width)
        return call if action == QUIERO else 1.0 - call
    need = 0.45 if stake <= 2 else 0.5 if stake <= 6 else 0.58
    call = 0.05 + 0.9 * sigmoid((x - need) / width)
    raise_ = 0.03 + 0.9 * sigmoid((x - policy.raise_from) / width)
    if action == NO_QUIERO:
        return 1.0 - call
    if action == QUIERO:
        return call * (1.0 - raise_)
    if action == ORDAGO:
        return call * raise_ * (0.05 + 0.95 * sigmoid((x - 0.92) / width))
    return call * raise_


class Playout:
    """What one seat's view fixes for every play-out of the hand: the tables, the seats in
    order from the mano, the score, the lances already decided, the betting in progress."""

    __slots__ = ("t", "view", "team", "target", "max_envite", "mano", "order", "rel", "score",
                 "decided", "current", "policy", "wtab", "stopped", "_strength")

    def __init__(self, view: View, policy: Policy | None = None) -> None:
        self.view = view
        self.t: Tables = view.tables
        self.team = view.team
        self.target = view.target
        self.max_envite = max(2, self.target)
        self.mano = view.mano
        self.order = tuple((view.mano + i) % 4 for i in range(4))
        self.rel = tuple((s - view.mano) % 4 for s in range(4))
        self.score = (view.us, view.them)
        self.policy = policy or Policy()
        self.wtab = win_table(self.target)
        # Lances already decided, with (kind, team, amount, bettor) as the engine left them.
        self.decided: list[tuple[int, str, int, int]] = []
        for index, name in enumerate(LANCES):
            outcome = view.lances.get(name)
            if outcome is not None and name != view.phase:
                self.decided.append((index, str(outcome["kind"]), int(outcome["team"]), int(outcome["amount"])))
        self.decided.sort()
        # The lance in progress, punto in juego's place.
        self.current = min(LANCES.index(view.phase), JUEGO) if view.phase in LANCES else GRANDE
        self._strength: dict[tuple[int, int, tuple[int, ...]], list[float]] = {}
        self.stopped: State = OPEN

    # --- the value of a hand's end ------------------------------------------------------

    def value(self, us: int, them: int) -> float:
        """Our chance of winning the juego from this score."""
        target = self.target
        if us >= target:
            return 1.0
        if them >= target:
            return 0.0
        return self.wtab[target - us][target - them]

    # --- who takes part, who wins -------------------------------------------------------

    def _holders(self, lance: int, ids: list[int]) -> tuple[int, ...]:
        t = self.t
        if lance == PARES:
            has = t.has_pares
        elif lance == JUEGO:
            has = t.has_juego
        else:
            return self.order
        return tuple(s for s in self.order if has[ids[s]])

    def _winner(self, lance: int, ids: list[int], seats: tuple[int, ...]) -> int:
        """Best hand among ``seats`` (in order from the mano: ties go to the first)."""
        key = self.t.key[LANCES[lance]]
        best = seats[0]
        best_key = key[ids[best]]
        for s in seats:
            k = key[ids[s]]
            if k > best_key:
                best, best_key = s, k
        return best

    def strength(self, ids: list[int], seat: int, lance: int, holders: tuple[int, ...]) -> float:
        """``seat``'s team chance at ``lance`` as he sees it: his hand, his seat, the
        declarations (the holders in pares and juego)."""
        key = (lance, seat, holders)
        table = self._strength.get(key)
        if table is None:
            rel = self.rel
            if lance in (PARES, JUEGO):
                rivals = tuple(sorted(rel[s] for s in holders if s & 1 != seat & 1))
                holds: bool | None = (seat + 2) % 4 in holders
            else:
                rivals = tuple(sorted(rel[s] for s in range(4) if s & 1 != seat & 1))
                holds = None
            table = perceived(self.t, LANCES[lance], rel[seat], rivals, holds)
            self._strength[key] = table
        return table[ids[seat]]

    # --- the play-out -------------------------------------------------------------------

    def finish(self, ids: list[int], state: State, action: int, stop: int = -1) -> tuple[int, int] | None:
        """The score (ours, theirs) after the hand, from the current lance's ``state``
        with the seat to play taking ``action``; a juego won ends at the target. With
        ``stop`` a seat, None where the current lance's betting comes back to that seat
        (``stopped`` then holds the position), so that it answers knowing what was bet."""
        return self._play(ids, self.current, state, action, stop)

    def from_start(self, ids: list[int]) -> tuple[int, int]:
        """The score after a hand played from grande with these hands (a cut mus)."""
        out = self._play(ids, GRANDE, None, 0, -1)
        assert out is not None
        return out

    def _play(self, ids: list[int], first: int, state: State | None, action: int,
              stop: int) -> tuple[int, int] | None:
        target = self.target
        score = [0, 0]
        score[self.team], score[1 - self.team] = self.score
        results: list[tuple[int, str, int, int]] = list(self.decided) if state is not None else []
        lance = first
        while lance <= JUEGO:
            holders = self._holders(lance, ids)
            name = lance
            if lance == JUEGO and not holders:
                name, holders = PUNTO, self.order
            if lance in (PARES, JUEGO) and name != PUNTO and len({s & 1 for s in holders}) < 2:
                results.append((name, "sin envite", -1, 0))
                lance += 1
                continue
            start: State = OPEN if state is None or lance != first else state
            first_action = action if state is not None and lance == first else 0
            outcome = self._round(ids, name, holders, start, first_action, score,
                                  stop if lance == first else -1)
            if outcome[0] == "stop":
                return None
            if outcome[0] == "ordago":
                winner = self._winner(name, ids, holders) & 1
                score[winner] = max(score[winner], target)
                return self._ours(score)
            if outcome[0] == "deje":
                score[outcome[1]] += outcome[2]
                if score[outcome[1]] >= target:
                    return self._ours(score)
            results.append((name, outcome[0], outcome[1], outcome[2]))
            lance += 1
        self._count(ids, results, score)
        return self._ours(score)

    def _ours(self, score: list[int]) -> tuple[int, int]:
        return score[self.team], score[1 - self.team]

    def _round(self, ids: list[int], lance: int, speakers: tuple[int, ...], state: State,
               action: int, score: list[int], stop: int) -> tuple[str, int, int]:
        """Bet one lance to its end: (kind, team, amount) as ``betting.Outcome`` has them,
        or ("stop", ...) where it comes back to ``stop``."""
        table, pending, ordago, bettor, answering, nxt = state
        policy, target, max_envite = self.policy, self.target, self.max_envite
        four = len(speakers) == 4
        for _step in range(64):
            seat = answering[0] if answering else speakers[nxt]
            if seat == stop and not action:
                self.stopped = (table, pending, ordago, bettor, answering, nxt)
                return "stop", -1, 0
            if not action:
                x = self.strength(ids, seat, lance, speakers)
                team = seat & 1
                action = policy.act(x, bool(answering), ordago, table, pending, score[team],
                                    score[1 - team], target, max_envite)
            if action == PASO:
                nxt += 1
                if nxt == len(speakers):
                    return "paso", -1, 0
            elif action == QUIERO:
                table += pending
                if ordago:
                    return "ordago", -1, 0
                return "querido", -1, table
            elif action == NO_QUIERO:
                answering = answering[1:]
                if not answering:
                    return "deje", bettor & 1, table or 1
            else:
                table += pending
                if action == ORDAGO:
                    pending, ordago = 0, True
                else:
                    pending = action
                bettor = seat
                rivals = ((seat + 1) % 4, (seat + 3) % 4)
                answering = rivals if four else tuple(s for s in rivals if s in speakers)
            action = 0
        return "paso", -1, 0   # not reached: every policy ends a round in a few steps

    def _count(self, ids: list[int], results: list[tuple[int, str, int, int]], score: list[int]) -> None:
        """Add the count, lance by lance in the order played, to ``score``; it stops where
        a team reaches the target (``scoring.count``, then the game's collecting)."""
        t, target = self.t, self.target
        for lance, kind, team, amount in results:
            if kind == "ordago":
                continue
            gain = 0
            if lance in (GRANDE, CHICA):
                if kind == "deje":
                    continue
                team = self._winner(lance, ids, self.order) & 1
                gain = 1 if kind == "paso" else amount
            elif lance == PUNTO:
                if kind != "deje":
                    team = self._winner(lance, ids, self.order) & 1
                gain = 1 + (amount if kind == "querido" else 0)
            else:
                holders = self._holders(lance, ids)
                if not holders:
                    continue
                if kind == "deje":
                    seat = self._winner(lance, ids, tuple(s for s in holders if s & 1 == team))
                else:
                    seat = self._winner(lance, ids, holders)
                team = seat & 1
                values = t.pares_value if lance == PARES else t.juego_value
                gain = (amount if kind == "querido" else 0) + values[ids[seat]] + values[ids[(seat + 2) % 4]]
            if gain:
                score[team] += gain
                if score[team] >= target:
                    return

    # --- a mus to come ------------------------------------------------------------------

    def redeal(self, ids: list[int], deck: list[int], kept: list[tuple[int, ...] | None]) -> list[int]:
        """The hands after one round of discards: each seat keeps ``kept[seat]`` (classes),
        or, where that is None, what a sensible player keeps (``Tables.keep``), and draws the
        rest from ``deck`` in order."""
        t = self.t
        out = [0, 0, 0, 0]
        drawn = 0
        for seat in self.order:
            keep = kept[seat]
            if keep is None:
                hid = ids[seat]
                keep = t.keep[t.best_discard_count[hid]][hid]
            code = t.code(keep)
            for _ in range(4 - len(keep)):
                code += _POW[deck[drawn % len(deck)]]
                drawn += 1
            # A deck run short (many rounds of mus) may repeat a card: keep the hand then.
            out[seat] = t.code_to_id.get(code, ids[seat])
        return out

    def wins(self, ids: list[int]) -> bool:
        """Whether our team holds the best hand at the lance in progress (pares and juego:
        among the holders; punto when nobody has juego)."""
        holders = self._holders(self.current, ids)
        lance = self.current
        if lance == JUEGO and not holders:
            lance, holders = PUNTO, self.order
        return bool(holders) and self._winner(lance, ids, holders) & 1 == self.team


_POW: Final = tuple(5 ** k for k in range(10))
