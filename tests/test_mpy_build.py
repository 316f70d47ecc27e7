"""What the build makes for the pages' MicroPython, and the card's catalogue.

``static/mus-mpy.zip`` (``tools/build/mpy.py``) holds the modules the pages import as ``.mpy``
bytecode of the vendored MicroPython's release: run from it, in that MicroPython under Node, a
lesson, a shared hand and the table's first hand draw the very HTML CPython draws. ``embed.js``
carries every lesson's title, intro and hand (``tools/build/catalogue.py``), as the lesson
files say.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tools.build import catalogue, mpy
from tools.build.vendor import MUS_SRC, ROOT

LESSONS = ROOT / "static" / "lessons"
# Draws a lesson step by step, a shared hand and the table's first hand (a partida dealt from
# a seed, every region of the table): run by CPython from the sources and by MicroPython from
# the built zip.
DRAW = r'''
from mus.web.kit.commands import Command
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.page import LessonsPage
from mus.web.replay.model import Dialog
from mus.web.replay.render import dialog_html

with open("static/lessons/envites.json", encoding="utf-8") as file:
    lesson = Lesson.from_json(file.read())
page = LessonsPage(SafeStorage(MemoryStorage()), lang="en", embed=True)
page.open(lesson)
for _ in lesson.steps:
    print(page.html())
    if page.player.waiting:
        page.command(Command("answer", page.player.correct()))
    page.command(Command("step", "next"))
dialog = Dialog()
dialog.open_code("AAoBCBBDAAAAAADdNQSTVjefXlACbkABVVSVSRYTS", closable=False, lang="es")
dialog.command(Command("step", "last"))
print(dialog_html(dialog, "es"))

from mus.web.play import render
from mus.web.play.session import Session
from mus.web.play.view import build_view

session = Session(SafeStorage(MemoryStorage()), instant=True, seeds=lambda: 5)
session.deal_first(seed=5)
regions = render.regions(build_view(session))
for name in sorted(regions):
    print(name, regions[name][0], regions[name][1])
'''


def test_the_zip_is_built_from_the_pages_modules() -> None:
    assert not mpy.mpy_zip_is_stale(), "run `python3 -m tools.build.vendor --zip-only`"
    with zipfile.ZipFile(mpy.MPY_ZIP) as archive:
        names = archive.namelist()
        assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())
        assert all(archive.read(name)[:2] == b"M\x06" for name in names)  # mpy v6, as 1.28 reads
    assert names == sorted(mpy.zip_sources())
    for name in ("mus/web/lessons/player.mpy", "mus/web/dom/main.mpy", "mus/web/play/session.mpy",
                 "mus/web/play/brain.mpy", "pyscript/ffi.mpy", "typing.mpy"):  # every page's and the bots' worker's, in one zip
        assert name in names, name


def test_a_lesson_and_a_hand_draw_the_same_from_the_zip(tmp_path: Path) -> None:
    script = tmp_path / "draw.py"
    script.write_text(DRAW, encoding="utf-8")
    ours = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT)}, check=True).stdout
    theirs = subprocess.run(["node", str(ROOT / "tools" / "dev" / "mpy_run.mjs"), "--zip", str(mpy.MPY_ZIP), str(script)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert theirs.returncode == 0, theirs.stderr[-3000:]
    assert ours.count("\n") > len(json.loads((LESSONS / "envites.json").read_text())["steps"])
    assert 'data-hand="0"' in ours and "controls" in ours  # the table's first hand
    assert theirs.stdout == ours


def test_the_typing_stand_in_has_every_name_the_game_imports() -> None:
    stand_in = ast.parse((mpy.STAND_INS / "typing.py").read_text(encoding="utf-8"))
    defined = {t.id for node in ast.walk(stand_in) if isinstance(node, ast.Assign)
               for t in node.targets if isinstance(t, ast.Name)}
    defined |= {node.name for node in ast.walk(stand_in) if isinstance(node, ast.ClassDef)}
    imported = {alias.name for path in MUS_SRC.rglob("*.py")
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom) and node.module == "typing" for alias in node.names}
    assert imported - defined == set()


def test_embed_js_carries_each_lessons_card() -> None:
    assert not catalogue.catalogue_drift(ROOT), "run `python3 -m tools.build.vendor --zip-only`"
    text = (ROOT / catalogue.EMBED_JS).read_text(encoding="utf-8")
    cards = json.loads(text.split(catalogue.MARK)[1])
    for path in sorted(LESSONS.glob("*.json")):
        lesson = json.loads(path.read_text(encoding="utf-8"))
        assert cards.pop(path.stem) == {"title": lesson["title"], "intro": lesson["intro"], "hand": lesson["hands"][0]}
    assert cards == {}


def test_a_changed_lesson_is_written_into_embed_js(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    shutil.copy2(ROOT / catalogue.EMBED_JS, tmp_path / catalogue.EMBED_JS)
    shutil.copytree(LESSONS, tmp_path / catalogue.LESSONS)
    pares = tmp_path / catalogue.LESSONS / "pares.json"
    data = json.loads(pares.read_text(encoding="utf-8"))
    data["title"]["en"] = "Pairs </script>"
    pares.write_text(json.dumps(data), encoding="utf-8")
    assert catalogue.catalogue_drift(tmp_path) and catalogue.write_catalogue(tmp_path)
    assert not catalogue.catalogue_drift(tmp_path) and not catalogue.write_catalogue(tmp_path)
    written = (tmp_path / catalogue.EMBED_JS).read_text(encoding="utf-8").split(catalogue.MARK)[1]
    assert "Pairs <\\/script>" in written and "</script>" not in written
    assert json.loads(written)["pares"]["title"]["en"] == "Pairs </script>"
