"""The exceptions of the package: one class per kind of library error.

Every error of the library (``grundy::error::ErrorKind``) reaches Python as
a subclass of :class:`GrundyError`, which also derives from the built-in
exception that code written before it catches (``ValueError`` for bad
input, ``MemoryError`` for a size cap, ``RuntimeError`` for the rest), so
``except ValueError`` keeps working. ``kind`` names the library's kind
(``"InvalidSpec"``, ``"TooManyPositions"``, ...). A computation stopped by
Ctrl-C raises ``KeyboardInterrupt`` itself.
"""


class GrundyError(Exception):
    """An error of the grundy library; ``kind`` names its kind."""

    kind: str = ""


class InvalidInputError(GrundyError, ValueError):
    """A spec, position, graph or argument the library cannot take (kinds
    ``InvalidSpec``, ``InvalidPosition``, ``InvalidGraph``, ``NoPositions``,
    ``IllegalMove``, ``HeapTooLarge``, ``NotShrinking``, ``Cycle``,
    ``Domain``, ``Unsupported``, ``Partizan``)."""


class LimitError(GrundyError, MemoryError):
    """A request past a size cap: more positions than the solver may store
    (``TooManyPositions``) or more memory than the machine has
    (``OutOfMemory``); the message names the cap."""


class LimitReachedError(GrundyError, TimeoutError, RuntimeError):
    """Work stopped at a time limit the package set (``LimitReached``), e.g.
    values of a huge heap that ``analyze`` was not asked for by size."""


class ScriptError(GrundyError, RuntimeError):
    """A game script failed or ran past one of its limits (``Script``)."""


class FileError(GrundyError, OSError, RuntimeError):
    """A file could not be read or written, or is not what it should be
    (``Io``, ``BadFile``, ``NotTheSequence``)."""


class BusyError(FileError):
    """Another grundy run holds the file or directory (``Busy``)."""


#: The class of each kind; a kind not listed (a newer library) raises
#: :class:`GrundyError` itself.
CLASSES = {
    # An argument the package checks itself (an empty range, a limit of 0).
    "Argument": InvalidInputError,
    "InvalidSpec": InvalidInputError,
    "InvalidPosition": InvalidInputError,
    "InvalidGraph": InvalidInputError,
    "NoPositions": InvalidInputError,
    "IllegalMove": InvalidInputError,
    "HeapTooLarge": InvalidInputError,
    "NotShrinking": InvalidInputError,
    "Cycle": InvalidInputError,
    "Domain": InvalidInputError,
    "Unsupported": InvalidInputError,
    "Partizan": InvalidInputError,
    "TooManyPositions": LimitError,
    "OutOfMemory": LimitError,
    "LimitReached": LimitReachedError,
    "Script": ScriptError,
    "Io": FileError,
    "BadFile": FileError,
    "NotTheSequence": FileError,
    "Busy": BusyError,
}


def _make(kind: str, message: str) -> BaseException:
    """The exception of a library error (called by the compiled module)."""
    if kind == "Cancelled":
        return KeyboardInterrupt(message)
    e = CLASSES.get(kind, GrundyError)(message)
    e.kind = kind
    return e
