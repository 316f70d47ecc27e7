"""The game page. The only part of ``mus`` that may touch the DOM, storage or timers.

Pure modules (run and tested in CPython too): ``i18n`` (every text, es/en), ``settings``
(the new-game choices), ``saves`` (save/load, corrupt saves, statistics), ``session`` (the
partida, bots, acknowledged showdowns), ``view`` (session → plain view dict), ``render``
(view → HTML), ``deckart`` (showdown card drawings), ``faces`` (the señas' drawn faces). Browser-only modules (``pyscript``):
``dom`` (regions, focus, localStorage), ``app`` (events and the bots' pauses), ``main``.
The engine never imports this package.
"""
