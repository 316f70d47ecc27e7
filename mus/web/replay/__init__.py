"""Replays of finished hands and shared links (``#mano=``). Pure: imports ``mus``, ``mus.ai``
and ``kit``.

``model`` (a hand replayed step by step, whose eyes, the "Manos" list: view dicts; the dialog's
state and commands), ``render`` (those views as HTML).
"""

from ..kit import i18n_extra  # noqa: F401  (its texts join the one i18n table)
