"""Scenarios played the same way on CPython and on MicroPython: ``tests/test_differential.py``
runs this file on both and requires the same output, line for line.

Each line says what it is, then the data: the actions of random play and of every bot level
under several tables, and of a styled bot of each style hearing advice said aloud, a hand
asked of the bots' worker's protocol in JSON text, each finished hand, the saves and their reloads, each hand's record and link code, every bot's
reasons in both languages, the coach's numbers, and the table talk of those partidas (who
the bots are, what they say, what the partner advises); then the pages the lessons and the
embed draw on MicroPython in the browser: every step of every lesson in ``static/lessons/`` in
both languages, before and after a wrong answer and the engine's, the lessons' index with the
progress kept, and each step of a shared hand's replay as two viewers see it, as HTML; and the
table's screens, as HTML, at each step of two partidas (as the table draws them on
MicroPython).
Anything a runtime does differently (dict order, rounding, the generator, float text) shows
here.
"""

import json
import math
import os
import sys
from typing import Callable

import mus
from mus.ai import LEVELS, STYLES, coach, explain, make_bot
from mus.jsondata import dump_text
from mus.rng import Random
from mus.web.kit.commands import CHANGE, Command
from mus.web.kit.deckart import DeckArt
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.page import LessonsPage
from mus.web.lessons.player import LessonPlayer
from mus.web.play import render
from mus.web.kit.faces import avatar
from mus.web.play.brain import BotSpec, Brain, coach_request, decide_request
from mus.web.play.cast import NAMES, cast
from mus.web.play.session import PANELS, Session
from mus.web.play.talk import TableTalk
from mus.web.play.view import build_view
from mus.web.replay.model import Dialog
from mus.web.replay.render import dialog_html

LESSONS = "static/lessons"
LANGS = ("es", "en")
PAGE_URL = "https://mus.example/embed.html"

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


def brain_answers(table: int, seed: int) -> None:
    """A hand played through the bots' worker's protocol (``mus.web.play.brain``): each
    request and answer in JSON text, as the worker reads and writes them, and the coach's."""
    brain = Brain()
    game = mus.Game.new(TABLES[table], seed)
    tag = f"brain t{table} s{seed}"
    while not game.history:
        seat = game.to_play
        assert seat is not None
        observation = game.observation(seat)
        answer = json.loads(brain.answer_text(json.dumps(decide_request(BotSpec(seat, "normal", seed + seat, None),
                                                                         observation))))
        say(tag, seat, dump_text(bits(answer)))
        if seat == 0 and observation["phase"] == "grande":
            say(tag, "coach", dump_text(bits(json.loads(brain.answer_text(json.dumps(coach_request(observation)))))))
        game = game.apply(answer["action"])


def wrong_answer(player: LessonPlayer) -> str | None:
    """A wrong answer to the question on screen, for the kinds where one is plain to pick."""
    ask, right = player.question, player.correct()
    assert ask is not None
    if ask.kind in ("lance", "juego_winner", "mano"):
        return [str(s) for s in range(4) if not player.is_right(player.index, str(s))][0]
    if ask.kind in ("tantos", "points"):
        return str(int(right) + 1)
    if ask.kind in ("quiero", "action"):
        return [o for o in (ask.options or ("quiero", "no quiero")) if o != right][0]
    return None


def lessons_drawn() -> None:
    """Every step of every lesson, as a reader who answers what the engine says goes through
    it, then the index with the progress that left."""
    names = sorted(name for name in os.listdir(LESSONS) if name.endswith(".json"))
    course = []
    for name in names:
        with open(LESSONS + "/" + name, encoding="utf-8") as file:
            course.append(Lesson.from_json(file.read()))
    for lang in LANGS:
        storage = SafeStorage(MemoryStorage())
        for lesson in course:
            page = LessonsPage(storage, lang=lang, embed=True)
            page.open(lesson)
            player = page.player
            assert player is not None
            while True:
                tag = f"lesson {lesson.id} {lang} step {player.index}"
                say(tag, page.title(), page.html())
                if player.waiting:
                    wrong = wrong_answer(player)
                    if wrong is not None:  # the feedback fitted to a wrong answer, then the retry
                        page.command(Command("answer", wrong))
                        say(tag, "wrong " + wrong, page.html())
                    page.command(Command("answer", player.correct()))
                    say(tag, "answered", page.html())
                at = player.index
                page.command(Command("step", "next"))
                if player.index == at:
                    break
        say("lessons index", lang, LessonsPage(storage, lang=lang, lessons=course).html())


