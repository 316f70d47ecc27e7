"""What a bot reads from its observation, parsed once per decision.

Everything here comes from the observation dict of the bot's own seat, nothing else.

>>> import mus
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
>>> v = View(g.observation(0))
>>> v.pos, v.partner, v.hand_sig, v.legal[:2]
(0, 2, (0, 0, 1, 4), ['mus', 'no hay mus'])
"""

from __future__ import annotations

from typing import Any

from ..observation import LogEvent, Observation, OutcomeData
from .tables import Sig, Tables, card_index, draws_cached, tables_for

BETTING = ("grande", "chica", "pares", "juego", "punto")


class View:
    """The parts of an observation the bots use, with cards as deck indices."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        rules = obs["rules"]
        self.tables: Tables = tables_for(int(rules["reyes"]), bool(rules["real_31"]))
        self.target: int = int(rules["target"])
        self.seat: int = int(obs["seat"])
        self.mano: int = int(obs["mano"])
        self.team: int = self.seat & 1
        self.partner: int = (self.seat + 2) % 4
        self.rivals: tuple[int, int] = ((self.seat + 1) % 4, (self.seat + 3) % 4)
        self.pos: int = (self.seat - self.mano) % 4
        self.phase: str = str(obs["phase"])
        self.legal: list[str] = list(obs["legal_actions"])
        self.cards: list[int] = [card_index(c) for c in obs["hand"]]
        self.hand_id: int = self.tables.hand_id(self.cards)
        self.hand_sig: Sig = self.tables.sigs[self.hand_id]
        score = obs["score"]
        self.us: int = int(score[self.team])
        self.them: int = int(score[1 - self.team])
        self.declared: dict[str, list[bool]] = obs.get("declared") or {}
        self.bet: dict[str, Any] | None = dict(obs["bet"]) if obs["bet"] else None
        self.lances: dict[str, OutcomeData] = obs["lances"]
        log: list[LogEvent] = obs["log"]
        # Only the last mus round speaks about the hands now held.
        last_serve = max((i for i, e in enumerate(log) if e.get("action") == "servido"), default=-1)
        self.mus_rounds: int = sum(1 for e in log if e.get("action") == "servido")
        self.votes: dict[int, str] = {}
        self.discards: dict[int, int] = {}
        self.bets: list[tuple[int, str, str]] = []
        # Cards we threw this hand are in the pile, out of everyone's hands, as long as the
        # deck never ran out (24 cards are left after the deal).
        self.thrown: list[int] = []
        discarded = 0
        for i, e in enumerate(log):
            if e.get("phase") == "descarte":
                discarded += int(e.get("count", 0))
                if int(e["seat"]) == self.seat:
                    self.thrown += [card_index(c) for c in e.get("cards", [])]
        if discarded > 24:
            self.thrown = []
        for i, e in enumerate(log):
            phase, seat, action = e.get("phase"), int(e["seat"]), str(e["action"])
            if phase == "mus" and i > last_serve and seat >= 0:
                self.votes[seat] = action
            elif phase == "descarte" and i < last_serve:
                self.discards[seat] = int(e.get("count", 0))
            elif phase in BETTING and action not in _DECLARATIONS:
                self.bets.append((seat, str(phase), action))

    def rel(self, seat: int) -> int:
        """Seats after the mano (0 = mano, 3 = postre)."""
        return (seat - self.mano) % 4

    def bets_in(self, lance: str) -> list[tuple[int, str]]:
        return [(s, a) for s, ph, a in self.bets if ph == lance]


def playable(observation: Observation) -> View:
    """The view of the seat to play; a bot is asked only when it has legal actions."""
    view = View(observation)
    if not view.legal:
        raise ValueError("expected an observation of the seat to play, with legal actions")
    return view


_DECLARATIONS = frozenset({"pares sí", "pares no", "juego sí", "juego no"})


def envido_amount(action: str) -> int:
    """'envido' → 2, 'envido 5' → 5; 0 for anything else."""
    if not action.startswith("envido"):
        return 0
    rest = action[6:].strip()
    return int(rest) if rest else 2


def best_discard(t: Tables, cards: list[int], value: list[float],
                 avail: list[int] | None = None) -> tuple[tuple[int, ...], float]:
    """Hand positions to throw (1..4 of them) that maximise the expected ``value`` of the
    hand after drawing, and that expectation. ``avail`` is the number of unseen cards per
    class (default: the deck minus this hand)."""
    if avail is None:
        avail = list(t.class_size)
        for c in cards:
            avail[t.card_class[c]] -= 1
    best: tuple[tuple[int, ...], float] = ((0, 1, 2, 3), -1.0)
    seen: dict[Sig, float] = {}
    for mask in range(1, 16):
        thrown = tuple(p for p in range(4) if mask >> p & 1)
        kept = tuple(sorted(t.card_class[cards[p]] for p in range(4) if not mask >> p & 1))
        if kept not in seen:
            seen[kept] = _expected(t, kept, tuple(avail), value)
        ev = seen[kept]
        if ev > best[1] + 1e-12 or (abs(ev - best[1]) <= 1e-12 and len(thrown) < len(best[0])):
            best = (thrown, ev)
    return best


def discard_worth(observation: Observation) -> dict[str, float]:
    """Each discard the seat of ``observation`` may make (engine notation) with the expected
    mean equity of its hand after drawing, as ``best_discard`` weighs them for ``normal``:
    what the lessons' checks hold a taught discard against."""
    view = View(observation)
    t = view.tables
    avail = list(t.class_size)
    for c in view.cards:
        avail[t.card_class[c]] -= 1
    worth = {}
    for mask in range(1, 16):
        kept = tuple(sorted(t.card_class[view.cards[p]] for p in range(4) if not mask >> p & 1))
        worth["descarte " + " ".join(str(p) for p in range(4) if mask >> p & 1)] = _expected(
            t, kept, tuple(avail), t.mean_equity)
    return worth


def _expected(t: Tables, kept: Sig, avail: tuple[int, ...], value: list[float]) -> float:
    code_kept = t.code(kept)
    ids = t.code_to_id
    total = 0.0
    for drawn, p in draws_cached(t, avail, 4 - len(kept)):
        total += p * value[ids[code_kept + t.code(drawn)]]
    return total


def legalize(choice: str, legal: list[str]) -> str:
    """``choice`` if legal, else the closest legal action (a smaller envite, quiero/paso)."""
    if choice in legal:
        return choice
    amount = envido_amount(choice)
    if amount:
        envites = [a for a in legal if a.startswith("envido")]
        if envites:
            return min(envites, key=lambda a: abs(envido_amount(a) - amount))
    for fallback in ("quiero", "paso", "no quiero", "mus"):
        if fallback in legal:
            return fallback
    return legal[0]
