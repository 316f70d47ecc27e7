"""The game: a whole partida of Mus as an immutable state machine.

``(rules, seed, actions)`` is the whole game. ``apply`` returns the next state and
leaves this one untouched; deals and serves are chance steps drawn from the game's
own generator (``rng.Random``), copied before each use so that earlier states stay valid.

With ``explicit_chance=True`` (``from_deal`` only) chance steps are actions instead,
as in OpenSpiel: after the mano's descarte the game waits in phase ``servicio`` for
``servido`` with the cards each seat receives (seats 0..3), and after the count in
phase ``reparto`` for the next deal; after a seat shows ``señas``, in phase ``caza`` for
``cazada`` with the rivals who caught them (``cazada``, ``cazada 1``, ``cazada 1 3``).
This is how a hand record is replayed exactly.

>>> g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, explicit_chance=True)
>>> for action in ["mus"] * 4 + ["descarte 3", "descarte 0", "descarte 0 1", "descarte 3"]:
...     g = g.apply(action)
>>> g.phase, g.to_play, g.is_chance
('servicio', None, True)
>>> g = g.apply("servido Ab Rb4c 5b 7e")
>>> g.phase, g.hand(0), g.hand(1)
('mus', ['Ro', 'Rc', 'Co', 'Ab'], ['Rb', '5o', '4o', '4c'])
>>> g.apply("servido Ab Rb4c 5b 7e")
Traceback (most recent call last):
...
mus.errors.IllegalActionError: 'servido Ab Rb4c 5b 7e' is not an action: expected mus, no hay mus, descarte N…, paso, envido [N], quiero, no quiero, ordago, señas or sin señas

>>> g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, rules=Rules(senas=True),
...                    explicit_chance=True)
>>> g = g.apply("no hay mus").apply("señas")
>>> g.phase, g.to_play, g.is_chance
('caza', None, True)
>>> g = g.apply("cazada 3")
>>> g.phase, g.to_play, g.observation(3)["senas"], g.observation(1)["senas"]
('senas', 1, [{'seat': 0, 'senas': ['dos reyes']}], [])
>>> g.apply("señas").apply("cazada 3")
Traceback (most recent call last):
...
mus.errors.IllegalActionError: 'cazada 3' is not legal in phase 'caza': chance acts now, expected which rivals caught the señas of seat 1: cazada, cazada 0, cazada 2, cazada 0 2

>>> g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
>>> g.phase, g.to_play, [str(a) for a in g.legal_actions()]
('mus', 0, ['mus', 'no hay mus'])
>>> g = g.apply("no hay mus").apply("envido").apply("no quiero").apply("no quiero")
>>> g.score, g.phase, g.to_play
((1, 0), 'chica', 0)
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from . import scoring
from .actions import (
    DESCARTE, DESCARTE_ACTIONS, MUS, MUS_ACTIONS, NO_HAY_MUS, SENAS, SENAS_ACTIONS, Action,
    parse_action,
)
from .betting import DEJE, ORDAGO_QUERIDO, SIN_ENVITE, Outcome, Round
from .cards import DECK_SIZE, RANKS, SUITS, card_text, parse_hand
from .dealer import Hands, cards_text, deal, parse_cards_by_seat, serve, serve_given
from .errors import IllegalActionError
from .jsondata import copy_data, described, dump_text, load_text
from .lances import Signature, Table, signature, table_for
from .observation import HandResult, Lance, LogEvent, Observation, Phase, SenasSeen
from .rng import Random, fresh_seed
from .rules import Rules
from .signs import senas_table

SAVE_FORMAT, SAVE_VERSION = "mus-game", 1
Pair: TypeAlias = "tuple[int, int]"
# seat, phase, notation, and the cards discarded (descarte) or the rivals who caught the
# señas (señas): a private part that only _public_event decides who may see.
Event: TypeAlias = "tuple[int, str, str, tuple[int, ...]]"
# Chance phases when chance is explicit (or, for reparto, when each deal is reseeded).
SERVICIO: Final = "servicio"
REPARTO: Final = "reparto"
CAZA: Final = "caza"
SERVIDO, CAZADA, BARAJA = "servido", "cazada", "baraja"
MAX_SEED = 2**64 - 1      # seeds are whole numbers 0..MAX_SEED
MAX_ACTIONS = 50_000      # a save longer than this is not a partida (a long one has ~1,000)
MAX_SAVE_TEXT = 2_000_000
_SLOTS = ("_rules", "_max_envite", "_table", "_seed", "_rng", "_rng_shared", "_explicit_chance",
          "_reseed", "_start", "_actions", "_mano", "_phase", "_to_play", "_hands", "_sigs",
          "_deck", "_pile", "_mus_votes", "_discards", "_round", "_results", "_declared",
          "_events", "_ledger", "_score", "_juegos", "_vacas", "_history", "_caught", "_winner")


class Game:
    """One partida. Build it with ``Game.new``, ``Game.from_deal`` or ``Game.from_json``."""

    # All attributes are rebound, never mutated, once a state has been returned.
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
    _actions: tuple[Any, ...] | None  # persistent list: (previous, notation)
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
    _events: tuple[Any, ...] | None  # persistent list: (previous, Event)
    _ledger: tuple[scoring.Entry, ...]
    _score: Pair
    _juegos: Pair
    _vacas: Pair
    _history: tuple[HandResult, ...]
    # Señas caught in finished hands: (hand number, seat that showed, señas, rivals who caught)
    _caught: tuple[tuple[int, int, tuple[str, ...], tuple[int, ...]], ...]
    _winner: int | None

    # --- construction -------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | None = None, reseed: bool = False) -> Game:
        """A new partida: the first mano is drawn by lot, then the first hand is dealt.

        With ``reseed`` each later deal is shuffled from a seed given as a chance action
        (``baraja N``, in phase ``reparto`` after each count): the page draws every one
        from a secret source, so a save tells nothing about the hands still to come."""
        g = cls._blank(rules or Rules(), seed)
        if reseed is not False:
            if reseed is not True:
                raise ValueError(f"expected reseed to be True or False, got {described(reseed)}")
            g._reseed, g._start = True, {"reseed": True}
        g._mano = g._fresh_rng().randrange(4)
        g._deal()
        return g

    @classmethod
    def from_deal(cls, hands: list[str], mano: int = 0, score: tuple[int, int] = (0, 0),
                  rules: Rules | None = None, seed: int | None = None,
                  juegos: tuple[int, int] = (0, 0), vacas: tuple[int, int] = (0, 0),
                  explicit_chance: bool = False) -> Game:
        """A partida starting from given hands by seat (suits optional), at the mano's
        mus decision; later deals and serves come from ``seed``, or with
        ``explicit_chance`` are given as actions (see the module's docstring)."""
        g = cls._blank(rules or Rules(), seed)
        if not _whole(mano) or not 0 <= mano <= 3:
            raise ValueError(f"expected mano to be a seat 0..3, got {described(mano)}")
        if explicit_chance is not True and explicit_chance is not False:
            raise ValueError(f"expected explicit_chance to be True or False, got {described(explicit_chance)}")
        if not isinstance(hands, (list, tuple)) or not all(isinstance(h, str) and len(h) <= 8 for h in hands):
            raise ValueError(f"expected 4 hands as text such as 'RoRc5e4b', got {described(hands)}")
        g._score, g._juegos, g._vacas = _pair(score, "score"), _pair(juegos, "juegos"), _pair(vacas, "vacas")
        g._start = {"hands": list(hands), "mano": mano, "score": list(g._score),
                    "juegos": list(g._juegos), "vacas": list(g._vacas)}
        if explicit_chance:  # only then, so that saves without chance actions read as before
            g._start["explicit_chance"] = True
            g._explicit_chance = True
        g._hands = g._in_order(_place_cards(hands))
        used = {card for hand in g._hands for card in hand}
        deck = [card for card in range(DECK_SIZE) if card not in used]
        g._fresh_rng().shuffle(deck)
        g._mano, g._deck = mano, tuple(deck)
        rules = g._rules
        if max(g._score) >= rules.target:
            raise ValueError(f"expected a score below the target {rules.target}, got {described(score)}")
        if max(g._juegos) >= rules.juegos_to_win:
            raise ValueError(f"expected juegos below juegos_to_win {rules.juegos_to_win}, got {described(juegos)}")
        if max(g._vacas) >= rules.vacas_to_win:
            raise ValueError(f"expected vacas below vacas_to_win {rules.vacas_to_win}, got {described(vacas)}")
        g._begin_mus()
        return g

    @classmethod
    def _blank(cls, rules: Rules, seed: int | None) -> Game:
        if not isinstance(rules, Rules):
            raise ValueError(f"expected Rules, got {described(rules)}")
        g = object.__new__(cls)
        g._rules = rules
        g._max_envite = rules.max_envite
        g._table = table_for(rules)
        g._seed = fresh_seed() if seed is None else _seed(seed)
        g._rng, g._rng_shared = Random(g._seed), False
        g._explicit_chance = g._reseed = False
        g._start, g._actions = None, None
        g._score = g._juegos = g._vacas = (0, 0)
        g._history, g._caught, g._winner = (), (), None
        g._mano, g._phase, g._to_play = 0, "", None
        g._hands, g._sigs, g._deck, g._pile, g._discards = (), (), (), (), ()
        g._mus_votes, g._round, g._results, g._declared = 0, None, (), {}
        g._events, g._ledger = None, ()
        return g

    def _copy(self) -> Game:
        # Written out rather than looped: this runs at every action (MicroPython cannot
        # assign an instance's __dict__).
        g = object.__new__(Game)
        g._rules, g._max_envite, g._table, g._seed = self._rules, self._max_envite, self._table, self._seed
        g._rng, g._rng_shared = self._rng, True
        g._explicit_chance, g._reseed, g._start = self._explicit_chance, self._reseed, self._start
        g._actions, g._mano, g._phase, g._to_play = self._actions, self._mano, self._phase, self._to_play
        g._hands, g._sigs, g._deck, g._pile = self._hands, self._sigs, self._deck, self._pile
        g._mus_votes, g._discards, g._round = self._mus_votes, self._discards, self._round
        g._results, g._declared, g._events = self._results, self._declared, self._events
        g._ledger, g._score, g._juegos, g._vacas = self._ledger, self._score, self._juegos, self._vacas
        g._history, g._caught, g._winner = self._history, self._caught, self._winner
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

    # --- public state ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_play(self) -> int | None:
        return self._to_play

    @property
    def mano(self) -> int:
        return self._mano

    @property
    def score(self) -> Pair:
        return self._score

    @property
    def juegos(self) -> Pair:
        return self._juegos

    @property
    def vacas(self) -> Pair:
        return self._vacas

    @property
    def is_chance(self) -> bool:
        """True when chance acts next: a serve, a deal or a catch of señas given as an action."""
        return self._phase in (SERVICIO, REPARTO, CAZA)

    @property
    def is_over(self) -> bool:
        return self._phase == "fin"

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def history(self) -> list[HandResult]:
        """Finished hands: revealed hands by seat (None if nobody showed) and the ledger
        (a fresh copy: changing it changes nothing here)."""
        history: list[HandResult] = copy_data(list(self._history))
        return history

    @property
    def actions(self) -> list[str]:
        """Every action applied since the start, in notation."""
        return _listed(self._actions)

    def hand(self, seat: int) -> list[str]:
        """Cards of ``seat`` in notation: full-state access, not for players (see observation)."""
        return [card_text(card) for card in self._hands[seat]]

    def __repr__(self) -> str:
        return (f"<Game phase={self._phase} to_play={self._to_play} score={self._score} "
                f"juegos={self._juegos} vacas={self._vacas} actions={len(self.actions)}>")

    # --- actions --------------------------------------------------------------------

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

    def apply(self, action: Action | str) -> Game:
        """The state after ``action`` (an Action or its notation); ``self`` is unchanged.

        Raises IllegalActionError, naming the legal actions, if it is not legal now.
        """
        if self.is_chance:
            return self._apply_chance(str(action))
        if isinstance(action, str):
            act = parse_action(action)
        elif isinstance(action, Action):
            act = action
        else:
            raise IllegalActionError(f"expected an Action or its notation (text), got {described(action)}")
        if not self._is_legal(act):
            legal = ", ".join(str(a) for a in _summarised(self.legal_actions()))
            raise IllegalActionError(
                f"{str(action)!r} is not legal in phase {self._phase!r} for seat "
                f"{self._to_play}; legal actions: {legal or 'none, the partida is over'}"
            )
        g = self._copy()
        g._actions = (self._actions, act.text)
        g._step(act)
        return g

    def _apply_chance(self, text: str) -> Game:
        if not isinstance(text, str) or len(text) > 80:
            raise IllegalActionError(f"expected a chance action's notation, got {str(text)[:80]!r}")
        head, _, rest = text.strip().partition(" ")
        if self._phase == CAZA:
            return self._apply_catch(text, head, rest)
        if self._reseed:
            return self._apply_shuffle(text, head, rest)
        expected = SERVIDO if self._phase == SERVICIO else REPARTO
        if head != expected:
            raise IllegalActionError(
                f"{text!r} is not legal in phase {self._phase!r}: chance acts now, expected "
                f"{expected!r} and the cards of seats 0..3")
        cards = parse_cards_by_seat(rest)
        g = self._copy()
        if expected == SERVIDO:
            g._serve_given(cards)
        else:
            g._deal_given(cards)
        g._actions = (self._actions, f"{expected} {cards_text(cards)}")
        return g

    def _apply_shuffle(self, text: str, head: str, rest: str) -> Game:
        """``baraja N``: the next hand is shuffled from seed N (see ``new``'s ``reseed``)."""
        if head != BARAJA or not 0 < len(rest) <= 20 or not all(c in "0123456789" for c in rest):
            raise IllegalActionError(
                f"{text!r} is not legal in phase {REPARTO!r}: chance acts now, expected "
                f"'{BARAJA} N' with N a seed 0..{MAX_SEED}")
        seed = _seed(int(rest))
        g = self._copy()
        g._rng, g._rng_shared = Random(seed), False
        g._mano = (g._mano + 1) % 4
        g._deal()
        g._actions = (self._actions, f"{BARAJA} {seed}")
        return g

    def _apply_catch(self, text: str, head: str, rest: str) -> Game:
        assert self._events is not None  # the señas being caught are the last event
        previous, (seat, phase, shown, _) = self._events
        rivals = sorted(((seat + 1) % 4, (seat + 3) % 4))
        catch = self._rules.catch
        # A catch of chance 0 or 1 has one outcome: the others cannot happen.
        choices: list[list[int]] = ([[]] if catch == 0 else [rivals] if catch == 1
                                    else [[], [rivals[0]], [rivals[1]], rivals])
        caught = sorted(int(w) for w in rest.split() if w in ("0", "1", "2", "3"))
        if head != CAZADA or len(caught) != len(rest.split()) or caught not in choices:
            legal = ", ".join(" ".join([CAZADA] + [str(r) for r in c]) for c in choices)
            raise IllegalActionError(
                f"{text!r} is not legal in phase {CAZA!r}: chance acts now, expected which rivals "
                f"caught the señas of seat {seat}: {legal}")
        g = self._copy()
        g._events = (previous, (seat, phase, shown, tuple(caught)))
        g._after_sena(seat)
        g._actions = (self._actions, " ".join([CAZADA] + [str(r) for r in caught]))
        return g

    def _step(self, act: Action) -> None:
        seat = self._to_play
        assert seat is not None
        if self._phase == "mus":
            self._events = (self._events, (seat, "mus", act.text, ()))
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
        self._phase, self._to_play = "mus", self._mano
        self._mus_votes = 0
        self._discards = ((), (), (), ())
        self._round, self._results, self._declared = None, (), {}
        self._events, self._ledger = None, ()

    def _discard(self, seat: int, act: Action) -> None:
        thrown = tuple(self._hands[seat][p] for p in act.cards)
        discards = list(self._discards)
        discards[seat] = thrown
        self._discards = tuple(discards)
        self._pile += thrown
        self._events = (self._events, (seat, "descarte", act.text, thrown))
        if seat != self._mano:
            self._to_play = (seat - 1) % 4
            return
        if self._explicit_chance:
            self._phase, self._to_play = SERVICIO, None
            return
        hands, self._deck, self._pile = serve(
            self._fresh_rng(), self._kept(), self._discards, self._deck, self._pile, self._mano)
        self._served(hands)

    def _kept(self) -> Hands:
        return tuple(tuple(c for c in hand if c not in out)
                     for hand, out in zip(self._hands, self._discards))

    def _serve_given(self, served: Hands) -> None:
        hands, self._deck, self._pile = serve_given(
            served, self._kept(), self._discards, self._deck, self._pile, self._mano)
        self._served(hands)

    def _deal_given(self, hands: Hands) -> None:
        dealt = [card for hand in hands for card in hand]
        if any(len(hand) != 4 for hand in hands) or len(set(dealt)) != 16:
            raise IllegalActionError(
                f"expected a deal of 4 distinct cards to each seat, got {cards_text(hands)!r}")
        self._mano = (self._mano + 1) % 4
        self._hands = self._in_order(hands)
        self._deck = tuple(card for card in range(DECK_SIZE) if card not in dealt)
        self._pile = ()
        self._begin_mus()

    def _served(self, hands: Hands) -> None:
        self._hands = self._in_order(hands)
        self._phase, self._to_play = "mus", self._mano
        self._mus_votes, self._discards = 0, ((), (), (), ())
        self._events = (self._events, (-1, "mus", "servido", ()))

    # --- señas ------------------------------------------------------------------------

    def _senas_of(self, seat: int) -> tuple[str, ...]:
        """The señas the final hand of ``seat`` allows (known once the mus is over)."""
        return senas_table(self._rules.reyes)[self._sigs[seat]]

    def _sena(self, seat: int, act: Action) -> None:
        """``seat`` shows all its señas or none; each rival catches them with chance
        ``rules.catch``, drawn from the game's generator (a chance step), or with
        explicit chance given by the ``cazada`` action that follows."""
        caught: tuple[int, ...] = ()
        if act.kind == SENAS and self._explicit_chance:  # the catch is the next action
            self._events = (self._events, (seat, "senas", act.text, caught))
            self._phase, self._to_play = CAZA, None
            return
        if act.kind == SENAS:
            rng = self._fresh_rng()
            caught = tuple(r for r in ((seat + 1) % 4, (seat + 3) % 4)
                           if rng.random() < self._rules.catch)
        self._events = (self._events, (seat, "senas", act.text, caught))
        self._after_sena(seat)

    def _after_sena(self, seat: int) -> None:
        if seat == (self._mano + 3) % 4:
            self._open_lance("grande")
        else:
            self._phase, self._to_play = "senas", (seat + 1) % 4

    def _senas_seen(self, seat: int) -> list[SenasSeen]:
        """The señas ``seat`` saw this hand: its own, its partner's, rivals' it caught."""
        seen: list[SenasSeen] = []
        for who, phase, text, caught in _listed(self._events):
            if phase == "senas" and text == SENAS and (who & 1 == seat & 1 or seat in caught):
                seen.append({"seat": who, "senas": list(self._senas_of(who))})
        return seen

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
                self._events = (self._events, (s, lance, f"{lance} {'sí' if s in holding else 'no'}", ()))
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
        self._events = (self._events, (seat, lance, act.text, ()))
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
        table = self._table
        sigs = self._sigs
        assert self._round is not None
        seats = list(self._round.speakers)
        seat = scoring.lance_winner(lance, sigs, seats, self._mano, table)
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
        self._history += ({
            "number": len(self._history) + 1,
            "mano": self._mano,
            "hands": [self.hand(s) for s in range(4)] if revealed else None,
            "ledger": [entry.to_dict() for entry in self._ledger],
            "lances": {lance: outcome.to_dict() for lance, outcome in self._results},
            "winners": winners,
            "declared": {lance: list(flags) for lance, flags in self._declared.items()},
            "score": list(self._score),
            "juego_winner": juego_winner,
        },)
        number = len(self._history)
        self._caught += tuple((number, who, self._senas_of(who), caught)
                              for who, phase, text, caught in _listed(self._events)
                              if phase == "senas" and text == SENAS and caught)
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

    # --- what a seat may know ---------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Everything ``seat`` may know, as JSON-able plain data (see docs/engine.md); a
        fresh copy every time, so whoever holds it cannot change the game."""
        if not _whole(seat) or not 0 <= seat <= 3:
            raise ValueError(f"expected a seat 0..3, got {described(seat)}")
        rnd = self._round
        return {
            "seat": seat,
            "rules": self._rules.to_dict(),
            "phase": self._phase,
            "to_play": self._to_play,
            "mano": self._mano,
            "hand": self.hand(seat),
            "legal_actions": ([str(a) for a in self.legal_actions()]
                              if seat == self._to_play else []),
            "score": list(self._score),
            "juegos": list(self._juegos),
            "vacas": list(self._vacas),
            "is_over": self.is_over,
            "winner": self._winner,
            "hand_number": len(self._history) + 1,
            "deck_left": len(self._deck),
            "log": [shown for event in _listed(self._events)
                    if (shown := _public_event(event, seat)) is not None],
            "senas": self._senas_seen(seat),
            "declared": {lance: list(flags) for lance, flags in self._declared.items()},
            "lances": {lance: outcome.to_dict() for lance, outcome in self._results},
            "bet": None if rnd is None else {
                "lance": rnd.lance, "speakers": list(rnd.speakers), "table": rnd.table,
                "pending": rnd.pending, "ordago": rnd.ordago,
                "bettor": rnd.bettor if rnd.answering else None,
                "answering": list(rnd.answering),
            },
            "ledger": [entry.to_dict() for entry in self._ledger],
            "history": copy_data(list(self._history)),
            "caught": [{"hand": number, "seat": who, "senas": list(shown)}
                       for number, who, shown, caught in self._caught if seat in caught],
        }

    # --- saving -------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as text: rules, seed, starting deal if any, and the actions."""
        return dump_text({
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "rules": self._rules.to_dict(), "seed": self._seed,
            "start": self._start, "actions": self.actions,
        })

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game by replaying its actions; raises ValueError naming what is wrong
        with a bad save (anything that is not one: wrong types, too deep, too long)."""
        data = load_text(text, "a saved game", MAX_SAVE_TEXT)
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> Game:
        """``from_json`` for the save already read as JSON data."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError(f"expected a saved game with format {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"expected save version {SAVE_VERSION}, got {described(data.get('version'))}")
        for key in ("rules", "seed", "actions"):
            if key not in data:
                raise ValueError(f"expected a saved game with rules, seed and actions, missing {key!r}")
        rules = Rules.from_dict(data["rules"])
        actions = data["actions"]
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise ValueError(f"expected actions as a list of at most {MAX_ACTIONS} notations")
        if not all(isinstance(a, str) for a in actions):
            raise ValueError("expected every action as its notation (text)")
        g = cls._initial(rules, data["seed"], data.get("start"))
        for text_action in actions:
            g = g.apply(text_action)
        return g

    @classmethod
    def _initial(cls, rules: Rules, seed: object, start: object) -> Game:
        seed = _seed(seed)
        if start is None:
            return cls.new(rules, seed)
        if not isinstance(start, dict):
            raise ValueError(f"expected the start as an object, got {type(start).__name__}")
        if sorted(start) == ["reseed"]:
            return cls.new(rules, seed, start["reseed"])
        for key in ("hands", "mano", "score", "juegos", "vacas"):
            if key not in start:
                raise ValueError(f"expected the start's hands, mano, score, juegos and vacas, missing {key!r}")
        return cls.from_deal(start["hands"], start["mano"], start["score"], rules, seed,
                             start["juegos"], start["vacas"], start.get("explicit_chance", False))

    def initial(self) -> Game:
        """The state before the first action: same rules, seed and start (for replays)."""
        return Game._initial(self._rules, self._seed, copy_data(self._start))


_FOLLOWING: dict[Lance, Lance] = {"grande": "chica", "chica": "pares", "pares": "juego"}


def _listed(node: tuple[Any, ...] | None) -> list[Any]:
    """The items of a persistent list built as (previous, item) pairs, oldest first."""
    out = []
    while node is not None:
        node, item = node
        out.append(item)
    return out[::-1]


def _public_event(event: Event, seat: int) -> LogEvent | None:
    """What ``seat`` saw of ``event``. Señas are seen by the partner, and by a rival only
    if he caught them: to a rival who did not, showing none and showing uncaught señas
    look the same (nothing at all); nobody learns whether his own señas were caught."""
    who, phase, text, thrown = event
    if phase == "senas":
        if who & 1 == seat & 1:
            return {"seat": who, "phase": phase, "action": text}
        return {"seat": who, "phase": phase, "action": text, "caught": True} if seat in thrown else None
    if phase == "descarte":
        out: LogEvent = {"seat": who, "phase": phase, "action": DESCARTE, "count": len(thrown)}
        if who == seat:
            out["own"], out["cards"] = text, [card_text(card) for card in thrown]
        return out
    return {"seat": who, "phase": phase, "action": text}


def _summarised(actions: list[Action]) -> list[str]:
    """Legal actions for an error message, with the run of envites shown as a range."""
    texts = [str(a) for a in actions]
    envites = [t for t in texts if t.startswith("envido")]
    if len(envites) > 2:
        first = texts.index(envites[0])
        texts[first:first + len(envites)] = [f"{envites[0]} … {envites[-1]}"]
    return texts


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seed(value: object) -> int:
    if not _whole(value) or not 0 <= value <= MAX_SEED:   # type: ignore[operator]
        raise ValueError(f"expected the seed to be a whole number 0..{MAX_SEED}, got {described(value)}")
    return value    # type: ignore[return-value]


def _pair(values: object, name: str) -> Pair:
    if (not isinstance(values, (list, tuple)) or len(values) != 2
            or not all(_whole(v) and 0 <= v <= 10_000 for v in values)):
        raise ValueError(f"expected {name} as two whole numbers 0..10000, got {described(values)}")
    return values[0], values[1]


def _bump(pair: Pair, team: int) -> Pair:
    return (pair[0] + 1, pair[1]) if team == 0 else (pair[0], pair[1] + 1)


def _place_cards(hands: list[str]) -> Hands:
    """Deck cards for given hands; a rank without a suit takes the first free suit."""
    if len(hands) != 4:
        raise ValueError(f"expected 4 hands by seat, got {len(hands)}")
    parsed = [parse_hand(text) for text in hands]
    used: set[int] = {card.index for hand in parsed for card in hand.cards if card.suit}
    if len(used) != sum(1 for hand in parsed for card in hand.cards if card.suit):
        raise ValueError(f"expected no card twice, got {described(hands)}")
    placed: list[tuple[int, ...]] = []
    for text, hand in zip(hands, parsed):
        if len(hand.cards) != 4:
            raise ValueError(f"expected 4 cards in each hand, got {text!r}")
        cards: list[int] = []
        for card in hand.cards:
            if card.suit is None:
                free = [RANKS.index(card.rank) << 2 | s for s in range(len(SUITS))
                        if RANKS.index(card.rank) << 2 | s not in used]
                if not free:
                    raise ValueError(f"expected at most 4 cards of rank {card.rank}, got more in {described(hands)}")
                used.add(free[0])
                cards.append(free[0])
            else:
                cards.append(card.index)
        placed.append(tuple(cards))
    return tuple(placed)
