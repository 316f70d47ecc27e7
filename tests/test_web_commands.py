"""The pages' commands in CPython: what a click, a change or a key does to the table, a replay
and a lesson, decided by pure code (``dom/`` only paints and waits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import mus
from mus.web.kit.commands import Command, Key, command_of
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.page import LessonsPage, MOVE_ON_FOCUS, OPENED_FOCUS
from mus.web.play import commands
from mus.web.play.render import dealt, log_update, regions
from mus.web.play.session import PANELS, Session
from mus.web.play.view import build_view
from mus.web.replay import model

LESSONS = Path(__file__).resolve().parent.parent / "static" / "lessons"


def wants(legal: list[str], observation: dict[str, Any]) -> str:
    """Mus once a hand (then a cut), else the first legal action."""
    once = not any(e["phase"] == "descarte" for e in observation["log"])
    if "mus" in legal:
        return "mus" if once else "no hay mus"
    return legal[0]


class Mus:
    """A bot that plays ``wants``."""

    def __init__(self, level: str, seed: int, style: str | None) -> None:
        pass

    def choose(self, observation: dict[str, Any]) -> str:
        return wants([str(a) for a in observation["legal_actions"]], observation)


def table(seed: int = 3) -> Session:
    s = Session(MemoryStorage(), instant=True, bot_factory=Mus)
    commands.run(s, Command("action", "nueva"), seed)
    return s


def play_until(s: Session, done: Callable[[], bool], limit: int = 400) -> None:
    """Play (the player as the bots: ``wants``) until ``done()``."""
    for _ in range(limit):
        if done():
            return
        legal = s.human_legal()
        if s.showdown_index() is not None:
            s.ack()
        elif legal:
            assert s.game is not None
            s.play(wants(legal, s.game.observation(0)))
        else:
            assert s.bot_move() is not None
    raise AssertionError("not reached")


def test_every_control_the_table_draws_is_a_command_it_knows() -> None:
    """Each data-action / data-ui of the table's HTML, clicked, does something or is refused
    on purpose; none is a name the controller does not read."""
    import re

    s = table()
    known = {"lang", "menu", "volver", "help", "glossary", "close", "setup", "previous", "close-review", "ordago",
             "nueva", "cancel", "dismiss", "manos", "replay", "envite-less", "envite-more", "envite-set"} | set(
        commands.SCREEN) | set(PANELS)
    seen: set[str] = set()

    def look() -> bool:
        html = "".join(h for h, _ in regions(build_view(s)).values())
        seen.update(re.findall(r'data-ui="([^"]+)"', html))
        return len(s.game.history) >= 2 if s.game else False

    play_until(s, look)
    assert {"menu", "help", "lang", "previous", "manos"} <= seen <= known, seen - known


def test_the_players_call_is_staged_and_a_refused_one_is_nothing() -> None:
    s = table()
    assert commands.run(s, Command("action", "ordago")) == commands.NOTHING  # not legal at the mus
    play_until(s, lambda: bool(s.human_legal()))
    legal = s.human_legal()
    assert commands.run(s, Command("action", legal[0])) == commands.PLAYED
    assert commands.run(s, Command("dismiss")) == commands.NOTHING  # dismiss names a notice


def test_cards_envites_and_the_ordago_confirmation() -> None:
    s = table(5)
    play_until(s, lambda: "descarte" in " ".join(s.human_legal()))
    assert commands.run(s, Command("pos", "2")) == commands.REDRAW and s.selected == {2}
    assert commands.key(s, Key("4")) and s.selected == {2, 3}
    assert not commands.key(s, Key("1", tag="input")) and not commands.key(s, Key("1", modified=True))
    assert commands.run(s, Command("envite-more")) == commands.REDRAW  # no envite at the descarte: nothing moves
    assert commands.run(s, Command("ordago")) == commands.REDRAW and s.confirm == "ordago"
    assert commands.key(s, Key("Escape")) and s.confirm is None


def test_setting_commands_redraw_without_the_bots() -> None:
    s = Session(MemoryStorage(), instant=True)
    assert commands.run(s, Command("setting", "dificil", "level")) == commands.SHOWN
    assert s.settings.level == "dificil"
    assert commands.run(s, Command("setting", "x")) == commands.NOTHING  # no setting named


def test_replay_commands_open_the_second_zip_side() -> None:
    s = table()
    play_until(s, lambda: bool(s.game and s.game.history))
    assert commands.run(s, Command("manos")) == commands.MANOS
    assert commands.run(s, Command("replay", "0")) == commands.REPLAY
    assert commands.run(s, Command("replay", "first")) == commands.NOTHING


def test_declarations_are_said_one_after_another() -> None:
    """After a call that brings the pares and juego declarations, the table holds them back and
    says them one by one (Session.stage; the page waits between them)."""
    game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    s = Session(MemoryStorage())
    s.new_game(deal=game)
    s.settings = s.settings.with_choice("speed", "lenta")
    before = s.game
    assert before is not None
    for notation in ["no hay mus"] + ["paso"] * 8:
        before = s.game
        assert before is not None
        s._advance(notation)
        if s.stage(before):
            break
    said = s.game.observation(0)["log"][len(before.observation(0)["log"]):]  # type: ignore[union-attr]
    assert s.muted == sum(1 for e in said if e["action"].split(" ")[0] in ("pares", "juego")) > 0
    assert s.stage(None) is True  # still held until the page unstages them


def test_the_log_grows_by_appending_and_the_deal_follows_the_cards() -> None:
    assert log_update([], ["a"]) == (True, ["a"])
    assert log_update(["a", "b"], ["a", "b", "c", "d"]) == (False, ["c", "d"])
    assert log_update(["a", "b"], ["x"]) == (True, ["x"])
    s = table()
    first = dealt(build_view(s))
    assert first and first[0] == 1 and len(first[1]) == 4
    assert dealt(build_view(Session(MemoryStorage()))) == ()


def test_the_click_vocabulary() -> None:
    assert command_of({"data-action": "mus"}.get) == Command("action", "mus")
    assert command_of({"data-ui": "envite-set", "value": "5"}.get) == Command("envite-set", "5")
    assert Command("envite-set", "5").number == 5 and Command("x", "y").number is None


def test_the_replay_dialog_follows_its_commands_and_keys() -> None:
    game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    for action in ["no hay mus"] + ["paso"] * 11:
        game = game.apply(action)
    d = model.Dialog()
    assert d.key(Key("Escape")) == model.NOTHING  # closed
    d.open_hand(game, 0, page_url="https://mus.example/")
    assert d.command(Command("step", "next")) == model.DRAW and d.replay is not None and d.replay.step == 1
    assert d.key(Key("ArrowRight", tag="input")) == model.NOTHING and d.replay.step == 1
    assert d.command(Command("copy")) == model.COPY and d.command(Command("share")) == model.SHARE
    assert d.command(Command("step", "sideways")) == model.NOTHING
    assert d.command(Command("manos")) == model.OPENED and d.mode == model.MANOS
    assert d.command(Command("close-replay")) == model.CLOSE
    assert not d.open_code("AAAA", closable=False) and d.mode == model.ERROR
    d.show(model.Replay.from_game(game, 0), closable=False)
    assert d.key(Key("Escape")) == model.NOTHING  # an embedded hand stays open


def test_a_lesson_page_answers_moves_and_keeps_progress() -> None:
    lessons = [Lesson.from_json((LESSONS / f"{name}.json").read_text(encoding="utf-8")) for name in ("mus", "pares")]
    storage = SafeStorage(MemoryStorage())
    page = LessonsPage(storage, lang="es", lessons=lessons)
    assert page.command(Command("lesson", "nope")) is None and page.player is None
    assert page.command(Command("answer", "0")) is None  # no lesson open
    assert page.command(Command("lesson", "mus")) == OPENED_FOCUS and page.title() == "Mus y descartes · Mus"
    player = page.player
    assert player is not None
    while not player.finished:
        if player.waiting:
            question = player.question
            assert question is not None
            if question.kind == "descarte":
                for pos in player.correct().split()[1:]:
                    assert page.command(Command("pos", pos)) == f'[data-pos="{pos}"]'
                assert page.command(Command("discard")) == MOVE_ON_FOCUS
            else:
                kind = "number" if question.kind in ("tantos", "points") else "answer"
                page.command(Command(kind, player.correct()))
        else:
            assert page.command(Command("step", "next")) == OPENED_FOCUS
    assert player.score()[0] == player.score()[1]
    assert 'data-ui="lesson" value="pares"' in page.html()  # the next lesson of the course
    assert page.command(Command("lang", "en")) == "[data-ui=lang]" and player.lang == "en"
    assert page.command(Command("index")) == '[data-ui=lesson][value="mus"]'
    progress = json.loads(storage.get("mus.lessons") or "{}")
    assert progress["mus"]["done"] and 'data-progress="done"' in page.html()
