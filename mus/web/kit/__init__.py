"""What every page shares. Pure: imports ``mus`` and ``mus.ai`` only.

``html`` (escaping, attributes, buttons), ``i18n`` (every text, es/en; ``i18n_extra`` adds
those only the replays and lessons show), ``table`` (cards, hands and seats), ``deckart``
(revealed cards drawn inline), ``faces`` (the señas' faces), ``storage`` (``SafeStorage``),
``links`` (shared hands and deal links), ``coach`` (the coach's numbers), ``commands`` (the
``data-*`` vocabulary the dispatcher reads), ``value`` (plain value classes).
"""
