"""Checks for the SVG card sprite static/deck.svg and its generator."""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECK = os.path.join(ROOT, "static", "deck.svg")
BACK = os.path.join(ROOT, "static", "back.svg")
GENERATOR = os.path.join(ROOT, "tools", "build", "make_deck.py")

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
RANKS = "RCS765432A"
SUITS = "oceb"
EXPECTED_IDS = {r + s for r in RANKS for s in SUITS} | {"back"}


def _tree():
    return ET.parse(DECK).getroot()


def _local(tag):
    return tag.rsplit("}", 1)[-1]


def test_expected_ids_count():
    assert len(EXPECTED_IDS) == 41


def test_root_is_svg():
    root = _tree()
    assert root.tag == "{%s}svg" % SVG_NS


def test_exactly_41_card_symbols():
    root = _tree()
    symbols = [el for el in root.iter() if _local(el.tag) == "symbol"]
    ids = [el.get("id") for el in symbols]
    assert len(ids) == len(set(ids)), "duplicate symbol ids"
    assert set(ids) == EXPECTED_IDS


def test_symbols_share_viewbox():
    root = _tree()
    for el in root.iter():
        if _local(el.tag) == "symbol":
            assert el.get("viewBox") == "0 0 200 300", el.get("id")


def test_ids_unique():
    root = _tree()
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids))


def test_all_hrefs_resolve_inside_file():
    root = _tree()
    ids = {el.get("id") for el in root.iter() if el.get("id") is not None}
    hrefs = []
    for el in root.iter():
        for key in ("href", XLINK_HREF):
            ref = el.get(key)
            if ref is not None:
                hrefs.append(ref)
    assert hrefs, "expected the sprite to reuse shared glyphs via <use>"
    for ref in hrefs:
        assert ref.startswith("#"), ref
        assert ref[1:] in ids, ref
    # url(#id) references (fill, stroke, clip-path, ...) must resolve too
    for el in root.iter():
        for value in el.attrib.values():
            for target in re.findall(r"url\(\s*['\"]?([^)'\"]*)", value):
                assert target.startswith("#") and target[1:] in ids, target


def test_every_card_draws_something():
    root = _tree()
    for el in root.iter():
        if _local(el.tag) == "symbol":
            assert len(list(el)) >= 2, el.get("id")


def test_card_index_numbers():
    numbers = {"A": "1", "S": "10", "C": "11", "R": "12"}
    root = _tree()
    for el in root.iter():
        if _local(el.tag) != "symbol" or el.get("id") == "back":
            continue
        rank = el.get("id")[0]
        texts = [t.text for t in el.iter() if _local(t.tag) == "text"]
        assert texts.count(numbers.get(rank, rank)) == 2, (el.get("id"), texts)


def test_no_external_references_or_rasters():
    with open(DECK, "rb") as f:
        raw = f.read().decode("utf-8")
    # the only URL allowed is the SVG namespace declaration
    assert raw.count("http") == raw.count(SVG_NS) == 1
    root = _tree()
    for el in root.iter():
        assert _local(el.tag) not in {"image", "foreignObject", "script", "style",
                                      "font-face", "pattern", "linearGradient",
                                      "radialGradient", "filter", "mask",
                                      "clipPath"}, el.tag
        for key, value in el.attrib.items():
            assert "http" not in value, (key, value)
            assert "data:" not in value, (key, value)
    assert "@import" not in raw and "@font-face" not in raw


def test_file_size():
    assert os.path.getsize(DECK) < 60 * 1024


def test_generator_is_reproducible(tmp_path):
    out = tmp_path / "deck.svg"
    subprocess.run([sys.executable, GENERATOR, "--out", str(out)],
                   check=True, capture_output=True, cwd=str(tmp_path))
    with open(DECK, "rb") as f:
        expected = f.read()
    assert out.read_bytes() == expected, (
        "static/deck.svg is stale: run python3 tools/build/make_deck.py")
    with open(BACK, "rb") as f:
        assert (tmp_path / "back.svg").read_bytes() == f.read(), (
            "static/back.svg is stale: run python3 tools/build/make_deck.py")


def test_back_image_stands_alone():
    """The pages draw a face-down card as a CSS background of static/back.svg: a document
    whose references all resolve inside it, drawing what the sprite's back symbol draws."""
    root = ET.parse(BACK).getroot()
    assert root.tag == "{%s}svg" % SVG_NS and root.get("viewBox") == "0 0 200 300"
    ids = {el.get("id") for el in root.iter() if el.get("id") is not None}
    refs = [el.get("href") for el in root.iter() if el.get("href") is not None]
    assert refs and all(ref.startswith("#") and ref[1:] in ids for ref in refs), refs
    drawn = [ET.tostring(el).strip() for el in root if _local(el.tag) != "defs"]
    symbol = next(el for el in _tree().iter() if _local(el.tag) == "symbol" and el.get("id") == "back")
    assert drawn == [ET.tostring(el).strip() for el in symbol]
