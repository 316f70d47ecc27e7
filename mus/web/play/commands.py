"""The table's commands and keys as session calls, and what the page must do next. Pure.

``dom/play.py`` hands every ``Command`` (``kit.commands``) of the table here; ``run`` changes
the session and says what follows: nothing, draw the table again (and let the bots play), stage
the player's call, reload into a waiting new version between hands, or open a replay.

>>> from mus.web.kit.commands import Command, Key
>>> from mus.web.kit.storage import MemoryStorage
>>> from .session import PANELS, Session
>>> s = Session(MemoryStorage(), instant=True)
>>> run(s, Command("action", "nueva"), seed=3), s.screen
('advanced', 'table')
>>> run(s, Command("action", "paso"), seed=3)            # not legal now: nothing happens
''
>>> run(s, Command("help"), seed=3), s.screen, key(s, Key("Escape")), s.screen
('redraw', 'help', True, 'table')
>>> run(s, Command("menu"), seed=3), s.screen, run(s, Command("setup"), seed=3), s.screen
('redraw', 'menu', 'redraw', 'setup')
>>> run(s, Command("replay", "x"), seed=3), run(s, Command("manos"), seed=3)
('', 'manos')
"""

from __future__ import annotations

from ..kit.commands import ACTION, CHANGE, POS, Command, Key
from .session import PANELS, Session

# What the page does after a command.
NOTHING = ""            # it did not apply
REDRAW = "redraw"       # draw the table again, then let the bots play
SHOWN = "shown"         # draw the table again (a choice on the new-game screen)
PLAYED = "played"       # the player's own call was played: show it as the table would, then the bots
ADVANCED = "advanced"   # continuar / nueva / revancha: between hands, a new version may start now
MANOS = "manos"         # open the list of this partida's hands
REPLAY = "replay"       # open the replay of finished hand ``int(command.value)``
SHARE = "share"         # share the result of the partida over (``session.shared`` says how it went)
SOUND = "sound"         # the sound setting changed: the page turns its sounds on or off

ADVANCE = ("continuar", "nueva", "revancha")
# data-ui commands that only change what is on screen: name → Session method
SCREEN = {"setup": "open_setup", "volver": "close_setup", "close": "close_panel", "close-review": "close_review"}
DIGITS = ("1", "2", "3", "4")  # choose the player's cards to throw


def run(session: Session, command: Command, seed: int | None = None) -> str:
    """Apply ``command`` to the session; ``seed``: where new partidas deal from (``?seed=``)."""
    s, name, value = session, command.name, command.value
    if name == ACTION and value in ADVANCE:
        if value == "continuar":
            s.ack()
        elif value == "nueva":
            s.confirm = None
            s.new_game(seed)
        else:
            s.rematch(seed)
        return ADVANCED
    if name == ACTION:
        return PLAYED if value is not None and s.play(value) else NOTHING
    if name == CHANGE:
        if command.target is None or value is None:
            return NOTHING
        s.set_setting(command.target, value)
        return SHOWN
    if name == POS:
        if command.number is None:
            return NOTHING
        s.toggle_card(command.number)
    elif name in SCREEN:
        getattr(s, SCREEN[name])()
    elif name in PANELS:
        s.open_panel(name)
    elif name == "lang" and value:
        s.set_setting("lang", value)
    elif name == "previous":
        s.close_panel()
        s.open_review()
    elif name in ("ordago", "nueva"):  # asks again before it counts
        s.confirm = name
    elif name == "cancel":
        s.confirm = None
    elif name == "dismiss" and value:
        s.dismiss(value)
    elif name == "manos" and s.saved is not None:
        s.close_panel()
        return MANOS
    elif name == "replay" and command.number is not None and s.saved is not None:
        return REPLAY
    elif name == "share" and s.game is not None and s.game.is_over:
        return SHARE
    elif name == "sound":
        s.set_setting("sound", "false" if s.settings.sound else "true")
        return SOUND
    elif name == "envite-less":
        s.step_envite(-1)
    elif name == "envite-more":
        s.step_envite(1)
    elif name == "envite-set" and command.number is not None:
        s.set_envite(command.number)
    else:
        return NOTHING
    return REDRAW


def key(session: Session, pressed: Key) -> bool:
    """A key of the table (the page keeps Tab inside an open panel itself): 1–4 choose cards
    to throw, Escape closes what is open. True when it changed something."""
    s = session
    if pressed.modified or pressed.typing:
        return False
    if pressed.key in DIGITS and any(a.startswith("descarte") for a in s.human_legal()):
        s.toggle_card(int(pressed.key) - 1)
    elif pressed.key != "Escape":
        return False
    elif s.confirm:
        s.confirm = None
    elif s.screen in PANELS:
        s.close_panel()
    elif s.review:
        s.close_review()
    elif s.screen == "setup" and s.game is not None:
        s.close_setup()
    else:
        return False
    return True
