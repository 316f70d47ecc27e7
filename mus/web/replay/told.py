"""What a replayed hand told each viewer, step by step: the log and the señas. Pure.

Each seat learns the hand through its own ``observation`` (``seen_by``: a rival's eyes less
the player's team's señas), whose log differs from seat to seat: a rival sees neither a
"sin señas" of the other team nor señas he did not catch, and declarations come with the
call that opened them. So a viewer's log is read from that viewer's own observations, step
by step (``Told.heard``), never with another seat's line numbers; with all hands open
(``None``), each step shows what the seat that acted saw of it (its own call, its discarded
cards, whatever followed), and the rivals' señas the player's team caught are said so — but
never whether a rival caught the player's team's señas, which nobody at a table learns.

>>> import mus
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1,
...                        rules=mus.Rules(senas=True, catch=0.0)).apply("no hay mus")
>>> while not g.history:
...     legal = [str(a) for a in g.legal_actions()]
...     g = g.apply("señas" if "señas" in legal else "paso")
>>> record = mus.HandRecord.parse(mus.record(g, 0))
>>> states = [s for s in record.states() if s.history or not s.is_chance]
>>> told = Told(states, [seat for seat, _ in record.moves if seat is not None])
>>> [told_lines(told, viewer, "es")[3] for viewer in (0, 1, None)]  # step 3: seat 1's señas
[[], ['Rival de la derecha: Hace señas — cierra los ojos: ciego'], ['Rival de la derecha: Hace señas — cierra los ojos: ciego']]
"""

from __future__ import annotations

import mus
from mus.observation import LogEvent, Observation

from ..kit.i18n import card_name, envido_amount, sena_text, speech, t

PLAYER_TEAM = 0  # the player sits at seat 0, his partner at seat 2


def seen_by(game: mus.Game, seat: int) -> Observation:
    """What ``seat`` saw of ``game``, less any señas of the player's team (seats 0 and 2)
    when ``seat`` is their rival, this hand's and those it caught before: caught or not,
    they are left out alike.

    >>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1,
    ...                        rules=mus.Rules(senas=True, catch=1.0))
    >>> g = g.apply("no hay mus").apply("señas").apply("sin señas").apply("señas")
    >>> [e["seat"] for e in g.observation(1)["senas"]], [e["seat"] for e in seen_by(g, 1)["senas"]]
    ([0, 2], [])
    >>> [e["action"] for e in seen_by(g, 1)["log"]], seen_by(g, 2) == g.observation(2)
    (['no hay mus', 'sin señas'], True)
    """
    obs = game.observation(seat)
    if seat & 1 != PLAYER_TEAM:
        obs["senas"] = [e for e in obs["senas"] if e["seat"] & 1 != PLAYER_TEAM]
        obs["log"] = [e for e in obs["log"] if e["phase"] != "senas" or e["seat"] & 1 != PLAYER_TEAM]
        obs["caught"] = [e for e in obs["caught"] if e["seat"] & 1 != PLAYER_TEAM]
    return obs


class Told:
    # A replayed hand's events as each seat learnt them: ``new[step][seat]`` the events of
    # ``seen_by(states[-1], seat)``'s log that came at ``step`` (none at step 0, the deal),
    # ``senas[seat]`` the señas that seat saw, by the seat that made them.

    __slots__ = ("movers", "new", "senas")

    def __init__(self, states: list[mus.Game], movers: list[int]) -> None:
        self.movers = movers  # the seat that acted at each step from 1
        last = [seen_by(states[-1], seat) for seat in range(4)]
        self.senas: list[dict[int, list[str]]] = [
            {int(e["seat"]): list(e["senas"]) for e in obs["senas"]} for obs in last]
        phases: list[str] = [state.phase for state in states[:-1]]  # where each step's call was made
        self.new: list[list[list[LogEvent]]] = [[[], [], [], []]]
        self.new += [[] for _ in movers]
        for seat, obs in enumerate(last):
            for step, events in enumerate(_by_step(obs["log"], movers, phases), 1):
                self.new[step].append(events)

    def heard(self, viewer: int | None, step: int) -> list[LogEvent]:
        """The events ``viewer`` (None: all hands open) learnt at ``step``; none when the call
        made there was hidden from him (a rival's señas he did not catch, or any of the
        player's team's, seen by a rival)."""
        if step == 0:
            return []
        if viewer is not None:
            return self.new[step][viewer]
        return self.new[step][self.movers[step - 1]]

    def caught(self, step: int) -> bool:
        """The player's team caught the señas made at ``step``."""
        return any(e.get("caught") for seat in (0, 2) for e in self.new[step][seat])

    def senas_of(self, viewer: int | None, seat: int) -> list[str]:
        """The señas ``seat`` made, as ``viewer`` saw them (all of them with all hands open)."""
        return self.senas[seat if viewer is None else viewer].get(seat, [])


