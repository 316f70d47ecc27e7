"""A partida driven without a page, as tests and benches drive one: the count dismissed, the
bots' moves made, the player's first legal action taken."""

from __future__ import annotations

from mus.web.play.session import Session


def step(s: Session) -> None:
    """One step of ``s``: the count on screen dismissed, else a bot's move, else the player's
    first legal action."""
    if s.showdown_index() is not None:
        s.ack()
    elif s.bot_to_play() is not None:
        s.bot_move()
    else:
        s.play(s.human_legal()[0])
