"""``python -m mus.arena``: the bots' arena (see ``mus.ai.arena``)."""

from mus.ai.arena import main

if __name__ == "__main__":
    raise SystemExit(main())
