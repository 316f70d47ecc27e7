"""A finished hand replayed step by step, and the "Manos" list of a partida. Pure.

The replay is built from a hand record (``mus.record`` of this partida's history, or a
shared ``#mano=`` link code) and shows, at each step, the table as one seat saw it —
only that seat's ``observation`` of the replayed game, so nobody's cards leak — or all
four hands open. The serve after the descartes is shown with the mano's descarte, the
step that triggers it; the last step is the count.

A rival sees the player's señas (seat 0's, and his partner's) only if he caught them. A
replay shows a rival's eyes without them, caught or not, and so does the coach from there:
otherwise the replay would tell the player whether his señas were caught, which nobody at
a table learns (``told.seen_by``). Each viewer's log is what that viewer learnt, step by
step (``told``): a step whose call he could not see says so instead of repeating a line.

The coach's numbers are asked, not computed here: ``coach_position`` gives the step and seat
due and what that seat saw there, which the page sends to the bots' worker as a ``coach``
request (``play.brain``: the page's main thread never runs the coach's search), and
``coach_answered`` takes the answer back.

>>> import mus
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(37, 37), seed=1)
>>> for action in ["no hay mus"] + ["paso"] * 11:
...     g = g.apply(action)
>>> r = Replay.from_game(g, 0)
>>> r.steps, r.step, r.at_end
(13, 0, False)
>>> v = replay_view(r, "es")
>>> v["title"], v["seats"][0]["cards"] is not None, v["seats"][1]["cards"]
('Jugada 1', True, None)
>>> r.go("last"); r.view_as("all")
>>> v = replay_view(r, "es")
>>> v["count"]["score_text"], [s["cards"] is not None for s in v["seats"]]
('Tanteo: 38 – 41', [True, True, True, True])
>>> Replay.from_code(r.code).text == r.text
True
"""

from __future__ import annotations

from typing import Any

import mus
from mus.observation import HandResult, Observation

from mus.ai import explain

from ..kit.commands import CHANGE, Command, Key

from ..kit.coach import coach_numbers
from ..kit.i18n import card_name, lance_name, reason_text, spoken_ledger, t
from ..kit.links import hand_link
from .told import Told, seen_by, told_lines, unseen

VIEWERS = ("all", "0", "1", "2", "3")
DECK = [str(mus.Card.from_index(index)) for index in range(40)]
MOVES = ("first", "prev", "next", "last")
# What the replay dialog shows.
CLOSED, REPLAY, MANOS, ERROR = "closed", "replay", "manos", "error"
# What its page does after a command (Dialog.command, Dialog.key): nothing, draw it again, draw
# what was opened in it (the focus goes to its title), close it, copy or share the link.
NOTHING, DRAW, OPENED, CLOSE, COPY, SHARE = "", "draw", "opened", "close", "copy", "share"


