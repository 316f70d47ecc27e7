"""Hand records: one finished hand as text, replayed exactly, and packed for links.

A record is plain UTF-8 lines. The header says the table and where the partida stood
before the hand; then come the actions, one a line, each with the seat that acted (or
``-`` for chance: the cards served after the descartes, seats 0..3, and the rivals who
caught a seat's señas); then the result,
which a replay must reproduce — every dealt or served card is either held at the end or
thrown, so a card changed anywhere shows up there::

    mus-record 1
    rules reyes=8 real_31=no target=40 juegos_to_win=2 vacas_to_win=1 senas=yes
    hand 3                       the hand's number in its partida
    mano 2
    score 12 30                  tantos of each team before the hand
    juegos 0 1
    vacas 0 0
    hands RoRc5e4b 7o6c5c4c …    the four starting hands, seats 0..3
    2 mus
    …
    1 descarte 0 2               positions in the hand as the seat saw it (strongest first)
    - servido 5o 4c6e Rb 3b      cards served to seats 0..3
    …
    3 señas
    - cazada 0                   the rivals who caught those señas (none: ``- cazada``)
    …
    held RoRc5e4b 7o6c5c4c …     the hands at the end, seats 0..3
    thrown 6o - 4c5b Ab          every card each seat threw (``-``: none)
    shown RoRc5e4b 7o6c5c4c …    the hands shown at the count (``-`` when nobody showed)
    ledger 0 1 grande 0 1 de grande     team, tantos, lance, seat, reason (in counting order)
    winners grande=0 chica=1 …          the seat that took each lance
    final 13 31                          the score after the hand

>>> import mus
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(37, 37), seed=1)
>>> for action in ["no hay mus"] + ["paso"] * 11:
...     g = g.apply(action)
>>> text = mus.record(g, 0)
>>> print(text)
mus-record 1
rules reyes=8 real_31=no target=40 juegos_to_win=2 vacas_to_win=1
hand 1
mano 0
score 37 37
juegos 0 0
vacas 0 0
hands RoRcCo6o 7o6c5o4o CcCeSoAo 3o3c2o2c
0 no hay mus
0 paso
1 paso
2 paso
3 paso
0 paso
1 paso
2 paso
3 paso
0 paso
2 paso
3 paso
held RoRcCo6o 7o6c5o4o CcCeSoAo 3o3c2o2c
thrown - - - -
shown RoRcCo6o 7o6c5o4o CcCeSoAo 3o3c2o2c
ledger 0 1 grande 0 1 de grande
ledger 1 1 chica 3 1 de chica
ledger 1 3 pares 3 3 de duples
winners grande=0 chica=3 pares=3 juego=2
final 38 41
>>> again = mus.replay(text)
>>> again.history[-1]["ledger"] == g.history[-1]["ledger"], again.history[-1]["score"]
(True, [38, 41])
>>> mus.replay(text.replace("CcCeSoAo", "CcCeSoAb", 1))
Traceback (most recent call last):
...
ValueError: the record's result does not follow from its actions: it says 'held RoRcCo6o 7o6c5o4o CcCeSoAo 3o3c2o2c', the replay gives 'held RoRcCo6o 7o6c5o4o CcCeSoAb 3o3c2o2c'
>>> mus.replay(text.replace("2 paso", "2 quiero", 1))
Traceback (most recent call last):
...
ValueError: line 12 of the record: 'quiero' is not legal in phase 'grande' for seat 2; legal actions: paso, envido … envido 40, ordago
>>> code = mus.encode_record(text)
>>> code, mus.decode_record(code) == text
('AAoBCBBAlBlBAAAAABEQMRUYFGIkcdghBRRRRRRRRRRR', True)

With señas the rules line says so (and the chance of a catch, when it is not the
default); after each ``señas`` a chance line names the rivals who caught them, so the
replay shows every seat the señas it saw:

>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(37, 37), seed=1,
...                        rules=mus.Rules(senas=True, catch=0.5))
>>> for action in ["no hay mus", "señas", "señas", "sin señas", "señas"] + ["paso"] * 11:
...     g = g.apply(action)
>>> text = mus.record(g, 0)
>>> for line in text.splitlines()[1:18]:
...     if "señas" in line or "cazada" in line or "rules" in line:
...         print(line)
rules reyes=8 real_31=no target=40 juegos_to_win=2 vacas_to_win=1 senas=yes catch=0.5
0 señas
- cazada 3
1 señas
- cazada 2
2 sin señas
3 señas
- cazada 2
>>> states = mus.HandRecord.parse(text).states()
>>> states[9].phase, [seen["seat"] for seen in states[9].observation(2)["senas"]]
('grande', [0, 1, 3])
>>> mus.decode_record(mus.encode_record(text)) == text
True
"""

