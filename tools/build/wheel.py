"""Build the engine and the bots as a wheel: ``mus-<version>-py3-none-any.whl``.

    python3 -m tools.build.wheel              # writes dist/mus-<version>-py3-none-any.whl
    python3 -m tools.build.wheel --out DIR

The wheel holds ``mus/`` without ``mus/web/`` (the browser UI), a ``py.typed`` marker, plus
the metadata a wheel needs (METADATA, WHEEL, RECORD with sha256 of every file). The version comes from
``pyproject.toml``. Only the standard library is used; entries are sorted and dated
1980-01-01, so the same sources give the same bytes.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "mus"
LEFT_OUT = ("web",)  # browser-only code: not part of the engine's package
TAG = "py3-none-any"
EPOCH = (1980, 1, 1, 0, 0, 0)


def project() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {"version": data["version"], "requires-python": data.get("requires-python", ">=3.11")}


def package_files(source: Path = SOURCE) -> list[Path]:
    return sorted(p for p in source.rglob("*.py")
                  if "__pycache__" not in p.parts and p.relative_to(source).parts[0] not in LEFT_OUT)


def _metadata(version: str, requires_python: str) -> str:
    return (
        "Metadata-Version: 2.1\n"
        "Name: mus\n"
        f"Version: {version}\n"
        "Summary: Mus, the Spanish card game: a pure-Python rules engine and bots\n"
        f"Requires-Python: {requires_python}\n"
        "Description-Content-Type: text/markdown\n"
        "\n"
        "The rules engine of Mus (`mus.Game`, `mus.compare`, `mus.Rules`) and its bots\n"
        "(`mus.ai.make_bot`). Standard library only; runs in CPython and in Pyodide.\n"
    )


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(out: Path, source: Path = SOURCE) -> Path:
    info = project()
    version = info["version"]
    dist_info = f"mus-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        ("mus/" + p.relative_to(source).as_posix(), p.read_bytes()) for p in package_files(source)]
    entries += [
        ("mus/py.typed", b""),  # PEP 561: the engine is typed (mypy --strict)
        (f"{dist_info}/METADATA", _metadata(version, info["requires-python"]).encode()),
        (f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: tools.build.wheel\n"
                                f"Root-Is-Purelib: true\nTag: {TAG}\n").encode()),
    ]
    record = "\n".join([*(_record_line(n, d) for n, d in entries), f"{dist_info}/RECORD,,"]) + "\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"mus-{version}-{TAG}.whl"
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            zf.writestr(entry, data)
    tmp.replace(path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the mus engine + bots wheel.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output directory (default: dist/)")
    args = parser.parse_args(argv)
    path = build_wheel(args.out)
    print(f"{path} ({path.stat().st_size:,} bytes, {len(package_files())} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
