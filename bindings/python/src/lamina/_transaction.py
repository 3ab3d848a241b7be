# SPDX-License-Identifier: Apache-2.0
"""Transaction: the calling thread's innermost transaction of an engine (CATransaction's
class methods, CA-2)."""
from __future__ import annotations

from ctypes import byref, c_double, c_uint32
from typing import TYPE_CHECKING, Any, Callable, Optional

from . import _callbacks as CB
from . import _capi as C
from ._animation import Spring
from ._errors import NotFoundError
from ._keys import _key
from ._types import TimingFunction, TimingLike, to_c_timing
from ._values import from_c_value, to_c_value

if TYPE_CHECKING:  # annotations only: lamina/_engine.py (Engine) is above this module
    from ._engine import Engine


class Transaction:
    """The calling thread's innermost transaction of an engine (CATransaction's class
    methods). Values set here go to the innermost transaction; reads search outward.

    Example: ``engine.current_transaction.duration = 1.0``
    """

    def __init__(self, engine: "Engine") -> None:
        self._engine = engine

    def __repr__(self) -> str:
        if self._engine.closed:
            return "<lamina.Transaction of a closed engine>"
        return (f"<lamina.Transaction duration={self.duration} "
                f"disable_actions={self.disable_actions} timing={self.timing_function}>")

    @property
    def duration(self) -> float:
        """The animation duration in effect (default 0.25)."""
        d = c_double()
        C.lib.lamina_transaction_get_duration(self._engine._ptr(), byref(d))
        return d.value

    @duration.setter
    def duration(self, value: float) -> None:
        C.lib.lamina_transaction_set_duration(self._engine._ptr(), float(value))

    @property
    def timing_function(self) -> Optional[TimingFunction]:
        """The timing function in effect, or None when unset."""
        tf = C.TimingFunction()
        is_set = c_uint32()
        C.lib.lamina_transaction_get_timing_function(self._engine._ptr(), byref(tf), byref(is_set))
        return TimingFunction(tf.c1x, tf.c1y, tf.c2x, tf.c2y) if is_set.value else None

    @timing_function.setter
    def timing_function(self, value: Optional[TimingLike]) -> None:
        if value is None:
            C.lib.lamina_transaction_set_timing_function(self._engine._ptr(), None)
        else:
            tf = to_c_timing(value)
            C.lib.lamina_transaction_set_timing_function(self._engine._ptr(), byref(tf))

    @property
    def spring(self) -> Optional[Spring]:
        """The spring in effect for implicit animations (R17.6), or None (the default)."""
        sp = C.Spring()
        is_set = c_uint32()
        C.lib.lamina_transaction_get_spring(self._engine._ptr(), byref(sp), byref(is_set))
        return Spring._from_c(sp) if is_set.value else None

    @spring.setter
    def spring(self, value: Optional[Spring]) -> None:
        if value is None:
            C.lib.lamina_transaction_set_spring(self._engine._ptr(), None)
        else:
            C.lib.lamina_transaction_set_spring(self._engine._ptr(), byref(value._to_c()))

    @property
    def disable_actions(self) -> bool:
        """disableActions in effect (CA-2.7)."""
        b = c_uint32()
        C.lib.lamina_transaction_get_disable_actions(self._engine._ptr(), byref(b))
        return bool(b.value)

    @disable_actions.setter
    def disable_actions(self, value: bool) -> None:
        C.lib.lamina_transaction_set_disable_actions(self._engine._ptr(), int(bool(value)))

    @property
    def has_completion(self) -> bool:
        """Whether the innermost transaction has a completion callback."""
        b = c_uint32()
        C.lib.lamina_transaction_has_completion(self._engine._ptr(), byref(b))
        return bool(b.value)

    def set_completion(self, fn: Optional[Callable[[], Any]]) -> None:
        """Adds a completion callback ``fn()`` to the innermost transaction (CA-2.9)."""
        if fn is None:
            C.lib.lamina_transaction_set_completion(self._engine._ptr(), C.CALLBACK_FN(), None, C.FREE_FN())
            return
        ud = CB.register(fn)
        C.lib.lamina_transaction_set_completion(self._engine._ptr(), CB.completion_trampoline, ud,
                                                CB.free_trampoline)

    def __getitem__(self, key: str) -> Any:
        v = C.Value()
        try:
            C.lib.lamina_transaction_get_value(self._engine._ptr(), _key(key), byref(v))
        except NotFoundError:
            raise KeyError(key) from None
        return from_c_value(v)

    def __setitem__(self, key: str, value: Any) -> None:
        v = to_c_value(value)
        C.lib.lamina_transaction_set_value(self._engine._ptr(), _key(key), byref(v))

    def __delitem__(self, key: str) -> None:
        C.lib.lamina_transaction_set_value(self._engine._ptr(), _key(key), None)

    def get(self, key: str, default: Any = None) -> Any:
        """The transaction value ``key`` searched outward, or ``default`` (dict.get)."""
        try:
            return self[key]
        except KeyError:
            return default
