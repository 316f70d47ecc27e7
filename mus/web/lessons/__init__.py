"""The lessons (``lessons.html``, ``embed.html?lesson=``). Pure: imports ``mus`` and ``kit``.

``lesson`` (the lesson files' schema, replayed and answered by the engine), ``player`` (where
the reader is, answers, progress), ``render`` (the lesson and the index as HTML), ``page``
(the page's state: the course, the lesson open, its commands and where the focus goes).
"""

from ..kit import i18n_extra  # noqa: F401  (their texts join the one i18n table)
