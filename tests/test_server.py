"""tools/dev/serve.py: MIME types, no-cache, mus.zip rebuilds, br/gzip/identity; and the page
references only itself."""

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
from tools.build import vendor
from tools.build.pyscript_modules import pyscript_package
from tools.build.vendor import (EXTRA_ZIP_NAME, extra_sources, PYSCRIPT_UNUSED, build_mus_zip, mus_sources,
                          mus_zip_is_stale)

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
    """Each module of the game in a mus.zip and which of the test's string constants its
    bytecode holds (Pyodide's Python 3.14 bytecode: CPython here cannot load it, but the
    strings are there)."""
    words = ("uno", "dos", "tres", "cuatro")
    return {name: next(w for w in words if w.encode() in code) for name, code in zip_contents(data).items()
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


def test_mus_zip_follows_source_changes(site: tuple[str, Path]) -> None:
    url, root = site
    mus = root / "mus"
    status, headers, body = get(url + "static/mus.zip")
    assert status == 200 and headers["content-type"] == "application/zip"
    assert constants_in(body) == {"mus/__init__.pyc": "uno"}

    (mus / "__init__.py").write_text('VERSION = "dos"\n')
    touch_later(mus / "__init__.py")
    (mus / "ai").mkdir()
    (mus / "ai" / "bot.py").write_text('BOT = "tres"\n')
    touch_later(mus / "ai" / "bot.py")
    (mus / "__pycache__").mkdir()
    (mus / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"junk")
    (mus / "notes.txt").write_text("not python")
    assert get(url + "static/mus.zip")[2] and constants_in(get(url + "static/mus.zip")[2]) == {
        "mus/__init__.pyc": "dos",
        "mus/ai/bot.pyc": "tres",
    }

    (mus / "ai" / "bot.py").unlink()  # a removal also triggers a rebuild
    assert constants_in(get(url + "static/mus.zip")[2]) == {"mus/__init__.pyc": "dos"}

    (mus / "records.py").write_text('RECORDS = "cuatro"\n')  # one of EXTRA_MODULES
    touch_later(mus / "records.py")
    assert constants_in(get(url + "static/" + EXTRA_ZIP_NAME)[2]) == {"mus/records.pyc": "cuatro"}
    assert constants_in(get(url + "static/mus.zip")[2]) == {"mus/__init__.pyc": "dos"}


def test_build_is_deterministic_and_staleness(tmp_path: Path) -> None:
    src = tmp_path / "mus"
    (src / "web").mkdir(parents=True)
    (src / "__init__.py").write_text("A = 1\n")
    (src / "web" / "main.py").write_text("B = 2\n")
    (src / "web" / "__pycache__").mkdir()
    (src / "web" / "__pycache__" / "main.cpython-311.pyc").write_bytes(b"junk")
    assert [p.relative_to(src).as_posix() for p in mus_sources(src)] == ["__init__.py", "web/main.py"]

    first, second = tmp_path / "one.zip", tmp_path / "two.zip"
    assert mus_zip_is_stale(src, first)
    build_mus_zip(src, first)
    build_mus_zip(src, second)
    assert first.read_bytes() == second.read_bytes()
    assert not mus_zip_is_stale(src, first)
    touch_later(src / "web" / "main.py")
    assert mus_zip_is_stale(src, first)


def test_a_changed_compiler_makes_mus_zip_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "mus"
    src.mkdir()
    (src / "__init__.py").write_text("A = 1\n")
    built = tmp_path / "mus.zip"
    build_mus_zip(src, built)
    assert not mus_zip_is_stale(src, built)
    compiler = tmp_path / "compile_pyc.mjs"  # stands for an edited tools/build/compile_pyc.mjs
    compiler.write_text("// newer\n")
    touch_later(compiler)
    monkeypatch.setattr(vendor, "COMPILE_PYC", compiler)
    assert mus_zip_is_stale(src, built)


def test_a_new_pyscript_core_makes_mus_zip_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mus.zip carries PyScript's package compiled from the vendored core bundle: a new bundle,
    or one whose package has other modules, rebuilds it; a bundle without one stops the build."""
    src = tmp_path / "mus"
    src.mkdir()
    (src / "__init__.py").write_text("A = 1\n")
    core = tmp_path / "vendor" / "pyscript"
    core.mkdir(parents=True)
    bundle = core / "core-abc.js"
    bundle.write_text('x;wo(".",{pyscript:{"__init__.py":"P = \\"uno\\"\\n"}});')
    monkeypatch.setattr(vendor, "VENDOR_DIR", tmp_path / "vendor")
    built = tmp_path / "mus.zip"
    build_mus_zip(src, built)
    assert sorted(zip_contents(built.read_bytes())) == ["mus/__init__.pyc", "pyscript/__init__.pyc"]
    assert b"uno" in zip_contents(built.read_bytes())["pyscript/__init__.pyc"]
    assert not mus_zip_is_stale(src, built)
    touch_later(bundle)
    assert mus_zip_is_stale(src, built)
    build_mus_zip(src, built)
    bundle.write_text('x;wo(".",{pyscript:{"__init__.py":"","extra.py":""}});')
    os.utime(bundle, ns=(built.stat().st_mtime_ns,) * 2)  # same time: the module list decides
    assert mus_zip_is_stale(src, built)
    bundle.write_text("x;no package here;")
    with pytest.raises(vendor.VendorError, match="expected one 'wo"):
        build_mus_zip(src, built)


def test_repository_page_is_served(dev_server: str) -> None:
    status, headers, body = get(dev_server)
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert headers["cache-control"] == "no-cache"
    assert b"static/vendor/pyscript/core.js" in body


def test_repository_mus_zip_has_the_package(dev_server: str) -> None:
    status, _, body = get(dev_server + "static/mus.zip")
    assert status == 200
    contents = zip_contents(body)
    names = set(contents)
    expected = {f"mus/{p.relative_to(ROOT / 'mus').as_posix()}c" for p in mus_sources(ROOT / "mus")}
    extra = {f"{p.relative_to(ROOT).as_posix()}c" for p in extra_sources()}
    runtime = {f"{path}c" for path in pyscript_package(ROOT / "static" / "vendor" / "pyscript")
               if path not in PYSCRIPT_UNUSED}
    assert "pyscript/__init__.pyc" in runtime
    assert extra < expected and "mus/web/replay/model.pyc" in extra and "mus/web/lessons/__init__.pyc" in extra
    # the sprite rides along: one request, read by Python
    assert names == (expected - extra) | runtime | {"deck.svg"}
    assert contents["deck.svg"] == (ROOT / "static" / "deck.svg").read_bytes()
    assert "mus/web/dom/main.pyc" in names and "mus/web/kit/i18n.pyc" in names
    assert not any("__pycache__" in n or not n.endswith(".pyc") for n in expected)
    status, _, extra_body = get(dev_server + "static/" + EXTRA_ZIP_NAME)
    assert status == 200
    extra_contents = zip_contents(extra_body)
    assert set(extra_contents) == extra
    magic = {code[:4] for name, code in [*contents.items(), *extra_contents.items()] if name.endswith(".pyc")}
    assert len(magic) == 1  # bytecode of one Python (the vendored Pyodide's), no source kept


def test_compresses_like_a_static_host(dev_server: str) -> None:
    for path in ("static/vendor/pyodide/pyodide.asm.wasm", "static/style.css", "index.html"):
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
    """What Chromium sends: the precompressed wasm, stdlib and mus.zip, as a static host would."""
    for path in ("static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/python_stdlib.zip",
                 "static/mus.zip"):
        status, headers, body = get(dev_server + path, Accept_Encoding="gzip, deflate, br, zstd")
        assert status == 200 and headers["content-encoding"] == "br", (path, headers)
        assert headers["vary"] == "Accept-Encoding" and int(headers["content-length"]) == len(body)
        original = (ROOT / path).read_bytes()
        assert len(body) < 0.8 * len(original)
        assert headers["content-type"] == ("application/wasm" if path.endswith(".wasm") else "application/zip")
        assert body == brotli_path(ROOT / path).read_bytes()
    assert decompress(body) == original  # mus.zip's, the smallest


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
