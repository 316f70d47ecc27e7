"""The bots' faces: ``static/faces.svg`` is its generator's output, small, self-contained, and
holds a face for every name of the cast and every expression the table draws."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from mus.ai import STYLES
from mus.web.kit.faces import FACES, avatar, person_id
from mus.web.play.cast import NAMES

ROOT = Path(__file__).resolve().parent.parent
SPRITE = ROOT / FACES
GENERATOR = ROOT / "tools" / "build" / "make_faces.py"


def test_the_sprite_is_the_generators_output(tmp_path: Path) -> None:
    out = tmp_path / "faces.svg"
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(out)], check=True, capture_output=True)
    assert out.read_bytes() == SPRITE.read_bytes(), "static/faces.svg is stale: run python3 tools/build/make_faces.py"


def test_every_face_the_table_draws_is_in_the_sprite() -> None:
    ids = {el.get("id") for el in ET.fromstring(SPRITE.read_text(encoding="utf-8")).iter()
           if el.tag.endswith("symbol")}
    for n, (name, _) in enumerate(NAMES):
        for style in STYLES:
            for talking in (False, True):
                used = set(re.findall(r'href="static/faces\.svg#([\w-]+)"', avatar(name, style, talking=talking)))
                assert used and used <= ids, (name, style, used - ids)
    assert len({person_id(name) for name, _ in NAMES}) == len(NAMES)   # one face each


def test_the_sprite_is_a_few_kilobytes_of_plain_shapes() -> None:
    raw = SPRITE.read_text(encoding="utf-8")
    assert len(raw.encode()) < 16 * 1024
    assert not re.search(r"<(image|script|style|foreignObject|linearGradient|radialGradient|filter|mask|clipPath)\b",
                         raw)
    assert raw.count("http") == 1   # the namespace alone: nothing fetched
