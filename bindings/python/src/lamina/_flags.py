# SPDX-License-Identifier: Apache-2.0
"""Named bits of the bit-mask properties: ``masked_corners`` (RS-1.5) and
``edge_antialiasing_mask`` (RS-11.1), Core Animation's ``CACornerMask`` and ``CAEdgeAntialiasingMask``.
"""
from __future__ import annotations

import enum

__all__ = ["Corner", "Edge"]


class Corner(enum.IntFlag):
    """The corners ``masked_corners`` rounds (CA's ``kCALayerMinXMinYCorner`` ...; C's
    ``LAMINA_CORNER_*``). Combine with ``|``; the property reads back a plain int, which
    compares equal to the flags.

    Example: ``layer.masked_corners = lamina.Corner.MIN_X_MIN_Y | lamina.Corner.MAX_X_MIN_Y``
    """

    MIN_X_MIN_Y = 1  #: top-left in Lamina's y-down space
    MAX_X_MIN_Y = 2  #: top-right
    MIN_X_MAX_Y = 4  #: bottom-left
    MAX_X_MAX_Y = 8  #: bottom-right
    ALL = 15         #: every corner (the default)


class Edge(enum.IntFlag):
    """The quad edges ``edge_antialiasing_mask`` antialiases (CA's ``kCALayerLeftEdge`` ...).

    Example: ``layer.edge_antialiasing_mask = lamina.Edge.LEFT | lamina.Edge.RIGHT``
    """

    LEFT = 1    #: the min-x edge (kCALayerLeftEdge)
    RIGHT = 2   #: the max-x edge (kCALayerRightEdge)
    BOTTOM = 4  #: the min-y edge (kCALayerBottomEdge; the top of the screen in y-down space)
    TOP = 8     #: the max-y edge (kCALayerTopEdge)
    ALL = 15    #: every edge (the default)
