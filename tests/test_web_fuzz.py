"""Untrusted input reaches the page: what is stored (the save, the settings, the statistics,
the lessons' progress) and what comes in the address (``?seed=``, ``?deal=``, ``#mano=``).

As ``tests/test_fuzz.py`` does for the engine (its ``call``, ``changed`` and ``text``), each
test feeds one entry point thousands of generated inputs, seeded: valid inputs with one part
changed, cut short, nested deep, wrong types, NaN, other scripts' digits. Within ``LIMIT``
seconds each, a stored value must leave a page that starts and draws, with what it could not
read kept aside, exactly, under its own key; an address must give what it asks for or a
ValueError the page turns into a note. Long well-formed inputs at the limits (a stored save of
50,000 actions, a ``#mano=`` link of 8,000 characters) open as well.

Like ``tests/test_fuzz.py`` it runs unchanged on MicroPython: ``python -m
tests.test_web_fuzz`` and ``node tools/dev/mpy_run.mjs tests/test_web_fuzz.py`` print the
counts, and pytest runs a slice on MicroPython.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

import mus
from mus.game import MAX_ACTIONS, MAX_SEED
from mus.records import MAX_CODE
from mus.web.kit.links import code_from_fragment, deal_query, parse_seed
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.page import LessonsPage
from mus.web.lessons.player import PROGRESS_KEY, LessonPlayer, save_progress
from mus.web.play.deal_link import parse_deal, play_deal
from mus.web.play.render import regions
from mus.web.play.saves import SAVE_KEY, Saved, write_save
from mus.web.play.session import Session
from mus.web.play.settings import SETTINGS_KEY, Settings
from mus.web.play.stats import STATS_KEY, empty_stats
from mus.web.play.view import build_view
from mus.web.replay.model import Dialog, replay_view
from tests.test_fuzz import (
    LONG_LIMIT, ODD_VALUES, between, call, changed, longest_code, mus_rounds, run, scaled, text, war,
)

TRIED: dict[str, int] = {}
KEPT: dict[str, int] = {}  # stored texts kept aside, by key
try:
    ROOT = __file__.rsplit("/", 2)[0]  # MicroPython's os has no path module
except NameError:  # run as a script on MicroPython: from the repository's root
    ROOT = "."
DEEP = ("[" * 100_000 + "]" * 100_000, '{"a":' * 40 + "1" + "}" * 40, "[" * 33 + "]" * 33)


def dumps(value: Any, ascii_only: bool) -> str:
    """JSON text, non-ASCII letters escaped or not (MicroPython's json always keeps them)."""
    if sys.implementation.name == "micropython":
        return str(json.dumps(value))
    return str(json.dumps(value, ensure_ascii=ascii_only))


def kept_aside(store: MemoryStorage, key: str) -> list[str]:
    return [store.data[k] for k in sorted(store.data) if k.startswith(key + ".corrupt.")]


def started(store: MemoryStorage) -> Session:
    """The table started on ``store``, drawn."""
    s = Session(store, instant=True)
    s.restore()
    regions(build_view(s))
    return s


def stored_texts(rng: mus.Random, goods: list[Any]) -> str:
    """A stored text: a good value changed, cut short, nested deep, or garbage."""
    pick = rng.random()
    if pick < 0.03:
        return rng.choice(DEEP)
    if pick < 0.08:
        return text(rng, 60)
    changed_value = dumps(changed(rng, rng.choice(goods)), rng.random() < 0.5)
    return changed_value if pick < 0.9 else changed_value[: rng.randrange(len(changed_value) + 1)]


def check_kept(store: MemoryStorage, key: str, stored: str, took: bool) -> None:
    """What was stored under ``key`` was either taken, or kept aside exactly, never lost."""
    if took:
        assert not kept_aside(store, key)
    else:
        assert kept_aside(store, key) == [stored], f"{key}: {stored[:80]!r} was not kept aside"
        KEPT[key] = KEPT.get(key, 0) + 1


# --- what is stored --------------------------------------------------------------------------

def good_saves() -> list[Any]:
    """Saves as the table writes them: at the player's decision, with señas or 4 reyes (dealt
    from a seed, not reseeded), and at a count with the bots' reasons of a finished hand."""
    saves = []
    for setting, at_count in (("senas", False), ("reyes", False), ("senas", True)):
        s = Session(MemoryStorage(), instant=True)
        s.set_setting("reasons", "true")
        s.set_setting(setting, "4" if setting == "reyes" else "true")
        if setting == "reyes":
            s.new_game(seed=4)
        else:
            s.new_game()
        while not (s.showdown_index() is not None if at_count else s.human_legal() and s.game.actions):  # type: ignore[union-attr]
            if s.bot_move() is None and not (not at_count and s.ack()):
                s.play(s.human_legal()[0])
        saves.append(json.loads(s.storage.get(SAVE_KEY) or ""))
    return saves


def test_stored_saves(scale: float = 1.0) -> None:
    rng = mus.Random(21)
    goods = good_saves()
    for n in range(int(1500 * scale)):
        stored = stored_texts(rng, goods) if n else DEEP[0]
        store = MemoryStorage({SAVE_KEY: stored})
        s = call("stored saves", lambda: started(store), TRIED)
        assert isinstance(s, Session), f"the page did not start on {stored[:80]!r}"
        check_kept(store, SAVE_KEY, stored, s.game is not None)
        if s.game is not None:
            s.update_coach()
            assert s.bot_to_play() is not None or s.human_legal() or s.showdown_index() is not None or s.game.is_over


def test_stored_settings(scale: float = 1.0) -> None:
    rng = mus.Random(22)
    goods = [Settings().to_dict(), Settings(level="dificil", lang="en", target=30, speed="rapida").to_dict(),
             {"juegos": 3, "lang": "en"}]
    for _ in range(int(2500 * scale)):
        stored = stored_texts(rng, goods)
        store = MemoryStorage({SETTINGS_KEY: stored})
        s = call("stored settings", lambda: started(store), TRIED)
        assert isinstance(s, Session) and isinstance(s.settings, Settings)
        check_kept(store, SETTINGS_KEY, stored, not any(n["kind"] == "kept-settings" for n in s.notices))
        s.new_game()
        assert s.game is not None


def test_stored_statistics(scale: float = 1.0) -> None:
    rng = mus.Random(23)
    full = empty_stats()
    full.update(partidas=[2, 5], juegos=[7, 11], manos=[40, 90])
    full["lances"]["pares"] = [3, 4]
    goods = [empty_stats(), full]
    for _ in range(int(2500 * scale)):
        stored = stored_texts(rng, goods)
        store = MemoryStorage({STATS_KEY: stored})
        s = call("stored statistics", lambda: started(store), TRIED)
        assert isinstance(s, Session)
        check_kept(store, STATS_KEY, stored, not any(n["kind"] == "kept-stats" for n in s.notices))
        for pair in [s.stats[k] for k in ("partidas", "juegos", "manos")] + list(s.stats["lances"].values()):
            assert type(pair[0]) is int and 0 <= pair[0] <= pair[1]


def test_stored_lesson_progress(scale: float = 1.0) -> None:
    rng = mus.Random(24)
    lessons = []
    for name in ("grande", "chica"):
        with open(f"{ROOT}/static/lessons/{name}.json", encoding="utf-8") as file:
            lessons.append(Lesson.from_json(file.read()))
    goods = [{"grande": {"done": True, "right": 2, "questions": 3}},
             {"chica": {"done": False, "right": 0, "questions": 2}, "other": {"done": True}}]
    for _ in range(int(2500 * scale)):
        stored = stored_texts(rng, goods)
        store = MemoryStorage({PROGRESS_KEY: stored})

        def show() -> str:
            page = LessonsPage(SafeStorage(store), lessons=lessons)
            html = page.html()
            save_progress(store, LessonPlayer(lessons[0]))
            return html

        html = call("stored lesson progress", show, TRIED)
        assert isinstance(html, str) and "llist" in html
        assert len(kept_aside(store, PROGRESS_KEY)) <= 1


# --- the address -------------------------------------------------------------------------------

def test_seed_parameter(scale: float = 1.0) -> None:
    rng = mus.Random(25)
    for _ in range(int(3000 * scale)):
        raw = rng.choice([text(rng, 25), str(rng.randrange(MAX_SEED + 2)), "9" * between(rng, 1, 5000),
                          str(rng.choice(ODD_VALUES))[:100], "%d%s" % (rng.randrange(1000), rng.choice("²٣１ -+."))])
        seed = call("?seed=", lambda: parse_seed(raw), TRIED)
        valid = 0 < len(raw) <= 20 and all(c in "0123456789" for c in raw) and int(raw) <= MAX_SEED
        assert seed == (int(raw) if valid else None), raw[:40]


def test_deal_links(scale: float = 1.0) -> None:
    rng = mus.Random(26)
    goods = [deal_query(["RoRcC6", "7654", "CCSA", "3322"], 0, (37, 37), mus.Rules(real_31=True)),
             deal_query(["RRRR", "7777", "CCCC", "SSSS"], 3, (0, 0), mus.Rules(reyes=4, target=30, senas=True)),
             "deal=RR,7,C,3&mano=1"]
    for _ in range(int(2000 * scale)):
        query = rng.choice(goods)
        pairs = [item.partition("=") for item in query.split("&")]
        i = rng.randrange(len(pairs))
        name, _, value = pairs[i]
        value = rng.choice([text(rng, 12), value + text(rng, 4), value[: rng.randrange(len(value) + 1)],
                            str(rng.choice(ODD_VALUES))[:200], "%C2%B2", "1" * between(rng, 1, 3000)])
        pairs[i] = (name, "=", value)
        query = "?" + "&".join("".join(p) for p in pairs)
        session = Session(MemoryStorage(), instant=True)

        def start() -> bool:
            request = parse_deal(query)
            if request is not None:
                play_deal(session, request)
            return True

        if call("?deal= links", start, TRIED) and session.game is not None:
            regions(build_view(session))
            assert session.bot_to_play() is not None or session.human_legal()


def test_shared_hand_links(scale: float = 1.0) -> None:
    rng = mus.Random(27)
    games = []
    for seed in range(3):
        g = mus.Game.new(mus.Rules(senas=True, catch=0.5), seed)
        while g.hands_played < 2:
            g = g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    codes = [mus.encode_record(mus.record(g, i)) for g in games for i in range(2)]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for n in range(int(1500 * scale)):
        code = list(rng.choice(codes))
        for _ in range(between(rng, 1, 4)):
            code[rng.randrange(len(code))] = rng.choice(alphabet)
        fragment = "#mano=" + rng.choice(["".join(code), text(rng, 80), "".join(code)[: rng.randrange(len(code))],
                                          "A" * between(rng, 1, 20_000)])
        if n == 0:  # the 53-character link whose rules said target 10**9 froze a tab for 50 s
            fragment = "#mano=AA__________z" + codes[0][4:]

        assert call("#mano= links", lambda: open_fragment(fragment), TRIED) is not None


def open_fragment(fragment: str) -> bool:
    """A ``#mano=`` link opened in the replay dialog, stepped to its count and drawn, or
    its error shown."""
    dialog = Dialog()
    found = code_from_fragment(fragment)
    opened = found is not None and dialog.open_code(found, page_url="https://mus.example/")
    if opened:
        assert dialog.replay is not None
        dialog.replay.go("last")
        replay_view(dialog.replay, "es")
    else:
        assert found is None or dialog.error
    return bool(opened)


# The length of the save that killed the page's Pyodide (freeing a game that long recursed).
KILLER = 7_006


def test_long_saves_and_links(longest: int = KILLER) -> None:
    """A stored save of ``longest`` actions (an envite war, mus rounds) starts the table,
    and a ``#mano=`` link as long as a link may be opens its hand."""
    for build in (war, mus_rounds):
        game = mus.Game.from_data(build(longest))
        store = MemoryStorage()
        write_save(store, Saved(game), "fuzz")
        s = call("long inputs", lambda: started(store), TRIED, LONG_LIMIT)
        assert isinstance(s, Session) and s.game is not None and s.game.actions == game.actions
        assert not kept_aside(store, SAVE_KEY)
        assert s.bot_to_play() is not None or s.human_legal()
    code = longest_code(MAX_CODE)
    assert call("long inputs", lambda: open_fragment("#mano=" + code), TRIED, LONG_LIMIT) is True


def test_every_entry_point_was_tried() -> None:
    # run after the others in this module (pytest keeps file order)
    assert set(TRIED) == {"stored saves", "stored settings", "stored statistics", "stored lesson progress",
                          "?seed=", "?deal= links", "#mano= links", "long inputs"}
    assert all(n >= 1500 for name, n in TRIED.items() if name != "long inputs"), TRIED


def steps(scale: float = 1.0, longest: int = MAX_ACTIONS) -> list[Callable[[], None]]:
    """Every test with ``scale`` times its inputs, long ones up to ``longest`` actions, then
    the counts printed."""
    out = [scaled(test, scale) for test in (
        test_stored_saves, test_stored_settings, test_stored_statistics, test_stored_lesson_progress,
        test_seed_parameter, test_deal_links, test_shared_hand_links)]
    out.append(lambda: test_long_saves_and_links(longest))
    out.append(report)
    return out


def report() -> None:
    print(sys.implementation.name, "inputs tried:",
          ", ".join(f"{name} {n}" for name, n in sorted(TRIED.items())), "; failures: 0")
    print("kept aside:", ", ".join(f"{key} {n}" for key, n in sorted(KEPT.items())))


def main(scale: float = 1.0, longest: int = MAX_ACTIONS) -> None:
    run(steps(scale, longest))


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        __steps__ = steps()
    else:
        main()  # see tests/test_fuzz.py
