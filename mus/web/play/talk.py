"""Table talk: the sayings of ``003`` ("Vocabulario", "Normas Generales") the bots say in their
bubbles, and the partner's advice aloud. Pure.

Who says what, and when, comes only from the speaker's own observation (``mus.observation``:
its hand, the public log, the score, the finished hands) and, for a saying that goes with a
call, the call the speaker itself makes; so nothing said tells what the speaker could not
know. Sayings go with a bot's own call (``call_phrase``: "¡La mano de un niño!" with an envite
of five), with the count of a hand (``count_phrase``: "¡Solomillo!" when a hand of three
reyes and an as is shown), or are the partner's advice to the player before his call
(``advice``: "¡Envida!"). They are said now and then, not every time: each draws one number
(``draw``) from a generator seeded by the partida's seed, the seat and the move, and a style
(``mus.ai.styles``) makes a bot talk more or less.

``TableTalk`` holds what was said in a partida. It is rebuilt from the game itself (the same
draws give the same words), so a reload says the same and the save keeps nothing new. The
advice is public: ``heard`` lists it for the observations the page gives every bot.

>>> import mus
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=1, seed=1).apply("no hay mus")
>>> call_phrase(g.observation(1), "envido 5", None, 0.1), call_phrase(g.observation(1), "envido 5", None, 0.9)
('mano_nino', None)
>>> g = mus.Game.from_deal(["7654", "CCSA", "RRR3", "CC44"], mano=3, seed=1).apply("no hay mus")
>>> g = g.apply("paso")
>>> g.to_play, advice(g.observation(PARTNER), None, 0.1, ())
(0, 'envido')
"""

from __future__ import annotations

from typing import Any, Mapping

import mus
from mus.ai import mus_strength, own_chance, tables_ready
from mus.observation import AdviceHeard, LogEvent, Observation

from ..kit.value import Value

PLAYER, PARTNER = 0, 2
# Every saying, in the glossary's order: with a call, with the count, then the advice.
CALL_PHRASES = ("mano_nino", "dientes_choto", "la_raya", "convite", "pimiento", "tran_tran",
                "zamora", "llueve_menos", "gandul", "witiza", "pico", "mano_cinco")
COUNT_PHRASES = ("solomillo", "muerte_dulce", "zapateria")
PHRASES = CALL_PHRASES + COUNT_PHRASES
ADVICE = ("mus", "envido", "ordago")
# How often a saying is said when its moment comes, before the speaker's style: the commoner
# its moment at the default table, the rarer it is said, so that over 200 bot partidas each
# is heard and none is more than a tenth or so of all (``python -m tools.bench.talk_census``).
RATE = {"mano_nino": 0.3, "dientes_choto": 0.7, "la_raya": 0.1, "convite": 0.2, "pimiento": 0.11,
        "tran_tran": 0.7, "zamora": 0.9, "llueve_menos": 0.3, "gandul": 0.9, "witiza": 0.9,
        "pico": 0.12, "mano_cinco": 0.06, "solomillo": 0.9, "muerte_dulce": 0.7, "zapateria": 0.5,
        "advice": 0.6}
CHATTER = {"careful": 0.4, "bluffer": 1.5, "bold": 1.1}  # a style's talk against the table's
BOASTERS = ("bluffer", "bold")                           # who says "La mano vale cinco"
# The partner advises from his own chance at the lance (``mus.ai.strength``) or, for the mus,
# the level tables' percentile of his hand at his seat.
ADVISE_MUS_BELOW = 0.3
ADVISE_ENVIDO_FROM = 0.8
ADVISE_ORDAGO_FROM = 0.96
GANDUL = 19
DIECIOCHO = 18  # "los dientes del choto": nobody envida 18 at this table, so a team counting 18 says it
# Actions into a hand after which nobody talks any more: every saying asks for an observation,
# whose log grows with the hand; real hands take a few dozen actions, a war of thousands
# comes from a tampered save or a test, and would make a rebuild cost its square.
QUIET_AFTER = 200


_BITS64 = (1 << 64) - 1


