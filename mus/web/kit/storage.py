"""Storage for every page: a tiny interface, a memory one, and one that never raises. Pure.

The browser's ``localStorage`` is wrapped by the DOM layer (``dom.page.BrowserStorage``) into
something with ``get``, ``set``, ``remove`` and ``keys``; tests use ``MemoryStorage``.
``SafeStorage`` switches to memory for good the first time the real storage throws (private
mode, a sandboxed iframe, a full quota) and says so through ``fallback``.

``Storage`` is that interface for the type checker only (``typing.Protocol`` is not there at
run time on every Python); modules import it under ``TYPE_CHECKING``.

>>> class Broken(MemoryStorage):
...     def set(self, key, value):
...         raise OSError("quota")
>>> safe = SafeStorage(Broken({"mus.save": "{}"}))
>>> safe.fallback, safe.get("mus.save")
(True, '{}')
>>> safe.set("mus.save", "[]"); safe.get("mus.save")
'[]'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

PROBE_KEY = "mus.probe"

if TYPE_CHECKING:
    from typing import Protocol

    class Storage(Protocol):
        def get(self, key: str) -> str | None: ...
        def set(self, key: str, value: str) -> None: ...
        def remove(self, key: str) -> None: ...
        def keys(self) -> list[str]: ...


class MemoryStorage:
    """Storage that lives as long as the page."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class SafeStorage:
    """A storage that never raises: after the backend's first error it keeps to memory."""

    __slots__ = ("memory", "backend", "fallback")

    def __init__(self, backend: Storage | None) -> None:
        self.memory = MemoryStorage()
        self.backend = backend
        self.fallback = backend is None
        if backend is not None:
            try:  # a storage that cannot even hold one key is no storage
                backend.set(PROBE_KEY, "1")
                ok = backend.get(PROBE_KEY) == "1"
                backend.remove(PROBE_KEY)
            except Exception:
                ok = False
            if not ok:
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

    def set(self, key: str, value: str) -> None:
        if self.backend is not None:
            try:
                self.backend.set(key, value)
                return
            except Exception:
                self._fail()
        self.memory.set(key, value)

    def remove(self, key: str) -> None:
        if self.backend is not None:
            try:
                self.backend.remove(key)
                return
            except Exception:
                self._fail()
        self.memory.remove(key)

    def keys(self) -> list[str]:
        if self.backend is not None:
            try:
                return self.backend.keys()
            except Exception:
                self._fail()
        return self.memory.keys()
