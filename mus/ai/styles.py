"""Styles: a bot's character, as a thin seeded layer over its level's decision.

``Styled(bot, style, seed)`` answers ``choose`` / ``decide`` as the wrapped level does, then
shifts a marginal decision the way the style plays. It judges only from the observation
(the chance its own hand gives its team at the lance, the score, the public log, what was
said aloud) and the level's decision, never from anything else, so it cannot peek either:

* ``careful``: refuses a marginal envite, does not open a lance it is not clearly ahead in,
  and turns a doubtful órdago into a plain envite;
* ``bluffer``: now and then envida a weak hand at grande or chica when it is cheap (nothing
  on the table yet, the rivals far from the target);
* ``bold``: cuts the mus with a fair hand (most of all as mano, or to "quitar mano" when the
  rival mano wants mus), raises a good hand where it would only accept, and opens big.

Every styled bot also hears the table: ``observation["advice"]`` (added by the page, public
like a bet: what a player advised his partner aloud this hand, ``{"seat", "phase",
"advice"}``). A rival who advised an envite or an órdago at a lance is taken to be strong
there, so a marginal call or bet there is dropped; a rival who advised mus is taken to be
weak, so a fair hand cuts before he can mend it.

The shift is recorded in the reason (``style``, ``instead``: the level's own choice,
``shift``: why) and ``explain`` says it. One random number is drawn per decision, so
``choose`` and ``decide`` draw alike.

>>> import mus
>>> g = mus.Game.from_deal(["RCS7", "7654", "CCSA", "4422"], mano=0, seed=1)
>>> from mus.ai import make_bot
>>> bold = make_bot("normal", 1, style="bold")
>>> d = bold.decide(g.observation(0))
>>> d.action, d.reason["instead"], d.reason["shift"]
('no hay mus', 'mus', 'bold cut')
"""

from __future__ import annotations

from typing import Any

from ..observation import Observation
from ..rng import Random, fresh_seed
from .reasons import Decision
from .strength import team_chance
from .view import BETTING, View, envido_amount, legalize, playable

STYLES = ("careful", "bluffer", "bold")
# Mus strength (the level tables' percentile of the hand at its seat) a bold player cuts
# from, by seat from the mano; ``normal`` cuts from 0.78 down to 0.72.
BOLD_CUT = (0.58, 0.66, 0.66, 0.64)
QUITAR_MANO = 0.45   # a bold rival of a mano who wants mus cuts from here, one time in two
HEARD_CUT = 0.62     # a rival advised mus: his hand is weak, cut from here
CAREFUL_CALL = 0.55  # below this chance a careful player refuses an envite
CAREFUL_OPEN = 0.70  # and does not open a lance
HEARD_CALL = 0.60    # a rival advised an envite here: call or bet only from these chances
HEARD_OPEN = 0.75
BLUFF_BELOW = 0.45   # a bluffer's weak hand at grande or chica
BLUFF_RATE = 0.3
BOLD_RAISE = 0.70    # a bold player raises instead of accepting from here
BOLD_BIG = 0.78      # and opens with 5 instead of 2
SALT = 0x51A7E       # the style's generator is not the level's


class Styled:
    """A level's bot with a style (see the module's docstring)."""

    __slots__ = ("bot", "style", "_rng")

    def __init__(self, bot: Any, style: str, seed: int | None = None) -> None:
        if style not in STYLES:
            raise ValueError(f"expected a style (one of {', '.join(STYLES)}), got {style!r}")
        self.bot, self.style = bot, style
        self._rng = Random((seed if seed is not None else fresh_seed()) ^ SALT)

    def choose(self, observation: Observation) -> str:
        return self.decide(observation).action

    def decide(self, observation: Observation) -> Decision:
        decision: Decision = self.bot.decide(observation)
        view = playable(observation)
        draw = self._rng.random()
        shifted = shift(self.style, view, decision.action, draw)
        if shifted is None:
            return decision
        action = legalize(shifted[0], view.legal)
        if action == decision.action:
            return decision
        reason = dict(decision.reason)
        reason.update({"action": action, "style": self.style, "instead": decision.action, "shift": shifted[1]})
        return Decision(action, reason)


def own_chance(observation: Observation, lance: str) -> float:
    """The chance that the seat's team wins ``lance``, judged from its own hand, its seat and
    the declarations (``mus.ai.strength``): what a style weighs a bet by."""
    return team_chance(View(observation), lance)


def mus_strength(observation: Observation) -> float:
    """The level tables' percentile of the seat's hand at its seat: what a style cuts by."""
    view = View(observation)
    return view.tables.equity_pct[view.pos][view.hand_id]


def heard(view: View, kinds: tuple[str, ...], phase: str | None = None) -> bool:
    """A rival of this seat advised one of ``kinds`` aloud this hand (at ``phase``)."""
    for said in view.obs.get("advice") or []:
        if (said["seat"] in view.rivals and said["advice"] in kinds
                and (phase is None or said["phase"] == phase)):
            return True
    return False


def shift(style: str, view: View, action: str, draw: float) -> tuple[str, str] | None:
    """The action ``style`` plays instead of the level's ``action`` and why, or None."""
    if view.phase == "mus":
        return _mus(style, view, action, draw)
    if view.phase in BETTING:
        return _bet(style, view, action, draw)
    return None


def _mus(style: str, view: View, action: str, draw: float) -> tuple[str, str] | None:
    if action != "mus" or "no hay mus" not in view.legal:
        return None
    strength = view.tables.equity_pct[view.pos][view.hand_id]
    if style == "bold" and strength >= BOLD_CUT[view.pos]:
        return "no hay mus", "bold cut"
    if (style == "bold" and view.pos != 0 and view.mano in view.rivals
            and view.votes.get(view.mano) == "mus" and strength >= QUITAR_MANO and draw < 0.5):
        return "no hay mus", "quitar mano"
    if heard(view, ("mus",)) and strength >= HEARD_CUT:
        return "no hay mus", "heard mus"
    return None


def _bet(style: str, view: View, action: str, draw: float) -> tuple[str, str] | None:
    lance = view.phase
    chance = team_chance(view, lance)
    bet = view.bet or {}
    facing, ordago = bool(bet.get("answering")), bool(bet.get("ordago"))
    table, pending = int(bet.get("table", 0)), int(bet.get("pending", 0))
    them_left = view.target - view.them
    strong_rival = heard(view, ("envido", "ordago"), lance)
    if facing:
        if action != "quiero" or ordago:
            return None
        if them_left <= (table or 1):   # refusing would hand them the juego
            return None
        if style == "careful" and chance < CAREFUL_CALL:
            return "no quiero", "careful refusal"
        if strong_rival and chance < HEARD_CALL:
            return "no quiero", "heard envite"
        if style == "bold" and chance >= BOLD_RAISE and table + pending < 10 and "envido" in view.legal:
            return "envido", "bold raise"
        return None
    amount = envido_amount(action)
    if amount:
        if style == "careful" and chance < CAREFUL_OPEN:
            return "paso", "careful pass"
        if strong_rival and chance < HEARD_OPEN:
            return "paso", "heard envite"
        if style == "bold" and amount == 2 and chance >= BOLD_BIG:
            return "envido 5", "bold bet"
        return None
    if action == "ordago" and style == "careful" and chance < 0.9 and them_left > 6:
        return "envido", "careful ordago"
    if (action == "paso" and style == "bluffer" and lance in ("grande", "chica") and not strong_rival
            and chance < BLUFF_BELOW and them_left > 8 and draw < BLUFF_RATE):
        return "envido", "bluff"
    return None