def _by_step(log: list[LogEvent], movers: list[int], phases: list[str]) -> list[list[LogEvent]]:
    """A seat's whole log cut into the steps it came at: each step's call (none when it was
    a señas call that seat did not see: in phase señas each seat calls once), then what
    followed it by itself (the serve, the declarations)."""
    out: list[list[LogEvent]] = []
    at = 0
    for mover, phase in zip(movers, phases):
        events: list[LogEvent] = []
        if at < len(log) and log[at]["seat"] == mover and (phase != "senas" or log[at]["phase"] == "senas"):
            events.append(log[at])
            at += 1
        elif phase != "senas":
            raise ValueError(f"expected a call of seat {mover} in the log, got {log[at:at + 1]!r}")
        while at < len(log) and (log[at]["seat"] < 0 or _declared(log[at])):
            events.append(log[at])
            at += 1
        out.append(events)
    if at != len(log):
        raise ValueError(f"expected the log to end with the hand's calls, got {log[at:]!r}")
    return out


def _declared(event: LogEvent) -> bool:
    """A declaration, which the engine makes by itself: 'pares sí' in phase pares."""
    return event["action"].startswith(event["phase"] + " ")


def told_lines(told: Told, viewer: int | None, lang: str) -> list[list[str]]:
    """The log in words, one list of lines per step (empty at a step hidden from ``viewer``):
    each call, its seat named; the cards a seat threw, to that seat (to all with all hands
    open); the señas, named as ``viewer`` saw them; the serve on the line of the descarte
    that brought it."""
    out: list[list[str]] = [[]]
    betting: set[str] = set()
    for step in range(1, len(told.new)):
        lines: list[str] = []
        for event in told.heard(viewer, step):
            seat, phase, action = event["seat"], event["phase"], event["action"]
            if action == "servido":
                if lines:
                    lines[-1] += " · " + t(lang, "log.servido")
                else:
                    lines.append(t(lang, "log.servido"))
                continue
            if phase == "senas":
                words = _senas_words(told, viewer, step, event, lang)
            else:
                raise_ = phase in betting and envido_amount(action) is not None
                if envido_amount(action) is not None or action == "ordago":
                    betting.add(phase)
                words = speech(lang, action, raise_=raise_, count=event.get("count", 0))
                if event.get("cards"):
                    words += ": " + ", ".join(card_name(lang, c) for c in event["cards"])
            lines.append(t(lang, "log.line", name=t(lang, "seat", seat=seat), text=words))
        out.append(lines)
    return out


def _senas_words(told: Told, viewer: int | None, step: int, event: LogEvent, lang: str) -> str:
    """A señas call: 'Hace señas — se muerde el labio: dos reyes', 'Señas cazadas — …',
    'Sin señas'."""
    seat = event["seat"]
    if event["action"] != "señas":
        return t(lang, "say.sin señas")
    caught = event.get("caught") or (viewer is None and seat & 1 != PLAYER_TEAM and told.caught(step))
    key = "say.señas_caught" if caught else "say.señas_you" if seat == 0 else "say.señas"
    shown = "; ".join(sena_text(lang, s) for s in told.senas_of(viewer, seat))
    return t(lang, key) + (" — " + shown if shown else "")


def unseen(lang: str, seat: int) -> str:
    """What a viewer learns at a step whose call was hidden from him."""
    return t(lang, "replay.unseen", name=t(lang, "seat", seat=seat))
