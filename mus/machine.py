"""The rules of play as a state machine: what each action does to a partida's state.

``Machine`` holds a state and the steps of a hand: the mus and the descartes, the señas,
the lances and their betting, the count, the end of a hand, a juego and a vaca. Each step
changes a fresh copy (``Game.apply`` makes it): once a state has been returned, its
attributes are rebound, never mutated, and what it shares with the states before and
after it (the rules, the generator until a chance step needs it, the ``Trail`` lists of
actions, events and finished hands) is never changed for them. ``mus.game.Game`` is the
public face: building a partida, asking it, applying actions, observing and saving it.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from . import scoring
from .actions import DESCARTE_ACTIONS, MUS, MUS_ACTIONS, NO_HAY_MUS, SENAS, SENAS_ACTIONS, Action
from .betting import DEJE, ORDAGO_QUERIDO, SIN_ENVITE, Outcome, Round
from .cards import DECK_SIZE, card_text
from .dealer import Hands, cards_text, deal, serve
from .errors import IllegalActionError
from .lances import Signature, Table, signature
from .observation import HandResult, Lance, Phase
from .played import SERVE_SEAT, SERVE_TEXT, PlayedHand
from .rng import Random
from .rules import Rules
from .signs import signature_senas
from .trail import Trail

Pair: TypeAlias = "tuple[int, int]"
# Chance phases when chance is explicit (or, for reparto, when each deal is reseeded).
SERVICIO: Final = "servicio"
REPARTO: Final = "reparto"
CAZA: Final = "caza"
_FOLLOWING: dict[Lance, Lance] = {"grande": "chica", "chica": "pares", "pares": "juego"}
_SLOTS = ("_rules", "_max_envite", "_table", "_seed", "_rng", "_rng_shared", "_explicit_chance",
          "_reseed", "_start", "_actions", "_mano", "_phase", "_to_play", "_hands", "_sigs",
          "_deck", "_pile", "_mus_votes", "_discards", "_round", "_results", "_declared",
          "_events", "_ledger", "_score", "_juegos", "_vacas", "_played", "_caught", "_winner",
          "_opening")


class Machine:
    """A partida's state and the steps that change it (see the module's docstring)."""

    __slots__ = _SLOTS
    _rules: Rules
    _max_envite: int
    _table: Table
    _seed: int
    _rng: Random
    _rng_shared: bool
    _explicit_chance: bool
    _reseed: bool
    _start: dict[str, Any] | None
    _actions: Trail                 # of notations, since the start
    _mano: int
    _phase: Phase
    _to_play: int | None
    _hands: Hands
    _sigs: tuple[Signature, ...]
    _deck: tuple[int, ...]
    _pile: tuple[int, ...]
    _mus_votes: int
    _discards: Hands
    _round: Round | None
    _results: tuple[tuple[str, Outcome], ...]
    _declared: dict[str, tuple[bool, ...]]
    _events: Trail                  # of this hand's Events (mus.played)
    _ledger: tuple[scoring.Entry, ...]
    _score: Pair
    _juegos: Pair
    _vacas: Pair
    _played: Trail                  # of PlayedHand, the finished hands
    # Señas caught in finished hands: (hand number, seat that showed, señas, rivals who caught)
    _caught: Trail
    _winner: int | None
    # This hand before its first action: (its index in the actions, mano, score, juegos,
    # vacas, the hands dealt)
    _opening: tuple[int, int, Pair, Pair, Pair, Hands]

    def _copy(self) -> Any:
        # Written out rather than looped: this runs at every action (MicroPython cannot
        # assign an instance's __dict__).
        g = object.__new__(type(self))
        g._rules, g._max_envite, g._table, g._seed = self._rules, self._max_envite, self._table, self._seed
        g._rng, g._rng_shared = self._rng, True
        g._explicit_chance, g._reseed, g._start = self._explicit_chance, self._reseed, self._start
        g._actions, g._mano, g._phase, g._to_play = self._actions, self._mano, self._phase, self._to_play
        g._hands, g._sigs, g._deck, g._pile = self._hands, self._sigs, self._deck, self._pile
        g._mus_votes, g._discards, g._round = self._mus_votes, self._discards, self._round
        g._results, g._declared, g._events = self._results, self._declared, self._events
        g._ledger, g._score, g._juegos, g._vacas = self._ledger, self._score, self._juegos, self._vacas
        g._played, g._caught, g._winner, g._opening = self._played, self._caught, self._winner, self._opening
        return g

    def _fresh_rng(self) -> Random:
        """The generator for a chance step, copied first if an earlier state shares it,
        so that earlier states keep their own future."""
        if self._rng_shared:
            self._rng, self._rng_shared = self._rng.copy(), False
        return self._rng

    def _in_order(self, hands: Hands) -> Hands:
        """Each hand in display order, strongest first: positions of descarte refer to it."""
        order = self._table.card_order
        return tuple(tuple(sorted(hand, key=lambda card: order[card])) for hand in hands)

    def _cards(self, seat: int) -> list[str]:
        return [card_text(card) for card in self._hands[seat]]

    # --- what may be played ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == "mus":
            return list(MUS_ACTIONS)
        if phase == "descarte":
            return list(DESCARTE_ACTIONS)
        if phase == "senas":
            assert self._to_play is not None
            return list(SENAS_ACTIONS if self._senas_of(self._to_play) else SENAS_ACTIONS[1:])
        if self._round is not None:
            return self._round.legal_actions(self._max_envite)
        return []

    def _is_legal(self, action: Action) -> bool:
        phase = self._phase
        if phase == "mus":
            return action.kind in (MUS, NO_HAY_MUS)
        if phase == "descarte":
            return action in DESCARTE_ACTIONS
        if phase == "senas":
            return action in self.legal_actions()
        return self._round is not None and self._round.allows(action, self._max_envite)

    def _step(self, act: Action) -> None:
        seat = self._to_play
        assert seat is not None
        if self._phase == "mus":
            self._events = self._events.appended((seat, "mus", act.text, ()))
            if act.kind == NO_HAY_MUS:
                # The hands are final: their rank signatures key every lance table.
                self._sigs = tuple(signature([c >> 2 for c in hand]) for hand in self._hands)
                if self._rules.senas:
                    self._phase, self._to_play = "senas", self._mano
                else:
                    self._open_lance("grande")
            else:
                self._mus_votes += 1
                if self._mus_votes == 4:
                    self._phase, self._to_play = "descarte", (self._mano + 3) % 4
                else:
                    self._to_play = (seat + 1) % 4
        elif self._phase == "descarte":
            self._discard(seat, act)
        elif self._phase == "senas":
            self._sena(seat, act)
        else:
            self._bet(seat, act)

    # --- mus and descarte -------------------------------------------------------------

    def _deal(self) -> None:
        hands, self._deck = deal(self._fresh_rng(), self._mano)
        self._hands = self._in_order(hands)
        self._pile = ()
        self._begin_mus()

    def _begin_mus(self) -> None:
        """A hand begins at its mus: the actions so far belong to the hands before."""
        self._opening = (len(self._actions), self._mano, self._score, self._juegos, self._vacas, self._hands)
        self._phase, self._to_play = "mus", self._mano
        self._mus_votes = 0
        self._discards = ((), (), (), ())
        self._round, self._results, self._declared = None, (), {}
        self._events, self._ledger = Trail(), ()

    def _discard(self, seat: int, act: Action) -> None:
        thrown = tuple(self._hands[seat][p] for p in act.cards)
        discards = list(self._discards)
        discards[seat] = thrown
        self._discards = tuple(discards)
        self._pile += thrown
        self._events = self._events.appended((seat, "descarte", act.text, thrown))
        if seat != self._mano:
            self._to_play = (seat - 1) % 4
            return
        if self._explicit_chance:
            self._phase, self._to_play = SERVICIO, None
            return
        self._served(*serve(self._fresh_rng(), self._kept(), self._discards, self._deck, self._pile, self._mano))

    def _kept(self) -> Hands:
        return tuple(tuple(c for c in hand if c not in out)
                     for hand, out in zip(self._hands, self._discards))

    def _deal_given(self, hands: Hands) -> None:
        dealt = [card for hand in hands for card in hand]
        self._mano = (self._mano + 1) % 4
        self._hands = self._in_order(hands)
        self._deck = tuple(card for card in range(DECK_SIZE) if card not in dealt)
        self._pile = ()
        self._begin_mus()

    def _served(self, hands: Hands, deck: tuple[int, ...], pile: tuple[int, ...]) -> None:
        """The seats hold ``hands`` after the serve (each its kept cards, then those served)."""
        kept = self._kept()
        served = tuple(card for seat in range(4) for card in hands[seat][len(kept[seat]):])
        self._hands, self._deck, self._pile = self._in_order(hands), deck, pile
        self._phase, self._to_play = "mus", self._mano
        self._mus_votes, self._discards = 0, ((), (), (), ())
        self._events = self._events.appended((SERVE_SEAT, "mus", SERVE_TEXT, served))

    # --- señas ------------------------------------------------------------------------

    def _senas_of(self, seat: int) -> tuple[str, ...]:
        """The señas the final hand of ``seat`` allows (known once the mus is over)."""
        return signature_senas(self._sigs[seat], self._rules.reyes)

    def _sena(self, seat: int, act: Action) -> None:
        """``seat`` shows all its señas or none; each rival catches them with chance
        ``rules.catch``, drawn from the game's generator (a chance step), or with
        explicit chance given by the ``cazada`` action that follows."""
        caught: tuple[int, ...] = ()
        if act.kind == SENAS and self._explicit_chance:  # the catch is the next action
            self._events = self._events.appended((seat, "senas", act.text, caught))
            self._phase, self._to_play = CAZA, None
            return
        if act.kind == SENAS:
            rng = self._fresh_rng()
            caught = tuple(r for r in ((seat + 1) % 4, (seat + 3) % 4)
                           if rng.random() < self._rules.catch)
        self._events = self._events.appended((seat, "senas", act.text, caught))
        self._after_sena(seat)

    def _after_sena(self, seat: int) -> None:
        if seat == (self._mano + 3) % 4:
            self._open_lance("grande")
        else:
            self._phase, self._to_play = "senas", (seat + 1) % 4

    # --- lances -----------------------------------------------------------------------

    def _from_mano(self) -> tuple[int, ...]:
        return tuple((self._mano + i) % 4 for i in range(4))

    def _open_lance(self, lance: Lance) -> None:
        speakers = self._from_mano()
        if lance in ("pares", "juego"):
            holding = set(scoring.holders(lance, self._sigs, self._table))
            declared = dict(self._declared)
            declared[lance] = tuple(s in holding for s in range(4))
            self._declared = declared
            for s in speakers:
                self._events = self._events.appended((s, lance, f"{lance} {'sí' if s in holding else 'no'}", ()))
            if lance == "juego" and not holding:
                return self._open_lance("punto")
            if len({s & 1 for s in holding}) < 2:
                self._results += ((lance, Outcome(SIN_ENVITE)),)
                return self._next_lance(lance)
            speakers = tuple(s for s in speakers if s in holding)
        self._phase = lance
        self._round = Round.open(lance, speakers)
        self._to_play = self._round.to_play

    def _next_lance(self, lance: Lance) -> None:
        following = _FOLLOWING.get(lance)
        if following:
            self._open_lance(following)
        else:
            self._round = None
            self._count()

    def _bet(self, seat: int, act: Action) -> None:
        assert self._round is not None
        lance = self._round.lance
        self._events = self._events.appended((seat, lance, act.text, ()))
        self._round = self._round.apply(seat, act)
        outcome = self._round.outcome
        if outcome is None:
            self._to_play = self._round.to_play
            return
        self._results += ((lance, outcome),)
        if outcome.kind == ORDAGO_QUERIDO:
            return self._ordago(lance)
        if outcome.kind == DEJE:
            entry = scoring.Entry(outcome.team, outcome.amount, f"{outcome.amount} porque no",
                                  lance, self._round.bettor)
            if self._collect(entry):
                return self._end_hand(revealed=False, winners={})
        self._next_lance(lance)

    def _ordago(self, lance: str) -> None:
        """An accepted órdago: cards are shown and that lance decides the juego."""
        assert self._round is not None
        seat = scoring.lance_winner(lance, self._sigs, list(self._round.speakers), self._mano, self._table)
        team = seat & 1
        self._collect(scoring.Entry(team, self._rules.target - self._score[team],
                                    f"órdago {scoring.ARTICLE[lance]}", lance, seat))
        self._end_hand(revealed=True, winners={lance: seat})

    # --- counting and the end of a hand ---------------------------------------------

    def _collect(self, entry: scoring.Entry) -> bool:
        """Score one ledger line; True when it wins the juego."""
        self._ledger += (entry,)
        score = list(self._score)
        score[entry.team] += entry.points
        self._score = (score[0], score[1])
        return self._score[entry.team] >= self._rules.target

    def _count(self) -> None:
        entries, winners = scoring.count(self._sigs, self._mano, self._results, self._table)
        for entry in entries:
            if self._collect(entry):
                break
        self._end_hand(revealed=True, winners=winners)

    def _end_hand(self, revealed: bool, winners: dict[str, int]) -> None:
        target = self._rules.target
        reached = [team for team in (0, 1) if self._score[team] >= target]
        juego_winner = self._ledger[-1].team if reached else None
        number = len(self._played) + 1
        result: HandResult = {
            "number": number,
            "mano": self._mano,
            "hands": [self._cards(s) for s in range(4)] if revealed else None,
            "ledger": [entry.to_dict() for entry in self._ledger],
            "lances": {lance: outcome.to_dict() for lance, outcome in self._results},
            "winners": winners,
            "declared": {lance: list(flags) for lance, flags in self._declared.items()},
            "score": list(self._score),
            "juego_winner": juego_winner,
        }
        events = tuple(self._events.items())
        first, mano, score, juegos, vacas, dealt = self._opening
        self._played = self._played.appended(PlayedHand(
            first, len(self._actions), mano, score, juegos, vacas, dealt, self._hands, events, result))
        for who, phase, text, caught in events:
            if phase == "senas" and text == SENAS and caught:
                self._caught = self._caught.appended((number, who, self._senas_of(who), caught))
        self._round = None
        if juego_winner is not None and self._win_juego(juego_winner):
            return
        if self._explicit_chance or self._reseed:  # the hand stays until the next deal is given
            self._phase, self._to_play = REPARTO, None
            return
        self._mano = (self._mano + 1) % 4
        self._deal()

    def _win_juego(self, team: int) -> bool:
        """Record a won juego (and vaca); True when the partida is over."""
        self._score = (0, 0)
        self._juegos = _bump(self._juegos, team)
        if self._juegos[team] < self._rules.juegos_to_win:
            return False
        self._juegos = (0, 0)
        self._vacas = _bump(self._vacas, team)
        if self._vacas[team] < self._rules.vacas_to_win:
            return False
        self._phase, self._to_play, self._winner = "fin", None, team
        return True


def _bump(pair: Pair, team: int) -> Pair:
    return (pair[0] + 1, pair[1]) if team == 0 else (pair[0], pair[1] + 1)


def check_deal(hands: Hands) -> None:
    """A deal given as a chance action: four distinct cards to each seat."""
    dealt = [card for hand in hands for card in hand]
    if any(len(hand) != 4 for hand in hands) or len(set(dealt)) != 16:
        raise IllegalActionError(f"expected a deal of 4 distinct cards to each seat, got {cards_text(hands)!r}")
