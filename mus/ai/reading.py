"""What the rivals' bets have meant so far this partida, learnt at the table.

A ``Reading`` is kept by a bot for the partida it plays. At each decision it remembers the
public bets of the hand in play (the observation's log), and once a hand is over and its
cards were shown at the count (``history``), it learns from it, once:

* the sizes of the rivals' opening envites, by the strength of the hand that made them as
  the others judge it (``strength.perceived``). Two readings are weighed by how well each
  foretold the sizes shown: the sized one (an envite bigger than 2 opens only from a strong
  hand, ``BIG``, and at pares and juego 5 or more only from the strongest, ``TOP``: how
  ``normal`` bets) and the plain one (sizes say nothing of the hand). ``size_weights``
  gives the belief how likely a size is from each band of strength. The sized reading
  starts nearly sure (``SIZED_PRIOR``: a juego shows too few hands to learn it from
  scratch), and two or three big envites shown from weak hands give it up;
* the share of their bets made without the hand to back them (``bluff_share``): among
  their envites we refused and their órdagos we called, those made with less than an even
  chance at the lance;
* whether they ever bet past any sensible size (``wild``): then they play at random.

Nothing is rescanned: each finished hand is read once. A bot that starts in the middle of
a partida (a reloaded page) learns from the hands shown so far, without their sizes.

>>> import mus
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1)
>>> r = Reading()
>>> r.see(View(g.observation(0)))
>>> weak, strong, top = r.size_weights(1, 4, "grande")   # nothing shown: both readings' prior
>>> weak < strong == top
True
"""

from __future__ import annotations

import math
from typing import Final

from ..observation import HandResult
from .blind import wild_bet
from .strength import counting, perceived
from .tables import Tables, card_index
from .view import BETTING, View, envido_amount

LARGEST_SIZE = 10  # sizes past this are no sensible player's (``blind.WILD_SIZE``)
SIZES = LARGEST_SIZE - 1   # the sizes of an opening read: 2 .. LARGEST_SIZE
BLUFF_PRIOR = 2    # bets at the honest share the read of the rivals' bets starts from
# The sized reading: an envite bigger than 2 opens only from a hand of strength BIG or more
# (half of those hands open so, the rest with 2); a weaker opening is of 2 (but for a slip
# of SLIP). Its share of belief before any hand is shown, against sizes that say nothing.
BIG = 0.85
BIG_SHARE = 0.5
# At pares and juego a hand of TOP or more opens with TOP_SIZE or more (``normal``'s 5).
TOP = 0.93
TOP_SIZE = 5
SLIP = 0.02
SIZED_PRIOR = 0.999
WILD_EVIDENCE = 10.0   # log-odds against the sized reading of an opening past LARGEST_SIZE
_ONE_OF = 1.0 / (SIZES - 1)   # a share of one size bigger than 2 where nothing tells them apart


def shown_strength(t: Tables, hand: HandResult, lance: str, seat: int) -> float:
    """The strength of ``seat``'s shown hand at ``lance`` of a finished ``hand``
    (``history`` entry), as the others judged it then (``strength.perceived``)."""
    mano = int(hand["mano"])
    rivals, holds = counting(seat, lance, hand["declared"])
    x = perceived(t, lance, (seat - mano) % 4, tuple(sorted((s - mano) % 4 for s in rivals)), holds)
    shown = hand["hands"]
    assert shown is not None
    cards = shown[seat]
    return x[t.hand_id([card_index(c) for c in cards])]


