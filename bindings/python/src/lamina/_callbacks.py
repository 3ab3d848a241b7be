# SPDX-License-Identifier: Apache-2.0
"""C callback trampolines. Python callables live in a registry keyed by the userdata integer;
each registration's free function drops its entry, so the callable lives exactly as long as
the library needs it. Exceptions raised by a callable are stashed and re-raised once the C call
that ran it returns (see _capi._check)."""
from __future__ import annotations

import itertools
import threading
import weakref
from ctypes import byref
from typing import Any, Callable, Dict, Optional, Tuple

from . import _capi as C
from ._markers import VIEW_POLICY

_registry: Dict[int, Any] = {}
_lock = threading.Lock()
_ids = itertools.count(1)


def register(entry: Any) -> int:
    with _lock:
        key = next(_ids)
        _registry[key] = entry
    return key


def _get(userdata: Optional[int]) -> Any:
    return _registry.get(userdata or 0)


def _free(userdata: Optional[int]) -> None:
    with _lock:
        _registry.pop(userdata or 0, None)


def registered_count() -> int:
    """How many Python callables the library currently holds (for tests)."""
    return len(_registry)


free_trampoline = C.FREE_FN(_free)


def _guard(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except BaseException as e:  # noqa: BLE001 - re-raised after the C call returns
        C.stash_exception(e)
        return None


def _completion(userdata: Optional[int]) -> None:
    fn = _get(userdata)
    if fn is not None:
        _guard(fn)


completion_trampoline = C.CALLBACK_FN(_completion)


def _view_completion(userdata: Optional[int], finished: int) -> None:
    fn = _get(userdata)
    if fn is not None:
        _guard(fn, bool(finished))


view_completion_trampoline = C.VIEW_COMPLETION_FN(_view_completion)


def _clock(userdata: Optional[int]) -> float:
    # An engine clock (R1): a callable returning seconds. A failure is stashed and re-raised
    # after the C call that read the clock returns; the engine ignores the NaN reading.
    fn = _get(userdata)
    if fn is None:
        return float("nan")
    try:
        return float(fn())
    except BaseException as e:  # noqa: BLE001 - re-raised after the C call returns
        C.stash_exception(e)
        return float("nan")


clock_trampoline = C.CLOCK_FN(_clock)


def _wrap(entry: Tuple[Any, ...], handle: int) -> Any:
    engine = entry[0]()
    if engine is None:
        return None
    return engine._wrap(handle, dead_ok=True)


def _decode(s: Optional[bytes]) -> Optional[str]:
    return s.decode("utf-8", "replace") if s is not None else None


def _action(userdata: Optional[int], layer: int, event: Optional[bytes]) -> None:
    entry = _get(userdata)
    if entry is not None:
        _guard(lambda: entry[1](_wrap(entry, layer), _decode(event)))


action_trampoline = C.ACTION_FN(_action)


def _did_start(userdata: Optional[int], layer: int, key: Optional[bytes]) -> None:
    entry = _get(userdata)
    if entry is not None and entry[1] is not None:
        _guard(lambda: entry[1](_wrap(entry, layer), _decode(key)))


def _did_stop(userdata: Optional[int], layer: int, key: Optional[bytes], finished: int) -> None:
    entry = _get(userdata)
    if entry is not None and entry[2] is not None:
        _guard(lambda: entry[2](_wrap(entry, layer), _decode(key), bool(finished)))


did_start_trampoline = C.DID_START_FN(_did_start)
did_stop_trampoline = C.DID_STOP_FN(_did_stop)


def _engine_ref(engine: Any) -> Any:
    if engine is None:
        return lambda: None
    return weakref.ref(engine)


def animation_delegate(on_start: Any, on_stop: Any, engine: Any) -> Tuple[Any, int]:
    """A delegate struct and its userdata (registered; freed by free_trampoline)."""
    d = C.AnimationDelegate(
        did_start_trampoline if on_start is not None else C.DID_START_FN(),
        did_stop_trampoline if on_stop is not None else C.DID_STOP_FN(),
    )
    return d, register((_engine_ref(engine), on_start, on_stop))


def custom_action(fn: Callable[..., Any], engine: Any) -> Any:
    """An owned lamina_action_t that calls fn(layer, event)."""
    out = C.ActionP()
    C.lib.lamina_action_create_custom(action_trampoline, register((_engine_ref(engine), fn)),
                                      free_trampoline, byref(out))
    return out


def _action_for_layer(userdata: Optional[int], layer: int, event: Optional[bytes], out_action: Any) -> int:
    entry = _get(userdata)
    if entry is None:
        return 0
    engine = entry[0]()
    try:
        answer = entry[1](_wrap(entry, layer), _decode(event))
        if answer is None:
            return 0
        if answer is VIEW_POLICY:
            return 3  # VIEW_POLICY
        action = engine._make_action(answer)
        if action is None:
            return 1  # NO_ACTION
        out_action[0] = action
        return 2
    except BaseException as e:  # noqa: BLE001
        C.stash_exception(e)
        return 0


action_for_layer_trampoline = C.ACTION_FOR_LAYER_FN(_action_for_layer)


def layer_delegate(fn: Callable[..., Any], engine: Any) -> Tuple[Any, int]:
    return C.LayerDelegate(action_for_layer_trampoline), register((_engine_ref(engine), fn))
