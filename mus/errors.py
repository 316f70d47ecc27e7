"""Errors the engine raises."""


class IllegalActionError(ValueError):
    """An action that is malformed or not legal now; the message names the legal ones."""
