"""Storage for every page: a tiny interface, a memory one, one that never raises, and what
cannot be read kept aside. Pure.

The browser's ``localStorage`` is wrapped by the DOM layer (``dom.page.BrowserStorage``) into
something with ``get``, ``set``, ``remove`` and ``keys``; tests use ``MemoryStorage``.

``SafeStorage`` never raises. Where storage cannot even be read (a sandboxed iframe, storage
blocked) it keeps to memory for good and says so through ``fallback``. Where it can be read
but a write fails (the quota is full, or a private mode that allows none) ``set`` returns
False and nothing else changes: the page says what will not survive a reload, and writes
again later, when there may be room.

``keep_aside`` keeps a stored text that cannot be used under ``<key>.corrupt.<time>``, and
``read_kept`` reads a key through a parser, moving aside what the parser refuses: nothing a
player stored is ever wiped by the page. Only the ``KEPT_COPIES`` newest copies of one key
are kept: a page that finds a damaged text at every start (another tab writing garbage, a
broken extension) would otherwise fill the storage with them; the notices say so.

``Storage`` is that interface for the type checker only (``typing.Protocol`` is not there at
run time on every Python); modules import it under ``TYPE_CHECKING``.

>>> class Full(MemoryStorage):
...     def set(self, key, value):
...         raise OSError("QuotaExceededError")
>>> safe = SafeStorage(Full({"mus.save": "{}"}))
>>> safe.fallback, safe.get("mus.save"), safe.set("mus.save", "[]"), safe.get("mus.save")
(False, '{}', False, '{}')
>>> store = MemoryStorage({"mus.stats": "{oops"})
>>> read_kept(store, "mus.stats", lambda text: int(text), now_ms=7)
(None, {'key': 'mus.stats', 'aside': 'mus.stats.corrupt.7', 'why': "invalid literal for int() with base 10: '{oops'"})
>>> store.get("mus.stats.corrupt.7"), store.get("mus.stats")
('{oops', None)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, TypeVar

PROBE_KEY = "mus.probe"
ASIDE = ".corrupt"  # what cannot be read under key K is kept as K.corrupt.<time>
KEPT_COPIES = 3     # kept-aside copies of one key: the oldest goes when one more is kept
T = TypeVar("T")

if TYPE_CHECKING:
    from typing import Protocol

    class Storage(Protocol):
        def get(self, key: str) -> str | None: ...
        def set(self, key: str, value: str) -> bool: ...
        def remove(self, key: str) -> None: ...
        def keys(self) -> list[str]: ...


class MemoryStorage:
    """Storage that lives as long as the page."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        self.data[key] = str(value)
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class SafeStorage:
    """A storage that never raises: memory for good where storage cannot be read, and a
    ``set`` that says whether the value was stored."""

    __slots__ = ("memory", "backend", "fallback")

    def __init__(self, backend: Storage | None) -> None:
        self.memory = MemoryStorage()
        self.backend = backend
        self.fallback = backend is None
        if backend is not None:
            try:  # a full storage still reads: only a storage that cannot be read is none
                backend.get(PROBE_KEY)
            except Exception:
                self._fail()

    def _fail(self) -> None:
        backend, self.backend, self.fallback = self.backend, None, True
        if backend is None:
            return
        try:  # keep what can still be read
            for key in backend.keys():
                value = backend.get(key)
                if value is not None and key not in self.memory.data:
                    self.memory.set(key, value)
        except Exception:
            pass

    def get(self, key: str) -> str | None:
        if self.backend is not None:
            try:
                return self.backend.get(key)
            except Exception:
                self._fail()
        return self.memory.get(key)

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False (and the stored value unchanged) when storage refused it."""
        if self.backend is None:
            return self.memory.set(key, value)
        try:
            self.backend.set(key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        if self.backend is None:
            self.memory.remove(key)
            return
        try:
            self.backend.remove(key)
        except Exception:
            pass

    def keys(self) -> list[str]:
        if self.backend is not None:
            try:
                return self.backend.keys()
            except Exception:
                self._fail()
        return self.memory.keys()


def keep_aside(storage: Storage, key: str, text: str, now_ms: int | None = None) -> str | None:
    """Keep ``text`` under a fresh ``<key>.corrupt.<time>`` (``-2``, ``-3``… after it for
    more in the same millisecond); that key, or None if storage refused it (then nothing
    else is touched). Copies beyond the ``KEPT_COPIES`` newest are removed, oldest first."""
    stamp = int(time.time() * 1000) if now_ms is None else now_ms
    n = 1 + max((number for at, number, _ in _copies(storage, key) if at == stamp), default=0)
    aside = f"{key}{ASIDE}.{stamp}" + (f"-{n}" if n > 1 else "")
    if not storage.set(aside, text):
        return None
    for old in kept_copies(storage, key)[:-KEPT_COPIES]:
        storage.remove(old)
    return aside


def kept_copies(storage: Storage, key: str) -> list[str]:
    """The keys of the copies of ``key`` kept aside, oldest first."""
    return [name for _, _, name in _copies(storage, key)]


def _copies(storage: Storage, key: str) -> list[tuple[int, int, str]]:
    prefix = key + ASIDE + "."
    found = []
    for name in storage.keys():
        stamp, _, n = name[len(prefix):].partition("-") if name.startswith(prefix) else ("", "", "")
        if stamp.isdigit() and (n == "" or n.isdigit()):
            found.append((int(stamp), int(n or "1"), name))
    return sorted(found)


def read_kept(storage: Storage, key: str, read: Callable[[str], T],
              now_ms: int | None = None) -> tuple[T | None, dict[str, str] | None]:
    """(``read(text)`` of the text under ``key``, None), (None, None) when there is none, or,
    when ``read`` raises ValueError, (None, what was kept aside): ``key``, ``aside`` (the key
    it was moved to; "" when storage refused the copy, and the text then stays under ``key``)
    and ``why`` (the error)."""
    text = storage.get(key)
    if text is None:
        return None, None
    try:
        return read(text), None
    except ValueError as error:
        aside = keep_aside(storage, key, text, now_ms)
        if aside is not None:
            storage.remove(key)
        return None, {"key": key, "aside": aside or "", "why": str(error)}
