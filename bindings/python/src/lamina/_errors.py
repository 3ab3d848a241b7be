# SPDX-License-Identifier: Apache-2.0
"""Exceptions raised for the library's failing statuses."""
from __future__ import annotations

from typing import Dict, Type


class LaminaError(Exception):
    """A Lamina call failed.

    Attributes:
        code: the ``lamina_status_t`` value (e.g. 2).
        name: its name (e.g. ``"LAMINA_STATUS_MISUSE"``).
        message: the library's message for the failure.

    Example: ``except lamina.LaminaError as e: print(e.name, e.message)``
    """

    code: int = -1

    def __init__(self, code: int, name: str, message: str, function: str = "") -> None:
        self.code = code
        self.name = name
        self.message = message
        self.function = function
        where = f" in {function}" if function else ""
        super().__init__(f"{name}{where}: {message}" if message else f"{name}{where}")


class InvalidArgumentError(LaminaError, ValueError):
    """LAMINA_STATUS_INVALID_ARGUMENT: NULL, NaN/infinite number, value out of range.

    Example: ``layer.opacity = float('nan')  # raises InvalidArgumentError``
    """


class MisuseError(LaminaError):
    """LAMINA_STATUS_MISUSE: the call breaks a rule (unbalanced commit, a cycle, ...).

    Example: ``engine.commit()  # with no open transaction: raises MisuseError``
    """


class StaleHandleError(LaminaError):
    """LAMINA_STATUS_STALE_HANDLE: the engine was destroyed or the layer is not alive.

    Example: ``layer.release(); layer.opacity  # raises StaleHandleError``
    """


class UnknownKeyError(LaminaError, KeyError):
    """LAMINA_STATUS_UNKNOWN_KEY: the key or key path names no property.

    Example: ``layer.value('noSuchKey')  # raises UnknownKeyError (a KeyError)``
    """

    def __str__(self) -> str:  # KeyError would repr() the message
        return Exception.__str__(self)


class TypeMismatchError(LaminaError, TypeError):
    """LAMINA_STATUS_TYPE_MISMATCH: a value of the wrong type for the key.

    Example: ``layer.set_value('opacity', (1, 2))  # raises TypeMismatchError``
    """


class NotFoundError(LaminaError, LookupError):
    """LAMINA_STATUS_NOT_FOUND: no such entry (sibling, transaction value, animation, ...).

    Example: ``layer.animation('none')  # raises NotFoundError``
    """


class NoPresentationError(LaminaError):
    """LAMINA_STATUS_NO_PRESENTATION: the layer was never committed.

    Example: ``engine.presentation_numbers([new_layer], 'opacity')  # before the first commit``
    """


class LaminaMemoryError(LaminaError, MemoryError):
    """LAMINA_STATUS_OUT_OF_MEMORY: an allocation failed or a limit was reached.

    Example: ``except lamina.LaminaMemoryError: ...  # an allocation or a limit failed``
    """


_BY_CODE: Dict[int, Type[LaminaError]] = {
    1: InvalidArgumentError,
    2: MisuseError,
    3: StaleHandleError,
    4: UnknownKeyError,
    5: TypeMismatchError,
    6: NotFoundError,
    7: NoPresentationError,
    8: LaminaMemoryError,
}
for _code, _cls in _BY_CODE.items():
    _cls.code = _code


def error_for_status(code: int, name: str, message: str, function: str = "") -> LaminaError:
    """The exception for a failing status."""
    return _BY_CODE.get(code, LaminaError)(code, name, message, function)