from __future__ import annotations

from typing import Any, TypeAlias

from .actions import DESCARTE_ACTIONS, ENVIDO, SENAS, SIN_SENAS, Action, parse_action
from .cards import card_text, parse_hand
from .dealer import cards_text, parse_cards_by_seat
from .game import CAZA, CAZADA, SERVIDO, Game
from .lances import LANCES
from .observation import HandResult
from .played import SERVE_SEAT, is_declaration
from .rules import BOOL, CHANCE as CHANCE_KIND, OPTIONS, Option, Rules

FORMAT, VERSION = "mus-record", 1
MAX_TEXT = 100_000   # a record's text; real hands take at most a few thousand characters
MAX_CODE = 8_000     # a link code; real hands take at most a few hundred
CHANCE = "-"  # the seat column of a chance line
HEADER = ("rules", "hand", "mano", "score", "juegos", "vacas", "hands")
RESULT = ("held", "thrown", "shown", "ledger", "winners", "final")
Move: TypeAlias = "tuple[int | None, str]"  # seat (None for chance) and notation


class HandRecord:
    """One finished hand. ``str(record)`` is the text format; ``HandRecord.parse`` reads it."""

    __slots__ = ("rules", "number", "mano", "score", "juegos", "vacas", "hands", "moves", "result")
    rules: Rules
    number: int
    mano: int
    score: tuple[int, int]
    juegos: tuple[int, int]
    vacas: tuple[int, int]
    hands: tuple[str, str, str, str]
    moves: tuple[Move, ...]
    result: tuple[str, ...]

    def __init__(self, rules: Rules, number: int, mano: int, score: tuple[int, int],
                 juegos: tuple[int, int], vacas: tuple[int, int], hands: tuple[str, str, str, str],
                 moves: tuple[Move, ...], result: tuple[str, ...]) -> None:
        self.rules, self.number, self.mano = rules, number, mano
        self.score, self.juegos, self.vacas = score, juegos, vacas
        self.hands, self.moves, self.result = hands, moves, result

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandRecord) and str(self) == str(other)

    # --- from a game ----------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game, hand_index: int) -> HandRecord:
        """The record of ``game.history[hand_index]``, from what the game kept of that hand
        (``Game.played_hand``): its cost is the hand's, wherever it is in the partida."""
        if not isinstance(hand_index, int) or not 0 <= hand_index < game.hands_played:
            raise ValueError(f"expected a finished hand 0..{game.hands_played - 1}, got {hand_index!r}")
        played = game.played_hand(hand_index)
        moves: list[Move] = []
        thrown: list[list[str]] = [[], [], [], []]
        this_round = [0, 0, 0, 0]  # cards each seat threw in this mus round, as served after it
        for seat, phase, text, private in played.events:
            if is_declaration((seat, phase, text, private)):
                continue
            if seat == SERVE_SEAT:
                at, served = 0, []
                for count in this_round:
                    served.append(tuple(private[at:at + count]))
                    at += count
                moves.append((None, f"{SERVIDO} {cards_text(tuple(served))}"))
                this_round = [0, 0, 0, 0]
                continue
            moves.append((seat, text))
            if phase == "descarte":
                thrown[seat] += [card_text(card) for card in private]
                this_round[seat] = len(private)
            elif phase == "senas" and text == SENAS:
                moves.append((None, " ".join([CAZADA] + [str(r) for r in sorted(private)])))
        return cls(game.rules, played.result["number"], played.mano, played.score, played.juegos, played.vacas,
                   _four(["".join(card_text(card) for card in hand) for hand in played.dealt]), tuple(moves),
                   tuple(_result_lines(played.result, [[card_text(c) for c in hand] for hand in played.held],
                                       thrown)))

    # --- text -------------------------------------------------------------------------

    def __str__(self) -> str:
        lines = [
            f"{FORMAT} {VERSION}",
            f"rules {self.rules}",
            f"hand {self.number}", f"mano {self.mano}",
            f"score {self.score[0]} {self.score[1]}", f"juegos {self.juegos[0]} {self.juegos[1]}",
            f"vacas {self.vacas[0]} {self.vacas[1]}", "hands " + " ".join(self.hands),
        ]
        lines += [f"{CHANCE if seat is None else seat} {text}" for seat, text in self.moves]
        return "\n".join(lines + list(self.result))

    @classmethod
    def parse(cls, text: str) -> HandRecord:
        """Read the text format; raises ValueError naming the line that is wrong."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise ValueError(f"expected a hand record as text of at most {MAX_TEXT} characters")
        lines = [" ".join(line.split()) for line in text.strip().splitlines()]
        if not lines or lines[0] != f"{FORMAT} {VERSION}":
            raise ValueError(f"expected a hand record starting with {FORMAT + ' ' + str(VERSION)!r}")
        fields: dict[str, str] = {}
        for number, key in enumerate(HEADER, start=2):
            line = lines[number - 1] if number <= len(lines) else ""
            head, _, rest = line.partition(" ")
            if head != key:
                raise ValueError(f"line {number} of the record: expected {key!r}, got {line!r}")
            fields[key] = rest
        body = lines[len(HEADER) + 1:]
        split = next((i for i, line in enumerate(body) if line.split(" ", 1)[0] in RESULT), len(body))
        moves = tuple(_parse_move(line, number) for number, line in
                      enumerate(body[:split], start=len(HEADER) + 2))
        try:
            return cls(Rules.parse(fields["rules"]), _int(fields["hand"]), _int(fields["mano"]),
                       _ints(fields["score"]), _ints(fields["juegos"]), _ints(fields["vacas"]),
                       _four(fields["hands"].split()), moves, tuple(body[split:]))
        except (TypeError, ValueError) as error:
            raise ValueError(f"the record's header is wrong: {error}") from None

    # --- replaying ----------------------------------------------------------------------

    def states(self) -> list[Game]:
        """The hand step by step: the deal, then the state after each action (chance
        included). The last is right after the count; raises ValueError if an action is
        illegal, a seat acts out of turn, or the result does not follow."""
        try:
            g = Game.from_deal(list(self.hands), self.mano, self.score, self.rules, 0,
                               self.juegos, self.vacas, explicit_chance=True)
        except ValueError as error:
            raise ValueError(f"the record's hands are wrong: {error}") from None
        out = [g]
        thrown: list[list[str]] = [[], [], [], []]
        first_line = len(HEADER) + 2
        for number, (seat, text) in enumerate(self.moves, start=first_line):
            where = f"line {number} of the record"
            if g.hands_played:
                raise ValueError(f"{where}: the hand was already over, got {text!r}")
            if seat is None and not g.is_chance:
                raise ValueError(f"{where}: chance does not act now (seat {g.to_play} does), got {text!r}")
            if seat is not None and seat != g.to_play:
                raise ValueError(f"{where}: seat {seat} cannot act now, "
                                 f"{'chance' if g.is_chance else 'seat ' + str(g.to_play)} does")
            try:
                if g.phase == "descarte" and g.to_play is not None:
                    thrown[g.to_play] += _discarded(g, text)
                g = g.apply(text)
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
            out.append(g)
        if not g.hands_played:
            raise ValueError(f"the record ends before the hand does (phase {g.phase!r}, "
                             f"{'chance' if g.is_chance else 'seat ' + str(g.to_play)} to act)")
        replayed = _result_lines(g.hand_result(-1), [g.hand(s) for s in range(4)], thrown)
        if list(self.result) != replayed:
            said, gave = _first_difference(list(self.result), replayed)
            raise ValueError(f"the record's result does not follow from its actions: it says "
                             f"{said!r}, the replay gives {gave!r}")
        return out

    def replay(self) -> Game:
        """The state right after the hand's count (see ``states``)."""
        return self.states()[-1]

    # --- links --------------------------------------------------------------------------

    def encode(self) -> str:
        """A compact URL-safe form: one base64url digit per card and per action (the
        seats and the result follow from the replay)."""
        digits = [0] + _rules_digits(self.rules)
        for value in (self.number, self.mano) + self.score + self.juegos + self.vacas:
            digits += _varint(value)
        for hand in self.hands:
            digits += [card.index for card in parse_hand(hand).cards]
        shower = 0  # the seat whose señas a cazada catches: the last seat to act
        for seat, text in self.moves:
            if seat is None and text.split()[0] == CAZADA:
                digits.append(sum(1 << _rivals(shower).index(int(w)) for w in text.split()[1:]))
            elif seat is None:
                served = parse_cards_by_seat(text.partition(" ")[2])
                digits += [card for seat_cards in served for card in seat_cards]
            else:
                shower = seat
                code = _action_code(parse_action(text))
                digits += [code] if code < _ESCAPE else [_ESCAPE] + _varint(code - _ESCAPE)
        return "".join(_ALPHABET[d] for d in digits)

    @classmethod
    def decode(cls, code: str) -> HandRecord:
        """The record behind ``encode``'s text; raises ValueError if it is not one."""
        if not isinstance(code, str) or len(code) > MAX_CODE:
            raise ValueError(f"expected a hand link code of at most {MAX_CODE} characters")
        try:
            digits = [_ALPHABET.index(c) for c in code.strip()]
        except ValueError:
            raise ValueError("expected a hand link code of letters, digits, '-' and '_'") from None
        reader = _Reader(digits)
        if reader.digit() != 0:
            raise ValueError("expected a hand link code of version 0")
        try:
            rules = _read_rules(reader)
            number, mano = reader.varint(), reader.varint()
            score, juegos, vacas = ((reader.varint(), reader.varint()) for _ in range(3))
            hands = _four(["".join(card_text(reader.card()) for _ in range(4)) for _ in range(4)])
            g = Game.from_deal(list(hands), mano, score, rules, 0, juegos, vacas, explicit_chance=True)
            moves: list[Move] = []
            thrown: list[list[str]] = [[], [], [], []]
            served_before = [0, 0, 0, 0]  # cards served to each seat in earlier mus rounds
            while not reader.done() and not g.hands_played:
                if g.phase == CAZA:
                    mask, shower = reader.digit(), moves[-1][0]
                    assert shower is not None
                    if mask > 3:
                        raise ValueError(f"{mask} is not a catch of señas")
                    move: Move = (None, " ".join([CAZADA] + [str(r) for i, r in enumerate(_rivals(shower))
                                                             if mask >> i & 1]))
                elif g.is_chance:
                    served = [[reader.card() for _ in range(len(thrown[s]) - served_before[s])]
                              for s in range(4)]
                    served_before = [len(cards) for cards in thrown]
                    move = (None, "servido " + cards_text(tuple(tuple(c) for c in served)))
                else:
                    digit = reader.digit()
                    action = (_senas_from_code(digit) if g.phase == "senas" else
                              _action_from_code(digit if digit < _ESCAPE else _ESCAPE + reader.varint()))
                    if action is None:
                        raise ValueError("an action code out of range")
                    if action.cards and g.phase == "descarte" and g.to_play is not None:
                        thrown[g.to_play] += _discarded(g, action.text)
                    move = (g.to_play, action.text)
                g = g.apply(move[1])
                moves.append(move)
        except (ValueError, IndexError, OverflowError) as error:
            raise ValueError(f"the hand link code is damaged: {error}") from None
        if not reader.done() or not g.hands_played:
            raise ValueError("the hand link code is damaged: its actions do not end with the hand")
        return cls(rules, number, mano, score, juegos, vacas, hands, tuple(moves),
                   tuple(_result_lines(g.hand_result(-1), [g.hand(s) for s in range(4)], thrown)))