def draw(seed: int, seat: int, index: int, salt: int) -> float:
    """The number in [0, 1) a saying draws: from the partida's ``seed``, the speaker, the
    move and what kind of saying, by SplitMix64's mixing of them (never the global
    generator). A seeded ``mus.Random`` costs 3–4 ms to set up on MicroPython, and a bot's
    move that ends a hand made five of them.

    >>> draw(1, 2, 3, 0) == draw(1, 2, 3, 0), draw(1, 2, 3, 0) == draw(1, 2, 3, 1)
    (True, False)
    """
    z = (((seed * 31 + seat) * 100_003 + index) * 4 + salt + 0x9E3779B97F4A7C15) & _BITS64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _BITS64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _BITS64
    return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0


def said_often(key: str, style: str | None, number: float) -> bool:
    rate = RATE[key] * CHATTER.get(style or "", 1.0)
    return number < rate


def _chosen(fits: list[str], said: tuple[str, ...], style: str | None, number: float) -> str | None:
    """The saying the speaker says of ``fits`` (those of its moment, best first), if any: each
    not yet ``said`` this hand is tried in turn at its own rate, all from the one draw
    ``number`` (what is left of it after a miss is a fresh uniform draw)."""
    for key in fits:
        if key in said:
            continue
        rate = min(1.0, RATE[key] * CHATTER.get(style or "", 1.0))
        if number < rate:
            return key
        number = (number - rate) / (1.0 - rate)
    return None


def _first_call(obs: Observation) -> bool:
    """The speaker has said nothing aloud yet this hand (señas are made, not said)."""
    return not any(e["seat"] == obs["seat"] and e["phase"] != "senas" for e in obs["log"])


def is_solomillo(cards: list[str], reyes: int) -> bool:
    """Three reyes and an as (with 8 reyes a 3 is a rey and a 2 an as)."""
    ranks = [{"3": "R", "2": "A"}.get(c[0], c[0]) if reyes == 8 else c[0] for c in cards]
    return ranks.count("R") == 3 and ranks.count("A") == 1


def _moment_of_call(obs: Observation, action: str) -> list[str]:
    """The sayings that fit the speaker's own ``action`` now, best first."""
    seat, phase = obs["seat"], obs["phase"]
    bet: Mapping[str, Any] = obs["bet"] or {}
    out = []
    if action == "envido 5":
        out.append("mano_nino")
    elif action == "envido 18":
        out.append("dientes_choto")
    elif action == "ordago":
        out.append("la_raya")
    elif action == "quiero" and not bet.get("table") and bet.get("pending") == 2 and not bet.get("ordago"):
        out.append("convite")
    elif action == "no hay mus" and (seat - obs["mano"]) % 2 == 1 and any(
            e["seat"] == obs["mano"] and e["phase"] == "mus" and e["action"] == "mus" for e in _this_round(obs)):
        out.append("pimiento")
    elif action == "paso" and phase in ("chica", "pares", "juego", "punto") and _all_en_paso(obs):
        out.append("tran_tran")
    return out


def _all_en_paso(obs: Observation) -> bool:
    """Every lance played so far this hand went en paso: "un lance tras otro"."""
    kinds = [outcome["kind"] for outcome in obs["lances"].values()]
    return "paso" in kinds and all(kind in ("paso", "sin envite") for kind in kinds)


def _this_round(obs: Observation) -> list[LogEvent]:
    """The log since the last serve: this mus round's votes."""
    log = obs["log"]
    last = max((i for i, e in enumerate(log) if e["action"] == "servido"), default=-1)
    return log[last + 1:]


