"""The typed shape of what leaves the engine: phases, action kinds, observations, finished hands.

Everything here is plain JSON data at run time (a ``TypedDict`` is a dict); the types let
``mypy --strict`` catch a renamed key or a misspelt phase in every module that reads an
observation (the bots, the coach, the pages). ``Game.observation`` builds a fresh one at
each call, so whoever holds it cannot change the game.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, Union

Lance = Literal["grande", "chica", "pares", "juego", "punto"]
Phase = Literal["", "mus", "descarte", "senas", "grande", "chica", "pares", "juego", "punto",
                "servicio", "reparto", "caza", "fin"]
ActionKind = Literal["mus", "no hay mus", "descarte", "paso", "envido", "quiero", "no quiero",
                     "ordago", "señas", "sin señas"]
OutcomeKind = Literal["paso", "querido", "deje", "ordago", "sin envite"]


class LogEvent(TypedDict):
    """One public event as a seat saw it. ``seat`` is -1 for the serve after a mus round."""

    seat: int
    phase: str
    action: str
    count: NotRequired[int]          # descarte: how many cards were thrown
    own: NotRequired[str]            # descarte, to the seat that threw: its notation
    cards: NotRequired[list[str]]    # descarte, to the seat that threw: the cards
    caught: NotRequired[bool]        # señas, to a rival: he caught them


class SenasSeen(TypedDict):
    seat: int
    senas: list[str]


class SenasCaught(TypedDict):
    """Señas a seat caught from a rival in an earlier hand of the partida."""

    hand: int       # the hand's ``number`` in ``history``
    seat: int
    senas: list[str]


class OutcomeData(TypedDict):
    kind: OutcomeKind
    team: int
    amount: int
    bettor: int


class LedgerLine(TypedDict):
    team: int
    points: int
    reason: str
    lance: str
    seat: int


class BetState(TypedDict):
    lance: str
    speakers: list[int]
    table: int
    pending: int
    ordago: bool
    bettor: Union[int, None]
    answering: list[int]


class HandResult(TypedDict):
    """A finished hand, as ``Game.history`` and every observation list them."""

    number: int
    mano: int
    hands: Union[list[list[str]], None]     # revealed by seat; None when nobody showed
    ledger: list[LedgerLine]
    lances: dict[str, OutcomeData]
    winners: dict[str, int]
    declared: dict[str, list[bool]]
    score: list[int]
    juego_winner: Union[int, None]


class AdviceHeard(TypedDict):
    """Advice said aloud at the table (``mus.web.play.talk``): public, like a bet."""

    seat: int
    phase: str
    advice: str     # mus, envido or ordago


class Observation(TypedDict):
    """All that one seat may know."""

    seat: int
    rules: dict[str, Any]
    phase: Phase
    to_play: Union[int, None]
    mano: int
    hand: list[str]
    legal_actions: list[str]
    score: list[int]
    juegos: list[int]
    vacas: list[int]
    is_over: bool
    winner: Union[int, None]
    hand_number: int
    deck_left: int
    log: list[LogEvent]
    senas: list[SenasSeen]
    declared: dict[str, list[bool]]
    lances: dict[str, OutcomeData]
    bet: Union[BetState, None]
    ledger: list[LedgerLine]
    history: list[HandResult]
    caught: list[SenasCaught]       # in finished hands; this hand's are in ``senas``
    # Never from the engine: the page adds what was advised aloud this hand, for every seat
    # alike (``mus.ai.styles`` reads it).
    advice: NotRequired[list[AdviceHeard]]
