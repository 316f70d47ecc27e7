"""Replays of finished hands and shared links (``#mano=``). Pure: imports ``mus``, ``mus.ai``
and ``kit``.

``model`` (a hand replayed step by step, whose eyes, the "Manos" list: view dicts; the dialog's
state and commands), ``render`` (those views as HTML).
"""
