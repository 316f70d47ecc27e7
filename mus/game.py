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

from typing import Any

from .actions import Action, parse_action
from .cards import DECK_SIZE
from .dealer import cards_text, parse_cards_by_seat, place_cards, serve_given
from .errors import IllegalActionError
from .jsondata import copy_data, described, dump_text, load_text
from .lances import table_for
from .machine import CAZA, REPARTO, SERVICIO, Machine, Pair, check_deal
from .observation import HandResult, Observation, Phase
from .played import PlayedHand
from .rng import Random, fresh_seed
from .rules import Rules
from .saving import (
    MAX_ACTIONS, MAX_SAVE_TEXT, MAX_SEED, SAVE_FORMAT, SAVE_VERSION, checked_pair, checked_seed, read_save,
    save_data, whole,
)
from .seen import public_log, senas_seen
from .trail import Trail

SERVIDO, CAZADA, BARAJA = "servido", "cazada", "baraja"
__all__ = ["BARAJA", "CAZA", "CAZADA", "Game", "MAX_ACTIONS", "MAX_SAVE_TEXT", "MAX_SEED", "REPARTO",
           "SAVE_FORMAT", "SAVE_VERSION", "SERVICIO", "SERVIDO"]


class Game(Machine):
    """One partida. Build it with ``Game.new``, ``Game.from_deal`` or ``Game.from_json``."""

    __slots__ = ()

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
        if not whole(mano) or not 0 <= mano <= 3:
            raise ValueError(f"expected mano to be a seat 0..3, got {described(mano)}")
        if explicit_chance is not True and explicit_chance is not False:
            raise ValueError(f"expected explicit_chance to be True or False, got {described(explicit_chance)}")
        if not isinstance(hands, (list, tuple)) or not all(isinstance(h, str) and len(h) <= 8 for h in hands):
            raise ValueError(f"expected 4 hands as text such as 'RoRc5e4b', got {described(hands)}")
        g._score = checked_pair(score, "score")
        g._juegos, g._vacas = checked_pair(juegos, "juegos"), checked_pair(vacas, "vacas")
        g._start = {"hands": list(hands), "mano": mano, "score": list(g._score),
                    "juegos": list(g._juegos), "vacas": list(g._vacas)}
        if explicit_chance:  # only then, so that saves without chance actions read as before
            g._start["explicit_chance"] = True
            g._explicit_chance = True
        g._hands = g._in_order(place_cards(hands))
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
        g._seed = fresh_seed() if seed is None else checked_seed(seed)
        g._rng, g._rng_shared = Random(g._seed), False
        g._explicit_chance = g._reseed = False
        g._start, g._actions = None, Trail()
        g._score = g._juegos = g._vacas = (0, 0)
        g._played, g._caught, g._winner = Trail(), Trail(), None
        g._mano, g._phase, g._to_play = 0, "", None
        g._hands, g._sigs, g._deck, g._pile, g._discards = (), (), (), (), ()
        g._mus_votes, g._round, g._results, g._declared = 0, None, (), {}
        g._events, g._ledger = Trail(), ()
        return g

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
        (a fresh copy of them all: in a loop, ask ``hands_played`` or ``hand_result``)."""
        return [copy_data(played.result) for played in self._played.items()]

    @property
    def hands_played(self) -> int:
        """How many hands are finished: ``len(history)``, without copying it."""
        return len(self._played)

    def hand_result(self, index: int) -> HandResult:
        """``history[index]`` alone (a fresh copy; -1 is the last finished hand)."""
        result: HandResult = copy_data(self.played_hand(index).result)
        return result

    def played_hand(self, index: int) -> PlayedHand:
        """Finished hand ``index`` as the engine keeps it (``mus.played``: immutable and
        shared, every card dealt, thrown and served included): full-state access, for
        records and replays, not for players (see observation)."""
        if not whole(index) or not -len(self._played) <= index < len(self._played):
            raise ValueError(f"expected a finished hand 0..{len(self._played) - 1}, got {described(index)}")
        played: PlayedHand = self._played[index]
        return played

    @property
    def actions(self) -> list[str]:
        """Every action applied since the start, in notation (a fresh list)."""
        return self._actions.items()

    @property
    def action_count(self) -> int:
        """How many actions were applied since the start: ``len(actions)``, without the list."""
        return len(self._actions)

    @property
    def hand_first_action(self) -> int:
        """The index in ``actions`` of the hand in progress's first action (after its deal)."""
        return self._opening[0]

    def hand(self, seat: int) -> list[str]:
        """Cards of ``seat`` in notation: full-state access, not for players (see observation)."""
        return self._cards(seat)

    def __repr__(self) -> str:
        return (f"<Game phase={self._phase} to_play={self._to_play} score={self._score} "
                f"juegos={self._juegos} vacas={self._vacas} actions={len(self._actions)}>")

    # --- actions --------------------------------------------------------------------

    def apply(self, action: Action | str) -> Game:
        """The state after ``action`` (an Action or its notation); ``self`` is unchanged.

        Raises IllegalActionError, naming the legal actions, if it is not legal now.
        """
        g: Game = self._copy()
        g._play(action)
        return g

    def _play(self, action: Action | str) -> None:
        """Play ``action`` on this state itself: only on a fresh copy, or on a state nobody
        else holds (a save being read)."""
        if isinstance(action, str):
            if self.is_chance:
                return self._chance(action)
            act = parse_action(action)
        elif isinstance(action, Action):
            act = action
        else:
            raise IllegalActionError(f"expected an Action or its notation (text), got {described(action)}")
        if self.is_chance:
            return self._chance(act.text)
        if not self._is_legal(act):
            legal = ", ".join(_summarised(self.legal_actions()))
            raise IllegalActionError(
                f"{act.text!r} is not legal in phase {self._phase!r} for seat "
                f"{self._to_play}; legal actions: {legal or 'none, the partida is over'}"
            )
        self._actions = self._actions.appended(act.text)
        self._step(act)

    def _chance(self, text: str) -> None:
        if len(text) > 80:
            raise IllegalActionError(f"expected a chance action's notation, got {text[:80]!r}")
        head, _, rest = text.strip().partition(" ")
        if self._phase == CAZA:
            return self._catch(text, head, rest)
        if self._reseed:
            return self._shuffle(text, head, rest)
        expected = SERVIDO if self._phase == SERVICIO else REPARTO
        if head != expected:
            raise IllegalActionError(
                f"{text!r} is not legal in phase {self._phase!r}: chance acts now, expected "
                f"{expected!r} and the cards of seats 0..3")
        cards = parse_cards_by_seat(rest)
        if expected == SERVIDO:
            served = serve_given(cards, self._kept(), self._discards, self._deck, self._pile, self._mano)
            self._actions = self._actions.appended(f"{expected} {cards_text(cards)}")
            self._served(*served)
        else:
            check_deal(cards)
            self._actions = self._actions.appended(f"{expected} {cards_text(cards)}")
            self._deal_given(cards)

    def _shuffle(self, text: str, head: str, rest: str) -> None:
        """``baraja N``: the next hand is shuffled from seed N (see ``new``'s ``reseed``)."""
        if head != BARAJA or not 0 < len(rest) <= 20 or not all(c in "0123456789" for c in rest):
            raise IllegalActionError(
                f"{text!r} is not legal in phase {REPARTO!r}: chance acts now, expected "
                f"'{BARAJA} N' with N a seed 0..{MAX_SEED}")
        seed = checked_seed(int(rest))
        self._actions = self._actions.appended(f"{BARAJA} {seed}")
        self._rng, self._rng_shared = Random(seed), False
        self._mano = (self._mano + 1) % 4
        self._deal()

    def _catch(self, text: str, head: str, rest: str) -> None:
        seat, phase, shown, _ = self._events[-1]  # the señas being caught are the last event
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
        self._actions = self._actions.appended(" ".join([CAZADA] + [str(r) for r in caught]))
        self._events = self._events.with_last((seat, phase, shown, tuple(caught)))
        self._after_sena(seat)

    # --- what a seat may know ---------------------------------------------------------

    def observation(self, seat: int, last_hands: int | None = None) -> Observation:
        """Everything ``seat`` may know, as JSON-able plain data (see docs/engine.md); a
        fresh copy every time, so whoever holds it cannot change the game. With
        ``last_hands=n``, ``history`` lists only the last n finished hands (``hand_number``
        still counts them all): for a caller in a loop, which must not copy every finished
        hand at every step."""
        if not whole(seat) or not 0 <= seat <= 3:
            raise ValueError(f"expected a seat 0..3, got {described(seat)}")
        if last_hands is not None and (not whole(last_hands) or last_hands < 0):
            raise ValueError(f"expected last_hands to be None or a whole number 0 or more, got {described(last_hands)}")
        played = self._played.items() if last_hands is None else self._played.since(
            max(0, len(self._played) - last_hands))
        events = self._events.items()
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
            "hand_number": len(self._played) + 1,
            "deck_left": len(self._deck),
            "log": public_log(events, seat),
            "senas": senas_seen(events, seat, self._senas_of),
            "declared": {lance: list(flags) for lance, flags in self._declared.items()},
            "lances": {lance: outcome.to_dict() for lance, outcome in self._results},
            "bet": None if rnd is None else {
                "lance": rnd.lance, "speakers": list(rnd.speakers), "table": rnd.table,
                "pending": rnd.pending, "ordago": rnd.ordago,
                "bettor": rnd.bettor if rnd.answering else None,
                "answering": list(rnd.answering),
            },
            "ledger": [entry.to_dict() for entry in self._ledger],
            "history": [copy_data(hand.result) for hand in played],
            "caught": [{"hand": number, "seat": who, "senas": list(shown)}
                       for number, who, shown, caught in self._caught.items() if seat in caught],
        }

    # --- saving -------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as text: rules, seed, starting deal if any, and the actions."""
        return dump_text(save_data(self._rules, self._seed, self._start, self.actions))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game by replaying its actions; raises ValueError naming what is wrong
        with a bad save (anything that is not one: wrong types, too deep, too long)."""
        return cls.from_data(load_text(text, "a saved game", MAX_SAVE_TEXT))

    @classmethod
    def from_data(cls, data: object) -> Game:
        """``from_json`` for the save already read as JSON data."""
        rules, seed, start, actions = read_save(data)
        g = cls._initial(rules, seed, start)
        for text_action in actions:  # nobody holds the states between: played in place
            g._play(text_action)
        return g

    @classmethod
    def _initial(cls, rules: Rules, seed: int, start: object) -> Game:
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


def _summarised(actions: list[Action]) -> list[str]:
    """Legal actions for an error message, with the run of envites shown as a range."""
    texts = [a.text for a in actions]
    envites = [t for t in texts if t.startswith("envido")]
    if len(envites) > 2:
        first = texts.index(envites[0])
        texts[first:first + len(envites)] = [f"{envites[0]} … {envites[-1]}"]
    return texts