def record(game: Game, hand_index: int) -> str:
    """The text record of ``game.history[hand_index]`` (see the module's docstring)."""
    return str(HandRecord.from_game(game, hand_index))


def replay(text: str) -> Game:
    """The state right after the recorded hand's count; ValueError if the record is wrong."""
    return HandRecord.parse(text).replay()


def encode_record(text: str) -> str:
    """A checked record as a short URL-safe code (for ``#mano=`` links)."""
    hand = HandRecord.parse(text)
    hand.states()
    return hand.encode()


def decode_record(code: str) -> str:
    """The record text of ``encode_record``'s code."""
    return str(HandRecord.decode(code))


# --- helpers ---------------------------------------------------------------------------------

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_SIMPLE_CODES = {"mus": 0, "no hay mus": 1, "paso": 17, "quiero": 18, "no quiero": 19, "ordago": 20}
# In phase senas the two choices reuse the mus's two codes (the phase tells them apart).
_SENAS_CODES = {SENAS: 0, SIN_SENAS: 1}
_CATCH_CHARS = "0123456789.e-"  # what the shortest text of a chance between 0 and 1 is made of
_ENVIDO_BASE = 21  # envido n is 21 + n - 2
_ESCAPE = 63  # action codes from 63 on (envites over 44) take more digits


