# MicroPython has no typing module. The game's modules import names from it for their
# annotations only (never evaluated on MicroPython), so inert stand-ins are enough.
TYPE_CHECKING = False


class _Inert:
    def __getitem__(self, item):
        return self

    def __call__(self, *args, **kwargs):
        return self


Any = Awaitable = Callable = ClassVar = Final = Generator = Iterable = Iterator = Literal = Mapping = _Inert()
TypeAlias = _Inert()
NotRequired = Optional = Required = Sequence = TypeVar = Union = _Inert()


class Protocol:
    pass


TypedDict = dict


def cast(kind, value):
    return value
