"""The table's talk over 200 bot partidas at the default table (``tools/bench/talk_census.py``).

The partidas are real ones: ``normal`` bots at the table a new player gets, each bot its own
style, hearing the partner's advice aloud, played by the census tool and kept in
``tests/data/talk_partidas.txt`` (their seeds and calls; ``--write`` keeps them again after the
bots change). Playing them takes the bots about 90 s of CPU; what is said depends only on the
game, so listening to the kept calls move by move, as the page does, hears exactly what was
said at that table. Over them: every saying is heard, none is more than 15 % of all, none twice
in one hand, each pinned to its speaker's own call as the player saw it, and "¡Solomillo!" only
about the speaker's own team's hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mus.web.play.talk import PHRASES, PLAYER, TableTalk, is_solomillo
from tools.bench.talk_census import read, styles_of

KEPT = Path(__file__).with_name("data") / "talk_partidas.txt"


@pytest.fixture(scope="module")
def heard() -> list[tuple[str, int, int]]:
    """(saying, partida, hand) of every saying of the kept partidas, checked as it is said."""
    rules, partidas = read(KEPT.read_text(encoding="utf-8"))
    assert len(partidas) == 200 and all(game.is_over for _, game in partidas)
    out = []
    for number, (seed, game) in enumerate(partidas):
        talk = TableTalk(styles_of(seed), True)
        state = game.initial()
        talk.listen(None, "", state)
        for call in game.actions:
            after = state.apply(call)
            known = len(talk.said)
            talk.listen(state, call, after)
            for said in talk.said[known:]:
                if said.kind == "phrase" and len(after.history) == len(state.history):
                    event = after.observation(PLAYER)["log"][said.index]   # the call it goes with
                    assert event["seat"] == said.seat and event["phase"] != "senas", (seed, said, event)
                if said.key == "solomillo":
                    shown = after.history[-1]["hands"]
                    assert shown and any(is_solomillo(shown[s], rules.reyes) for s in (said.seat & 1, said.seat | 2))
            state = after
        keys = [(said.hand, said.key) for said in talk.said if said.kind != "advice"]
        assert len(keys) == len(set(keys)), (seed, keys)     # each saying at most once a hand
        out += [(key, number, hand) for hand, key in keys]
    return out


def test_every_saying_is_heard_and_none_is_more_than_15_percent(heard: list[tuple[str, int, int]]) -> None:
    counts = {key: sum(1 for said, _, _ in heard if said == key) for key in PHRASES}
    total = sum(counts.values())
    assert min(counts.values()) >= 1, counts
    assert max(counts.values()) <= 0.15 * total, {key: round(100 * n / total, 1) for key, n in counts.items()}
