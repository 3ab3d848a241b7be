# SPDX-License-Identifier: Apache-2.0
"""Style (CALayer.style's role): actions searched after a layer's own (CA-3.4)."""
from __future__ import annotations

from ctypes import byref
from typing import Any, Callable, Dict, Optional, Protocol, Union

from . import _capi as C
from ._animation import Animation
from ._keys import _key
from ._markers import NO_ACTION, _NoAction

#: What an action slot accepts: an Animation (added under the event key), a callable
#: ``fn(layer, event)`` (a custom action), NO_ACTION, or None (no entry).
ActionLike = Union[Animation, Callable[..., Any], _NoAction, None]


class _ActionMaker(Protocol):
    """What a style uses of the Engine (lamina/_engine.py, above this module) it is set in:
    the making of its actions."""

    def _make_action(self, action: ActionLike) -> Any: ...


class Style:
    """A style (CALayer.style's role): actions searched after the layer's own, then those of
    ``next``. Setting it on a layer takes a snapshot.

    Example: ``layer.style = lamina.Style({'opacity': lamina.NO_ACTION})``
    """

    def __init__(self, actions: Optional[Dict[str, ActionLike]] = None, next: Optional["Style"] = None) -> None:
        self.actions: Dict[str, ActionLike] = dict(actions or {})
        self.next = next

    def __repr__(self) -> str:
        return f"lamina.Style({self.actions!r}, next={self.next!r})"

    def _to_c(self, engine: _ActionMaker) -> Any:
        nxt = self.next._to_c(engine) if self.next is not None else None
        out = C.StyleP()
        try:
            C.lib.lamina_style_create(nxt, byref(out))
        finally:
            if nxt is not None:
                C.lib.lamina_style_release(nxt)
        try:
            for key, action in self.actions.items():
                if action is NO_ACTION:
                    C.lib.lamina_style_set_no_action(out, _key(key))
                elif action is not None:
                    a = engine._make_action(action)
                    try:
                        C.lib.lamina_style_set_action(out, _key(key), a)
                    finally:
                        C.lib.lamina_action_release(a)
        except BaseException:
            C.lib.lamina_style_release(out)
            raise
        return out