class Replay:
    """One hand: its record, the replayed states, the step shown and whose eyes."""

    def __init__(self, text: str, *, hand_index: int | None = None, shared: bool = False,
                 reasons: dict[int, dict[str, Any]] | None = None) -> None:
        record = mus.HandRecord.parse(text)
        states = record.states()  # ValueError, saying why, for a damaged record
        self.record, self.text, self.code = record, str(record), record.encode()
        self.hand_index, self.shared = hand_index, shared
        # A state waiting for a serve or a catch is not a step: the serve shows with the
        # mano's descarte, the catch with the señas (the last state, after the count, stays).
        self.states = [g for g in states if g.history or not g.is_chance]
        self.moves = [(seat, text) for seat, text in record.moves if seat is not None]
        self.reasons = reasons or {}  # step → the bot's reason for that step's action
        self.coached: dict[tuple[int, int], dict[str, Any]] = {}  # (step, seat) → mus.ai.coach
        self.coach_gone = False  # nobody can answer the coach here: its box goes
        self._told: Told | None = None
        self._lines: dict[tuple[str, str], list[list[str]]] = {}  # (viewer, lang) → told_lines
        self._words: dict[str, dict[str, Any]] = {}  # lang → _words
        self.step = 0
        self.viewer = "0"  # the player's own seat, as it was played
        # Set by the page: where links point, whether it can share and close the replay.
        self.page_url, self.can_share, self.closable = "", False, True
        self.copied = False

    @classmethod
    def from_game(cls, game: mus.Game, hand_index: int,
                  reasons: dict[int, dict[str, Any]] | None = None) -> Replay:
        """Hand ``hand_index`` of a partida; ``reasons`` are the save's bots' reasons,
        keyed by the index of the action in ``game.actions``."""
        first = _first_action(game, hand_index)
        by_step = {index - first + 1: entry for index, entry in (reasons or {}).items()
                   if entry.get("hand") == hand_index and index >= first}
        return cls(mus.record(game, hand_index), hand_index=hand_index, reasons=by_step)

    @classmethod
    def from_code(cls, code: str) -> Replay:
        """A shared link's hand; ValueError if the code is damaged."""
        return cls(mus.decode_record(code), shared=True)

    @property
    def steps(self) -> int:
        return len(self.states)

    @property
    def at_end(self) -> bool:
        return self.step == self.steps - 1

    def go(self, where: str) -> None:
        target = {"first": 0, "prev": self.step - 1, "next": self.step + 1,
                  "last": self.steps - 1}.get(where, self.step)
        self.step = max(0, min(self.steps - 1, target))
        self.copied = False

    def view_as(self, viewer: str) -> None:
        if viewer in VIEWERS:
            self.viewer = viewer

    def coach_seat(self) -> int:
        """Whose chances the coach shows: the seat viewed, or with all hands open the
        seat that just acted (at the deal, the mano)."""
        if self.viewer != "all":
            return int(self.viewer)
        return self.moves[self.step - 1][0] if self.step else self.record.mano

    def coach_due(self) -> bool:
        """Coach numbers are wanted for this step and seat and not had yet (never at the
        count, nor once the coach is gone)."""
        return not self.at_end and not self.coach_gone and (self.step, self.coach_seat()) not in self.coached

    def coach_position(self) -> tuple[tuple[int, int], Observation] | None:
        """If the coach is due: the step and seat shown, and what that seat saw there
        (``told.seen_by``: never more, whoever's cards the replay shows), for a ``coach``
        request (``play.brain.coach_request``)."""
        if not self.coach_due():
            return None
        seat = self.coach_seat()
        return (self.step, seat), seen_by(self.states[self.step], seat)

    def coach_answered(self, position: tuple[int, int], answer: dict[str, Any]) -> bool:
        """Take the answer (``play.brain``'s) to the coach asked at ``position`` (step, seat);
        True if the box shown changes. Numbers for a step or seat no longer shown are kept for
        when it comes back, never drawn over another's; an answer without numbers (no worker
        and nobody else to ask) takes the coach's box away.

        >>> import mus
        >>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
        >>> for action in ["no hay mus"] + ["paso"] * 11:
        ...     g = g.apply(action)
        >>> r = Replay.from_game(g, 0)
        >>> position, seen = r.coach_position()
        >>> position, seen == r.states[0].observation(0)
        ((0, 0), True)
        >>> r.go("next")  # before the answer came
        >>> r.coach_answered(position, {"coach": {"lances": {"grande": 1.0}, "tantos": [1, 0]}}), r.coach_due()
        (False, True)
        >>> r.coach_answered((1, 0), {"error": "no worker"}), r.coach_due(), replay_view(r, "en")["coach"]
        (True, False, None)
        """
        if "coach" not in answer:
            self.coach_gone = True
            return True
        self.coached[position] = answer["coach"]
        return position == (self.step, self.coach_seat())

    def told(self) -> Told:
        """What each viewer learnt at each step (worked out once, when first asked)."""
        if self._told is None:
            self._told = Told(self.states, [seat for seat, _ in self.moves])
        return self._told

    def words(self, lang: str) -> dict[str, Any]:
        """The texts of the view that do not change from step to step (``_words``)."""
        if lang not in self._words:
            self._words[lang] = _words(self, lang)
        return self._words[lang]

    def lines(self, lang: str) -> list[list[str]]:
        """The viewer's log in words, one list of lines per step (``told.told_lines``)."""
        key = (self.viewer, lang)
        if key not in self._lines:
            self._lines[key] = told_lines(self.told(), None if self.viewer == "all" else int(self.viewer), lang)
        return self._lines[key]

    def link(self, page_url: str) -> str:
        """The share link: this page with the code in the fragment, never sent to a server."""
        return hand_link(page_url, self.code)


def _first_action(game: mus.Game, hand_index: int) -> int:
    """Index in ``game.actions`` of the first action of hand ``hand_index``."""
    return game.played_hand(hand_index).first_action  # ValueError for a hand not finished


# --- the view ---------------------------------------------------------------------------------


