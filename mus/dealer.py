"""The dealer: shuffling, dealing and serving discards, the game's chance steps.

Cards are deck indices 0..39 (see ``cards.Card.from_index``). Every function takes
the ``random.Random`` to use; the global generator is never touched.
"""

from __future__ import annotations

import random

from .cards import DECK_SIZE

Hands = tuple[tuple[int, ...], ...]


def deal(rng: random.Random, mano: int) -> tuple[Hands, tuple[int, ...]]:
    """Shuffle a full deck and deal four cards each, one at a time from the mano.

    Returns the hands by seat and the rest of the deck (next card last).
    """
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    hands: list[list[int]] = [[], [], [], []]
    for turn in range(16):
        hands[(mano + turn) % 4].append(deck.pop())
    return tuple(tuple(h) for h in hands), tuple(deck)


def serve(
    rng: random.Random,
    kept: Hands,
    discarded: Hands,
    deck: tuple[int, ...],
    pile: tuple[int, ...],
    mano: int,
) -> tuple[Hands, tuple[int, ...], tuple[int, ...]]:
    """Give each seat, from the mano, as many cards as it discarded.

    ``kept`` are the cards each seat keeps and ``discarded`` what it threw this
    round (already counted in ``pile``). When the deck runs out, the pile is
    shuffled into a new deck, except this round's discards of the seats still to be
    served, so that nobody is ever served his own discards. Returns the new hands,
    deck and pile.
    """
    hands = [list(h) for h in kept]
    stock = list(deck)
    pile_left = list(pile)
    order = [(mano + offset) % 4 for offset in range(4)]
    for turn, seat in enumerate(order):
        for _ in range(len(discarded[seat])):
            if not stock:
                waiting = {card for later in order[turn:] for card in discarded[later]}
                stock = [card for card in pile_left if card not in waiting]
                pile_left = [card for card in pile_left if card in waiting]
                rng.shuffle(stock)
            hands[seat].append(stock.pop())
    return tuple(tuple(h) for h in hands), tuple(stock), tuple(pile_left)
