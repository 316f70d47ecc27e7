"""The table's words (docs/glossary.md): a bot's role takes the gender of its name; the count
says a refused bet as players do; the English table keeps the glossary's words."""

from __future__ import annotations

import json
import pathlib
import re

import mus
from mus.web.kit import i18n, i18n_extra  # noqa: F401  (the replays' texts: the whole table)
from mus.web.kit.storage import MemoryStorage
from mus.web.play.cast import cast
from mus.web.play.names import cast_line
from mus.web.play.render import regions
from mus.web.play.saves import Saved
from mus.web.play.session import Session
from mus.web.play.view import build_view
from mus.web.play.voice import item

PARTNER = 2


def _session(seed: int, actions: tuple[str, ...] = (), to_the_count: bool = False) -> Session:
    game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=seed)
    for action in actions:
        game = game.apply(action)
    while to_the_count and not game.history:
        game = game.apply("paso")
    s = Session(MemoryStorage())
    s.saved = Saved(game, acked=len(game.history), counted=len(game.history), settings=s.settings)
    s._make_bots()
    s.screen = "table"
    return s


def _seed_with_partner(gender: str) -> int:
    return next(seed for seed in range(100) if cast("random", seed)[PARTNER].gender == gender)  # type: ignore[union-attr]


def test_a_partners_role_takes_the_gender_of_her_name() -> None:
    for gender, word, pronoun in (("f", "compañera", "her hand"), ("m", "compañero", "his hand")):
        s = _session(_seed_with_partner(gender))
        partner = s.cast[PARTNER]
        assert partner is not None and partner.gender == gender
        line = cast_line(s, "es")
        assert line is not None and f"es tu {word};" in line, line
        label = build_view(s)["seats"][PARTNER]["bot"]["label"]
        assert label.startswith(f"{partner.name}, {word}, "), label        # read out on the plate
        assert f"{partner.name}, {word}, " in regions(build_view(s))[f"seat-{PARTNER}"][0]
        assert pronoun in item("en", "advice", "mus", PARTNER, gender)["means"]
        assert item("es", "advice", "envido", PARTNER, gender)["means"].startswith(f"Tu {word} te aconseja")


def test_the_count_says_a_refused_bet_as_players_do() -> None:
    s = _session(1, ("no hay mus", "envido", "no quiero", "no quiero"), to_the_count=True)
    assert s.saved is not None
    s.saved.acked = 0
    view = build_view(s)
    whys = [row["why"] for row in view["showdown"]["during"]]
    assert whys == ["1 del no quiero"], whys
    s.set_setting("lang", "en")
    assert [row["why"] for row in build_view(s)["showdown"]["during"]] == ["1 for the declined envite"]


def test_english_hands_and_senas_read_in_english() -> None:
    s = _session(1)
    s.set_setting("lang", "en")
    assert build_view(s)["seats"][0]["value"]["text"] == "pair of kings · juego 36"
    said = {i18n.t("en", key) for key in ("say.señas", "say.señas_you")}
    assert said == {"Señas made"}     # every seat alike, not "Señas shown" beside "Makes señas"


# The English of the table and the lessons: what docs/glossary.md rules out.
NOT_ENGLISH = {
    r"\bpartida": "a partida is a match",
    r"\bgames?\b": "a partida is a match (a juego is a game too)",
    r"\bpoints?\b": "the score counts tantos (points are what cards add up to)",
    r"\bpareja\b": "a pareja is a pair",
    r"Makes señas|Señas shown": "señas are made alike by every seat",
}
APP = {"why.newer"}  # "a newer version of the game": the app, not a partida
CARD_POINTS = {"lesson.ask.points.0", "lesson.ask.points.n"}  # what the cards add up to


def test_the_english_table_keeps_the_glossarys_words() -> None:
    wrong = []
    for key, text in sorted(i18n.STRINGS["en"].items()):
        if key in APP or key in CARD_POINTS:
            continue
        for pattern, why in NOT_ENGLISH.items():
            if re.search(pattern, text):
                wrong.append(f"{key}: {text[:60]!r} ({why})")
    assert wrong == []


def _english(node: object) -> list[str]:
    """Every English text of a lesson file: the values under an "en" key, however deep."""
    if isinstance(node, dict):
        return [t for k, v in node.items() for t in ([v] if k == "en" and isinstance(v, str) else _english(v))]
    if isinstance(node, list):
        return [t for v in node for t in _english(v)]
    return []


def test_the_english_lessons_keep_the_glossarys_words() -> None:
    lessons = sorted(pathlib.Path(__file__).parent.parent.joinpath("static", "lessons").glob("*.json"))
    assert len(lessons) == 17
    wrong = []
    for path in lessons:
        for text in _english(json.loads(path.read_text(encoding="utf-8"))):
            for pattern, why in NOT_ENGLISH.items():
                if re.search(pattern, text):
                    wrong.append(f"{path.stem}: {text[:60]!r} ({why})")
    assert wrong == []
