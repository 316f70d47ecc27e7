"""The table, the game page (``index.html``). Pure: imports ``mus``, ``mus.ai`` and ``kit``.

``settings`` (the new-game choices), ``saves`` (save/load, corrupt saves, statistics),
``session`` (the partida, bots, acknowledged showdowns), ``view`` (session → plain view dict,
from ``names``, ``calls``, ``plates``, ``senas``, ``turn``, ``count`` and ``newgame``),
``render`` (view → HTML), ``coaching`` (coach panel and partner's reasons), ``commands``
(clicks and keys → session calls), ``deal_link`` (a lesson's deal read from the address).
"""
