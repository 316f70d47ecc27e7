"""The table's options: which game variant is being played."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

DEFAULT_CATCH = 0.25   # a rival catches a player's señas one time in four (docs/rules.md)
_SENAS_FIELDS = ("senas", "catch")


@dataclass(frozen=True, slots=True)
class Rules:
    """Default table: 8 reyes, no 31 real, 40 tantos, a vaca to two juegos, one vaca.

    >>> Rules()
    Rules(reyes=8, real_31=False, target=40, juegos_to_win=2, vacas_to_win=1)
    >>> Rules(reyes=5)
    Traceback (most recent call last):
    ...
    ValueError: expected reyes to be 8 or 4, got 5

    Señas (partners signal their cards, each rival catches each player's señas with
    chance ``catch``) are off by default, so that recorded games keep their meaning; the
    two options are written out (in ``repr`` and ``to_dict``) only when they are not
    their defaults, so games without señas save exactly as before.

    >>> Rules(senas=True)
    Rules(reyes=8, real_31=False, target=40, juegos_to_win=2, vacas_to_win=1, senas=True)
    >>> Rules.from_dict({"reyes": 4}) == Rules(reyes=4)      # missing keys: defaults
    True
    >>> Rules(senas=True, catch=1.5)
    Traceback (most recent call last):
    ...
    ValueError: expected catch to be a chance between 0 and 1, got 1.5
    """

    reyes: int = 8
    real_31: bool = False
    target: int = 40
    juegos_to_win: int = 2
    vacas_to_win: int = 1
    senas: bool = False
    catch: float = DEFAULT_CATCH

    def __post_init__(self) -> None:
        if self.reyes not in (8, 4):
            raise ValueError(f"expected reyes to be 8 or 4, got {self.reyes!r}")
        if not isinstance(self.real_31, bool):
            raise ValueError(f"expected real_31 to be True or False, got {self.real_31!r}")
        if not isinstance(self.senas, bool):
            raise ValueError(f"expected senas to be True or False, got {self.senas!r}")
        if (not isinstance(self.catch, (int, float)) or isinstance(self.catch, bool)
                or not 0 <= self.catch <= 1):
            raise ValueError(f"expected catch to be a chance between 0 and 1, got {self.catch!r}")
        for name in ("target", "juegos_to_win", "vacas_to_win"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"expected {name} to be a whole number ≥ 1, got {value!r}")

    @property
    def max_envite(self) -> int:
        """Largest envite offered: betting more than a whole juego is what órdago is for."""
        return max(2, self.target)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in _SENAS_FIELDS:
            if data[name] == Rules.__dataclass_fields__[name].default:
                del data[name]
        return data

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.to_dict().items())
        return f"Rules({fields})"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"expected rules keys {sorted(cls.__dataclass_fields__)}, got {sorted(unknown)}")
        return cls(**data)