def hand_replayed(table: int, seed: int) -> None:
    """A bots' hand shared by its link code, as the embed's replay draws it step by step for
    everybody and for the first seat."""
    bots = [make_bot("dificil", seed * 4 + seat) for seat in range(4)]
    game = mus.Game.new(TABLES[table], seed)
    while not game.history:
        game = game.apply(bots[game.to_play].decide(game.observation(game.to_play)).action)
    code = mus.encode_record(mus.record(game, 0))
    with open("static/deck.svg", encoding="utf-8") as file:
        art = DeckArt(file.read())
    for lang in LANGS:
        for viewer in ("all", "0"):
            dialog = Dialog()
            dialog.open_code(code, closable=False, page_url=PAGE_URL, lang=lang)
            dialog.command(Command(CHANGE, viewer, "viewer"))
            replay = dialog.replay
            assert replay is not None
            while True:
                say(f"hand t{table} s{seed} {lang} {viewer} step {replay.step}", dialog_html(dialog, lang, art))
                if replay.at_end:
                    break
                dialog.command(Command("step", "next"))


def table_drawn(seed: int, settings: tuple[tuple[str, str], ...], steps: int) -> None:
    """The table's screens (``mus.web.play``: the HTML of every region and the log) at each
    step of a partida: the bots, the coach, the counts, the end, and each panel."""
    rng = Random(seed)
    session = Session(SafeStorage(MemoryStorage()), instant=True, seeds=lambda: rng.randrange(1 << 30))
    for name, raw in settings:
        session.set_setting(name, raw)

    def drawn(tag: object) -> None:
        view = build_view(session)
        regions = render.regions(view, None)
        for name in sorted(regions):
            say(f"table s{seed}", tag, name, regions[name][0], regions[name][1])
        say(f"table s{seed}", tag, "log", " / ".join(render.log_lines(view)))

    drawn("setup")
    session.new_game(seed)
    for step in range(steps):
        if session.coach_due():
            session.update_coach()
        drawn(step)
        game = session.game
        assert game is not None
        if game.is_over:
            break
        if session.bot_to_play() is not None:
            session.bot_move()
        elif session.showdown_index() is not None:
            session.ack()
        else:
            session.play(rng.choice(session.human_legal()))
    for panel in sorted(PANELS):
        session.open_panel(panel)
        drawn(panel)
        session.close_panel()


def solved_bets(seed: int) -> None:
    """The solved betting table (``mus.ai.cfr``) loads and draws alike: each bet of a hand
    played by random play (small envites), answered from several chances."""
    from mus.ai import cfr
    from mus.ai.view import View
    rng = Random(seed)
    g = mus.Game.new(mus.Rules(), seed)
    out = []
    while g.phase != "juego" and len(out) < 40:
        obs = g.observation(g.to_play)
        view = View(obs)
        if view.phase in cfr.LANCES:
            out.append(",".join(str(cfr.team_choice(view, c / 4, rng)) for c in range(5)))
        small = [a for a in obs["legal_actions"] if a in ("paso", "envido", "quiero", "no quiero", "no hay mus")]
        legal = small or obs["legal_actions"]
        g = g.apply(legal[int(rng.random() * len(legal))])
    say("solved", seed, " | ".join(out))


def faces_drawn() -> None:
    say("faces", " ".join(avatar(name, style) for (name, _), style in zip(NAMES, STYLES * 4)))


def scenarios() -> list[tuple[Callable[..., None], tuple[object, ...]]]:
    """Each scenario: a function and its arguments."""
    out: list[tuple[Callable[..., None], tuple[object, ...]]] = []
    for table in range(len(TABLES)):
        for seed in range(3):
            out.append((random_play, (table, seed, 3)))
    for n, level in enumerate(LEVELS):
        for table in range(len(TABLES)):
            out.append((bots_play, ((level, LEVELS[(n + 1) % 4], level, LEVELS[(n + 3) % 4]), table, n + table, 2)))
    for n, style in enumerate(STYLES):
        out.append((bots_play, (("normal", "facil", "dificil", "normal"), n % len(TABLES), 10 + n, 3, style)))
    out.append((brain_answers, (2, 4)))
    out.append((lessons_drawn, ()))
    out.append((hand_replayed, (0, 25)))
    out.append((hand_replayed, (2, 7)))
    out.append((faces_drawn, ()))
    out.append((solved_bets, (3,)))
    out.append((table_drawn, (3, (("lang", "es"), ("level", "dificil"), ("coach", "true"), ("reasons", "true")), 30)))
    out.append((table_drawn, (5, (("lang", "en"), ("advice", "true"), ("senas", "true"), ("reyes", "4"),
                                  ("target", "10"), ("juegos_to_win", "1"), ("vacas_to_win", "2")), 400)))
    return out


def steps() -> list[Callable[[], None]]:
    """Each scenario as a call of its own, then "done"."""
    def step(scenario: Callable[..., None], args: tuple[object, ...]) -> Callable[[], None]:
        return lambda: scenario(*args)

    return [step(scenario, args) for scenario, args in scenarios()] + [lambda: say("done")]


if __name__ == "__main__":
    # On MicroPython each scenario runs in a call of its own (tools/dev/mpy_run.mjs calls each
    # of __steps__): that MicroPython frees memory only between calls into Python, so the
    # scenarios can grow without exhausting its heap.
    if sys.implementation.name == "micropython":
        __steps__ = steps()
    else:
        for each in steps():
            each()
