"""The table's options: which game variant is being played."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Rules:
    """Default table: 8 reyes, no 31 real, 40 tantos, a vaca to two juegos, one vaca.

    >>> Rules()
    Rules(reyes=8, real_31=False, target=40, juegos_to_win=2, vacas_to_win=1)
    >>> Rules(reyes=5)
    Traceback (most recent call last):
    ...
    ValueError: expected reyes to be 8 or 4, got 5
    """

    reyes: int = 8
    real_31: bool = False
    target: int = 40
    juegos_to_win: int = 2
    vacas_to_win: int = 1

    def __post_init__(self) -> None:
        if self.reyes not in (8, 4):
            raise ValueError(f"expected reyes to be 8 or 4, got {self.reyes!r}")
        if not isinstance(self.real_31, bool):
            raise ValueError(f"expected real_31 to be True or False, got {self.real_31!r}")
        for name in ("target", "juegos_to_win", "vacas_to_win"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"expected {name} to be a whole number ≥ 1, got {value!r}")

    @property
    def max_envite(self) -> int:
        """Largest envite offered: betting more than a whole juego is what órdago is for."""
        return max(2, self.target)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"expected rules keys {sorted(cls.__dataclass_fields__)}, got {sorted(unknown)}")
        return cls(**data)
