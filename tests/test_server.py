"""tools/dev/serve.py: MIME types, no-cache, the game's zip rebuilt, br/gzip/identity, the
wheel's header; and the page references only itself."""

from __future__ import annotations

import gzip
import io
import os
import re
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.devserver import ROOT, DevServer
from tools.build.precompress import brotli_path, decompress, is_current, precompress
from tools.dev.serve import accepted_encodings
from tools.build import mpy, vendor

EXPECTED_TYPES = {
    "a.mjs": "text/javascript",
    "a.js": "text/javascript",
    "a.wasm": "application/wasm",
    "a.py": "text/x-python",
    "index.html": "text/html",
    "a.svg": "image/svg+xml",
    "a.json": "application/json",
    "a.toml": "application/toml",
    "a.zip": "application/zip",
    "a.whl": "application/zip",
    "a.webmanifest": "application/manifest+json",
    "a.css": "text/css",
}


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={k.replace("_", "-"): v for k, v in headers.items()})
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, {k.lower(): v for k, v in err.headers.items()}, err.read()


def zip_contents(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def constants_in(data: bytes) -> dict[str, str]:
    """Each module of the game in a zip of ``.mpy`` and which of the test's string constants its
    bytecode holds."""
    words = ("uno", "dos", "tres", "cuatro")
    return {name: next((w for w in words if w.encode() in code), "") for name, code in zip_contents(data).items()
            if name.startswith("mus/")}


def touch_later(path: Path, seconds: float = 2.0) -> None:
    """Move a file's mtime into the future so it is newer than anything built so far."""
    t = time.time() + seconds
    os.utime(path, (t, t))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("site")
    for name in EXPECTED_TYPES:
        (root / name).write_bytes(b"x")
    (root / ".secret").write_text("no")
    (root / "mus").mkdir()
    (root / "mus" / "__init__.py").write_text('VERSION = "uno"\n')
    with DevServer(root) as url:
        yield url, root


@pytest.mark.parametrize("name", sorted(EXPECTED_TYPES))
def test_mime_type_and_no_cache(site: tuple[str, Path], name: str) -> None:
    url, _ = site
    status, headers, _ = get(url + name)
    assert status == 200
    assert headers["content-type"].split(";")[0] == EXPECTED_TYPES[name]
    assert headers["cache-control"] == "no-cache"


def test_binds_loopback_only(site: tuple[str, Path]) -> None:
    assert site[0].startswith("http://127.0.0.1:")


def test_hidden_paths_are_not_served(site: tuple[str, Path]) -> None:
    assert get(site[0] + ".secret")[0] == 404


GAME = "static/" + mpy.MPY_ZIP.name


def test_the_games_zip_follows_source_changes(site: tuple[str, Path]) -> None:
    """The zip holds what the pages import, rebuilt when a source changes (the package here
    stands for the game: its entry modules are missing, so only it and what it imports go in)."""
    url, root = site
    mus = root / "mus"
    status, headers, body = get(url + GAME)
    assert status == 200 and headers["content-type"] == "application/zip"
    assert constants_in(body) == {"mus/__init__.mpy": "uno"}

    (mus / "__init__.py").write_text('VERSION = "dos"\nfrom mus.ai import bot\n')
    touch_later(mus / "__init__.py")
    (mus / "ai").mkdir()
    (mus / "ai" / "__init__.py").write_text("")
    (mus / "ai" / "bot.py").write_text('BOT = "tres"\n')
    (mus / "ai" / "unused.py").write_text('UNUSED = "cuatro"\n')  # imported by nothing
    touch_later(mus / "ai" / "bot.py")
    (mus / "__pycache__").mkdir()
    (mus / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"junk")
    (mus / "notes.txt").write_text("not python")
    contents = zip_contents(get(url + GAME)[2])
    assert {name: code[:2] for name, code in contents.items() if name.startswith("mus/")} == dict.fromkeys(
        ["mus/__init__.mpy", "mus/ai/__init__.mpy", "mus/ai/bot.mpy"], b"M\x06")  # MicroPython 1.28's bytecode
    assert constants_in(get(url + GAME)[2]) == {"mus/__init__.mpy": "dos", "mus/ai/__init__.mpy": "",
                                                "mus/ai/bot.mpy": "tres"}

    (mus / "__init__.py").write_text('VERSION = "dos"\n')  # no longer imported: out
    touch_later(mus / "__init__.py")
    assert constants_in(get(url + GAME)[2]) == {"mus/__init__.mpy": "dos"}


def test_the_zip_build_is_deterministic_and_goes_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal sources give equal bytes; a changed source, or a new PyScript core whose package
    the zip carries compiled, makes it stale; a bundle without that package stops the build."""
    src = tmp_path / "mus"
    src.mkdir()
    (src / "__init__.py").write_text("A = 1\n")
    first, second = tmp_path / "one.zip", tmp_path / "two.zip"
    assert mpy.mpy_zip_is_stale(src, first)
    mpy.build_mpy_zip(src, first)
    mpy.build_mpy_zip(src, second)
    assert first.read_bytes() == second.read_bytes()
    assert not mpy.mpy_zip_is_stale(src, first)
    touch_later(src / "__init__.py")
    assert mpy.mpy_zip_is_stale(src, first)
    os.utime(src / "__init__.py", (0, 0))  # back in the past: the core decides below

    core = tmp_path / "vendor" / "pyscript"
    core.mkdir(parents=True)
    bundle = core / "core-abc.js"
    bundle.write_text('x;wo(".",{pyscript:{"__init__.py":"P = \\"uno\\"\\n"}});')
    monkeypatch.setattr(vendor, "VENDOR_DIR", tmp_path / "vendor")
    mpy.build_mpy_zip(src, first)
    assert b"uno" in zip_contents(first.read_bytes())["pyscript/__init__.mpy"]
    assert not mpy.mpy_zip_is_stale(src, first)
    touch_later(bundle)
    assert mpy.mpy_zip_is_stale(src, first)
    mpy.build_mpy_zip(src, first)
    bundle.write_text('x;wo(".",{pyscript:{"__init__.py":"","extra.py":""}});')
    os.utime(bundle, ns=(first.stat().st_mtime_ns,) * 2)  # same time: the module list decides
    assert mpy.mpy_zip_is_stale(src, first)
    bundle.write_text("x;no package here;")
    with pytest.raises(vendor.VendorError, match="expected one 'wo"):
        mpy.build_mpy_zip(src, first)


def test_repository_page_is_served(dev_server: str) -> None:
    status, headers, body = get(dev_server)
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert headers["cache-control"] == "no-cache"
    assert b"static/vendor/pyscript/core.js" in body


def test_a_wheel_is_sent_to_other_origins(site: tuple[str, Path]) -> None:
    """Other sites' pages install the engine's wheel with micropip, which fetches it across
    origins: the wheel, and only it, says any origin may read it (docs/deploy.md)."""
    url, _ = site
    for name in EXPECTED_TYPES:
        _, headers, _ = get(url + name, Origin="http://127.0.0.2:8000")
        assert headers.get("access-control-allow-origin") == ("*" if name.endswith(".whl") else None), name


def test_compresses_like_a_static_host(dev_server: str) -> None:
    for path in ("static/vendor/micropython/micropython.wasm", "static/style.css", "index.html"):
        request = urllib.request.Request(dev_server + path, headers={"Accept-Encoding": "gzip, deflate"})
        with urllib.request.urlopen(request, timeout=30) as resp:
            headers, body = resp.headers, resp.read()
            modified = headers["Last-Modified"]
        assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
        assert int(headers["Content-Length"]) == len(body) < (ROOT / path).stat().st_size
        assert gzip.decompress(body) == (ROOT / path).read_bytes()
        again = urllib.request.Request(dev_server + path, headers={
            "Accept-Encoding": "gzip", "If-Modified-Since": modified})
        with pytest.raises(urllib.error.HTTPError) as revalidated:
            urllib.request.urlopen(again, timeout=10)
        assert revalidated.value.code == 304
    assert "content-encoding" not in get(dev_server + "index.html")[1]  # a client without gzip
    status, headers, body = get(dev_server, Accept_Encoding="gzip")  # "/" is index.html
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == (ROOT / "index.html").read_bytes()


def test_sends_the_builds_brotli_to_browsers_that_accept_it(dev_server: str) -> None:
    """What Chromium sends: the precompressed wasm and the game's zip, as a static host would."""
    for path in ("static/vendor/micropython/micropython.wasm", GAME):
        status, headers, body = get(dev_server + path, Accept_Encoding="gzip, deflate, br, zstd")
        assert status == 200 and headers["content-encoding"] == "br", (path, headers)
        assert headers["vary"] == "Accept-Encoding" and int(headers["content-length"]) == len(body)
        original = (ROOT / path).read_bytes()
        assert len(body) < 0.8 * len(original)
        assert headers["content-type"] == ("application/wasm" if path.endswith(".wasm") else "application/zip")
        assert body == brotli_path(ROOT / path).read_bytes()
    assert decompress(body) == original  # the zip's


@pytest.fixture
def br_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A site with one script and its .br made by the build's tool."""
    script = tmp_path / "a.js"
    script.write_text("export const answer = 42;\n" * 400)
    assert precompress([script]) == [script]
    assert precompress([script]) == []  # current: not made again
    with DevServer(tmp_path) as url:
        yield url + "a.js", script


def test_br_gzip_or_identity_by_accept_encoding(br_site: tuple[str, Path]) -> None:
    url, script = br_site
    original = script.read_bytes()
    status, headers, body = get(url, Accept_Encoding="gzip, deflate, br")
    assert status == 200 and headers["content-encoding"] == "br"
    assert headers["content-type"].split(";")[0] == "text/javascript"
    assert int(headers["content-length"]) == len(body) < len(original) / 10
    assert decompress(body) == original

    status, headers, body = get(url, Accept_Encoding="gzip, deflate")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == original
    status, headers, body = get(url, Accept_Encoding="gzip, br;q=0")
    assert headers["content-encoding"] == "gzip"
    status, headers, body = get(url)
    assert status == 200 and "content-encoding" not in headers and body == original


def test_br_answers_304_like_gzip(br_site: tuple[str, Path]) -> None:
    url, script = br_site
    _, headers, _ = get(url, Accept_Encoding="br")
    status, again, body = get(url, Accept_Encoding="br", If_Modified_Since=headers["last-modified"])
    assert status == 304 and body == b"" and again["vary"] == "Accept-Encoding"
    assert again["last-modified"] == headers["last-modified"]


def test_a_changed_file_never_gets_its_stale_br(br_site: tuple[str, Path]) -> None:
    url, script = br_site
    changed = script.read_bytes().replace(b"42", b"43")  # same size
    script.write_bytes(changed)
    assert not is_current(script, brotli_path(script))
    status, headers, body = get(url, Accept_Encoding="gzip, br")
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == changed
    status, headers, body = get(url, Accept_Encoding="br")  # no gzip either: the file as it is
    assert "content-encoding" not in headers and body == changed
    assert precompress([script]) == [script]  # the next build makes it again
    status, headers, body = get(url, Accept_Encoding="br")
    assert headers["content-encoding"] == "br" and decompress(body) == changed


def test_accepted_encodings_reads_the_header() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted_encodings("") == set()


URL_RE = re.compile(r"""\b(?:https?|wss?)://|["'(=]\s*//[\w-]""")  # absolute or protocol-relative


@pytest.mark.parametrize("name", ["index.html", "lessons.html", "embed.html", "static/style.css", "mus/web/dom/main.py",
                                  "manifest.webmanifest", "static/pwa.js", "tools/build/sw.template.js"])
def test_page_sources_reference_no_other_origin(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert URL_RE.findall(text) == []