def _moment_of_hand(obs: Observation, style: str | None) -> list[str]:
    """The sayings that fit a speaker's first call of a hand, from the scores, best first."""
    seat, team = obs["seat"], obs["seat"] & 1
    us, them = obs["score"][team], obs["score"][1 - team]
    target, history = obs["rules"]["target"], obs["history"]
    out = []
    if history and history[-1]["juego_winner"] is None:   # the last hand, in this juego
        last = history[-1]
        before = [last["score"][t] - sum(e["points"] for e in last["ledger"] if e["team"] == t) for t in (0, 1)]
        if before[team] < before[1 - team] and us > them:
            out.append("llueve_menos")
    if obs["mano"] == seat and us == GANDUL:
        out.append("gandul")
    if min(us, them) >= target - 6 and 0 <= us - them <= 2:
        out.append("witiza")
    if us - them >= max(8, target // 4):
        out.append("pico")
    if us == DIECIOCHO:
        out.append("dientes_choto")
    if obs["mano"] == seat and style in BOASTERS:
        out.append("mano_cinco")
    return out


def call_phrase(obs: Observation, action: str, style: str | None, number: float,
                said: tuple[str, ...] = ()) -> str | None:
    """The saying the seat of ``obs`` (its observation before its call) says with its own
    ``action``, if any; ``number`` is its draw, ``said`` the sayings already heard this hand
    (each at most once a hand). Nothing is said with señas: they are made, not said, and
    the player may not even see them made."""
    if obs["phase"] == "senas":
        return None
    fits = _moment_of_call(obs, action)
    if _first_call(obs):
        fits += _moment_of_hand(obs, style)
    return _chosen(fits, said, style, number)


def count_phrase(obs: Observation, style: str | None, number: float, said: tuple[str, ...] = (),
                 juegos_before: tuple[int, int] | list[int] = (0, 0)) -> str | None:
    """The saying of the seat of ``obs`` (its observation right after a hand ended) at the
    count of that hand, if any: ``said``, the sayings already heard this hand;
    ``juegos_before``, the juegos of the vaca when the hand began."""
    if not obs["history"]:
        return None
    hand, rules = obs["history"][-1], obs["rules"]
    team = obs["seat"] & 1
    fits = []
    if obs["is_over"] and obs["winner"] == team and not any(h["juego_winner"] == 1 - team for h in obs["history"]):
        fits.append("zapateria")
    if hand["juego_winner"] == team and list(juegos_before) == _ours(team, 1, 0):   # now two to none
        fits.append("zamora")
    shown = hand["hands"]
    if shown and any(is_solomillo(shown[seat], rules["reyes"]) for seat in (team, team + 2)):
        fits.append("solomillo")   # his own team's hand, shown to all: no rival boasts of it
    if (hand["juego_winner"] == team and hand["score"][team] == rules["target"]
            and not any(outcome["kind"] == "ordago" for outcome in hand["lances"].values())):
        fits.append("muerte_dulce")   # the piedras that were missing, not an órdago's juego
    return _chosen(fits, said, style, number)


def _ours(team: int, us: int, them: int) -> list[int]:
    return [us, them] if team == 0 else [them, us]


def advice(obs: Observation, style: str | None, number: float, advised: tuple[str, ...]) -> str | None:
    """What the partner (``obs``: his observation, the player to play) advises aloud, if
    anything; ``advised``: the phases he already advised in this hand (once each)."""
    phase = obs["phase"]
    if obs["to_play"] != PLAYER or phase in advised or not said_often("advice", style, number):
        return None
    if phase == "mus":
        return "mus" if mus_strength(obs) < ADVISE_MUS_BELOW else None
    bet = obs["bet"]
    if phase not in ("grande", "chica", "pares", "juego", "punto") or (bet and bet["ordago"]):
        return None
    chance = own_chance(obs, phase)
    if chance >= ADVISE_ORDAGO_FROM and phase in ("pares", "juego"):
        return "ordago"
    return "envido" if chance >= ADVISE_ENVIDO_FROM else None


class Said(Value):
    # One saying: in finished-hands-before ``hand``, at ``index`` of that hand's log as the
    # player reads it (the speaker's call it goes with, or for advice the player's next
    # call; -1 at the count), by ``seat``; ``kind`` phrase, count or advice; ``key`` the
    # saying; ``phase`` where it was said.

    __slots__ = ("hand", "index", "seat", "kind", "key", "phase")

    def __init__(self, hand: int, index: int, seat: int, kind: str, key: str, phase: str) -> None:
        self.hand, self.index, self.seat, self.kind, self.key, self.phase = hand, index, seat, kind, key, phase


class Due(Value):
    # Advice the partner draws to say (``said_often``) whose words wait for the bots' hand
    # tables: to be judged on ``observation`` (his), with ``number``, and put at ``at`` in
    # what was said, ``index`` of hand ``hand``'s log as the player reads it.

    __slots__ = ("at", "observation", "number", "hand", "index")

    def __init__(self, at: int, observation: Observation, number: float, hand: int, index: int) -> None:
        self.at, self.observation, self.number, self.hand, self.index = at, observation, number, hand, index


class TableTalk:
    # What was said in a partida beyond the calls: the bots' sayings (seats 1–3, each with
    # its style) and the partner's advice (if ``advise``), rebuilt from the game. Advice
    # needs the bots' hand tables (``mus.ai.tables``), a build the page makes in short
    # steps after its first screen (at once it held a phone's page for half a second):
    # until they are built, advice waits in ``due`` and ``settle`` says it where it would
    # have been said, so what was said comes out the same whenever the tables came.

    __slots__ = ("styles", "advise", "said", "due")

    def __init__(self, styles: list[str | None], advise: bool) -> None:
        self.styles, self.advise = styles, advise
        self.said: list[Said] = []
        self.due: list[Due] = []

    def rebuild(self, game: mus.Game, from_hand: int = 0) -> None:
        """Everything said in ``game`` so far, from its first deal; or only in hand
        ``from_hand`` and after (and that hand's deal), for a page that shows no earlier
        hand's sayings: each saying asks for observations, hundreds in a long partida's
        restore."""
        self.said, self.due = [], []
        state = game.initial()
        if from_hand <= 0:
            self.listen(None, "", state)
        for notation in game.actions:
            after = state.apply(notation)
            if after.hands_played >= from_hand:
                self.listen(state, notation, after)
            state = after

    def listen(self, before: mus.Game | None, notation: str, after: mus.Game) -> None:
        """What is said around ``notation`` played on ``before`` (None: the deal ``after``).
        Each observation lists only the last finished hand (all of them at the partida's end,
        for the zapatería), and a hand goes quiet after ``QUIET_AFTER`` actions: a rebuild
        costs the same for every action of a partida, however long."""
        seed = after.seed
        if (before is not None and before.to_play is not None and before.to_play != PLAYER
                and _talking(before)):
            seat, hand = before.to_play, before.hands_played
            key = call_phrase(before.observation(seat, last_hands=1), notation, self.styles[seat],
                              draw(seed, seat, before.action_count, 0), self._keys(hand))
            if key:   # pinned to its call, the event it makes in the player's log
                self.said.append(Said(hand, len(before.observation(PLAYER, last_hands=0)["log"]),
                                      seat, "phrase", key, before.phase))
        if before is not None and after.hands_played > before.hands_played:
            hand = before.hands_played
            for seat in (1, 2, 3):   # one saying at a count: the first bot whose draw lets him
                key = count_phrase(after.observation(seat, last_hands=None if after.is_over else 1),
                                   self.styles[seat], draw(seed, seat, after.action_count, 1), self._keys(hand),
                                   before.juegos)
                if key:
                    self.said.append(Said(hand, -1, seat, "count", key, "fin"))
                    break
        if self.advise and after.to_play == PLAYER and not after.is_over and _talking(after):
            number = draw(seed, PARTNER, after.action_count, 2)
            if said_often("advice", self.styles[PARTNER], number):
                self.due.append(Due(len(self.said), after.observation(PARTNER, last_hands=1), number,
                                    after.hands_played, len(after.observation(PLAYER, last_hands=0)["log"])))
                if tables_ready(after.rules.reyes, after.rules.real_31):
                    self.settle()

    def settle(self) -> bool:
        """Say the advice that waits (``due``), judged as it would have been at its moment,
        building the hand tables if they are not yet; whether any was said."""
        due, self.due = self.due, []
        said = 0
        for waiting in due:
            hand, obs = waiting.hand, waiting.observation
            done = tuple(s.phase for s in self.said if s.kind == "advice" and s.hand == hand)
            key = advice(obs, self.styles[PARTNER], waiting.number, done)
            if key:
                self.said.insert(waiting.at + said, Said(hand, waiting.index, PARTNER, "advice", key, obs["phase"]))
                said += 1
        return said > 0

    def _keys(self, hand: int) -> tuple[str, ...]:
        """The sayings already said in ``hand``."""
        return tuple(s.key for s in self.said if s.hand == hand and s.kind != "advice")

    def of_hand(self, hand: int) -> list[Said]:
        return [s for s in self.said if s.hand == hand]

    def heard(self, hand: int) -> list[AdviceHeard]:
        """The advice said aloud in ``hand``, as every bot reads it (``observation["advice"]``):
        none of it waits then."""
        if self.due:
            self.settle()
        return [{"seat": s.seat, "phase": s.phase, "advice": s.key} for s in self.of_hand(hand) if s.kind == "advice"]


def _talking(game: mus.Game) -> bool:
    """Whether the hand in progress is still short enough for talk (``QUIET_AFTER``)."""
    return game.action_count - game.hand_first_action < QUIET_AFTER
