"""The lessons (``lessons.html``, ``embed.html?lesson=``). Pure: imports ``mus`` and ``kit``.

``schema`` (the lesson files' schema), ``script`` (the script played through the engine and
its answers), ``shown`` (what a step shows, never an answer still asked), ``lesson`` (a lesson
read through the three, in that order: each imports only those before it), ``advice`` (the
coach's numbers behind "¿qué harías?", checked by the tools and tests), ``player`` (where the
reader is, answers and tries, progress), ``questions`` and ``render`` (the question, the
lesson and the index as HTML), ``page`` (the page's state: the course, the lesson open, its
commands and where the focus goes).
"""

from ..kit import i18n_extra  # noqa: F401  (their texts join the one i18n table)