class Reading:
    """What one seat has learnt of the rival team's bets in the partida (see the module)."""

    __slots__ = ("seat", "done", "hand_number", "bets", "sizes", "openings", "big", "sized",
                 "bluff_bets", "bluffs", "wild")

    def __init__(self) -> None:
        self._reset(-1)

    def _reset(self, seat: int) -> None:
        self.seat = seat
        self.done = 0          # finished hands read
        self.hand_number = 0   # the hand whose bets are in ``bets``
        self.bets: list[tuple[int, str, str]] = []
        # The rivals' openings in shown hands: by size, all of them, and those bigger than 2.
        self.sizes: dict[int, int] = {}
        self.openings = 0
        self.big = 0
        self.sized = math.log(SIZED_PRIOR / (1.0 - SIZED_PRIOR))   # log-odds of the sized reading
        self.bluff_bets = 0
        self.bluffs = 0
        # A rival has opened or raised past any sensible size (``blind.wild_bet``): the
        # rivals play at random (``blind.blind_kind``), this hand and the next ones.
        self.wild = False

    def see(self, view: View) -> None:
        """Take in what ``view`` adds: the bets of the hand in play, and the hands finished
        since the last look."""
        history = view.obs.get("history") or []
        if view.seat != self.seat or len(history) < self.done:   # another partida or seat
            self._reset(view.seat)
        number = int(view.obs["hand_number"])
        for index in range(self.done, len(history)):
            hand = history[index]
            bets = self.bets if int(hand["number"]) == self.hand_number else []
            self._learn(view.tables, hand, bets)
        self.done = len(history)
        if number != self.hand_number or len(view.bets) >= len(self.bets):
            self.hand_number = number
            self.bets = list(view.bets)
        self.wild = self.wild or wild_bet(view)

    def _learn(self, t: Tables, hand: HandResult, bets: list[tuple[int, str, str]]) -> None:
        shown = hand["hands"]
        if not shown:
            return
        rivals = ((self.seat + 1) % 4, (self.seat + 3) % 4)
        for lance, outcome in hand["lances"].items():
            bettor = int(outcome["bettor"])
            if outcome["kind"] in ("deje", "ordago") and bettor in rivals and shown[bettor]:
                self.bluff_bets += 1
                self.bluffs += shown_strength(t, hand, lance, bettor) < 0.5
        for lance in BETTING:
            for seat, phase, action in bets:
                if phase != lance or not (action == "ordago" or action.startswith("envido")):
                    continue
                size = envido_amount(action)
                if seat in rivals and size > LARGEST_SIZE:   # no sensible player's: sizes say nothing
                    self.sized -= WILD_EVIDENCE
                elif seat in rivals and size >= 2 and shown[seat]:
                    x = shown_strength(t, hand, lance, seat)
                    self.sized += math.log(self._sized(size, x, lance) / self._plain(size))
                    self.sizes[size] = self.sizes.get(size, 0) + 1
                    self.openings += 1
                    self.big += size > 2
                break   # only the opening of the lance

    def _plain(self, size: int) -> float:
        """The chance of an opening of ``size`` when sizes say nothing: its share so far,
        from one opening of 2 and one of a bigger size."""
        return (self.sizes.get(size, 0) + (1.0 if size == 2 else _ONE_OF)) / (self.openings + 2.0)

    def _sized(self, size: int, x: float, lance: str) -> float:
        """The chance of an opening of ``size`` at ``lance`` from a hand of strength ``x``
        in the sized reading (the bigger sizes in their shares so far)."""
        tiers = lance in ("pares", "juego")
        top = tiers and x >= TOP
        if size == 2:
            return SLIP if top else 1.0 - SLIP if x < BIG else 1.0 - BIG_SHARE
        if x < BIG or (tiers and (size < TOP_SIZE) == top):
            return SLIP * _ONE_OF
        share = 1.0 - SLIP if top else BIG_SHARE
        return share * (self.sizes.get(size, 0) + _ONE_OF) / (self.big + 1.0)

    def size_weights(self, team: int, size: int, lance: str) -> tuple[float, float, float] | None:
        """How likely a rival opening of ``size`` at ``lance`` is from a hand weaker than
        ``BIG``, from one as strong and from one of ``TOP`` or more (the likeliest 1), over
        both readings as the shown hands weigh them; None for our own team's openings and
        sizes past ``LARGEST_SIZE``. ``team`` is the bettor's."""
        if team == self.seat & 1 or not 2 <= size <= LARGEST_SIZE:
            return None
        odds = math.exp(self.sized) if self.sized < 30.0 else math.exp(30.0)
        sized = odds / (1.0 + odds)
        plain = (1.0 - sized) * self._plain(size)
        weak, strong, top = (plain + sized * self._sized(size, x, lance) for x in (0.0, BIG, TOP))
        most = max(weak, strong, top)   # scaled to the soft model's: a bluff or a wild bet stays as likely
        return weak / most, strong / most, top / most

    def bluff_share(self, honest: float) -> float:
        """The share of the rivals' bets made without the hand to back them, as the hands
        shown at the count tell: among their envites we refused and their órdagos we
        called, those made with less than an even chance at the lance as the bettor saw it
        from his own hand, counted with ``BLUFF_PRIOR`` bets at the ``honest`` share.
        ``normal`` makes 2 % of its bets so, ``montecarlo`` 38 % (docs/bots.md)."""
        return (BLUFF_PRIOR * honest + self.bluffs) / (BLUFF_PRIOR + self.bluff_bets)