def replay_view(r: Replay, lang: str) -> dict[str, Any]:
    game = r.states[r.step]
    hand = game.hand_result(game.hands_played - 1) if r.at_end else None
    viewer = None if r.viewer == "all" else int(r.viewer)
    shown = hand["hands"] if hand else None
    words = r.words(lang)
    seats = []
    for seat in range(4):
        visible = viewer is None or viewer == seat or bool(shown)
        cards = (shown[seat] if shown else game.hand(seat)) if visible else None
        seats.append({
            "seat": seat, "name": words["names"][seat], "team": seat & 1,
            "mano": seat == r.record.mano, "mano_label": words["mano"],
            "cards": [{"card": c, "label": words["cards"][c]} for c in cards] if cards else None,
            "hidden_label": words["hidden"][seat],
            "acting": r.step > 0 and r.moves[r.step - 1][0] == seat,
        })
    per_step = r.lines(lang)
    lines = [line for step in per_step[1:r.step + 1] for line in step]
    current = per_step[r.step]
    hidden = r.step > 0 and not current  # the call made at this step was not seen from here
    score = hand["score"] if hand else list(game.score)
    reason = None if hidden else r.reasons.get(r.step)
    coached = r.coach_seat()
    return {
        "title": words["title"],
        "shared": r.shared,
        "seats": seats,
        "step": r.step, "steps": r.steps,
        "step_text": t(lang, "step", k=r.step, n=r.steps - 1),
        "now": (unseen(lang, r.moves[r.step - 1][0]) if hidden else current[0]) if r.step else words["head"],
        "phase": lance_name(lang, game.phase) if not hand else t(lang, "count.count"),
        "score_text": t(lang, "showdown.score", a=score[0], b=score[1]),
        "nav": [{"move": m, "label": words["moves"][n],
                 "enabled": (r.step > 0) if m in ("first", "prev") else not r.at_end} for n, m in enumerate(MOVES)],
        "viewers": [{"value": v, "checked": v == r.viewer, "label": words["viewers"][n]}
                    for n, v in enumerate(VIEWERS)],
        "viewers_label": words["viewers_label"],
        "log_title": words["log_title"],
        "log": [words["head"]] + lines, "log_current": len(current),
        "count": _count(hand, lang) if hand else None,
        "reason": None if reason is None else _why(reason, lang),
        "coach": None if hand or r.coach_gone else coach_numbers(
            r.coached.get((r.step, coached)), t(lang, "replay.coach", name=words["names"][coached]), lang),
        "share": {"label": t(lang, "replay.share") if r.can_share else None, "copy": t(lang, "replay.copy"),
                  "copied": t(lang, "replay.copied") if r.copied else "",
                  "link_label": t(lang, "replay.link"), "link": r.link(r.page_url)},
        "back": None if r.hand_index is None else t(lang, "replay.back"),
        "close": None if not r.closable else t(lang, "replay.play" if r.shared else "replay.close"),
    }


def _words(r: Replay, lang: str) -> dict[str, Any]:
    """The replay's texts that stay the same from step to step."""
    names = [t(lang, "seat", seat=seat) for seat in range(4)]
    return {
        "title": t(lang, "replay.shared" if r.shared else "replay.title", n=r.record.number),
        "names": names, "mano": t(lang, "mano"),
        "cards": {card: card_name(lang, card) for card in DECK},
        "hidden": [t(lang, "face_down", name=name, n=4) for name in names],
        "head": t(lang, f"log.hand.{r.record.mano}", n=r.record.number),
        "moves": [t(lang, f"step.{m}") for m in MOVES],
        "viewers": [t(lang, "replay.all") if v == "all" else names[int(v)] for v in VIEWERS],
        "viewers_label": t(lang, "replay.view"), "log_title": t(lang, "log.title"),
    }


def _why(entry: dict[str, Any], lang: str) -> str:
    """A bot's reason as a sentence: 'Por qué el compañero dijo «mus»: tengo 3 S 6 A…'."""
    action, _, text = explain(entry["reason"], lang).partition(": ")
    return t(lang, "replay.reason", name=t(lang, "seat", seat=entry["seat"]), action=action, text=text)


def _count(hand: HandResult, lang: str) -> dict[str, Any]:
    spoken = {line["team"]: line for line in spoken_ledger(lang, hand["ledger"])}
    teams = []
    for team in (0, 1):
        line = spoken.get(team)
        teams.append({"team": team, "name": t(lang, "team", team=team),
                      "text": line["text"] if line else t(lang, "showdown.nothing"),
                      "total": line["total"] if line else 0,
                      "lines": [reason_text(lang, e) for e in hand["ledger"] if e["team"] == team]})
    score = hand["score"]
    return {"title": t(lang, "count.count"), "teams": teams,
            "nobody": None if hand["hands"] else t(lang, "showdown.nobody"),
            "score_text": t(lang, "showdown.score", a=score[0], b=score[1])}


# --- the "Manos" list ---------------------------------------------------------------------------


def manos_view(history: list[HandResult], lang: str) -> dict[str, Any]:
    """This partida's finished hands, newest first, each with a button to replay it."""
    items = []
    for index, hand in enumerate(history):
        spoken = {line["team"]: line["total"] for line in spoken_ledger(lang, hand["ledger"])}
        items.append({
            "index": index,
            "text": t(lang, "replay.item", hand=t(lang, f"log.hand.{hand['mano']}", n=hand["number"]),
                      a=spoken.get(0, 0), b=spoken.get(1, 0)),
            "score": t(lang, "showdown.score", a=hand["score"][0], b=hand["score"][1]),
            "label": t(lang, "replay.open"),
        })
    return {"title": t(lang, "replay.manos.title"), "items": items[::-1],
            "empty": None if items else t(lang, "replay.manos.none"), "close": t(lang, "replay.close")}


