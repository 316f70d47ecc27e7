"""The dealer: shuffling, dealing and serving discards, the game's chance steps.

Cards are deck indices 0..39 (see ``cards.Card.from_index``). Every function takes
the game's ``rng.Random`` to use; no global generator is ever touched.
"""

from __future__ import annotations

from typing import TypeAlias

from .cards import DECK_SIZE, RANKS, SUITS, card_text, parse_hand
from .errors import IllegalActionError
from .jsondata import described
from .rng import Random

Hands: TypeAlias = "tuple[tuple[int, ...], ...]"


def deal(rng: Random, mano: int) -> tuple[Hands, tuple[int, ...]]:
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
    rng: Random,
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
    order = _serving_order(mano)
    for turn, seat in enumerate(order):
        for _ in range(len(discarded[seat])):
            if not stock:
                waiting = _still_to_serve(order, turn, discarded)
                stock = [card for card in pile_left if card not in waiting]
                pile_left = [card for card in pile_left if card in waiting]
                rng.shuffle(stock)
            hands[seat].append(stock.pop())
    return tuple(tuple(h) for h in hands), tuple(stock), tuple(pile_left)


def serve_given(
    served: Hands,
    kept: Hands,
    discarded: Hands,
    deck: tuple[int, ...],
    pile: tuple[int, ...],
    mano: int,
) -> tuple[Hands, tuple[int, ...], tuple[int, ...]]:
    """``serve`` with the cards given by seat instead of drawn: checks that shuffling
    could have served them (each seat as many as it threw, every card from the deck,
    or once the deck is out from the shuffled pile, never a seat's own discards)."""
    hands = [list(h) for h in kept]
    stock = set(deck)
    pile_left = set(pile)
    order = _serving_order(mano)
    for turn, seat in enumerate(order):
        if len(served[seat]) != len(discarded[seat]):
            raise IllegalActionError(
                f"seat {seat} threw {len(discarded[seat])} cards and must be served as many, "
                f"got {cards_text((served[seat],))!r}")
        fresh = [card for card in served[seat] if card in stock]
        rest = [card for card in served[seat] if card not in stock]
        if rest and len(fresh) < len(stock):  # the pile is only shuffled once the deck is out
            raise IllegalActionError(
                f"{card_text(rest[0])} cannot be served to seat {seat}: it is not in the deck")
        stock.difference_update(fresh)
        if rest:
            waiting = _still_to_serve(order, turn, discarded)
            stock, pile_left = pile_left - waiting, pile_left & waiting
            for card in rest:
                if card not in stock:
                    raise IllegalActionError(
                        f"{card_text(card)} cannot be served to seat {seat}: it is neither in "
                        "the deck nor in the discards shuffled into a new one")
            stock.difference_update(rest)
        hands[seat].extend(served[seat])
    return tuple(tuple(h) for h in hands), tuple(sorted(stock)), tuple(sorted(pile_left))


def _serving_order(mano: int) -> list[int]:
    """The seats from the mano, as they are served."""
    return [(mano + offset) % 4 for offset in range(4)]


def _still_to_serve(order: list[int], turn: int, discarded: Hands) -> set[int]:
    """This round's discards of the seats from ``order[turn]`` on: kept out of a new deck."""
    return {card for later in order[turn:] for card in discarded[later]}


def parse_cards_by_seat(text: str) -> Hands:
    """Cards by seat 0..3, space separated, each with its suit: ``"Ro Rc4o 5e Ab"``."""
    groups = text.split()
    if len(groups) != 4:
        raise IllegalActionError(f"expected the cards of 4 seats, got {text!r}")
    out = []
    for group in groups:
        hand = parse_hand(group)
        if any(card.suit is None for card in hand.cards):
            raise IllegalActionError(f"expected every card with its suit, got {group!r}")
        out.append(tuple(card.index for card in hand.cards))
    return tuple(out)


def cards_text(hands: Hands) -> str:
    """``parse_cards_by_seat``'s notation, each seat's cards in deck order."""
    return " ".join("".join(card_text(c) for c in sorted(hand)) for hand in hands)


def place_cards(hands: list[str]) -> Hands:
    """Deck cards for given hands by seat; a rank without a suit takes the first free suit."""
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
