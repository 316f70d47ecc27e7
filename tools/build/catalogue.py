"""The lessons' catalogue inside ``static/embed.js``: what a card shows, with no request.

An article on another site shows each lesson as a card (title, intro, the reader's hand)
before anything loads. ``embed.js`` carries those for every lesson, written by the build from
``static/lessons/*.json`` between its two ``/*CATALOGUE*/`` marks, so the card needs nothing
from this site's server (which another site's page could only read with CORS headers).
``write_catalogue`` (run by ``tools/build/vendor.py`` and ``tools/dev/serve.py``) rewrites it;
``catalogue_drift`` says whether it is stale (``tests/test_embed.py``). Standard library only.

>>> catalogue_json({"x": {"id": "x", "title": {"es": "Equis", "en": "X"}, "intro": {"es": "í", "en": "i"},
...                       "hands": ["RRC6", "7654", "CCSA", "3322"], "steps": []}})
'{"x":{"hand":"RRC6","intro":{"en":"i","es":"í"},"title":{"en":"X","es":"Equis"}}}'
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

EMBED_JS = Path("static") / "embed.js"
LESSONS = Path("static") / "lessons"
MARK = "/*CATALOGUE*/"
_BETWEEN = re.compile(re.escape(MARK) + r".*?" + re.escape(MARK), re.S)


class CatalogueError(ValueError):
    """embed.js has no place for the catalogue, or a lesson file cannot be read."""


def catalogue_json(lessons: dict[str, Any]) -> str:
    """{id: {title, intro, hand}} of ``lessons`` (id: the file's data) as compact JSON, keys
    sorted, letters as they are (``</`` cannot occur: it would end a page's inline script)."""
    data = {lesson_id: {"title": lesson["title"], "intro": lesson["intro"], "hand": lesson["hands"][0]}
            for lesson_id, lesson in lessons.items()}
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")


def lesson_files(root: Path) -> dict[str, Any]:
    out = {}
    for path in sorted((root / LESSONS).glob("*.json")):
        try:
            out[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as error:
            raise CatalogueError(f"{path.relative_to(root)}: {error}") from None
    return out


def with_catalogue(script: str, root: Path) -> str:
    if len(_BETWEEN.findall(script)) != 1:
        raise CatalogueError(f"{EMBED_JS}: expected one {MARK}…{MARK} to write the lessons' catalogue into")
    return _BETWEEN.sub(lambda _: MARK + catalogue_json(lesson_files(root)) + MARK, script)


def catalogue_drift(root: Path) -> bool:
    """True if embed.js's catalogue is not what the lesson files give."""
    script = (root / EMBED_JS).read_text(encoding="utf-8")
    return with_catalogue(script, root) != script


def write_catalogue(root: Path) -> bool:
    """Write the catalogue into embed.js if it changed; True if written."""
    path = root / EMBED_JS
    script = path.read_text(encoding="utf-8")
    written = with_catalogue(script, root)
    if written == script:
        return False
    path.write_text(written, encoding="utf-8")
    return True
