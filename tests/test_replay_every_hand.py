"""Every bots' hand replays to its count from every viewer (CPython, pure).

1,000 hands of fast bots (``facil``), on every table of the differential test with señas on
and off, are shared by their link code and replayed from each seat's eyes and with all hands
open, through every step: no step fails, the count and the score are the hand's, each call
the viewer could see is in the log once (and one he could not see says so, without
repeating the line before), and the señas are named exactly as that viewer saw them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Sequence

import mus
from mus.ai import make_bot
from mus.web.kit.i18n import sena_text, t
from mus.web.replay.model import VIEWERS, Replay, replay_view
from mus.web.replay.told import seen_by

HANDS_PER_TABLE = 125   # x 8 tables = 1,000 hands
HANDS_PER_PARTIDA = 2
LANG = "es"


def differential_tables() -> list[mus.Rules]:
    """The tables of ``tests/differential.py`` (read from its text: it runs when imported)."""
    tree = ast.parse(Path(__file__).with_name("differential.py").read_text(encoding="utf-8"))
    value = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(isinstance(target, ast.Name) and target.id == "TABLES" for target in node.targets))
    tables = eval(compile(ast.Expression(value), "differential.py", "eval"), {"mus": mus})
    assert len(tables) >= 4
    return list(tables)


def tables() -> list[mus.Rules]:
    out = []
    for rules in differential_tables():
        out.append(rules)
        out.append(rules.replace(senas=not rules.senas))
    return out


def bots_hands() -> list[tuple[mus.Game, int]]:
    """(partida, hand index): HANDS_PER_TABLE hands of facil bots on each table."""
    out = []
    for number, rules in enumerate(tables()):
        hands: list[tuple[mus.Game, int]] = []
        seed = 0
        while len(hands) < HANDS_PER_TABLE:
            bots = [make_bot("facil", seed * 4 + seat) for seat in range(4)]
            game = mus.Game.new(rules, seed * 8 + number)
            while len(game.history) < HANDS_PER_PARTIDA and not game.is_over:
                game = game.apply(bots[game.to_play].choose(game.observation(game.to_play)))
            hands += [(game, index) for index in range(len(game.history))]
            seed += 1
        out += hands[:HANDS_PER_TABLE]
    return out


def seen_at(states: list[mus.Game], moves: Sequence[tuple[int | None, str]], viewer: int) -> list[bool]:
    """Whether ``viewer`` could see each player's call of the hand, from the record alone:
    everything but señas; of señas, his team's, and a rival's he caught as the player's team
    (a rival never learns about the player's team's señas, caught or not)."""
    out = []
    for index, (seat, text) in enumerate(moves):
        if seat is None:
            continue
        if text not in ("señas", "sin señas") or seat & 1 == viewer & 1:
            out.append(True)
            continue
        catch = moves[index + 1][1].split()[1:] if text == "señas" else []
        out.append(viewer & 1 == 0 and str(viewer) in catch)
    assert len(out) == len(states) - 1
    return out


def test_every_hand_replays_from_every_viewer_through_every_step() -> None:
    hands = bots_hands()
    assert len(hands) >= 1000
    with_senas = 0
    unseen_steps = 0
    for game, index in hands:
        hand = game.history[index]
        replay = Replay.from_code(mus.encode_record(mus.record(game, index)))
        record = replay.record
        final = replay.states[-1]
        made = {seat: senas for seat, senas in
                ((s, [e["senas"] for e in final.observation(s)["senas"] if e["seat"] == s]) for s in range(4))
                if senas}
        with_senas += bool(made)
        for viewer in VIEWERS:
            replay.view_as(viewer)
            seat_viewer = None if viewer == "all" else int(viewer)
            visible = [True] * (replay.steps - 1) if seat_viewer is None else \
                seen_at(replay.states, record.moves, seat_viewer)
            before: list[str] = []
            for step in range(replay.steps):
                replay.step = step
                view = replay_view(replay, LANG)
                where = (index, viewer, step, record.number)
                log = view["log"]
                assert log[:len(before)] == before, where          # the log only grows
                new = log[len(before):] if step else []
                assert view["log_current"] == len(new), where
                if step:
                    seat = replay.moves[step - 1][0]
                    name = t(LANG, "seat", seat=seat)
                    if visible[step - 1]:
                        assert new and new[0].startswith(name + ": "), (where, new)
                        assert view["now"] == new[0], where
                    else:
                        unseen_steps += 1
                        assert not new and view["now"] == t(LANG, "replay.unseen", name=name), where
                before = log
            # the count and the score are the hand's own
            count = view["count"]
            assert count is not None and view["score_text"] == t(LANG, "showdown.score", a=hand["score"][0],
                                                                  b=hand["score"][1])
            for team in count["teams"]:
                assert team["total"] == sum(e["points"] for e in hand["ledger"] if e["team"] == team["team"])
            # each call seen once: a line per visible call and per declaration, nothing else
            lines = before[1:]
            heard = [e for e in final.observation(0)["log"] if e["action"].startswith(("pares ", "juego "))]
            assert len(lines) == sum(visible) + len(heard), (index, viewer, lines)
            # señas named as this viewer saw them
            if seat_viewer is None:
                shown = {seat: senas[0] for seat, senas in made.items()}
            else:
                shown = {e["seat"]: e["senas"] for e in seen_by(final, seat_viewer)["senas"]}
            for seat in range(4):
                name = t(LANG, "seat", seat=seat)
                said = [line for line in lines if line.startswith(name + ": ")
                        and re.search(r": (Hace señas|Hago señas|Señas cazadas)", line)]
                if seat in shown:
                    assert len(said) == 1, (index, viewer, seat, said)
                    assert said[0].endswith("; ".join(sena_text(LANG, s) for s in shown[seat])), said
                else:
                    assert not said, (index, viewer, seat, said)
                if seat & 1 == 0 and seat_viewer is None:   # nobody learns if his señas were caught
                    assert not any("Señas cazadas" in line for line in said)
    assert with_senas >= 200 and unseen_steps >= 500, (with_senas, unseen_steps)
