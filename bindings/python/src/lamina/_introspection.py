# SPDX-License-Identifier: Apache-2.0
"""What a layer reports about its running animations: AnimationTiming (CA-5.10) and
TransitionInfo (a running transition, also a draw record's ``transition``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ._animation import TRANSITION_SUBTYPES, TRANSITION_TYPES


@dataclass(frozen=True)
class AnimationTiming:
    """Timing introspection of one attached animation (CA-5.10).

    Example: ``layer.animation_timing('fade').phase  # 'before', 'active' or 'after'``
    """

    phase: str  # "before", "active" or "after"
    contributing: bool
    iteration: int
    iteration_progress: float
    active_duration: float
    end_time: float
    begin_time: Optional[float]


@dataclass(frozen=True)
class TransitionInfo:
    """A running transition: type, subtype (None means from the left) and progress.

    Example: ``info = layer.transition(); info.type if info else None``
    """

    type: str
    subtype: Optional[str]
    progress: float


def _transition_info(t: int, s: int, p: float) -> TransitionInfo:
    return TransitionInfo({v: k for k, v in TRANSITION_TYPES.items()}[t],
                          {v: k for k, v in TRANSITION_SUBTYPES.items()}[s], p)