def _action_code(action: Action) -> int:
    if action.kind in _SENAS_CODES:
        return _SENAS_CODES[action.kind]
    if action.kind == ENVIDO:
        return _ENVIDO_BASE + action.amount - 2
    if action.cards:
        return 2 + DESCARTE_ACTIONS.index(action)
    return _SIMPLE_CODES[action.kind]


_ACTIONS_BY_CODE: dict[int, Action] = {code: parse_action(kind) for kind, code in _SIMPLE_CODES.items()}
for _i, _action in enumerate(DESCARTE_ACTIONS):
    _ACTIONS_BY_CODE[2 + _i] = _action

# The table in a link code, derived from OPTIONS in their order: a flag for each option
# that is a yes/no or one of two values (set when not the default), then for each chance
# that is flagged its shortest decimal text, then each other whole number as a varint.


def _flagged(option: Option) -> bool:
    return option.kind in (BOOL, CHANCE_KIND) or len(option.choices) == 2


def _rules_digits(rules: Rules) -> list[int]:
    flags, texts, numbers = 0, [], []
    bit = 1
    for option in OPTIONS:
        value = getattr(rules, option.name)
        if _flagged(option):
            if value != option.default:
                flags |= bit
                if option.kind == CHANCE_KIND:
                    text = option.text(value)
                    texts += _varint(len(text)) + [_CATCH_CHARS.index(c) for c in text]
            bit <<= 1
        else:
            numbers += _varint(value)
    return _varint(flags) + texts + numbers


