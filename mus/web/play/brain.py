"""The table's bots and coach, asked in plain JSON data: one request in, one answer out. Pure.

The table (``session``) never runs a bot itself: it makes a request for the bot whose turn it
is, or for the coach, and plays an answer only if the game is still the one it asked about.
In the browser a Web Worker running MicroPython answers (``static/bots-worker.mjs``, one call
into Python per request, so MicroPython's garbage collector, which frees memory only between
calls, runs between decisions); where the worker cannot start, the page's own interpreter
answers with this same code; the tests ask it directly.

* ``{"kind": "decide", "bot": {"seat", "level", "seed", "style"}, "observation": …}`` →
  ``{"action": …, "reason": …, "hands": n}``: the bot at that seat, made once from its level,
  secret seed and style and kept while they stay the same (its random choices go on from one
  decision to the next), chooses from that observation alone. The finished hands of the
  partida (``history``, public and the same for every seat) are kept here, so a request sends
  only those it has not sent: ``"history_from": k`` says its observation's history starts at
  hand k + 1, and ``"history_check"`` repeats hand k, which must be the one kept. ``n`` is how
  many finished hands are kept after the request; a request whose earlier hands are not the
  ones kept (another partida, a brain that started since) is answered ``{"gap": n}``, and is
  to be sent again from hand ``n`` (0: all of them);
* ``{"kind": "coach", "observation": …}`` → ``{"coach": …}``: ``mus.ai.coach`` for that seat;
* ``{"kind": "warm", "rules": …}`` → ``{"warm": true}``: a ``dificil`` bot's first decision at
  a table of those rules (``Rules.to_dict``), made ahead: the tables the bots build on first
  use (about a second under Node) are then ready when a bot of the partida is asked;
* anything else, or a bot that fails → ``{"error": "…"}``: an answer, never an exception.

>>> import mus
>>> game = mus.Game.new(mus.Rules(), 3)
>>> brain = Brain()
>>> bot = BotSpec(game.to_play, "dificil", 7, None)
>>> answer = brain.answer(decide_request(bot, game.observation(game.to_play)))
>>> answer["action"] in ("mus", "no hay mus"), answer["reason"]["kind"]
(True, 'mus')
>>> sorted(brain.answer(coach_request(game.observation(0)))["coach"]["lances"])
['chica', 'grande', 'juego', 'pares', 'punto']
>>> later = game.apply(answer["action"])
>>> brain.answer(decide_request(bot, later.observation(later.to_play), 3))   # 3 hands not sent
{'gap': 0}
>>> brain.answer({"kind": "warm", "rules": {"reyes": 4}})
{'warm': True}
>>> brain.answer({"kind": "sing"})
{'error': "expected a request of kind 'decide', 'coach' or 'warm', got 'sing'"}
"""

from __future__ import annotations

import json
from typing import Any, Callable

import mus
from mus.ai import coach, make_bot
from mus.observation import HandResult, Observation

from ..kit.value import Value

BotFactory = Callable[[str, int, "str | None"], Any]   # level, seed, style → a bot
KINDS = ("decide", "coach", "warm")


class BotSpec(Value):
    # Who the bot at ``seat`` is: its level, its secret seed, its style (None: plain).
    __slots__ = ("seat", "level", "seed", "style")

    def __init__(self, seat: int, level: str, seed: int, style: str | None) -> None:
        self.seat, self.level, self.seed, self.style = seat, level, seed, style

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat, "level": self.level, "seed": self.seed, "style": self.style}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> BotSpec:
        style = data.get("style")
        return cls(int(data["seat"]), str(data["level"]), int(data["seed"]), None if style is None else str(style))


def decide_request(bot: BotSpec, observation: Observation, history_from: int = 0,
                   history_check: HandResult | None = None) -> dict[str, Any]:
    """What the bot ``bot`` should do, seeing ``observation`` (its own seat's), whose history
    starts after the ``history_from`` finished hands the brain keeps, the last of them
    ``history_check``."""
    request: dict[str, Any] = {"kind": "decide", "bot": bot.data(), "observation": observation}
    if history_from:
        request["history_from"], request["history_check"] = history_from, history_check
    return request


def coach_request(observation: Observation) -> dict[str, Any]:
    """The coach's numbers for the seat whose ``observation`` this is."""
    return {"kind": "coach", "observation": observation}


class Brain:
    # Answers requests; holds the bots it was asked for, one per seat (``bot_factory`` makes
    # them: ``mus.ai.make_bot``, or a test's).

    def __init__(self, bot_factory: BotFactory = make_bot) -> None:
        self.bot_factory = bot_factory
        self.bots: dict[int, tuple[BotSpec, Any]] = {}
        self.history: list[HandResult] = []   # the partida's finished hands, as sent

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to ``request``; ``{"error": …}`` for one it cannot answer."""
        kind = request.get("kind") if isinstance(request, dict) else None
        if kind not in KINDS:
            return {"error": f"expected a request of kind 'decide', 'coach' or 'warm', got {kind!r}"}
        try:
            if kind == "coach":
                return {"coach": coach(request["observation"])}
            if kind == "warm":
                game = mus.Game.new(mus.Rules.from_dict(request["rules"]), 0)
                assert game.to_play is not None  # the mus vote of the first hand
                make_bot("dificil", 0).decide(game.observation(game.to_play))
                return {"warm": True}
            spec = BotSpec.from_data(request["bot"])
            observation = self._with_history(request)
            if observation is None:
                return {"gap": len(self.history)}
            answer = self._decide(spec, observation)
            answer["hands"] = len(self.history)
            return answer
        except Exception as error:  # told to the page, which says it in the console
            return {"error": f"{type(error).__name__}: {error}"}

    def answer_text(self, text: str) -> str:
        """``answer`` for a request in JSON text, in JSON text: the worker's one call."""
        try:
            request = json.loads(text)
        except ValueError:
            return json.dumps({"error": "expected a request in JSON"})
        return json.dumps(self.answer(request))

    def _with_history(self, request: dict[str, Any]) -> Observation | None:
        """The request's observation with the kept hands before its own, the whole history
        kept from now on; None (nothing kept) if the hands it builds on are not the ones kept."""
        observation: Observation = request["observation"]
        start = int(request.get("history_from") or 0)
        if start:
            if start > len(self.history) or self.history[start - 1] != request.get("history_check"):
                self.history = []
                return None
            observation = observation.copy()   # the request's own stays as it was sent
            observation["history"] = self.history[:start] + observation["history"]
        self.history = observation["history"]
        return observation

    def _decide(self, spec: BotSpec, observation: Observation) -> dict[str, Any]:
        held = self.bots.get(spec.seat)
        if held is None or held[0] != spec:
            held = (spec, self.bot_factory(spec.level, spec.seed, spec.style))
            self.bots[spec.seat] = held
        bot = held[1]
        if not hasattr(bot, "decide"):  # a test's bot that gives no reasons
            return {"action": str(bot.choose(observation)), "reason": None}
        decision = bot.decide(observation)
        return {"action": str(decision.action), "reason": decision.reason}
