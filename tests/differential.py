"""Scenarios played the same way on CPython and on MicroPython: ``tests/test_differential.py``
runs this file on both and requires the same output, line for line.

Each line says what it is, then the data: the actions of random play and of every bot level
under several tables, and of a styled bot of each style hearing advice said aloud, each
finished hand, the saves and their reloads, each hand's record and link code, every bot's
reasons in both languages, the coach's numbers, and the table talk of those partidas (who
the bots are, what they say, what the partner advises). Anything a runtime does differently
(dict order, rounding, the generator, float text) shows here.
"""

import math

import mus
from mus.ai import LEVELS, STYLES, coach, explain, make_bot
from mus.jsondata import dump_text
from mus.rng import Random
from mus.web.play.cast import cast
from mus.web.play.talk import TableTalk

TABLES = (
    mus.Rules(),
    mus.Rules(reyes=4, real_31=True, target=30, juegos_to_win=3),
    mus.Rules(senas=True, catch=0.5),
    mus.Rules(senas=True, reyes=4, catch=1.0, target=10, juegos_to_win=1, vacas_to_win=2),
)


def say(*parts: object) -> None:
    print(" | ".join(str(part) for part in parts))


def bits(value: object) -> object:
    """``value`` with each float as its exact bits: MicroPython's float text is not always
    the shortest (0.818 prints as 0.8179999999999999), the numbers must still be equal."""
    if isinstance(value, float):
        mantissa, exponent = math.frexp(value)
        return f"{int(mantissa * 2 ** 53)}p{exponent}"
    if isinstance(value, dict):
        return {key: bits(item) for key, item in value.items()}
    if isinstance(value, list):
        return [bits(item) for item in value]
    return value


def check_saves_and_records(tag: str, game: mus.Game) -> None:
    text = game.to_json()
    say(tag, "save", text)
    again = mus.Game.from_json(text)
    say(tag, "reloaded", again.to_json() == text, dump_text(again.observation(0)))
    for index, hand in enumerate(game.history):
        say(tag, "hand", index, dump_text(hand))
        record = mus.record(game, index)
        code = mus.encode_record(record)
        say(tag, "record", index, record.replace("\n", " / "))
        say(tag, "code", index, code, mus.decode_record(code) == record,
            dump_text(mus.replay(record).history[-1]) == dump_text(hand))


def random_play(table: int, seed: int, hands: int) -> None:
    rng = Random(seed * 31 + table)
    game = mus.Game.new(TABLES[table], seed)
    while not game.is_over and len(game.history) < hands:
        game = game.apply(rng.choice(game.legal_actions()))
    tag = f"random t{table} s{seed}"
    say(tag, "actions", " ".join(game.actions))
    check_saves_and_records(tag, game)


def bots_play(levels: tuple[str, ...], table: int, seed: int, hands: int, style: str | None = None) -> None:
    """Bots of ``levels`` play; with ``style``, each in that style, hearing the partner of
    seat 0 advise aloud (the table's talk, printed at the end)."""
    bots = [make_bot(levels[seat], seed * 4 + seat, style) for seat in range(4)]
    talk = TableTalk([None] + [style] * 3, True) if style else None
    game = mus.Game.new(TABLES[table], seed, reseed=seed % 2 == 1)
    shuffles = Random(seed)
    tag = f"bots {'/'.join(levels)} t{table} s{seed}"
    while not game.is_over and len(game.history) < hands:
        if game.is_chance:   # reseeded deals: the next hand's seed
            game = game.apply(f"baraja {shuffles.randrange(1 << 32)}")
            continue
        seat = game.to_play
        observation = game.observation(seat)
        if talk is not None:
            observation["advice"] = talk.heard(len(game.history))
        decision = bots[seat].decide(observation)
        say(tag, seat, decision.action, explain(decision.reason, "es"), explain(decision.reason, "en"))
        if seat == 0 and observation["phase"] in ("grande", "pares", "juego"):
            say(tag, "coach", dump_text(bits(coach(observation, seed))))
        before, game = game, game.apply(decision.action)
        if talk is not None:
            talk.listen(before, decision.action, game)
    if talk is not None:
        again = TableTalk(talk.styles, True)
        again.rebuild(game)
        say(tag, "talk", dump_text([list(s.fields()) for s in talk.said]), again.said == talk.said)
        say(tag, "cast", dump_text([list(seat.fields()) if seat else None for seat in cast("random", seed)]))
    check_saves_and_records(tag, game)


def main() -> None:
    for table in range(len(TABLES)):
        for seed in range(3):
            random_play(table, seed, 3)
    for n, level in enumerate(LEVELS):
        for table in range(len(TABLES)):
            bots_play((level, LEVELS[(n + 1) % 4], level, LEVELS[(n + 3) % 4]), table, n + table, 2)
    for n, style in enumerate(STYLES):
        bots_play(("normal", "facil", "dificil", "normal"), n % len(TABLES), 10 + n, 3, style)
    say("done")


main()
