"""The browser layer: the only code that imports ``pyscript``, ``js`` or ``pyodide``.

``page`` (storage, the address, the deck's art), ``events`` (the one dispatcher: clicks,
changes and keys → commands), ``play`` (the table's controller), ``replay`` (the replay
dialog), ``lessons`` (the lesson player), and the pages' entry points: ``main``
(``index.html``), ``embed`` (``embed.html``).
"""
