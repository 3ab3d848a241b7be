# SPDX-License-Identifier: Apache-2.0
"""The action search's two answer markers (CA-3.4, CA-4.2): NO_ACTION and VIEW_POLICY.

On their own so that the callback trampolines (lamina/_callbacks.py) can recognise a delegate's
answer without importing the layer and engine modules above them.
"""
from __future__ import annotations

from typing import Optional


class _NoAction:
    """The explicit "no action" (NSNull's role): ends the action search with no animation."""

    _instance: Optional["_NoAction"] = None

    def __new__(cls) -> "_NoAction":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NO_ACTION"


#: The explicit "no action" (NSNull's role, CA-3.4): a delegate's or a style's answer, or a
#: default action, that ends the action search with no animation. Example:
#: ``engine.set_default_action("opacity", lamina.NO_ACTION)``
NO_ACTION = _NoAction()


class _ViewPolicy:
    """A layer delegate's answer on a view-backed layer: the view policy's own answer (a UIView
    subclass returning super's, CA-4.2): no action outside an animation block, the block's
    animation inside one. On other layers the same as None (continue the search)."""

    _instance: Optional["_ViewPolicy"] = None

    def __new__(cls) -> "_ViewPolicy":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "VIEW_POLICY"


#: A layer delegate's answer on a view-backed layer (CA-4.2): the view policy's own answer, as
#: a UIView subclass returning super's: no action outside an animation block, the block's
#: animation inside one. On other layers the same as None (the search goes on).
VIEW_POLICY = _ViewPolicy()