# --- the dialog ----------------------------------------------------------------------------------


class Dialog:
    """The replay dialog: a hand (``replay``), the list of a partida's hands (``game``, with
    its bots' ``reasons``), or why a shared link cannot open (``error``). Its commands and keys
    come from the page (``dom/replay.py``); nothing here writes storage, so opening a shared
    link never touches the player's saved partida.

    >>> import mus
    >>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
    >>> for action in ["no hay mus"] + ["paso"] * 11:
    ...     g = g.apply(action)
    >>> d = Dialog()
    >>> d.open_manos(g), d.mode
    (None, 'manos')
    >>> d.command(Command("replay", "0")), d.mode, d.replay.step
    ('opened', 'replay', 0)
    >>> d.command(Command("step", "last")), d.key(Key("ArrowLeft")), d.replay.step
    ('draw', 'draw', 11)
    >>> d.command(Command("setting", "all", "viewer")), d.replay.viewer, d.key(Key("Escape"))
    ('draw', 'all', 'close')
    >>> d.open_code("not a code", page_url="https://mus.example/"), d.mode
    (False, 'error')
    """

    __slots__ = ("mode", "replay", "game", "reasons", "error")

    def __init__(self) -> None:
        self.mode = CLOSED
        self.replay: Replay | None = None
        self.game: mus.Game | None = None  # the partida whose hands are listed
        self.reasons: dict[int, dict[str, Any]] | None = None  # its bots' reasons, by action index
        self.error = ""

    @property
    def is_open(self) -> bool:
        return self.mode != CLOSED

    def show(self, replay: Replay, *, closable: bool = True, page_url: str = "", can_share: bool = False) -> None:
        replay.page_url, replay.can_share, replay.closable = page_url, can_share, closable
        self.replay, self.mode = replay, REPLAY

    def open_code(self, code: str, *, closable: bool = True, page_url: str = "", can_share: bool = False,
                  lang: str = "es") -> bool:
        """A shared hand; a damaged code shows why instead. True if the hand opened."""
        try:
            self.show(Replay.from_code(code), closable=closable, page_url=page_url, can_share=can_share)
            return True
        except ValueError as error:
            self.mode, self.replay, self.error = ERROR, None, t(lang, "replay.bad_link", why=str(error))
            return False

    def open_hand(self, game: mus.Game, index: int, reasons: dict[int, dict[str, Any]] | None = None, *,
                  page_url: str = "", can_share: bool = False) -> None:
        """Hand ``index`` of a partida, with the save's bots' reasons (by action index)."""
        self.game, self.reasons = game, reasons
        self.show(Replay.from_game(game, index, reasons), page_url=page_url, can_share=can_share)

    def open_manos(self, game: mus.Game, reasons: dict[int, dict[str, Any]] | None = None) -> None:
        self.game, self.reasons, self.replay, self.mode = game, reasons, None, MANOS

    def close(self) -> None:
        self.mode, self.replay = CLOSED, None

    def command(self, command: Command, *, page_url: str = "", can_share: bool = False) -> str:
        """Apply a command of the dialog; what the page does next (``DRAW``, ``CLOSE``…)."""
        name, r = command.name, self.replay
        if name == "close-replay":
            return CLOSE
        if name == "manos" and self.game is not None:
            self.open_manos(self.game, self.reasons)
            return OPENED
        if name == "replay" and command.number is not None and self.game is not None:
            self.open_hand(self.game, command.number, self.reasons, page_url=page_url, can_share=can_share)
            return OPENED
        if r is not None and name == "step" and command.value in MOVES:
            r.go(command.value)
        elif r is not None and name == CHANGE and command.target == "viewer" and command.value in VIEWERS:
            r.view_as(command.value)
        elif r is not None and name in (COPY, SHARE):
            return name
        else:
            return NOTHING
        return DRAW

    def key(self, pressed: Key) -> str:
        """Escape closes (unless the page keeps the hand open); ← and → step back and forth."""
        if not self.is_open or pressed.modified:
            return NOTHING
        if pressed.key == "Escape" and (self.replay is None or self.replay.closable):
            return CLOSE
        if self.replay is not None and pressed.tag != "input" and pressed.key in ("ArrowLeft", "ArrowRight"):
            self.replay.go("prev" if pressed.key == "ArrowLeft" else "next")
            return DRAW
        return NOTHING
