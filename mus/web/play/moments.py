"""The moments of a finished partida, as the player saw them: the best hand shown, the órdagos
won and lost, the biggest envite wanted, each juego and the vacas. Pure.

Read from the engine's finished hands one at a time (``Game.hands_played``,
``Game.hand_result(i)`` and the public part of ``Game.played_hand(i).events``: who threw
an órdago, at which lance), never the whole history per hand: it is computed once, when the
partida is over. Everything here is public: hands shown at a count, bets said aloud, scores.

An órdago is won by the team that came out of it ahead: wanted, by the team that took its
lance (and the juego with it); not wanted, by the team that threw it (it takes the points
of the refused bet).

>>> game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=3, score=(39, 30), seed=5,
...                           rules=mus.Rules(juegos_to_win=1))
>>> for action in ["no hay mus", "ordago", "quiero"]:
...     game = game.apply(action)
>>> m = partida_moments(game)
>>> m.ordagos, m.juegos, m.vacas
([1, 0], [(40, 30, 0)], [1, 0])
>>> m.best.seat, m.best.cards, m.best.hand
(3, ['3o', '3c', '2o', '2c'], 0)
"""

from __future__ import annotations

import mus

from ..kit.value import Value

HUMAN_TEAM = 0


class Shown(Value):
    # A hand shown at a count: which hand of the partida (an index), whose seat, its cards.
    __slots__ = ("hand", "seat", "cards")

    def __init__(self, hand: int, seat: int, cards: list[str]) -> None:
        self.hand, self.seat, self.cards = hand, seat, cards


class Envite(Value):
    # A bet wanted: which hand (an index), at which lance, how many tantos, the team that took it.
    __slots__ = ("hand", "lance", "amount", "team")

    def __init__(self, hand: int, lance: str, amount: int, team: int) -> None:
        self.hand, self.lance, self.amount, self.team = hand, lance, amount, team


class Moments(Value):
    # ``best``: the strongest hand shown (pares first, then juego), or None if none was shown;
    # ``ordagos``: [won, lost] by the player's team; ``biggest``: the biggest envite wanted, or
    # None; ``juegos``: each juego's final score and winning team (ours, theirs, team); ``vacas``.
    __slots__ = ("best", "ordagos", "biggest", "juegos", "vacas", "hands")

    def __init__(self, best: Shown | None, ordagos: list[int], biggest: Envite | None,
                 juegos: list[tuple[int, int, int]], vacas: list[int], hands: int) -> None:
        self.best, self.ordagos, self.biggest = best, ordagos, biggest
        self.juegos, self.vacas, self.hands = juegos, vacas, hands


def better(a: list[str], b: list[str], rules: mus.Rules) -> bool:
    """Whether players rank hand ``a`` above ``b``: by their pares first, then their juego.

    >>> rules = mus.Rules()
    >>> better(list("RRAA"), list("RRR4"), rules), better(list("3C4S"), list("RRR4"), rules)
    (True, False)
    >>> better(list("RCSA"), list("RCS7"), rules), better(list("RCS4"), list("RCS7"), rules)
    (True, False)
    """
    first, second = "".join(a), "".join(b)
    by_pares = mus.compare("pares", first, second, rules)
    return by_pares > 0 if by_pares else mus.compare("juego", first, second, rules) > 0


def partida_moments(game: mus.Game) -> Moments:
    """The moments of ``game`` (a partida over, or its finished hands so far)."""
    rules = game.rules
    best: Shown | None = None
    ordagos = [0, 0]
    biggest: Envite | None = None
    juegos: list[tuple[int, int, int]] = []
    for index in range(game.hands_played):
        result = game.hand_result(index)
        hands = result["hands"]
        for seat in range(4) if hands else ():
            assert hands is not None
            if best is None or better(hands[seat], best.cards, rules):
                best = Shown(index, seat, list(hands[seat]))
        thrown = {phase: seat for seat, phase, text, _ in game.played_hand(index).events if text == "ordago"}
        for lance in sorted(result["lances"]):
            outcome = result["lances"][lance]
            taker = result["winners"].get(lance)
            if lance in thrown and outcome["kind"] in ("ordago", "deje"):
                team = (taker if outcome["kind"] == "ordago" and taker is not None else thrown[lance]) & 1
                ordagos[0 if team == HUMAN_TEAM else 1] += 1
            elif outcome["kind"] == "querido" and taker is not None and (
                    biggest is None or outcome["amount"] > biggest.amount):
                biggest = Envite(index, lance, outcome["amount"], taker & 1)
        winner = result["juego_winner"]
        if winner is not None:
            juegos.append((result["score"][0], result["score"][1], winner))
    return Moments(best, ordagos, biggest, juegos, list(game.vacas), game.hands_played)

