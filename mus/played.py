"""A finished hand as the game keeps it: immutable, shared by every later state.

Each hand's events are kept with their private parts (the cards each seat threw and was
served, the rivals who caught each seña), so that the hand's record is written from them
(``mus.records``) and its replay opened without replaying the partida up to it. Nothing
here leaves the engine for a player: ``observation`` says what each seat saw of it.

An ``Event`` is ``(seat, phase, text, cards)``: the seat that acted (-1 for the serve after
a mus round), the phase, the action's notation (or a declaration: ``pares sí``, ``juego
no``), and its private part: the cards thrown (descarte), the rivals who caught the señas
(señas), the cards served to seats 0..3 in turn (the serve), or nothing.
"""

from __future__ import annotations

from typing import TypeAlias

from .observation import HandResult

Event: TypeAlias = "tuple[int, str, str, tuple[int, ...]]"
SERVE_SEAT = -1     # the seat of the serve's event
SERVE_TEXT = "servido"
DECLARED = ("pares", "juego")


def is_declaration(event: Event) -> bool:
    """An event the engine says for a seat at pares or juego (``pares sí``), not an action."""
    phase, text = event[1], event[2]
    return phase in DECLARED and text in (phase + " sí", phase + " no")


class PlayedHand:
    """One finished hand: where it stood before its deal (``mano``, ``score``, ``juegos``,
    ``vacas``), the four hands dealt and held at the end (deck indices by seat, in display
    order), its ``events``, its ``result`` (``Game.history``'s entry: never handed out but
    copied), and the indices in the game's ``actions`` of its first action and of the one
    after its last."""

    __slots__ = ("first_action", "end_action", "mano", "score", "juegos", "vacas", "dealt", "held",
                 "events", "result")
    first_action: int
    end_action: int
    mano: int
    score: tuple[int, int]
    juegos: tuple[int, int]
    vacas: tuple[int, int]
    dealt: tuple[tuple[int, ...], ...]
    held: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]
    result: HandResult

    def __init__(self, first_action: int, end_action: int, mano: int, score: tuple[int, int],
                 juegos: tuple[int, int], vacas: tuple[int, int], dealt: tuple[tuple[int, ...], ...],
                 held: tuple[tuple[int, ...], ...], events: tuple[Event, ...], result: HandResult) -> None:
        self.first_action, self.end_action = first_action, end_action
        self.mano, self.score, self.juegos, self.vacas = mano, score, juegos, vacas
        self.dealt, self.held, self.events, self.result = dealt, held, events, result

    def __repr__(self) -> str:
        return (f"<PlayedHand {self.result['number']} actions {self.first_action}..{self.end_action - 1} "
                f"score {self.result['score']}>")