def _read_rules(reader: _Reader) -> Rules:
    flags = reader.varint()
    flagged = [option for option in OPTIONS if _flagged(option)]
    if flags >> len(flagged):
        raise ValueError(f"unknown rules flags {flags}")
    values: dict[str, Any] = {}
    for bit, option in enumerate(flagged):
        if flags >> bit & 1:
            if option.kind == BOOL:
                values[option.name] = not option.default
            elif option.kind == CHANCE_KIND:
                length = reader.varint()
                if length > 24:
                    raise ValueError("a chance's text is too long")
                values[option.name] = option.parse("".join(_CATCH_CHARS[reader.digit()] for _ in range(length)))
            else:
                values[option.name] = [c for c in option.choices if c != option.default][0]
    for option in OPTIONS:
        if not _flagged(option):
            values[option.name] = reader.varint()
    return Rules(**values)


def _varint(value: int) -> list[int]:
    """Five bits a digit, low first; the sixth bit says another digit follows."""
    out = []
    while True:
        low, value = value & 31, value >> 5
        out.append(low | (32 if value else 0))
        if not value:
            return out


class _Reader:
    def __init__(self, digits: list[int]) -> None:
        self.digits, self.at = digits, 0

    def done(self) -> bool:
        return self.at >= len(self.digits)

    def digit(self) -> int:
        if self.done():
            raise ValueError("it ends too soon")
        self.at += 1
        return self.digits[self.at - 1]

    def varint(self) -> int:
        value, shift = 0, 0
        while True:
            if shift > 30:   # no count in a hand comes near 2**30
                raise ValueError("a number too long")
            d = self.digit()
            value |= (d & 31) << shift
            shift += 5
            if not d & 32:
                return value

    def card(self) -> int:
        d = self.digit()
        if d >= 40:
            raise ValueError(f"{d} is not a card")
        return d


def _action_from_code(code: int) -> Action | None:
    if code >= _ENVIDO_BASE:
        return Action(ENVIDO, code - _ENVIDO_BASE + 2)
    return _ACTIONS_BY_CODE.get(code)


def _senas_from_code(digit: int) -> Action | None:
    return next((parse_action(kind) for kind, code in _SENAS_CODES.items() if code == digit), None)


def _rivals(seat: int) -> tuple[int, int]:
    """The two rivals of ``seat``, lower seat first (as ``cazada`` names them)."""
    a, b = sorted(((seat + 1) % 4, (seat + 3) % 4))
    return a, b


def _discarded(g: Game, text: str) -> list[str]:
    """The cards the seat to play throws with descarte ``text``."""
    assert g.to_play is not None
    hand = g.hand(g.to_play)
    return [hand[p] for p in parse_action(text).cards if p < len(hand)]


def _result_lines(hand: HandResult, held: list[list[str]], thrown: list[list[str]]) -> list[str]:
    shown = hand["hands"]
    lines = ["held " + " ".join("".join(cards) for cards in held),
             "thrown " + " ".join("".join(cards) or CHANCE for cards in thrown),
             "shown " + (" ".join("".join(cards) for cards in shown) if shown else CHANCE)]
    lines += [f"ledger {e['team']} {e['points']} {e['lance']} {e['seat']} {e['reason']}"
             for e in hand["ledger"]]
    winners = hand["winners"]
    lines.append(" ".join(["winners"] + [f"{lance}={winners[lance]}" for lance in LANCES if lance in winners]))
    lines.append(f"final {hand['score'][0]} {hand['score'][1]}")
    return lines


def _first_difference(said: list[str], gave: list[str]) -> tuple[str, str]:
    for a, b in zip(said, gave):
        if a != b:
            return a, b
    n = min(len(said), len(gave))
    return (said[n] if n < len(said) else "nothing more"), (gave[n] if n < len(gave) else "nothing more")


def _parse_move(line: str, number: int) -> Move:
    seat, _, text = line.partition(" ")
    if seat == CHANCE:
        return None, text
    if seat not in ("0", "1", "2", "3") or not text:
        raise ValueError(f"line {number} of the record: expected a seat 0..3 or '-' and an action, got {line!r}")
    return int(seat), text


def _int(text: str) -> int:
    if not 0 < len(text) <= 9 or not all(c in "0123456789" for c in text):
        raise ValueError(f"expected a whole number, got {text[:20]!r}")
    return int(text)


def _ints(text: str) -> tuple[int, int]:
    parts = text.split()
    if len(parts) != 2:
        raise ValueError(f"expected two whole numbers, got {text!r}")
    return _int(parts[0]), _int(parts[1])


def _four(hands: list[str]) -> tuple[str, str, str, str]:
    if len(hands) != 4:
        raise ValueError(f"expected 4 hands, got {len(hands)}")
    return hands[0], hands[1], hands[2], hands[3]
